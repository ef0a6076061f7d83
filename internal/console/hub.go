package console

import (
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"time"
)

// Defaults of a Hub.
const (
	DefaultInterval   = 250 * time.Millisecond // four snapshots a second
	DefaultMaxStreams = 8
	// MaxCells bounds a pool's map: a million pages are drawn as at most this many cells.
	MaxCells = 4096
	// eventsKept is how many recent events each snapshot carries.
	eventsKept = 100
	// streamBuffer is how many snapshots a stream may fall behind before it is dropped.
	streamBuffer = 2
)

// ErrTooManyStreams refuses a stream beyond the hub's cap.
var ErrTooManyStreams = errors.New("console: too many open event streams")

// Build makes one snapshot's pages, nodes and tenants; the hub adds Seq, Time, the interval and
// the events.
type Build func() Snapshot

// Hub builds one snapshot per tick, only while a stream is open, and hands the same encoded
// bytes to every stream: several open consoles cost one build. A stream that falls streamBuffer
// snapshots behind is dropped (its reader is too slow), so nothing is buffered without bound.
// Streams are capped, so whoever holds them all could lock the operator out; the page then polls
// Latest instead, which needs no stream.
type Hub struct {
	build      Build
	interval   time.Duration
	maxStreams int
	now        func() time.Time

	mu      sync.Mutex
	streams map[*Stream]struct{}
	running bool // the tick loop runs
	closed  bool

	// tickMu is held while a snapshot is built: by the tick loop, or by Latest for a console
	// that polls because every stream is taken.
	tickMu  sync.Mutex
	seq     uint64
	last    map[string]map[string]uint64 // by node name: the counters the previous snapshot showed
	events  []Event
	latest  []byte    // the last snapshot built, encoded
	builtAt time.Time // when
}

// Stream is one subscriber: encoded snapshots arrive on C; Done is closed when the hub drops it
// (too slow, or the hub closed).
type Stream struct {
	C    <-chan []byte
	c    chan []byte
	done chan struct{}
}

// Done is closed when the hub has dropped the stream.
func (s *Stream) Done() <-chan struct{} { return s.done }

// NewHub returns a hub building snapshots with build every interval (0: DefaultInterval), for at
// most maxStreams streams at once (0: DefaultMaxStreams).
func NewHub(build Build, interval time.Duration, maxStreams int) *Hub {
	if interval <= 0 {
		interval = DefaultInterval
	}
	if maxStreams <= 0 {
		maxStreams = DefaultMaxStreams
	}
	return &Hub{build: build, interval: interval, maxStreams: maxStreams, now: time.Now,
		streams: map[*Stream]struct{}{}, last: map[string]map[string]uint64{}, events: []Event{}}
}

// Subscribe opens a stream, starting the tick loop if it is the first.
func (h *Hub) Subscribe() (*Stream, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, errors.New("console: closed")
	}
	if len(h.streams) >= h.maxStreams {
		return nil, ErrTooManyStreams
	}
	c := make(chan []byte, streamBuffer)
	s := &Stream{C: c, c: c, done: make(chan struct{})}
	h.streams[s] = struct{}{}
	if !h.running {
		h.running = true
		go h.loop()
	}
	return s, nil
}

// Unsubscribe closes a stream; it is safe to call more than once and after a drop.
func (h *Hub) Unsubscribe(s *Stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.drop(s)
}

// drop removes s. Called with mu held.
func (h *Hub) drop(s *Stream) {
	if _, ok := h.streams[s]; ok {
		delete(h.streams, s)
		close(s.done)
	}
}

// Streams is how many streams are open.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.streams)
}

// Close drops every stream and refuses new ones: the operator listener is shutting down.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for s := range h.streams {
		h.drop(s)
	}
}

func (h *Hub) loop() {
	t := time.NewTicker(h.interval)
	defer t.Stop()
	for {
		h.mu.Lock()
		if len(h.streams) == 0 {
			h.running = false
			h.mu.Unlock()
			return
		}
		h.mu.Unlock()
		b := h.tick()
		h.mu.Lock()
		for s := range h.streams {
			select {
			case s.c <- b:
			default:
				h.drop(s) // streamBuffer snapshots behind: too slow to keep
			}
		}
		h.mu.Unlock()
		<-t.C
	}
}

// Latest is the newest snapshot, built now unless one was built less than an interval ago: a
// console that cannot have a stream polls it, and any number of pollers cost at most one build
// an interval.
func (h *Hub) Latest() []byte {
	h.tickMu.Lock()
	defer h.tickMu.Unlock()
	if h.latest != nil && h.now().Sub(h.builtAt) < h.interval {
		return h.latest
	}
	return h.buildLocked()
}

// tick builds, stamps and encodes one snapshot for the streams.
func (h *Hub) tick() []byte {
	h.tickMu.Lock()
	defer h.tickMu.Unlock()
	return h.buildLocked()
}

// buildLocked builds, stamps and encodes one snapshot. Called with tickMu held.
func (h *Hub) buildLocked() []byte {
	snap := h.build()
	h.seq++
	snap.Seq, snap.Time, snap.IntervalMS = h.seq, h.now(), h.interval.Milliseconds()
	h.observe(&snap)
	snap.Events = h.events
	b, err := json.Marshal(&snap)
	if err != nil { // a snapshot holds no floats or cycles: cannot happen, but never send garbage
		b = []byte(`{"error":"snapshot encoding failed"}`)
	}
	h.latest, h.builtAt = b, snap.Time
	return b
}

// observe turns the increases since the previous snapshot into events. A node seen for the first
// time sets the baseline: what it counted before the console opened is in its counters, not in
// the timeline.
func (h *Hub) observe(snap *Snapshot) {
	for _, n := range snap.Nodes {
		if !n.Healthy {
			continue // unreadable: keep its last counts until it answers again
		}
		prev, seen := h.last[n.Name]
		h.last[n.Name] = n.Counters
		if !seen {
			continue
		}
		kinds := make([]string, 0, len(n.Counters))
		for k := range n.Counters {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		for _, k := range kinds {
			if v, was := n.Counters[k], prev[k]; v > was {
				h.add(Event{Time: snap.Time, Node: n.Name, Kind: k, Count: v - was})
			}
		}
	}
}

func (h *Hub) add(e Event) {
	if len(h.events) == eventsKept {
		h.events = slices.Delete(h.events, 0, 1)
	}
	h.events = append(h.events, e)
}

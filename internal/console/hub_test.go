package console

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// counting returns a Build that counts its calls and shows one node with the given counters.
func counting(calls *atomic.Int64) Build {
	return func() Snapshot {
		calls.Add(1)
		return Snapshot{Role: "single", Nodes: []Node{{Name: "local", Healthy: true}}}
	}
}

// TestHubBuildsOnceForEveryStream: five open consoles cost one build per tick, not five, and
// none once they are closed. In a synctest bubble, so "none" is judged over a second of ticks, not
// against the machine's speed.
func TestHubBuildsOnceForEveryStream(t *testing.T) { synctest.Test(t, hubBuildsOnceForEveryStream) }

func hubBuildsOnceForEveryStream(t *testing.T) {
	var calls atomic.Int64
	h := NewHub(counting(&calls), 5*time.Millisecond, 8)
	var streams []*Stream
	for range 5 {
		s, err := h.Subscribe()
		if err != nil {
			t.Fatal(err)
		}
		streams = append(streams, s)
	}
	const ticks = 10
	var first []byte
	for i := range ticks {
		for j, s := range streams {
			b := <-s.C
			if j == 0 {
				first = b
			} else if i > 0 && string(b) != string(first) {
				t.Fatalf("stream %d got another snapshot than stream 0 in the same tick", j)
			}
		}
	}
	for _, s := range streams {
		h.Unsubscribe(s)
	}
	// Each stream read ticks snapshots; a build per stream would be 5×ticks.
	if n := calls.Load(); n > ticks+streamBuffer+1 {
		t.Fatalf("%d builds for %d ticks of 5 streams: want one build a tick", n, ticks)
	}
	synctest.Wait()
	n := calls.Load()
	time.Sleep(time.Second)
	if more := calls.Load() - n; more != 0 {
		t.Fatalf("%d builds with every console closed", more)
	}
}

// TestHubDropsSlowStream: a console that stops reading is dropped once streamBuffer snapshots
// behind, while the others go on; nothing queues without bound.
func TestHubDropsSlowStream(t *testing.T) {
	var calls atomic.Int64
	h := NewHub(counting(&calls), 2*time.Millisecond, 8)
	slow, _ := h.Subscribe()
	fast, _ := h.Subscribe()
	defer h.Unsubscribe(fast)
	deadline := time.After(5 * time.Second)
	for {
		select {
		case <-fast.C:
		case <-slow.Done():
			if len(slow.C) != streamBuffer {
				t.Fatalf("dropped with %d snapshots queued, want %d", len(slow.C), streamBuffer)
			}
			if h.Streams() != 1 {
				t.Fatalf("%d streams open after the drop, want 1", h.Streams())
			}
			return
		case <-deadline:
			t.Fatal("the stream that never reads was not dropped")
		}
	}
}

// TestHubCapsStreams: beyond maxStreams a console is refused (503 with Retry-After over HTTP);
// one closing makes room.
func TestHubCapsStreams(t *testing.T) {
	var calls atomic.Int64
	h := NewHub(counting(&calls), time.Hour, 2)
	a, _ := h.Subscribe()
	b, _ := h.Subscribe()
	defer h.Unsubscribe(b)
	if _, err := h.Subscribe(); !errors.Is(err, ErrTooManyStreams) {
		t.Fatalf("third stream: %v, want ErrTooManyStreams", err)
	}
	mux := http.NewServeMux()
	Register(mux, h)
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/console/events", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "/console/snapshot") {
		t.Fatalf("over the cap: %d %q %q", rec.Code, rec.Header(), rec.Body)
	}
	h.Unsubscribe(a)
	h.Unsubscribe(a) // twice is harmless
	c, err := h.Subscribe()
	if err != nil {
		t.Fatalf("after one closed: %v", err)
	}
	h.Unsubscribe(c)
	h.Close()
	if _, err := h.Subscribe(); err == nil {
		t.Fatal("a closed hub opened a stream")
	}
}

// TestHubEvents: the timeline is the counters' increases, node by node, including kinds the hub
// has never heard of; what a node counted before the console saw it is no event.
func TestHubEvents(t *testing.T) {
	type step struct {
		healthy  bool
		counters map[string]uint64
	}
	steps := []step{
		{true, map[string]uint64{"defence.header": 3, "security_events": 3, "quarantines": 9}}, // baseline
		{true, map[string]uint64{"defence.header": 3, "security_events": 3, "quarantines": 9}},
		{true, map[string]uint64{"defence.header": 5, "security_events": 4, "quarantines": 9}},
		{false, nil}, // unreadable: no event, and the baseline stays
		{true, map[string]uint64{"defence.header": 5, "security_events": 4, "quarantines": 12, "shadow.mismatch": 1}},
	}
	want := []Event{
		{Node: "n1", Kind: "defence.header", Count: 2},
		{Node: "n1", Kind: "security_events", Count: 1},
		{Node: "n1", Kind: "quarantines", Count: 3},
		{Node: "n1", Kind: "shadow.mismatch", Count: 1}, // a kind the hub never heard of
	}
	i := 0
	h := NewHub(func() Snapshot {
		st := steps[min(i, len(steps)-1)]
		i++
		return Snapshot{Nodes: []Node{{Name: "n1", Healthy: st.healthy, Counters: st.counters}}}
	}, time.Hour, 1)
	var last Snapshot
	for range steps {
		if err := json.Unmarshal(h.tick(), &last); err != nil {
			t.Fatal(err)
		}
	}
	if len(last.Events) != len(want) {
		t.Fatalf("events %+v, want %+v", last.Events, want)
	}
	for k, e := range last.Events {
		if e.Node != want[k].Node || e.Kind != want[k].Kind || e.Count != want[k].Count || e.Time.IsZero() {
			t.Errorf("event %d: %+v, want %+v", k, e, want[k])
		}
	}
	if last.Seq != uint64(len(steps)) {
		t.Errorf("seq %d after %d ticks", last.Seq, len(steps))
	}
}

// TestHubKeepsRecentEvents: the timeline keeps the latest eventsKept events, oldest first.
func TestHubKeepsRecentEvents(t *testing.T) {
	n := uint64(0)
	h := NewHub(func() Snapshot {
		n++
		return Snapshot{Nodes: []Node{{Name: "n", Healthy: true, Counters: map[string]uint64{"defence.checksum": n * n}}}}
	}, time.Hour, 1)
	var last Snapshot
	for range eventsKept + 20 {
		json.Unmarshal(h.tick(), &last)
	}
	if len(last.Events) != eventsKept {
		t.Fatalf("%d events kept, want %d", len(last.Events), eventsKept)
	}
	if first, end := last.Events[0].Count, last.Events[eventsKept-1].Count; first >= end {
		t.Fatalf("events not oldest first: %d … %d", first, end)
	}
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 5 s")
		}
	}
}

// TestHubLatest: a polled snapshot is built at most once an interval, however many poll, and
// carries the timeline as a streamed one does.
func TestHubLatest(t *testing.T) {
	var calls atomic.Int64
	h := NewHub(counting(&calls), time.Hour, 0)
	a, b := h.Latest(), h.Latest()
	if calls.Load() != 1 || string(a) != string(b) {
		t.Fatalf("two polls within an interval: %d builds", calls.Load())
	}
	var s Snapshot
	if err := json.Unmarshal(a, &s); err != nil || s.Seq != 1 || s.Events == nil {
		t.Fatalf("polled snapshot %v %s", err, a)
	}
	h.interval = 0 // every poll is now an interval later
	if h.Latest(); calls.Load() != 2 {
		t.Fatalf("a poll an interval later: %d builds, want 2", calls.Load())
	}
}

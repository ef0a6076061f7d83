package engine

import (
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// stream queues an admitted request's events without bound so that the step loop never waits for
// a slow client; a forwarding goroutine feeds the channel the caller reads. Only admitted requests
// get one: a rejection holds no goroutine and no buffer.
type stream struct {
	e        *Engine
	id       kvtypes.RequestID
	sampler  *sampler.Sampler
	logprobs bool

	// constraintErr, when the request's constraint has one, says it cannot go on (a state past
	// its bounds): the request then ends, alone.
	constraintErr func() error
	// prep is the constraint when it can prepare its next allowed set ahead (mask.go);
	// preparing is open while a goroutine does, and deferred says the last draw's preparation
	// passed the budget: the loop pauses the request.
	prep      preparer
	preparing chan struct{}
	deferred  bool

	// Accounting, touched only by the loop (with e.mu held).
	prompt    int
	generated int
	// PromptLogprobs requests: the prompt, and how many of its positions are scored (a prompt
	// computed again after a preemption is not scored twice).
	promptIDs []int32
	scored    int
	// Embed requests: the pooled hidden state being computed (model.Seq.Hidden).
	embed []float32
	dims  int // Request.Dimensions
	// A request drafted for by a draft model (draftmodel.go): its prompt and every token emitted
	// since, and the positions whose draft KV is computed, in order, in this page lifetime.
	history  []int32
	draftPos int
	// The request's LoRA adapter (Request.LoRA) and its scale.
	adapter      *model.Adapter
	adapterScale float32
	// When it was submitted, first ran in a step, and emitted its first and latest token.
	submitted, scheduled, firstToken, lastToken time.Time
	onEnd                                       func(Usage)
	stopWatch                                   func() bool // stops the context watcher once the request has ended

	// Disaggregation, touched only by the loop: where a prefilled request's KV goes and the
	// token sampled after its prompt; where a decode request's reservation is announced.
	dest     *Destination
	first    sampler.Result
	reserved chan Reserved
	// A held request (SubmitHold): how long its pages wait for a claim, and where the hold is
	// announced.
	hold time.Duration
	held chan Held

	// Shadow verification, touched only with e.mu held: a sampled request's record of its
	// answer, or the sample this stream is the reference run of (it has no reader), and how many
	// pages of its page table are noted.
	shadow    *shadowJob
	ref       *shadowJob
	pagesSeen int
	// audited is set before the loop sees the stream and never changes: the step computes the
	// logprob of each token it samples for the comparison, asked for or not.
	audited bool

	mu      sync.Mutex
	queue   []Event
	signal  chan struct{}
	out     chan Event
	ended   chan struct{} // closed after the terminal event is queued
	gone    chan struct{} // closed by Close: the reader may have stopped reading
	endOnce sync.Once
	closing sync.Once
}

func newStream(e *Engine, id kvtypes.RequestID, s *sampler.Sampler, r *Request) *stream {
	st := &stream{e: e, id: id, sampler: s, logprobs: r.Sampling.TopLogprobs >= 0, prompt: len(r.Prompt), onEnd: r.OnEnd,
		signal: make(chan struct{}, 1), out: make(chan Event), ended: make(chan struct{}), gone: make(chan struct{}),
		adapter: r.LoRA, adapterScale: r.Adapter.scale()}
	if r.PromptLogprobs {
		st.promptIDs = r.Prompt
	}
	if r.Embed {
		st.embed, st.dims = make([]float32, e.m.Dim), r.Dimensions
	}
	if c, ok := r.Constraint.(interface{ Err() error }); ok {
		st.constraintErr = c.Err
	}
	st.prep, _ = r.Constraint.(preparer)
	go st.forward()
	return st
}

func (s *stream) Events() <-chan Event { return s.out }

// leaves says the request is a prefill node's: its KV goes to a decode node (now, or once a
// hold is claimed), and nothing after its first token is drawn here.
func (s *stream) leaves() bool { return s.dest != nil || s.hold > 0 }

// Close aborts the request if it is still running. The caller may stop reading at once: events
// nobody takes are dropped, and the channel closes after the terminal event.
func (s *stream) Close() {
	s.closing.Do(func() {
		close(s.gone)
		select {
		case <-s.ended:
		default:
			s.e.abort(s.id)
		}
	})
}

func (s *stream) push(ev Event) {
	if s.ref != nil {
		return // a reference's tokens are compared, never streamed
	}
	s.mu.Lock()
	s.queue = append(s.queue, ev)
	s.mu.Unlock()
	select {
	case s.signal <- struct{}{}:
	default:
	}
}

func (s *stream) end() { s.endOnce.Do(func() { close(s.ended) }) }

func (s *stream) forward() {
	defer close(s.out)
	for {
		<-s.signal
		for {
			s.mu.Lock()
			if len(s.queue) == 0 {
				s.mu.Unlock()
				break
			}
			ev := s.queue[0]
			s.queue[0] = Event{} // let the delivered tokens be collected
			s.queue = s.queue[1:]
			s.mu.Unlock()
			select {
			case s.out <- ev:
			case <-s.gone:
			}
			if ev.Done {
				return
			}
		}
	}
}

// phases splits the request's life, ended at end, into queue, prefill and decode time.
func (s *stream) phases(end time.Time) (queue, prefill, decode time.Duration) {
	if s.scheduled.IsZero() {
		return end.Sub(s.submitted), 0, 0 // it never ran
	}
	queue = s.scheduled.Sub(s.submitted)
	if s.firstToken.IsZero() {
		return queue, end.Sub(s.scheduled), 0
	}
	return queue, s.firstToken.Sub(s.scheduled), s.lastToken.Sub(s.firstToken)
}

// callEnds makes the OnEnd calls deliver queued. Called by the loop without mu.
func (e *Engine) callEnds() {
	for i, c := range e.ends {
		c.f(c.u)
		e.ends[i] = endCall{}
	}
	e.ends = e.ends[:0]
}

// deliver streams the plan's tokens and terminal events, and accounts every emitted token to
// its request. Loop only, with mu held.
func (e *Engine) deliver(now time.Time, rd *core.Ready) {
	for _, em := range rd.Emit {
		s := e.streams[em.Request]
		if s == nil {
			continue
		}
		s.generated++
		if s.history != nil {
			s.history = append(s.history, em.Token)
		}
		if s.firstToken.IsZero() {
			s.firstToken = now
		}
		s.lastToken = now
		if s.embed != nil {
			continue // the placeholder after an embedded prompt: counted, never shown
		}
		t := Token{ID: em.Token}
		if r, ok := e.resultAt(em.Slot, em.Row); ok && s.logprobs {
			t.Logprob = r.Logprob
			for _, c := range r.Top {
				t.Top = append(t.Top, TokenLogprob{ID: c.ID, Logprob: c.Logprob})
			}
		}
		if s.ref != nil {
			e.shadowToken(s, t, em.Slot, em.Row)
			continue
		}
		if e.tamper != nil {
			e.tamper(s.id, &t)
		}
		if s.shadow != nil {
			e.shadowRecord(s, &s.shadow.live, t, em.Slot, em.Row)
		}
		s.push(Event{Tokens: []Token{t}})
	}
	for _, d := range rd.Done {
		s := e.streams[d.Request]
		if s == nil {
			continue
		}
		delete(e.streams, d.Request)
		if e.sh != nil && e.shadowEnd(s, d, now) {
			continue // a reference is not billed and has no reader
		}
		if faults.Available {
			// Only a request generating here leaves a late write behind when its client hangs up;
			// a prefilled request handed to a decode node (dest) wrote its prompt, which the hand-off
			// carries, and late frames of a hand-off are refused in every build.
			e.trace.end(d.Request, d.Abort == kvtypes.AbortCancelled && !s.leaves())
		}
		u := Usage{PromptTokens: s.prompt, CachedTokens: d.Cached, CompletionTokens: s.generated}
		u.QueueTime, u.PrefillTime, u.DecodeTime = s.phases(now)
		ev := Event{Done: true, Usage: u}
		if d.Abort != "" {
			ev.Err = &AbortError{Reason: d.Abort, Message: d.Message, Defence: d.Defence}
		} else {
			ev.Finish = d.Finish
			if s.embed != nil {
				ev.Embedding = s.embedding()
			}
		}
		s.push(ev)
		s.end()
		s.stopWatch()
		if s.onEnd != nil {
			e.ends = append(e.ends, endCall{s.onEnd, u})
		}
	}
	e.checkDrainedLocked()
}

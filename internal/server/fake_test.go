package server

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// byteTok is a deterministic fake tokenizer: ids 0-255 are single bytes (so multi-byte characters
// span several tokens), plus three special tokens.
type byteTok struct{ addBOS bool }

const (
	tokBOS     = 256 // <|endoftext|>
	tokEOS     = 257 // <|im_end|>, the only end-of-generation token
	tokIMStart = 258 // <|im_start|>
	fakeVocab  = 259
)

var specials = map[int32]string{tokBOS: "<|endoftext|>", tokEOS: "<|im_end|>", tokIMStart: "<|im_start|>"}

func (b byteTok) Encode(text string, addSpecial, parseSpecial bool) []int32 {
	var ids []int32
	if addSpecial && b.addBOS {
		ids = append(ids, tokBOS)
	}
outer:
	for i := 0; i < len(text); {
		if parseSpecial {
			for id, s := range specials {
				if len(text)-i >= len(s) && text[i:i+len(s)] == s {
					ids = append(ids, id)
					i += len(s)
					continue outer
				}
			}
		}
		ids = append(ids, int32(text[i]))
		i++
	}
	return ids
}

// EncodeSpans parses special tokens only inside Special spans. The fake's tokens are single
// bytes, so encoding span by span gives the same ids as encoding the whole text would.
func (b byteTok) EncodeSpans(spans []tokenizer.Span, addSpecial bool) []int32 {
	var ids []int32
	if addSpecial && b.addBOS {
		ids = append(ids, tokBOS)
	}
	for _, s := range spans {
		ids = append(ids, b.Encode(s.Text, false, s.Special)...)
	}
	return ids
}

func (byteTok) Piece(id int32) []byte {
	if id >= 0 && id < 256 {
		return []byte{byte(id)}
	}
	return nil // control tokens produce no output bytes
}

func (b byteTok) Decode(ids []int32) string {
	var buf bytes.Buffer
	for _, id := range ids {
		buf.Write(b.Piece(id))
	}
	return buf.String()
}

func (byteTok) IsEOG(id int32) bool { return id == tokEOS }
func (byteTok) BOS() int32          { return tokBOS }
func (byteTok) EOS() int32          { return tokEOS }
func (byteTok) TokenText(id int32) string {
	if s, ok := specials[id]; ok {
		return s
	}
	if id >= 0 && id < 256 {
		return string([]byte{byte(id)})
	}
	return ""
}

// fakeEngine generates deterministic output: by default it echoes the prompt's bytes (for a chat
// prompt, the last user message followed by <|im_end|>), cycling until max_tokens. It honours
// MaxTokens, StopTokens, IgnoreEOS and cancellation, checks the context length, and can be told
// to reject or to abort mid-stream.
type fakeEngine struct {
	info       engine.Info
	reject     *engine.RejectError // every Submit is refused with this
	rejectNth  int                 // refuse the Nth Submit (1-based) with overloaded; 0 never
	abortAfter int                 // abort each request after this many tokens; 0 never
	abortWith  *engine.AbortError  // what abortAfter aborts with; nil: an isolation abort
	delay      time.Duration       // pause before each token
	batch      int                 // tokens per event; default 1
	cached     int                 // prompt tokens each request reports as prefix-cache hits
	phases     [3]time.Duration    // queue, prefill and decode time each request reports
	reply      func(engine.Request) []int32
	stats      engine.Stats

	mu       sync.Mutex
	reqs     []engine.Request
	dropped  []string       // DropTenant calls
	usage    []engine.Usage // of every ended request, in order
	submits  int
	running  atomic.Int64 // generating goroutines alive
	closed   atomic.Int64 // Close calls that stopped a running request
	finished atomic.Int64 // requests that reached a normal finish
}

func newFakeEngine() *fakeEngine {
	return &fakeEngine{info: engine.Info{ModelName: "fake-model", MaxContext: 256, VocabSize: fakeVocab}}
}

func (e *fakeEngine) Info() engine.Info   { return e.info }
func (e *fakeEngine) Stats() engine.Stats { return e.stats }

func (e *fakeEngine) DropTenant(tenant string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.dropped = append(e.dropped, tenant)
	return 0
}

func (e *fakeEngine) requests() []engine.Request {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.reqs)
}

func (e *fakeEngine) Submit(ctx context.Context, r engine.Request) (engine.Stream, error) {
	e.mu.Lock()
	e.submits++
	n := e.submits
	e.reqs = append(e.reqs, r)
	e.mu.Unlock()
	if r.Tenant == "" {
		return nil, &engine.RejectError{Reason: kvtypes.RejectInvalid, Message: "no tenant"}
	}
	if e.reject != nil {
		return nil, e.reject
	}
	if e.rejectNth > 0 && n == e.rejectNth {
		return nil, &engine.RejectError{Reason: kvtypes.RejectOverloaded, Message: "queue full"}
	}
	if r.Embed {
		return e.embed(r)
	}
	if len(r.Prompt) == 0 || r.MaxTokens < 1 {
		return nil, &engine.RejectError{Reason: kvtypes.RejectInvalid, Message: "empty prompt or max_tokens < 1"}
	}
	if total := len(r.Prompt) + r.MaxTokens; total > e.info.MaxContext {
		return nil, &engine.RejectError{Reason: kvtypes.RejectContextLength,
			Message: fmt.Sprintf("prompt %d + max_tokens %d = %d > context %d", len(r.Prompt), r.MaxTokens, total, e.info.MaxContext)}
	}
	out := e.output(r)
	st := &fakeStream{events: make(chan engine.Event), stop: make(chan struct{})}
	e.running.Add(1)
	go e.generate(ctx, r, out, st)
	return st, nil
}

func (e *fakeEngine) output(r engine.Request) []int32 {
	if e.reply != nil {
		return e.reply(r)
	}
	p := r.Prompt
	if i := lastIndex(p, []int32{tokIMStart, 'u', 's', 'e', 'r', '\n'}); i >= 0 {
		msg := p[i+6:]
		if j := slices.Index(msg, tokEOS); j >= 0 {
			msg = msg[:j]
		}
		return append(slices.Clone(msg), tokEOS)
	}
	return slices.DeleteFunc(slices.Clone(p), func(id int32) bool { return id >= 256 })
}

func lastIndex(s, sub []int32) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		if slices.Equal(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

func (e *fakeEngine) generate(ctx context.Context, r engine.Request, out []int32, st *fakeStream) {
	produced := 0 // tokens handed to the stream, as the real engine counts emitted tokens
	defer func() {
		u := engine.Usage{PromptTokens: len(r.Prompt), CachedTokens: min(e.cached, len(r.Prompt)), CompletionTokens: produced,
			QueueTime: e.phases[0], PrefillTime: e.phases[1], DecodeTime: e.phases[2]}
		e.mu.Lock()
		e.usage = append(e.usage, u)
		e.mu.Unlock()
		if r.OnEnd != nil {
			r.OnEnd(u)
		}
	}()
	defer e.running.Add(-1) // before OnEnd: once the server has its usage, nothing runs
	batch := max(e.batch, 1)
	send := func(ev engine.Event) bool {
		select {
		case st.events <- ev:
			produced += len(ev.Tokens)
			return true
		case <-st.stop:
		case <-ctx.Done():
		}
		// Cancelled: offer the terminal event without blocking, as a real engine would.
		select {
		case st.events <- engine.Event{Done: true, Err: &engine.AbortError{Reason: "cancelled", Message: "cancelled"}}:
		default:
		}
		e.closed.Add(1)
		return false
	}
	if r.PromptLogprobs {
		// Two events, as a prompt computed over several steps would send.
		var scored []engine.Token
		for i, id := range r.Prompt[1:] {
			tk := engine.Token{ID: id, Logprob: -float32(i%7+1) / 8}
			for k := range max(r.Sampling.TopLogprobs, 0) {
				tk.Top = append(tk.Top, engine.TokenLogprob{ID: (id + int32(k)) % 256, Logprob: tk.Logprob - float32(k)})
			}
			scored = append(scored, tk)
		}
		half := len(scored) / 2
		for _, part := range [][]engine.Token{scored[:half], scored[half:]} {
			select {
			case st.events <- engine.Event{Prompt: part}:
			case <-st.stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}
	var evTokens []engine.Token
	var finish kvtypes.FinishReason
	for i := 0; finish == ""; i++ {
		if i == r.MaxTokens {
			finish = kvtypes.FinishLength
			break
		}
		if e.abortAfter > 0 && i == e.abortAfter {
			if len(evTokens) > 0 && !send(engine.Event{Tokens: evTokens}) {
				return
			}
			ab := &engine.AbortError{Reason: "isolation", Message: "page header mismatch on page 7"}
			if e.abortWith != nil {
				ab = e.abortWith
			}
			send(engine.Event{Done: true, Err: ab})
			return
		}
		if e.delay > 0 {
			select {
			case <-time.After(e.delay):
			case <-st.stop:
			case <-ctx.Done():
			}
		}
		id := out[i%len(out)]
		if r.Constraint != nil {
			// As a model that always likes the cheapest allowed token best.
			id = r.Constraint.Allowed()[0]
			r.Constraint.Advance(id)
		}
		tk := engine.Token{ID: id, Logprob: -float32(i%10+1) / 10}
		for k := range max(r.Sampling.TopLogprobs, 0) {
			tk.Top = append(tk.Top, engine.TokenLogprob{ID: (id + int32(k)) % 256, Logprob: tk.Logprob - float32(k)})
		}
		evTokens = append(evTokens, tk)
		if (id == tokEOS && !r.IgnoreEOS) || slices.Contains(r.StopTokens, id) {
			finish = kvtypes.FinishStop
		}
		if len(evTokens) == batch || finish != "" {
			if !send(engine.Event{Tokens: evTokens}) {
				return
			}
			evTokens = nil
		}
	}
	if len(evTokens) > 0 && !send(engine.Event{Tokens: evTokens}) {
		return
	}
	if send(engine.Event{Done: true, Finish: finish}) {
		e.finished.Add(1)
	}
}

type fakeStream struct {
	events chan engine.Event
	stop   chan struct{}
	once   sync.Once
}

func (s *fakeStream) Events() <-chan engine.Event { return s.events }
func (s *fakeStream) Close()                      { s.once.Do(func() { close(s.stop) }) }

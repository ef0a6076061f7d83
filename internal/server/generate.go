package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// tokenLogprob is one generated token with its log-probability and alternatives.
type tokenLogprob struct {
	id      int32
	logprob float32
	top     []engine.TokenLogprob
	offset  int  // characters of the choice's output before this token (text_offset)
	none    bool // no logprob: the echoed prompt's first token, which nothing predicts
}

// delta is new output of one choice: text safe to send, and the logprobs of the tokens consumed
// since the last delta.
type delta struct {
	index    int
	text     string
	logprobs []tokenLogprob
	calls    []toolCallOut // a tool call's head or arguments, alone in its delta
}

// choiceResult is how a choice ended.
type choiceResult struct {
	index     int
	finish    string
	toolCalls []toolCallOut
	kv        json.RawMessage // the engine's kv_transfer_params for the answer, if any
}

// job is one HTTP generation request, split into engine requests (prompts × n choices).
type job struct {
	s         *Server
	rc        *reqCtx
	p         *genParams
	prompts   [][]int32
	maxTokens []int // per prompt
	start     time.Time

	// The engine reports each admitted request's usage when it ends, however it ends; the job
	// is charged that, not what the client managed to read.
	live  sync.WaitGroup // admitted engine requests that have not ended yet
	mu    sync.Mutex
	usage []engine.Usage // by choice index
}

// onEnd returns the engine callback of choice i.
func (j *job) onEnd(i int) func(engine.Usage) {
	return func(u engine.Usage) {
		j.mu.Lock()
		j.usage[i] = u
		j.mu.Unlock()
		j.live.Done()
	}
}

// ended waits until every admitted engine request of the job has ended (closing a stream ends
// it within a step) and returns what they consumed: prompt and completion tokens summed over
// every choice, and the prompt tokens served from the tenant's prefix cache (counted once per
// prompt, like prompt_tokens).
func (j *job) ended() (promptAll, completion, cached int) {
	j.live.Wait()
	j.mu.Lock()
	defer j.mu.Unlock()
	for i, u := range j.usage {
		promptAll += u.PromptTokens
		completion += u.CompletionTokens
		if i%j.p.n == 0 {
			best := 0
			for _, v := range j.usage[i : i+j.p.n] {
				best = max(best, v.CachedTokens)
			}
			cached += best
		}
	}
	return promptAll, completion, cached
}

// observe records the job's ended engine requests in the metrics and returns the tokens its
// longest choice generated; call it after ended.
func (j *job) observe() (longest int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, u := range j.usage {
		if u.PromptTokens > 0 { // admitted: a refused request reports nothing
			j.s.met.observeEnded(u)
		}
		longest = max(longest, u.CompletionTokens)
	}
	return longest
}

// submit starts every engine request, or none: if one is refused the others are closed at once
// and the refusal is returned. The streams are in choice order (prompt i, choice j at i*n+j).
func (j *job) submit(ctx context.Context) ([]engine.Stream, *apiError) {
	j.usage = make([]engine.Usage, len(j.prompts)*j.p.n)
	var streams []engine.Stream
	for i, prompt := range j.prompts {
		for c := range j.p.n {
			sp := j.p.sampling
			if j.p.hasSeed {
				// Distinct but reproducible seeds, so n choices differ yet a rerun is identical.
				sp.Seed += uint64(c)
			}
			req := engine.Request{
				Spec: engine.Spec{
					Tenant:     j.rc.tenant.UID,
					Prompt:     prompt,
					MaxTokens:  j.maxTokens[i],
					Sampling:   sp,
					HasSeed:    j.p.hasSeed,
					StopTokens: j.p.stopTokens,
					LogitBias:  j.p.logitBias,
					// Echoed prompt tokens come with their logprobs when logprobs are asked for.
					PromptLogprobs: j.p.echo && j.p.logprobs,
					IgnoreEOS:      j.p.ignoreEOS,
					Weight:         j.rc.tenant.Limits.Weight,
					Adapter:        adapterRef(j.p.adapter),
				},
				LoRA:  j.p.adapter,
				OnEnd: j.onEnd(i*j.p.n + c),
			}
			j.p.pd.handoff(&req)
			if j.p.format != nil {
				c, e := j.s.constraint(j.rc.tenant.UID, j.p.format, j.maxTokens[i])
				if e != nil {
					for _, o := range streams {
						o.Close()
					}
					return nil, e
				}
				req.Constraint, req.Grammar = c, &j.p.format.source
			}
			j.live.Add(1)
			st, err := j.s.eng.Submit(ctx, req)
			if err == nil && st == nil {
				err = errors.New("engine returned neither a stream nor an error")
			}
			if err != nil {
				j.live.Done() // a refused request never ends: it never began
				for _, o := range streams {
					o.Close()
				}
				return nil, fromSubmit(err, promptParam[j.rc.endpoint], len(prompt), j.maxTokens[i], j.s.info.MaxContext)
			}
			streams = append(streams, st)
		}
	}
	return streams, nil
}

// consume reads all streams concurrently. emit is called (from several goroutines; the callee
// serialises) with each choice's new text. It returns the results in choice order, or the first
// failure, in which case every other engine request has been closed. A cancelled ctx (the client
// went away) closes every engine request immediately.
func (j *job) consume(ctx context.Context, streams []engine.Stream, emit func(delta)) ([]choiceResult, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]choiceResult, len(streams))
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	for i, st := range streams {
		wg.Go(func() {
			res, err := j.consumeOne(ctx, i, st, emit)
			results[i] = res
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				cancel() // one failed choice fails the request: stop the others now
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return results, nil
}

// promptParam names the request field that holds the prompt, by endpoint.
var promptParam = map[string]string{"completions": "prompt", "chat": "messages", "responses": "input"}

const codeClientClosed = "client_closed_request"

var errNoTerminal = errors.New("engine stream ended without a terminal event")

// consumeOne reads choice index's stream to its end, emitting its output as it is released.
func (j *job) consumeOne(ctx context.Context, index int, st engine.Stream, emit func(delta)) (choiceResult, error) {
	defer st.Close()
	c := j.newChoiceOutput(index, emit)
	for {
		var ev engine.Event
		var ok bool
		select {
		case <-ctx.Done():
			return c.res, context.Cause(ctx) // says whether the client left or its key was revoked
		case ev, ok = <-st.Events():
		}
		if !ok {
			return c.res, errNoTerminal
		}
		if done, res, err := c.event(ctx, ev); done {
			return res, err
		}
	}
}

// choiceOutput turns one choice's engine events into deltas. It holds the output released but not
// yet emitted, the characters written so far (for text offsets), the stop-string scan and the
// tool-call parse, and the echoed prompt until its logprobs have come.
type choiceOutput struct {
	j           *job
	index       int
	emit        func(delta)
	res         choiceResult
	ts          textStream
	tools       *toolStream // nil without tools to parse
	pending     delta
	outChars    charCount
	last        time.Time // when the previous tokens came, for inter-token latency
	prompt      []int32
	echoPending bool
	scored      []engine.Token // the prompt's logprobs, from its second token on
}

func (j *job) newChoiceOutput(index int, emit func(delta)) *choiceOutput {
	c := &choiceOutput{
		j:           j,
		index:       index,
		emit:        emit,
		res:         choiceResult{index: index},
		ts:          textStream{stops: j.p.stops},
		tools:       j.s.newToolStream(j.p.tools),
		pending:     delta{index: index},
		prompt:      j.prompts[index/j.p.n],
		echoPending: j.p.echo,
	}
	if c.echoPending && !j.p.logprobs {
		c.echo() // no prompt logprobs to wait for
	}
	return c
}

// event takes one engine event; done says the choice has ended, with its result or failure.
func (c *choiceOutput) event(ctx context.Context, ev engine.Event) (done bool, res choiceResult, err error) {
	c.scored = append(c.scored, ev.Prompt...)
	if c.echoPending && (len(c.scored) >= len(c.prompt)-1 || len(ev.Tokens) > 0 || (ev.Done && ev.Err == nil)) {
		c.echo()
	}
	if c.j.p.promptOnly {
		ev.Tokens = nil // computed and counted, not shown
	}
	c.observeTiming(len(ev.Tokens))
	if c.addTokens(ev.Tokens) {
		// Our stop string ended the choice: the engine request is closed by consumeOne's defer.
		c.flush()
		res, err = c.end(kvtypes.FinishStop)
		return true, res, err
	}
	if !ev.Done {
		c.flush()
		return false, c.res, nil
	}
	res, err = c.finish(ctx, ev)
	return true, res, err
}

// observeTiming records time to first token (of the request's first choice) or the gap per token
// since the previous event's tokens.
func (c *choiceOutput) observeTiming(n int) {
	if n == 0 {
		return
	}
	met := c.j.s.met
	now := time.Now()
	if c.last.IsZero() {
		if c.index == 0 {
			met.observeFirstToken(now.Sub(c.j.start).Seconds())
		}
	} else {
		gap := now.Sub(c.last).Seconds() / float64(n)
		for range n {
			met.observeTokenGap(gap)
		}
	}
	c.last = now
}

// addTokens adds generated tokens' text and logprobs to the output; it reports whether a stop
// string ended the choice, in which case the tokens after it are dropped.
func (c *choiceOutput) addTokens(tokens []engine.Token) (stopped bool) {
	s := c.j.s
	for _, t := range tokens {
		var piece []byte
		if !c.j.silent(t.ID) {
			piece = s.tok.Piece(t.ID)
			if len(piece) == 0 {
				piece = c.tools.markerText(s, t.ID)
			}
		}
		offset := c.outChars.add(piece)
		if c.j.p.logprobs {
			c.pending.logprobs = append(c.pending.logprobs, tokenLogprob{id: t.ID, logprob: t.Logprob, top: t.Top, offset: offset})
		}
		text, stopped := c.ts.push(piece)
		c.addText(text, stopped)
		if stopped {
			return true
		}
	}
	return false
}

// finish ends the choice on the engine's terminal event: a failure, or a finish reason after which
// the text held back for a possible stop string is released.
func (c *choiceOutput) finish(ctx context.Context, ev engine.Event) (choiceResult, error) {
	if ev.Err != nil {
		return c.res, abortCause(ctx, ev.Err)
	}
	if ev.Finish != kvtypes.FinishStop && ev.Finish != kvtypes.FinishLength && ev.Finish != kvtypes.FinishCacheThreshold {
		return c.res, &engine.AbortError{Reason: "internal", Message: "terminal event without a finish reason"}
	}
	c.res.kv = ev.KVTransferParams
	c.addText(c.ts.flush(), true)
	c.flush()
	return c.end(ev.Finish)
}

// flush emits the pending output, if any.
func (c *choiceOutput) flush() {
	if c.pending.text != "" || len(c.pending.logprobs) > 0 {
		c.emit(c.pending)
		c.pending = delta{index: c.index}
	}
}

// echo emits the echoed prompt, with its logprobs when asked for.
func (c *choiceOutput) echo() {
	c.pending = c.j.echoDelta(c.index, c.prompt, c.scored, &c.outChars)
	c.flush()
	c.echoPending = false
}

// addText adds released text to the output, split into content and tool calls.
func (c *choiceOutput) addText(text string, final bool) {
	if c.tools == nil {
		c.pending.text += text
		return
	}
	content, calls := c.tools.push(text, final)
	c.pending.text += content
	for _, call := range calls {
		c.flush()
		c.emit(delta{index: c.index, calls: call})
	}
}

// end completes the choice's result; a tool call turns a natural stop into "tool_calls".
func (c *choiceOutput) end(finish kvtypes.FinishReason) (choiceResult, error) {
	c.res.finish = string(finish)
	if c.tools == nil {
		return c.res, nil
	}
	if c.res.toolCalls = c.tools.calls; len(c.res.toolCalls) > 0 && finish == kvtypes.FinishStop {
		c.res.finish = "tool_calls"
	}
	return c.res, c.tools.check()
}

// echoDelta is a choice's echoed prompt: its text and, with logprobs, each prompt token's (the
// first has none), its offsets counted into out so the generated tokens' continue after it.
func (j *job) echoDelta(index int, prompt []int32, scored []engine.Token, out *charCount) delta {
	d := delta{index: index}
	var ts textStream
	for i, id := range prompt {
		piece := j.s.tok.Piece(id)
		offset := out.add(piece)
		text, _ := ts.push(piece)
		d.text += text
		if !j.p.logprobs {
			continue
		}
		lp := tokenLogprob{id: id, offset: offset, none: true}
		if i > 0 && i-1 < len(scored) {
			lp.logprob, lp.top, lp.none = scored[i-1].Logprob, scored[i-1].Top, false
		}
		d.logprobs = append(d.logprobs, lp)
	}
	d.text += ts.flush()
	return d
}

// silent reports whether a token's text is withheld: end-of-generation and stop tokens end the
// output, they are not part of it.
func (j *job) silent(id int32) bool {
	return j.s.tok.IsEOG(id) || slices.Contains(j.p.stopTokens, id)
}

// resolveMaxTokens chooses each prompt's max_tokens and checks the tenant's limit. Without an
// explicit value, chat uses the rest of the context and completions OpenAI's default of 16, both
// capped by the tenant's limit.
func (s *Server) resolveMaxTokens(p *genParams, rc *reqCtx, prompts [][]int32, chatDefault bool) ([]int, *apiError) {
	limit := rc.tenant.Limits.MaxTokens
	if p.maxTokens > 0 && limit > 0 && p.maxTokens > limit {
		return nil, badRequest("max_tokens", "max_tokens %d exceeds this API key's limit of %d", p.maxTokens, limit)
	}
	out := make([]int, len(prompts))
	for i, pr := range prompts {
		m := p.maxTokens
		if m == 0 {
			m = 16
			// A structured output needs room to close its document: the context, as for chat.
			if chatDefault || p.format != nil {
				m = max(1, s.info.MaxContext-len(pr))
			}
			if limit > 0 {
				m = min(m, limit)
			}
		}
		out[i] = m
	}
	return out, nil
}

// errorFor maps a consume failure; a cancelled context means the client left or the server is
// shutting down.
func (s *Server) errorFor(err error) *apiError {
	var tce *toolChoiceError
	if errors.As(err, &tce) {
		return tce.apiError()
	}
	if errors.Is(err, errKeyRevoked) {
		return &apiError{Status: http.StatusUnauthorized, Type: errAuthentication, Code: "api_key_revoked",
			Message: "the API key was revoked while the request was running", Reason: "key_revoked"}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		if s.draining.Load() {
			return &apiError{Status: http.StatusServiceUnavailable, Type: errServer, Code: "shutting_down",
				Message: "the server shut down before the request finished", Reason: "aborted_shutdown"}
		}
		return &apiError{Status: 499, Type: errInvalidRequest, Code: codeClientClosed,
			Message: "the client closed the request", Reason: "client_closed"}
	}
	if errors.Is(err, errNoTerminal) {
		s.log.Error("engine stream ended without a terminal event")
	} else {
		var ae *engine.AbortError
		if errors.As(err, &ae) {
			s.log.Warn("request aborted by the engine", "reason", ae.Reason, "detail", ae.Message)
		}
	}
	return fromAbort(err)
}

// abortCause is why an engine request ended with err. An abort for "cancelled" answers our own
// cancellation (the client left, or its key was revoked), whose cause is the true reason. The
// engine watches the request's context, of which ctx is a child that a parent's cancel reaches
// an instant later: wait that instant rather than report a revoked key as a plain abort.
func abortCause(ctx context.Context, err error) error {
	var ab *engine.AbortError
	if errors.As(err, &ab) && ab.Reason == kvtypes.AbortCancelled {
		t := time.NewTimer(100 * time.Millisecond)
		defer t.Stop()
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return err
}

package server

// How the completions and chat endpoints answer a generation request: the response and usage
// shapes they share, the format interface each implements, and the JSON answer or event stream.

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/kvwarden/kvwarden/internal/engine"
)

type usage struct {
	PromptTokens            int               `json:"prompt_tokens"`
	CompletionTokens        int               `json:"completion_tokens"`
	TotalTokens             int               `json:"total_tokens"`
	PromptTokensDetails     promptDetails     `json:"prompt_tokens_details"`
	CompletionTokensDetails completionDetails `json:"completion_tokens_details"`
}

type promptDetails struct {
	CachedTokens int `json:"cached_tokens"` // served from this tenant's own prefix cache
}

type completionDetails struct {
	ReasoningTokens int `json:"reasoning_tokens"` // always 0: reasoning is not counted apart
}

// usageField is a response's "usage": absent, null (stream chunks before the usage chunk when
// the client asked for it, as OpenAI sends them, so SDKs find the key), or the figures.
type usageField struct {
	u     *usage
	shown bool
}

func (f usageField) IsZero() bool                 { return !f.shown }
func (f usageField) MarshalJSON() ([]byte, error) { return json.Marshal(f.u) }

// response is every completions and chat answer and stream chunk; C is the endpoint's choice.
type response[C any] struct {
	ID                string     `json:"id"`
	Object            string     `json:"object"`
	Created           int64      `json:"created"`
	Model             string     `json:"model"`
	SystemFingerprint string     `json:"system_fingerprint"`
	Choices           []C        `json:"choices"`
	Usage             usageField `json:"usage,omitzero"`
}

// format renders one endpoint's response shapes.
type format interface {
	start(index int) any // first stream event of a choice, or nil
	chunk(d delta) any
	finish(r choiceResult) any
	usageChunk(u usage) any
	response(results []choiceResult, texts []string, lps [][]tokenLogprob, u usage) any
}

// streamEnder is a format whose streams end their own way rather than with finish chunks, a
// usage chunk and [DONE]: the Responses API's closing events, or its error event.
type streamEnder interface {
	end(results []choiceResult, u usage) any
	failure(ae *apiError) any
}

// readParams reads a generation request's body, parses it and checks its model; on failure it
// answers the client and returns nil.
func (s *Server) readParams(w http.ResponseWriter, r *http.Request, rc *reqCtx, parse func([]byte, int) (*genParams, *apiError)) *genParams {
	body, e := s.readBody(w, r)
	if e != nil {
		s.fail(w, rc, e)
		return nil
	}
	p, e := parse(body, s.info.VocabSize)
	if e == nil {
		e = s.selectGenModel(p, rc.tenant)
	}
	if e != nil {
		s.fail(w, rc, e)
		return nil
	}
	return p
}

// generate runs a validated request: limits, engine submission, then a JSON answer or a stream.
func (s *Server) generate(w http.ResponseWriter, r *http.Request, rc *reqCtx, p *genParams, prompts [][]int32, f format, chatDefault bool) {
	maxTokens, e := s.resolveMaxTokens(p, rc, prompts, chatDefault)
	if e == nil {
		e = s.checkHandoff(p, len(prompts)*p.n)
	}
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	promptTokens, reserve := 0, 0
	for i, pr := range prompts {
		promptTokens += len(pr)
		reserve += (len(pr) + maxTokens[i]) * p.n
	}
	rc.promptN = promptTokens
	release, done, ok := s.admit(w, rc, len(prompts)*p.n, reserve)
	if !ok {
		return
	}
	defer done()

	j := &job{s: s, rc: rc, p: p, prompts: prompts, maxTokens: maxTokens, start: rc.start}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	// count charges the tenant everything the engine did for the job, however the job ends (a
	// client that hangs up just before the end pays for every token produced), and releases the
	// tenant's limits: the engine work is over, and a client that sends its next request the
	// moment it reads [DONE] must find its slot free. Every path below calls it before returning.
	count := func() usage {
		promptAll, completion, cached := j.ended()
		release(promptAll + completion)
		rc.leave()
		rc.complN = completion
		longest := j.observe()
		s.met.observeTokens(promptTokens, completion)
		s.met.observeGeneration(promptTokens, completion, longest, p.n, slices.Max(maxTokens))
		s.met.observeTenant(rc.tenant, promptTokens, completion)
		if p.adapter != nil {
			s.met.adapterReqs.WithLabelValues(p.adapterName).Inc()
		}
		return usage{PromptTokens: promptTokens, CompletionTokens: completion, TotalTokens: promptTokens + completion,
			PromptTokensDetails: promptDetails{CachedTokens: min(cached, promptTokens)}}
	}
	e = s.prepareFormat(ctx, p.format)
	var streams []engine.Stream
	if e == nil {
		streams, e = j.submit(ctx)
	}
	if e != nil {
		count() // the requests admitted before the refusal were closed; they may have run a little
		s.fail(w, rc, e)
		return
	}
	if p.stream {
		s.answerStream(ctx, cancel, w, j, streams, f, count)
	} else {
		s.answerJSON(ctx, w, j, streams, f, count)
	}
}

// answerJSON answers with the whole response once every choice has ended.
func (s *Server) answerJSON(ctx context.Context, w http.ResponseWriter, j *job, streams []engine.Stream, f format, count func() usage) {
	texts := make([]strings.Builder, len(streams))
	lps := make([][]tokenLogprob, len(streams))
	// Each choice's goroutine writes only its own slot.
	results, err := j.consume(ctx, streams, func(d delta) {
		texts[d.index].WriteString(d.text)
		lps[d.index] = append(lps[d.index], d.logprobs...)
	})
	u := count()
	if err != nil {
		ae := s.errorFor(err)
		s.countFailure(j, ae)
		s.fail(w, j.rc, ae)
		return
	}
	s.countFinished(results)
	out := make([]string, len(texts))
	for i := range texts {
		out[i] = texts[i].String()
	}
	j.rc.status = http.StatusOK
	writeJSON(w, http.StatusOK, withKVTransfer{body: f.response(results, out, lps, u), kv: results[0].kv})
}

// answerStream streams the choices as server-sent events; cancel ends the job when the client
// stops reading.
func (s *Server) answerStream(ctx context.Context, cancel context.CancelFunc, w http.ResponseWriter, j *job, streams []engine.Stream, f format, count func() usage) {
	sse := newSSE(w, s.cfg.StreamWriteTimeout, cancel)
	j.rc.status = http.StatusOK
	for i := range streams {
		if ev := f.start(i); ev != nil {
			sse.send(ev)
		}
	}
	results, err := j.consume(ctx, streams, func(d delta) { sse.send(f.chunk(d)) })
	u := count()
	if err != nil {
		ae := s.errorFor(err)
		j.rc.errCode = ae.Code
		if ae.Reason != "" {
			s.met.rejected.WithLabelValues(ae.Reason).Inc()
		}
		if !s.countFailure(j, ae) {
			s.met.streamErrs.Inc()
		}
		if se, ok := f.(streamEnder); ok {
			sse.failWith(se.failure(ae))
		} else {
			sse.fail(ae) // dropped if the client is already gone
		}
		return
	}
	s.countFinished(results)
	if se, ok := f.(streamEnder); ok {
		sse.send(se.end(results, u))
		return
	}
	// Finish reasons are sent only once every choice has ended well, so a request that fails in
	// any choice never shows a normal finish.
	for _, res := range results {
		sse.send(f.finish(res))
	}
	if j.p.includeUsage {
		sse.send(f.usageChunk(u))
	}
	sse.done()
}

func (s *Server) countFinished(results []choiceResult) {
	for _, r := range results {
		s.met.observeFinished(r.finish, 1)
	}
}

// countFailure counts a failed job's choices as aborted, and reports whether the client's own
// hang-up was the cause (a client abort, not an error of the server).
func (s *Server) countFailure(j *job, ae *apiError) bool {
	s.met.observeFinished("abort", len(j.prompts)*j.p.n)
	if ae.Code == codeClientClosed {
		s.met.clientAborts.Inc()
		return true
	}
	return false
}

// envelope is what every answer and chunk of one request is built from.
type envelope struct {
	s         *Server
	id        string
	created   int64
	logprobs  bool
	nullUsage bool   // stream chunks carry "usage": null (include_usage)
	model     string // the reported model: the base model's name or the request's adapter's
}

func (s *Server) envelope(p *genParams, id string) envelope {
	return envelope{s: s, id: id, created: s.cfg.Now().Unix(), logprobs: p.logprobs, nullUsage: p.includeUsage, model: s.reportedModel(p)}
}

func wrap[C any](e *envelope, object string, c []C, u *usage) response[C] {
	return response[C]{ID: e.id, Object: object, Created: e.created, Model: e.model, SystemFingerprint: e.s.fingerprint,
		Choices: c, Usage: usageField{u: u, shown: u != nil || e.nullUsage}}
}

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kvwarden/kvwarden/internal/chat"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
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

// Completions shapes.

type completionChoice struct {
	Index        int                 `json:"index"`
	Text         string              `json:"text"`
	Logprobs     *completionLogprobs `json:"logprobs"`
	FinishReason *string             `json:"finish_reason"`
}

type completionLogprobs struct {
	Tokens        []string             `json:"tokens"`
	TokenLogprobs []*float64           `json:"token_logprobs"` // null for an echoed prompt's first token
	TopLogprobs   []map[string]float64 `json:"top_logprobs"`
	TextOffset    []int                `json:"text_offset"` // character (code point) offsets into the choice's text
}

// Chat shapes.

type chatChoice struct {
	Index        int           `json:"index"`
	Message      chatMessage   `json:"message"`
	Logprobs     *chatLogprobs `json:"logprobs"`
	FinishReason string        `json:"finish_reason"`
}

type chatMessage struct {
	Role      string        `json:"role"`
	Content   *string       `json:"content"` // null when the answer is tool calls alone
	Refusal   *string       `json:"refusal"`
	ToolCalls []toolCallOut `json:"tool_calls,omitempty"`
}

type chatChunk = response[chatChunkChoice]

type chatChunkChoice struct {
	Index        int           `json:"index"`
	Delta        chatDelta     `json:"delta"`
	Logprobs     *chatLogprobs `json:"logprobs"`
	FinishReason *string       `json:"finish_reason"`
}

type chatDelta struct {
	Role      string        `json:"role,omitempty"`
	Content   *string       `json:"content,omitempty"`
	ToolCalls []toolCallOut `json:"tool_calls,omitempty"`
}

type chatLogprobs struct {
	Content []chatTokenLogprob `json:"content"`
	Refusal []chatTokenLogprob `json:"refusal"`
}

type chatTokenLogprob struct {
	Token       string           `json:"token"`
	Logprob     float64          `json:"logprob"`
	Bytes       []int            `json:"bytes"`
	TopLogprobs []chatTopLogprob `json:"top_logprobs"`
}

type chatTopLogprob struct {
	Token   string  `json:"token"`
	Logprob float64 `json:"logprob"`
	Bytes   []int   `json:"bytes"`
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
		e = s.checkModel(p.model)
	}
	if e != nil {
		s.fail(w, rc, e)
		return nil
	}
	return p
}

func (s *Server) handleCompletions(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	p := s.readParams(w, r, rc, parseCompletion)
	if p == nil {
		return
	}
	prompts := p.ids
	for _, t := range p.texts {
		// Prompt text is plain text unless the client asks for special-token text to be parsed:
		// otherwise text pasted from elsewhere could end the sequence or forge chat markup.
		ids := s.tok.Encode(t, true, p.parseSpecial)
		if len(ids) == 0 {
			s.fail(w, rc, badRequest("prompt", "the prompt is empty"))
			return
		}
		prompts = append(prompts, ids)
	}
	f := &completionFormat{s.envelope(p, "cmpl-"+rc.id)}
	s.generate(w, r, rc, p, prompts, f, false)
}

func (s *Server) handleChat(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	p := s.readParams(w, r, rc, parseChat)
	if p == nil {
		return
	}
	ids, e := s.chatToolsPrompt(p.messages, p.templateArgs, p.tools, true)
	if e == nil {
		e = s.constrainTools(p)
	}
	if e == nil && len(ids) == 0 {
		e = badRequest("messages", "the rendered prompt is empty")
	}
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	f := &chatFormat{s.envelope(p, "chatcmpl-"+rc.id)}
	s.generate(w, r, rc, p, [][]int32{ids}, f, true)
}

// chatPrompt renders and tokenizes a chat prompt.
func (s *Server) chatPrompt(msgs []chat.Message, args map[string]any, addGenerationPrompt bool) ([]int32, *apiError) {
	segs, err := s.tmpl.RenderSegments(msgs, addGenerationPrompt, args)
	if err != nil {
		return nil, &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: "messages", Code: "chat_template_error",
			Message: "the model's chat template could not render these messages: " + err.Error(), Reason: "bad_request"}
	}
	return s.tok.EncodeSpans(promptSpans(segs), !templateWritesBOS(segs, tokenText(s.tok, s.tok.BOS()))), nil
}

// promptSpans marks the template's markup as the only text where special tokens are parsed:
// client text in a chat message stays text, so it cannot close its turn and forge another.
func promptSpans(segs []chat.Segment) []tokenizer.Span {
	spans := make([]tokenizer.Span, len(segs))
	for i, sg := range segs {
		spans[i] = tokenizer.Span{Text: sg.Text, Special: !sg.Client}
	}
	return spans
}

// templateWritesBOS reports whether the template's markup starts the prompt with the BOS token,
// so the tokenizer must not add a second one. BOS text at the start of client text is plain text
// and does not count.
func templateWritesBOS(segs []chat.Segment, bos string) bool {
	return bos != "" && len(segs) > 0 && !segs[0].Client && strings.HasPrefix(segs[0].Text, bos)
}

// generate runs a validated request: limits, engine submission, then a JSON answer or a stream.
func (s *Server) generate(w http.ResponseWriter, r *http.Request, rc *reqCtx, p *genParams, prompts [][]int32, f format, chatDefault bool) {
	maxTokens, e := s.resolveMaxTokens(p, rc, prompts, chatDefault)
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
	release, e := s.lim.acquire(rc.tenant, len(prompts)*p.n, reserve)
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	s.met.inflight.Inc()
	defer s.met.inflight.Dec()
	defer func(t time.Time) { s.met.durations.WithLabelValues(rc.endpoint).Observe(time.Since(t).Seconds()) }(time.Now())

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
		j.observe()
		s.met.tokens.WithLabelValues("prompt").Add(float64(promptTokens))
		s.met.tokens.WithLabelValues("completion").Add(float64(completion))
		s.met.promptLen.Observe(float64(promptTokens))
		s.met.genLen.Observe(float64(completion))
		s.met.observeTenant(rc.tenant, promptTokens, completion)
		return usage{PromptTokens: promptTokens, CompletionTokens: completion, TotalTokens: promptTokens + completion,
			PromptTokensDetails: promptDetails{CachedTokens: min(cached, promptTokens)}}
	}
	streams, e := j.submit(ctx)
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
	writeJSON(w, http.StatusOK, f.response(results, out, lps, u))
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
		s.met.finished.WithLabelValues(r.finish).Inc()
	}
}

// countFailure counts a failed job's choices as aborted, and reports whether the client's own
// hang-up was the cause (a client abort, not an error of the server).
func (s *Server) countFailure(j *job, ae *apiError) bool {
	s.met.finished.WithLabelValues("abort").Add(float64(len(j.prompts) * j.p.n))
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
	nullUsage bool // stream chunks carry "usage": null (include_usage)
}

func (s *Server) envelope(p *genParams, id string) envelope {
	return envelope{s: s, id: id, created: s.cfg.Now().Unix(), logprobs: p.logprobs, nullUsage: p.includeUsage}
}

func wrap[C any](e *envelope, object string, c []C, u *usage) response[C] {
	return response[C]{ID: e.id, Object: object, Created: e.created, Model: e.s.cfg.ModelName, SystemFingerprint: e.s.fingerprint,
		Choices: c, Usage: usageField{u: u, shown: u != nil || e.nullUsage}}
}

// Completions format.

type completionFormat struct{ envelope }

func (f *completionFormat) wrap(c []completionChoice, u *usage) response[completionChoice] {
	return wrap(&f.envelope, "text_completion", c, u)
}

func (f *completionFormat) start(int) any { return nil }

func (f *completionFormat) chunk(d delta) any {
	return f.wrap([]completionChoice{{Index: d.index, Text: d.text, Logprobs: f.lp(d.logprobs)}}, nil)
}

func (f *completionFormat) finish(r choiceResult) any {
	fr := r.finish
	return f.wrap([]completionChoice{{Index: r.index, FinishReason: &fr}}, nil)
}

func (f *completionFormat) usageChunk(u usage) any { return f.wrap([]completionChoice{}, &u) }

func (f *completionFormat) response(results []choiceResult, texts []string, lps [][]tokenLogprob, u usage) any {
	choices := make([]completionChoice, len(results))
	for i, r := range results {
		fr := r.finish
		choices[i] = completionChoice{Index: i, Text: texts[i], Logprobs: f.lp(lps[i]), FinishReason: &fr}
	}
	return f.wrap(choices, &u)
}

func (f *completionFormat) lp(l []tokenLogprob) *completionLogprobs {
	if !f.logprobs {
		return nil
	}
	out := &completionLogprobs{Tokens: []string{}, TokenLogprobs: []*float64{}, TopLogprobs: []map[string]float64{}, TextOffset: []int{}}
	for _, t := range l {
		out.Tokens = append(out.Tokens, f.s.tokenString(t.id))
		out.TextOffset = append(out.TextOffset, t.offset)
		if t.none {
			out.TokenLogprobs = append(out.TokenLogprobs, nil)
			out.TopLogprobs = append(out.TopLogprobs, nil)
			continue
		}
		v := safeLogprob(t.logprob)
		out.TokenLogprobs = append(out.TokenLogprobs, &v)
		top := make(map[string]float64, len(t.top))
		for _, a := range t.top {
			k := f.s.tokenString(a.ID)
			if _, dup := top[k]; !dup { // alternatives come best first; keep the best of equal texts
				top[k] = safeLogprob(a.Logprob)
			}
		}
		out.TopLogprobs = append(out.TopLogprobs, top)
	}
	return out
}

// Chat format. Its methods mirror completionFormat's one by one: the choice shapes differ in every
// field, so a shared generic method would only hide them.

type chatFormat struct{ envelope }

func (f *chatFormat) wrap(c []chatChunkChoice, u *usage) chatChunk {
	return wrap(&f.envelope, "chat.completion.chunk", c, u)
}

func (f *chatFormat) start(index int) any {
	empty := ""
	return f.wrap([]chatChunkChoice{{Index: index, Delta: chatDelta{Role: "assistant", Content: &empty}}}, nil)
}

func (f *chatFormat) chunk(d delta) any {
	if len(d.calls) > 0 {
		return f.wrap([]chatChunkChoice{{Index: d.index, Delta: chatDelta{ToolCalls: d.calls}}}, nil)
	}
	text := d.text
	return f.wrap([]chatChunkChoice{{Index: d.index, Delta: chatDelta{Content: &text}, Logprobs: f.lp(d.logprobs)}}, nil)
}

func (f *chatFormat) finish(r choiceResult) any {
	fr := r.finish
	return f.wrap([]chatChunkChoice{{Index: r.index, FinishReason: &fr}}, nil)
}

func (f *chatFormat) usageChunk(u usage) any { return f.wrap([]chatChunkChoice{}, &u) }

func (f *chatFormat) response(results []choiceResult, texts []string, lps [][]tokenLogprob, u usage) any {
	choices := make([]chatChoice, len(results))
	for i, r := range results {
		msg := chatMessage{Role: "assistant", Content: &texts[i], ToolCalls: r.toolCalls}
		if texts[i] == "" && len(r.toolCalls) > 0 {
			msg.Content = nil
		}
		choices[i] = chatChoice{Index: i, Message: msg, Logprobs: f.lp(lps[i]), FinishReason: r.finish}
	}
	return wrap(&f.envelope, "chat.completion", choices, &u)
}

func (f *chatFormat) lp(l []tokenLogprob) *chatLogprobs {
	if !f.logprobs {
		return nil
	}
	out := &chatLogprobs{Content: []chatTokenLogprob{}}
	for _, t := range l {
		e := chatTokenLogprob{Token: f.s.tokenString(t.id), Logprob: safeLogprob(t.logprob), Bytes: byteInts(f.s.tokenBytes(t.id)), TopLogprobs: []chatTopLogprob{}}
		for _, a := range t.top {
			e.TopLogprobs = append(e.TopLogprobs, chatTopLogprob{Token: f.s.tokenString(a.ID), Logprob: safeLogprob(a.Logprob), Bytes: byteInts(f.s.tokenBytes(a.ID))})
		}
		out.Content = append(out.Content, e)
	}
	return out
}

// tokenBytes is a token's bytes for logprobs: its piece, or its vocabulary text for special
// tokens that produce no output bytes.
func (s *Server) tokenBytes(id int32) []byte {
	if !s.tok.IsEOG(id) {
		if p := s.tok.Piece(id); len(p) > 0 {
			return p
		}
	}
	return []byte(s.tok.TokenText(id))
}

// tokenString is tokenBytes as text.
func (s *Server) tokenString(id int32) string { return display(s.tokenBytes(id)) }

// display shows a piece as text; a piece that is part of a multi-byte character is shown as
// "bytes:\xe4\xbd" (its exact bytes are in the "bytes" field).
func display(piece []byte) string {
	if utf8.Valid(piece) {
		return string(piece)
	}
	var sb strings.Builder
	sb.WriteString("bytes:")
	for _, b := range piece {
		fmt.Fprintf(&sb, "\\x%02x", b)
	}
	return sb.String()
}

func byteInts(b []byte) []int {
	out := make([]int, len(b))
	for i, c := range b {
		out[i] = int(c)
	}
	return out
}

// safeLogprob keeps JSON encodable: -Inf (and anything non-finite) becomes OpenAI's -9999.
// charCount counts the characters of a choice's output in code points, as OpenAI's and vLLM's
// text_offset do, rather than bytes. Characters are decoded the way textStream decodes them: a
// character split over tokens is one character, and a byte that can never be part of one is one
// U+FFFD.
type charCount struct {
	n       int    // characters decoded so far
	partial []byte // the bytes of a character not yet complete
}

// add appends a token's piece and returns the token's offset: the index in the output of the
// character holding the piece's first byte, which for a token that ends a split character is
// that character's start.
func (c *charCount) add(piece []byte) int {
	before := len(c.partial)
	c.partial = append(c.partial, piece...)
	b := c.partial
	off, i := c.n, 0
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			if !utf8.FullRune(b[i:]) {
				break // may still be completed by the next piece
			}
			size = 1
		}
		if i+size <= before {
			off++ // wholly before this piece: pending bytes the piece shows to be invalid
		}
		c.n++
		i += size
	}
	c.partial = append(b[:0:0], b[i:]...)
	return off
}

func safeLogprob(v float32) float64 {
	f := float64(v)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return -9999
	}
	return f
}

package server

// /v1/responses output: the response object, its message and function_call items, and the
// stream of typed events that builds them.

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The response object and its parts, with the field names of openai-go's responses package.

type responseObject struct {
	ID                 string             `json:"id"`
	Object             string             `json:"object"`
	CreatedAt          int64              `json:"created_at"`
	Status             string             `json:"status"`
	Error              *errorObject       `json:"error"`
	IncompleteDetails  *incompleteDetails `json:"incomplete_details"`
	Instructions       *string            `json:"instructions"`
	MaxOutputTokens    *int64             `json:"max_output_tokens"`
	Model              string             `json:"model"`
	Output             []any              `json:"output"` // outputMessage and functionCallItem
	ParallelToolCalls  bool               `json:"parallel_tool_calls"`
	PreviousResponseID *string            `json:"previous_response_id"`
	Store              bool               `json:"store"`
	Temperature        float64            `json:"temperature"`
	Text               textConfig         `json:"text"`
	ToolChoice         json.RawMessage    `json:"tool_choice"`
	Tools              json.RawMessage    `json:"tools"`
	TopP               float64            `json:"top_p"`
	Truncation         string             `json:"truncation"`
	Usage              *responseUsage     `json:"usage"`
	Metadata           map[string]string  `json:"metadata"`
}

type incompleteDetails struct {
	Reason string `json:"reason"`
}

type textConfig struct {
	Format json.RawMessage `json:"format"`
}

type outputMessage struct {
	ID      string       `json:"id"`
	Type    string       `json:"type"`
	Role    string       `json:"role"`
	Status  string       `json:"status"`
	Content []outputText `json:"content"`
}

type outputText struct {
	Type        string     `json:"type"`
	Text        string     `json:"text"`
	Annotations []struct{} `json:"annotations"`
	Logprobs    []struct{} `json:"logprobs"`
}

// functionCallItem is a call of one of the request's tools: call_id is what the client's
// function_call_output item answers.
type functionCallItem struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Status    string `json:"status"`
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type responseUsage struct {
	InputTokens        int `json:"input_tokens"`
	InputTokensDetails struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokens        int `json:"output_tokens"`
	OutputTokensDetails struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"output_tokens_details"`
	TotalTokens int `json:"total_tokens"`
}

// responsesFormat renders /v1/responses: one prompt, one choice (the API has no n). Its stream
// events are numbered in the order they are built, which is the order they are sent: with one
// choice a single goroutine builds and sends them.
type responsesFormat struct {
	s       *Server
	p       *responsesParams
	id      string
	created int64

	mu    sync.Mutex
	seq   int
	items []any       // the stream's closed output items, for the closing response
	open  *streamItem // the item being streamed, if any
	msgs  int         // message items opened so far
}

// streamItem is the output item a stream is writing: a message's text or a call's arguments.
type streamItem struct {
	index int
	msg   *outputMessage
	call  *functionCallItem
	text  strings.Builder
}

func (f *responsesFormat) object(status string, output []any, u *usage) responseObject {
	o := responseObject{ID: f.id, Object: "response", CreatedAt: f.created, Status: status,
		Instructions: f.p.instructions, MaxOutputTokens: f.p.maxOutputTokens, Model: f.s.reportedModel(f.p.genParams),
		Output: output, ParallelToolCalls: f.p.parallel, Temperature: f.p.temperature, ToolChoice: f.p.toolChoice,
		Tools: f.p.tools, TopP: f.p.topP, Truncation: "disabled", Metadata: f.p.metadata}
	o.Text.Format = f.p.textFormat
	if status == "incomplete" {
		o.IncompleteDetails = &incompleteDetails{Reason: "max_output_tokens"}
	}
	if u != nil {
		ru := &responseUsage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens, TotalTokens: u.TotalTokens}
		ru.InputTokensDetails.CachedTokens = u.PromptTokensDetails.CachedTokens
		o.Usage = ru
	}
	return o
}

// msgID names the n-th message item: the first is msg_ and the request's id.
func (f *responsesFormat) msgID(n int) string {
	id := "msg" + strings.TrimPrefix(f.id, "resp")
	if n > 0 {
		id += fmt.Sprintf("_%d", n)
	}
	return id
}

func (f *responsesFormat) callItem(index int, c toolCallOut, status string) *functionCallItem {
	return &functionCallItem{ID: fmt.Sprintf("fc%s_%d", strings.TrimPrefix(f.id, "resp"), index), Type: "function_call",
		Status: status, CallID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments}
}

func message(id, status, text string, done bool) *outputMessage {
	m := &outputMessage{ID: id, Type: "message", Role: "assistant", Status: status, Content: []outputText{}}
	if done {
		m.Content = []outputText{part(text)}
	}
	return m
}

func part(text string) outputText {
	return outputText{Type: "output_text", Text: text, Annotations: []struct{}{}, Logprobs: []struct{}{}}
}

// status maps a finish reason: a choice cut by the token limit is incomplete.
func status(finish string) string {
	if finish == string(kvtypes.FinishLength) || finish == string(kvtypes.FinishCacheThreshold) {
		return "incomplete"
	}
	return "completed"
}

// event builds one numbered stream event of the given type; fields are added to type and
// sequence_number.
func (f *responsesFormat) event(typ string, fields map[string]any) namedEvent {
	f.seq++
	fields["type"] = typ
	fields["sequence_number"] = f.seq - 1
	return namedEvent{name: typ, data: fields}
}

// start opens the stream. Without tools the output is one message, opened at once; with tools
// an item opens when its first text or call comes.
func (f *responsesFormat) start(int) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	resp := f.object("in_progress", []any{}, nil)
	evs := namedEvents{
		f.event("response.created", map[string]any{"response": resp}),
		f.event("response.in_progress", map[string]any{"response": resp}),
	}
	if !f.p.genParams.tools.parses() {
		evs = f.openMessage(evs)
	}
	return evs
}

func (f *responsesFormat) openMessage(evs namedEvents) namedEvents {
	it := &streamItem{index: len(f.items), msg: message(f.msgID(f.msgs), "in_progress", "", false)}
	f.msgs++
	f.open = it
	return append(evs,
		f.event("response.output_item.added", map[string]any{"output_index": it.index, "item": it.msg}),
		f.event("response.content_part.added", map[string]any{"output_index": it.index, "content_index": 0, "item_id": it.msg.ID, "part": part("")}))
}

// closeItem closes the open item, if any, with status.
func (f *responsesFormat) closeItem(evs namedEvents, status string) namedEvents {
	it := f.open
	if it == nil {
		return evs
	}
	f.open = nil
	if it.msg != nil {
		text := it.text.String()
		msg := message(it.msg.ID, status, text, true)
		f.items = append(f.items, msg)
		return append(evs,
			f.event("response.output_text.done", map[string]any{"output_index": it.index, "content_index": 0, "item_id": msg.ID,
				"text": text, "logprobs": []struct{}{}}),
			f.event("response.content_part.done", map[string]any{"output_index": it.index, "content_index": 0, "item_id": msg.ID, "part": part(text)}),
			f.event("response.output_item.done", map[string]any{"output_index": it.index, "item": msg}))
	}
	call := *it.call
	call.Status, call.Arguments = status, it.text.String()
	f.items = append(f.items, &call)
	return append(evs,
		f.event("response.function_call_arguments.done", map[string]any{"output_index": it.index, "item_id": call.ID, "arguments": call.Arguments}),
		f.event("response.output_item.done", map[string]any{"output_index": it.index, "item": &call}))
}

func (f *responsesFormat) chunk(d delta) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	var evs namedEvents
	if len(d.calls) > 0 {
		c := d.calls[0]
		if c.ID != "" { // a call's head: its item opens
			evs = f.closeItem(evs, "completed")
			it := &streamItem{index: len(f.items), call: f.callItem(len(f.items), c, "in_progress")}
			f.open = it
			return append(evs, f.event("response.output_item.added", map[string]any{"output_index": it.index, "item": it.call}))
		}
		if f.open == nil || f.open.call == nil {
			return evs // arguments come only after their call's head
		}
		f.open.text.WriteString(c.Function.Arguments)
		return append(evs, f.event("response.function_call_arguments.delta", map[string]any{"output_index": f.open.index,
			"item_id": f.open.call.ID, "delta": c.Function.Arguments}))
	}
	if d.text == "" {
		return evs
	}
	if f.open == nil || f.open.msg == nil {
		evs = f.openMessage(f.closeItem(evs, "completed"))
	}
	f.open.text.WriteString(d.text)
	return append(evs, f.event("response.output_text.delta", map[string]any{"output_index": f.open.index, "content_index": 0,
		"item_id": f.open.msg.ID, "delta": d.text, "logprobs": []struct{}{}}))
}

// end closes the stream: the open item, then the whole response with its usage. A response
// always has an output item: an empty message when nothing was written.
func (f *responsesFormat) end(results []choiceResult, u usage) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := status(results[0].finish)
	var evs namedEvents
	if f.open == nil && len(f.items) == 0 {
		evs = f.openMessage(evs)
	}
	evs = f.closeItem(evs, st)
	return append(evs, f.event("response."+st, map[string]any{"response": f.object(st, f.items, &u)}))
}

// failure is the Responses API's error event. It carries OpenAI's "error" object as well, which
// is how the official SDKs recognise a failed stream.
func (f *responsesFormat) failure(ae *apiError) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	var param *string
	if ae.Param != "" {
		param = &ae.Param
	}
	return namedEvents{f.event("error", map[string]any{"code": ae.Code, "message": ae.Message, "param": param, "error": ae.body().Error})}
}

// finish and usageChunk are never called: end replaces them.
func (f *responsesFormat) finish(choiceResult) any { return nil }
func (f *responsesFormat) usageChunk(usage) any    { return nil }

// response is the whole answer: the text as a message (omitted when the answer is calls
// alone), then the calls; the last item carries the response's status.
func (f *responsesFormat) response(results []choiceResult, texts []string, _ [][]tokenLogprob, u usage) any {
	st := status(results[0].finish)
	var out []any
	if texts[0] != "" || len(results[0].toolCalls) == 0 {
		out = append(out, message(f.msgID(0), "completed", texts[0], true))
	}
	for _, c := range results[0].toolCalls {
		out = append(out, f.callItem(len(out), c, "completed"))
	}
	switch last := out[len(out)-1].(type) {
	case *outputMessage:
		last.Status = st
	case *functionCallItem:
		last.Status = st
	}
	return f.object(st, out, &u)
}

package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
)

func responsesInput(s string) responses.ResponseNewParamsInputUnion {
	return responses.ResponseNewParamsInputUnion{OfString: openai.String(s)}
}

// TestResponsesClient drives /v1/responses through openai-go's Responses API: a string input or a
// message array, instructions as the system turn, max_output_tokens as the limit (an incomplete
// response when it cuts the output), temperature and top_p to the sampler, and usage with the
// cached prompt tokens. The fake engine answers a chat prompt with its last user message.
func TestResponsesClient(t *testing.T) {
	eng := newFakeEngine()
	eng.cached = 3
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)
	cases := []struct {
		name         string
		params       responses.ResponseNewParams
		text, status string
		prompt       string // the rendered prompt the engine gets
	}{
		{"string input", responses.ResponseNewParams{Model: model, Input: responsesInput("hello")},
			"hello", "completed", "<|im_start|>user\nhello<|im_end|>\n<|im_start|>assistant\n"},
		{"instructions and messages", responses.ResponseNewParams{Model: model, Instructions: openai.String("be brief"),
			Temperature: openai.Float(0.5), TopP: openai.Float(0.9),
			Input: responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{
				responses.ResponseInputItemParamOfMessage("first", responses.EasyInputMessageRoleUser),
				responses.ResponseInputItemParamOfMessage("ok", responses.EasyInputMessageRoleAssistant),
				responses.ResponseInputItemParamOfMessage(responses.ResponseInputMessageContentListParam{
					{OfInputText: &responses.ResponseInputTextParam{Text: "sec"}},
					{OfInputText: &responses.ResponseInputTextParam{Text: "ond"}},
				}, responses.EasyInputMessageRoleUser),
			}}},
			"second", "completed",
			"<|im_start|>system\nbe brief<|im_end|>\n<|im_start|>user\nfirst<|im_end|>\n<|im_start|>assistant\nok<|im_end|>\n<|im_start|>user\nsecond<|im_end|>\n<|im_start|>assistant\n"},
		{"max_output_tokens cuts", responses.ResponseNewParams{Model: model, Input: responsesInput("hello"), MaxOutputTokens: openai.Int(3)},
			"hel", "incomplete", "<|im_start|>user\nhello<|im_end|>\n<|im_start|>assistant\n"},
	}
	for _, tc := range cases {
		before := len(eng.requests())
		resp, err := c.Responses.New(ctx(t), tc.params)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := resp.OutputText(); got != tc.text || string(resp.Status) != tc.status {
			t.Errorf("%s: %q %s, want %q %s", tc.name, got, resp.Status, tc.text, tc.status)
		}
		if tc.status == "incomplete" && resp.IncompleteDetails.Reason != "max_output_tokens" {
			t.Errorf("%s: incomplete_details %+v", tc.name, resp.IncompleteDetails)
		}
		req := eng.requests()[before]
		if want := (byteTok{}).Encode(tc.prompt, false, true); !slices.Equal(req.Prompt, want) {
			t.Errorf("%s: prompt %v, want %q", tc.name, req.Prompt, tc.prompt)
		}
		u := resp.Usage
		if u.InputTokens != int64(len(req.Prompt)) || u.OutputTokens == 0 || u.TotalTokens != u.InputTokens+u.OutputTokens ||
			u.InputTokensDetails.CachedTokens != 3 {
			t.Errorf("%s: usage %+v for a %d-token prompt", tc.name, u, len(req.Prompt))
		}
		if !strings.HasPrefix(resp.ID, "resp_") || resp.Object != "response" || resp.Model != model {
			t.Errorf("%s: envelope %s %s %s", tc.name, resp.ID, resp.Object, resp.Model)
		}
	}
	req := eng.requests()[1]
	if req.Sampling.Temperature != 0.5 || req.Sampling.TopP != 0.9 {
		t.Errorf("sampling %+v, want temperature 0.5 top_p 0.9", req.Sampling)
	}
}

// TestResponsesStream checks the stream's events through openai-go's NewStreaming: created,
// in_progress, the item and part added, deltas that add up to the text, the closing events, and
// response.completed with usage last; sequence numbers count from 0 without a gap; and an engine
// abort ends the stream with an error the client sees.
func TestResponsesStream(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)
	st := c.Responses.NewStreaming(ctx(t), responses.ResponseNewParams{Model: model, Input: responsesInput("hello")})
	var types []string
	var deltas strings.Builder
	var last responses.ResponseStreamEventUnion
	for i := int64(0); st.Next(); i++ {
		ev := st.Current()
		if ev.SequenceNumber != i {
			t.Errorf("event %d (%s) has sequence_number %d", i, ev.Type, ev.SequenceNumber)
		}
		if ev.Type == "response.output_text.delta" {
			deltas.WriteString(ev.Delta)
			if len(types) > 0 && types[len(types)-1] == ev.Type {
				continue
			}
		}
		if ev.Type == "response.output_text.done" && ev.Text != "hello" {
			t.Errorf("output_text.done text %q", ev.Text)
		}
		types = append(types, ev.Type)
		last = ev
	}
	if err := st.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"response.created", "response.in_progress", "response.output_item.added", "response.content_part.added",
		"response.output_text.delta", "response.output_text.done", "response.content_part.done", "response.output_item.done",
		"response.completed"}
	if !slices.Equal(types, want) {
		t.Errorf("events %v, want %v", types, want)
	}
	if deltas.String() != "hello" || last.Response.OutputText() != "hello" || last.Response.Usage.OutputTokens != 6 {
		t.Errorf("deltas %q, final %q usage %+v", deltas.String(), last.Response.OutputText(), last.Response.Usage)
	}

	eng.abortAfter = 2
	st = c.Responses.NewStreaming(ctx(t), responses.ResponseNewParams{Model: model, Input: responsesInput("hello")})
	for st.Next() {
		if ev := st.Current(); ev.Type == "response.completed" {
			t.Error("an aborted stream completed")
		}
	}
	if err := st.Err(); err == nil || !strings.Contains(err.Error(), "request_aborted") {
		t.Errorf("aborted stream: err %v", err)
	}
}

// TestResponsesFraming checks the raw stream: every event has an "event:" line naming its type,
// and the stream ends with the last event, without chat's [DONE].
func TestResponsesFraming(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	resp := env.open(t, context.Background(), http.MethodPost, "/v1/responses", keyAlice, nil, `{"model":"fake-model","input":"hi","stream":true}`)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	var name, lastData string
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			name = v
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		var ev struct{ Type string }
		if err := json.Unmarshal([]byte(data), &ev); err != nil || ev.Type != name {
			t.Fatalf("event %q with data %s", name, data)
		}
		name, lastData = "", data
		n++
	}
	if n < 9 || !strings.Contains(lastData, `"type":"response.completed"`) {
		t.Errorf("%d events, last %s", n, lastData)
	}
}

// TestResponsesRefusals: every option this stateless server cannot honour, and every malformed
// tool, tool choice, text format or input item, is refused with a 400 naming the field, before
// anything runs.
func TestResponsesRefusals(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, nil)
	cases := []struct{ body, param string }{
		{`"store":true`, "store"},
		{`"previous_response_id":"resp_1"`, "previous_response_id"},
		{`"conversation":"conv_1"`, "conversation"},
		{`"background":true`, "background"},
		{`"tools":[{"type":"web_search"}]`, "tools[0].type"},
		{`"tools":[{"type":"function"}]`, "tools[0].name"},
		{`"tools":[{"type":"function","name":"f","parameters":3}]`, "tools[0].parameters"},
		{`"tools":[{"type":"function","name":"f"},{"type":"function","name":"f"}]`, "tools[1].name"},
		{`"tools":{"type":"function","name":"f"}`, "tools"},
		{`"tool_choice":"required"`, "tool_choice"},
		{`"tool_choice":"sometimes"`, "tool_choice"},
		{`"tool_choice":{"type":"allowed_tools","mode":"auto","tools":[]}`, "tool_choice"},
		{`"tools":[{"type":"function","name":"f"}],"tool_choice":{"type":"function","name":"g"}`, "tool_choice"},
		{`"reasoning":{"effort":"high"}`, "reasoning"},
		{`"text":{"format":{"type":"grammar"}}`, "text.format.type"},
		{`"text":{"format":{"type":"json_schema","name":"x"}}`, "text.format.schema"},
		{`"text":{"format":{"type":"json_schema","name":"x","schema":{"not":{}}}}`, "text.format.schema"},
		{`"text":{"format":{"type":"json_object"}},"tools":[{"type":"function","name":"f"}],"tool_choice":"required"`, "text.format"},
		{`"text":{"verbosity":"low"}`, "text.verbosity"},
		{`"include":["message.output_text.logprobs"]`, "include"},
		{`"prompt":{"id":"pmpt_1"}`, "prompt"},
		{`"truncation":"auto"`, "truncation"},
		{`"top_logprobs":2`, "top_logprobs"},
		{`"context_management":[{"type":"compaction"}]`, "context_management"},
		{`"max_output_tokens":0`, "max_output_tokens"},
		{`"temperature":3`, "temperature"},
		{`"top_p":0`, "top_p"},
		{`"input":[]`, "input"},
		{`"input":null`, "input"},
		{`"input":[{"type":"reasoning","summary":[]}]`, "input[0].type"},
		{`"input":[{"type":"function_call_output","output":"x"}]`, "input[0].call_id"},
		{`"input":[{"type":"function_call_output","call_id":"c"}]`, "input[0].output"},
		{`"input":[{"type":"function_call","name":"f","arguments":"{}"}]`, "input[0].call_id"},
		{`"input":[{"type":"function_call","call_id":"c","arguments":"{}"}]`, "input[0].name"},
		{`"input":[{"type":"function_call","call_id":"c","name":"f","arguments":"[1]"}]`, "input[0].arguments"},
		{`"input":[{"role":"tool","content":"x"}]`, "input[0].role"},
		{`"input":[{"role":"user","content":[{"type":"input_image","image_url":"http://x"}]}]`, "input[0].content[0].type"},
		{`"input":[{"role":"user","content":7}]`, "input[0].content"},
		{`"model":"other"`, "model"},
	}
	for _, tc := range cases {
		body := `{"model":"fake-model","input":"hi",` + tc.body + `}`
		switch {
		case strings.HasPrefix(tc.body, `"input"`):
			body = `{"model":"fake-model",` + tc.body + `}`
		case strings.HasPrefix(tc.body, `"model"`):
			body = `{"input":"hi",` + tc.body + `}`
		}
		code, _, raw := env.post("/v1/responses", keyAlice, body)
		var e errorBody
		_ = json.Unmarshal(raw, &e)
		if (code != 400 && code != 404) || e.Error.Param == nil || *e.Error.Param != tc.param {
			t.Errorf("%s: %d %s, want 400 naming %s", tc.body, code, raw, tc.param)
		}
	}
	if n := len(eng.requests()); n != 0 {
		t.Errorf("%d requests reached the engine", n)
	}
	// Values that ask for nothing are accepted.
	code, _, raw := env.post("/v1/responses", keyAlice, `{"model":"fake-model","input":"hi","store":false,"tools":[],"tool_choice":"auto",`+
		`"text":{"format":{"type":"text"},"verbosity":"medium"},"truncation":"disabled","reasoning":{},"metadata":{"k":"v"},"user":"u"}`)
	if code != 200 || !strings.Contains(string(raw), `"metadata":{"k":"v"}`) {
		t.Errorf("neutral options: %d %s", code, raw)
	}
}

package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
)

// TestStructuredOutputs: response_format (chat and completions) and guided_json reach the engine
// as a constraint, whose output here (the fake engine takes the cheapest allowed token) is the
// shortest valid document; unsupported schemas get a 400 naming the keyword.
func TestStructuredOutputs(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)
	schema := map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"},
		"n": map[string]any{"type": "integer"}}, "required": []string{"name", "n"}, "additionalProperties": false}
	chat, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model, MaxCompletionTokens: openai.Int(40),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")},
		ResponseFormat: openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
			JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: "p", Schema: schema, Strict: openai.Bool(true)}}}})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Name *string
		N    *int
	}
	if got := chat.Choices[0].Message.Content; json.Unmarshal([]byte(got), &v) != nil || v.Name == nil || v.N == nil || chat.Choices[0].FinishReason != "stop" {
		t.Fatalf("json_schema: %q finish %q", got, chat.Choices[0].FinishReason)
	}
	obj, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model, MaxCompletionTokens: openai.Int(5),
		Messages:       []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")},
		ResponseFormat: openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONObject: &shared.ResponseFormatJSONObjectParam{}}})
	if err != nil || obj.Choices[0].Message.Content != "{}" {
		t.Fatalf("json_object: %v %+v", err, obj)
	}
	for _, body := range []string{
		`{"model":"` + model + `","prompt":"a","max_tokens":9,"response_format":{"type":"json_schema","json_schema":{"schema":{"enum":["x",[1]]}}}}`,
		`{"model":"` + model + `","prompt":"a","max_tokens":9,"guided_json":{"enum":["x",[1]]}}`,
		`{"model":"` + model + `","prompt":"a","max_tokens":9,"guided_json":"{\"enum\":[\"x\",[1]]}"}`,
	} {
		code, _, raw := env.post("/v1/completions", keyAlice, body)
		if code != 200 || !strings.Contains(string(raw), `"text":"\"x\""`) {
			t.Errorf("%s: %d %s", body, code, raw)
		}
	}
	// Without max_tokens a format gets the rest of the context, not the completions default of 16.
	long := strings.Repeat("y", 20)
	if code, _, raw := env.post("/v1/completions", keyAlice, `{"model":"`+model+`","prompt":"a","guided_json":{"const":"`+long+`"}}`); code != 200 || !strings.Contains(string(raw), `"text":"\"`+long+`\""`) {
		t.Errorf("default max_tokens: %d %s", code, raw)
	}
	n := len(eng.requests())
	for _, tc := range []struct{ body, param, keyword string }{
		{`{"type":"json_schema","json_schema":{"schema":{"type":"string","pattern":"(?!a)"}}}`, "response_format.json_schema.schema", "pattern"},
		{`{"type":"json_schema","json_schema":{"schema":{"type":"object","properties":{"a":{"type":"number","not":{"const":1}}}}}}`, "response_format.json_schema.schema", "not"},
		{`{"type":"yaml"}`, "response_format.type", "yaml"},
	} {
		code, _, raw := env.post("/v1/chat/completions", keyAlice, `{"model":"`+model+`","messages":[{"role":"user","content":"x"}],"response_format":`+tc.body+`}`)
		var e errorBody
		json.Unmarshal(raw, &e)
		if code != 400 || e.Error.Param == nil || *e.Error.Param != tc.param || !strings.Contains(e.Error.Message, tc.keyword) {
			t.Errorf("%s: %d %s", tc.body, code, raw)
		}
	}
	if len(eng.requests()) != n {
		t.Error("a refused schema reached the engine")
	}
}

// TestStructuredOutputsDraft07Tuple: the body the Vercel AI SDK (@ai-sdk/openai-compatible with
// supportsStructuredOutputs, zod 4's draft-07 JSON Schema) sends for generateObject with a
// z.tuple field, byte for byte: items as a list and additionalItems false (issue 37 finding 9,
// refused with a 400 before), and with .rest(z.boolean()), additionalItems a schema. Both are
// served, the tuple whole.
func TestStructuredOutputsDraft07Tuple(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	for _, tc := range []struct{ field, want string }{
		{`{"type":"array","items":[{"type":"number"},{"type":"number"},{"type":"string"}],"additionalItems":false,"minItems":3,"maxItems":3}`, `{"point":[0,0,""]}`},
		{`{"type":"array","items":[{"type":"number"},{"type":"string"}],"additionalItems":{"type":"boolean"},"minItems":2}`, `{"point":[0,""]}`},
	} {
		body := `{"model":"` + model + `","response_format":{"type":"json_schema","json_schema":{"schema":{"$schema":"http://json-schema.org/draft-07/schema#",` +
			`"type":"object","properties":{"point":` + tc.field + `},"required":["point"],"additionalProperties":false},"strict":true,"name":"response"}},` +
			`"messages":[{"role":"user","content":"Give me a point."}]}`
		code, _, raw := env.post("/v1/chat/completions", keyAlice, body)
		var resp struct {
			Choices []struct {
				Message      struct{ Content string }
				FinishReason string `json:"finish_reason"`
			}
		}
		if code != 200 || json.Unmarshal(raw, &resp) != nil || len(resp.Choices) != 1 || resp.Choices[0].Message.Content != tc.want || resp.Choices[0].FinishReason != "stop" {
			t.Errorf("%s: %d %s; want %s", tc.field, code, raw, tc.want)
		}
	}
}

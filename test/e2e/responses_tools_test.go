package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kvwarden/kvwarden/internal/testenv"
)

// responsesToolParams is a Responses request to a ChatML model with e2eTools at temperature t:
// the random-weight model never calls a tool unprompted, so only a forced tool_choice yields calls.
func responsesToolParams(t *testing.T, model string, choice responses.ResponseNewParamsToolChoiceUnion, temperature float64) responses.ResponseNewParams {
	t.Helper()
	var tools []responses.ToolUnionParam
	for _, tl := range e2eTools {
		var params map[string]any
		if err := json.Unmarshal([]byte(tl.params), &params); err != nil {
			t.Fatal(err)
		}
		tools = append(tools, responses.ToolUnionParam{OfFunction: &responses.FunctionToolParam{Name: tl.name, Parameters: params, Strict: openai.Bool(true)}})
	}
	return responses.ResponseNewParams{Model: model, Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("What is the weather in Paris?")},
		Tools: tools, ToolChoice: choice, Temperature: openai.Float(temperature), MaxOutputTokens: openai.Int(200)}
}

func forceFunction(name string) responses.ResponseNewParamsToolChoiceUnion {
	return responses.ResponseNewParamsToolChoiceUnion{OfFunctionTool: &responses.ToolChoiceFunctionParam{Name: name}}
}

// streamResponse reads a Responses stream: the final response, and each function call's
// arguments as its delta events spelled them, checked against their done event.
func streamResponse(t *testing.T, st interface {
	Next() bool
	Current() responses.ResponseStreamEventUnion
	Err() error
}) (responses.Response, map[string]string) {
	t.Helper()
	var final responses.Response
	args := map[string]string{} // by item id
	for st.Next() {
		switch ev := st.Current(); ev.Type {
		case "response.function_call_arguments.delta":
			args[ev.ItemID] += ev.Delta
		case "response.function_call_arguments.done":
			if args[ev.ItemID] != ev.Arguments {
				t.Errorf("item %s: deltas %q, done %q", ev.ItemID, args[ev.ItemID], ev.Arguments)
			}
		case "response.completed", "response.incomplete":
			final = ev.Response
		}
	}
	if err := st.Err(); err != nil {
		t.Fatal(err)
	}
	return final, args
}

// testResponsesTools: on one process, /v1/responses through the official client: a forced
// tool_choice (required, or a named function) yields one function_call item, to an allowed
// function, with arguments valid for its parameters, whole and streamed; the call and its
// output sent back as input items render the prompt chat completions renders for the same turn;
// text.format json_schema output validates against the schema.
func testResponsesTools(t *testing.T, api *apiSuite) {
	qwen, ctx := api.qwen, api.ctx
	schemas := map[string]*jsonschema.Schema{}
	for _, tl := range e2eTools {
		check := tl.check
		if check == "" {
			check = tl.params
		}
		schemas[tl.name] = testenv.CompileSchema(t, check)
	}
	checkCall := func(what string, it responses.ResponseOutputItemUnion, want string) {
		t.Helper()
		call := it.AsFunctionCall()
		sc, ok := schemas[call.Name]
		if it.Type != "function_call" || !ok || (want != "" && call.Name != want) || !strings.HasPrefix(call.CallID, "call_") {
			t.Errorf("%s: item %s", what, it.RawJSON())
			return
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(call.Arguments))
		if err == nil {
			err = sc.Validate(doc)
		}
		if err != nil {
			t.Errorf("%s: %s arguments %q: %v", what, call.Name, call.Arguments, err)
		}
	}
	var lastCall responses.ResponseFunctionToolCall
	for _, c := range []struct {
		name   string
		choice responses.ResponseNewParamsToolChoiceUnion
		want   string
	}{
		{"required", responses.ResponseNewParamsToolChoiceUnion{OfToolChoiceMode: openai.Opt(responses.ToolChoiceOptionsRequired)}, ""},
		{"named", forceFunction("add"), "add"},
	} {
		p := responsesToolParams(t, "qwen2-tiny-random", c.choice, 1)
		res, err := qwen.Responses.New(ctx, p)
		api.must(t, err)
		if len(res.Output) != 1 || res.Status != "completed" {
			t.Fatalf("%s: %s", c.name, res.RawJSON())
		}
		checkCall(c.name, res.Output[0], c.want)
		lastCall = res.Output[0].AsFunctionCall()
		final, args := streamResponse(t, qwen.Responses.NewStreaming(ctx, p))
		if len(final.Output) != 1 || len(args) != 1 {
			t.Fatalf("%s stream: %s, arguments %v", c.name, final.RawJSON(), args)
		}
		checkCall(c.name+" stream", final.Output[0], c.want)
		if got := final.Output[0].AsFunctionCall().Arguments; args[final.Output[0].ID] != got {
			t.Errorf("%s stream: deltas %q, item %q", c.name, args[final.Output[0].ID], got)
		}
	}

	// The agent loop's next turn: the call and its output as input items render the prompt of
	// chat completions' assistant tool_calls and tool message (raw bodies: the keys in one order).
	turn := fmt.Sprintf(`{"model":"qwen2-tiny-random","max_output_tokens":4,"temperature":0,"tools":%s,"input":[
{"role":"user","content":"What is the weather in Paris?"},
{"type":"function_call","call_id":%q,"name":%q,"arguments":%q},
{"type":"function_call_output","call_id":%q,"output":"sunny, 21 degrees"}]}`, toolsJSON(false), lastCall.CallID, lastCall.Name, lastCall.Arguments, lastCall.CallID)
	code, _, body := api.qw.call(t, "POST", "/v1/responses", api.alice, turn)
	var res responses.Response
	if code != 200 || json.Unmarshal(body, &res) != nil {
		t.Fatalf("tool turn: %d %s", code, body)
	}
	chatBody := fmt.Sprintf(`{"model":"qwen2-tiny-random","max_tokens":4,"temperature":0,"tools":%s,"messages":[
{"role":"user","content":"What is the weather in Paris?"},
{"role":"assistant","content":null,"tool_calls":[{"id":%q,"type":"function","function":{"name":%q,"arguments":%q}}]},
{"role":"tool","tool_call_id":%q,"content":"sunny, 21 degrees"}]}`, toolsJSON(true), lastCall.CallID, lastCall.Name, lastCall.Arguments, lastCall.CallID)
	code, _, body = api.qw.call(t, "POST", "/v1/chat/completions", api.alice, chatBody)
	var chat openai.ChatCompletion
	if code != 200 || json.Unmarshal(body, &chat) != nil {
		t.Fatalf("chat: %d %s", code, body)
	}
	if res.Usage.InputTokens != chat.Usage.PromptTokens || res.OutputText() != chat.Choices[0].Message.Content {
		t.Errorf("the tool turn: %d input tokens, %q; chat completions: %d, %q", res.Usage.InputTokens, res.OutputText(), chat.Usage.PromptTokens, chat.Choices[0].Message.Content)
	}

	// text.format json_schema, strict.
	var schema map[string]any
	if err := json.Unmarshal([]byte(e2eSchema), &schema); err != nil {
		t.Fatal(err)
	}
	strict := testenv.CompileSchema(t, e2eSchema)
	fp := responses.ResponseNewParams{Model: "qwen2-tiny-random", Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Describe a person as JSON.")},
		Temperature: openai.Float(1), MaxOutputTokens: openai.Int(300),
		Text: responses.ResponseTextConfigParam{Format: responses.ResponseFormatTextConfigUnionParam{
			OfJSONSchema: &responses.ResponseFormatTextJSONSchemaConfigParam{Name: "person", Schema: schema, Strict: openai.Bool(true)}}}}
	out, err := qwen.Responses.New(ctx, fp)
	api.must(t, err)
	checkDoc(t, strict, "text.format", out.OutputText(), map[responses.ResponseStatus]string{"completed": "stop"}[out.Status])
	final, _ := streamResponse(t, qwen.Responses.NewStreaming(ctx, fp))
	checkDoc(t, strict, "text.format stream", final.OutputText(), map[responses.ResponseStatus]string{"completed": "stop"}[final.Status])
}

// toolsJSON is e2eTools as the Responses API's function tools, or as chat completions' tools.
func toolsJSON(chat bool) string {
	var parts []string
	for _, tl := range e2eTools {
		fn := fmt.Sprintf(`"name":%q,"parameters":%s`, tl.name, tl.params)
		if chat {
			parts = append(parts, `{"type":"function","function":{`+fn+`}}`)
		} else {
			parts = append(parts, `{"type":"function",`+fn+`}`)
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

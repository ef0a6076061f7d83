package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The constrained tools: plain parameters, and zod-style keywords (a pattern, integer bounds).
var e2eTools = []struct{ name, params, check string }{
	{"get_weather", `{"type":"object","properties":{"city":{"type":"string"},"unit":{"enum":["celsius","fahrenheit"]}},"required":["city","unit"],"additionalProperties":false}`, ""},
	{"add", `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}`, ""},
	{"lookup", `{"type":"object","properties":{"id":{"type":"string","pattern":"^[0-9]+$"},"n":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}},"required":["id","n"]}`, ""},
}

// TestToolChoiceConstrained: on chatModel (ChatML, read with the hermes parser), whose
// random weights never write a tool call unprompted, tool_choice "required" and a named function
// still yield exactly one parsed call, to an allowed (or the named) function, with arguments that
// validate against its parameters, and finish
// "tool_calls": for several seeds at temperature 1, whole and streamed.
func TestToolChoiceConstrained(t *testing.T) {
	s := startServer(t, serverOpts{model: chatModel})
	cl := s.client("dev")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var tools []openai.ChatCompletionToolUnionParam
	schemas := map[string]*jsonschema.Schema{}
	for _, tl := range e2eTools {
		var params shared.FunctionParameters
		if err := json.Unmarshal([]byte(tl.params), &params); err != nil {
			t.Fatal(err)
		}
		tools = append(tools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{Name: tl.name, Parameters: params}))
		if tl.check == "" {
			tl.check = tl.params
		}
		schemas[tl.name] = testenv.CompileSchema(t, tl.check)
	}
	check := func(what, want, name, args, finish string) {
		t.Helper()
		sc, ok := schemas[name]
		if !ok || (want != "" && name != want) || finish != "tool_calls" {
			t.Errorf("%s: call to %q (want %q), finish %q", what, name, want, finish)
			return
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(args))
		if err == nil {
			err = sc.Validate(doc)
		}
		if err != nil {
			t.Errorf("%s: %s arguments %q: %v", what, name, args, err)
		}
	}
	for _, choice := range []struct{ name, want string }{{"required", ""}, {"named", "add"}, {"named unsupported schema", "lookup"}} {
		tc := openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("required")}
		if choice.want != "" {
			tc = openai.ToolChoiceOptionFunctionToolChoice(openai.ChatCompletionNamedToolChoiceFunctionParam{Name: choice.want})
		}
		for seed := range int64(4) {
			p := openai.ChatCompletionNewParams{Model: chatModel, Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What is the weather in Paris?")},
				Tools: tools, ToolChoice: tc, Temperature: openai.Float(1), Seed: openai.Int(seed), MaxCompletionTokens: openai.Int(200)}
			what := fmt.Sprintf("%s seed %d", choice.name, seed)
			res, err := cl.Chat.Completions.New(ctx, p)
			if err != nil {
				s.failIfBroken(t)
				t.Fatalf("%s: %v", what, err)
			}
			c := res.Choices[0]
			if len(c.Message.ToolCalls) != 1 {
				t.Errorf("%s: %d calls, content %q", what, len(c.Message.ToolCalls), c.Message.Content)
				continue
			}
			check(what, choice.want, c.Message.ToolCalls[0].Function.Name, c.Message.ToolCalls[0].Function.Arguments, string(c.FinishReason))

			stream := cl.Chat.Completions.NewStreaming(ctx, p)
			var name, args, finish string
			calls := 0
			for stream.Next() {
				for _, ch := range stream.Current().Choices {
					for _, d := range ch.Delta.ToolCalls {
						if d.Function.Name != "" {
							name, calls = d.Function.Name, calls+1
						}
						args += d.Function.Arguments
					}
					if ch.FinishReason != "" {
						finish = ch.FinishReason
					}
				}
			}
			if err := stream.Err(); err != nil {
				t.Fatalf("%s stream: %v", what, err)
			}
			if calls != 1 {
				t.Errorf("%s stream: %d calls", what, calls)
				continue
			}
			check(what+" stream", choice.want, name, args, finish)
		}
	}
}

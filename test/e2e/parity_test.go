package e2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"
)

// sameAnswer compares two answers' JSON with what differs by request left out: ids, call ids,
// timestamps and the system fingerprint (which names the process's kernels).
func sameAnswer(t *testing.T, what, router, single string) {
	t.Helper()
	var r, s any
	if err := json.Unmarshal([]byte(router), &r); err != nil {
		t.Fatalf("%s: router: %v: %s", what, err, router)
	}
	if err := json.Unmarshal([]byte(single), &s); err != nil {
		t.Fatalf("%s: single: %v: %s", what, err, single)
	}
	if !reflect.DeepEqual(withoutIDs(r), withoutIDs(s)) {
		t.Errorf("%s:\nrouter %s\nsingle %s", what, router, single)
	}
}

func withoutIDs(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range []string{"id", "call_id", "item_id", "created", "created_at", "system_fingerprint"} {
			delete(x, k)
		}
		for k, e := range x {
			x[k] = withoutIDs(e)
		}
	case []any:
		for i, e := range x {
			x[i] = withoutIDs(e)
		}
	}
	return v
}

// TestRouterParity: a router started without --model (it learns the model's name, tokenizer and
// chat template from its nodes) in front of a chatModel prefill node and decode node answers what
// the two nodes compute together exactly as one process does, bit for bit (logprobs included):
// structured outputs (response_format, text.format), forced tool calls (chat and /v1/responses,
// whole and every streamed event), and echo with logprobs, through the official client.
func TestRouterParity(t *testing.T) {
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	pre, dec := startNode(t, "prefill", chatModel, tlsDir), startNode(t, "decode", chatModel, tlsDir)
	router := startServer(t, serverOpts{model: chatModel, noModel: true, args: []string{"--role", "router", "--tls-dir", tlsDir,
		"--prefill", pre.addr, "--decode", dec.addr}})
	single := startServer(t, serverOpts{model: chatModel})
	rc, sc := router.client("dev"), single.client("dev")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	page, err := rc.Models.List(ctx)
	if err != nil || len(page.Data) != 1 || page.Data[0].ID != chatModel {
		t.Fatalf("router's models: %v %+v", err, page)
	}

	var schema map[string]any
	if err := json.Unmarshal([]byte(e2eSchema), &schema); err != nil {
		t.Fatal(err)
	}
	var chatTools []openai.ChatCompletionToolUnionParam
	for _, tl := range e2eTools {
		var params shared.FunctionParameters
		if err := json.Unmarshal([]byte(tl.params), &params); err != nil {
			t.Fatal(err)
		}
		chatTools = append(chatTools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{Name: tl.name, Parameters: params}))
	}
	user := []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What is the weather in Paris? Answer as JSON.")}
	chats := map[string]openai.ChatCompletionNewParams{
		// Sampled with a seed and logprobs: only the same mask on both nodes gives the same bits.
		"response_format json_schema": {Model: chatModel, Messages: user, Temperature: openai.Float(1), Seed: openai.Int(5),
			Logprobs: openai.Bool(true), TopLogprobs: openai.Int(2), MaxCompletionTokens: openai.Int(200),
			ResponseFormat: openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: "person", Schema: schema, Strict: openai.Bool(true)}}}},
		"response_format json_object": {Model: chatModel, Messages: user, Temperature: openai.Float(1), Seed: openai.Int(6),
			Logprobs: openai.Bool(true), MaxCompletionTokens: openai.Int(60),
			ResponseFormat: openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONObject: &shared.ResponseFormatJSONObjectParam{}}},
		"forced tool_choice": {Model: chatModel, Messages: user, Tools: chatTools, Temperature: openai.Float(1), Seed: openai.Int(3),
			Logprobs: openai.Bool(true), TopLogprobs: openai.Int(1), MaxCompletionTokens: openai.Int(200),
			ToolChoice: openai.ToolChoiceOptionFunctionToolChoice(openai.ChatCompletionNamedToolChoiceFunctionParam{Name: "get_weather"})},
		"tool_choice required": {Model: chatModel, Messages: user, Tools: chatTools, Temperature: openai.Float(1), Seed: openai.Int(4),
			MaxCompletionTokens: openai.Int(200), ToolChoice: openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("required")}},
	}
	for name, p := range chats {
		r, err := rc.Chat.Completions.New(ctx, p)
		if err != nil {
			router.failIfBroken(t)
			t.Fatalf("%s through the router: %v", name, err)
		}
		s, err := sc.Chat.Completions.New(ctx, p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sameAnswer(t, name, r.RawJSON(), s.RawJSON())
	}

	// Echo with logprobs: the prompt's logprobs come from the prefill node.
	echo := openai.CompletionNewParams{Model: chatModel, Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String("The capital of France is")},
		MaxTokens: openai.Int(5), Temperature: openai.Float(0), Logprobs: openai.Int(2), Echo: openai.Bool(true)}
	r, err := rc.Completions.New(ctx, echo)
	if err != nil {
		router.failIfBroken(t)
		t.Fatalf("echo through the router: %v", err)
	}
	s, err := sc.Completions.New(ctx, echo)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Choices[0].Logprobs.TokenLogprobs) < 6 {
		t.Errorf("echo: %d logprobs", len(r.Choices[0].Logprobs.TokenLogprobs))
	}
	sameAnswer(t, "echo with logprobs", r.RawJSON(), s.RawJSON())

	// /v1/responses: greedy (the API has no seed), whole and every event of the stream.
	textFormat := responses.ResponseNewParams{Model: chatModel, Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Describe a person as JSON.")},
		Temperature: openai.Float(0), MaxOutputTokens: openai.Int(300),
		Text: responses.ResponseTextConfigParam{Format: responses.ResponseFormatTextConfigUnionParam{
			OfJSONSchema: &responses.ResponseFormatTextJSONSchemaConfigParam{Name: "person", Schema: schema, Strict: openai.Bool(true)}}}}
	for name, p := range map[string]responses.ResponseNewParams{
		"responses forced tool":   responsesToolParams(t, chatModel, forceFunction("get_weather"), 0),
		"responses required tool": responsesToolParams(t, chatModel, responses.ResponseNewParamsToolChoiceUnion{OfToolChoiceMode: param.NewOpt(responses.ToolChoiceOptionsRequired)}, 0),
		"responses text.format":   textFormat,
	} {
		r, err := rc.Responses.New(ctx, p)
		if err != nil {
			router.failIfBroken(t)
			t.Fatalf("%s through the router: %v", name, err)
		}
		s, err := sc.Responses.New(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		sameAnswer(t, name, r.RawJSON(), s.RawJSON())
		var events [2][]string
		for i, cl := range []openai.Client{rc, sc} {
			st := cl.Responses.NewStreaming(ctx, p)
			for st.Next() {
				events[i] = append(events[i], st.Current().RawJSON())
			}
			if err := st.Err(); err != nil {
				t.Fatalf("%s stream: %v", name, err)
			}
		}
		if len(events[0]) != len(events[1]) {
			t.Fatalf("%s stream: %d events through the router, %d from one process", name, len(events[0]), len(events[1]))
		}
		for i := range events[0] {
			sameAnswer(t, name+" stream event", events[0][i], events[1][i])
		}
	}
	for _, n := range []*clusterNode{pre, dec} {
		n.waitWhole(t)
	}
}

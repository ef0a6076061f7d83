package e2e

import (
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
)

func testChatTemplate(t *testing.T, api *apiSuite) {
	qwen, ctx := api.qwen, api.ctx
	qv := loadVocab(t, qwenModel)
	for _, id := range []string{"greedy-chat-Hello_world", "greedy-chat-The_capital_of_France_is"} {
		ref := refByID(t, loadRef(t, "qwen2-tiny-random.json"), id)
		p := helloQwen(int64(len(ref.GenIDs)))
		p.Messages = []openai.ChatCompletionMessageParamUnion{openai.UserMessage(ref.Prompt)}
		p.Logprobs = openai.Bool(true)
		p.TopLogprobs = openai.Int(2)
		res, err := qwen.Chat.Completions.New(ctx, p)
		api.must(t, err)
		c := res.Choices[0]
		// The prompt length proves the template was applied (the bare text is 2 or 5 tokens).
		if res.Usage.PromptTokens != int64(len(ref.PromptIDs)) {
			t.Errorf("%s: %d prompt tokens, want %d (the rendered template)", id, res.Usage.PromptTokens, len(ref.PromptIDs))
		}
		if want := qv.text(ref.GenIDs); c.Message.Content != want || c.FinishReason != "length" || c.Message.Role != "assistant" {
			t.Errorf("%s: %q %q, want %q length", id, c.Message.Content, c.FinishReason, want)
		}
		if !strings.HasPrefix(res.ID, "chatcmpl-") || res.Object != "chat.completion" {
			t.Errorf("response: %s", res.RawJSON())
		}
		lp := c.Logprobs.Content
		if len(lp) != len(ref.GenIDs) {
			t.Fatalf("%s: %d logprobs, want %d", id, len(lp), len(ref.GenIDs))
		}
		var joined []byte
		for i, l := range lp {
			for _, b := range l.Bytes {
				joined = append(joined, byte(b))
			}
			if l.Token != qv.tokenString(ref.GenIDs[i]) || len(l.TopLogprobs) != 2 {
				t.Fatalf("%s: token %d: %+v", id, i, l)
			}
			// Greedy: the chosen token is the best alternative.
			if l.TopLogprobs[0].Token != l.Token || l.TopLogprobs[0].Logprob != l.Logprob || l.TopLogprobs[1].Logprob > l.Logprob || l.Logprob > 0 {
				t.Fatalf("%s: token %d alternatives %+v", id, i, l.TopLogprobs)
			}
		}
		if string(joined) != c.Message.Content {
			t.Errorf("%s: logprob bytes %q != content %q", id, joined, c.Message.Content)
		}
	}
}

// testChatTools: tools and a tool-call history reach the real Qwen3 template through the binary
// (the prompt grows by their rendering), answered whole and streamed. The random weights make a
// call unlikely, so the answer is plain content; the parsing is tested on crafted outputs in
// internal/server.
func testChatTools(t *testing.T, api *apiSuite) {
	qwen, ctx := api.qwen, api.ctx
	plain := helloQwen(4)
	base, err := qwen.Chat.Completions.New(ctx, plain)
	api.must(t, err)
	p := helloQwen(4)
	p.Tools = []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
		Name: "get_weather", Description: openai.String("Weather in a city"),
		Parameters: shared.FunctionParameters{"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}}},
	})}
	withTools, err := qwen.Chat.Completions.New(ctx, p)
	api.must(t, err)
	call := openai.ChatCompletionAssistantMessageParam{ToolCalls: []openai.ChatCompletionMessageToolCallUnionParam{{
		OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{ID: "call_1",
			Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: "get_weather", Arguments: `{"city": "Paris"}`}}}}}
	p.Messages = append(p.Messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &call}, openai.ToolMessage("sunny", "call_1"))
	withHistory, err := qwen.Chat.Completions.New(ctx, p)
	api.must(t, err)
	if !(base.Usage.PromptTokens < withTools.Usage.PromptTokens && withTools.Usage.PromptTokens < withHistory.Usage.PromptTokens) {
		t.Errorf("prompt tokens: plain %d, with tools %d, with the call history %d: each should grow",
			base.Usage.PromptTokens, withTools.Usage.PromptTokens, withHistory.Usage.PromptTokens)
	}
	st := qwen.Chat.Completions.NewStreaming(ctx, p)
	acc := openai.ChatCompletionAccumulator{}
	for st.Next() {
		acc.AddChunk(st.Current())
	}
	api.must(t, st.Err())
	if got, want := acc.Choices[0].Message.Content, withHistory.Choices[0].Message.Content; got != want {
		t.Errorf("streamed %q, whole %q", got, want)
	}
}

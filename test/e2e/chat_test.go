package e2e

import (
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
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

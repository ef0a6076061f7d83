package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
)

func testStreamIncludeUsage(t *testing.T, api *apiSuite) {
	stories, ctx := api.stories, api.ctx
	want, err := stories.Completions.New(ctx, greedyStories("Once upon a time", 32))
	api.must(t, err)
	p := greedyStories("Once upon a time", 32)
	p.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
	stream := stories.Completions.NewStreaming(ctx, p)
	var text []string
	var finishes []string
	var usage []openai.CompletionUsage
	for stream.Next() {
		ev := stream.Current()
		if ev.JSON.Usage.Valid() {
			usage = append(usage, ev.Usage)
			if len(ev.Choices) != 0 {
				t.Errorf("usage chunk has choices: %s", ev.RawJSON())
			}
		}
		for _, c := range ev.Choices {
			if c.Text != "" {
				text = append(text, c.Text)
			}
			if c.FinishReason != "" {
				finishes = append(finishes, string(c.FinishReason))
			}
		}
	}
	api.must(t, stream.Err())
	if got := strings.Join(text, ""); got != want.Choices[0].Text || len(text) < 10 {
		t.Errorf("streamed %q in %d pieces, want %q in many", got, len(text), want.Choices[0].Text)
	}
	if !slices.Equal(finishes, []string{"length"}) {
		t.Errorf("finish reasons %q", finishes)
	}
	if len(usage) != 1 || usage[0].PromptTokens != 5 || usage[0].CompletionTokens != 32 || usage[0].TotalTokens != 37 {
		t.Errorf("usage chunks %+v", usage)
	}
}

func testChatStreamIncludeUsage(t *testing.T, api *apiSuite) {
	qwen, ctx := api.qwen, api.ctx
	want, err := qwen.Chat.Completions.New(ctx, helloQwen(12))
	api.must(t, err)
	p := helloQwen(12)
	p.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
	stream := qwen.Chat.Completions.NewStreaming(ctx, p)
	acc := openai.ChatCompletionAccumulator{}
	var roles, finishes []string
	var usage []openai.CompletionUsage
	for stream.Next() {
		ch := stream.Current()
		acc.AddChunk(ch)
		if ch.Object != "chat.completion.chunk" {
			t.Errorf("chunk object %q", ch.Object)
		}
		if ch.JSON.Usage.Valid() {
			usage = append(usage, ch.Usage)
		}
		for _, c := range ch.Choices {
			if c.Delta.Role != "" {
				roles = append(roles, c.Delta.Role)
			}
			if c.FinishReason != "" {
				finishes = append(finishes, c.FinishReason)
			}
		}
	}
	api.must(t, stream.Err())
	if len(acc.Choices) != 1 || acc.Choices[0].Message.Content != want.Choices[0].Message.Content {
		t.Errorf("streamed %+v, want %q", acc.Choices, want.Choices[0].Message.Content)
	}
	if !slices.Equal(roles, []string{"assistant"}) || !slices.Equal(finishes, []string{"length"}) {
		t.Errorf("roles %q, finishes %q", roles, finishes)
	}
	if len(usage) != 1 || usage[0].PromptTokens != want.Usage.PromptTokens || usage[0].CompletionTokens != 12 {
		t.Errorf("usage chunks %+v, want %+v", usage, want.Usage)
	}
}

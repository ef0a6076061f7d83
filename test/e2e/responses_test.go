package e2e

import (
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
)

// testResponses drives /v1/responses on qwen2 through openai-go's Responses API: a greedy answer
// equals the reference chat generation (the input is rendered by the model's template), streamed
// or not, with the template's prompt length as input_tokens; store: true is refused by name.
func testResponses(t *testing.T, api *apiSuite) {
	qwen, ctx := api.qwen, api.ctx
	qv := loadVocab(t, qwenModel)
	ref := refByID(t, loadRef(t, "qwen2-tiny-random.json"), "greedy-chat-Hello_world")
	want := qv.text(ref.GenIDs)
	p := responses.ResponseNewParams{Model: "qwen2-tiny-random", Input: responses.ResponseNewParamsInputUnion{OfString: openai.String(ref.Prompt)},
		MaxOutputTokens: openai.Int(int64(len(ref.GenIDs))), Temperature: openai.Float(0)}
	res, err := qwen.Responses.New(ctx, p)
	api.must(t, err)
	if res.OutputText() != want || res.Status != "incomplete" || res.IncompleteDetails.Reason != "max_output_tokens" {
		t.Errorf("response %q %s, want %q incomplete", res.OutputText(), res.Status, want)
	}
	if res.Usage.InputTokens != int64(len(ref.PromptIDs)) || res.Usage.OutputTokens != int64(len(ref.GenIDs)) {
		t.Errorf("usage %+v, want %d input and %d output tokens", res.Usage, len(ref.PromptIDs), len(ref.GenIDs))
	}

	st := qwen.Responses.NewStreaming(ctx, p)
	var deltas strings.Builder
	var final responses.Response
	for st.Next() {
		switch ev := st.Current(); ev.Type {
		case "response.output_text.delta":
			deltas.WriteString(ev.Delta)
		case "response.incomplete", "response.completed":
			final = ev.Response
		}
	}
	api.must(t, st.Err())
	if deltas.String() != want || final.OutputText() != want || final.Usage.OutputTokens != int64(len(ref.GenIDs)) {
		t.Errorf("stream %q, final %q %+v, want %q", deltas.String(), final.OutputText(), final.Usage, want)
	}

	p.Store = openai.Bool(true)
	_, err = qwen.Responses.New(ctx, p)
	if e := checkAPIError(t, err, 400, "unsupported_parameter", api.qw); e.Param != "store" {
		t.Errorf("store: true: param %q", e.Param)
	}
}

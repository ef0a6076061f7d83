package server

// The chat completions endpoint: its handler, prompt rendering, response shapes and format.

import (
	"net/http"
	"strings"

	"github.com/kvwarden/kvwarden/internal/chat"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

func (s *Server) handleChat(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	p := s.readParams(w, r, rc, parseChat)
	if p == nil {
		return
	}
	ids, e := s.chatToolsPrompt(p.messages, p.templateArgs, p.tools, true)
	if e == nil {
		e = s.constrainTools(p)
	}
	if e == nil && len(ids) == 0 {
		e = badRequest("messages", "the rendered prompt is empty")
	}
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	f := &chatFormat{s.envelope(p, "chatcmpl-"+rc.id)}
	s.generate(w, r, rc, p, [][]int32{ids}, f, true)
}

// chatPrompt renders and tokenizes a chat prompt.
func (s *Server) chatPrompt(msgs []chat.Message, args map[string]any, addGenerationPrompt bool) ([]int32, *apiError) {
	segs, err := s.tmpl.RenderSegments(msgs, addGenerationPrompt, args)
	if err != nil {
		return nil, &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: "messages", Code: "chat_template_error",
			Message: "the model's chat template could not render these messages: " + err.Error(), Reason: "bad_request"}
	}
	return s.tok.EncodeSpans(promptSpans(segs), !templateWritesBOS(segs, tokenText(s.tok, s.tok.BOS()))), nil
}

// promptSpans marks the template's markup as the only text where special tokens are parsed:
// client text in a chat message stays text, so it cannot close its turn and forge another.
func promptSpans(segs []chat.Segment) []tokenizer.Span {
	spans := make([]tokenizer.Span, len(segs))
	for i, sg := range segs {
		spans[i] = tokenizer.Span{Text: sg.Text, Special: !sg.Client}
	}
	return spans
}

// templateWritesBOS reports whether the template's markup starts the prompt with the BOS token,
// so the tokenizer must not add a second one. BOS text at the start of client text is plain text
// and does not count.
func templateWritesBOS(segs []chat.Segment, bos string) bool {
	return bos != "" && len(segs) > 0 && !segs[0].Client && strings.HasPrefix(segs[0].Text, bos)
}

// Chat shapes.

type chatChoice struct {
	Index        int           `json:"index"`
	Message      chatMessage   `json:"message"`
	Logprobs     *chatLogprobs `json:"logprobs"`
	FinishReason string        `json:"finish_reason"`
}

type chatMessage struct {
	Role      string        `json:"role"`
	Content   *string       `json:"content"` // null when the answer is tool calls alone
	Refusal   *string       `json:"refusal"`
	ToolCalls []toolCallOut `json:"tool_calls,omitempty"`
}

type chatChunk = response[chatChunkChoice]

type chatChunkChoice struct {
	Index        int           `json:"index"`
	Delta        chatDelta     `json:"delta"`
	Logprobs     *chatLogprobs `json:"logprobs"`
	FinishReason *string       `json:"finish_reason"`
}

type chatDelta struct {
	Role      string        `json:"role,omitempty"`
	Content   *string       `json:"content,omitempty"`
	ToolCalls []toolCallOut `json:"tool_calls,omitempty"`
}

type chatLogprobs struct {
	Content []chatTokenLogprob `json:"content"`
	Refusal []chatTokenLogprob `json:"refusal"`
}

type chatTokenLogprob struct {
	Token       string           `json:"token"`
	Logprob     float64          `json:"logprob"`
	Bytes       []int            `json:"bytes"`
	TopLogprobs []chatTopLogprob `json:"top_logprobs"`
}

type chatTopLogprob struct {
	Token   string  `json:"token"`
	Logprob float64 `json:"logprob"`
	Bytes   []int   `json:"bytes"`
}

// Chat format. Its methods mirror completionFormat's one by one: the choice shapes differ in every
// field, so a shared generic method would only hide them.

type chatFormat struct{ envelope }

func (f *chatFormat) wrap(c []chatChunkChoice, u *usage) chatChunk {
	return wrap(&f.envelope, "chat.completion.chunk", c, u)
}

func (f *chatFormat) start(index int) any {
	empty := ""
	return f.wrap([]chatChunkChoice{{Index: index, Delta: chatDelta{Role: "assistant", Content: &empty}}}, nil)
}

func (f *chatFormat) chunk(d delta) any {
	if len(d.calls) > 0 {
		return f.wrap([]chatChunkChoice{{Index: d.index, Delta: chatDelta{ToolCalls: d.calls}}}, nil)
	}
	text := d.text
	return f.wrap([]chatChunkChoice{{Index: d.index, Delta: chatDelta{Content: &text}, Logprobs: f.lp(d.logprobs)}}, nil)
}

func (f *chatFormat) finish(r choiceResult) any {
	fr := r.finish
	return f.wrap([]chatChunkChoice{{Index: r.index, FinishReason: &fr}}, nil)
}

func (f *chatFormat) usageChunk(u usage) any { return f.wrap([]chatChunkChoice{}, &u) }

func (f *chatFormat) response(results []choiceResult, texts []string, lps [][]tokenLogprob, u usage) any {
	choices := make([]chatChoice, len(results))
	for i, r := range results {
		msg := chatMessage{Role: "assistant", Content: &texts[i], ToolCalls: r.toolCalls}
		if texts[i] == "" && len(r.toolCalls) > 0 {
			msg.Content = nil
		}
		choices[i] = chatChoice{Index: i, Message: msg, Logprobs: f.lp(lps[i]), FinishReason: r.finish}
	}
	return wrap(&f.envelope, "chat.completion", choices, &u)
}

func (f *chatFormat) lp(l []tokenLogprob) *chatLogprobs {
	if !f.logprobs {
		return nil
	}
	out := &chatLogprobs{Content: []chatTokenLogprob{}}
	for _, t := range l {
		e := chatTokenLogprob{Token: f.s.tokenString(t.id), Logprob: safeLogprob(t.logprob), Bytes: byteInts(f.s.tokenBytes(t.id)), TopLogprobs: []chatTopLogprob{}}
		for _, a := range t.top {
			e.TopLogprobs = append(e.TopLogprobs, chatTopLogprob{Token: f.s.tokenString(a.ID), Logprob: safeLogprob(a.Logprob), Bytes: byteInts(f.s.tokenBytes(a.ID))})
		}
		out.Content = append(out.Content, e)
	}
	return out
}

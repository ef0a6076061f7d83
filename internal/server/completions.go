package server

// The legacy completions endpoint: its handler, response shapes and format.

import "net/http"

func (s *Server) handleCompletions(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	p := s.readParams(w, r, rc, parseCompletion)
	if p == nil {
		return
	}
	prompts := p.ids
	for _, t := range p.texts {
		// Prompt text is plain text unless the client asks for special-token text to be parsed:
		// otherwise text pasted from elsewhere could end the sequence or forge chat markup.
		ids := s.tok.Encode(t, true, p.parseSpecial)
		if len(ids) == 0 {
			s.fail(w, rc, badRequest("prompt", "the prompt is empty"))
			return
		}
		prompts = append(prompts, ids)
	}
	f := &completionFormat{s.envelope(p, "cmpl-"+rc.id)}
	s.generate(w, r, rc, p, prompts, f, false)
}

// Completions shapes.

type completionChoice struct {
	Index        int                 `json:"index"`
	Text         string              `json:"text"`
	Logprobs     *completionLogprobs `json:"logprobs"`
	FinishReason *string             `json:"finish_reason"`
}

type completionLogprobs struct {
	Tokens        []string             `json:"tokens"`
	TokenLogprobs []*float64           `json:"token_logprobs"` // null for an echoed prompt's first token
	TopLogprobs   []map[string]float64 `json:"top_logprobs"`
	TextOffset    []int                `json:"text_offset"` // character (code point) offsets into the choice's text
}

// Completions format.

type completionFormat struct{ envelope }

func (f *completionFormat) wrap(c []completionChoice, u *usage) response[completionChoice] {
	return wrap(&f.envelope, "text_completion", c, u)
}

func (f *completionFormat) start(int) any { return nil }

func (f *completionFormat) chunk(d delta) any {
	return f.wrap([]completionChoice{{Index: d.index, Text: d.text, Logprobs: f.lp(d.logprobs)}}, nil)
}

func (f *completionFormat) finish(r choiceResult) any {
	fr := r.finish
	return f.wrap([]completionChoice{{Index: r.index, FinishReason: &fr}}, nil)
}

func (f *completionFormat) usageChunk(u usage) any { return f.wrap([]completionChoice{}, &u) }

func (f *completionFormat) response(results []choiceResult, texts []string, lps [][]tokenLogprob, u usage) any {
	choices := make([]completionChoice, len(results))
	for i, r := range results {
		fr := r.finish
		choices[i] = completionChoice{Index: i, Text: texts[i], Logprobs: f.lp(lps[i]), FinishReason: &fr}
	}
	return f.wrap(choices, &u)
}

func (f *completionFormat) lp(l []tokenLogprob) *completionLogprobs {
	if !f.logprobs {
		return nil
	}
	out := &completionLogprobs{Tokens: []string{}, TokenLogprobs: []*float64{}, TopLogprobs: []map[string]float64{}, TextOffset: []int{}}
	for _, t := range l {
		out.Tokens = append(out.Tokens, f.s.tokenString(t.id))
		out.TextOffset = append(out.TextOffset, t.offset)
		if t.none {
			out.TokenLogprobs = append(out.TokenLogprobs, nil)
			out.TopLogprobs = append(out.TopLogprobs, nil)
			continue
		}
		v := safeLogprob(t.logprob)
		out.TokenLogprobs = append(out.TokenLogprobs, &v)
		top := make(map[string]float64, len(t.top))
		for _, a := range t.top {
			k := f.s.tokenString(a.ID)
			if _, dup := top[k]; !dup { // alternatives come best first; keep the best of equal texts
				top[k] = safeLogprob(a.Logprob)
			}
		}
		out.TopLogprobs = append(out.TopLogprobs, top)
	}
	return out
}

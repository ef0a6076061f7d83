package chat

// Telling the template's markup from client text.
//
// A rendered prompt is one string, but its parts have different authority: the template's own
// text may hold control tokens (<|im_start|>, <s>, <|eot_id|>) while text a client supplied must
// be encoded as plain text, or a message could close its turn and forge a system turn. The
// template engine cannot track where output bytes come from, so RenderSegments finds out:
//
//  1. Render once with the real strings (the prompt), once with each client string replaced by a
//     sentinel: a random, per-render hex string no client can guess or spell. Split the sentinel
//     rendering into markup and sentinels. If putting the real strings back in place of the
//     sentinels reproduces the prompt byte for byte, the split is exact, and the prompt is
//     exactly the template's rendering for unknown content with the client's strings put in.
//  2. Templates that transform content (trim, split on "</think>", slicing) fail that check.
//     Then the markup pieces are matched against the prompt in order, which yields the
//     transformed strings u; if rendering the template with u in place of the client's strings
//     gives the same prompt, step 1 holds for u: the split is exact for a request the client
//     could have sent, so it grants nothing more.
//  3. Otherwise the markup before the first and after the last client string is kept and
//     everything between is client text: the prompt keeps its frame and loses inner turn
//     markers, but no client text can become a control token. If even the frame does not match,
//     the request is refused.

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Segment is a piece of a rendered prompt.
type Segment struct {
	Text string
	// Client marks text that came from the request: it must be encoded without parsing special
	// tokens. Other text is the template's markup.
	Client bool
}

// plainArg matches template-argument values that cannot spell a control token (every chat
// format delimits those with punctuation such as < | [ >): they are passed as they are, so
// that templates may compare them ({% if reasoning_effort == "high" %}) without a sentinel
// changing the branch taken.
var plainArg = regexp.MustCompile(`^[\p{L}\p{N} _.,:;/+-]*$`)

// sentinelHexLen is the length of a sentinel's random part: 96 bits.
const sentinelHexLen = 24

// RenderSegments renders like Render and splits the result into markup and client text; the
// segments' texts concatenate to exactly Render's result. Client strings are message contents,
// names, string template arguments other than plain words, and the strings of tool definitions,
// tool calls and their arguments other than plain words.
func (t *Template) RenderSegments(msgs []Message, addGenerationPrompt bool, extra map[string]any) ([]Segment, error) {
	prompt, err := t.Render(msgs, addGenerationPrompt, extra)
	if err != nil {
		return nil, err
	}
	var reals []string
	t.data(msgs, addGenerationPrompt, extra, func(s string, always bool) string {
		if isField(s, always) {
			reals = append(reals, s)
		}
		return s
	})
	if len(reals) == 0 {
		return []Segment{{Text: prompt}}, nil
	}
	prefix, err := randomHex()
	if err != nil {
		return nil, err
	}
	sent := make([]string, len(reals))
	for i := range reals {
		sent[i] = prefix + fmt.Sprintf("%08x", i)
	}
	shape, err := t.render(t.data(msgs, addGenerationPrompt, extra, substitute(sent)))
	if err != nil {
		// The template refused content it cannot see; the real strings rendered, so this is
		// a template that inspects content in a way the split cannot follow.
		return nil, &RenderError{errors.New("the template inspects message content in a way that prevents separating it from the template's markup")}
	}
	pieces := splitSentinels(shape, prefix, len(reals))

	// Step 1: the real strings in place of the sentinels, each as printed or JSON-escaped.
	if segs, ok := fillEscaped(pieces, reals, prompt); ok {
		return segs, nil
	}
	// Step 2: the strings as the template printed them.
	if u, ok := matchMarkup(pieces, prompt, reals); ok {
		if again, err := t.render(t.data(msgs, addGenerationPrompt, extra, substitute(u))); err == nil && again == prompt {
			return fill(pieces, u), nil
		}
	}
	// Step 3: keep the frame, the rest is client text.
	first, last := pieces[0], pieces[len(pieces)-1]
	if first.field < 0 && last.field < 0 && len(pieces) > 1 &&
		len(first.text)+len(last.text) <= len(prompt) &&
		strings.HasPrefix(prompt, first.text) && strings.HasSuffix(prompt, last.text) {
		return compact([]Segment{
			{Text: first.text},
			{Text: prompt[len(first.text) : len(prompt)-len(last.text)], Client: true},
			{Text: last.text},
		}), nil
	}
	return nil, &RenderError{errors.New("the template transforms message content in a way that prevents separating it from the template's markup")}
}

// isField reports whether a client string is replaced by a sentinel. Empty strings carry no text
// and are left alone, so that templates testing {% if message.content %} take the same branch.
func isField(s string, always bool) bool {
	return s != "" && (always || !plainArg.MatchString(s))
}

// substitute returns a data substitution putting vals[i] in place of the i-th field.
func substitute(vals []string) func(string, bool) string {
	i := 0
	return func(s string, always bool) string {
		if !isField(s, always) {
			return s
		}
		i++
		return vals[i-1]
	}
}

func randomHex() (string, error) {
	b := make([]byte, sentinelHexLen/2)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("chat template: sentinel: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// printed lists the ways a template prints a string: as it is, or inside a JSON string by tojson
// (Python's escaping, or Go's with HTML escapes for tojson with indent).
func printed(s string) []string {
	out := []string{s}
	for _, html := range []bool{false, true} {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(html)
		if enc.Encode(s) != nil {
			continue
		}
		e := strings.TrimSuffix(b.String(), "\n")
		e = e[1 : len(e)-1]
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

// fillEscaped puts each field's printed form in place of its sentinels such that the result is
// prompt, trying the forms of printed for each occurrence.
func fillEscaped(pieces []piece, reals []string, prompt string) ([]Segment, bool) {
	forms := make([][]string, len(reals))
	for i, r := range reals {
		forms[i] = printed(r)
	}
	chosen := make([]string, len(pieces))
	failed := map[[2]int]bool{} // (piece, position) known not to lead to prompt
	var match func(i, pos int) bool
	match = func(i, pos int) bool {
		if i == len(pieces) {
			return pos == len(prompt)
		}
		if failed[[2]int{i, pos}] {
			return false
		}
		p := pieces[i]
		if p.field < 0 {
			if strings.HasPrefix(prompt[pos:], p.text) && match(i+1, pos+len(p.text)) {
				return true
			}
		} else {
			for _, f := range forms[p.field] {
				if strings.HasPrefix(prompt[pos:], f) && match(i+1, pos+len(f)) {
					chosen[i] = f
					return true
				}
			}
		}
		failed[[2]int{i, pos}] = true
		return false
	}
	if !match(0, 0) {
		return nil, false
	}
	segs := make([]Segment, 0, len(pieces))
	for i, p := range pieces {
		if p.field < 0 {
			segs = append(segs, Segment{Text: p.text})
		} else {
			segs = append(segs, Segment{Text: chosen[i], Client: true})
		}
	}
	return compact(segs), true
}

// piece is markup (field -1) or the place where a field was printed.
type piece struct {
	text  string
	field int
}

// splitSentinels cuts s into markup and sentinel pieces, always starting and ending with markup
// (possibly empty) and alternating. A sentinel is prefix followed by 8 hex digits of a field
// index below n; anything else containing the prefix (a sliced sentinel) stays markup, which
// the real strings can then never reproduce.
func splitSentinels(s, prefix string, n int) []piece {
	var out []piece
	markup := 0
	for i := 0; ; {
		k := strings.Index(s[i:], prefix)
		if k < 0 {
			break
		}
		at := i + k
		end := at + len(prefix) + 8
		if end <= len(s) {
			if idx, err := strconv.ParseUint(s[at+len(prefix):end], 16, 32); err == nil && idx < uint64(n) {
				out = append(out, piece{s[markup:at], -1}, piece{"", int(idx)})
				markup, i = end, end
				continue
			}
		}
		i = at + 1
	}
	return append(out, piece{s[markup:], -1})
}

// fill puts vals in place of the field pieces.
func fill(pieces []piece, vals []string) []Segment {
	segs := make([]Segment, 0, len(pieces))
	for _, p := range pieces {
		if p.field < 0 {
			segs = append(segs, Segment{Text: p.text})
		} else {
			segs = append(segs, Segment{Text: vals[p.field], Client: true})
		}
	}
	return compact(segs)
}

// compact drops empty segments and merges neighbours of the same kind.
func compact(segs []Segment) []Segment {
	out := segs[:0]
	for _, s := range segs {
		switch {
		case s.Text == "":
		case len(out) > 0 && out[len(out)-1].Client == s.Client:
			out[len(out)-1].Text += s.Text
		default:
			out = append(out, s)
		}
	}
	return out
}

func joined(segs []Segment) string {
	var sb strings.Builder
	for _, s := range segs {
		sb.WriteString(s.Text)
	}
	return sb.String()
}

// matchMarkup finds the markup pieces in prompt, in order and leftmost, and returns what lies
// between them as each field's printed value (fields printed nowhere keep vals). It fails when
// the markup is not all there, or a field printed twice got two different values.
func matchMarkup(pieces []piece, prompt string, vals []string) ([]string, bool) {
	u := append([]string(nil), vals...)
	seen := make([]bool, len(vals))
	first, last := pieces[0].text, pieces[len(pieces)-1].text
	if len(pieces) < 3 || len(first)+len(last) > len(prompt) || !strings.HasPrefix(prompt, first) || !strings.HasSuffix(prompt, last) {
		return nil, false
	}
	pos, stop := len(first), len(prompt)-len(last)
	for i := 1; i < len(pieces)-1; i += 2 {
		f, next := pieces[i].field, pieces[i+1]
		end := stop
		if i+1 < len(pieces)-1 {
			k := strings.Index(prompt[pos:stop], next.text)
			if k < 0 {
				return nil, false
			}
			end = pos + k
		}
		v := prompt[pos:end]
		if seen[f] && u[f] != v {
			return nil, false
		}
		u[f], seen[f] = v, true
		pos = end + len(next.text)
	}
	return u, true
}

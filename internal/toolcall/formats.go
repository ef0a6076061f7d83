package toolcall

import (
	"encoding/json"
	"strings"
)

// opened finds the next block that marker opens at or after pos in region: done when only space is
// left, found (with the text after the marker) when the next text is the marker.
func opened(region string, pos int, marker string) (body string, done, found bool) {
	rest := strings.TrimLeft(region[pos:], " \t\r\n")
	if rest == "" {
		return "", true, false
	}
	body, found = strings.CutPrefix(rest, marker)
	return body, false, found
}

// hermes: each call is a JSON object between <tool_call> and </tool_call>.
type hermes struct{}

const hermesOpen, hermesClose = "<tool_call>", "</tool_call>"

func (hermes) Name() string       { return "hermes" }
func (hermes) Markers() []string  { return []string{hermesOpen} }
func (hermes) leadingOnly() bool  { return false }
func (hermes) Controls() []string { return []string{hermesOpen, hermesClose} }

func (hermes) parse(region string, final bool) ([]Call, int, bool) {
	var calls []Call
	pos := 0
	for {
		body, done, ok := opened(region, pos, hermesOpen)
		if done {
			return calls, pos, true
		}
		if !ok {
			return calls, pos, !final
		}
		end := strings.Index(body, hermesClose)
		if end < 0 {
			// A model may end its turn right after the object, without the closing tag.
			c, ok := callJSON([]byte(body))
			if !final || !ok {
				return calls, pos, !final
			}
			return append(calls, c), len(region), true
		}
		c, ok := callJSON([]byte(body[:end]))
		if !ok {
			return calls, pos, false
		}
		calls = append(calls, c)
		pos = len(region) - len(body) + end + len(hermesClose)
	}
}

// llama3: the whole output is one call object, or several separated by ";", written with
// "parameters" (Llama 3.1/3.2's JSON tool calling), possibly after <|python_tag|>.
type llama3 struct{}

const pythonTag = "<|python_tag|>"

func (llama3) Name() string       { return "llama3" }
func (llama3) Markers() []string  { return []string{pythonTag, "{"} }
func (llama3) leadingOnly() bool  { return true }
func (llama3) Controls() []string { return []string{pythonTag} }

func (llama3) parse(region string, final bool) ([]Call, int, bool) {
	if !final {
		return nil, 0, true // a bare object is known to be a call only once the output ends
	}
	body := strings.TrimPrefix(region, pythonTag)
	vals, n := jsonValues(body, ';')
	if len(vals) == 0 || strings.TrimSpace(body[n:]) != "" {
		return nil, 0, false
	}
	calls := make([]Call, 0, len(vals))
	for _, v := range vals {
		c, ok := callJSON(v)
		if !ok {
			return nil, 0, false
		}
		calls = append(calls, c)
	}
	return calls, len(region), true
}

// mistral: [TOOL_CALLS] then a JSON array of call objects (v3 tokenizers), or, from v11 on,
// [TOOL_CALLS]name[ARGS]{...} for each call.
// Its methods repeat hermes's shape on purpose: each format states its markers and its parser
// together, at its own spot.
type mistral struct{}

const mistralOpen, mistralArgs = "[TOOL_CALLS]", "[ARGS]"

func (mistral) Name() string       { return "mistral" }
func (mistral) Markers() []string  { return []string{mistralOpen} }
func (mistral) leadingOnly() bool  { return false }
func (mistral) Controls() []string { return []string{mistralOpen, mistralArgs} }

func (mistral) parse(region string, final bool) ([]Call, int, bool) {
	var calls []Call
	pos := 0
	for {
		body, done, ok := opened(region, pos, mistralOpen)
		if done {
			return calls, pos, true
		}
		if !ok {
			return calls, pos, !final
		}
		at := len(region) - len(body)
		trimmed := strings.TrimLeft(body, " \t\r\n")
		if strings.HasPrefix(trimmed, "[") {
			vals, n := jsonValues(trimmed, 0)
			if len(vals) == 0 {
				return calls, pos, !final
			}
			var objs []json.RawMessage
			if json.Unmarshal(vals[0], &objs) != nil || len(objs) == 0 {
				return calls, pos, false
			}
			for _, o := range objs {
				c, ok := callJSON(o)
				if !ok {
					return calls, pos, false
				}
				calls = append(calls, c)
			}
			pos = at + len(body) - len(trimmed) + n
			continue
		}
		name, args, ok := strings.Cut(body, mistralArgs)
		if !ok || strings.ContainsAny(name, "{}[]\n") || strings.TrimSpace(name) == "" {
			return calls, pos, !final && !strings.ContainsAny(body, "{}\n")
		}
		vals, n := jsonValues(args, 0)
		if len(vals) == 0 {
			return calls, pos, !final
		}
		if len(vals[0]) == 0 || vals[0][0] != '{' {
			return calls, pos, false
		}
		calls = append(calls, Call{Name: strings.TrimSpace(name), Arguments: string(vals[0])})
		pos = at + len(name) + len(mistralArgs) + n
	}
}

// partial reads the <tool_call> blocks begun in region.
func (hermes) partial(region string) []partialCall {
	var out []partialCall
	pos := 0
	for {
		rest := strings.TrimLeft(region[pos:], " \t\r\n")
		body, ok := strings.CutPrefix(rest, hermesOpen)
		if !ok {
			return out
		}
		end := strings.Index(body, hermesClose)
		if end >= 0 {
			body = body[:end]
		}
		p := scanCall(body)
		out = append(out, p)
		if !p.open || end < 0 {
			return out
		}
		pos = len(region) - len(rest) + len(hermesOpen) + end + len(hermesClose)
	}
}

// scanCall reads the start of a call object, {"name": ..., "arguments": {...}}: the name once
// its string is closed, and the arguments object's text so far (open once it began and the name
// is known).
func scanCall(body string) partialCall {
	var p partialCall
	i := skipSpace(body, 0)
	if i >= len(body) || body[i] != '{' {
		return p
	}
	i++
	hasName := false
	for {
		i = skipSpace(body, i)
		if i >= len(body) || body[i] != '"' {
			return p
		}
		kend, ok := scanValue(body, i)
		if !ok {
			return p
		}
		var key string
		if json.Unmarshal([]byte(body[i:kend]), &key) != nil {
			return p
		}
		i = skipSpace(body, kend)
		if i >= len(body) || body[i] != ':' {
			return p
		}
		i = skipSpace(body, i+1)
		if i >= len(body) {
			return p
		}
		vend, complete := scanValue(body, i)
		switch {
		case key == "name" && body[i] == '"' && complete:
			if json.Unmarshal([]byte(body[i:vend]), &p.name) != nil {
				return partialCall{}
			}
			hasName = true
		case (key == "arguments" || key == "parameters") && body[i] == '{':
			p.args, p.open = body[i:vend], hasName
		}
		if !complete {
			return p
		}
		i = skipSpace(body, vend)
		if i >= len(body) || body[i] != ',' {
			return p
		}
		i++
	}
}

func skipSpace(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\r\n", s[i]) >= 0 {
		i++
	}
	return i
}

// scanValue finds the end of the JSON value starting at s[i], or how far it goes (complete
// false) when s ends first. It checks nesting and strings only: the complete call is validated
// with encoding/json.
func scanValue(s string, i int) (int, bool) {
	depth := 0
	inString, escaped := false, false
	start := i
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
				if depth == 0 {
					return i + 1, true
				}
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return i + 1, true
			}
			if depth < 0 {
				return i, true // the end of the enclosing object
			}
		case depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n'):
			return i, i > start
		}
	}
	return i, false
}

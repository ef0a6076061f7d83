// Package toolcall finds tool calls in a model's output text and turns them into OpenAI
// tool_calls. Each model family writes calls its own way; a Format knows one way:
//
//	hermes   <tool_call>{"name": "f", "arguments": {...}}</tool_call>   (Qwen 2.5/3, Hermes, ChatML)
//	llama3   {"name": "f", "parameters": {...}}, optionally after <|python_tag|>   (Llama 3.1/3.2)
//	mistral  [TOOL_CALLS][{"name": "f", "arguments": {...}}]   (Mistral v3 and later)
//
// A Stream reads the output as it is generated: text before a call is content and is released
// at once, except a tail that could be the start of a call's marker; the calls come out as soon
// as each is complete.
package toolcall

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Call is one parsed tool call.
type Call struct {
	Name      string
	Arguments string // a JSON object, as the model wrote it
}

// Format is one model family's tool-call syntax.
type Format interface {
	Name() string
	// Markers are the texts that may open the calls (the Stream holds back their prefixes).
	// Control tokens among them must be given to the Stream as their text.
	Markers() []string
	// Controls are the texts of the format's control tokens, which print nothing: the caller
	// passes their text to the Stream when the model generates them.
	Controls() []string
	// leadingOnly: calls are recognised only when they start the output (Llama 3's bare JSON).
	leadingOnly() bool
	// parse reads the text from a marker on. With final false it returns only the calls known to
	// be complete, and n, how many bytes of region they cover; with final true it parses the
	// whole region, and ok false means the region is not well-formed calls after all.
	parse(region string, final bool) (calls []Call, n int, ok bool)
}

var formats = map[string]Format{"hermes": hermes{}, "llama3": llama3{}, "mistral": mistral{}}

// Names lists the known formats.
func Names() []string {
	names := make([]string, 0, len(formats))
	for n := range formats {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Lookup returns the named format.
func Lookup(name string) (Format, error) {
	f, ok := formats[name]
	if !ok {
		return nil, fmt.Errorf("unknown tool-call parser %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return f, nil
}

// Detect chooses the format a chat template teaches its model, from the markers the template
// writes; models without a tool-aware template get hermes, the ChatML convention.
func Detect(template string) Format {
	switch {
	case strings.Contains(template, "[TOOL_CALLS]"):
		return mistral{}
	case strings.Contains(template, "<tool_call>"):
		return hermes{}
	case strings.Contains(template, "<|python_tag|>") || strings.Contains(template, "<|start_header_id|>"):
		return llama3{}
	}
	return hermes{}
}

// Event is a step of a call in a Stream: its first event names it, the others add to its
// arguments. The arguments' pieces join to the call's JSON text.
type Event struct {
	Call int    // the call's index in the output
	Name string // set on the call's first event only
	Args string
}

// partialCall is a call being written: its name once known, and the text of its arguments
// object so far (the call can be streamed once open).
type partialCall struct {
	name string
	args string
	open bool
}

// incremental formats can show a call before it is complete.
type incremental interface {
	// partial lists the calls begun in region, in order, up to the first not yet open.
	partial(region string) []partialCall
}

// Stream splits generated text into content and tool calls. It is not safe for concurrent use.
type Stream struct {
	f       Format
	held    string // content not yet released: a possible marker prefix, or Llama 3's leading space
	region  string // text from the marker on
	inCalls bool
	started bool   // content other than white space was seen
	calls   []Call // the calls begun, with the arguments sent so far
}

// NewStream starts reading one output.
func NewStream(f Format) *Stream { return &Stream{f: f} }

// Push adds generated text; it returns the content that may be shown now and the calls' new
// events.
func (s *Stream) Push(text string) (string, []Event) {
	if s.inCalls {
		s.region += text
		return "", s.progress()
	}
	s.held += text
	if s.f.leadingOnly() {
		return s.pushLeading()
	}
	at := -1
	for _, m := range s.f.Markers() {
		if i := strings.Index(s.held, m); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at >= 0 {
		content := s.held[:at]
		s.inCalls, s.region, s.held = true, s.held[at:], ""
		return content, s.progress()
	}
	keep := PartialSuffix(s.held, s.f.Markers())
	out := s.held[:len(s.held)-keep]
	s.held = s.held[len(s.held)-keep:]
	return out, nil
}

// pushLeading handles formats whose calls must open the output: leading white space is held
// until the first other character tells whether calls follow.
func (s *Stream) pushLeading() (string, []Event) {
	if s.started {
		out := s.held
		s.held = ""
		return out, nil
	}
	t := strings.TrimLeft(s.held, " \t\r\n")
	if t == "" {
		return "", nil
	}
	for _, m := range s.f.Markers() {
		if strings.HasPrefix(t, m) {
			s.inCalls, s.region, s.held = true, t, ""
			return "", s.progress()
		}
		if strings.HasPrefix(m, t) {
			return "", nil // may still become the marker
		}
	}
	s.started = true
	out := s.held
	s.held = ""
	return out, nil
}

// progress reports what the region shows now: complete calls, then the open one's progress.
func (s *Stream) progress() []Event {
	done, _, _ := s.f.parse(s.region, false)
	var open []partialCall
	if inc, ok := s.f.(incremental); ok {
		open = inc.partial(s.region)
	}
	return s.advance(done, open)
}

// advance brings the calls up to done (complete calls) and open (calls in progress, from the
// first); a call is shown once complete, or once open with its name known.
func (s *Stream) advance(done []Call, open []partialCall) []Event {
	var evs []Event
	for i := 0; ; i++ {
		var name, args string
		switch {
		case i < len(done):
			name, args = done[i].Name, done[i].Arguments
		case i < len(open) && open[i].open:
			name, args = open[i].name, open[i].args
		case i < len(s.calls):
			continue // begun, its text cut short: it keeps what was sent
		default:
			return evs
		}
		if i == len(s.calls) {
			s.calls = append(s.calls, Call{Name: name})
			evs = append(evs, Event{Call: i, Name: name})
		}
		// The arguments grow by appending: both sources slice the same text from its '{'.
		if sent := s.calls[i].Arguments; len(args) > len(sent) && strings.HasPrefix(args, sent) {
			evs = append(evs, Event{Call: i, Args: args[len(sent):]})
			s.calls[i].Arguments = args
		}
	}
}

// Flush ends the output: held text is content, and so is a region that does not parse as calls,
// past the calls already shown.
func (s *Stream) Flush() (string, []Event) {
	content := s.held
	s.held = ""
	if !s.inCalls {
		return content, nil
	}
	done, n, ok := s.f.parse(s.region, true)
	if !ok {
		// Keep what was complete; the rest was not a call, unless a call was begun there.
		done, n, _ = s.f.parse(s.region, false)
	}
	evs := s.advance(done, nil)
	if len(s.calls) == len(done) && strings.TrimSpace(s.region[n:]) != "" {
		content += s.region[n:]
	}
	return content, evs
}

// Calls returns the calls shown so far, with their arguments as sent.
func (s *Stream) Calls() []Call { return s.calls }

// PartialSuffix is the length of the longest suffix of text that is a proper prefix of one of
// marks: the text a stream must hold back until the next piece says whether a mark begins there.
// The server holds stop strings back with it too.
func PartialSuffix(text string, marks []string) int {
	best := 0
	for _, m := range marks {
		for k := min(len(m)-1, len(text)); k > best; k-- {
			if strings.HasSuffix(text, m[:k]) {
				best = k
				break
			}
		}
	}
	return best
}

// callJSON reads one call object: {"name": ..., "arguments"|"parameters": {...}}. Arguments
// given as a JSON string holding an object (some models double-encode) are accepted too.
func callJSON(raw []byte) (Call, bool) {
	var c struct {
		Name       string          `json:"name"`
		Arguments  json.RawMessage `json:"arguments"`
		Parameters json.RawMessage `json:"parameters"`
	}
	if err := json.Unmarshal(raw, &c); err != nil || c.Name == "" {
		return Call{}, false
	}
	args := c.Arguments
	if args == nil {
		args = c.Parameters
	}
	args = bytes.TrimSpace(args)
	if len(args) > 0 && args[0] == '"' {
		var s string
		if json.Unmarshal(args, &s) != nil {
			return Call{}, false
		}
		args = bytes.TrimSpace([]byte(s))
	}
	switch {
	case len(args) == 0 || string(args) == "null":
		args = []byte("{}")
	case args[0] != '{' || !json.Valid(args):
		return Call{}, false
	}
	return Call{Name: c.Name, Arguments: string(args)}, true
}

// jsonValues reads consecutive JSON values from s, each optionally followed by sep and white
// space. It returns the values read whole and the bytes they cover.
func jsonValues(s string, sep byte) ([]json.RawMessage, int) {
	var out []json.RawMessage
	pos := 0
	for {
		rest := strings.TrimLeft(s[pos:], " \t\r\n")
		if rest == "" {
			return out, pos
		}
		if len(out) > 0 {
			if rest[0] != sep {
				return out, pos
			}
			rest = strings.TrimLeft(rest[1:], " \t\r\n")
		}
		start := len(s) - len(rest)
		dec := json.NewDecoder(strings.NewReader(rest))
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return out, pos
		}
		out = append(out, v)
		pos = start + int(dec.InputOffset())
	}
}

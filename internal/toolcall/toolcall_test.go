package toolcall

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

type parseCase struct {
	name, format, out string
	content           string
	calls             []Call
}

var parseCases = []parseCase{
	{"hermes plain text", "hermes", "Hello <tool", "Hello <tool", nil},
	{"hermes one call", "hermes", "Let me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>",
		"Let me check.\n", []Call{{"get_weather", `{"city": "Paris"}`}}},
	{"hermes two calls", "hermes", "<tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call>\n<tool_call>{\"name\": \"b\", \"arguments\": {\"x\": [1, 2]}}</tool_call>",
		"", []Call{{"a", `{}`}, {"b", `{"x": [1, 2]}`}}},
	{"hermes unclosed at end", "hermes", "<tool_call>{\"name\": \"a\", \"arguments\": {\"q\": \"</tool\"}}", "", []Call{{"a", `{"q": "</tool"}`}}},
	{"hermes string arguments", "hermes", "<tool_call>{\"name\": \"a\", \"arguments\": \"{\\\"k\\\": 1}\"}</tool_call>", "", []Call{{"a", `{"k": 1}`}}},
	{"hermes malformed is content", "hermes", "x<tool_call>{\"name\": </tool_call>", "x<tool_call>{\"name\": </tool_call>", nil},
	{"hermes arguments not an object", "hermes", "<tool_call>{\"name\": \"a\", \"arguments\": 3}</tool_call>", "<tool_call>{\"name\": \"a\", \"arguments\": 3}</tool_call>", nil},
	{"hermes cut short keeps its call", "hermes", "<tool_call>{\"name\": \"a\", \"arguments\": {\"q\": 1", "", []Call{{"a", `{"q": 1`}}},
	{"hermes arguments before name", "hermes", "<tool_call>{\"arguments\": {\"q\": \"}\"}, \"name\": \"a\"}</tool_call>", "", []Call{{"a", `{"q": "}"}`}}},
	{"hermes good then bad", "hermes", "<tool_call>{\"name\": \"a\"}</tool_call><tool_call>oops", "<tool_call>oops", []Call{{"a", `{}`}}},
	{"llama3 bare object", "llama3", " {\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}", "", []Call{{"get_weather", `{"city": "Paris"}`}}},
	{"llama3 python tag and two", "llama3", "<|python_tag|>{\"name\": \"a\", \"parameters\": {}}; {\"name\": \"b\", \"parameters\": {\"n\": 1}}", "", []Call{{"a", `{}`}, {"b", `{"n": 1}`}}},
	{"llama3 text", "llama3", "The answer is {x}.", "The answer is {x}.", nil},
	{"llama3 json that is no call", "llama3", "{\"answer\": 42}", "{\"answer\": 42}", nil},
	{"llama3 trailing text", "llama3", "{\"name\": \"a\", \"parameters\": {}} and more", "{\"name\": \"a\", \"parameters\": {}} and more", nil},
	{"mistral v3 array", "mistral", "[TOOL_CALLS] [{\"name\": \"a\", \"arguments\": {\"x\": 1}}, {\"name\": \"b\", \"arguments\": {}}]", "", []Call{{"a", `{"x": 1}`}, {"b", `{}`}}},
	{"mistral v11", "mistral", "Sure. [TOOL_CALLS]a[ARGS]{\"x\": 1}[TOOL_CALLS]b[ARGS]{}", "Sure. ", []Call{{"a", `{"x": 1}`}, {"b", `{}`}}},
	{"mistral text", "mistral", "[TOOL", "[TOOL", nil},
}

// runStream feeds the pieces and rebuilds the calls from the events, checking that each call
// is named by its first event and that Calls agrees.
func runStream(t interface{ Fatalf(string, ...any) }, f Format, pieces []string) (string, []Call) {
	st := NewStream(f)
	var content string
	var calls []Call
	add := func(evs []Event) {
		for _, e := range evs {
			if e.Call == len(calls) {
				if e.Name == "" {
					t.Fatalf("call %d begins without its name: %+v", e.Call, e)
				}
				calls = append(calls, Call{Name: e.Name})
			} else if e.Name != "" || e.Call > len(calls) {
				t.Fatalf("event out of order: %+v", e)
			}
			calls[e.Call].Arguments += e.Args
		}
	}
	for _, p := range pieces {
		c, evs := st.Push(p)
		content += c
		add(evs)
	}
	c, evs := st.Flush()
	add(evs)
	if !slices.Equal(calls, st.Calls()) && len(calls)+len(st.Calls()) > 0 {
		t.Fatalf("events give %v, Calls %v", calls, st.Calls())
	}
	return content + c, calls
}

// TestParse reads crafted outputs whole, and byte by byte as a stream: both give the same
// content and calls.
func TestParse(t *testing.T) {
	for _, tc := range parseCases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Lookup(tc.format)
			if err != nil {
				t.Fatal(err)
			}
			var bytes []string
			for i := range len(tc.out) {
				bytes = append(bytes, tc.out[i:i+1])
			}
			for _, pieces := range [][]string{{tc.out}, bytes} {
				content, calls := runStream(t, f, pieces)
				if content != tc.content || !slices.Equal(calls, tc.calls) {
					t.Errorf("%d pieces: got %q %v, want %q %v", len(pieces), content, calls, tc.content, tc.calls)
				}
			}
		})
	}
}

// TestStreamSplitProperty: however the output is cut into pieces, the stream gives the same
// content and calls as reading it whole, and content before a call is released before the
// call.
func TestStreamSplitProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tc := rapid.SampledFrom(parseCases).Draw(t, "case")
		cuts := rapid.SliceOfN(rapid.IntRange(0, len(tc.out)), 0, 8).Draw(t, "cuts")
		slices.Sort(cuts)
		var pieces []string
		prev := 0
		for _, c := range cuts {
			pieces = append(pieces, tc.out[prev:c])
			prev = c
		}
		pieces = append(pieces, tc.out[prev:])
		f, _ := Lookup(tc.format)
		content, calls := runStream(t, f, pieces)
		if content != tc.content || !slices.Equal(calls, tc.calls) {
			t.Fatalf("pieces %q: got %q %v, want %q %v", pieces, content, calls, tc.content, tc.calls)
		}
	})
}

// TestStreamReleasesEarly: text before a call streams before the call is complete, and a
// complete hermes call comes out before the output ends.
func TestStreamReleasesEarly(t *testing.T) {
	st := NewStream(hermes{})
	if c, _ := st.Push("Checking <tool"); c != "Checking " {
		t.Fatalf("content %q, want the text before the possible marker", c)
	}
	if _, evs := st.Push("_call>{\"name\": \"a\", \"arguments\": {\"q\": \"x"); len(evs) != 2 || evs[0].Name != "a" || evs[1].Args != `{"q": "x` {
		t.Fatalf("events %+v, want the name, then the arguments so far", evs)
	}
	if _, evs := st.Push("y\"}}</tool_call>"); len(evs) != 1 || evs[0].Args != `y"}` {
		t.Fatalf("events %+v, want the rest of the arguments", evs)
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct{ template, want string }{
		{"{{ '<tool_call>' }}", "hermes"},
		{"[TOOL_CALLS]", "mistral"},
		{"<|start_header_id|>{{ '<|python_tag|>' }}", "llama3"},
		{"", "hermes"},
	} {
		if got := Detect(tc.template).Name(); got != tc.want {
			t.Errorf("Detect(%q) = %s, want %s", tc.template, got, tc.want)
		}
	}
	if _, err := Lookup("nope"); err == nil {
		t.Error("Lookup of an unknown parser succeeded")
	}
}

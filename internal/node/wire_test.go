package node

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
	"github.com/kvwarden/kvwarden/internal/testenv/testtok"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// TestJobCarriesSpec: a job carries every field of engine.Spec across the wire unchanged. The
// Spec is filled by reflection, every field and every field of its fields set to a value other
// than its zero, so a field added to Spec is carried (or fails here: a type JSON cannot carry
// exactly, or a request's in-process part, which belongs in engine.Request) without anyone
// remembering this test.
func TestJobCarriesSpec(t *testing.T) {
	var want job
	testenv.FillNonZero(t, "engine.Spec", reflect.ValueOf(&want.Spec).Elem()) // a func or channel in Spec fails here
	want.Dest = &dest{Peer: "10.0.0.2:7070", Transfer: 9, Request: 11, Ticket: transfer.Ticket{1, 2, 3}, Tokens: 40}
	b, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var got job
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("a job changed on the wire:\nsent     %+v\nreceived %+v", want, got)
	}
}

// TestJobWireFormat: the wire format is the one nodes spoke before engine.Spec existed, byte for
// byte, so a router and nodes of either version understand each other (a newer one omits what it
// does not use, and an older node ignores a field it does not know).
func TestJobWireFormat(t *testing.T) {
	full := job{Spec: engine.Spec{Tenant: "uid-1", Prompt: []int32{1, 2}, MaxTokens: 3,
		Sampling: sampler.Params{Temperature: 0.5, TopK: 4, TopP: 0.9, MinP: 0.1, RepetitionPenalty: 1.2, FrequencyPenalty: -1,
			PresencePenalty: 1, Seed: 1 << 60, TopLogprobs: 2}, HasSeed: true, StopTokens: []int32{4}, IgnoreEOS: true,
		LogitBias: map[int32]float32{5: -1.5}, Grammar: &engine.Grammar{Schema: []byte(`{"type":"integer"}`), Prefix: "<a>", Suffix: "</a>"},
		PromptLogprobs: true, Weight: 2},
		Dest: &dest{Peer: "10.0.0.2:7070", Transfer: 9, Request: 11, Ticket: transfer.Ticket{1, 2, 3}, Tokens: 40}}
	for _, tc := range []struct {
		name string
		j    job
		wire string // as the nodes' job encoded it before Spec
	}{
		{"every field", full, `{"Tenant":"uid-1","Prompt":[1,2],"MaxTokens":3,"Sampling":{"Temperature":0.5,"TopK":4,"TopP":0.9,` +
			`"MinP":0.1,"RepetitionPenalty":1.2,"FrequencyPenalty":-1,"PresencePenalty":1,"Seed":1152921504606846976,"TopLogprobs":2},` +
			`"HasSeed":true,"StopTokens":[4],"IgnoreEOS":true,"LogitBias":{"5":-1.5},"Grammar":{"Schema":"eyJ0eXBlIjoiaW50ZWdlciJ9",` +
			`"Prefix":"\u003ca\u003e","Suffix":"\u003c/a\u003e"},"PromptLogprobs":true,"Weight":2,"Dest":{"Peer":"10.0.0.2:7070",` +
			`"Transfer":9,"Request":11,"Ticket":[1,2,3,0,0,0,0,0,0,0,0,0,0,0,0,0],"Tokens":40}}`},
		{"the least", job{Spec: engine.Spec{Tenant: "uid-2", Prompt: []int32{7}, MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}},
			`{"Tenant":"uid-2","Prompt":[7],"MaxTokens":1,"Sampling":{"Temperature":0,"TopK":0,"TopP":0,"MinP":0,"RepetitionPenalty":0,` +
				`"FrequencyPenalty":0,"PresencePenalty":0,"Seed":0,"TopLogprobs":-1},"HasSeed":false,"StopTokens":null,"IgnoreEOS":false,"Weight":0}`},
	} {
		b, err := json.Marshal(tc.j)
		if err != nil || string(b) != tc.wire {
			t.Errorf("%s: encoded as\n%s (%v)\nwant\n%s", tc.name, b, err, tc.wire)
		}
		var back job
		if err := json.Unmarshal([]byte(tc.wire), &back); err != nil || !reflect.DeepEqual(back, tc.j) {
			t.Errorf("%s: the old encoding decodes as %+v (%v)", tc.name, back, err)
		}
	}
}

// TestRouterRefusesUnroutable: what a job cannot carry to the nodes is refused by the router, not
// dropped: embeddings, LoRA weights without the fingerprint the nodes find theirs by, and a
// constraint without the grammar the nodes would build it from.
func TestRouterRefusesUnroutable(t *testing.T) {
	base := engine.Spec{Tenant: "uid-1", Prompt: []int32{1}, MaxTokens: 1}
	for _, tc := range []struct {
		name string
		req  engine.Request
		want bool
	}{
		{"plain", engine.Request{Spec: base}, false},
		{"embed", engine.Request{Spec: func() engine.Spec { s := base; s.Embed = true; return s }()}, true},
		{"dimensions", engine.Request{Spec: func() engine.Spec { s := base; s.Dimensions = 8; return s }()}, true},
		{"constraint alone", engine.Request{Spec: base, Constraint: refusedConstraint{}}, true},
		{"constraint with its grammar", engine.Request{Spec: func() engine.Spec { s := base; s.Grammar = &engine.Grammar{}; return s }(),
			Constraint: refusedConstraint{}}, false},
		{"LoRA adapter", engine.Request{Spec: func() engine.Spec { s := base; s.Adapter = &engine.AdapterRef{Scale: 1}; return s }()}, false},
		{"LoRA weights alone", engine.Request{Spec: base, LoRA: &model.Adapter{}}, true},
		{"LoRA weights of another fingerprint", engine.Request{Spec: func() engine.Spec { s := base; s.Adapter = &engine.AdapterRef{Scale: 1}; return s }(),
			LoRA: &model.Adapter{Fingerprint: [32]byte{1}}}, true},
	} {
		if got := unroutable(tc.req) != ""; got != tc.want {
			t.Errorf("%s: refused %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestVocabularyExact: a tokenizer rebuilt from what a node sends is its tokenizer: the same
// configuration, byte for byte, scores bit for bit.
func TestVocabularyExact(t *testing.T) {
	_, demo, _ := testmodel.Open(t, testmodel.Demo)
	chatML, _ := testtok.ChatML(t)
	for name, tok := range map[string]*tokenizer.Tokenizer{"demo (SentencePiece)": demo, "ChatML (BPE)": chatML} {
		want := tok.Config()
		b, err := json.Marshal(vocabOf(want))
		if err != nil {
			t.Fatal(err)
		}
		var v vocabulary
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if got := v.config(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the tokenizer configuration changed on the wire", name)
		}
	}
}

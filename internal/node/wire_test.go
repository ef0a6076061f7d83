package node

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// TestJobCarriesRequest: every field of engine.Request either crosses the wire to the nodes (set
// alone, it comes back the same through jobOf, JSON and request), or makes the router refuse the
// request, or is the router's own to honour (OnEnd). A field added to engine.Request fails here
// until it is one of them, so the router never drops a request field silently.
func TestJobCarriesRequest(t *testing.T) {
	carried := map[string]any{
		"Tenant": "uid-1", "Prompt": []int32{1, 2}, "MaxTokens": 3, "HasSeed": true, "StopTokens": []int32{4},
		"Sampling": sampler.Params{Temperature: 0.5, TopK: 4, TopP: 0.9, MinP: 0.1, RepetitionPenalty: 1.2, FrequencyPenalty: -1,
			PresencePenalty: 1, Seed: 1 << 60, TopLogprobs: 2},
		"LogitBias": map[int32]float32{5: -1.5}, "Grammar": &engine.Grammar{Schema: []byte(`{"type":"integer"}`), Prefix: "<a>", Suffix: "</a>"},
		"PromptLogprobs": true, "IgnoreEOS": true, "Weight": 2,
	}
	refused := map[string]any{"Embed": true, "Dimensions": 8, "Constraint": refusedConstraint{}}
	routers := map[string]bool{"OnEnd": true} // the routed stream calls it (routed.onEnd)
	rt := reflect.TypeFor[engine.Request]()
	for i := range rt.NumField() {
		name := rt.Field(i).Name
		var req engine.Request
		switch {
		case carried[name] != nil:
			reflect.ValueOf(&req).Elem().Field(i).Set(reflect.ValueOf(carried[name]))
			b, err := json.Marshal(jobOf(req))
			var j job
			if err == nil {
				err = json.Unmarshal(b, &j)
			}
			if got := reflect.ValueOf(j.request()).Field(i).Interface(); err != nil || !reflect.DeepEqual(got, carried[name]) {
				t.Errorf("engine.Request.%s: %v sent, %v received (%v)", name, carried[name], got, err)
			}
		case refused[name] != nil:
			req.Tenant, req.Prompt, req.MaxTokens = "uid-1", []int32{1}, 1
			reflect.ValueOf(&req).Elem().Field(i).Set(reflect.ValueOf(refused[name]))
			if unroutable(req) == "" {
				t.Errorf("engine.Request.%s: the router neither carries nor refuses it", name)
			}
		case routers[name]:
		default:
			t.Errorf("engine.Request.%s is neither carried to the nodes nor refused by the router: carry it in job, or refuse it in unroutable", name)
		}
	}
}

// TestVocabularyExact: a tokenizer rebuilt from what a node sends is its tokenizer: the same
// configuration, byte for byte, scores bit for bit.
func TestVocabularyExact(t *testing.T) {
	for _, name := range []string{testmodel.Demo, "qwen2-tiny-random.gguf"} {
		_, tok, _ := testmodel.Open(t, name)
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

package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// randomAdapter writes a rank-4 LoRA adapter on every projection of m with the GGUF writer, its
// values N(0, 0.05²) from seed, and loads it.
func randomAdapter(t *testing.T, m *model.Model, seed uint64) *model.Adapter {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 36))
	b := gguf.NewBuilder()
	b.AddString("general.architecture", m.Arch)
	b.AddString("general.type", "adapter")
	b.AddString("adapter.type", "lora")
	b.AddFloat32("adapter.lora.alpha", 8)
	add := func(name string, cols, rows int) {
		data := make([]byte, 4*cols*rows)
		for i := 0; i < cols*rows; i++ {
			binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(float32(rng.NormFloat64()*0.05)))
		}
		b.AddTensor(name, tensor.F32, []uint64{uint64(cols), uint64(rows)}, data)
	}
	for l := range m.Blocks {
		ly := &m.Blocks[l]
		for _, p := range []struct {
			name string
			w    *tensor.Matrix
		}{{"attn_q", ly.Wq}, {"attn_k", ly.Wk}, {"attn_v", ly.Wv}, {"attn_output", ly.Wo}, {"ffn_gate", ly.Gate}, {"ffn_up", ly.Up}, {"ffn_down", ly.Down}} {
			name := fmt.Sprintf("blk.%d.%s.weight", l, p.name)
			add(name+".lora_a", p.w.Cols, 4)
			add(name+".lora_b", 4, p.w.Rows)
		}
	}
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	a, err := model.ParseAdapter(buf.Bytes(), m)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// withAdapter is r running with adapter a (nil: none) at scale.
func withAdapter(r Request, a *model.Adapter, scale float32) Request {
	if a != nil {
		r.Adapter, r.LoRA = &AdapterRef{Fingerprint: a.Fingerprint, Scale: scale}, a
	}
	return r
}

// runAdapted runs prompt greedily for tenant with adapter a at scale, returning the ids and the
// prompt tokens served from the prefix cache.
func runAdapted(t *testing.T, e *Engine, tenant string, prompt []int32, a *model.Adapter, scale float32) ([]int32, int) {
	t.Helper()
	st := mustSubmit(t, e, withAdapter(Request{Spec: Spec{Tenant: tenant, Prompt: prompt, MaxTokens: 8, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}, a, scale))
	var ids []int32
	for ev := range st.Events() {
		for _, tk := range ev.Tokens {
			ids = append(ids, tk.ID)
		}
		if ev.Done {
			if ev.Err != nil {
				t.Fatal(ev.Err)
			}
			return ids, ev.Usage.CachedTokens
		}
	}
	t.Fatal("no terminal event")
	return nil, 0
}

// TestPrefixCacheIsPerAdapter is a tenant (or anyone sharing its key) probing the prefix cache
// across LoRA adapters, as in vLLM #30931 and SGLang #24638: after a victim's request under
// adapter x, the same prompt under adapter y, under x at another scale or with no adapter hits
// nothing, and gets exactly what a fresh engine computes; x again hits, so the cache is on.
func TestPrefixCacheIsPerAdapter(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	e := startEngine(t, m, tok, testConfig, nil)
	x, y := randomAdapter(t, m, 1), randomAdapter(t, m, 2)
	prompt := make([]int32, 3*e.Info().PageTokens+5)
	for i := range prompt {
		prompt[i] = int32(3 + i*7%200)
	}
	fresh := func(a *model.Adapter, scale float32) []int32 {
		ids, _ := runAdapted(t, startEngine(t, m, tok, testConfig, nil), "a", prompt, a, scale)
		return ids
	}
	victim, _ := runAdapted(t, e, "a", prompt, x, 1)
	if slices.Equal(victim, fresh(nil, 0)) {
		t.Fatal("the adapter does not change the output: the test would prove nothing")
	}
	for _, c := range []struct {
		name    string
		adapter *model.Adapter
		scale   float32
	}{{"adapter y", y, 1}, {"adapter x at scale 0.5", x, 0.5}, {"no adapter", nil, 0}} {
		ids, cached := runAdapted(t, e, "a", prompt, c.adapter, c.scale)
		if cached != 0 {
			t.Errorf("%s: %d prompt tokens came from adapter x's cache entries", c.name, cached)
		}
		if want := fresh(c.adapter, c.scale); !slices.Equal(ids, want) {
			t.Errorf("%s: %v, a fresh engine gives %v", c.name, ids, want)
		}
	}
	ids, cached := runAdapted(t, e, "a", prompt, x, 0) // 0 is scale 1
	if cached == 0 || !slices.Equal(ids, victim) {
		t.Errorf("adapter x again: %d cached tokens, ids %v; want a hit and %v", cached, ids, victim)
	}
}

// TestAdapterRefused: an adapter loaded against another model, weights that are not those the
// fingerprint names, either half alone and a non-finite scale are refused before admission.
func TestAdapterRefused(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	other, _ := loadModel(t, "dummy:llama,dim=64,layers=2,heads=4,kv_heads=1,ffn=96,vocab=512,ctx=512,type=f32,seed=3")
	good, second := randomAdapter(t, e.m, 1), randomAdapter(t, e.m, 2)
	base := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 2, 3}, MaxTokens: 2, Sampling: sampler.Params{TopLogprobs: -1}}}
	for _, c := range []struct {
		name string
		r    Request
	}{
		{"another model's adapter", withAdapter(base, randomAdapter(t, other, 1), 1)},
		{"another adapter's weights", func() Request { r := withAdapter(base, good, 1); r.LoRA = second; return r }()},
		{"a fingerprint without weights", func() Request { r := withAdapter(base, good, 1); r.LoRA = nil; return r }()},
		{"weights without a fingerprint", func() Request { r := withAdapter(base, good, 1); r.Adapter = nil; return r }()},
		{"a NaN scale", withAdapter(base, good, float32(math.NaN()))},
		{"an infinite scale", withAdapter(base, good, float32(math.Inf(1)))},
	} {
		_, err := e.Submit(context.Background(), c.r)
		if rej, ok := err.(*RejectError); !ok || rej.Reason != kvtypes.RejectInvalid {
			t.Errorf("%s: %v, want a rejection as invalid", c.name, err)
		}
	}
}

// TestShadowVerifiesAdaptedAnswers: a shadow re-run uses the request's adapter and scale, so
// adapted answers, batched with other adapters' and none, their prompts chunked over several steps,
// verify bit for bit (tokens and logprobs) against their references run alone; a re-run that lost
// the adapter would report every adapted one as a mismatch.
func TestShadowVerifiesAdaptedAnswers(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	e := startEngine(t, m, tok, testConfig, shadowOn)
	x, y := randomAdapter(t, m, 1), randomAdapter(t, m, 2)
	var streams []Stream
	for i, a := range []*model.Adapter{x, y, nil, x, y, nil} {
		prompt := make([]int32, 20+25*i) // up to 145 tokens: chunked over steps of 64
		for j := range prompt {
			prompt[j] = int32(3 + (i*31+j*7)%300)
		}
		r := Request{Spec: Spec{Tenant: "a", Prompt: prompt, MaxTokens: 6, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: 2}}}
		streams = append(streams, mustSubmit(t, e, withAdapter(r, a, 0.5*float32(1+i%2))))
	}
	for _, st := range streams {
		consume(st, 0)
	}
	st := waitShadow(t, e)
	if st.Mismatches != 0 || st.Verified != uint64(len(streams)) {
		t.Errorf("%d verified, %d mismatches of %d answers", st.Verified, st.Mismatches, len(streams))
	}
}

// TestAdaptedRequestsSurvivePreemption: in a pool too small for every request at once, adapted
// requests preempted and computed again give the tokens and logprobs they give alone, bit for bit.
func TestAdaptedRequestsSurvivePreemption(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	x, y := randomAdapter(t, m, 1), randomAdapter(t, m, 2)
	adapters := []*model.Adapter{x, y, nil, x, y, nil, x, y}
	request := func(i int) Request {
		prompt := make([]int32, 40+9*i)
		for j := range prompt {
			prompt[j] = int32(3 + (i*37+j*11)%300)
		}
		r := Request{Spec: Spec{Tenant: fmt.Sprintf("t%d", i%3), Prompt: prompt, MaxTokens: 24, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: 1}}}
		return withAdapter(r, adapters[i], 0.5+float32(i%2))
	}
	alone := startEngine(t, m, tok, testConfig, nil)
	want := make([]result, len(adapters))
	for i := range adapters {
		want[i] = drain(mustSubmit(t, alone, request(i)))
	}
	// About 176 tokens of KV (the demo model's 512 bytes a token, less page headers): room for one
	// or two of the requests (up to 127 tokens each) at a time.
	tight := startEngine(t, m, tok, testConfig, func(c *Config) { c.KVMemBytes, c.MaxContext = 100<<10, 160 })
	streams := make([]Stream, len(adapters))
	for i := range adapters {
		streams[i] = mustSubmit(t, tight, request(i))
	}
	for i, st := range streams {
		if got := drain(st); got.err != nil || !reflect.DeepEqual(got.toks, want[i].toks) {
			t.Errorf("request %d (adapter %v): %v, %d tokens differ from its run alone", i, adapters[i] != nil, got.err, len(got.toks))
		}
	}
	if p := tight.Stats().Preemptions; p == 0 {
		t.Fatal("no request was preempted: the pool is not tight enough for the test to prove anything")
	}
}

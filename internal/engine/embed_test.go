package engine

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

const embedSpec = "dummy:llama,dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=512,ctx=256,type=f32,seed=3"

// embedEngine serves a generated model whose metadata says pooling (mean or last; "" generative).
func embedEngine(t *testing.T, pooling string, mutate func(*Config)) (*Engine, *model.Model) {
	t.Helper()
	spec := embedSpec
	if pooling != "" {
		spec += ",pooling=" + pooling
	}
	m, tok := loadModel(t, spec)
	return startEngine(t, m, tok, testConfig, mutate), m
}

func embed(t *testing.T, e *Engine, tenant string, prompt []int32) ([]float32, Usage) {
	t.Helper()
	st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: tenant, Prompt: prompt, Embed: true}})
	if err != nil {
		t.Fatal(err)
	}
	var out []float32
	var u Usage
	for ev := range st.Events() {
		if len(ev.Tokens) > 0 {
			t.Errorf("an embedding request streamed tokens %v", ev.Tokens)
		}
		if ev.Done {
			if ev.Err != nil {
				t.Fatal(ev.Err)
			}
			out, u = ev.Embedding, ev.Usage
		}
	}
	return out, u
}

// directHidden runs the prompt through the model on a pool of its own, in one chunk, and returns
// the pooled hidden state normalised: what the engine must deliver.
func directHidden(t *testing.T, m *model.Model, prompt []int32, mean bool) []float32 {
	t.Helper()
	pool := tensor.NewPool(2)
	defer pool.Close()
	cache := newCache(t, m, tensor.F32)
	tenant := kvtypes.TenantKey{9}
	var pages []kvtypes.PageRef
	for p := range (len(prompt) + 15) / 16 {
		ref := kvtypes.PageRef{Page: kvtypes.PageID(p), Gen: 1}
		if err := cache.Stamp(ref.Page, kvtypes.Header{Tenant: tenant, Request: 1, Gen: 1, Written: true}); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, ref)
	}
	out := make([]float32, m.Dim)
	ws := m.NewWorkspace(pool, 256, 1, 256)
	if errs := m.Forward(pool, cache, ws, []model.Seq{{Tokens: prompt, Pages: pages, Tenant: tenant, Hidden: out, HiddenSum: mean}}, nil); errs != nil {
		t.Fatal(errs)
	}
	model.Normalize(out)
	return out
}

// TestEmbeddings: an embedding is the model's pooled final hidden state (last or mean, per the
// metadata), unit length, bit-identical whether computed alone or batched with generations and
// other embeddings, in one chunk or several; it streams no token, charges its prompt, and its
// pages go back to the pool. (Seq.Hidden itself is checked against the float64 reference in
// internal/model.)
func TestEmbeddings(t *testing.T) {
	prompt := []int32{1, 300, 301, 302, 17, 18, 19, 20, 21, 22, 23, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50}
	for _, pooling := range []string{"last", "mean"} {
		t.Run(pooling, func(t *testing.T) {
			e, m := embedEngine(t, pooling, nil)
			if info := e.Info(); info.Pooling != pooling || info.EmbeddingDim != m.Dim {
				t.Fatalf("info pooling %q dim %d", info.Pooling, info.EmbeddingDim)
			}
			want := directHidden(t, m, prompt, pooling == "mean")
			alone, u := embed(t, e, "a", prompt)
			if u.PromptTokens != len(prompt) || u.CachedTokens != 0 {
				t.Errorf("usage %+v", u)
			}
			if !slices.Equal(alone, want) {
				t.Fatalf("engine embedding differs from the model's pooled hidden state:\n%v\n%v", alone, want)
			}
			var norm float64
			for _, v := range alone {
				norm += float64(v) * float64(v)
			}
			if math.Abs(norm-1) > 1e-6 {
				t.Errorf("squared norm %v", norm)
			}
			// Small steps chunk the prompt; other requests share the batches.
			chunked, _ := embedEngine(t, pooling, func(c *Config) { c.StepTokens, c.MaxRunning = 5, 4 })
			var wg sync.WaitGroup
			for k := range 3 {
				wg.Go(func() { run(t, chunked, "b", []int32{1, int32(60 + k), 61, 62}, 20) })
				wg.Go(func() { embed(t, chunked, "c", []int32{1, int32(70 + k), 71}) })
			}
			got, _ := embed(t, chunked, "a", prompt)
			wg.Wait()
			if !slices.Equal(got, alone) {
				t.Errorf("chunked and batched embedding differs")
			}
			// Dimensions keeps the leading values, renormalised.
			st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: prompt, Embed: true, Dimensions: 16}})
			if err != nil {
				t.Fatal(err)
			}
			var short []float32
			for ev := range st.Events() {
				short = ev.Embedding
			}
			trunc := append([]float32(nil), alone[:16]...)
			model.Normalize(trunc)
			if len(short) != 16 || relDiff(short, trunc) > 1e-6 {
				t.Errorf("dimensions 16: %v, want %v", short, trunc)
			}
			other, _ := embed(t, e, "a", prompt[:10])
			if slices.Equal(other, alone) {
				t.Errorf("different prompts, same embedding")
			}
			// Again, now that a prefix cache could serve it: it must not.
			again, u := embed(t, e, "a", prompt)
			if !slices.Equal(again, alone) || u.CachedTokens != 0 {
				t.Errorf("second embedding differs or came from the cache (%+v)", u)
			}
			assertPoolWhole(t, e)
			assertPoolWhole(t, chunked)
		})
	}
}

// TestEmbeddingsRefusedByGenerativeModel: without pooling_type (or an override) there are no
// embeddings; Config.Pooling serves them from any model.
func TestEmbeddingsRefusedByGenerativeModel(t *testing.T) {
	e, _ := embedEngine(t, "", nil)
	_, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 2, 3}, Embed: true, Sampling: sampler.Params{TopLogprobs: -1}}})
	var rej *RejectError
	if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectInvalid || e.Info().Pooling != "" {
		t.Fatalf("err %v, pooling %q", err, e.Info().Pooling)
	}
	forced, m := embedEngine(t, "", func(c *Config) { c.Pooling = model.PoolLast })
	got, _ := embed(t, forced, "a", []int32{1, 2, 3})
	if want := directHidden(t, m, []int32{1, 2, 3}, false); !slices.Equal(got, want) {
		t.Errorf("forced last pooling: %v, want %v", got, want)
	}
	if _, err := New(m, nil, Config{Pooling: model.PoolCLS}); err == nil {
		t.Error("cls pooling accepted")
	}
}

func relDiff(a, b []float32) float64 {
	var d float64
	for i := range a {
		d = max(d, math.Abs(float64(a[i])-float64(b[i])))
	}
	return d
}

// newCache is a KV pool of 16 pages of 16 tokens shaped for m, for running m directly; it is
// closed when the test ends.
func newCache(t testing.TB, m *model.Model, dtype tensor.DType) *kv.Pool {
	t.Helper()
	cache, err := kv.NewPool(kv.Config{Layers: m.Layers, KVHeads: m.KVHeads, HeadDim: m.HeadDim, PageTokens: 16, DType: dtype, Pages: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cache.Close() })
	return cache
}

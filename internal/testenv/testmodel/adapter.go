package testmodel

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// AdapterSpec describes a random LoRA adapter for a test: rank Rank (default 4) on attn_q and
// attn_v of every block, alpha 8, values N(0, 0.1²) drawn from Seed. NaN puts a NaN in
// blk.0.attn_q.weight.lora_a, which the loader must refuse.
type AdapterSpec struct {
	Seed uint64
	Rank int
	NaN  bool
}

// WriteAdapter writes an adapter for m, in llama.cpp's GGUF adapter format, into a temporary
// folder of the test and returns its path.
func WriteAdapter(t testing.TB, m *model.Model, spec AdapterSpec) string {
	t.Helper()
	rank := 4
	if spec.Rank > 0 {
		rank = spec.Rank
	}
	rng := rand.New(rand.NewPCG(spec.Seed, 36))
	b := gguf.NewBuilder()
	b.AddString("general.architecture", m.Arch)
	b.AddString("general.type", "adapter")
	b.AddString("adapter.type", "lora")
	b.AddFloat32("adapter.lora.alpha", 8)
	for l := range m.Blocks {
		for _, pw := range []struct {
			proj string
			w    *tensor.Matrix
		}{{"attn_q", m.Blocks[l].Wq}, {"attn_v", m.Blocks[l].Wv}} {
			proj, w := pw.proj, pw.w
			name := fmt.Sprintf("blk.%d.%s.weight", l, proj)
			a := randomF32(rng, w.Cols*rank)
			if spec.NaN && l == 0 && proj == "attn_q" {
				a[1] = float32(math.NaN())
			}
			b.AddTensor(name+".lora_a", tensor.F32, []uint64{uint64(w.Cols), uint64(rank)}, f32Bytes(a))
			b.AddTensor(name+".lora_b", tensor.F32, []uint64{uint64(rank), uint64(w.Rows)}, f32Bytes(randomF32(rng, rank*w.Rows)))
		}
	}
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), fmt.Sprintf("lora-%d.gguf", spec.Seed))
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func randomF32(rng *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(rng.NormFloat64() * 0.1)
	}
	return v
}

func f32Bytes(v []float32) []byte {
	out := make([]byte, 0, 4*len(v))
	for _, x := range v {
		u := math.Float32bits(x)
		out = append(out, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
	}
	return out
}

// WriteAdapterFor is WriteAdapter for the model file at modelPath (a server's --model).
func WriteAdapterFor(t testing.TB, modelPath string, spec AdapterSpec) string {
	t.Helper()
	f, err := gguf.Open(modelPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := model.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return WriteAdapter(t, m, spec)
}

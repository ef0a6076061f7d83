package tensor

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("tensor.update", false, "rewrite testdata/purego_bits.golden from this machine's pure-Go kernels")

// goldenBitsFile holds a hash of the output bits of every pure-Go kernel on fixed inputs. It was
// written on amd64 and must match on every architecture: a compiler that fuses a multiply and an
// add (arm64, ppc64le, s390x, riscv64, amd64 with GOAMD64=v3) changes these bits unless the
// reference rounds each product explicitly.
const goldenBitsFile = "testdata/purego_bits.golden"

// exactFloats returns n floats in (-scale, scale) made without float arithmetic that a compiler
// could fuse: 23-bit integers times a power of two, so every architecture gets the same inputs.
func exactFloats(rng *rand.Rand, n int, scale float32) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(int32(rng.Uint32()>>8)-1<<23) * (scale / (1 << 23))
	}
	return x
}

// hashFloats hashes the bits of xs, every NaN as one: which NaN an invalid operation makes
// differs by architecture (x86 sets the sign bit, arm64 does not), and no result depends on it.
func hashFloats(xs ...[]float32) string {
	h := fnv.New64a()
	var b [4]byte
	for _, x := range xs {
		for _, v := range x {
			bits := math.Float32bits(v)
			if v != v {
				bits = 0x7fc00000
			}
			binary.LittleEndian.PutUint32(b[:], bits)
			h.Write(b[:])
		}
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

func hashBytes(xs ...[]byte) string {
	h := fnv.New64a()
	for _, x := range xs {
		h.Write(x)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

func i8s(q []int8) []byte {
	b := make([]byte, len(q))
	for i, v := range q {
		b[i] = byte(v)
	}
	return b
}

// pureGoBits runs every pure-Go kernel whose bits define results on fixed inputs and returns
// name → hash of its outputs.
func pureGoBits() map[string]string {
	rng := rand.New(rand.NewPCG(23, 64))
	const cols, rows = 512 + 64, 5 // K-quant kernels take the first 512 (two super-blocks)
	got := map[string]string{}
	x := exactFloats(rng, cols, 3)
	// The second super-block in hundredths with extreme -2.54: quantising to Q8_0 or Q8_K
	// multiplies by 127/2.54 = 50, so odd hundredths land on ties, where a fused multiply-add
	// rounds differently.
	x[256] = -2.54
	for i := 1; i < 256; i++ {
		x[256+i] = float32(i%61-30) / 100
	}
	// A Q8_0 block past the K-quants' part with a NaN and an infinity: both quantise to -128
	// everywhere, as the amd64 kernels do, though Go converts NaN to an integer differently by
	// architecture.
	x[512+3] = float32(math.NaN())
	x[512+9] = float32(math.Inf(-1))
	// And a block of subnormals, whose multiplier 127/amax overflows to +Inf.
	for k := range 32 {
		x[544+k] = float32(k) * 1e-40
	}
	weights := exactFloats(rng, rows*cols, 1)

	// Weight quantisation and dequantisation (gguf writing and reading).
	for _, dt := range []DType{Q8_0, Q4_0, Q4_K, Q6_K, F16, BF16} {
		n := cols
		if dt == Q4_K || dt == Q6_K {
			n = 512
		}
		w := make([]byte, rows*(n/dt.BlockElems())*dt.BlockBytes())
		for r := range rows {
			rb := n / dt.BlockElems() * dt.BlockBytes()
			if err := Quantize(dt, weights[r*cols:r*cols+n], w[r*rb:(r+1)*rb]); err != nil {
				panic(err)
			}
		}
		got["quantize/"+dt.String()] = hashBytes(w)
		y := make([]float32, rows*n)
		if err := Dequantize(dt, w, y); err != nil {
			panic(err)
		}
		got["dequantize/"+dt.String()] = hashFloats(y)

		// The product kernels on those weights, through the pure-Go MatMul.
		m := &Matrix{Type: dt, Rows: rows, Cols: n, Data: w}
		out := make([]float32, 2*rows)
		xx := append(append([]float32(nil), x[:n]...), exactFloats(rng, n, 5)...)
		p := NewPool(1)
		k := activeKernels.Load()
		activeKernels.Store(goKernels)
		p.MatMul(m, xx, 2, out)
		activeKernels.Store(k)
		p.Close()
		got["matmul/"+dt.String()] = hashFloats(out)
	}
	mf := &Matrix{Type: F32, Rows: rows, Cols: cols, Data: make([]byte, 4*rows*cols)}
	for i, v := range weights {
		binary.LittleEndian.PutUint32(mf.Data[4*i:], math.Float32bits(v))
	}
	got["dot/F32"] = hashFloats([]float32{dotF32Go(mf.Data, x[:cols-5]), dotF32sGo(x[:cols-5], weights)}) // with a tail

	// Activation quantisation.
	nb := cols / qk0
	q, d, s := make([]int8, cols), make([]float32, nb), make([]int32, nb)
	quantActQ8_0(x, q, d, s)
	sf := make([]float32, nb)
	for i, v := range s {
		sf[i] = float32(v)
	}
	got["quantAct/Q8_0"] = hashBytes(i8s(q)) + hashFloats(d, sf)
	qK, dK, bs := make([]int8, 512), make([]float32, 2), make([]int16, 32)
	quantActQ8_K(x[:512], qK, dK, bs)
	bsf := make([]float32, len(bs))
	for i, v := range bs {
		bsf[i] = float32(v)
	}
	got["quantAct/Q8_K"] = hashBytes(i8s(qK)) + hashFloats(dK, bsf)

	// Vector kernels.
	dst := append([]float32(nil), weights[:cols]...)
	axpyGo(dst, 0.7071, x)
	got["axpy"] = hashFloats(dst)
	w := exactFloats(rng, cols, 2)
	RMSNorm(dst, x, w, 1e-5)
	got["rmsnorm"] = hashFloats(dst)
	sm := append([]float32(nil), x...)
	expsSubGo(sm, maxF32Go(sm))
	scaleGo(sm, float32(1/sumF64Go(sm)))
	got["softmax"] = hashFloats(sm)
	swigluGo(dst, x, w)
	got["swiglu"] = hashFloats(dst)
	g := make([]float32, cols)
	for i, v := range x {
		g[i] = GELU(v)
	}
	got["gelu"] = hashFloats(g)
	rf, rbf := make([]float32, cols), make([]float32, cols)
	roundF16sGo(rf, x)
	roundBF16sGo(rbf, x)
	got["round/F16,BF16"] = hashFloats(rf, rbf)

	// Attention over one page of 9 positions, 2 query heads, head dimension 72 (nine elements in
	// some chains, eight in the others).
	const hd, npos, nq = 72, 9, 2
	kv := make([]uint16, npos*hd)
	f32sToF16Go(kv, exactFloats(rng, npos*hd, 2))
	qv := exactFloats(rng, nq*hd, 1)
	sc := make([]float32, nq*npos)
	attnScoresF16Ref(sc, npos, qv, hd, nq, kv, hd, npos, hd, 0.125)
	ov := make([]float32, nq*hd)
	attnValuesF16Go(ov, hd, sc, npos, nq, kv, hd, npos, hd)
	got["attn/F16"] = hashFloats(sc, ov)

	// The same over a Q8_0 KV run, head dimension 64 (two blocks), stored by the Go quantiser.
	const hd8 = 64
	rb8 := Q8_0RowBytes(hd8)
	k8, rows8 := make([]byte, npos*rb8), exactFloats(rng, npos*hd8, 2)
	for t := range npos {
		var q8 [hd8]int8
		var d8 [hd8 / qk0]float32
		var s8 [hd8 / qk0]int32
		quantActQ8_0(rows8[t*hd8:(t+1)*hd8], q8[:], d8[:], s8[:])
		putQ8_0Blocks(k8[t*rb8:(t+1)*rb8], q8[:], d8[:])
	}
	sc8, dec8 := make([]float32, nq*npos), make([]float32, npos*hd8)
	dequantQ8_0Go(dec8, k8)
	attnScoresF32Go(sc8, npos, qv, hd, nq, dec8, hd8, npos, hd8, 0.125)
	ov8 := make([]float32, nq*hd8)
	attnValuesQ8_0Go(ov8, hd8, sc8, npos, nq, k8, rb8, npos, hd8)
	got["attn/Q8_0"] = hashFloats(sc8, ov8)
	return got
}

// TestPureGoBitsGolden pins the pure-Go kernels' output bits on fixed inputs, on every
// architecture (CI runs it under qemu for arm64): the reference is the definition of the results,
// which every assembly kernel and every machine must reproduce.
func TestPureGoBitsGolden(t *testing.T) {
	got := pureGoBits()
	if *updateGolden {
		var b strings.Builder
		fmt.Fprintf(&b, "# pure-Go kernel output hashes (internal/tensor TestPureGoBitsGolden); regenerate with -tensor.update\n")
		names := make([]string, 0, len(got))
		for n := range got {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&b, "%s %s\n", n, got[n])
		}
		if err := os.MkdirAll(filepath.Dir(goldenBitsFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenBitsFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenBitsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, hash, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: bad line %q", goldenBitsFile, line)
		}
		want[name] = hash
	}
	if len(want) != len(got) {
		t.Errorf("%s has %d entries, the test computes %d", goldenBitsFile, len(want), len(got))
	}
	for name, h := range got {
		if want[name] != h {
			t.Errorf("%s: output bits hash %s, want %s", name, h, want[name])
		}
	}
}

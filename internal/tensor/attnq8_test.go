package tensor

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// q8KVRule is llama.cpp's x86 q8_0 rule for one block, written apart from quantActQ8_0: the
// scale f16(amax/127), and x·(127/amax) in float32 rounded half to even.
func q8KVRule(x []float32) (d uint16, q []int8) {
	var amax float32
	for _, v := range x {
		amax = max(amax, float32(math.Abs(float64(v))))
	}
	var id float32
	if amax != 0 {
		id = 127 / amax
	}
	q = make([]int8, len(x))
	for j, v := range x {
		q[j] = int8(math.RoundToEven(float64(float32(v * id))))
	}
	return F32ToF16(amax / 127), q
}

// q8KVSamples are vectors of 32·blocks floats: random, with exact half-way points (x·127/amax =
// k + 0.5, where half-away and half-even differ), an all-zero block and a block of tiny values.
func q8KVSamples(rng *rand.Rand, blocks int) [][]float32 {
	ties := make([]float32, 32*blocks)
	for i := range ties {
		ties[i] = float32(i%16) + 0.5 - 8
	}
	ties[0] = 127 // amax 127: the multiplier is 1, so every x.5 is a tie
	zeros := make([]float32, 32*blocks)
	tiny := floats(rng, 32*blocks, 1e-6)
	return [][]float32{floats(rng, 32*blocks, 1), floats(rng, 32*blocks, 40), ties, zeros, tiny}
}

// TestQuantizeQ8_0RowIsLlamaCppRule: every kernel set stores each block as q8KVRule says, and the
// stored row decodes to d·q exactly; ties round to even (2.5 → 2, 3.5 → 4), not away from zero.
func TestQuantizeQ8_0RowIsLlamaCppRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	forEachKernel(t, func(t *testing.T, _ *kernels) {
		for _, blocks := range []int{1, 2, 9, 20} { // 9 and 20 cross QuantizeQ8_0Row's chunks of 8
			for si, x := range q8KVSamples(rng, blocks) {
				row := make([]byte, Q8_0RowBytes(len(x)))
				QuantizeQ8_0Row(row, x)
				dec := make([]float32, len(x))
				DequantizeQ8_0Row(dec, row)
				for b := range blocks {
					blk := row[b*q8_0Bytes : (b+1)*q8_0Bytes]
					d, q := q8KVRule(x[b*32 : b*32+32])
					if got := binary.LittleEndian.Uint16(blk); got != d {
						t.Fatalf("sample %d block %d: d %#x, want %#x", si, b, got, d)
					}
					for j := range 32 {
						if int8(blk[2+j]) != q[j] {
							t.Fatalf("sample %d block %d element %d (%v): q %d, want %d", si, b, j, x[b*32+j], int8(blk[2+j]), q[j])
						}
						if want := float32(q[j]) * F16ToF32(d); !sameBits(dec[b*32+j], want) {
							t.Fatalf("sample %d block %d element %d decodes to %v, want %v", si, b, j, dec[b*32+j], want)
						}
					}
				}
			}
		}
	})
	row := make([]byte, q8_0Bytes)
	x := make([]float32, 32)
	x[0], x[1], x[2] = 127, 2.5, 3.5
	QuantizeQ8_0Row(row, x)
	if int8(row[3]) != 2 || int8(row[4]) != 4 {
		t.Errorf("2.5 and 3.5 at multiplier 1 quantise to %d and %d, want 2 and 4", int8(row[3]), int8(row[4]))
	}
}

// TestAttnQ8_0KernelsBitExact: under every kernel set, the Q8_0 attention gives the bits of its
// scalar twins and of the F32 attention over the dequantised rows, for heads of one to eighteen
// blocks (past the pooled row buffer), rows packed or strided, partial pages and batches of
// queries; one query or one position at a time gives the same bits as the batch, and guard values
// around the outputs catch stray writes.
func TestAttnQ8_0KernelsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 2))
	const guard = -12345.5
	for _, hd := range []int{32, 64, 128, 576} {
		rb := Q8_0RowBytes(hd)
		for _, c := range []struct{ nq, n, stride int }{{1, 1, rb}, {3, 16, rb}, {5, 7, rb}, {8, 15, 2*rb + 6}} {
			rows, dec := make([]byte, (c.n-1)*c.stride+rb), make([]float32, c.n*hd)
			for tk := range c.n {
				QuantizeQ8_0Row(rows[tk*c.stride:tk*c.stride+rb], floats(rng, hd, math.Exp2(float64(rng.IntN(8)-4))))
				DequantizeQ8_0Row(dec[tk*hd:(tk+1)*hd], rows[tk*c.stride:tk*c.stride+rb])
			}
			os := max(c.n, hd) + 3
			q, p := floats(rng, c.nq*os, 1), floats(rng, c.nq*os, 0.3)
			base := slices.Repeat([]float32{guard}, c.nq*os+5)
			for i := range c.nq {
				copy(base[i*os:i*os+hd], floats(rng, hd, 2))
			}
			wantS, wantV := slices.Clone(base), slices.Clone(base)
			attnScoresF32Go(wantS, os, q, os, c.nq, dec, hd, c.n, hd, 0.125)
			attnValuesQ8_0Go(wantV, os, p, os, c.nq, rows, c.stride, c.n, hd)
			forEachKernel(t, func(t *testing.T, _ *kernels) {
				f32S, f32V := slices.Clone(base), slices.Clone(base)
				AttnScoresF32(f32S, os, q, os, c.nq, dec, hd, c.n, hd, 0.125)
				AttnValuesF32(f32V, os, p, os, c.nq, dec, hd, c.n, hd)
				gotS, gotV := slices.Clone(base), slices.Clone(base)
				AttnScoresQ8_0(gotS, os, q, os, c.nq, rows, c.stride, c.n, hd, 0.125)
				AttnValuesQ8_0(gotV, os, p, os, c.nq, rows, c.stride, c.n, hd)
				oneS := slices.Clone(base)
				for i := range c.nq {
					for tk := range c.n {
						AttnScoresQ8_0(oneS[i*os+tk:], os, q[i*os:], os, 1, rows[tk*c.stride:], c.stride, 1, hd, 0.125)
					}
				}
				for i := range base {
					if !sameBits(gotS[i], wantS[i]) || !sameBits(f32S[i], wantS[i]) || !sameBits(oneS[i], wantS[i]) {
						t.Fatalf("hd %d %+v: score element %d = %v (F32 over decoded %v, one at a time %v), twin %v",
							hd, c, i, gotS[i], f32S[i], oneS[i], wantS[i])
					}
					if !sameBits(gotV[i], wantV[i]) || !sameBits(f32V[i], wantV[i]) {
						t.Fatalf("hd %d %+v: value element %d = %v (F32 over decoded %v), twin %v", hd, c, i, gotV[i], f32V[i], wantV[i])
					}
				}
			})
		}
	}
}

// TestAttnQ8_0ShapeChecks: a head that is not whole blocks, or rows short of the shapes, panics
// before any row is read.
func TestAttnQ8_0ShapeChecks(t *testing.T) {
	rows := make([]byte, 16*Q8_0RowBytes(64))
	q := make([]float32, 3*64)
	s := make([]float32, 3*16)
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"head of 40", func() { AttnScoresQ8_0(s, 16, q, 64, 3, rows, 34*2, 16, 40, 1) }},
		{"keys", func() { AttnScoresQ8_0(s, 16, q, 64, 3, rows[:len(rows)-1], 68, 16, 64, 1) }},
		{"key stride", func() { AttnScoresQ8_0(s, 16, q, 64, 3, rows, 67, 16, 64, 1) }},
		{"queries", func() { AttnScoresQ8_0(s, 16, q[:2*64+63], 64, 3, rows, 68, 16, 64, 1) }},
		{"values", func() { AttnValuesQ8_0(q, 64, s, 16, 3, rows[:15*68+67], 68, 16, 64) }},
		{"outputs", func() { AttnValuesQ8_0(q[:2*64+63], 64, s, 16, 3, rows, 68, 16, 64) }},
		{"row of 33 floats", func() { QuantizeQ8_0Row(make([]byte, 68), make([]float32, 33)) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", tc.name)
				}
			}()
			tc.f()
		}()
	}
}

// TestDequantizeQ8_0RowKernels decodes rows of random blocks (random scales, a poisoned NaN scale
// among them) on every kernel set against the Go twin, bit for bit, with a guard after the row.
func TestDequantizeQ8_0RowKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 7))
	forEachKernel(t, func(t *testing.T, _ *kernels) {
		for _, blocks := range []int{1, 2, 3, 16, 33} {
			src := make([]byte, blocks*q8_0Bytes)
			for i := range src {
				src[i] = byte(rng.Uint32())
			}
			binary.LittleEndian.PutUint16(src[(blocks-1)*q8_0Bytes:], 0x7e5a)
			want := make([]float32, blocks*32+1)
			want[blocks*32] = -1
			got := slices.Clone(want)
			dequantQ8_0Go(want, src)
			DequantizeQ8_0Row(got, src)
			for i := range want {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("%d blocks: element %d = %v, want %v", blocks, i, got[i], want[i])
				}
			}
		}
	})
}

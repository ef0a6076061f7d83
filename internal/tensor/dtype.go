// Package tensor holds the element types of model weights (as GGUF numbers them), their
// dequantisation, and the numeric kernels of the forward pass.
//
// Conversions: F16/BF16 to and from float32 (round to nearest even), Dequantize for
// every DType and Quantize for the types model files use.
//
// Pool.MatMul is the hot path: weight matrix times a batch of activation rows, with
// llama.cpp's CPU semantics (activations quantised to Q8_0 or Q8_K, or rounded to
// F16/BF16, to match the weight type). Each output element is bit-identical whatever
// the batch size, the other rows of the batch, the thread count and the kernel variant
// (pure Go or assembly): the reduction over a row is never split and always runs in
// the one order that kernels_go.go defines. Build with -tags purego, or call
// SetKernels("go"), to run the portable kernels only.
//
// The vector kernels (RMSNorm, Softmax, SiLU, ...) follow ggml's arithmetic where it is
// cheap to, such as float64 sums.
package tensor

import (
	"fmt"
	"math/bits"
	"strings"
)

// DType is a ggml tensor type; its value is the number GGUF files store.
type DType uint32

const (
	F32  DType = 0
	F16  DType = 1
	Q4_0 DType = 2
	Q8_0 DType = 8
	Q4_K DType = 12
	Q6_K DType = 14
	BF16 DType = 30
)

type typeTraits struct {
	name       string
	blockElems int // elements per block
	blockBytes int // bytes per block
	// One block's decoder and encoder; nil for the float types, which convert per element.
	dequant func(blk []byte, y []float32)
	quant   func(x []float32, blk []byte)
}

var traits = map[DType]typeTraits{
	F32:  {"F32", 1, 4, nil, nil},
	F16:  {"F16", 1, 2, nil, nil},
	BF16: {"BF16", 1, 2, nil, nil},
	Q4_0: {"Q4_0", qk0, q4_0Bytes, dequantQ4_0, quantQ4_0Ref},
	Q8_0: {"Q8_0", qk0, q8_0Bytes, dequantQ8_0, quantQ8_0Ref},
	Q4_K: {"Q4_K", qkK, q4_KBytes, dequantQ4_K, quantQ4_K},
	Q6_K: {"Q6_K", qkK, q6_KBytes, dequantQ6_K, quantQ6_K},
}

// Known reports whether kvwarden can read tensors of this type.
func (t DType) Known() bool { _, ok := traits[t]; return ok }

func (t DType) String() string {
	if tr, ok := traits[t]; ok {
		return tr.name
	}
	return fmt.Sprintf("type(%d)", uint32(t))
}

// BlockElems is the number of elements one block encodes (1 for plain float types).
func (t DType) BlockElems() int { return traits[t].blockElems }

// BlockBytes is the size of one encoded block.
func (t DType) BlockBytes() int { return traits[t].blockBytes }

// RowBytes returns the encoded size of n elements, failing when n is not a whole number of
// blocks or the size overflows.
func (t DType) RowBytes(n uint64) (uint64, error) {
	tr, ok := traits[t]
	if !ok {
		return 0, fmt.Errorf("unknown tensor type %d", uint32(t))
	}
	if n%uint64(tr.blockElems) != 0 {
		return 0, fmt.Errorf("%s: %d elements is not a multiple of the block size %d", tr.name, n, tr.blockElems)
	}
	hi, lo := bits.Mul64(n/uint64(tr.blockElems), uint64(tr.blockBytes))
	if hi != 0 || lo > 1<<62 {
		return 0, fmt.Errorf("%s: %d elements overflow the addressable size", tr.name, n)
	}
	return lo, nil
}

// ParseDType maps a name such as "q8_0" or "F16" to its type.
func ParseDType(s string) (DType, error) {
	for t, tr := range traits {
		if strings.EqualFold(tr.name, s) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown tensor type %q", s)
}

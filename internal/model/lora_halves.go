package model

import (
	"crypto/sha256"
	"fmt"
	"math"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// AdapterDType is how the weights of a loaded adapter are held (serve's --lora-dtype).
type AdapterDType string

const (
	// AdapterAuto holds the file's values exactly: float32, or halves where every value of a pair
	// is one (an F16 file). Results match llama.cpp on the same file.
	AdapterAuto AdapterDType = "auto"
	// AdapterF16 rounds every value to the nearest half, as vLLM holds adapters in the model's
	// 16-bit type: half the bytes a decode step streams per sequence for an F32 file, at the cost
	// of that rounding.
	AdapterF16 AdapterDType = "f16"
)

// ParseAdapterDType reads a --lora-dtype value ("" is auto).
func ParseAdapterDType(s string) (AdapterDType, error) {
	switch d := AdapterDType(s); d {
	case AdapterAuto, AdapterF16:
		return d, nil
	case "":
		return AdapterAuto, nil
	}
	return "", fmt.Errorf("LoRA dtype %q: want auto or f16", s)
}

// halvedDomain prefixes the fingerprint of an adapter whose values were rounded to halves:
// its weights differ from the file's, so state made under it must not pass for state made under
// the file's exact values (a prefix-cache entry, a transfer to a node holding them exactly).
const halvedDomain = "kvwarden LoRA adapter rounded to halves\x00"

// As returns the adapter held as d. For AdapterF16 every pair is held in halves, rounded to
// nearest; a value past the half range is refused with the tensor's name. An adapter whose
// values were all halves already is returned as it is, fingerprint included; one whose values
// changed gets a fingerprint of its own (halvedDomain).
func (a *Adapter) As(d AdapterDType) (*Adapter, error) {
	if d != AdapterF16 {
		return a, nil
	}
	out := *a
	out.Blocks = make([]AdapterLayer, len(a.Blocks))
	rounded := false
	for layer := range a.Blocks {
		src, dst := a.Blocks[layer].pairs(), out.Blocks[layer].pairs()
		for proj, p := range src {
			if *p == nil {
				continue
			}
			h, changed, err := (*p).halved()
			if err != nil {
				return nil, fmt.Errorf("tensor blk.%d.%s.weight.%w", layer, adapterProjections[proj], err)
			}
			*dst[proj], rounded = h, rounded || changed
		}
	}
	if rounded {
		out.Fingerprint = sha256.Sum256(append([]byte(halvedDomain), a.Fingerprint[:]...))
	}
	return &out, nil
}

// halved is p held in halves, rounded to nearest, and whether any value changed; p itself is
// left as it is (running requests may hold it).
func (p *LoRAPair) halved() (*LoRAPair, bool, error) {
	if p.A == nil {
		return p, false, nil // held in halves already
	}
	a, ca, err := roundHalves(p.A)
	if err != nil {
		return nil, false, fmt.Errorf("lora_a: %w", err)
	}
	b, cb, err := roundHalves(p.B)
	if err != nil {
		return nil, false, fmt.Errorf("lora_b: %w", p.fileIndexOfB(err))
	}
	return &LoRAPair{Rank: p.Rank, In: p.In, Out: p.Out, A16: a, B16: b}, ca || cb, nil
}

// outOfHalves is roundHalves' refusal of element i (of the slice it was given).
type outOfHalves struct {
	i int
	f float32
}

func (e outOfHalves) Error() string {
	return fmt.Sprintf("element %d is %g, past the largest half (65504): --lora-dtype f16 cannot hold it", e.i, e.f)
}

// fileIndexOfB renumbers an outOfHalves of B, held in panels, as the element of the file's
// lora_b (Out rows of Rank).
func (p *LoRAPair) fileIndexOfB(err error) error {
	e := err.(outOfHalves)
	for o := range p.Out {
		for k := range p.Rank {
			if tensor.LowRankPanelIndex(k, o, p.Rank, p.Out) == e.i {
				return outOfHalves{o*p.Rank + k, e.f}
			}
		}
	}
	return err
}

// roundHalves rounds v to halves, refusing a value that rounds to an infinity.
func roundHalves(v []float32) ([]uint16, bool, error) {
	h := make([]uint16, len(v))
	changed := false
	for i, f := range v {
		h[i] = tensor.F32ToF16(f)
		r := tensor.F16ToF32(h[i])
		if math.IsInf(float64(r), 0) {
			return nil, false, outOfHalves{i, f}
		}
		changed = changed || math.Float32bits(r) != math.Float32bits(f)
	}
	return h, changed, nil
}

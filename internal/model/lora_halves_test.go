package model

import (
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestAdapterAsHalves: --lora-dtype f16 holds an F32 file's adapter as the F16 file of the same
// values rounded would be held (so it computes what that file computes), in half the bytes, under
// a fingerprint of its own; an adapter already in halves keeps its fingerprint; auto changes
// nothing; a value past the half range is refused with the tensor and the file's element.
func TestAdapterAsHalves(t *testing.T) {
	h := newHarness(t, generated(t, adapterBaseSpec, t.TempDir()), tensor.F32, 1)
	f32, err := ParseAdapter(newAdapterFile(h.m, 8, 16, 5, 0.1).bytes(t), h.m)
	if err != nil {
		t.Fatal(err)
	}
	f16, err := ParseAdapter(newAdapterFile(h.m, 8, 16, 5, 0.1).inHalves().bytes(t), h.m)
	if err != nil {
		t.Fatal(err)
	}
	if same, err := f32.As(AdapterAuto); same != f32 || err != nil {
		t.Fatalf("auto: %p %v, want the adapter itself", same, err)
	}
	conv, err := f32.As(AdapterF16)
	if err != nil {
		t.Fatal(err)
	}
	if conv.Fingerprint == f32.Fingerprint || conv.Fingerprint == f16.Fingerprint || conv.Alpha != f32.Alpha || !conv.LoadedFor(h.m) {
		t.Error("the rounded adapter shares a fingerprint with the exact one, or lost its alpha or base")
	}
	var convBytes, floatBytes int64
	for l := range conv.Blocks {
		got, want, orig := conv.Blocks[l].pairs(), f16.Blocks[l].pairs(), f32.Blocks[l].pairs()
		for i := range got {
			g, w := *got[i], *want[i]
			if g.A != nil || !slices.Equal(g.A16, w.A16) || !slices.Equal(g.B16, w.B16) || g.Rank != w.Rank {
				t.Fatalf("blk.%d.%s: not held as the F16 file's pair", l, adapterProjections[i])
			}
			if (*orig[i]).A == nil {
				t.Fatal("As changed the adapter it was called on")
			}
			convBytes, floatBytes = convBytes+g.Bytes(), floatBytes+(*orig[i]).Bytes()
		}
	}
	if 2*convBytes != floatBytes {
		t.Errorf("held in %d bytes against %d in float32; want half", convBytes, floatBytes)
	}
	kept, err := f16.As(AdapterF16)
	if err != nil || kept.Fingerprint != f16.Fingerprint {
		t.Errorf("an adapter already in halves: fingerprint changed (%v)", err)
	}

	big := newAdapterFile(h.m, 8, 16, 5, 0.1)
	big.tensor("blk.1.ffn_up.weight.lora_b").data[8*3+2] = 1e5 // file row 3, rank column 2
	a, err := ParseAdapter(big.bytes(t), h.m)
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.As(AdapterF16)
	if err == nil || !strings.Contains(err.Error(), "tensor blk.1.ffn_up.weight.lora_b: element 26 is 100000") {
		t.Fatalf("a value past the half range: %v", err)
	}
}

func TestParseAdapterDType(t *testing.T) {
	for in, want := range map[string]AdapterDType{"": AdapterAuto, "auto": AdapterAuto, "f16": AdapterF16} {
		if got, err := ParseAdapterDType(in); got != want || err != nil {
			t.Errorf("%q: %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"f32", "bf16", "F16", "fp16 "} {
		if _, err := ParseAdapterDType(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

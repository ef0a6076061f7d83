package transfer

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden page frames in testdata/")

// TestPageFrameGolden: a page's frame, as a PoolSource reads it and AppendPage frames it, is byte
// for byte the committed one (testdata/page_*.hex, F16, F32 and Q8_0 KV), so the wire form cannot change
// unnoticed: a node of another build must read it. A PoolSink writes the frame's KV back into the
// same slots and leaves the slots beyond the page's tokens as they were.
func TestPageFrameGolden(t *testing.T) {
	for _, dt := range []tensor.DType{tensor.F16, tensor.F32, tensor.Q8_0} {
		t.Run(dt.String(), func(t *testing.T) {
			// Heads of 2 elements, or of one block of a quantised type.
			cfg := kv.Config{Layers: 2, KVHeads: 1, HeadDim: max(2, dt.BlockElems()), PageTokens: 4, DType: dt, Pages: 2}
			const tokens = 3 // of 4 slots: the last must not travel
			src, dst, before := newPool(t, cfg), newPool(t, cfg), newPool(t, cfg)
			ref := kvtypes.PageRef{Page: 1, Gen: 3}
			src.Stamp(ref.Page, kvtypes.Header{Tenant: tenantA, Request: 11, Gen: ref.Gen, Written: true})
			fillPage(src, ref.Page, 1)
			dst.Stamp(ref.Page, kvtypes.Header{Tenant: tenantA, Request: 21, Gen: ref.Gen})
			fillPage(dst, ref.Page, 100)
			fillPage(before, ref.Page, 100)
			data := make([]byte, tokens*src.TokenBytes())
			if err := (PoolSource{Pool: src, Tenant: tenantA, Pages: []kvtypes.PageRef{ref}}).ReadPage(0, tokens, data); err != nil {
				t.Fatal(err)
			}
			frame, _ := AppendPage(nil, PageHeader{Transfer: 0x0102030405060708, Request: 21, Tenant: tenantA, Index: 0, Tokens: tokens}, data)
			golden := filepath.Join("testdata", "page_"+strings.ToLower(dt.String())+".hex")
			if *rewrite {
				if err := os.WriteFile(golden, []byte(hex.Dump(frame)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -rewrite to create it)", err)
			}
			if got := hex.Dump(frame); got != string(want) {
				t.Errorf("page frame differs from %s:\n%s\nwant\n%s", golden, got, want)
			}

			if err := (PoolSink{Pool: dst}).WritePage(ref.Page, tokens, data); err != nil {
				t.Fatal(err)
			}
			vb := dst.VecBytes()
			for l := range cfg.Layers {
				for h := range cfg.KVHeads {
					for slot := range cfg.PageTokens {
						for kOrV, run := range []func(*kv.Pool) []byte{
							func(p *kv.Pool) []byte { return p.KRun(ref.Page, l, h) },
							func(p *kv.Pool) []byte { return p.VRun(ref.Page, l, h) },
						} {
							want := run(before) // a slot beyond the page's tokens keeps dst's own vector
							if slot < tokens {
								want = run(src)
							}
							if got, want := run(dst)[slot*vb:][:vb], want[slot*vb:][:vb]; !bytes.Equal(got, want) {
								t.Errorf("layer %d %s head %d slot %d: %x, want %x", l, "KV"[kOrV:kOrV+1], h, slot, got, want)
							}
						}
					}
				}
			}
			if got := dst.Filled(ref.Page); got != tokens {
				t.Errorf("filled mark %d, want %d", got, tokens)
			}
		})
	}
}

// fillPage gives every element of a page's data a distinct value from base on, element i of the
// page's vectors, in the order the page holds them, base + i.
func fillPage(p *kv.Pool, id kvtypes.PageID, base float32) {
	d, vb, hd := p.Data(id), p.VecBytes(), p.Config().HeadDim
	vec := make([]float32, hd)
	for v := range len(d) / vb {
		for e := range vec {
			vec[e] = base + float32(v*hd+e)
		}
		p.Format().Store(d[v*vb:(v+1)*vb], vec)
	}
}

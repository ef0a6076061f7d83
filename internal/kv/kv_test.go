package kv

import (
	"errors"
	"math"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

func newTestPool(t *testing.T, dt tensor.DType, scrub Scrub) *Pool {
	t.Helper()
	// Heads of 4, or of one block of a quantised type.
	p, err := NewPool(Config{Layers: 2, KVHeads: 2, HeadDim: max(4, dt.BlockElems()), PageTokens: 4, DType: dt, Pages: 8, Scrub: scrub})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheck(t *testing.T) {
	if !IsolationChecks {
		t.Skip("header checks are compiled out (noisolation build)")
	}
	p := newTestPool(t, tensor.F32, ScrubNone)
	alice, bob := kvtypes.TenantKey{1}, kvtypes.TenantKey{2}
	ref := kvtypes.PageRef{Page: 3, Gen: 5}
	if err := p.Check(ref, alice); !errors.Is(err, ErrIsolation) {
		t.Fatalf("never-stamped page passed: %v", err)
	}
	if err := p.Stamp(3, kvtypes.Header{Tenant: alice, Request: 10, Gen: 5, Written: true}); err != nil {
		t.Fatal(err)
	}
	p.Stamp(5, kvtypes.Header{Tenant: alice, Request: 10, Gen: 1, Written: false})
	cases := []struct {
		name   string
		ref    kvtypes.PageRef
		tenant kvtypes.TenantKey
		ok     bool
	}{
		{"owner", ref, alice, true},
		{"other tenant", ref, bob, false},
		{"stale page generation", kvtypes.PageRef{Page: 3, Gen: 4}, alice, false},
		{"other page", kvtypes.PageRef{Page: 4, Gen: 5}, alice, false},
		{"reserved, never written", kvtypes.PageRef{Page: 5, Gen: 1}, alice, false},
		{"out of range", kvtypes.PageRef{Page: 8, Gen: 5}, alice, false},
		{"negative", kvtypes.PageRef{Page: -1, Gen: 5}, alice, false},
	}
	for _, c := range cases {
		err := p.Check(c.ref, c.tenant)
		if (err == nil) != c.ok {
			t.Errorf("%s: err = %v, want ok=%v", c.name, err, c.ok)
		}
		if err != nil && !errors.Is(err, ErrIsolation) {
			t.Errorf("%s: error %v is not ErrIsolation", c.name, err)
		}
	}
	p.MarkWritten(5)
	if err := p.Check(kvtypes.PageRef{Page: 5, Gen: 1}, alice); err != nil {
		t.Fatalf("written page refused: %v", err)
	}
	if err := p.Invalidate(ref.Page); err != nil {
		t.Fatal(err)
	}
	if err := p.Check(ref, alice); err == nil {
		t.Fatal("invalidated page passed the check")
	}
}

func TestScrub(t *testing.T) {
	for _, c := range []struct {
		dt    tensor.DType
		scrub Scrub
	}{{tensor.F32, ScrubNone}, {tensor.F32, ScrubZero}, {tensor.F32, ScrubPoison}, {tensor.F16, ScrubZero}, {tensor.F16, ScrubPoison},
		{tensor.Q8_0, ScrubZero}, {tensor.Q8_0, ScrubPoison}} {
		p := newTestPool(t, c.dt, c.scrub)
		ref := kvtypes.PageRef{Page: 1, Gen: 1}
		p.Stamp(ref.Page, kvtypes.Header{Tenant: kvtypes.TenantKey{1}, Gen: 1, Written: true})
		fillVecs(p, 1, func(int, int) float32 { return 1.5 })
		p.Invalidate(1)
		v := loadVec(p, 1, p.vecBytes)[1] // vector 1, element 1
		switch c.scrub {
		case ScrubNone:
			if v != 1.5 {
				t.Errorf("%s none: contents changed to %v", c.dt, v)
			}
		case ScrubZero:
			if v != 0 {
				t.Errorf("%s zero: %v", c.dt, v)
			}
		case ScrubPoison:
			if !math.IsNaN(float64(v)) {
				t.Errorf("%s poison: %v is not NaN", c.dt, v)
			}
		}
		if _, valid := p.Header(1); valid {
			t.Errorf("%s: header still valid after free", c.dt)
		}
	}
}

// TestLayoutDisjoint: every vector of a page has bytes of its own, the vectors cover the page's
// data, and a KV head's run holds its vectors of successive slots VecBytes apart, as attention
// reads them.
func TestLayoutDisjoint(t *testing.T) {
	for _, dt := range []tensor.DType{tensor.F32, tensor.F16} {
		p := newTestPool(t, dt, ScrubNone)
		data := p.Data(0)
		seen := map[int]bool{}
		for l := range 2 {
			for h := range 2 {
				for kOrV, run := range [][]byte{p.KRun(0, l, h), p.VRun(0, l, h)} {
					if len(run) != p.cfg.PageTokens*p.vecBytes || &run[0] != &data[p.vecOffset(l, kOrV, h, 0)] {
						t.Fatalf("%s layer %d head %d: run of %d bytes, not the head's vectors", dt, l, h, len(run))
					}
					for s := range 4 {
						o := p.vecOffset(l, kOrV, h, s)
						if s > 0 && o-p.vecOffset(l, kOrV, h, s-1) != p.vecBytes {
							t.Fatalf("%s layer %d head %d: slots %d and %d not a vector apart", dt, l, h, s-1, s)
						}
						for i := range p.vecBytes {
							if seen[o+i] {
								t.Fatalf("%s: byte %d used twice", dt, o+i)
							}
							seen[o+i] = true
						}
					}
				}
			}
		}
		if len(seen) != len(data) {
			t.Fatalf("%s: layout covers %d of %d bytes", dt, len(seen), len(data))
		}
	}
}

func TestChecksumKeyedByPosition(t *testing.T) {
	p := newTestPool(t, tensor.F32, ScrubNone)
	for _, id := range []kvtypes.PageID{0, 1} {
		p.Stamp(id, kvtypes.Header{Written: true})
		fillVecs(p, id, func(vec, e int) float32 { return float32(vec*p.cfg.HeadDim + e) })
	}
	if p.Checksum(0, 0, 4) != p.Checksum(1, 0, 4) {
		t.Fatal("equal contents at the same position must give equal checksums")
	}
	if p.Checksum(0, 0, 4) == p.Checksum(1, 1, 4) {
		t.Fatal("the logical position must enter the checksum")
	}
	c := p.Checksum(0, 0, 4)
	p.format.Store(p.Data(0)[p.vecOffset(1, 1, 1, 3):][:p.vecBytes], []float32{99, 0, 0, 0})
	if p.Checksum(0, 0, 4) == c {
		t.Fatal("a changed value left the checksum unchanged")
	}
}

func TestNewPoolRejects(t *testing.T) {
	if _, err := NewPool(Config{Layers: 1, KVHeads: 1, HeadDim: 4, PageTokens: 16, DType: tensor.Q8_0, Pages: 1}); err == nil {
		t.Error("accepted a Q8_0 KV cache")
	}
	if _, err := NewPool(Config{Layers: 0, KVHeads: 1, HeadDim: 4, PageTokens: 16, DType: tensor.F32, Pages: 1}); err == nil {
		t.Error("accepted zero layers")
	}
}

// fillVecs stores value(vector, element) into every vector of a page's data, vectors counted in
// the order the page holds them.
func fillVecs(p *Pool, id kvtypes.PageID, value func(vec, elem int) float32) {
	d, vb := p.Data(id), p.vecBytes
	row := make([]float32, p.cfg.HeadDim)
	for v := range len(d) / vb {
		for e := range row {
			row[e] = value(v, e)
		}
		p.format.Store(d[v*vb:(v+1)*vb], row)
	}
}

// loadVec decodes the vector stored at byte offset o of a page's data.
func loadVec(p *Pool, id kvtypes.PageID, o int) []float32 {
	v := make([]float32, p.cfg.HeadDim)
	p.format.Load(v, p.Data(id)[o:o+p.vecBytes])
	return v
}

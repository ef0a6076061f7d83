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
	p, err := NewPool(Config{Layers: 2, KVHeads: 2, HeadDim: 4, PageTokens: 4, DType: dt, Pages: 8, Scrub: scrub})
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
	}{{tensor.F32, ScrubNone}, {tensor.F32, ScrubZero}, {tensor.F32, ScrubPoison}, {tensor.F16, ScrubZero}, {tensor.F16, ScrubPoison}} {
		p := newTestPool(t, c.dt, c.scrub)
		ref := kvtypes.PageRef{Page: 1, Gen: 1}
		p.Stamp(ref.Page, kvtypes.Header{Tenant: kvtypes.TenantKey{1}, Gen: 1, Written: true})
		if c.dt == tensor.F32 {
			d := p.F32(1)
			for i := range d {
				d[i] = 1.5
			}
		} else {
			d := p.F16(1)
			for i := range d {
				d[i] = tensor.F32ToF16(1.5)
			}
		}
		p.Invalidate(1)
		var v float32
		if c.dt == tensor.F32 {
			v = p.F32(1)[5]
		} else {
			v = tensor.F16ToF32(p.F16(1)[5])
		}
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

func TestLayoutDisjoint(t *testing.T) {
	p := newTestPool(t, tensor.F32, ScrubNone)
	seen := map[int]bool{}
	for l := range 2 {
		for h := range 2 {
			for s := range 4 {
				for _, o := range []int{p.KOffset(l, h, s), p.VOffset(l, h, s)} {
					for i := range p.cfg.HeadDim {
						if seen[o+i] {
							t.Fatalf("element %d used twice", o+i)
						}
						seen[o+i] = true
					}
				}
				// A head's vectors of successive slots are HeadDim apart, as attention reads them.
				if s > 0 && p.KOffset(l, h, s)-p.KOffset(l, h, s-1) != p.cfg.HeadDim {
					t.Fatalf("layer %d head %d: slots %d and %d not a vector apart", l, h, s-1, s)
				}
			}
		}
	}
	if len(seen) != len(p.F32(0)) {
		t.Fatalf("layout covers %d of %d elements", len(seen), len(p.F32(0)))
	}
}

func TestChecksumKeyedByPosition(t *testing.T) {
	p := newTestPool(t, tensor.F32, ScrubNone)
	for _, id := range []kvtypes.PageID{0, 1} {
		p.Stamp(id, kvtypes.Header{Written: true})
		d := p.F32(id)
		for i := range d {
			d[i] = float32(i)
		}
	}
	if p.Checksum(0, 0, 4) != p.Checksum(1, 0, 4) {
		t.Fatal("equal contents at the same position must give equal checksums")
	}
	if p.Checksum(0, 0, 4) == p.Checksum(1, 1, 4) {
		t.Fatal("the logical position must enter the checksum")
	}
	c := p.Checksum(0, 0, 4)
	p.F32(0)[p.VOffset(1, 1, 3)] = 99
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

package grammar

import (
	"slices"
	"testing"
)

// TestConstraintPrepare: Prepared is false for a state the cache lacks, Prepare computes its set,
// and Allowed then returns exactly what an unprepared constraint computes, even after the
// matcher's cache was reset in between (the engine prepares beside the step; the step must not
// walk again).
func TestConstraintPrepare(t *testing.T) {
	m := mustMatcher(t, personSchema)
	prepared, err := m.NewConstraint(200)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := m.NewConstraint(200)
	for _, b := range []byte(`{"name":"x","age":3`) {
		id := int32(-1)
		for i, p := range m.v.pieces {
			if len(p) == 1 && p[0] == b {
				id = int32(i)
			}
		}
		prepared.Advance(id)
		plain.Advance(id)
		m.mu.Lock()
		m.cache, m.bytes = map[string]*entry{}, 0
		m.mu.Unlock()
		if prepared.Prepared() {
			t.Fatalf("after %q: Prepared with an empty cache", b)
		}
		prepared.Prepare()
		m.mu.Lock()
		m.cache, m.bytes = map[string]*entry{}, 0
		m.mu.Unlock()
		if !prepared.Prepared() {
			t.Fatalf("after %q: not Prepared after Prepare", b)
		}
		got := slices.Clone(prepared.Allowed())
		m.mu.Lock()
		cached := len(m.cache)
		m.mu.Unlock()
		if cached != 0 {
			t.Fatalf("after %q: Allowed walked again (%d cache entries)", b, cached)
		}
		if want := plain.Allowed(); !slices.Equal(got, want) {
			t.Fatalf("after %q: prepared Allowed %v, plain %v", b, got, want)
		}
	}
}

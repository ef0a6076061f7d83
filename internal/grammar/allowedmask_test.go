package grammar

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestAllowedMaskIsAllowed: whenever a constraint gives its allowed set as a bitmask, the mask
// holds exactly the tokens Allowed lists, and it gives none when the tokens left cut the set
// (Allowed is then a prefix of the state's tokens). Both happen over the walks: a mask that never
// appeared, or never stayed away, would leave this test checking nothing.
func TestAllowedMaskIsAllowed(t *testing.T) {
	masks, cut := 0, 0
	for i, schema := range propSchemas {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			m, _ := propMatcher(t, schema)
			need := m.Start().Cost() + 1
			rapid.Check(t, func(t *rapid.T) {
				c, err := m.NewConstraint(rapid.IntRange(need, need+30).Draw(t, "max"))
				if err != nil {
					t.Fatal(err)
				}
				for !c.Complete() {
					mask := c.AllowedMask()
					allowed := c.Allowed()
					if mask == nil {
						if c.next.mask != nil {
							cut++
						}
					} else {
						masks++
						var fromMask []int32
						for id := range int32(m.v.size) {
							if mask[id>>6]>>(id&63)&1 != 0 {
								fromMask = append(fromMask, id)
							}
						}
						if want := slices.Sorted(slices.Values(allowed)); !slices.Equal(fromMask, want) {
							t.Fatalf("mask holds %v, Allowed %v", fromMask, want)
						}
					}
					c.Advance(allowed[rapid.IntRange(0, len(allowed)-1).Draw(t, "tok")])
				}
			})
		})
	}
	if masks == 0 || cut == 0 {
		t.Fatalf("%d masks given, %d held back for a cut set: want both", masks, cut)
	}
}

package engine

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestLogitBiasPerSequence: a biased request follows its bias (+100 forces a token, -100 bans
// the greedy choice) while a request batched with it generates exactly what it does alone.
func TestLogitBiasPerSequence(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	greedy := sampler.Params{TopLogprobs: 0}
	plain := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 12, IgnoreEOS: true, Sampling: greedy}}
	st, err := e.Submit(context.Background(), plain)
	if err != nil {
		t.Fatal(err)
	}
	alone := drain(st)
	for _, c := range []struct {
		name  string
		bias  map[int32]float32
		check func([]int32) error
	}{
		{"force", map[int32]float32{7: 100}, func(ids []int32) error {
			if slices.ContainsFunc(ids, func(id int32) bool { return id != 7 }) {
				return fmt.Errorf("not all 7: %v", ids)
			}
			return nil
		}},
		{"ban", map[int32]float32{alone.ids()[0]: -100}, func(ids []int32) error {
			if ids[0] == alone.ids()[0] {
				return fmt.Errorf("banned token %d first", ids[0])
			}
			return nil
		}},
	} {
		biased := plain
		biased.Tenant, biased.LogitBias = "b", c.bias
		sb, err := e.Submit(context.Background(), biased)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := e.Submit(context.Background(), plain)
		if err != nil {
			t.Fatal(err)
		}
		got, other := drain(sb), drain(sp)
		if err := c.check(got.ids()); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !slices.Equal(other.ids(), alone.ids()) {
			t.Errorf("%s: the unbiased request changed beside a biased one:\n%v\n%v", c.name, alone.ids(), other.ids())
		}
	}
}

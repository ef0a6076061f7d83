//go:build incidentreplay

package replay

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

func run(t *testing.T, on ...kvtypes.Defence) *Result {
	t.Helper()
	r, err := Run(context.Background(), Config{Defences: on, CacheDir: cacheDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	Write(&b, r)
	t.Log("\n" + b.String())
	return r
}

// cacheDir holds the generated demo model, shared by the tests of one run.
var sharedCache string

func cacheDir(t *testing.T) string {
	if sharedCache == "" {
		d, err := os.MkdirTemp("", "kvwarden-replay")
		if err != nil {
			t.Fatal(err)
		}
		sharedCache = d
	}
	return sharedCache
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedCache != "" {
		os.RemoveAll(sharedCache)
	}
	os.Exit(code)
}

func attacker(r *Result) Entry {
	for _, e := range r.Timeline {
		if e.Role == "attacker" {
			return e
		}
	}
	return Entry{}
}

// TestChainLeaksWithEveryDefenceOff: all faults on, the incident happens: the attacker gets a
// fluent 200 and the engine confirms it attended over the victims' pages.
func TestChainLeaksWithEveryDefenceOff(t *testing.T) {
	r := run(t)
	a := attacker(r)
	if r.StartErr != nil || a.Status != 200 {
		t.Fatalf("attacker: %+v, start: %v", a, r.StartErr)
	}
	if !r.LeakedData {
		t.Fatal("no leak with every defence off")
	}
	victims := 0
	for _, s := range r.Stale {
		if s.Tenant != Attacker {
			t.Errorf("victim %s read stale pages: %+v", s.Tenant, s)
		}
		for _, v := range Victims {
			victims += s.Owners[v]
		}
	}
	if victims == 0 {
		t.Fatalf("the attacker read no victim's page: %+v", r.Stale)
	}
	if len(r.Fired) != 0 {
		t.Errorf("defences fired with all off: %v", r.Fired)
	}
}

//go:build incidentreplay

package replay

import (
	"context"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/probe"
)

func run(t *testing.T, on ...kvtypes.Defence) *Result {
	t.Helper()
	return runIn(t, Single, on...)
}

func runIn(t *testing.T, mode Mode, on ...kvtypes.Defence) *Result {
	t.Helper()
	r, err := Run(context.Background(), Config{Mode: mode, Defences: on, CacheDir: cacheDir(t)})
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
	victims := victimPages(t, r.Stale)
	if victims == 0 {
		t.Fatalf("the attacker read no victim's page: %+v", r.Stale)
	}
	if len(r.Fired) != 0 {
		t.Errorf("defences fired with all off: %v", r.Fired)
	}
}

// TestProbeFindsTheLeakWithEveryDefenceOff: the black-box probe, pointed at the same server with
// three of its tenants' keys, reports the leak (its invariance check: greedy answers change
// under other tenants' load), and the engine's trace confirms that the probe's own requests
// attended over pages another tenant wrote.
func TestProbeFindsTheLeakWithEveryDefenceOff(t *testing.T) {
	r := run(t)
	probeSawLeak(t, r, "the engine")
	if r.Probe.Requests > probeBudget {
		t.Errorf("the probe sent %d requests, over its budget of %d", r.Probe.Requests, probeBudget)
	}
}

// TestProbeFindsNothingWithEveryDefenceOn: the normal configuration: the same probe reports no
// leak (only the capacity mismatch the gate would have refused) and the engine saw nothing stale, in the chain or the probe. With the gate on the
// replay's server never starts (TestEachDefenceAloneStopsTheChain/gate), so the gate alone is
// off here: every runtime defence stands behind the server the probe audits, which still
// advertises a context far above its pool.
func TestProbeFindsNothingWithEveryDefenceOn(t *testing.T) {
	r := run(t, kvtypes.Defences[1:]...)
	if r.ProbeErr != nil {
		t.Fatal(r.ProbeErr)
	}
	// The gate is what refuses an advertised context over the pool, and it is off here: the
	// probe must report that mismatch (a capacity finding) and nothing else.
	for _, f := range r.Probe.Findings {
		if f.Verdict != probe.VerdictCapacity || f.Check != probe.CheckBoundary {
			t.Errorf("the probe reports a %s %s finding with every runtime defence on: %+v", f.Verdict, f.Check, f)
		}
	}
	if n := ProbeFindings(r.Probe, probe.CheckBoundary); n != 1 {
		t.Errorf("the probe reports %d capacity findings, want the one mismatch of advertised context and pool: %+v", n, r.Probe.Findings)
	}
	if r.LeakedData || len(r.Stale) != 0 || len(r.ProbeStale) != 0 {
		t.Errorf("leak %v, stale reads: chain %+v, probe %+v", r.LeakedData, r.Stale, r.ProbeStale)
	}
}

// TestEachDefenceAloneStopsTheChain: every fault on but one defence: no answer carries another
// tenant's data, and the defence that fired is named in the attacker's error and counted under
// its label in /metrics. Delayed release cannot stop this chain alone: it has no late writer
// (TestLateWriteChain has one).
func TestEachDefenceAloneStopsTheChain(t *testing.T) {
	for _, tc := range []struct {
		defence kvtypes.Defence
		status  int    // the attacker's
		err     string // in the attacker's error (the start-up error for the gate)
	}{
		{kvtypes.DefenceGate, 0, "exceeds the KV pool"},
		{kvtypes.DefenceAdmission, 400, "KV pool of 192 tokens"},
		{kvtypes.DefenceState, 500, "stopped by defence state"},
		{kvtypes.DefenceReconcile, 500, "stopped by defence reconcile"},
		{kvtypes.DefenceChecksum, 500, "stopped by defence checksum"},
		{kvtypes.DefenceHeader, 500, "stopped by defence header"},
	} {
		t.Run(string(tc.defence), func(t *testing.T) {
			r := run(t, tc.defence)
			if r.LeakedData {
				t.Fatalf("leak with %s on: %+v %+v, probe %+v", tc.defence, r.Stale, r.Canaries, r.ProbeStale)
			}
			if len(r.Stale) != 0 {
				t.Fatalf("stale pages read: %+v", r.Stale)
			}
			if !stoppedBy(t, r, tc.defence, tc.status, tc.err) {
				return // the gate: no server, no request, no metrics, no probe
			}
			if r.Fired[tc.defence] != 1 || len(r.Fired) != 1 {
				t.Errorf("fired %v, want %s once", r.Fired, tc.defence)
			}
			want := `kvwarden_defence_fired_total{defence="` + string(tc.defence) + `"} 1`
			found := false
			for _, l := range r.Metrics {
				found = found || l == want
			}
			if !found {
				t.Errorf("metrics %q lack %q", r.Metrics, want)
			}
		})
	}
}

// victimPages counts the victims' pages the stale reads attended over, failing the test for any
// stale read by a victim: only the attacker may read what others wrote.
func victimPages(t *testing.T, stale []engine.StaleRead) int {
	t.Helper()
	victims := 0
	for _, s := range stale {
		if s.Tenant != Attacker {
			t.Errorf("victim %s read stale pages: %+v", s.Tenant, s)
		}
		for _, v := range Victims {
			victims += s.Owners[v]
		}
	}
	return victims
}

// probeSawLeak checks that the probe ran, reported an invariance finding, and that where (the
// engine whose trace r.ProbeStale is) saw a probe request read another tenant's page.
func probeSawLeak(t *testing.T, r *Result, where string) {
	t.Helper()
	if r.ProbeErr != nil {
		t.Fatal(r.ProbeErr)
	}
	if n := ProbeFindings(r.Probe, probe.CheckInvariance); n == 0 {
		t.Errorf("the probe reports no invariance finding: %+v", r.Probe.Findings)
	}
	if !crossTenant(r.ProbeStale) {
		t.Errorf("%s saw no probe request read another tenant's page: %+v", where, r.ProbeStale)
	}
}

// stoppedBy checks a run with only defence d on up to the attacker: the gate refuses start-up with
// an error holding wantErr (stoppedBy then returns false: there is nothing more to check); any other
// defence lets the victims through and answers the attacker wantStatus with wantErr.
func stoppedBy(t *testing.T, r *Result, d kvtypes.Defence, wantStatus int, wantErr string) bool {
	t.Helper()
	if d == kvtypes.DefenceGate {
		if r.StartErr == nil || !strings.Contains(r.StartErr.Error(), wantErr) {
			t.Fatalf("start-up: %v, want %q", r.StartErr, wantErr)
		}
		return false
	}
	// Recorded, not asserted: the README table's probe column.
	if r.ProbeErr != nil {
		t.Fatal(r.ProbeErr)
	}
	t.Logf("probe, %s, %s alone: %d findings", r.Mode, d, len(r.Probe.Findings))
	for _, e := range r.Timeline {
		if e.Role == "victim" && e.Status != 200 {
			t.Errorf("victim %s: %+v", e.Tenant, e)
		}
	}
	if a := attacker(r); a.Status != wantStatus || !strings.Contains(a.Error, wantErr) {
		t.Errorf("attacker: status %d error %q, want %d with %q", a.Status, a.Error, wantStatus, wantErr)
	}
	return true
}

// nodeOf returns the report of one node of a disaggregated replay.
func nodeOf(t *testing.T, r *Result, role string) Node {
	t.Helper()
	for _, n := range r.Nodes {
		if n.Role == role {
			return n
		}
	}
	t.Fatalf("no %s node in %+v", role, r.Nodes)
	return Node{}
}

// TestDisaggregatedLeaksWithEveryDefenceOff: the incident across the hand-off. The prefill node
// sends the placeholder's one page; the decode node binds every page it reserved for the original
// length and attends over the victims' pages, and the attacker gets a 200. The probe, pointed at
// the router, reports the leak too.
func TestDisaggregatedLeaksWithEveryDefenceOff(t *testing.T) {
	r := runIn(t, Disaggregated)
	a := attacker(r)
	if r.StartErr != nil || a.Status != 200 {
		t.Fatalf("attacker: %+v, start: %v", a, r.StartErr)
	}
	dec := nodeOf(t, r, "decode")
	victims := victimPages(t, dec.Stale)
	if victims == 0 || !r.LeakedData {
		t.Fatalf("the attacker read no victim's page on the decode node: %+v", dec.Stale)
	}
	if len(r.Fired) != 0 {
		t.Errorf("defences fired with all off: %v", r.Fired)
	}
	// The probe reports the leak from outside (held to kvwarden's bit-identity, Config.Exact:
	// here the leak makes even idle repeats differ), and the decode node's trace confirms that
	// its own requests read other tenants' pages.
	probeSawLeak(t, r, "the decode node")
}

// TestDisaggregatedEachDefenceAloneStopsTheChain: every fault on but one defence, across the
// hand-off: no stale read of another tenant, the defence is named in the attacker's error and
// counted on the node where its check ran (with the transfer failure's check label there).
func TestDisaggregatedEachDefenceAloneStopsTheChain(t *testing.T) {
	for _, tc := range []struct {
		defence kvtypes.Defence
		status  int    // the attacker's
		err     string // in the attacker's error (the start-up error for the gate)
		node    string // where it fired
		check   string // the transfer failure counted there, if any
	}{
		{kvtypes.DefenceGate, 0, "exceeds the KV pool", "", ""},
		{kvtypes.DefenceAdmission, 400, "KV pool of 192 tokens", "prefill", ""},
		{kvtypes.DefenceState, 500, "stopped by defence state", "prefill", ""},
		{kvtypes.DefenceReconcile, 500, "stopped by defence reconcile", "decode", "token_count"},
		{kvtypes.DefenceChecksum, 500, "stopped by defence checksum", "decode", "checksum"},
		{kvtypes.DefenceHeader, 500, "stopped by defence header", "decode", "commit"},
	} {
		t.Run(string(tc.defence), func(t *testing.T) {
			r := runIn(t, Disaggregated, tc.defence)
			if crossTenant(r.Stale) || len(r.Canaries) > 0 {
				t.Fatalf("leak with %s on: %+v %+v", tc.defence, r.Stale, r.Canaries)
			}
			if !stoppedBy(t, r, tc.defence, tc.status, tc.err) {
				return
			}
			for _, n := range r.Nodes {
				want := map[kvtypes.Defence]uint64{}
				if n.Role == tc.node {
					want[tc.defence] = 1
				}
				if !maps.Equal(n.Fired, want) {
					t.Errorf("%s node: fired %v, want %v", n.Role, n.Fired, want)
				}
			}
			n := nodeOf(t, r, tc.node)
			for _, w := range []string{`kvwarden_defence_fired_total{defence="` + string(tc.defence) + `"} 1`,
				`kvwarden_transfer_failures_total{check="` + tc.check + `"} 1`} {
				if tc.check == "" && strings.Contains(w, "transfer") {
					continue
				}
				if !slices.Contains(n.Metrics, w) {
					t.Errorf("%s node's metrics %q lack %q", tc.node, n.Metrics, w)
				}
			}
		})
	}
}

// What a late-write replay should end in.
const (
	leaks   = "leak"
	refused = "refused" // the late write is refused: the victim's answer is the reference's
	victim  = "victim"  // the late write lands; the victim is refused before reading it
)

// TestLateWriteChain: the chain delayed release is for. Every fault on (and a late writer: the
// attacker hangs up mid-generation and its last step's KV lands once its pages are a victim's),
// and one defence on at a time, in one process and across the hand-off (where the late write
// lands on the decode node). Release and header refuse the late write itself, named in its
// refusal and counted; the stand-in checksums let it land but refuse the victim before it reads
// it; the incident's admission, state and reconcile defences do not touch it, and it leaks as
// with every defence off (recorded for the README table, which says so).
func TestLateWriteChain(t *testing.T) {
	for _, mode := range []Mode{Single, Disaggregated} {
		for _, tc := range []struct {
			name string
			on   []kvtypes.Defence
			want string
			by   kvtypes.Defence // the defence that stops it
		}{
			{"none", nil, leaks, ""},
			{"release", []kvtypes.Defence{kvtypes.DefenceRelease}, refused, kvtypes.DefenceRelease},
			{"header", []kvtypes.Defence{kvtypes.DefenceHeader}, refused, kvtypes.DefenceHeader},
			{"checksum", []kvtypes.Defence{kvtypes.DefenceChecksum}, victim, kvtypes.DefenceChecksum},
			{"admission", []kvtypes.Defence{kvtypes.DefenceAdmission}, leaks, ""},
			{"state", []kvtypes.Defence{kvtypes.DefenceState}, leaks, ""},
			{"reconcile", []kvtypes.Defence{kvtypes.DefenceReconcile}, leaks, ""},
			{"gate", []kvtypes.Defence{kvtypes.DefenceGate}, "", kvtypes.DefenceGate},
			{"every runtime defence", kvtypes.Defences[1:], refused, kvtypes.DefenceRelease}, // release refuses it first
		} {
			name := string(mode) + "/" + tc.name
			t.Run(name, func(t *testing.T) {
				r, err := Run(context.Background(), Config{Mode: mode, Chain: LateWriteChain, Defences: tc.on, CacheDir: cacheDir(t)})
				if err != nil {
					t.Fatal(err)
				}
				var b strings.Builder
				Write(&b, r)
				t.Log("\n" + b.String())
				if tc.want == "" {
					if r.StartErr == nil || !strings.Contains(r.StartErr.Error(), "exceeds the KV pool") {
						t.Fatalf("start-up: %v, want the gate's refusal", r.StartErr)
					}
					return
				}
				checkLateWrite(t, r, tc.want, tc.by)
			})
		}
	}
}

// checkLateWrite checks one late-write replay against what the defences on should make of it.
func checkLateWrite(t *testing.T, r *Result, want string, d kvtypes.Defence) {
	t.Helper()
	a, v := attacker(r), lateVictim(r)
	if a.Status != 200 || !strings.Contains(a.Error, "hung up") || strings.Contains(a.Error, "times") {
		t.Fatalf("the attacker did not hang up mid-generation: %+v", a)
	}
	if len(r.LateWrites) != 1 || r.LateWrites[0].Tenant != Attacker {
		t.Fatalf("late writes %+v, want the attacker's one", r.LateWrites)
	}
	lw := r.LateWrites[0]
	fired := map[kvtypes.Defence]uint64{}
	switch want {
	case leaks:
		if !lw.Landed || lw.Victim != v.Tenant || !r.LeakedData || v.Status != 200 {
			t.Fatalf("no leak: late write %+v, victim %+v, leaked %v", lw, v, r.LeakedData)
		}
		if got := r.Stale; len(got) != 1 || got[0].Tenant != v.Tenant || got[0].Owners[Attacker] == 0 {
			t.Errorf("the engine's trace does not show the victim reading the attacker's page: %+v", got)
		}
		// Recorded, not asserted: one page of the attacker's KV does not always change 6 greedy tokens.
		t.Logf("victim's answer changed: %v", r.AnswerChanged)
	case refused:
		if lw.Landed || lw.Defence != d || !strings.Contains(lw.Message, "defence "+string(d)) {
			t.Errorf("late write %+v, want refused by %s and named in its refusal", lw, d)
		}
		if v.Status != 200 || r.AnswerChanged {
			t.Errorf("victim %+v (changed %v): want the reference's answer", v, r.AnswerChanged)
		}
		fired[d] = 1
	case victim:
		if !lw.Landed || v.Status != 500 || !strings.Contains(v.Error, "stopped by defence "+string(d)) {
			t.Errorf("late write %+v, victim %+v: want it landed and the victim refused by %s", lw, v, d)
		}
		fired[d] = 1
	}
	if want != leaks {
		if r.LeakedData || len(r.Stale) != 0 || len(r.Canaries) != 0 {
			t.Errorf("leak: stale %+v canaries %+v", r.Stale, r.Canaries)
		}
		for d := range fired {
			line := `kvwarden_defence_fired_total{defence="` + string(d) + `"} 1`
			if r.Mode == Disaggregated {
				line = "decode: " + line // the late writer and its victim decode there
			}
			if !slices.Contains(r.Metrics, line) {
				t.Errorf("metrics %q lack %q", r.Metrics, line)
			}
		}
	}
	if !maps.Equal(r.Fired, fired) {
		t.Errorf("fired %v, want %v", r.Fired, fired)
	}
}

// lateVictim is the late-write chain's victim: the request after the attacker's.
func lateVictim(r *Result) Entry {
	var v Entry
	for _, e := range r.Timeline {
		if e.Role == "victim" {
			v = e
		}
	}
	return v
}

// TestShadowDetectsEveryReplayedIncident: every prevention off and shadow verification on:
// each chain still happens, in one process and across the hand-off (shadow detects, it does not
// prevent), and the answer it corrupted is a mismatch, with both traces kept; no honest answer is
// flagged. The incident's answer read pages its owner never wrote (or could not be re-run at all:
// the pool cannot hold its prompt); the late writer's victim got KV another request wrote.
func TestShadowDetectsEveryReplayedIncident(t *testing.T) {
	for _, chain := range []Chain{IncidentChain, LateWriteChain} {
		for _, mode := range []Mode{Single, Disaggregated} {
			t.Run(string(chain)+"/"+string(mode), func(t *testing.T) {
				r, err := Run(context.Background(), Config{Mode: mode, Chain: chain, Shadow: true, CacheDir: cacheDir(t)})
				if err != nil {
					t.Fatal(err)
				}
				var b strings.Builder
				Write(&b, r)
				t.Log("\n" + b.String())
				if !r.LeakedData || len(r.Fired) != 0 || chain == LateWriteChain && !r.AnswerChanged {
					t.Fatalf("leaked %v, fired %v, victim's answer changed %v: shadow verification must change nothing of the chain", r.LeakedData, r.Fired, r.AnswerChanged)
				}
				if r.ShadowMismatches() == 0 {
					t.Fatal("the corrupted answer was not detected")
				}
				corrupted := Attacker
				if chain == LateWriteChain {
					corrupted = Victims[0]
				}
				for _, s := range r.Shadow {
					for _, m := range s.Mismatches {
						if m.Tenant != corrupted {
							t.Errorf("an honest answer flagged: %+v", m)
						}
						if chain == IncidentChain && !slices.ContainsFunc(m.Live.Pages, func(p engine.ShadowPage) bool { return p.Unfilled > 0 }) {
							t.Errorf("the incident's answer trace shows no page read where nothing was written: %+v", m.Live.Pages)
						}
					}
				}
				if !strings.Contains(b.String(), "DETECTED by shadow verification") {
					t.Error("the report does not say the leak was detected")
				}
			})
		}
	}
}

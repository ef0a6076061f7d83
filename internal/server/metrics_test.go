package server

import (
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/opmetrics"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

func counterValue(t *testing.T, c prometheus.Collector) float64 {
	t.Helper()
	ch := make(chan prometheus.Metric, 16)
	c.Collect(ch)
	close(ch)
	total := 0.0
	for m := range ch {
		var d dto.Metric
		if err := m.Write(&d); err != nil {
			t.Fatal(err)
		}
		total += d.GetCounter().GetValue()
	}
	return total
}

// TestClientAbortsApart: a client that hangs up is a client abort, not a stream error; an engine
// abort mid-stream is a stream error, not a client abort; both end their choices as "abort".
func TestClientAbortsApart(t *testing.T) {
	for _, c := range []struct {
		name                     string
		hangUp                   bool
		clientAborts, streamErrs float64
	}{
		{"client hangs up", true, 1, 0},
		{"engine aborts", false, 0, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			eng := newFakeEngine()
			if c.hangUp {
				eng.delay = 5 * time.Millisecond
			} else {
				eng.abortAfter = 2
			}
			env := start(t, eng, meteredStore(t, tenants.Limits{}), nil)
			body := `{"prompt":"abcd","max_tokens":50,"stream":true}`
			if c.hangUp {
				readEvents(t, env, body, 2)
			} else {
				env.post("/v1/completions", keyCarol, body)
			}
			waitFor(t, func() bool { return counterValue(t, env.srv.met.finished) == 1 })
			m := env.srv.met
			if got := counterValue(t, m.clientAborts); got != c.clientAborts {
				t.Errorf("client aborts %v, want %v", got, c.clientAborts)
			}
			if got := counterValue(t, m.streamErrs); got != c.streamErrs {
				t.Errorf("stream errors %v, want %v", got, c.streamErrs)
			}
			if got := counterValue(t, m.finished.WithLabelValues("abort")); got != 1 {
				t.Errorf("finished abort %v", got)
			}
		})
	}
}

// TestTenantSeriesDropped: a reload that removes a tenant deletes its series, so their number
// stays bounded by the tenants file.
func TestTenantSeriesDropped(t *testing.T) {
	f := &tenants.File{Version: tenants.FileVersion}
	keyC, _ := f.Add("carol", tenants.Limits{})
	keyD, _ := f.Add("dave", tenants.Limits{})
	path, store := saveStore(t, f)
	env := start(t, newFakeEngine(), store, nil)
	for _, k := range []string{keyC, keyD} {
		if code, _, _ := env.post("/v1/completions", k, `{"prompt":"a","max_tokens":1}`); code != 200 {
			t.Fatal(code)
		}
	}
	f.Remove("carol")
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	if err := env.srv.ReloadTenants(); err != nil {
		t.Fatal(err)
	}
	_, _, body := env.metrics()
	if strings.Contains(string(body), `tenant="carol"`) || !strings.Contains(string(body), `kvwarden_tenant_requests_total{tenant="dave"} 1`) {
		t.Fatalf("tenant series after removing carol:\n%s", grepLines(string(body), "kvwarden_tenant_"))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestLintMetricsCatches: the naming check flags what promtool flags.
func TestLintMetricsCatches(t *testing.T) {
	gauge, counter := dto.MetricType_GAUGE, dto.MetricType_COUNTER
	help := "h"
	for _, c := range []struct {
		name string
		typ  dto.MetricType
		bad  bool
	}{
		{"kvwarden_kv_pages_total", gauge, true}, // the old name of kvwarden_kv_pool_pages
		{"kvwarden_requests", counter, true},
		{"kvwarden_request_queue_time_ms", gauge, true},
		{"kvwarden_Pages", gauge, true},
		{"kvwarden_kv_pool_pages", gauge, false},
		{"kvwarden_requests_total", counter, false},
	} {
		ft := &fakeT{}
		lintMetrics(ft, map[string]*dto.MetricFamily{c.name: {Name: &c.name, Type: &c.typ, Help: &help}})
		if ft.failed != c.bad {
			t.Errorf("%s: flagged %v, want %v", c.name, ft.failed, c.bad)
		}
	}
}

type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.failed = true }

// TestPeerWaitingGauge: sequences in a hand-off (waiting on another node) are shown apart, still
// counted as running, so an operator or a watchdog can tell a wait on a peer from a stuck engine.
func TestPeerWaitingGauge(t *testing.T) {
	for _, c := range []struct {
		name                         string
		stats                        engine.Stats
		waiting, running, peerWaiter float64
	}{
		{"idle", engine.Stats{}, 0, 0, 0},
		{"computing only", engine.Stats{Stats: core.Stats{Waiting: 2, Running: 3}}, 2, 3, 0},
		{"hand-off only", engine.Stats{Stats: core.Stats{Transferring: 1}}, 0, 1, 1},
		{"both", engine.Stats{Stats: core.Stats{Waiting: 1, Running: 2, Transferring: 4}}, 1, 6, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			eng := newFakeEngine()
			eng.stats = c.stats
			reg := prometheus.NewPedanticRegistry()
			reg.MustRegister(opmetrics.New(opmetrics.RoleSingle, "m", eng, true))
			fams, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]float64{}
			for _, f := range fams {
				if len(f.GetMetric()) == 1 && f.GetMetric()[0].GetGauge() != nil {
					got[f.GetName()] = f.GetMetric()[0].GetGauge().GetValue()
				}
			}
			for name, want := range map[string]float64{"kvwarden_queue_depth": c.waiting,
				"kvwarden_running_sequences": c.running, "kvwarden_peer_waiting_sequences": c.peerWaiter} {
				if v, ok := got[name]; !ok || v != want {
					t.Errorf("%s = %v (present %v), want %v", name, v, ok, want)
				}
			}
		})
	}
}

package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	prommodel "github.com/prometheus/common/model"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// metricFamilies scrapes the operator listener and parses the exposition.
func (e *testEnv) metricFamilies() map[string]*dto.MetricFamily {
	e.t.Helper()
	code, _, body := e.metrics()
	if code != http.StatusOK {
		e.t.Fatalf("metrics: %d", code)
	}
	p := expfmt.NewTextParser(prommodel.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		e.t.Fatalf("exposition does not parse: %v", err)
	}
	return fams
}

// counterOf is the value of the counter or gauge name with label=value ("" for none).
func counterOf(t *testing.T, fams map[string]*dto.MetricFamily, name, label, value string) float64 {
	t.Helper()
	f, ok := fams[name]
	if !ok {
		t.Fatalf("no metric %s", name)
	}
	for _, m := range f.GetMetric() {
		if label != "" && (len(m.GetLabel()) != 1 || m.GetLabel()[0].GetName() != label || m.GetLabel()[0].GetValue() != value) {
			continue
		}
		if m.Gauge != nil {
			return m.GetGauge().GetValue()
		}
		return m.GetCounter().GetValue()
	}
	t.Fatalf("no %s{%s=%q}", name, label, value)
	return 0
}

// counterWith is the value of the counter name whose labels are exactly labels.
func counterWith(t *testing.T, fams map[string]*dto.MetricFamily, name string, labels map[string]string) float64 {
	t.Helper()
	for _, m := range fams[name].GetMetric() {
		got := map[string]string{}
		for _, l := range m.GetLabel() {
			got[l.GetName()] = l.GetValue()
		}
		if maps.Equal(got, labels) {
			return m.GetCounter().GetValue()
		}
	}
	t.Fatalf("no %s%v", name, labels)
	return 0
}

// TestShadowOverHTTP: with every answer verified, what clients get over the API (greedy, seeded
// sampling, logprobs, a stop string that cuts the answer short, chat) matches its re-run alone,
// and the operator listener shows the counts and an empty mismatch list; the API port shows
// neither.
func TestShadowOverHTTP(t *testing.T) {
	m, tok, _ := testmodel.Open(t, selfmade.Llama.Name)
	eng, err := engine.New(m, tok, engine.Config{Threads: 1, KVDType: tensor.F32, KVMemBytes: 4 << 20, PrefixCache: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Shadow: engine.ShadowConfig{Fraction: 1}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	env := startWith(t, eng, nil, tok, nil)
	prompt := strings.Repeat("Once upon a time there was a little girl. ", 3)
	bodies := []string{
		`{"prompt":"` + prompt + `","max_tokens":8,"temperature":0}`,
		`{"prompt":"` + prompt + `","max_tokens":8,"temperature":0}`, // a prefix-cache hit
		`{"prompt":"` + prompt + `","max_tokens":8,"temperature":0.9,"top_p":0.9,"seed":7,"logprobs":2}`,
		`{"prompt":"` + prompt + `","max_tokens":12,"temperature":0.7}`, // unseeded: the engine's seed is kept
		`{"prompt":"` + prompt + `","max_tokens":20,"temperature":0,"stop":["the"]}`,
		`{"prompt":"` + prompt + `","max_tokens":6,"temperature":0,"stream":true}`,
	}
	for _, b := range bodies {
		if code, _, out := env.post("/v1/completions", keyAlice, b); code != http.StatusOK {
			t.Fatalf("%s: %d %s", b, code, out)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for eng.Stats().Shadow.Pending > 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	fams := env.metricFamilies()
	if v := counterOf(t, fams, "kvwarden_shadow_verified_total", "", ""); v != float64(len(bodies)) {
		t.Errorf("verified %v, want %d", v, len(bodies))
	}
	if v := counterWith(t, fams, "kvwarden_tenant_shadow_verified_total", map[string]string{"tenant": "alice"}); v != float64(len(bodies)) {
		t.Errorf("alice's verified %v, want %d", v, len(bodies))
	}
	if v := counterOf(t, fams, "kvwarden_shadow_mismatches_total", "", ""); v != 0 {
		t.Errorf("mismatches %v: %+v", v, eng.ShadowMismatches())
	}
	for _, r := range engine.ShadowDropReasons {
		if v := counterOf(t, fams, "kvwarden_shadow_dropped_total", "reason", r); v != 0 {
			t.Errorf("dropped{reason=%q} %v", r, v)
		}
	}
	lintMetrics(t, fams)
	code, hdr, body := env.getFrom(env.mbase + "/shadow/mismatches")
	if code != http.StatusOK || hdr.Get("Content-Type") != "application/json" || strings.TrimSpace(string(body)) != `{"mismatches":[]}` {
		t.Fatalf("/shadow/mismatches: %d %s %s", code, hdr.Get("Content-Type"), body)
	}
	if code, _, _ := env.get("/shadow/mismatches"); code != http.StatusNotFound {
		t.Fatalf("/shadow/mismatches on the API port: %d", code)
	}
}

// shadowFake is the fake engine keeping one mismatch.
type shadowFake struct {
	*fakeEngine
	kept []engine.ShadowMismatch
}

func (f *shadowFake) ShadowMismatches() []engine.ShadowMismatch { return f.kept }

// TestShadowMismatchesEndpoint: the operator reads a mismatch as JSON on the operator listener:
// where the runs part, their token counts and digests (never a token id), the pages read and
// their owners.
func TestShadowMismatchesEndpoint(t *testing.T) {
	fake := &shadowFake{fakeEngine: newFakeEngine(), kept: []engine.ShadowMismatch{{
		ShadowEvent: engine.ShadowEvent{Tenant: uidAlice, Request: 9, Reason: "token", Index: 1},
		Live: engine.ShadowTrace{Tokens: []engine.ShadowToken{{ID: 5, Logprob: -1.5, HasLogprob: true}, {ID: 6}}, Finish: "length",
			Pages: []engine.ShadowPage{{Page: 3, Gen: 2, Owner: "00ff", HdrGen: 1, Writer: 4, Written: true}}},
		Reference: engine.ShadowTrace{Tokens: []engine.ShadowToken{{ID: 5, Logprob: -1.5, HasLogprob: true}, {ID: 7}}, Finish: "length"},
	}}}
	fake.stats.Shadow = engine.ShadowStats{Enabled: true, Fraction: 0.05, Mismatches: 1, Verified: 10,
		Dropped: map[string]uint64{engine.ShadowDropQueueFull: 2}, Skipped: map[string]uint64{},
		Tenants: map[string]engine.ShadowTenantStats{uidAlice: {Verified: 4, Dropped: map[string]uint64{engine.ShadowDropQueueFull: 2}}}}
	env := startWith(t, fake, nil, nil, nil)
	if code, _, out := env.post("/v1/completions", keyAlice, `{"prompt":"hi","max_tokens":2}`); code != http.StatusOK {
		t.Fatalf("%d %s", code, out) // alice served: her name is known to the kvwarden_tenant_* series
	}
	code, _, body := env.getFrom(env.mbase + "/shadow/mismatches")
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	type trace struct {
		Tokens int
		Digest string
		Pages  []engine.ShadowPage
	}
	var got struct {
		Mismatches []struct {
			Index           int
			Live, Reference trace
		}
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Mismatches) != 1 || got.Mismatches[0].Index != 1 || got.Mismatches[0].Live.Pages[0].Owner != "00ff" ||
		got.Mismatches[0].Reference.Tokens != 2 || got.Mismatches[0].Live.Digest == got.Mismatches[0].Reference.Digest {
		t.Fatalf("%s", body)
	}
	fams := env.metricFamilies()
	for _, c := range []struct {
		name, label, value string
		want               float64
	}{
		{"kvwarden_shadow_verified_total", "", "", 10},
		{"kvwarden_shadow_mismatches_total", "", "", 1},
		{"kvwarden_shadow_dropped_total", "reason", engine.ShadowDropQueueFull, 2},
		{"kvwarden_shadow_dropped_total", "reason", engine.ShadowDropTenantRemoved, 0},
		{"kvwarden_shadow_skipped_total", "reason", engine.ShadowSkipConstrained, 0},
	} {
		if v := counterOf(t, fams, c.name, c.label, c.value); v != c.want {
			t.Errorf("%s{%s=%q} = %v, want %v", c.name, c.label, c.value, v, c.want)
		}
	}
	// Per tenant, under the tenant's configured name as every kvwarden_tenant_* series.
	if v := counterWith(t, fams, "kvwarden_tenant_shadow_dropped_total", map[string]string{"tenant": "alice", "reason": engine.ShadowDropQueueFull}); v != 2 {
		t.Errorf("alice's queue_full drops %v, want 2", v)
	}
	if v := counterWith(t, fams, "kvwarden_tenant_shadow_verified_total", map[string]string{"tenant": "alice"}); v != 4 {
		t.Errorf("alice's verified %v, want 4", v)
	}
	lintMetrics(t, fams)
}

package server

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	prommodel "github.com/prometheus/common/model"

	"github.com/kvwarden/kvwarden/internal/core"
)

// scrapeFamilies reads the operator listener's /metrics.
func scrapeFamilies(t *testing.T, env *testEnv) (map[string]*dto.MetricFamily, []byte) {
	t.Helper()
	code, _, body := env.metrics()
	if code != 200 {
		t.Fatalf("metrics: %d", code)
	}
	parser := expfmt.NewTextParser(prommodel.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("exposition does not parse: %v", err)
	}
	return fams, body
}

// sample is a series' value: a counter's or gauge's value, a histogram's sample count; ok false
// when no series of the family has every label of want.
func sample(f *dto.MetricFamily, want map[string]string) (v float64, ok bool) {
	if f == nil {
		return 0, false
	}
next:
	for _, m := range f.GetMetric() {
		have := map[string]string{}
		for _, l := range m.GetLabel() {
			have[l.GetName()] = l.GetValue()
		}
		for k, w := range want {
			if have[k] != w {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.GetCounter().GetValue(), true
		case m.Gauge != nil:
			return m.GetGauge().GetValue(), true
		case m.Histogram != nil:
			return float64(m.GetHistogram().GetSampleCount()), true
		}
	}
	return 0, false
}

// TestVLLMSeries: after one request, every vllm: series the vLLM Grafana dashboard and the
// Gateway API Inference Extension read exists with vLLM's type and a model_name label, and moves
// by what the request did; the exposition passes promtool.
func TestVLLMSeries(t *testing.T) {
	eng := newFakeEngine()
	eng.info.PageTokens = 16
	eng.phases = [3]time.Duration{time.Millisecond, 2 * time.Millisecond, 3 * time.Millisecond}
	eng.cached = 2
	eng.stats.Waiting, eng.stats.Running, eng.stats.Transferring = 3, 2, 1
	eng.stats.PagesTotal, eng.stats.PagesFree, eng.stats.PagesIdle = 200, 150, 10
	eng.stats.Preemptions = 7
	eng.stats.StepTokens = core.StepTokens{Count: 9, Sum: 40}
	env := start(t, eng, nil, nil)
	model := map[string]string{"model_name": "fake-model"}
	before, _ := scrapeFamilies(t, env)

	const n = 2
	code, _, body := env.post("/v1/completions", keyAlice, `{"prompt":"hello","max_tokens":5,"n":2}`)
	if code != 200 {
		t.Fatalf("completion: %d %s", code, body)
	}
	var resp struct {
		Choices []struct {
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
		Usage usage `json:"usage"`
	}
	if err := json.Unmarshal(body, &resp); err != nil || len(resp.Choices) != n {
		t.Fatalf("completion body %s: %v", body, err)
	}
	u := resp.Usage
	reason := resp.Choices[0].FinishReason
	after, exposition := scrapeFamilies(t, env)

	gauge, counter, histogram := dto.MetricType_GAUGE, dto.MetricType_COUNTER, dto.MetricType_HISTOGRAM
	withReason := map[string]string{"model_name": "fake-model", "finished_reason": reason}
	for _, c := range []struct {
		name   string
		typ    dto.MetricType
		labels map[string]string
		delta  float64 // how far the request moved it (a histogram: its sample count)
		value  float64 // for gauges: what the engine reports now
	}{
		{"vllm:num_requests_running", gauge, model, 0, 3},
		{"vllm:num_requests_waiting", gauge, model, 0, 3},
		{"vllm:kv_cache_usage_perc", gauge, model, 0, 0.2},
		{"vllm:gpu_cache_usage_perc", gauge, model, 0, 0.2},
		{"vllm:cache_config_info", gauge, map[string]string{"block_size": "16", "num_gpu_blocks": "200"}, 0, 1},
		{"vllm:num_preemptions_total", counter, model, 0, 7},
		{"vllm:iteration_tokens_total", histogram, model, 0, 9},
		{"vllm:prompt_tokens_total", counter, model, float64(u.PromptTokens), 0},
		{"vllm:generation_tokens_total", counter, model, float64(u.CompletionTokens), 0},
		{"vllm:request_success_total", counter, withReason, n, 0},
		{"vllm:e2e_request_latency_seconds", histogram, model, 1, 0},
		{"vllm:time_to_first_token_seconds", histogram, model, 1, 0},
		{"vllm:time_per_output_token_seconds", histogram, model, float64(u.CompletionTokens - n), 0},
		{"vllm:inter_token_latency_seconds", histogram, model, float64(u.CompletionTokens - n), 0},
		{"vllm:request_prompt_tokens", histogram, model, 1, 0},
		{"vllm:request_generation_tokens", histogram, model, 1, 0},
		{"vllm:request_max_num_generation_tokens", histogram, model, 1, 0},
		{"vllm:request_params_n", histogram, model, 1, 0},
		{"vllm:request_params_max_tokens", histogram, model, 1, 0},
		{"vllm:request_queue_time_seconds", histogram, model, n, 0},
		{"vllm:request_inference_time_seconds", histogram, model, n, 0},
		{"vllm:request_prefill_time_seconds", histogram, model, n, 0},
		{"vllm:request_decode_time_seconds", histogram, model, n, 0},
		{"vllm:prefix_cache_queries_total", counter, model, float64(n * u.PromptTokens), 0},
		{"vllm:prefix_cache_hits_total", counter, model, n * 2, 0},
	} {
		f := after[c.name]
		if f == nil {
			t.Errorf("%s: not served", c.name)
			continue
		}
		if f.GetType() != c.typ {
			t.Errorf("%s: type %v, want %v", c.name, f.GetType(), c.typ)
		}
		now, ok := sample(f, c.labels)
		if !ok {
			t.Errorf("%s: no series with %v", c.name, c.labels)
			continue
		}
		was, _ := sample(before[c.name], c.labels)
		if c.typ == gauge || c.delta == 0 {
			if now != c.value {
				t.Errorf("%s = %v, want %v", c.name, now, c.value)
			}
		} else if now-was != c.delta {
			t.Errorf("%s moved by %v, want %v", c.name, now-was, c.delta)
		}
	}
	// The longest choice and the parameters land in the buckets they belong to.
	for name, v := range map[string]float64{"vllm:request_params_n": n, "vllm:request_params_max_tokens": 5,
		"vllm:request_max_num_generation_tokens": float64(u.CompletionTokens / n)} {
		if h := after[name].GetMetric()[0].GetHistogram(); h.GetSampleSum() != v {
			t.Errorf("%s sum %v, want %v", name, h.GetSampleSum(), v)
		}
	}
	for name, f := range after {
		if !strings.HasPrefix(name, "vllm:") {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "tenant" || strings.Contains(l.GetValue(), "alice") {
					t.Errorf("%s carries %s=%q: tenants stay in kvwarden_tenant_*", name, l.GetName(), l.GetValue())
				}
			}
		}
	}
	promtoolCheck(t, exposition)
}

// vllmNameWarnings are the promtool warnings vLLM's own names draw, which the dashboards that
// read them require: the colon of every vllm: name, and the _total of vLLM's iteration-tokens
// histogram. Any other warning, on any series, fails.
var vllmNameWarnings = []string{
	"metric names should not contain ':'",
	`vllm:iteration_tokens_total non-counter metrics should not have "_total" suffix`,
}

// promtoolCheck runs "promtool check metrics" on an exposition: it must print no warning but
// vllmNameWarnings on vllm: series. It skips where promtool is missing, except under CI (.ci/run
// installs it).
func promtoolCheck(t *testing.T, exposition []byte) {
	t.Helper()
	path, err := exec.LookPath("promtool")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("promtool is missing under CI")
		}
		t.Skip("promtool not installed (Debian: apt-get install prometheus)")
	}
	cmd := exec.Command(path, "check", "metrics")
	cmd.Stdin = bytes.NewReader(exposition)
	out, _ := cmd.CombinedOutput() // exits non-zero on any warning: the lines tell
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		expected := strings.HasPrefix(line, "vllm:") && slices.ContainsFunc(vllmNameWarnings, func(w string) bool {
			return strings.HasSuffix(line, w)
		})
		if line != "" && !expected {
			t.Errorf("promtool check metrics: %s", line)
		}
	}
}

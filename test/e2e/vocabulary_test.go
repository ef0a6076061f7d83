package e2e

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	prommodel "github.com/prometheus/common/model"
)

// scrapeTyped reads an operator listener's /metrics with the families' types.
func scrapeTyped(t *testing.T, mbase string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(mbase + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s/metrics: %d %v", mbase, resp.StatusCode, err)
	}
	parser := expfmt.NewTextParser(prommodel.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("%s/metrics does not parse: %v", mbase, err)
	}
	return fams
}

// labelNames are the label names of a family's first series, sorted as served.
func labelNames(f *dto.MetricFamily) string {
	var names []string
	for _, l := range f.GetMetric()[0].GetLabel() {
		names = append(names, l.GetName())
	}
	return strings.Join(names, ",")
}

// gaugeSum is the sum of a family's gauge values.
func gaugeSum(f *dto.MetricFamily) float64 {
	v := 0.0
	for _, m := range f.GetMetric() {
		v += m.GetGauge().GetValue()
	}
	return v
}

// counterSum is the sum of a family's counter values.
func counterSum(f *dto.MetricFamily) float64 {
	v := 0.0
	for _, m := range f.GetMetric() {
		v += m.GetCounter().GetValue()
	}
	return v
}

// TestMetricVocabularyEveryRole scrapes every role's operator listener (single process, router,
// prefill and decode node) after a request: each serves the engine series under the same names,
// types and labels, and kvwarden_info names its role and the one model_name; every role serves
// the vllm: series an endpoint picker reads, the API-serving roles all the vllm: series (with
// model_name), the nodes no other (their router's count the same requests); the router's pool is its nodes'
// sum; and every role exposes the Go runtime's and the process's metrics, so a goroutine leak on
// a node shows from outside.
func TestMetricVocabularyEveryRole(t *testing.T) {
	c := startCluster(t, meterModel, "")
	single := startServer(t, serverOpts{model: meterModel})
	for _, s := range []*server{single, c.router} {
		if code, _, body := s.call(t, http.MethodPost, "/v1/completions", "", `{"prompt":"hello","max_tokens":4}`); code != 200 {
			t.Fatalf("completion: %d %s", code, body)
		}
	}
	gauge, counter, histogram := dto.MetricType_GAUGE, dto.MetricType_COUNTER, dto.MetricType_HISTOGRAM
	type series struct {
		typ    dto.MetricType
		labels string
	}
	engineSeries := map[string]series{
		"kvwarden_info":                            {gauge, "model_name,role"},
		"kvwarden_queue_depth":                     {gauge, ""},
		"kvwarden_running_sequences":               {gauge, ""},
		"kvwarden_peer_waiting_sequences":          {gauge, ""},
		"kvwarden_kv_pages":                        {gauge, "state"},
		"kvwarden_kv_pool_pages":                   {gauge, ""},
		"kvwarden_kv_cache_usage_ratio":            {gauge, ""},
		"kvwarden_prefill_tokens_total":            {counter, ""},
		"kvwarden_decode_tokens_total":             {counter, ""},
		"kvwarden_isolation_security_events_total": {counter, ""},
		"kvwarden_preemptions_total":               {counter, ""},
		"kvwarden_prefix_cache_evictions_total":    {counter, ""},
		"kvwarden_prefix_cache_hit_tokens_total":   {counter, ""},
		"kvwarden_defence_fired_total":             {counter, "defence"},
		"kvwarden_engine_internal_errors_total":    {counter, ""},
		"go_goroutines":                            {gauge, ""},
		"process_cpu_seconds_total":                {counter, ""},
	}
	vllmSeries := map[string]series{
		"vllm:num_requests_running":          {gauge, "model_name"},
		"vllm:num_requests_waiting":          {gauge, "model_name"},
		"vllm:kv_cache_usage_perc":           {gauge, "model_name"},
		"vllm:gpu_cache_usage_perc":          {gauge, "model_name"},
		"vllm:cache_config_info":             {gauge, "block_size,enable_prefix_caching,num_gpu_blocks"},
		"vllm:prompt_tokens_total":           {counter, "model_name"},
		"vllm:generation_tokens_total":       {counter, "model_name"},
		"vllm:request_success_total":         {counter, "finished_reason,model_name"},
		"vllm:e2e_request_latency_seconds":   {histogram, "model_name"},
		"vllm:time_to_first_token_seconds":   {histogram, "model_name"},
		"vllm:time_per_output_token_seconds": {histogram, "model_name"},
		"vllm:request_queue_time_seconds":    {histogram, "model_name"},
	}
	// What the Gateway API Inference Extension's endpoint picker reads, on every role.
	pickerSeries := map[string]bool{"vllm:num_requests_running": true, "vllm:num_requests_waiting": true,
		"vllm:kv_cache_usage_perc": true, "vllm:cache_config_info": true}
	roles := []struct {
		role  string
		mbase string
		api   bool
	}{
		{"single", single.mbase, true},
		{"router", c.router.mbase, true},
		{"prefill", c.pre.mbase, false},
		{"decode", c.dec.mbase, false},
	}
	scrapes := map[string]map[string]*dto.MetricFamily{}
	models := map[string]bool{}
	for _, r := range roles {
		fams := scrapeTyped(t, r.mbase)
		scrapes[r.role] = fams
		want := map[string]series{}
		for k, v := range engineSeries {
			want[k] = v
		}
		if r.role != "router" { // the router runs no step
			want["kvwarden_step_tokens"] = series{histogram, ""}
		}
		for k, v := range vllmSeries {
			if r.api || pickerSeries[k] {
				want[k] = v
			}
		}
		for name, w := range want {
			f := fams[name]
			switch {
			case f == nil:
				t.Errorf("%s: no %s", r.role, name)
			case f.GetType() != w.typ:
				t.Errorf("%s: %s is a %v, want %v", r.role, name, f.GetType(), w.typ)
			case labelNames(f) != w.labels:
				t.Errorf("%s: %s has labels %q, want %q", r.role, name, labelNames(f), w.labels)
			}
		}
		for name := range fams {
			if !r.api && strings.HasPrefix(name, "vllm:") && !pickerSeries[name] {
				t.Errorf("%s: serves %s (its router serves the dashboard's series)", r.role, name)
			}
		}
		if info := fams["kvwarden_info"]; info != nil {
			for _, l := range info.GetMetric()[0].GetLabel() {
				switch l.GetName() {
				case "role":
					if l.GetValue() != r.role {
						t.Errorf("%s: kvwarden_info role %q", r.role, l.GetValue())
					}
				case "model_name":
					models[l.GetValue()] = true
				}
			}
		}
		// Every token a step computed is counted once in the step histogram, as prefill or decode.
		if h := fams["kvwarden_step_tokens"]; h != nil && r.role != "router" {
			steps := h.GetMetric()[0].GetHistogram()
			computed := counterSum(fams["kvwarden_prefill_tokens_total"]) + counterSum(fams["kvwarden_decode_tokens_total"])
			if steps.GetSampleCount() == 0 || steps.GetSampleSum() != computed {
				t.Errorf("%s: kvwarden_step_tokens: %d steps, %v tokens; prefill + decode tokens %v", r.role, steps.GetSampleCount(), steps.GetSampleSum(), computed)
			}
		}
		if g := fams["go_goroutines"]; g != nil && gaugeSum(g) < 1 {
			t.Errorf("%s: go_goroutines %v", r.role, gaugeSum(g))
		}
	}
	if len(models) != 1 {
		t.Errorf("kvwarden_info model_name differs between roles: %v", models)
	}
	// The router's pool figures are its nodes' sums, so a cluster dashboard reads them unchanged.
	if fams := scrapes["router"]; fams["kvwarden_kv_pool_pages"] != nil {
		router := gaugeSum(fams["kvwarden_kv_pool_pages"])
		nodes := gaugeSum(scrapes["prefill"]["kvwarden_kv_pool_pages"]) + gaugeSum(scrapes["decode"]["kvwarden_kv_pool_pages"])
		if router == 0 || router != nodes {
			t.Errorf("router kvwarden_kv_pool_pages %v, nodes' sum %v", router, nodes)
		}
	}
}

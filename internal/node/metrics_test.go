package node

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	prommodel "github.com/prometheus/common/model"

	"github.com/kvwarden/kvwarden/internal/operator"
)

// TestNodeServesPickerSeries: a prefill and a decode node's operator listener serve the series
// the Gateway API Inference Extension's endpoint picker reads (its default metric names), gauges
// labelled with the model, and cache_config_info with the page size, so an EPP can pick among
// either role's pods.
func TestNodeServesPickerSeries(t *testing.T) {
	fx := load(t)
	for _, role := range []string{RolePrefill, RoleDecode} {
		t.Run(role, func(t *testing.T) {
			n := fx.startNode(t, role, nil, nil)
			t.Cleanup(n.Stop)
			srv := httptest.NewServer(operator.New(n.Operator()))
			t.Cleanup(srv.Close)
			resp, err := http.Get(srv.URL + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			parser := expfmt.NewTextParser(prommodel.UTF8Validation)
			fams, err := parser.TextToMetricFamilies(resp.Body)
			if err != nil {
				t.Fatalf("/metrics does not parse: %v", err)
			}
			for _, name := range []string{"vllm:num_requests_waiting", "vllm:num_requests_running", "vllm:kv_cache_usage_perc"} {
				f := fams[name]
				if f == nil || f.GetType() != dto.MetricType_GAUGE || len(f.GetMetric()) != 1 {
					t.Errorf("%s: want one gauge, have %v", name, f)
					continue
				}
				if l := labels(f.GetMetric()[0]); l["model_name"] != "demo" {
					t.Errorf("%s labels %v, want model_name demo", name, l)
				}
			}
			f := fams["vllm:cache_config_info"]
			if f == nil || f.GetType() != dto.MetricType_GAUGE || len(f.GetMetric()) != 1 {
				t.Fatalf("vllm:cache_config_info: want one gauge, have %v", f)
			}
			want := strconv.Itoa(n.Engine.Info().PageTokens)
			if l := labels(f.GetMetric()[0]); l["block_size"] != want {
				t.Errorf("vllm:cache_config_info block_size %q, the node's pages hold %s tokens", l["block_size"], want)
			}
		})
	}
}

func labels(m *dto.Metric) map[string]string {
	out := map[string]string{}
	for _, l := range m.GetLabel() {
		out[l.GetName()] = l.GetValue()
	}
	return out
}

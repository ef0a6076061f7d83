package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/kvwarden/kvwarden/internal/kv"
)

// Result is what --json prints: one offline or serve run with where it ran.
type Result struct {
	Kind            string         `json:"kind"` // "offline" or "serve"
	Time            time.Time      `json:"time"`
	GoVersion       string         `json:"go_version"`
	GOARCH          string         `json:"goarch"`
	NumCPU          int            `json:"num_cpu"`
	IsolationChecks bool           `json:"isolation_checks"` // false in a -tags noisolation binary
	Offline         *OfflineResult `json:"offline,omitempty"`
	Serve           *ServeResult   `json:"serve,omitempty"`
}

// NewResult wraps an offline or a serve result (exactly one of them non-nil).
func NewResult(off *OfflineResult, srv *ServeResult) Result {
	r := Result{Time: time.Now().UTC().Truncate(time.Second), GoVersion: runtime.Version(), GOARCH: runtime.GOARCH,
		NumCPU: runtime.NumCPU(), IsolationChecks: kv.IsolationChecks, Offline: off, Serve: srv}
	switch {
	case off != nil:
		r.Kind = "offline"
	case srv != nil:
		r.Kind = "serve"
	}
	return r
}

// ReadResult loads a result written by --json.
func ReadResult(path string) (Result, error) {
	var r Result
	b, err := os.ReadFile(path)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	if (r.Kind == "offline") != (r.Offline != nil) || (r.Kind == "serve") != (r.Serve != nil) || (r.Offline == nil) == (r.Serve == nil) {
		return r, fmt.Errorf("%s: not a kvwarden bench result (kind %q)", path, r.Kind)
	}
	return r, nil
}

// Metric is one comparable figure of a result.
type Metric struct {
	Name           string  `json:"name"`
	Unit           string  `json:"unit"`
	Value          float64 `json:"value"`
	HigherIsBetter bool    `json:"higher_is_better"`
}

// Metrics flattens a result into named figures; the names are stable across runs of the same
// configuration, so two results can be matched metric by metric.
func (r Result) Metrics() []Metric {
	var ms []Metric
	if o := r.Offline; o != nil {
		for _, b := range o.Runs {
			ms = append(ms,
				Metric{fmt.Sprintf("pp%d batch %d", o.PromptTokens, b.Batch), "tokens/s", b.Prefill.TokensPerSec, true},
				Metric{fmt.Sprintf("tg%d batch %d", o.GenTokens, b.Batch), "tokens/s", b.Generate.TokensPerSec, true})
			for _, d := range b.Depths {
				ms = append(ms, Metric{fmt.Sprintf("tg%d batch %d depth %d", o.GenTokens, b.Batch, d.Depth), "tokens/s", d.Generate.TokensPerSec, true})
			}
		}
	}
	if s := r.Serve; s != nil {
		ms = append(ms,
			Metric{"generated tokens/s", "tokens/s", s.TokensPerSec, true},
			Metric{"requests/s", "requests/s", s.RequestsPerSec, true},
			Metric{"TTFT p50", "ms", s.TTFT.P50, false},
			Metric{"TTFT p99", "ms", s.TTFT.P99, false},
			Metric{"ITL p50", "ms", s.ITL.P50, false},
			Metric{"ITL p99", "ms", s.ITL.P99, false},
			Metric{"TPOT p50", "ms", s.TPOT.P50, false},
			Metric{"E2E p50", "ms", s.E2E.P50, false},
			Metric{"E2E p99", "ms", s.E2E.P99, false})
	}
	return ms
}

// MetricRatio sets a metric of two results side by side.
type MetricRatio struct {
	Name           string  `json:"name"`
	Unit           string  `json:"unit"`
	A              float64 `json:"a"`
	B              float64 `json:"b"`
	Ratio          float64 `json:"b_over_a"` // 0 when A is 0
	HigherIsBetter bool    `json:"higher_is_better"`
}

// Ratio divides each metric of b by the same metric of a, for the metrics both hold. For the
// cost of the isolation checks, a is the normal binary and b the -tags noisolation one: a
// throughput ratio of 1.05 means the checks cost about 5%.
func Ratio(a, b Result) ([]MetricRatio, error) {
	if a.Kind != b.Kind {
		return nil, fmt.Errorf("cannot compare a %s result with a %s result", a.Kind, b.Kind)
	}
	bm := map[string]Metric{}
	for _, m := range b.Metrics() {
		bm[m.Name] = m
	}
	var out []MetricRatio
	for _, m := range a.Metrics() {
		o, ok := bm[m.Name]
		if !ok {
			continue
		}
		mr := MetricRatio{Name: m.Name, Unit: m.Unit, A: m.Value, B: o.Value, HigherIsBetter: m.HigherIsBetter}
		if m.Value != 0 {
			mr.Ratio = o.Value / m.Value
		}
		out = append(out, mr)
	}
	if len(out) == 0 {
		return nil, errors.New("the two results share no metric (different batch sizes or token counts?)")
	}
	return out, nil
}

// Mismatches lists the settings in which a and b differ, which make a ratio mean less than it
// seems (a different model, load or thread count).
func Mismatches(a, b Result) []string {
	out := []string{}
	diff := func(what string, x, y any) {
		if fmt.Sprint(x) != fmt.Sprint(y) {
			out = append(out, fmt.Sprintf("%s: %v vs %v", what, x, y))
		}
	}
	diff("goarch", a.GOARCH, b.GOARCH)
	diff("CPUs", a.NumCPU, b.NumCPU)
	if a.Offline != nil && b.Offline != nil {
		x, y := a.Offline, b.Offline
		diff("model", x.Model.Name+" "+x.Model.WeightType, y.Model.Name+" "+y.Model.WeightType)
		diff("weight bytes", x.Model.WeightBytes, y.Model.WeightBytes)
		diff("threads", x.Engine.Threads, y.Engine.Threads)
		diff("kernels", x.Engine.Kernels, y.Engine.Kernels)
		diff("KV type", x.Engine.KVType, y.Engine.KVType)
		diff("step tokens", x.Engine.StepTokens, y.Engine.StepTokens)
		diff("reps", x.Reps, y.Reps)
		diff("depths", x.Depths, y.Depths)
	}
	if a.Serve != nil && b.Serve != nil {
		x, y := a.Serve, b.Serve
		diff("model", x.Model, y.Model)
		diff("clients", x.Clients, y.Clients)
		diff("requests", x.Requests, y.Requests)
		diff("tenants", x.Tenants, y.Tenants)
		diff("prompt tokens", x.PromptTokens, y.PromptTokens)
		diff("gen tokens", x.GenTokens, y.GenTokens)
		diff("prompt kind", x.PromptKind, y.PromptKind)
	}
	return out
}

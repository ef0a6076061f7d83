package node

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/common/expfmt"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/server"
)

// MetricsHandler is a node's operator listener: /metrics and its own console (/console). The
// metrics are its pool, queue, the defences that stopped requests here and the transfer failures
// by check. A defence is counted on the node where its check ran, so an operator looks for a
// hand-off refusal on the receiving (decode) node. The Go runtime's and the process's metrics
// (go_goroutines, process_cpu_seconds_total, ...) follow, as on the API server's listener: a
// goroutine or memory leak on a node shows from outside. A decode node verifying answers also
// serves shadow verification's counters and GET /shadow/mismatches.
func MetricsHandler(role, model string, eng *engine.Engine) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", metricsHandler(role, model, eng))
	if eng.Stats().Shadow.Enabled {
		mux.Handle("GET /shadow/mismatches", server.ShadowHandler(eng))
	}
	rep := console.NewEngineReporter("local", role, eng)
	console.Register(mux, console.NewHub(func() console.Snapshot { return console.NodeSnapshot(rep.Report(console.MaxCells)) }, 0, 0))
	return mux
}

func metricsHandler(role, model string, eng *engine.Engine) http.Handler {
	runtime := prometheus.NewRegistry()
	runtime.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := eng.Stats()
		w.Header().Set("Content-Type", "text/plain; version=0.0.4")
		var b strings.Builder
		fmt.Fprintf(&b, "kvwarden_node_info{role=%q,model=%q} 1\n", role, model)
		for _, g := range []struct {
			name string
			v    int
		}{{"pages_total", st.PagesTotal}, {"pages_free", st.PagesFree}, {"pages_owned", st.PagesOwned},
			{"pages_cached", st.PagesCached}, {"pages_quarantined", st.PagesQuarantined},
			{"requests_waiting", st.Waiting}, {"requests_running", st.Running}, {"requests_transferring", st.Transferring}} {
			fmt.Fprintf(&b, "kvwarden_%s %d\n", g.name, g.v)
		}
		fmt.Fprintf(&b, "kvwarden_security_events_total %d\n", st.SecurityEvents)
		for _, d := range kvtypes.Defences {
			fmt.Fprintf(&b, "kvwarden_defence_fired_total{defence=%q} %d\n", d, st.Defences[d])
		}
		reasons := make([]string, 0, len(st.TransferFailures))
		for k := range st.TransferFailures {
			reasons = append(reasons, k)
		}
		slices.Sort(reasons)
		for _, k := range reasons {
			fmt.Fprintf(&b, "kvwarden_transfer_failures_total{check=%q} %d\n", k, st.TransferFailures[k])
		}
		writeShadow(&b, st.Shadow)
		if mfs, err := runtime.Gather(); err == nil {
			for _, mf := range mfs {
				expfmt.MetricFamilyToText(&b, mf)
			}
		}
		io.WriteString(w, b.String())
	})
}

// writeShadow writes shadow verification's counters, when it is on (the same series as a single
// process's).
func writeShadow(b *strings.Builder, st engine.ShadowStats) {
	if !st.Enabled {
		return
	}
	fmt.Fprintf(b, "kvwarden_shadow_verified_total %d\nkvwarden_shadow_mismatches_total %d\nkvwarden_shadow_pending_samples %d\n", st.Verified, st.Mismatches, st.Pending)
	for _, r := range engine.ShadowDropReasons {
		fmt.Fprintf(b, "kvwarden_shadow_dropped_total{reason=%q} %d\n", r, st.Dropped[r])
	}
	for _, r := range engine.ShadowSkipReasons {
		fmt.Fprintf(b, "kvwarden_shadow_skipped_total{reason=%q} %d\n", r, st.Skipped[r])
	}
}

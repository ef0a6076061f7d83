package node

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/opmetrics"
	"github.com/kvwarden/kvwarden/internal/server"
)

// MetricsHandler is a node's operator listener: /metrics and its own console (/console). The
// metrics are the engine series under the names every role uses (opmetrics: pool, queue, batch,
// the defences that stopped requests here and the transfer failures by check), then the Go
// runtime's and the process's metrics, as on the API server's listener, so a goroutine or memory
// leak on a node shows from outside. A defence is counted on the node where its check ran: an
// operator looks for a hand-off refusal on the receiving (decode) node. A node serves no vllm:
// series: it answers no API request, its router does. A decode node verifying answers also
// serves shadow verification's counters (in opmetrics) and GET /shadow/mismatches.
func MetricsHandler(role, model string, eng *engine.Engine) http.Handler {
	h, _ := operatorMux(role, model, eng)
	return h
}

// operatorMux is MetricsHandler and its console's hub, which the listener's shutdown closes.
func operatorMux(role, model string, eng *engine.Engine) (http.Handler, *console.Hub) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(opmetrics.New(role, model, eng, false),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	if eng.Stats().Shadow.Enabled {
		mux.Handle("GET /shadow/mismatches", server.ShadowHandler(eng))
	}
	rep := console.NewEngineReporter("local", role, eng)
	hub := console.NewHub(func() console.Snapshot { return console.NodeSnapshot(rep.Report(console.MaxCells)) }, 0, 0)
	console.Register(mux, hub)
	return mux, hub
}

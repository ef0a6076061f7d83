// Package operator is the operator listener (--metrics-addr) of every role: the single process,
// the router and the prefill and decode nodes. Its one job is to assemble what that listener
// serves, the same way for all of them: GET /metrics (the role's own series, then the engine's
// under the names every role uses, then the Go runtime's and the process's), the console
// (GET /console and its snapshots) and, where shadow verification runs, GET /shadow/mismatches;
// and to answer only the Host names the operator reaches it by (host.go), since nothing on it
// takes a key.
//
// A role describes what it shows in a Config (the server's Operator, node.OperatorConfig) and
// cmd/kvwarden serves New's Listener.
package operator

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/opmetrics"
)

// Config is what one role shows its operator.
type Config struct {
	Role  string // kvwarden_info's role (opmetrics.Role*)
	Model string // the model_name label: the id clients send as "model"
	// Engine's series are read at every scrape (opmetrics).
	Engine engine.Interface
	// API: the role answers the API (single process, router), so it serves the vLLM dashboard's
	// vllm: engine series too. Every role serves those the endpoint picker reads (opmetrics).
	API bool
	// Own is the role's own series (the API server's request metrics), nil for none.
	Own prometheus.Gatherer
	// Console builds one console snapshot.
	Console console.Build
	// Shadow keeps shadow verification's mismatches; nil where verification is off, and then
	// /shadow/mismatches is not served.
	Shadow ShadowSource
	// Hosts are the names the operator reaches the listener by besides loopback names and the
	// IP address a connection arrives at (--operator-hosts; see CheckHosts).
	Hosts []string
}

// Listener is the operator listener's handler. Close it when the listener shuts down: open
// consoles never go idle, so a graceful shutdown would wait them out.
type Listener struct {
	mux   *http.ServeMux
	hub   *console.Hub
	hosts hostSet
}

// New assembles the operator listener of cfg's role.
func New(cfg Config) *Listener {
	reg := prometheus.NewRegistry()
	reg.MustRegister(opmetrics.New(cfg.Role, cfg.Model, cfg.Engine, cfg.API),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	var g prometheus.Gatherer = reg
	if cfg.Own != nil {
		g = prometheus.Gatherers{cfg.Own, reg}
	}
	l := &Listener{mux: http.NewServeMux(), hub: console.NewHub(cfg.Console, 0, 0), hosts: newHostSet(cfg.Hosts)}
	l.mux.Handle("GET /metrics", promhttp.HandlerFor(g, promhttp.HandlerOpts{}))
	console.Register(l.mux, l.hub)
	if cfg.Shadow != nil {
		l.mux.Handle("GET /shadow/mismatches", shadowHandler(cfg.Shadow, newDigestKey()))
	}
	return l
}

// ServeHTTP serves r if it names a host this listener serves (host.go).
func (l *Listener) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !l.admit(w, r) {
		return
	}
	l.mux.ServeHTTP(w, r)
}

// Close ends every open console stream and refuses new ones.
func (l *Listener) Close() { l.hub.Close() }

package server

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kvwarden/kvwarden/internal/engine"
)

// adapterLoader is an engine that reports its requests per LoRA adapter (*engine.Engine, and
// node.Router: the requests in flight through it).
type adapterLoader interface {
	AdapterLoads() map[[32]byte]engine.AdapterLoad
}

// loraInfo serves vllm:lora_requests_info as vLLM writes it, for the Gateway API Inference
// Extension's LoRA-affinity scorer: one series whose labels name the adapters with running and
// with waiting requests (comma-separated, by their --lora names) and max_lora, and whose value is
// the time of the scrape (the scorer reads the newest). max_lora is the number of loaded adapters:
// any of them can run in the same step. Served only while adapters are loaded, as vLLM serves it
// only with LoRA on.
type loraInfo struct{ s *Server }

var descLoRAInfo = prometheus.NewDesc("vllm:lora_requests_info",
	"Running and waiting LoRA adapters (vLLM's series), by their --lora names; the value is the time of the scrape.",
	[]string{"running_lora_adapters", "waiting_lora_adapters", "max_lora"}, nil)

// Describe implements prometheus.Collector.
func (c loraInfo) Describe(ch chan<- *prometheus.Desc) { ch <- descLoRAInfo }

// Collect implements prometheus.Collector.
func (c loraInfo) Collect(ch chan<- prometheus.Metric) {
	adapters := *c.s.adapters.Load()
	el, ok := c.s.eng.(adapterLoader)
	if len(adapters) == 0 || !ok {
		return
	}
	loads := el.AdapterLoads()
	var running, waiting []string
	for name, a := range adapters {
		l := loads[a.Fingerprint]
		if l.Running > 0 {
			running = append(running, name)
		}
		if l.Waiting > 0 {
			waiting = append(waiting, name)
		}
	}
	slices.Sort(running)
	slices.Sort(waiting)
	now := float64(c.s.cfg.Now().UnixNano()) / float64(time.Second)
	ch <- prometheus.MustNewConstMetric(descLoRAInfo, prometheus.GaugeValue, now,
		strings.Join(running, ","), strings.Join(waiting, ","), strconv.Itoa(len(adapters)))
}

// adapterSplitter is an engine whose parts may hold different LoRA adapters: node.Router, over
// nodes mid-reload or started with other --lora flags.
type adapterSplitter interface {
	SplitAdapters() []string
}

// splitAdapters serves kvwarden_router_split_adapters on a router.
type splitAdapters struct{ s *Server }

var descSplitAdapters = prometheus.NewDesc("kvwarden_router_split_adapters",
	"LoRA adapters (by name) that the router's nodes in rotation do not all hold with the same file bytes: a rolling reload, or nodes started with other --lora flags. Each is routed only to the nodes holding the bytes it is served under; the router's log names them.",
	nil, nil)

// Describe implements prometheus.Collector.
func (c splitAdapters) Describe(ch chan<- *prometheus.Desc) { ch <- descSplitAdapters }

// Collect implements prometheus.Collector.
func (c splitAdapters) Collect(ch chan<- prometheus.Metric) {
	if sp, ok := c.s.eng.(adapterSplitter); ok {
		ch <- prometheus.MustNewConstMetric(descSplitAdapters, prometheus.GaugeValue, float64(len(sp.SplitAdapters())))
	}
}

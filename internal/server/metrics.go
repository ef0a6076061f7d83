package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// MetricsHandler serves GET /metrics (Prometheus) and the operator console (GET /console and
// /console/events) for the operator listener. It takes no key: the numbers are server-wide, so it
// must not be reachable by tenants; the API's Handler answers 404.
func (s *Server) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.reg, promhttp.HandlerOpts{}))
	console.Register(mux, s.console)
	if src, ok := s.eng.(ShadowSource); ok && s.eng.Stats().Shadow.Enabled {
		mux.Handle("GET /shadow/mismatches", ShadowHandler(src))
	}
	return mux
}

// ShadowSource is an engine that keeps shadow verification's mismatches (*engine.Engine).
type ShadowSource interface {
	ShadowMismatches() []engine.ShadowMismatch
}

// ShadowHandler serves the mismatches src keeps, oldest first, as JSON: each one's token ids,
// logprobs and the pages both runs read, never text. It is for the operator listener only: the
// tenant ids and request ids are server-wide.
func ShadowHandler(src ShadowSource) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		ms := src.ShadowMismatches()
		if ms == nil {
			ms = []engine.ShadowMismatch{}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(struct {
			Mismatches []engine.ShadowMismatch `json:"mismatches"`
		}{ms})
	})
}

// metrics carries no prompt or output labels: label values come from fixed sets (endpoint,
// status code, reason) and, on the kvwarden_tenant_* series only, the configured tenants' names
// (bounded by the tenants file; a removed tenant's series are deleted at reload). They are served
// on the operator listener only.
type metrics struct {
	requests     *prometheus.CounterVec   // endpoint, code
	rejected     *prometheus.CounterVec   // reason
	inflight     prometheus.Gauge         // HTTP generation requests being served
	ttft         prometheus.Histogram     // seconds from request arrival to the first token
	itl          prometheus.Histogram     // seconds between tokens of one choice
	tokens       *prometheus.CounterVec   // kind: prompt|completion, as reported in usage
	durations    *prometheus.HistogramVec // endpoint
	streamErrs   prometheus.Counter       // streams ended by an error event after they started (not client aborts)
	clientAborts prometheus.Counter       // generation requests whose client went away before the end
	finished     *prometheus.CounterVec   // reason: stop|length|abort, per choice
	queueTime    prometheus.Histogram     // per engine request: waiting before its first step
	prefillTime  prometheus.Histogram     // per engine request: first step to first token
	decodeTime   prometheus.Histogram     // per engine request: first token to last
	promptLen    prometheus.Histogram     // prompt tokens per HTTP request
	genLen       prometheus.Histogram     // generated tokens per HTTP request
	cacheQueries prometheus.Counter       // prompt tokens looked up in the prefix cache (ended requests)
	cacheHits    prometheus.Counter       // of them, served from the tenant's own prefix cache
	tenantTokens *prometheus.CounterVec   // tenant, kind: usage per configured tenant
	tenantReqs   *prometheus.CounterVec   // tenant: generation requests per configured tenant

	tenantMu   sync.Mutex
	tenantSeen map[string]string // tenant name → UID of the tenants with series, so a reload can delete the removed ones
}

// Phase buckets: from a millisecond to several minutes.
var phaseBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300}

// Token-count buckets: powers of two up to a million.
var tokenBuckets = prometheus.ExponentialBuckets(1, 2, 21)

// counter, counterVec and histogram build the collectors newMetrics registers: a name, its help
// text and, where it has them, its labels or buckets.
func counter(name, help string) prometheus.Counter {
	return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
}

func counterVec(name, help string, labels ...string) *prometheus.CounterVec {
	return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
}

func histogram(name, help string, buckets []float64) prometheus.Histogram {
	return prometheus.NewHistogram(prometheus.HistogramOpts{Name: name, Help: help, Buckets: buckets})
}

func newMetrics(reg *prometheus.Registry, eng engine.Interface) *metrics {
	m := &metrics{
		requests: counterVec("kvwarden_http_requests_total", "HTTP requests by endpoint and status code.", "endpoint", "code"),
		rejected: counterVec("kvwarden_requests_rejected_total", "Requests refused or failed, by reason.", "reason"),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "kvwarden_http_requests_in_flight", Help: "Generation requests being served.",
		}),
		ttft:   histogram("kvwarden_time_to_first_token_seconds", "Time from request arrival to the first generated token.", []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}),
		itl:    histogram("kvwarden_inter_token_latency_seconds", "Time between consecutive tokens of one choice.", []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}),
		tokens: counterVec("kvwarden_usage_tokens_total", "Tokens reported in usage, by kind (prompt or completion).", "kind"),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "kvwarden_request_duration_seconds", Help: "Generation request duration.",
			Buckets: prometheus.ExponentialBuckets(0.01, 2.5, 12),
		}, []string{"endpoint"}),
		streamErrs:   counter("kvwarden_stream_errors_total", "Streams that ended with an error event after they had started (client aborts are counted apart)."),
		clientAborts: counter("kvwarden_client_aborts_total", "Generation requests whose client closed the connection before the answer ended."),
		finished:     counterVec("kvwarden_requests_finished_total", "Choices ended, by finish reason (stop, length, or abort for any failure or client abort).", "reason"),
		queueTime:    histogram("kvwarden_request_queue_time_seconds", "Time an engine request waited before its first step.", phaseBuckets),
		prefillTime:  histogram("kvwarden_request_prefill_time_seconds", "Time from an engine request's first step to its first token.", phaseBuckets),
		decodeTime:   histogram("kvwarden_request_decode_time_seconds", "Time from an engine request's first token to its last.", phaseBuckets),
		promptLen:    histogram("kvwarden_request_prompt_tokens", "Prompt tokens per generation request.", tokenBuckets),
		genLen:       histogram("kvwarden_request_generation_tokens", "Generated tokens per generation request (every choice).", tokenBuckets),
		cacheQueries: counter("kvwarden_prefix_cache_queries_total", "Prompt tokens of ended engine requests, all looked up in their tenant's prefix cache."),
		cacheHits:    counter("kvwarden_prefix_cache_hits_total", "Of kvwarden_prefix_cache_queries_total, the tokens served from the tenant's own prefix cache."),
		tenantTokens: counterVec("kvwarden_tenant_tokens_total", "Tokens reported in usage, by configured tenant and kind (prompt or completion).", "tenant", "kind"),
		tenantReqs:   counterVec("kvwarden_tenant_requests_total", "Generation requests served, by configured tenant.", "tenant"),
		tenantSeen:   map[string]string{},
	}
	reg.MustRegister(m.requests, m.rejected, m.inflight, m.ttft, m.itl, m.tokens, m.durations, m.streamErrs,
		m.clientAborts, m.finished, m.queueTime, m.prefillTime, m.decodeTime, m.promptLen, m.genLen,
		m.cacheQueries, m.cacheHits, m.tenantTokens, m.tenantReqs,
		&engineCollector{eng: eng},
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// observeEnded records one ended engine request's phases and prefix-cache lookup.
func (m *metrics) observeEnded(u engine.Usage) {
	m.queueTime.Observe(u.QueueTime.Seconds())
	if u.PrefillTime > 0 {
		m.prefillTime.Observe(u.PrefillTime.Seconds())
	}
	if u.DecodeTime > 0 {
		m.decodeTime.Observe(u.DecodeTime.Seconds())
	}
	m.cacheQueries.Add(float64(u.PromptTokens))
	m.cacheHits.Add(float64(u.CachedTokens))
}

// observeTenant records a generation request's usage for its tenant.
func (m *metrics) observeTenant(t tenants.Tenant, prompt, completion int) {
	m.tenantMu.Lock()
	defer m.tenantMu.Unlock() // held while adding, so that dropTenants cannot interleave
	m.tenantSeen[t.ID] = t.UID
	m.tenantReqs.WithLabelValues(t.ID).Inc()
	m.tenantTokens.WithLabelValues(t.ID, "prompt").Add(float64(prompt))
	m.tenantTokens.WithLabelValues(t.ID, "completion").Add(float64(completion))
}

// dropTenants deletes the series of the tenants a reload removed (by UID), so the label set stays
// bounded by the tenants file however many tenants come and go.
func (m *metrics) dropTenants(gone []string) {
	m.tenantMu.Lock()
	defer m.tenantMu.Unlock()
	for id, uid := range m.tenantSeen {
		if slices.Contains(gone, uid) {
			m.tenantReqs.DeletePartialMatch(prometheus.Labels{"tenant": id})
			m.tenantTokens.DeletePartialMatch(prometheus.Labels{"tenant": id})
			delete(m.tenantSeen, id)
		}
	}
}

// engineCollector reads one engine.Stats snapshot per scrape, so the numbers in one scrape agree.
type engineCollector struct{ eng engine.Interface }

var (
	descWaiting  = prometheus.NewDesc("kvwarden_queue_depth", "Requests waiting for admission to the running batch.", nil, nil)
	descRunning  = prometheus.NewDesc("kvwarden_running_sequences", "Sequences in the running batch.", nil, nil)
	descPeer     = prometheus.NewDesc("kvwarden_peer_waiting_sequences", "Sequences waiting on another node of a disaggregated deployment (KV pages being sent to, or awaited from, a peer); counted in kvwarden_running_sequences too.", nil, nil)
	descPages    = prometheus.NewDesc("kvwarden_kv_pages", "KV cache pages by state.", []string{"state"}, nil)
	descPagesTot = prometheus.NewDesc("kvwarden_kv_pool_pages", "KV cache pages in the pool.", nil, nil)
	descKVUsage  = prometheus.NewDesc("kvwarden_kv_cache_usage_ratio", "Fraction of the KV pool in use, 0 to 1: pages neither free nor evictable cached pages.", nil, nil)
	descPrefill  = prometheus.NewDesc("kvwarden_prefill_tokens_total", "Prompt tokens processed by prefill.", nil, nil)
	descDecode   = prometheus.NewDesc("kvwarden_decode_tokens_total", "Tokens generated by decode.", nil, nil)
	descSecurity = prometheus.NewDesc("kvwarden_isolation_security_events_total", "Isolation violations caught (each one aborted a request).", nil, nil)
	descPreempt  = prometheus.NewDesc("kvwarden_preemptions_total", "Running requests preempted (pages freed, recomputed later) because the pool ran short.", nil, nil)
	descEvict    = prometheus.NewDesc("kvwarden_prefix_cache_evictions_total", "Prefix-cache pages evicted to make room.", nil, nil)
	descHits     = prometheus.NewDesc("kvwarden_prefix_cache_hit_tokens_total", "Prompt tokens served from the requesting tenant's own prefix cache.", nil, nil)
	descDefence  = prometheus.NewDesc("kvwarden_defence_fired_total", "Requests each defence of the isolation chain stopped (admission: context and pool rejections; header: page header mismatches).", []string{"defence"}, nil)
	descInternal = prometheus.NewDesc("kvwarden_engine_internal_errors_total", "Forward passes that failed or panicked for a reason other than isolation (their requests were aborted \"internal\").", nil, nil)

	descShadowVerified = prometheus.NewDesc("kvwarden_shadow_verified_total", "Answers re-run alone by shadow verification that matched what the client got, bit for bit.", nil, nil)
	descShadowMismatch = prometheus.NewDesc("kvwarden_shadow_mismatches_total", "Answers whose shadow re-run differed from what the client got: security events (GET /shadow/mismatches on this listener).", nil, nil)
	descShadowDropped  = prometheus.NewDesc("kvwarden_shadow_dropped_total", "Samples of shadow verification dropped before their re-run completed, by reason.", []string{"reason"}, nil)
	descShadowSkipped  = prometheus.NewDesc("kvwarden_shadow_skipped_total", "Sampled requests shadow verification cannot re-run, by reason.", []string{"reason"}, nil)
	descShadowPending  = prometheus.NewDesc("kvwarden_shadow_pending_samples", "Samples of shadow verification queued or running.", nil, nil)
)

func (c *engineCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descWaiting, descRunning, descPeer, descPages, descPagesTot, descKVUsage, descPrefill, descDecode, descSecurity, descPreempt, descEvict, descHits, descInternal, descDefence,
		descShadowVerified, descShadowMismatch, descShadowDropped, descShadowSkipped, descShadowPending} {
		ch <- d
	}
}

// collectShadow reports shadow verification, when it is on.
func collectShadow(ch chan<- prometheus.Metric, st engine.ShadowStats) {
	if !st.Enabled {
		return
	}
	ch <- prometheus.MustNewConstMetric(descShadowVerified, prometheus.CounterValue, float64(st.Verified))
	ch <- prometheus.MustNewConstMetric(descShadowMismatch, prometheus.CounterValue, float64(st.Mismatches))
	ch <- prometheus.MustNewConstMetric(descShadowPending, prometheus.GaugeValue, float64(st.Pending))
	for _, r := range engine.ShadowDropReasons {
		ch <- prometheus.MustNewConstMetric(descShadowDropped, prometheus.CounterValue, float64(st.Dropped[r]), r)
	}
	for _, r := range engine.ShadowSkipReasons {
		ch <- prometheus.MustNewConstMetric(descShadowSkipped, prometheus.CounterValue, float64(st.Skipped[r]), r)
	}
}

func (c *engineCollector) Collect(ch chan<- prometheus.Metric) {
	st := c.eng.Stats()
	gauge := func(d *prometheus.Desc, v int, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v), labels...)
	}
	gauge(descWaiting, st.Waiting)
	gauge(descRunning, st.Running+st.Transferring)
	gauge(descPeer, st.Transferring)
	gauge(descPages, st.PagesFree, "free")
	gauge(descPages, st.PagesOwned, "used")
	gauge(descPages, st.PagesCached, "cached")
	gauge(descPages, st.PagesQuarantined, "quarantined")
	gauge(descPagesTot, st.PagesTotal)
	usage := 0.0
	if st.PagesTotal > 0 {
		usage = float64(st.PagesTotal-st.PagesFree-st.PagesIdle) / float64(st.PagesTotal)
	}
	ch <- prometheus.MustNewConstMetric(descKVUsage, prometheus.GaugeValue, usage)
	ch <- prometheus.MustNewConstMetric(descPrefill, prometheus.CounterValue, float64(st.PrefillTokens))
	ch <- prometheus.MustNewConstMetric(descDecode, prometheus.CounterValue, float64(st.DecodeTokens))
	ch <- prometheus.MustNewConstMetric(descSecurity, prometheus.CounterValue, float64(st.SecurityEvents))
	ch <- prometheus.MustNewConstMetric(descPreempt, prometheus.CounterValue, float64(st.Preemptions))
	ch <- prometheus.MustNewConstMetric(descEvict, prometheus.CounterValue, float64(st.Evictions))
	ch <- prometheus.MustNewConstMetric(descHits, prometheus.CounterValue, float64(st.CacheHitTokens))
	ch <- prometheus.MustNewConstMetric(descInternal, prometheus.CounterValue, float64(st.StepErrors))
	for _, d := range kvtypes.Defences {
		ch <- prometheus.MustNewConstMetric(descDefence, prometheus.CounterValue, float64(st.Defences[d]), string(d))
	}
	collectShadow(ch, st.Shadow)
}

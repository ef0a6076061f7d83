package server

import (
	"slices"
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/operator"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// Operator is what the API server shows on the operator listener (internal/operator): its own
// request series, the engine's, and the console with the tenants table joined to what the server
// knows of each tenant. None of it is on the API's Handler, which answers 404: the numbers are
// server-wide and the operator listener takes no key.
func (s *Server) Operator() operator.Config {
	cfg := operator.Config{Role: s.cfg.Role, Model: s.cfg.ModelName, Engine: s.eng, API: true, Own: s.reg, Console: s.consoleBuild()}
	if src, ok := s.eng.(operator.ShadowSource); ok && s.eng.Stats().Shadow.Enabled {
		cfg.Shadow = src
	}
	return cfg
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
	finished     *prometheus.CounterVec   // finished_reason: stop|length|abort, per choice
	queueTime    prometheus.Histogram     // per engine request: waiting before its first step
	prefillTime  prometheus.Histogram     // per engine request: first step to first token
	decodeTime   prometheus.Histogram     // per engine request: first token to last
	promptLen    prometheus.Histogram     // prompt tokens per HTTP request
	genLen       prometheus.Histogram     // generated tokens per HTTP request
	cacheQueries prometheus.Counter       // prompt tokens looked up in the prefix cache (ended requests)
	cacheHits    prometheus.Counter       // of them, served from the tenant's own prefix cache
	tenantTokens *prometheus.CounterVec   // tenant, kind: usage per configured tenant
	tenantReqs   *prometheus.CounterVec   // tenant: generation requests per configured tenant
	adapterReqs  *prometheus.CounterVec   // adapter: generation requests per LoRA adapter (serve --lora)

	vllm vllmMetrics

	tenantMu   sync.Mutex
	tenantSeen map[string]string // tenant name → UID of the tenants with series, so a reload can delete the removed ones
}

// Phase buckets: from a millisecond to several minutes.
var phaseBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300}

var (
	ttftBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}
	itlBuckets  = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}
)

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

func newMetrics(reg *prometheus.Registry, model string) *metrics {
	m := &metrics{
		requests: counterVec("kvwarden_http_requests_total", "HTTP requests by endpoint and status code.", "endpoint", "code"),
		rejected: counterVec("kvwarden_requests_rejected_total", "Requests refused or failed, by reason.", "reason"),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "kvwarden_http_requests_in_flight", Help: "Generation requests being served.",
		}),
		ttft:   histogram("kvwarden_time_to_first_token_seconds", "Time from request arrival to the first generated token.", ttftBuckets),
		itl:    histogram("kvwarden_inter_token_latency_seconds", "Time between consecutive tokens of one choice.", itlBuckets),
		tokens: counterVec("kvwarden_usage_tokens_total", "Tokens reported in usage, by kind (prompt or completion).", "kind"),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "kvwarden_request_duration_seconds", Help: "Generation request duration.",
			Buckets: prometheus.ExponentialBuckets(0.01, 2.5, 12),
		}, []string{"endpoint"}),
		streamErrs:   counter("kvwarden_stream_errors_total", "Streams that ended with an error event after they had started (client aborts are counted apart)."),
		clientAborts: counter("kvwarden_client_aborts_total", "Generation requests whose client closed the connection before the answer ended."),
		finished:     counterVec("kvwarden_requests_finished_total", "Choices ended, by finish reason (stop, length, or abort for any failure or client abort).", "finished_reason"),
		queueTime:    histogram("kvwarden_request_queue_time_seconds", "Time an engine request waited before its first step.", phaseBuckets),
		prefillTime:  histogram("kvwarden_request_prefill_time_seconds", "Time from an engine request's first step to its first token.", phaseBuckets),
		decodeTime:   histogram("kvwarden_request_decode_time_seconds", "Time from an engine request's first token to its last.", phaseBuckets),
		promptLen:    histogram("kvwarden_request_prompt_tokens", "Prompt tokens per generation request.", tokenBuckets),
		genLen:       histogram("kvwarden_request_generation_tokens", "Generated tokens per generation request (every choice).", tokenBuckets),
		cacheQueries: counter("kvwarden_prefix_cache_queries_total", "Prompt tokens of ended engine requests, all looked up in their tenant's prefix cache."),
		cacheHits:    counter("kvwarden_prefix_cache_hits_total", "Of kvwarden_prefix_cache_queries_total, the tokens served from the tenant's own prefix cache."),
		tenantTokens: counterVec("kvwarden_tenant_tokens_total", "Tokens reported in usage, by configured tenant and kind (prompt or completion).", "tenant", "kind"),
		tenantReqs:   counterVec("kvwarden_tenant_requests_total", "Generation requests served, by configured tenant.", "tenant"),
		adapterReqs:  counterVec("kvwarden_lora_requests_total", "Generation requests served with a LoRA adapter, by the adapter's name (serve --lora).", "adapter"),
		tenantSeen:   map[string]string{},
		vllm:         newVLLMMetrics(model),
	}
	reg.MustRegister(m.requests, m.rejected, m.inflight, m.ttft, m.itl, m.tokens, m.durations, m.streamErrs,
		m.clientAborts, m.finished, m.queueTime, m.prefillTime, m.decodeTime, m.promptLen, m.genLen,
		m.cacheQueries, m.cacheHits, m.tenantTokens, m.tenantReqs, m.adapterReqs,
		m.vllm.promptTokens, m.vllm.genTokens, m.vllm.success, m.vllm.e2e, m.vllm.ttft, m.vllm.tpot, m.vllm.itl,
		m.vllm.promptLen, m.vllm.genLen, m.vllm.maxGen, m.vllm.paramsN, m.vllm.paramsMax, m.vllm.queueTime,
		m.vllm.inferenceTime, m.vllm.prefillTime, m.vllm.decodeTime, m.vllm.cacheQueries, m.vllm.cacheHits)
	return m
}

// observeEnded records one ended engine request's phases and prefix-cache lookup.
func (m *metrics) observeEnded(u engine.Usage) {
	m.queueTime.Observe(u.QueueTime.Seconds())
	m.vllm.queueTime.Observe(u.QueueTime.Seconds())
	if u.PrefillTime > 0 {
		m.prefillTime.Observe(u.PrefillTime.Seconds())
		m.vllm.prefillTime.Observe(u.PrefillTime.Seconds())
		m.vllm.inferenceTime.Observe((u.PrefillTime + u.DecodeTime).Seconds())
	}
	if u.DecodeTime > 0 {
		m.decodeTime.Observe(u.DecodeTime.Seconds())
		m.vllm.decodeTime.Observe(u.DecodeTime.Seconds())
	}
	m.cacheQueries.Add(float64(u.PromptTokens))
	m.cacheHits.Add(float64(u.CachedTokens))
	m.vllm.cacheQueries.Add(float64(u.PromptTokens))
	m.vllm.cacheHits.Add(float64(u.CachedTokens))
}

// observeTokens records the tokens reported in a request's usage.
func (m *metrics) observeTokens(prompt, completion int) {
	m.tokens.WithLabelValues("prompt").Add(float64(prompt))
	m.tokens.WithLabelValues("completion").Add(float64(completion))
	m.vllm.promptTokens.Add(float64(prompt))
	m.vllm.genTokens.Add(float64(completion))
}

// observeGeneration records a generation request's sizes and parameters: its prompt and
// generated tokens (every choice), its longest choice, n and its largest max_tokens.
func (m *metrics) observeGeneration(prompt, completion, longest, n, maxTokens int) {
	m.promptLen.Observe(float64(prompt))
	m.genLen.Observe(float64(completion))
	m.vllm.promptLen.Observe(float64(prompt))
	m.vllm.genLen.Observe(float64(completion))
	m.vllm.maxGen.Observe(float64(longest))
	m.vllm.paramsN.Observe(float64(n))
	m.vllm.paramsMax.Observe(float64(maxTokens))
}

// observeFinished counts n choices ended for reason.
func (m *metrics) observeFinished(reason string, n int) {
	m.finished.WithLabelValues(reason).Add(float64(n))
	m.vllm.success.WithLabelValues(reason).Add(float64(n))
}

// observeFirstToken and observeTokenGap record time to first token and the time per output
// token after it.
func (m *metrics) observeFirstToken(seconds float64) {
	m.ttft.Observe(seconds)
	m.vllm.ttft.Observe(seconds)
}

func (m *metrics) observeTokenGap(seconds float64) {
	m.itl.Observe(seconds)
	m.vllm.tpot.Observe(seconds)
	m.vllm.itl.Observe(seconds)
}

// vllmMetrics are the request-level series under the names vLLM gives them, labelled with
// model_name (the id clients send as "model"), so the vLLM Grafana dashboard works unchanged.
// They hold no tenant label: per-tenant figures stay in the kvwarden_tenant_* series.
type vllmMetrics struct {
	promptTokens, genTokens                           prometheus.Counter
	success                                           *prometheus.CounterVec // finished_reason
	e2e, ttft, tpot, itl                              prometheus.Histogram
	promptLen, genLen, maxGen, paramsN, paramsMax     prometheus.Histogram
	queueTime, inferenceTime, prefillTime, decodeTime prometheus.Histogram
	cacheQueries, cacheHits                           prometheus.Counter
}

func newVLLMMetrics(model string) vllmMetrics {
	labels := prometheus.Labels{"model_name": model}
	c := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: labels})
	}
	h := func(name, help string, buckets []float64) prometheus.Histogram {
		return prometheus.NewHistogram(prometheus.HistogramOpts{Name: name, Help: help, Buckets: buckets, ConstLabels: labels})
	}
	return vllmMetrics{
		promptTokens: c("vllm:prompt_tokens_total", "Prompt tokens reported in usage (kvwarden_usage_tokens_total{kind=\"prompt\"})."),
		genTokens:    c("vllm:generation_tokens_total", "Generated tokens reported in usage (kvwarden_usage_tokens_total{kind=\"completion\"})."),
		success: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "vllm:request_success_total", ConstLabels: labels,
			Help: "Choices ended, by finish reason (kvwarden_requests_finished_total)."}, []string{"finished_reason"}),
		e2e:           h("vllm:e2e_request_latency_seconds", "Generation and embedding request duration (kvwarden_request_duration_seconds).", prometheus.ExponentialBuckets(0.01, 2.5, 12)),
		ttft:          h("vllm:time_to_first_token_seconds", "Time from request arrival to the first generated token (kvwarden_time_to_first_token_seconds).", ttftBuckets),
		tpot:          h("vllm:time_per_output_token_seconds", "Time between consecutive tokens of one choice: the name the vLLM dashboard reads (kvwarden_inter_token_latency_seconds).", itlBuckets),
		itl:           h("vllm:inter_token_latency_seconds", "Time between consecutive tokens of one choice (kvwarden_inter_token_latency_seconds).", itlBuckets),
		promptLen:     h("vllm:request_prompt_tokens", "Prompt tokens per generation request (kvwarden_request_prompt_tokens).", tokenBuckets),
		genLen:        h("vllm:request_generation_tokens", "Generated tokens per generation request, every choice (kvwarden_request_generation_tokens).", tokenBuckets),
		maxGen:        h("vllm:request_max_num_generation_tokens", "Generated tokens of a generation request's longest choice.", tokenBuckets),
		paramsN:       h("vllm:request_params_n", "The n parameter of generation requests.", []float64{1, 2, 5, 10, 20, 50, 100}),
		paramsMax:     h("vllm:request_params_max_tokens", "The max_tokens a generation request runs with (the largest of its prompts'; the default when it sends none).", tokenBuckets),
		queueTime:     h("vllm:request_queue_time_seconds", "Time an engine request waited before its first step (kvwarden_request_queue_time_seconds).", phaseBuckets),
		inferenceTime: h("vllm:request_inference_time_seconds", "Time from an engine request's first step to its last token: prefill and decode.", phaseBuckets),
		prefillTime:   h("vllm:request_prefill_time_seconds", "Time from an engine request's first step to its first token (kvwarden_request_prefill_time_seconds).", phaseBuckets),
		decodeTime:    h("vllm:request_decode_time_seconds", "Time from an engine request's first token to its last (kvwarden_request_decode_time_seconds).", phaseBuckets),
		cacheQueries:  c("vllm:prefix_cache_queries_total", "Prompt tokens looked up in the prefix cache (kvwarden_prefix_cache_queries_total)."),
		cacheHits:     c("vllm:prefix_cache_hits_total", "Of them, tokens served from the tenant's own prefix cache (kvwarden_prefix_cache_hits_total)."),
	}
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

package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	prommodel "github.com/prometheus/common/model"

	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestBadInput sends every class of malformed request; each gets its status and an OpenAI error
// body, none reaches the engine, and the server keeps serving.
func TestBadInput(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	const comp, chat = testenv.Completions, testenv.Chat
	cases := append(testenv.BadInputs(fakeVocab),
		// The byte tokenizer adds no BOS, so an empty text is an empty prompt.
		testenv.BadInput{Name: "prompt empty string", Path: comp, Body: `{"prompt":""}`, Status: 400})
	good := 0
	for _, tc := range cases {
		code, _, body := env.post(tc.Path, keyAlice, tc.Body)
		if code != tc.Status {
			t.Errorf("%s: status %d, want %d (%s)", tc.Name, code, tc.Status, body)
			continue
		}
		var eb errorBody
		if err := json.Unmarshal(body, &eb); err != nil || eb.Error.Message == "" || eb.Error.Type == "" {
			t.Errorf("%s: not an OpenAI error body: %s", tc.Name, body)
		} else if tc.Code != "" && (eb.Error.Code == nil || *eb.Error.Code != tc.Code) {
			t.Errorf("%s: code %v, want %s", tc.Name, eb.Error.Code, tc.Code)
		}
		// The server keeps serving after each.
		if code, _, body := env.post(comp, keyAlice, `{"prompt":"ok","max_tokens":1}`); code != 200 {
			t.Fatalf("after %s: %d %s", tc.Name, code, body)
		}
		good++
	}
	if n := len(env.eng.requests()); n != good {
		t.Fatalf("%d engine requests for %d good ones: a bad request reached the engine", n, good)
	}
	// Accepted odd-but-valid inputs.
	for _, body := range []string{
		`{"prompt":"a","max_tokens":1,"user":{"any":"thing"},"unknown_field":[1,2]}`,
		`{"prompt":"a","max_tokens":1,"stop":null,"n":null,"logit_bias":{},"top_k":-1,"best_of":1}`,
		`{"prompt":[[1,2],[3]],"max_tokens":1}`,
		`  {"prompt":"a","max_tokens":1}  ` + "\n",
	} {
		if code, _, b := env.post(comp, keyAlice, body); code != 200 {
			t.Errorf("%s: %d %s", body, code, b)
		}
	}
	for _, body := range []string{
		`{"messages":[{"role":"developer","content":"d"},{"role":"user","content":"x","name":"n"},{"role":"assistant","content":null},{"role":"user","content":"y"}],"max_tokens":1,"tools":[],"response_format":{"type":"text"},"chat_template_kwargs":{"enable_thinking":false}}`,
	} {
		if code, _, b := env.post(chat, keyAlice, body); code != 200 {
			t.Errorf("%s: %d %s", body, code, b)
		}
	}
	// Unknown routes and methods answer in OpenAI's error format too.
	for _, path := range []string{"/v1/audio/speech", "/nope"} {
		if code, _, body := env.post(path, keyAlice, `{}`); code != 404 || !strings.Contains(string(body), `"error"`) {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
	// A route asked with another method is 405 with the methods it serves in Allow.
	for _, tc := range []struct{ method, path, allow string }{
		{"GET", "/v1/chat/completions", "POST"},
		{"GET", "/v1/responses", "POST"},
		{"PUT", "/tokenize", "POST"},
		{"POST", "/v1/models", "GET, HEAD"},
		{"DELETE", "/v1/models/fake-model", "GET, HEAD"},
	} {
		resp := env.open(t, context.Background(), tc.method, tc.path, keyAlice, nil, "")
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 405 || resp.Header.Get("Allow") != tc.allow || !strings.Contains(string(body), `"code":"method_not_allowed"`) {
			t.Errorf("%s %s: %d Allow %q %s", tc.method, tc.path, resp.StatusCode, resp.Header.Get("Allow"), body)
		}
	}
}

// TestParamErrors checks what a 400 names: the JSON parameter as the client wrote it (never a Go
// struct path), and for a number that does not fit, "out of range" with the allowed range.
func TestParamErrors(t *testing.T) {
	const comp, chat = "/v1/completions", "/v1/chat/completions"
	msgs := `"messages":[{"role":"user","content":"x"}]`
	cases := []struct {
		name, path, body string
		param            string // "" expects a null param
		msg              []string
	}{
		{"max_tokens wrong type", comp, `{"prompt":"a","max_tokens":"5"}`, "max_tokens", []string{"wrong type", "an integer"}},
		{"max_tokens fraction", comp, `{"prompt":"a","max_tokens":1.5}`, "max_tokens", []string{"wrong type", "an integer"}},
		{"max_tokens overflow", comp, `{"prompt":"a","max_tokens":1e30}`, "max_tokens", []string{"out of range", "from 1 to 16777216"}},
		{"max_tokens too large", comp, `{"prompt":"a","max_tokens":100000000}`, "max_tokens", []string{"out of range", "from 1 to 16777216"}},
		{"chat max_tokens", chat, `{` + msgs + `,"max_tokens":true}`, "max_tokens", []string{"wrong type"}},
		{"nested option", comp, `{"prompt":"a","stream":true,"stream_options":{"include_usage":3}}`, "stream_options.include_usage", []string{"a boolean"}},
		{"temperature overflow", comp, `{"prompt":"a","temperature":1e309}`, "temperature", []string{"out of range", "from 0 to 2"}},
		{"temperature negative overflow", chat, `{` + msgs + `,"temperature":-1e400}`, "temperature", []string{"out of range", "from 0 to 2"}},
		{"temperature high", comp, `{"prompt":"a","temperature":2.5}`, "temperature", []string{"out of range", "from 0 to 2"}},
		{"top_p overflow", comp, `{"prompt":"a","top_p":1e999}`, "top_p", []string{"out of range", "greater than 0 and at most 1"}},
		{"top_p zero", comp, `{"prompt":"a","top_p":0}`, "top_p", []string{"out of range"}},
		{"repetition overflow", comp, `{"prompt":"a","repetition_penalty":-1e999}`, "repetition_penalty", []string{"out of range", "at most 10"}},
		{"seed past int64", comp, `{"prompt":"a","seed":18446744073709551615}`, "seed", []string{"out of range", "-9223372036854775808 to 9223372036854775807"}},
		{"seed fraction", comp, `{"prompt":"a","seed":0.5}`, "seed", []string{"wrong type", "an integer"}},
		{"top_k overflow", comp, `{"prompt":"a","top_k":1e100}`, "top_k", []string{"out of range", "1048576"}},
		{"n overflow", comp, `{"prompt":"a","n":99999999999999999999}`, "n", []string{"out of range", "from 1 to 16"}},
		{"logprobs overflow", comp, `{"prompt":"a","logprobs":1e19}`, "logprobs", []string{"out of range", "from 0 to 20"}},
		{"top_logprobs", chat, `{` + msgs + `,"logprobs":true,"top_logprobs":21}`, "top_logprobs", []string{"out of range", "from 0 to 20"}},
		{"max_completion_tokens overflow", chat, `{` + msgs + `,"max_completion_tokens":1e40}`, "max_completion_tokens", []string{"out of range"}},
		{"lone high surrogate", comp, `{"prompt":"a\ud800b"}`, "", []string{"lone UTF-16 surrogate"}},
		{"lone high surrogate at end", comp, `{"prompt":"a\uD800"}`, "", []string{"lone UTF-16 surrogate"}},
		{"high then non-low", comp, `{"prompt":"\ud800\u0041"}`, "", []string{"lone UTF-16 surrogate"}},
		{"two highs", comp, `{"prompt":"\ud83d\ud83d\ude00"}`, "", []string{"lone UTF-16 surrogate"}},
		{"lone low surrogate", chat, `{"messages":[{"role":"user","content":"\udc00"}]}`, "", []string{"lone UTF-16 surrogate"}},
		{"surrogate in a key", comp, `{"prompt":"a","\udfff":1}`, "", []string{"lone UTF-16 surrogate"}},
	}
	env := start(t, newFakeEngine(), nil, nil)
	for _, tc := range cases {
		code, _, body := env.post(tc.path, keyAlice, tc.body)
		var eb errorBody
		if err := json.Unmarshal(body, &eb); err != nil || code != 400 {
			t.Errorf("%s: %d %s", tc.name, code, body)
			continue
		}
		got := ""
		if eb.Error.Param != nil {
			got = *eb.Error.Param
		}
		if got != tc.param || (eb.Error.Param != nil && tc.param == "") {
			t.Errorf("%s: param %q, want %q (%s)", tc.name, got, tc.param, body)
		}
		for _, m := range tc.msg {
			if !strings.Contains(eb.Error.Message, m) {
				t.Errorf("%s: message %q lacks %q", tc.name, eb.Error.Message, m)
			}
		}
	}
	// Escapes that are whole characters, or a backslash followed by text, are accepted.
	for _, body := range []string{
		`{"prompt":"\ud83d\ude00 \u00e9 \\ud800 \"\\ud800\"","max_tokens":1}`,
		`{"prompt":"\\\\ud800","max_tokens":1}`,
		`{"prompt":"a","seed":-9223372036854775808,"max_tokens":1}`,
		`{"prompt":"a","seed":9223372036854775807,"max_tokens":1}`,
	} {
		if code, _, b := env.post(comp, keyAlice, body); code != 200 {
			t.Errorf("%s: %d %s", body, code, b)
		}
	}
}

// TestSamplingNarrowing checks the float64 → float32 conversion keeps each accepted value's
// meaning: a positive value too small for float32 must not become 0 ("off" or "greedy").
func TestSamplingNarrowing(t *testing.T) {
	const tiny = math.SmallestNonzeroFloat32
	cases := []struct {
		body string
		want sampler.Params
	}{
		{`"top_p":1e-50`, sampler.Params{Temperature: 1, TopP: tiny, RepetitionPenalty: 1}},
		{`"temperature":1e-50`, sampler.Params{Temperature: tiny, TopP: 1, RepetitionPenalty: 1}},
		{`"temperature":1e-40,"top_p":1e-40`, sampler.Params{Temperature: 1e-40, TopP: 1e-40, RepetitionPenalty: 1}},
		{`"repetition_penalty":1e-300`, sampler.Params{Temperature: 1, TopP: 1, RepetitionPenalty: tiny}},
		{`"min_p":1e-60,"presence_penalty":-1e-60,"frequency_penalty":1e-60`, sampler.Params{Temperature: 1, TopP: 1, RepetitionPenalty: 1, MinP: tiny, PresencePenalty: -tiny, FrequencyPenalty: tiny}},
		{`"temperature":0,"top_p":1,"min_p":0,"presence_penalty":0`, sampler.Params{Temperature: 0, TopP: 1, RepetitionPenalty: 1}},
	}
	for _, c := range cases {
		p, e := parseCompletion([]byte(`{"prompt":"a",`+c.body+`}`), fakeVocab)
		if e != nil {
			t.Fatalf("%s: %v", c.body, e)
		}
		c.want.TopLogprobs = -1
		if p.sampling != c.want {
			t.Errorf("%s: engine gets %+v, want %+v", c.body, p.sampling, c.want)
		}
	}
}

// TestContentEncoding: a compressed body is refused with 415, never read as garbage JSON.
func TestContentEncoding(t *testing.T) {
	srv, err := New(Config{Logger: discardLogger()}, newFakeEngine(), byteTok{}, testStore(t))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`{"prompt":"a","max_tokens":1}`))
	zw.Close()
	for _, c := range []struct {
		enc    []string
		body   []byte
		status int
	}{
		{[]string{"gzip"}, gz.Bytes(), 415},
		{[]string{"GZIP"}, gz.Bytes(), 415},
		{[]string{"deflate"}, []byte(`{"prompt":"a","max_tokens":1}`), 415},
		{[]string{"identity, br"}, []byte(`{"prompt":"a","max_tokens":1}`), 415},
		{[]string{"identity", "gzip"}, gz.Bytes(), 415},
		{[]string{"identity"}, []byte(`{"prompt":"a","max_tokens":1}`), 200},
		{nil, []byte(`{"prompt":"a","max_tokens":1}`), 200},
	} {
		for _, path := range []string{"/v1/completions", "/v1/chat/completions"} {
			body := c.body
			if path != "/v1/completions" && c.status == 200 {
				body = []byte(`{"messages":[{"role":"user","content":"x"}],"max_tokens":1}`)
			}
			req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+keyAlice)
			for _, e := range c.enc {
				req.Header.Add("Content-Encoding", e)
			}
			rec := httptest.NewRecorder()
			srv.Handler().ServeHTTP(rec, req)
			if rec.Code != c.status {
				t.Errorf("%s %v: %d %s", path, c.enc, rec.Code, rec.Body)
				continue
			}
			var eb errorBody
			if c.status != 200 && (json.Unmarshal(rec.Body.Bytes(), &eb) != nil || !strings.Contains(eb.Error.Message, "Content-Encoding")) {
				t.Errorf("%s %v: error body %s", path, c.enc, rec.Body)
			}
		}
	}
}

func TestMetrics(t *testing.T) {
	eng := newFakeEngine()
	eng.stats.Waiting, eng.stats.Running, eng.stats.Transferring = 4, 1, 1 // running sequences count both
	eng.stats.PagesTotal, eng.stats.PagesFree, eng.stats.PagesOwned, eng.stats.PagesCached, eng.stats.PagesQuarantined = 100, 60, 30, 7, 3
	eng.stats.PagesIdle = 2
	eng.cached = 2
	eng.phases = [3]time.Duration{time.Millisecond, 2 * time.Millisecond, 3 * time.Millisecond}
	eng.stats.PrefillTokens, eng.stats.DecodeTokens, eng.stats.SecurityEvents = 1234, 567, 2
	eng.stats.Speculation, eng.stats.DraftTokens, eng.stats.AcceptedTokens = "lookup", 300, 120
	eng.stats.SpecTokens, eng.stats.SpecCost.Step = 4, []float64{1, 1.25, 1.5}
	env := start(t, eng, nil, nil)
	env.post("/v1/completions", keyAlice, `{"prompt":"hello","max_tokens":5}`)
	env.post("/v1/completions", "bad-key", `{"prompt":"hello"}`)
	env.post("/v1/completions", keyAlice, `{"prompt":"hello","n":99}`)
	code, hdr, body := env.metrics()
	if code != 200 {
		t.Fatalf("metrics: %d", code)
	}
	// The API port does not serve them: they are server-wide, and it takes no key.
	if code, _, body := env.get("/metrics"); code != http.StatusNotFound || strings.Contains(string(body), "kvwarden_") {
		t.Fatalf("/metrics on the API port: %d %.200s", code, body)
	}
	fmtType := expfmt.ResponseFormat(hdr)
	if fmtType.FormatType() != expfmt.TypeTextPlain {
		t.Fatalf("format %v", fmtType)
	}
	p := expfmt.NewTextParser(prommodel.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		t.Fatalf("exposition does not parse: %v", err)
	}
	value := func(name string, labels map[string]string) float64 {
		t.Helper()
		f, ok := fams[name]
		if !ok {
			t.Fatalf("no metric %s", name)
		}
	next:
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if labels[l.GetName()] != l.GetValue() {
					continue next
				}
			}
			switch {
			case m.Gauge != nil:
				return m.GetGauge().GetValue()
			case m.Counter != nil:
				return m.GetCounter().GetValue()
			case m.Histogram != nil:
				return float64(m.GetHistogram().GetSampleCount())
			}
		}
		t.Fatalf("no %s%v", name, labels)
		return 0
	}
	checks := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"kvwarden_queue_depth", nil, 4},
		{"kvwarden_running_sequences", nil, 2},
		{"kvwarden_kv_pages", map[string]string{"state": "free"}, 60},
		{"kvwarden_kv_pages", map[string]string{"state": "used"}, 30},
		{"kvwarden_kv_pages", map[string]string{"state": "cached"}, 7},
		{"kvwarden_kv_pages", map[string]string{"state": "quarantined"}, 3},
		{"kvwarden_kv_pool_pages", nil, 100},
		{"kvwarden_kv_cache_usage_ratio", nil, 0.3 + 0.07 + 0.03 - 0.02}, // all but free and idle cached pages
		{"kvwarden_prefill_tokens_total", nil, 1234},
		{"kvwarden_decode_tokens_total", nil, 567},
		{"kvwarden_spec_draft_tokens_total", map[string]string{"mode": "lookup"}, 300},
		{"kvwarden_spec_accepted_tokens_total", map[string]string{"mode": "lookup"}, 120},
		{"kvwarden_spec_verify_cost", map[string]string{"drafts": "1"}, 1.25},
		{"kvwarden_spec_verify_cost", map[string]string{"drafts": "4"}, 2}, // past the timed sizes: the last slope
		{"kvwarden_isolation_security_events_total", nil, 2},
		{"kvwarden_requests_rejected_total", map[string]string{"reason": "unauthorized"}, 1},
		{"kvwarden_requests_rejected_total", map[string]string{"reason": "bad_request"}, 1},
		{"kvwarden_time_to_first_token_seconds", nil, 1},
		{"kvwarden_inter_token_latency_seconds", nil, 4},
		{"kvwarden_usage_tokens_total", map[string]string{"kind": "completion"}, 5},
		{"kvwarden_http_requests_total", map[string]string{"endpoint": "completions", "code": "200"}, 1},
		{"kvwarden_http_requests_total", map[string]string{"endpoint": "completions", "code": "401"}, 1},
		{"kvwarden_requests_finished_total", map[string]string{"finished_reason": "length"}, 1},
		{"kvwarden_request_queue_time_seconds", nil, 1},
		{"kvwarden_request_prefill_time_seconds", nil, 1},
		{"kvwarden_request_decode_time_seconds", nil, 1},
		{"kvwarden_request_prompt_tokens", nil, 1},
		{"kvwarden_request_generation_tokens", nil, 1},
		{"kvwarden_prefix_cache_queries_total", nil, 5},
		{"kvwarden_prefix_cache_hits_total", nil, 2},
		{"kvwarden_tenant_requests_total", map[string]string{"tenant": "alice"}, 1},
		{"kvwarden_tenant_tokens_total", map[string]string{"tenant": "alice", "kind": "completion"}, 5},
	}
	for _, c := range checks {
		if got := value(c.name, c.labels); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
	// Label values come from fixed sets only, and the configured tenants' names on the
	// per-tenant series.
	for name, f := range fams {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				tenantLabel := l.GetName() == "tenant" && strings.HasPrefix(name, "kvwarden_tenant_")
				if strings.Contains(l.GetValue(), "hello") || (strings.Contains(l.GetValue(), "alice") && !tenantLabel) {
					t.Errorf("%s carries %s=%q", name, l.GetName(), l.GetValue())
				}
			}
		}
	}
	lintMetrics(t, fams)
}

// lintMetrics checks Prometheus' naming rules (promtool's, as testutil.GatherAndLint would; it is
// not vendored): lower snake case under kvwarden_, counters and only counters end in _total,
// durations are in seconds, every metric has help.
func lintMetrics(t testing.TB, fams map[string]*dto.MetricFamily) {
	t.Helper()
	name := regexp.MustCompile(`^kvwarden_[a-z0-9_]+$`)
	for n, f := range fams {
		if !strings.HasPrefix(n, "kvwarden_") {
			continue // the Go and process collectors' own
		}
		counter := f.GetType() == dto.MetricType_COUNTER
		switch {
		case !name.MatchString(n):
			t.Errorf("%s: not lower snake case", n)
		case counter != strings.HasSuffix(n, "_total"):
			t.Errorf("%s: a %v must end in _total exactly when it is a counter", n, f.GetType())
		case strings.Contains(n, "_time") && !strings.HasSuffix(n, "_seconds") && !strings.HasSuffix(n, "_seconds_total"):
			t.Errorf("%s: durations are in seconds", n)
		case regexp.MustCompile(`(milli|micro|nano)seconds|_ms(_|$)|minutes|hours`).MatchString(n):
			t.Errorf("%s: use base units", n)
		case f.GetHelp() == "":
			t.Errorf("%s: no help", n)
		}
	}
}

// FuzzRequest drives the whole handler (auth, decoding, validation, templating, limits, engine,
// streaming) with arbitrary bodies: it must never panic or answer 5xx.
func FuzzRequest(f *testing.F) {
	for _, s := range []string{
		`{"prompt":"hello","max_tokens":3}`,
		`{"prompt":["a","b"],"n":2,"max_tokens":2,"stream":true,"stream_options":{"include_usage":true}}`,
		`{"prompt":[[1,2,3]],"logprobs":3,"stop":["b"],"max_tokens":4}`,
		`{"messages":[{"role":"user","content":"hé"}],"logprobs":true,"top_logprobs":2,"stream":true}`,
		`{"messages":[{"role":"system","content":[{"type":"text","text":"s"}]},{"role":"user","content":"x"}],"stop":"x","seed":-1}`,
		`{"prompt":"a","temperature":2,"top_p":1e-300,"top_k":1048576,"min_p":1,"repetition_penalty":10}`,
		`{"prompt":"\u0000\ud800","max_tokens":1}`,
		`{"messages":[{"role":"user","content":"x"}],"chat_template_kwargs":{"enable_thinking":null}}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	eng := newFakeEngine()
	srv, err := New(Config{Logger: discardLogger()}, eng, byteTok{}, testStore(f))
	if err != nil {
		f.Fatal(err)
	}
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, body []byte, chat bool) {
		path := "/v1/completions"
		if chat {
			path = "/v1/chat/completions"
		}
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(body)))
		req.Header.Set("Authorization", "Bearer "+keyAlice)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body.String())
		}
		if rec.Code >= 400 {
			var eb errorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &eb); err != nil || eb.Error.Message == "" {
				t.Fatalf("bad error body %q", rec.Body.String())
			}
		}
	})
}

// FuzzParse checks the decoders alone: no panic, and accepted requests are within bounds.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"prompt":"x","n":16,"max_tokens":16777216,"stop":["a"],"logprobs":20}`))
	f.Add([]byte(`{"messages":[{"role":"user","content":"x"}],"top_logprobs":20,"logprobs":true,"n":3}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, parse := range []func([]byte, int) (*genParams, *apiError){parseCompletion, parseChat} {
			p, e := parse(body, fakeVocab)
			if e != nil {
				if e.Status != 400 || e.Message == "" {
					t.Fatalf("error %+v", e)
				}
				continue
			}
			s := p.sampling
			if p.n < 1 || p.n > maxN || p.prompts()*p.n > maxChoices || p.prompts() < 1 ||
				p.maxTokens < 0 || p.maxTokens > maxMaxTokens || s.Temperature < 0 || s.Temperature > 2 ||
				s.TopP <= 0 || s.TopP > 1 || s.TopLogprobs < -1 || s.TopLogprobs > maxTopLogprobs {
				t.Fatalf("accepted out-of-bounds request %+v", p)
			}
			for _, ids := range p.ids {
				for _, id := range ids {
					if id < 0 || id >= fakeVocab {
						t.Fatalf("accepted id %d", id)
					}
				}
			}
		}
	})
}

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

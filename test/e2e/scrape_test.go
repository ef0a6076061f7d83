package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	prommodel "github.com/prometheus/common/model"
)

// metrics is one scrape of /metrics: series name with sorted labels → value.
type metrics map[string]float64

func (s *server) metrics(t testing.TB) metrics {
	t.Helper()
	m, err := s.tryMetrics()
	if err != nil {
		s.failIfBroken(t)
		t.Fatal(err)
	}
	return m
}

// tryMetrics scrapes /metrics from the operator listener; it reports failure instead of failing,
// for goroutines other than the test's own.
func (s *server) tryMetrics() (metrics, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.mbase+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("/metrics: %d %s", resp.StatusCode, body)
	}
	if ft := expfmt.ResponseFormat(resp.Header).FormatType(); ft != expfmt.TypeTextPlain {
		return nil, fmt.Errorf("/metrics format %v", ft)
	}
	parser := expfmt.NewTextParser(prommodel.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("/metrics does not parse: %v", err)
	}
	m := metrics{}
	for name, f := range fams {
		for _, mt := range f.GetMetric() {
			var labels []string
			for _, l := range mt.GetLabel() {
				labels = append(labels, fmt.Sprintf("%s=%q", l.GetName(), l.GetValue()))
			}
			slices.Sort(labels)
			key := name
			if len(labels) > 0 {
				key += "{" + strings.Join(labels, ",") + "}"
			}
			switch {
			case mt.Counter != nil:
				m[key] = mt.Counter.GetValue()
			case mt.Gauge != nil:
				m[key] = mt.Gauge.GetValue()
			case mt.Untyped != nil:
				m[key] = mt.Untyped.GetValue()
			}
		}
	}
	return m, nil
}

// get returns a series that must be present.
func (m metrics) get(t testing.TB, key string) float64 {
	t.Helper()
	v, ok := m[key]
	if !ok {
		t.Fatalf("/metrics has no %s", key)
	}
	return v
}

const (
	mPagesUsed   = `kvwarden_kv_pages{state="used"}`
	mPagesFree   = `kvwarden_kv_pages{state="free"}`
	mPagesCached = `kvwarden_kv_pages{state="cached"}`
	mPagesQuar   = `kvwarden_kv_pages{state="quarantined"}`
	mPagesTotal  = `kvwarden_kv_pool_pages`
	mSecurity    = `kvwarden_isolation_security_events_total`
	mRunning     = `kvwarden_running_sequences`
	mPeerWaiting = `kvwarden_peer_waiting_sequences`
	mWaiting     = `kvwarden_queue_depth`
	mInflight    = `kvwarden_http_requests_in_flight`
)

// idle reports whether the engine holds no request and no page outside the free list and the
// prefix cache.
func (m metrics) idle() bool {
	return m[mPagesUsed] == 0 && m[mPagesQuar] == 0 && m[mRunning] == 0 && m[mWaiting] == 0 && m[mInflight] == 0
}

// waitIdle polls /metrics until the server is idle, then checks the pool is whole: no page used
// or quarantined, free + cached = total, and no isolation event ever.
func (s *server) waitIdle(t testing.TB, timeout time.Duration) metrics {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		m := s.metrics(t)
		if m.idle() {
			checkPoolWhole(t, m)
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not idle %v after the work ended: used %v, quarantined %v, running %v, waiting %v, in flight %v",
				timeout, m[mPagesUsed], m[mPagesQuar], m[mRunning], m[mWaiting], m[mInflight])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func checkPoolWhole(t testing.TB, m metrics) {
	t.Helper()
	total := m.get(t, mPagesTotal)
	if used, q := m.get(t, mPagesUsed), m.get(t, mPagesQuar); used != 0 || q != 0 {
		t.Errorf("idle pool: %v pages used, %v quarantined; want 0 and 0", used, q)
	}
	if free, cached := m.get(t, mPagesFree), m.get(t, mPagesCached); free+cached != total {
		t.Errorf("idle pool not whole: free %v + cached %v != total %v", free, cached, total)
	}
	if ev := m.get(t, mSecurity); ev != 0 {
		t.Errorf("isolation security events: %v, want 0", ev)
	}
}

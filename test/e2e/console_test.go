package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// The operator console (GET /console, /console/events on the operator listener), end to end: in
// a real browser against the real binary, and read raw for what it must never show.

// consoleTenants writes a tenants file with acme (limited) and globex, and returns their keys.
func consoleTenants(t *testing.T) (file, acme, globex string) {
	t.Helper()
	file = tenantsFile(t)
	acme = addTenant(t, file, "acme", "--max-concurrent", "4", "--tokens-per-minute", "1000000")
	globex = addTenant(t, file, "globex")
	return file, acme, globex
}

// TestConsoleNeverShowsTenantText: a request's prompt (a canary), its output, the tenant's key and
// UID never appear in the console's page, its event stream or its polled snapshot, read while the
// request runs and after; the API port serves no console.
func TestConsoleNeverShowsTenantText(t *testing.T) {
	file, key, _ := consoleTenants(t)
	s := startServer(t, serverOpts{model: chatModel, tenants: file, kvMem: "16MiB"})
	for _, path := range []string{"/console", "/console/events", "/console/snapshot"} {
		if code, _, body := s.call(t, http.MethodGet, path, key, ""); code != http.StatusNotFound {
			t.Fatalf("%s on the API port: %d %.200s, want 404", path, code, body)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.mbase+"/console/events", nil)
	resp, err := s.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "text/event-stream" {
		t.Fatalf("/console/events: %d %q", resp.StatusCode, ct)
	}
	var mu sync.Mutex
	var stream bytes.Buffer
	sawRunning := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		var once sync.Once
		for sc.Scan() {
			mu.Lock()
			stream.Write(sc.Bytes())
			stream.WriteByte('\n')
			mu.Unlock()
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var snap struct{ Tenants []struct{ Running int } }
				if json.Unmarshal([]byte(d), &snap) == nil && len(snap.Tenants) > 0 && snap.Tenants[0].Running > 0 {
					once.Do(func() { close(sawRunning) })
				}
			}
		}
	}()

	canary := "CANARY-" + strings.ReplaceAll(time.Now().Format("150405.000000000"), ".", "")
	prompt := "Lily said " + canary + " to the cat"
	body := fmt.Sprintf(`{"prompt":%q,"max_tokens":400,"ignore_eos":true}`, prompt)
	var output string
	for output == "" || !chanClosed(sawRunning) {
		code, _, b := s.call(t, http.MethodPost, "/v1/completions", key, body)
		if code != 200 {
			t.Fatalf("%d %s", code, b)
		}
		var c completionChunk
		if err := json.Unmarshal(b, &c); err != nil || len(c.Choices) == 0 {
			t.Fatalf("%v %s", err, b)
		}
		output = c.Choices[0].Text
		if ctx.Err() != nil {
			t.Fatal("no snapshot showed the request running: the test proves nothing")
		}
	}
	time.Sleep(600 * time.Millisecond) // snapshots after the end, tenant named by /metrics now
	cancel()

	code, _, page := s.callOperator(t, "/console")
	if code != 200 {
		t.Fatalf("/console: %d", code)
	}
	code, _, polled := s.callOperator(t, "/console/snapshot")
	if code != 200 {
		t.Fatalf("/console/snapshot: %d", code)
	}
	f, err := tenants.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	got := stream.String()
	if !strings.Contains(got, `"name":"acme"`) {
		t.Fatalf("the stream never named acme as /metrics does: %.500s", got)
	}
	secrets := map[string]string{"prompt canary": canary, "output": output, "API key": key}
	for _, tn := range f.Tenants {
		secrets["UID of "+tn.ID] = tn.UID
	}
	for what, v := range secrets {
		if len(strings.TrimSpace(v)) < 8 {
			continue // too short to mean anything (a random model's output may be a few bytes)
		}
		if strings.Contains(got, v) || strings.Contains(string(page), v) || strings.Contains(string(polled), v) {
			t.Errorf("the console shows the tenant's %s %q", what, v)
		}
	}
}

func chanClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// callOperator GETs a path of the operator listener.
func (s *server) callOperator(t testing.TB, path string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := s.http.Get(s.mbase + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// chromium returns Debian's chromium, or skips the test outside CI (and fails it under CI, whose
// script installs it).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium is not installed (apt-get install -y --no-install-recommends chromium); the console's browser test needs it"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// browser starts a headless chromium with a fresh profile and returns a tab's context.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 1000),
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); acancel() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser, for the life of ctx
		t.Fatalf("chromium: %v", err)
	}
	return ctx
}

// consoleView is what the page shows, read from its DOM.
type consoleView struct {
	Seq, Time                                      int64
	Status, Usage                                  string
	Total, Free, Owned, Cached, Quarantined        int
	Cells, PerCell, CellsF, CellsO, CellsC, CellsQ int
	Tenants                                        [][]string // the table's rows, cell by cell
	HTML                                           string
}

const readView = `(() => {
  const n = (id) => +document.getElementById(id).textContent;
  const c = document.querySelector("#nodes canvas") || {dataset: {}};
  const d = (k) => +(c.dataset[k] || 0);
  return {Seq: +(document.body.dataset.seq || 0), Time: +(document.body.dataset.time || 0),
    Status: document.getElementById("status").textContent, Usage: document.getElementById("pages-usage").textContent,
    Total: n("pages-total"), Free: n("pages-free"), Owned: n("pages-owned"), Cached: n("pages-cached"), Quarantined: n("pages-quarantined"),
    Cells: d("cells"), PerCell: d("pagesPerCell"), CellsF: d("cellsF"), CellsO: d("cellsO"), CellsC: d("cellsC"), CellsQ: d("cellsQ"),
    Tenants: [...document.querySelectorAll("#tenants tr")].map(tr => [...tr.children].map(td => td.textContent)),
    HTML: document.documentElement.outerHTML};
})()`

func view(t *testing.T, ctx context.Context) consoleView {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[consoleView](readView))
	if err != nil {
		t.Fatalf("reading the console: %v", err)
	}
	return v
}

// viewAfter waits for a snapshot the server built after when.
func viewAfter(t *testing.T, ctx context.Context, when time.Time) consoleView {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if v := view(t, ctx); v.Time > when.UnixMilli() {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("the console showed no snapshot after %v", when)
		}
	}
}

func (v consoleView) tenant(name string) []string {
	for _, r := range v.Tenants {
		if len(r) > 0 && r[0] == name {
			return r
		}
	}
	return nil
}

// TestConsoleInBrowser loads the console in headless chromium against the running binary, waits
// for live data, and checks the page counts, the map's cells and the tenants table against
// /metrics while a request runs and after it ends (its client hangs up); it saves a screenshot (to
// $KVWARDEN_CONSOLE_SCREENSHOT when set, which is how docs/console.png is made).
func TestConsoleInBrowser(t *testing.T) {
	ctx := browser(t)
	file, acme, globex := consoleTenants(t)
	s := startServer(t, serverOpts{model: chatModel, tenants: file, kvMem: "16MiB"})
	for _, k := range []string{acme, globex} { // both named on /metrics, each with a cached prefix
		if code, _, b := s.call(t, http.MethodPost, "/v1/completions", k, `{"prompt":"`+strings.Repeat("the cat sat on the mat ", 12)+`","max_tokens":8}`); code != 200 {
			t.Fatalf("%d %s", code, b)
		}
	}
	tctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(s.mbase+"/console"), chromedp.WaitVisible(chromedp.CSS("body[data-seq]"))); err != nil {
		t.Fatalf("the console never showed live data: %v", err)
	}
	if v := view(t, tctx); v.Status != "live" || v.Total == 0 {
		t.Fatalf("console status %q, %d pages", v.Status, v.Total)
	}

	// A request that runs for seconds: its pages only grow while it decodes.
	rctx, rcancel := context.WithCancel(context.Background())
	defer rcancel()
	done := make(chan error, 1)
	go func() {
		resp, err := s.post(rctx, "/v1/completions", acme, `{"prompt":"Once upon a time","max_tokens":3000,"ignore_eos":true,"stream":true}`)
		if err == nil {
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		done <- err
	}()
	for deadline := time.Now().Add(10 * time.Second); s.metrics(t)[mRunning] == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the request never ran")
		}
	}

	// While it runs: a snapshot built before a scrape shows at most its owned pages, one built
	// after it at least as many; the totals always match.
	before := view(t, tctx)
	m := s.metrics(t)
	after := viewAfter(t, tctx, time.Now())
	if m[mRunning] != 1 {
		t.Fatalf("the request ended too soon to be seen running (running %v): the test proves nothing", m[mRunning])
	}
	for _, v := range []consoleView{before, after} {
		if float64(v.Total) != m.get(t, mPagesTotal) || v.Free+v.Owned+v.Cached+v.Quarantined != v.Total {
			t.Fatalf("console pages %+v, /metrics total %v", v, m[mPagesTotal])
		}
		if v.PerCell != 1 || v.Cells != v.Total {
			t.Fatalf("a pool of %d pages drawn as %d cells of %d: want a cell a page", v.Total, v.Cells, v.PerCell)
		}
	}
	// Owned counts the running request's pages, those it wrote into the prefix cache included:
	// all that is neither free, nor cached for reuse, nor quarantined (the usage ratio's pages).
	held := int(math.Round(m.get(t, "kvwarden_kv_cache_usage_ratio")*m.get(t, mPagesTotal))) - int(m[mPagesQuar])
	if before.Owned > held || after.Owned < held || after.Owned == 0 {
		t.Fatalf("owned pages: console %d before the scrape, %d after; /metrics %d in use", before.Owned, after.Owned, held)
	}
	if want := fmt.Sprintf("%.1f%%", 100*float64(after.Owned+after.Quarantined)/float64(after.Total)); after.Usage != want {
		t.Fatalf("usage shown %q, want %q", after.Usage, want)
	}
	// The map is read without the lock (a page may move meanwhile) and, when a walk is slow, at
	// most every 2 s: within a few snapshots it draws the owned pages the totals count.
	for deadline, v := time.Now().Add(5*time.Second), after; ; v = viewAfter(t, tctx, time.Now()) {
		if d := v.CellsO - v.Owned; d >= -1 && d <= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the map draws %d owned cells, the totals say %d owned pages", v.CellsO, v.Owned)
		}
	}
	if row := after.tenant("acme"); row == nil || row[2] != "1" {
		t.Fatalf("tenants table while acme's request runs: %q", after.Tenants)
	}
	screenshot(t, tctx)

	// After it ends: the page, the map and /metrics agree exactly. It ends by the client hanging up,
	// now that it was seen running: its 3,000 tokens, there to outlast the checks above on a loaded
	// machine, were most of the test's time.
	rcancel()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the request did not end")
	}
	end := s.waitIdle(t, 10*time.Second)
	v := viewAfter(t, tctx, time.Now())
	// The map of a pool is walked again at most every 2 s when a walk is slow (a loaded machine):
	// give it that long to catch up with the totals.
	for deadline := time.Now().Add(5 * time.Second); (v.CellsF != v.Free || v.CellsC != v.Cached) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		v = view(t, tctx)
	}
	if v.Owned != 0 || v.Quarantined != 0 || float64(v.Free) != end[mPagesFree] || float64(v.Cached) != end[mPagesCached] ||
		float64(v.Total) != end[mPagesTotal] {
		t.Fatalf("idle console %+v, /metrics free %v cached %v total %v", v, end[mPagesFree], end[mPagesCached], end[mPagesTotal])
	}
	if v.CellsO != 0 || v.CellsQ != 0 || v.CellsF != v.Free || v.CellsC != v.Cached {
		t.Fatalf("idle map: %d free, %d owned, %d cached, %d quarantined cells; pages: %d free, %d cached", v.CellsF, v.CellsO, v.CellsC, v.CellsQ, v.Free, v.Cached)
	}
	row := v.tenant("acme")
	want := fmt.Sprint(end.get(t, `kvwarden_tenant_tokens_total{kind="completion",tenant="acme"}`))
	if row == nil || row[2] != "0" || row[len(row)-1] != want {
		t.Fatalf("tenants table after the request: %q; /metrics says acme completed %s tokens", v.Tenants, want)
	}
	if v.tenant("globex") == nil {
		t.Fatalf("globex, on /metrics, is not in the tenants table: %q", v.Tenants)
	}
	for _, k := range []string{acme, globex} {
		if strings.Contains(v.HTML, k) {
			t.Fatal("the page shows a tenant's API key")
		}
	}
}

func screenshot(t *testing.T, ctx context.Context) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	path := os.Getenv("KVWARDEN_CONSOLE_SCREENSHOT")
	if path == "" {
		path = filepath.Join(t.ArtifactDir(), "console.png") // kept with go test -artifacts
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", path, len(png))
}

// snapshotJSON is the part of a console snapshot the cluster test reads.
type snapshotJSON struct {
	Role  string
	Pages struct{ Total, Free int }
	Nodes []struct {
		Name, Role string
		Healthy    bool
		Pages      struct{ Total, Free int }
		Transfers  struct{ Sent int }
	}
	Tenants []struct {
		Name             string
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	}
}

// nextSnapshot reads the next snapshot from an operator listener's /console/events that
// satisfies ok.
func nextSnapshot(t *testing.T, mbase string, ok func(snapshotJSON) bool) snapshotJSON {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, mbase+"/console/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<24)
	var last string
	for sc.Scan() {
		d, isData := strings.CutPrefix(sc.Text(), "data: ")
		if !isData {
			continue
		}
		var s snapshotJSON
		if err := json.Unmarshal([]byte(d), &s); err != nil {
			t.Fatalf("%v: %.300s", err, d)
		}
		if ok(s) {
			return s
		}
		last = d
	}
	t.Fatalf("%s: no snapshot as wanted (%v); the last: %.2000s", mbase, sc.Err(), last)
	return snapshotJSON{}
}

// TestConsoleWithEveryStreamHeld is a viewer holding every console stream the listener serves,
// and asking for more: the operator's console still shows live data in a browser (it polls).
func TestConsoleWithEveryStreamHeld(t *testing.T) {
	ctx := browser(t)
	s := startServer(t, serverOpts{model: llamaModel})
	hctx, hcancel := context.WithCancel(context.Background())
	defer hcancel()
	held := 0
	for range 20 {
		req, _ := http.NewRequestWithContext(hctx, http.MethodGet, s.mbase+"/console/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusOK {
			held++ // kept open until the test ends
		} else {
			resp.Body.Close()
		}
	}
	if held == 0 || held == 20 {
		t.Fatalf("%d of 20 streams held: the test proves nothing", held)
	}
	tctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(s.mbase+"/console"), chromedp.WaitVisible(chromedp.CSS("body[data-seq]"))); err != nil {
		t.Fatalf("with every stream held, the console never showed live data: %v", err)
	}
	first := view(t, tctx)
	if v := viewAfter(t, tctx, time.UnixMilli(first.Time)); v.Status != "live" || v.Seq <= first.Seq || v.Total == 0 {
		t.Fatalf("with every stream held: %q, snapshot %d after %d, %d pages", v.Status, v.Seq, first.Seq, v.Total)
	}
}

// TestConsoleShowsCluster: the router's console shows every node's pool and hand-offs, gathered
// over the node API, and its own tenants; each node's operator listener has its own console.
func TestConsoleShowsCluster(t *testing.T) {
	pre, dec, router := startPair(t)
	if code, _, b := router.call(t, http.MethodPost, "/v1/completions", "", `{"prompt":"Once upon a time","max_tokens":8,"ignore_eos":true}`); code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	pre.waitWhole(t)
	dec.waitWhole(t)
	s := nextSnapshot(t, router.mbase, func(s snapshotJSON) bool {
		return len(s.Nodes) == 2 && len(s.Tenants) == 1 && s.Tenants[0].Name == "dev" && s.Nodes[0].Transfers.Sent == 1
	})
	total := 0
	for i, n := range []*clusterNode{pre, dec} {
		g, got := n.gauges(t), s.Nodes[i]
		if got.Name != n.addr || !got.Healthy || float64(got.Pages.Total) != g[mPagesTotal] || float64(got.Pages.Free) != g[mPagesFree] {
			t.Errorf("router's console shows node %s as %+v; its /metrics: total %v free %v", n.addr, got, g[mPagesTotal], g[mPagesFree])
		}
		total += got.Pages.Total
	}
	if s.Role != "router" || s.Nodes[0].Role != "prefill" || s.Nodes[1].Role != "decode" || s.Pages.Total != total || s.Tenants[0].CompletionTokens != 8 {
		t.Fatalf("router's console: %+v", s)
	}
	if own := nextSnapshot(t, dec.mbase, func(s snapshotJSON) bool { return len(s.Nodes) == 1 }); own.Role != "decode" || own.Nodes[0].Pages.Total != s.Nodes[1].Pages.Total {
		t.Fatalf("the decode node's own console: %+v", own)
	}
}

// TestConsoleStreamEndsOnShutdown: an open console does not hold up the operator listener's
// shutdown (its stream never goes idle by itself): SIGTERM ends the stream and the process exits
// well within the listener's 5 s shutdown limit.
func TestConsoleStreamEndsOnShutdown(t *testing.T) {
	s := startServer(t, serverOpts{model: llamaModel})
	resp, err := http.Get(s.mbase + "/console/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := newSSE(resp.Body)
	if _, _, err := r.next(); err != nil {
		t.Fatalf("no snapshot: %v", err)
	}
	s.signal(syscall.SIGTERM)
	ended := make(chan error, 1)
	go func() {
		for {
			if _, _, err := r.next(); err != nil {
				ended <- err
				return
			}
		}
	}()
	if code := s.waitExit(4 * time.Second); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	select {
	case <-ended:
	case <-time.After(2 * time.Second):
		t.Fatal("the console stream is still open after the process exited")
	}
}

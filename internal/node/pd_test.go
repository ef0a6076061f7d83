package node

// A prefill server and a decode server (each a node with its own OpenAI API on loopback), and one
// process of the same model to compare with, driven with plain HTTP as llm-d's pd-sidecar drives
// them (connector_nixlv2.go, connector_shared_storage.go).

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// The tenants of both servers (one tenants file: the same UIDs, so the same page owners).
var pdTenants = map[string]string{"alice": "alice-key-0123456789abcdef", "bob": "bob-key-0123456789abcdefgh"}

// pdStore is the tenants file; alice may use the LoRA adapters named in grants, bob none.
func pdStore(t *testing.T, grants []string) *tenants.Store {
	t.Helper()
	f := &tenants.File{Version: 1}
	for id, key := range pdTenants {
		h := sha256.Sum256([]byte(key))
		uid := sha256.Sum256([]byte("uid " + id))
		ten := tenants.Tenant{ID: id, UID: hex.EncodeToString(uid[:16]), KeyHash: hex.EncodeToString(h[:])}
		if id == "alice" {
			ten.Adapters = grants
		}
		f.Tenants = append(f.Tenants, ten)
	}
	s, err := tenants.NewMemStore(f)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pdServer is a node (or the one process) and its OpenAI API.
type pdServer struct {
	n    *Node          // nil: the one process
	e    *engine.Engine // its engine
	url  string
	stop func() // as a crash would
}

type pd struct {
	fx        *fixture
	ticketKey []byte
	pre, dec  *pdServer
	one       *pdServer
	// adapters are the LoRA adapters of each role's server ("single": the one process), by name.
	adapters map[string]map[string]*model.Adapter
}

// newPD starts a prefill and a decode server holding prompts for hold, and one process.
func newPD(t *testing.T, hold time.Duration) *pd {
	t.Helper()
	return newPDWith(t, hold, nil, nil)
}

// newPDWith is newPD with random LoRA adapters, by name and seed: pre on the prefill server and
// the one process, dec on the decode server.
func newPDWith(t *testing.T, hold time.Duration, pre, dec map[string]uint64) *pd {
	t.Helper()
	m, tok, f := testmodel.Open(t, selfmade.LlamaName)
	dir := t.TempDir()
	if _, err := transfer.WriteDevCerts(dir, time.Now()); err != nil {
		t.Fatal(err)
	}
	key, err := transfer.LoadTicketKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := &pd{fx: &fixture{m: m, tok: tok, f: f, dir: dir}, ticketKey: key}
	preAd := p.fx.loadAdapters(t, pre)
	p.adapters = map[string]map[string]*model.Adapter{RolePrefill: preAd, "single": preAd, RoleDecode: p.fx.loadAdapters(t, dec)}
	p.pre = p.node(t, RolePrefill, hold)
	p.dec = p.node(t, RoleDecode, hold)
	e, err := engine.New(m, tok, p.engineConfig())
	if err != nil {
		t.Fatal(err)
	}
	p.one = p.serve(t, "single", e, &pdServer{e: e, stop: e.Close})
	return p
}

func (p *pd) engineConfig() engine.Config {
	tmpl, _ := p.fx.f.String("tokenizer.chat_template")
	return engineConfig(func(c *engine.Config) {
		c.ChatTemplate, c.PrefixCache, c.Logger = tmpl, true, slog.New(slog.DiscardHandler)
	})
}

func (p *pd) node(t *testing.T, role string, hold time.Duration) *pdServer {
	t.Helper()
	srvTLS, cliTLS, err := transfer.LoadTLS(p.fx.dir)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	n, err := StartNode(NodeConfig{Role: role, Model: "tiny", Listener: l, ServerTLS: srvTLS, ClientTLS: cliTLS, Weights: p.fx.m,
		Tokenizer: p.fx.tok, File: p.fx.f, Engine: p.engineConfig(), SendTimeout: 5 * time.Second, TicketKey: p.ticketKey, Hold: hold,
		Adapters: p.adapters[role]})
	if err != nil {
		t.Fatal(err)
	}
	return p.serve(t, role, n.Handoffs, &pdServer{n: n, e: n.Engine, stop: n.Stop})
}

// serve starts the OpenAI API of role over eng on a loopback port.
func (p *pd) serve(t *testing.T, role string, eng engine.Interface, s *pdServer) *pdServer {
	t.Helper()
	ads := p.adapters[role]
	srv, err := server.New(server.Config{ModelName: "tiny", Role: role, Logger: slog.New(slog.DiscardHandler), Adapters: ads},
		eng, p.fx.tok, pdStore(t, slices.Sorted(maps.Keys(ads))))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	stop := s.stop
	var stopped bool
	s.stop = func() {
		if !stopped {
			stopped = true
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // at once: in-flight requests are cut, as a crash would
			srv.Shutdown(ctx)
			stop()
		}
	}
	t.Cleanup(s.stop)
	s.url = "http://" + ln.Addr().String()
	return s
}

// reply is an HTTP answer: its status and JSON body (or SSE text).
type reply struct {
	status int
	body   map[string]any
	raw    string
}

// post sends body to path as tenant, as the sidecar forwards a client's request.
func post(t *testing.T, ctx context.Context, url, path, tenant string, body map[string]any) reply {
	t.Helper()
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+path, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+pdTenants[tenant])
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return reply{status: -1, raw: err.Error()}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	r := reply{status: resp.StatusCode, raw: string(raw)}
	json.Unmarshal(raw, &r.body)
	return r
}

// prefillBody is the sidecar's prefill request for the client's body on path.
func prefillBody(path string, body map[string]any) map[string]any {
	pb := maps.Clone(body)
	pb["kv_transfer_params"] = map[string]any{"do_remote_decode": true, "do_remote_prefill": false,
		"remote_engine_id": nil, "remote_block_ids": nil, "remote_host": nil, "remote_port": nil}
	pb["stream"] = false
	delete(pb, "stream_options")
	if path == "/v1/responses" {
		pb["max_output_tokens"] = 1
	} else {
		pb["max_tokens"], pb["max_completion_tokens"] = 1, 1
	}
	return pb
}

// prefill runs the sidecar's prefill half and returns the answer's kv_transfer_params.
func (p *pd) prefill(t *testing.T, path, tenant string, body map[string]any) map[string]any {
	t.Helper()
	r := post(t, context.Background(), p.pre.url, path, tenant, prefillBody(path, body))
	kv, ok := r.body["kv_transfer_params"].(map[string]any)
	if r.status != http.StatusOK || !ok {
		t.Fatalf("prefill: %d %s", r.status, r.raw)
	}
	return kv
}

// decode runs the sidecar's decode half: the client's body with the prefill's kv_transfer_params.
func (p *pd) decode(t *testing.T, path, tenant string, body, kv map[string]any) reply {
	t.Helper()
	db := maps.Clone(body)
	db["kv_transfer_params"] = kv
	return post(t, context.Background(), p.dec.url, path, tenant, db)
}

// whole waits until neither node holds a page for a request, a hold or a transfer.
func (p *pd) whole(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, s := range []*pdServer{p.pre, p.dec} {
		for {
			st := s.e.Stats()
			if st.PagesOwned == 0 && st.PagesQuarantined == 0 && st.Running == 0 && st.Transferring == 0 && st.Waiting == 0 &&
				st.PagesFree+st.PagesCached == st.PagesTotal {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s pool not whole: %+v", s.n.Role, st.Stats)
			}
			time.Sleep(5 * time.Millisecond)
		}
		if err := s.e.Check(); err != nil {
			t.Fatal(err)
		}
	}
}

// stableSSE is a stream's events without ids and times, in order.
func stableSSE(raw string) any {
	var out []any
	for _, line := range strings.Split(raw, "\n") {
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		var ev map[string]any
		if json.Unmarshal([]byte(data), &ev) != nil {
			out = append(out, data)
			continue
		}
		delete(ev, "id")
		delete(ev, "created")
		if u, ok := ev["usage"].(map[string]any); ok {
			delete(u, "prompt_tokens_details")
		}
		out = append(out, ev)
	}
	return out
}

package server

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	lora "github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestAdapterNameCollidesWithBase: an adapter may not take a name the base model answers to, so
// "model" never means two things.
func TestAdapterNameCollidesWithBase(t *testing.T) {
	for _, c := range []struct {
		name, adapter string
		only          bool // --served-model-name given: the engine's own name is not a base name
		want          string
	}{
		{"served name", "served", false, "also a name of the base model"},
		{"alias", "alias", false, "also a name of the base model"},
		{"engine's model name", "fake-model", false, "also a name of the base model"},
		{"engine's name hidden by served names", "fake-model", true, ""},
		{"distinct", "sql-lora", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{Logger: slog.New(slog.NewTextHandler(&testenv.LogBuffer{}, nil)), ModelName: "served", ModelAliases: []string{"alias"},
				OnlyModelNames: c.only, Adapters: map[string]*lora.Adapter{c.adapter: {}}}
			_, err := New(cfg, newFakeEngine(), byteTok{}, testStore(t))
			if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
				t.Fatalf("err %v, want %q", err, c.want)
			}
		})
	}
}

const (
	keyDave = "kvw-dave-test-key"
	uidBob  = "b0b00000000000000000000000000000"
)

// adapterEnv serves three adapters: alice-sql private to alice, bob-chat private to bob, and
// shared granted to both; dave has no grant.
func adapterEnv(t *testing.T) (*testEnv, map[string]*lora.Adapter) {
	t.Helper()
	f := &tenants.File{Version: tenants.FileVersion, Tenants: []tenants.Tenant{
		{ID: "alice", UID: uidAlice, KeyHash: tenants.HashKey(keyAlice), Adapters: []string{"alice-sql", "shared"}},
		{ID: "bob", UID: uidBob, KeyHash: tenants.HashKey(keyBob), Adapters: []string{"shared", "bob-chat"}},
		{ID: "dave", KeyHash: tenants.HashKey(keyDave)},
	}}
	store, err := tenants.NewMemStore(f)
	if err != nil {
		t.Fatal(err)
	}
	adapters := map[string]*lora.Adapter{"alice-sql": {Fingerprint: [32]byte{1}}, "bob-chat": {Fingerprint: [32]byte{2}}, "shared": {Fingerprint: [32]byte{3}}}
	eng := newFakeEngine()
	env := startWith(t, eng, store, nil, func(c *Config) { c.Adapters = adapters })
	env.eng = eng
	return env, adapters
}

// TestAdapterSelectedByModel: "model" naming a granted adapter runs the request with it (its
// fingerprint at scale 1 and its weights) on every generation endpoint, streamed or not, and the
// response reports the adapter's name; the base model's name runs without one.
func TestAdapterSelectedByModel(t *testing.T) {
	env, adapters := adapterEnv(t)
	for _, c := range []struct {
		path, key, model, body string
	}{
		{"/v1/completions", keyAlice, "alice-sql", `"prompt":"hi","max_tokens":2`},
		{"/v1/completions", keyBob, "shared", `"prompt":"hi","max_tokens":2,"stream":true`},
		{"/v1/chat/completions", keyBob, "bob-chat", `"messages":[{"role":"user","content":"hi"}],"max_tokens":2`},
		{"/v1/chat/completions", keyAlice, "shared", `"messages":[{"role":"user","content":"hi"}],"max_tokens":2,"stream":true`},
		{"/v1/responses", keyAlice, "alice-sql", `"input":"hi","max_output_tokens":2`},
		{"/v1/responses", keyBob, "bob-chat", `"input":"hi","max_output_tokens":2,"stream":true`},
		{"/v1/completions", keyAlice, model, `"prompt":"hi","max_tokens":2`},
	} {
		t.Run(c.path+" "+c.model, func(t *testing.T) {
			n := len(env.eng.requests())
			status, _, body := env.post(c.path, c.key, `{"model":"`+c.model+`",`+c.body+`}`)
			if status != http.StatusOK || !strings.Contains(string(body), `"model":"`+c.model+`"`) {
				t.Fatalf("%d %s", status, body)
			}
			r := env.eng.requests()[n]
			want := adapters[c.model]
			if want == nil {
				if r.Adapter != nil || r.LoRA != nil {
					t.Fatalf("base model request carries adapter %+v", r.Adapter)
				}
				return
			}
			if r.LoRA != want || r.Adapter == nil || r.Adapter.Fingerprint != want.Fingerprint || r.Adapter.Scale != 1 {
				t.Fatalf("engine request adapter %+v, weights %p, want %p", r.Adapter, r.LoRA, want)
			}
		})
	}
	// Each adapter served two requests; the base model's are not counted.
	_, _, metrics := env.metrics()
	for _, name := range []string{"alice-sql", "bob-chat", "shared"} {
		if want := `kvwarden_lora_requests_total{adapter="` + name + `"} 2`; !strings.Contains(string(metrics), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Count(string(metrics), "kvwarden_lora_requests_total{") != 3 {
		t.Errorf("the base model's requests are counted as an adapter's")
	}
}

// TestModelsListsGrantedAdapters: /v1/models lists the base model and, for each tenant, the
// adapters it may use, with the base model as their parent.
func TestModelsListsGrantedAdapters(t *testing.T) {
	env, _ := adapterEnv(t)
	for _, c := range []struct {
		key  string
		want []string
	}{
		{keyAlice, []string{model, "alice-sql", "shared"}},
		{keyBob, []string{model, "bob-chat", "shared"}},
		{keyDave, []string{model}},
	} {
		resp := env.open(t, ctx(t), http.MethodGet, "/v1/models", c.key, nil, "")
		var list struct{ Data []modelObject }
		err := json.NewDecoder(resp.Body).Decode(&list)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for i, m := range list.Data {
			ids = append(ids, m.ID)
			if wantParent := map[bool]string{true: "", false: model}[i == 0]; m.Parent != wantParent {
				t.Fatalf("%s: parent %q, want %q", m.ID, m.Parent, wantParent)
			}
		}
		if !slices.Equal(ids, c.want) {
			t.Fatalf("models %v, want %v", ids, c.want)
		}
	}
	resp := env.open(t, ctx(t), http.MethodGet, "/v1/models/alice-sql", keyAlice, nil, "")
	var m modelObject
	err := json.NewDecoder(resp.Body).Decode(&m)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || m.ID != "alice-sql" || m.Parent != model {
		t.Fatalf("%d %+v %v", resp.StatusCode, m, err)
	}
}

// TestForeignAdapterAnsweredAsMissing, as an attacker would: bob names alice's private adapter and
// then a name that exists nowhere, on every endpoint that takes a model. The two answers must be
// the same bytes, headers included (but for the request id), or bob learns alice's adapter names.
func TestForeignAdapterAnsweredAsMissing(t *testing.T) {
	env, _ := adapterEnv(t)
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/v1/completions", `{"model":"%s","prompt":"hi","max_tokens":2}`},
		{"POST", "/v1/completions", `{"model":"%s","prompt":"hi","max_tokens":2,"stream":true}`},
		{"POST", "/v1/chat/completions", `{"model":"%s","messages":[{"role":"user","content":"hi"}]}`},
		{"POST", "/v1/chat/completions", `{"model":"%s","messages":[{"role":"user","content":"hi"}],"stream":true}`},
		{"POST", "/v1/responses", `{"model":"%s","input":"hi"}`},
		{"POST", "/v1/responses", `{"model":"%s","input":"hi","stream":true}`},
		{"POST", "/v1/embeddings", `{"model":"%s","input":"hi"}`},
		{"POST", "/tokenize", `{"model":"%s","prompt":"hi"}`},
		{"POST", "/detokenize", `{"model":"%s","tokens":[104]}`},
		{"GET", "/v1/models/%s", ``},
	} {
		t.Run(c.method+" "+c.path+" "+c.body, func(t *testing.T) {
			answer := func(name string) string {
				path, body := c.path, c.body
				if c.method == "GET" {
					path = strings.Replace(path, "%s", name, 1)
				} else {
					body = strings.Replace(body, "%s", name, 1)
				}
				return wholeAnswer(t, env, c.method, path, keyBob, body)
			}
			foreign, typo := answer("alice-sql"), answer("alice-sqm")
			if foreign != typo {
				t.Fatalf("another tenant's adapter is told apart from a missing model:\n%s\n---\n%s", foreign, typo)
			}
			if !strings.HasPrefix(typo, "404\n") || !strings.Contains(typo, "model_not_found") {
				t.Fatalf("a missing model: %s", typo)
			}
		})
	}
}

// TestAdapterReloads: a tenants reload applies new grants, and SetAdapters new weights or a
// removed adapter, to the next request.
func TestAdapterReloads(t *testing.T) {
	f := &tenants.File{Version: tenants.FileVersion, Tenants: []tenants.Tenant{
		{ID: "alice", UID: uidAlice, KeyHash: tenants.HashKey(keyAlice)},
	}}
	path, store := saveStore(t, f)
	old := &lora.Adapter{Fingerprint: [32]byte{1}}
	eng := newFakeEngine()
	env := startWith(t, eng, store, nil, func(c *Config) { c.Adapters = map[string]*lora.Adapter{"sql": old} })
	body := `{"model":"sql","prompt":"hi","max_tokens":1}`
	if status, _, b := env.post("/v1/completions", keyAlice, body); status != http.StatusNotFound {
		t.Fatalf("before the grant: %d %s", status, b)
	}
	if err := f.Grant("alice", []string{"sql"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	if err := env.srv.ReloadTenants(); err != nil {
		t.Fatal(err)
	}
	if status, _, b := env.post("/v1/completions", keyAlice, body); status != http.StatusOK || eng.requests()[0].LoRA != old {
		t.Fatalf("after the grant: %d %s", status, b)
	}
	next := &lora.Adapter{Fingerprint: [32]byte{2}}
	if err := env.srv.SetAdapters(map[string]*lora.Adapter{"sql": next}); err != nil {
		t.Fatal(err)
	}
	if status, _, b := env.post("/v1/completions", keyAlice, body); status != http.StatusOK || eng.requests()[1].LoRA != next || eng.requests()[1].Adapter.Fingerprint != next.Fingerprint {
		t.Fatalf("after new weights: %d %s", status, b)
	}
	if err := env.srv.SetAdapters(nil); err != nil {
		t.Fatal(err)
	}
	if status, _, b := env.post("/v1/completions", keyAlice, body); status != http.StatusNotFound {
		t.Fatalf("after the adapter was removed: %d %s", status, b)
	}
}

// loadEngine is the fake engine reporting fixed per-adapter loads.
type loadEngine struct {
	*fakeEngine
	loads map[[32]byte]engine.AdapterLoad
}

func (e loadEngine) AdapterLoads() map[[32]byte]engine.AdapterLoad { return e.loads }

// TestLoRARequestsInfo: vllm:lora_requests_info names the adapters with running and with waiting
// requests by their --lora names, as vLLM's labels do, with max_lora the number loaded; without
// adapters there is no series.
func TestLoRARequestsInfo(t *testing.T) {
	eng := loadEngine{newFakeEngine(), map[[32]byte]engine.AdapterLoad{{1}: {Running: 1}, {3}: {Running: 2, Waiting: 1}, {2}: {}}}
	adapters := map[string]*lora.Adapter{"alice-sql": {Fingerprint: [32]byte{1}}, "bob-chat": {Fingerprint: [32]byte{2}}, "shared": {Fingerprint: [32]byte{3}}}
	env := startWith(t, eng, nil, nil, func(c *Config) { c.Adapters = adapters })
	_, _, body := env.metrics()
	want := `vllm:lora_requests_info{max_lora="3",running_lora_adapters="alice-sql,shared",waiting_lora_adapters="shared"}`
	if !strings.Contains(string(body), want) {
		t.Fatalf("metrics lack %s:\n%s", want, grepLines(string(body), "lora"))
	}
	if err := env.srv.SetAdapters(nil); err != nil {
		t.Fatal(err)
	}
	if _, _, body := env.metrics(); strings.Contains(string(body), "vllm:lora_requests_info{") {
		t.Fatal("vllm:lora_requests_info without adapters")
	}
}

// TestAdapterGoneFromTheNodes: a router whose nodes reloaded without an adapter before the server
// heard of it refuses the request as a model that does not exist (RejectUnknownModel); the tenant
// granted it gets the very answer a typo gets, streamed or not, so the race tells nothing either.
func TestAdapterGoneFromTheNodes(t *testing.T) {
	env, _ := adapterEnv(t)
	env.eng.reject = &engine.RejectError{Reason: kvtypes.RejectUnknownModel, Message: "no decode node in rotation holds the request's LoRA adapter"}
	for _, body := range []string{`{"model":"%s","prompt":"hi","max_tokens":2}`, `{"model":"%s","messages":[{"role":"user","content":"hi"}],"stream":true}`} {
		path := map[bool]string{true: "/v1/chat/completions", false: "/v1/completions"}[strings.Contains(body, "messages")]
		answer := func(name string) string {
			return wholeAnswer(t, env, "POST", path, keyAlice, strings.Replace(body, "%s", name, 1))
		}
		gone, typo := answer("alice-sql"), answer("alice-sqm")
		if gone != typo || !strings.HasPrefix(typo, "404\n") {
			t.Fatalf("an adapter the nodes lost is told apart from a missing model:\n%s\n---\n%s", gone, typo)
		}
	}
}

// wholeAnswer is a request's whole answer as bytes to compare: status, headers and body, the
// request id (which differs by design) replaced and the Date header left out.
func wholeAnswer(t *testing.T, env *testEnv, method, path, key, body string) string {
	t.Helper()
	resp := env.open(t, ctx(t), method, path, key, map[string]string{"Content-Type": "application/json"}, body)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	id := resp.Header.Get("X-Request-Id")
	resp.Header.Del("X-Request-Id")
	resp.Header.Del("Date")
	var hdr strings.Builder
	resp.Header.Write(&hdr)
	return strings.ReplaceAll(fmt.Sprintf("%d\n%s\n%s", resp.StatusCode, hdr.String(), b), id, "ID")
}

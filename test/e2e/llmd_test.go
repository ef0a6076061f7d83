package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// llmdNode is a prefill or decode node that also serves the OpenAI API (--addr), as llm-d routes
// to it.
type llmdNode struct {
	*clusterNode
	api string // host:port of its OpenAI API
}

// llmdCluster is a prefill node and a decode node on loopback with llm-d's pd-sidecar in front
// of the decode node, as in a decode pod of deploy/k8s/llm-d.
type llmdCluster struct {
	pre, dec *llmdNode
	sidecar  *exec.Cmd
	base     string // http://127.0.0.1:PORT of the sidecar
	http     *http.Client
}

// freePort returns a loopback port nothing listens on now, for the sidecar, which cannot report
// the address it listens on.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// waitHTTP waits until GET url answers 200, or fails the test after the deadline.
func waitHTTP(t testing.TB, url string, exited <-chan struct{}, what func() string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get(url); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-exited:
			t.Fatalf("exited before %s answered:\n%s", url, what())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not answer 200 within 60s:\n%s", url, what())
		}
	}
}

// startLLMDNode starts a node with the OpenAI API on a loopback port and waits for its /ready.
func startLLMDNode(t *testing.T, role, tlsDir, tenants string, extra ...string) *llmdNode {
	t.Helper()
	apiFile := filepath.Join(t.TempDir(), "api")
	n := &llmdNode{clusterNode: startNode(t, role, chatModel, tlsDir,
		append([]string{"--addr", "127.0.0.1:0", "--api-addr-file", apiFile, "--tenants", tenants}, extra...)...)}
	logTail := func() string { return tail(n.log.String(), 3000) }
	for deadline := time.Now().Add(60 * time.Second); n.api == ""; time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(apiFile); err == nil && len(b) > 0 {
			n.api = string(b)
		} else if time.Now().After(deadline) {
			t.Fatalf("%s node wrote no --api-addr-file:\n%s", role, logTail())
		}
	}
	waitHTTP(t, "http://"+n.api+"/ready", n.exited, logTail)
	return n
}

// startLLMD starts a prefill node, a decode node (new certificates, one tenants file) and the
// sidecar built from ../shared/third_party/llm-d-pd-sidecar, with the flags of the llm-d overlay.
func startLLMD(t *testing.T, tenants string, nodeFlags ...string) *llmdCluster {
	t.Helper()
	return startLLMDNodes(t, tenants, nodeFlags, nodeFlags)
}

// startLLMDNodes is startLLMD with the prefill and the decode node's own flags.
func startLLMDNodes(t *testing.T, tenants string, preFlags, decFlags []string) *llmdCluster {
	t.Helper()
	sidecarBin := testenv.PDSidecar(t)
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	c := &llmdCluster{
		pre:  startLLMDNode(t, "prefill", tlsDir, tenants, preFlags...),
		dec:  startLLMDNode(t, "decode", tlsDir, tenants, decFlags...),
		http: &http.Client{Timeout: 2 * time.Minute},
	}
	// The sidecar has no flag for its listening address: it binds every address of the machine
	// on --port (it is killed when the test ends). It dials the decode node at localhost.
	_, decPort, _ := net.SplitHostPort(c.dec.api)
	port := strconv.Itoa(freePort(t))
	c.sidecar = exec.Command(sidecarBin, "--port="+port, "--vllm-port="+decPort, "--kv-connector=nixlv2", "--secure-proxy=false")
	log := &testenv.LogBuffer{}
	c.sidecar.Stdout, c.sidecar.Stderr = log, log
	setProcAttr(c.sidecar)
	if err := c.sidecar.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { c.sidecar.Wait(); close(exited) }()
	t.Cleanup(func() {
		c.sidecar.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("pd-sidecar log:\n%s", tail(log.String(), 4000))
		}
	})
	c.base = "http://127.0.0.1:" + port
	waitHTTP(t, c.base+"/health", exited, log.String)
	return c
}

// post sends a JSON body with the tenant's key; prefillAt, when set, is the x-prefiller-host-port
// header the EPP's prefill profile would add.
func post(ctx context.Context, cl *http.Client, url, key, prefillAt string, body any) (*http.Response, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+key)
	if prefillAt != "" {
		req.Header.Set("x-prefiller-host-port", prefillAt)
	}
	return cl.Do(req)
}

// answer is what a greedy completion or chat answer must repeat bit for bit: its text, each
// token and its logprob, and why it ended.
type answer struct {
	Text     string
	Tokens   []string
	Logprobs []float64
	Finish   string
	Prompt   int // usage.prompt_tokens
}

// answerJSON is the part of a completions or chat body, or stream chunk, that answer reads.
type answerJSON struct {
	Choices []struct {
		Text    string `json:"text"`
		Message *struct {
			Content string `json:"content"`
		} `json:"message"`
		Delta *struct {
			Content string `json:"content"`
		} `json:"delta"`
		Logprobs *struct {
			Tokens        []string  `json:"tokens"`
			TokenLogprobs []float64 `json:"token_logprobs"`
			Content       []struct {
				Token   string  `json:"token"`
				Logprob float64 `json:"logprob"`
			} `json:"content"`
		} `json:"logprobs"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens int `json:"prompt_tokens"`
	} `json:"usage"`
}

func (a *answer) add(b answerJSON) {
	if b.Usage != nil {
		a.Prompt = b.Usage.PromptTokens
	}
	for _, c := range b.Choices {
		a.Text += c.Text
		if c.Message != nil {
			a.Text += c.Message.Content
		}
		if c.Delta != nil {
			a.Text += c.Delta.Content
		}
		if lp := c.Logprobs; lp != nil {
			a.Tokens, a.Logprobs = append(a.Tokens, lp.Tokens...), append(a.Logprobs, lp.TokenLogprobs...)
			for _, x := range lp.Content {
				a.Tokens, a.Logprobs = append(a.Tokens, x.Token), append(a.Logprobs, x.Logprob)
			}
		}
		if c.FinishReason != nil {
			a.Finish = *c.FinishReason
		}
	}
}

// ask sends a request and reads its answer, streamed or not; an HTTP error is returned as one.
func ask(ctx context.Context, cl *http.Client, url, key, prefillAt string, body map[string]any) (answer, error) {
	resp, err := post(ctx, cl, url, key, prefillAt, body)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return answer{}, fmt.Errorf("%s: %s", resp.Status, b)
	}
	var a answer
	if body["stream"] != true {
		var b answerJSON
		err := json.NewDecoder(resp.Body).Decode(&b)
		a.add(b)
		return a, err
	}
	sse := newSSE(resp.Body)
	for {
		data, done, err := sse.next()
		if done || err != nil {
			return a, err
		}
		var b answerJSON
		if err := json.Unmarshal(data, &b); err != nil {
			return a, fmt.Errorf("chunk %s: %v", data, err)
		}
		a.add(b)
	}
}

// llmdRequest is a greedy request of the kind and streaming given, with logprobs.
func llmdRequest(path, prompt string, stream bool, maxTokens int) map[string]any {
	body := map[string]any{"model": strings.TrimSuffix(chatModel, ".gguf"), "max_tokens": maxTokens, "temperature": 0, "stream": stream}
	if stream {
		body["stream_options"] = map[string]any{"include_usage": true}
	}
	if path == "/v1/chat/completions" {
		body["messages"] = []map[string]string{{"role": "user", "content": prompt}}
		body["logprobs"], body["top_logprobs"] = true, 2
	} else {
		body["prompt"], body["logprobs"] = prompt, 2
	}
	return body
}

// threeTenants writes a tenants file with three tenants and returns it and their keys.
func threeTenants(t *testing.T) (string, []string) {
	file := tenantsFile(t)
	var keys []string
	for _, name := range []string{"acme", "globex", "initech"} {
		keys = append(keys, addTenant(t, file, name))
	}
	return file, keys
}

// TestLLMDSidecarMatchesSingleProcess drives a kvwarden prefill node and decode node through
// llm-d's own pd-sidecar (nixlv2), as a decode pod of deploy/k8s/llm-d runs them: greedy
// completions and chat, streamed and not, and a completion under a LoRA adapter selected by
// "model", give the tokens and logprobs of one process bit for bit; a split request is computed
// once, on the prefill node (the decode node's prefill counter does not move); every pool is whole
// afterwards and no security event is counted. Then the adapters the decode node lacks, or holds
// other bytes of, are refused (llmdAdapterRefusals).
func TestLLMDSidecarMatchesSingleProcess(t *testing.T) {
	tenants := tenantsFile(t)
	keys := []string{addTenant(t, tenants, "acme", "--adapters", "lora-a,lora-b,lora-c")}
	adapter := func(seed uint64) string {
		return testmodel.WriteAdapterFor(t, modelPath(t, chatModel), testmodel.AdapterSpec{Seed: seed})
	}
	a, b := adapter(1), adapter(2)
	preLoRA := []string{"--lora", "lora-a=" + a, "--lora", "lora-b=" + b, "--lora", "lora-c=" + adapter(3)}
	decLoRA := []string{"--lora", "lora-a=" + a, "--lora", "lora-b=" + adapter(4)} // no lora-c; other bytes under lora-b
	// A short hold: the refused requests' pages on the prefill node expire within the test.
	c := startLLMDNodes(t, tenants, append(preLoRA, "--kv-hold", holdFlag), append(decLoRA, "--kv-hold", holdFlag))
	single := startServer(t, serverOpts{model: chatModel, tenants: tenants, args: preLoRA})
	ctx := context.Background()
	for _, path := range []string{"/v1/completions", "/v1/chat/completions"} {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s stream=%v", path, stream), func(t *testing.T) {
				// Its own prompt: no earlier request's pages in the prefill node's prefix cache, so
				// the node computes all of it.
				prompt := fmt.Sprintf("%v %s: tell me a story about a lighthouse keeper and a fox who meet on a stormy night.", stream, path)
				body := llmdRequest(path, prompt, stream, 12)
				want, err := ask(ctx, c.http, single.base+path, keys[0], "", body)
				if err != nil {
					t.Fatalf("single process: %v", err)
				}
				preBefore, decBefore := c.pre.gauges(t), c.dec.gauges(t)
				got, err := ask(ctx, c.http, c.base+path, keys[0], c.pre.api, body)
				if err != nil {
					t.Fatalf("through the sidecar: %v", err)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) || len(got.Tokens) == 0 {
					t.Fatalf("through the sidecar %+v\none process     %+v", got, want)
				}
				preAfter, decAfter := c.pre.gauges(t), c.dec.gauges(t)
				const m = "kvwarden_prefill_tokens_total"
				if d := decAfter[m] - decBefore[m]; d != 0 {
					t.Errorf("the decode node computed %v prompt tokens: the prompt was paid twice", d)
				}
				if d := preAfter[m] - preBefore[m]; d != float64(want.Prompt) {
					t.Errorf("the prefill node computed %v prompt tokens, the prompt has %d", d, want.Prompt)
				}
			})
		}
	}
	t.Run("under a LoRA adapter", func(t *testing.T) {
		body := llmdRequest("/v1/completions", "Under the adapter: the lighthouse keeper wrote in his log that night.", false, 12)
		base, err := ask(ctx, c.http, single.base+"/v1/completions", keys[0], "", body)
		if err != nil {
			t.Fatalf("single process, base model: %v", err)
		}
		body["model"] = "lora-a"
		want, err := ask(ctx, c.http, single.base+"/v1/completions", keys[0], "", body)
		if err != nil || fmt.Sprint(want.Tokens) == fmt.Sprint(base.Tokens) {
			t.Fatalf("single process under lora-a: %v %+v, the base model's %+v: the adapter must change the answer", err, want, base)
		}
		got, err := ask(ctx, c.http, c.base+"/v1/completions", keys[0], c.pre.api, body)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("through the sidecar under lora-a: %v %+v\none process %+v", err, got, want)
		}
	})
	c.checkWhole(t)
	llmdAdapterRefusals(t, c, keys[0])
}

// llmdAdapterRefusals: through the sidecar, a request under an adapter whose file the decode node
// holds other bytes of is refused (kv_transfer_refused, a security event), and one under an
// adapter the decode node lacks is refused as a model that does not exist, streamed or not:
// never a 200 answered under other weights. The prefill node's holds expire and both pools are
// whole.
func llmdAdapterRefusals(t *testing.T, c *llmdCluster, key string) {
	ctx := context.Background()
	refusal := func(model string, stream bool) string {
		body := llmdRequest("/v1/completions", fmt.Sprintf("Refused under %s, stream %v.", model, stream), stream, 8)
		body["model"] = model
		got, err := ask(ctx, c.http, c.base+"/v1/completions", key, c.pre.api, body)
		if err == nil {
			t.Fatalf("%s stream=%v through the sidecar: answered %+v", model, stream, got)
		}
		return err.Error()
	}
	typo := refusal("lora-z", false) // refused by the prefill node: the body of a model that does not exist
	for _, stream := range []bool{false, true} {
		const otherBytes = `400 Bad Request: {"error":{"message":"kv_transfer_params refused (adapter)`
		if got := refusal("lora-b", stream); !strings.HasPrefix(got, otherBytes) || !strings.Contains(got, `"code":"kv_transfer_refused"`) {
			t.Errorf("lora-b (other bytes on the decode node) stream=%v: %s, want the ticket refused for its adapter", stream, got)
		}
		if got := refusal("lora-c", stream); got != typo || !strings.HasPrefix(got, "404 ") {
			t.Errorf("lora-c (not on the decode node) stream=%v: %s, want a typo's %s", stream, got, typo)
		}
	}
	if g := c.dec.gauges(t); g[mSecurity] != 2 {
		t.Errorf("decode node security events %v, want 2 (the tickets under other bytes of lora-b)", g[mSecurity])
	}
	for _, n := range []*llmdNode{c.pre, c.dec} {
		n.waitWhole(t)
	}
}

// checkWhole waits until both nodes' pools are whole and checks that no security event counted.
func (c *llmdCluster) checkWhole(t *testing.T) {
	t.Helper()
	for _, n := range []*llmdNode{c.pre, c.dec} {
		n.waitWhole(t)
		if g := n.gauges(t); g[mSecurity] != 0 {
			t.Errorf("%s: %v security events", n.api, g[mSecurity])
		}
	}
}

// TestLLMDSidecarTenantsConcurrent sends 200 requests at once from three tenants through the
// sidecar, each tenant its own prompts: every answer is its own prompt's answer in one process
// (never another tenant's), and both nodes' pools are whole afterwards.
func TestLLMDSidecarTenantsConcurrent(t *testing.T) {
	tenants, keys := threeTenants(t)
	c := startLLMD(t, tenants)
	single := startServer(t, serverOpts{model: chatModel, tenants: tenants})
	ctx := context.Background()
	prompt := func(tenant, i int) string {
		return fmt.Sprintf("Tenant %d's private note %d: the vault code is %d%d%d.", tenant, i, tenant*7+i, i*3, tenant)
	}
	want := map[string]answer{}
	for tenant := range keys {
		for i := range 3 {
			p := prompt(tenant, i)
			a, err := ask(ctx, c.http, single.base+"/v1/completions", keys[tenant], "", llmdRequest("/v1/completions", p, false, 4))
			if err != nil {
				t.Fatalf("single process: %v", err)
			}
			want[p] = a
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for r := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tenant, p := r%3, prompt(r%3, r%9/3)
			a, err := ask(ctx, c.http, c.base+"/v1/completions", keys[tenant], c.pre.api, llmdRequest("/v1/completions", p, r%2 == 1, 4))
			switch {
			case err != nil:
				errs <- fmt.Errorf("request %d (tenant %d): %v", r, tenant, err)
			case fmt.Sprint(a.Text, a.Tokens, a.Logprobs) != fmt.Sprint(want[p].Text, want[p].Tokens, want[p].Logprobs):
				errs <- fmt.Errorf("request %d (tenant %d, %q): %+v, its own answer is %+v", r, tenant, p, a, want[p])
			}
		}()
	}
	wg.Wait()
	close(errs)
	n := 0
	for err := range errs {
		if n++; n <= 5 {
			t.Error(err)
		}
	}
	if n > 0 {
		t.Fatalf("%d of 200 requests failed", n)
	}
	c.checkWhole(t)
}

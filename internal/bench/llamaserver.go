//go:build devtools

package bench

// The serving comparison with llama.cpp's llama-server on the same GGUF file.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// LlamaServer is a llama-server process this bench started, listening on 127.0.0.1 only.
type LlamaServer struct {
	URL     string
	Command string // the command line it was started with
	cmd     *exec.Cmd
	log     *tailBuffer
	exited  chan struct{}
	waitErr error
}

// LlamaServerOptions say how to start llama-server.
type LlamaServerOptions struct {
	Path    string // the llama-server binary the user built
	Model   string // the GGUF file
	Threads int
	KVType  string // K and V cache type, e.g. f16
	Slots   int    // -np: sequences decoded in parallel, the clients of the load
	SlotCtx int    // tokens each slot must hold: -c is Slots × SlotCtx
	// Ready bounds the wait for the model to load (default 2 minutes).
	Ready time.Duration
}

// StartLlamaServer starts llama-server on a free loopback port and waits until its /health says
// the model is loaded.
func StartLlamaServer(ctx context.Context, o LlamaServerOptions) (*LlamaServer, error) {
	if o.Slots < 1 || o.SlotCtx < 1 || o.Threads < 1 {
		return nil, errors.New("llama-server needs positive slots, slot context and threads")
	}
	if o.Ready == 0 {
		o.Ready = 2 * time.Minute
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	args := []string{"-m", o.Model, "--host", "127.0.0.1", "--port", strconv.Itoa(port), "-np", strconv.Itoa(o.Slots),
		"-c", strconv.Itoa(o.Slots * o.SlotCtx), "-t", strconv.Itoa(o.Threads)}
	args = append(args, llamaKVArgs(o.KVType, "-fa")...)
	ls := &LlamaServer{URL: "http://127.0.0.1:" + strconv.Itoa(port), Command: ShellJoin(append([]string{o.Path}, args...)),
		log: &tailBuffer{max: 8 << 10}, exited: make(chan struct{})}
	// Not CommandContext: the server must outlive ctx's cancellation long enough to be stopped
	// in order by Close.
	ls.cmd = exec.Command(o.Path, args...)
	ls.cmd.Stdout, ls.cmd.Stderr = ls.log, ls.log
	if err := ls.cmd.Start(); err != nil {
		return nil, fmt.Errorf("llama-server: %w", err)
	}
	go func() {
		ls.waitErr = ls.cmd.Wait()
		close(ls.exited)
	}()
	if err := ls.waitReady(ctx, o.Ready); err != nil {
		ls.Close()
		return nil, err
	}
	return ls, nil
}

// waitReady polls /health, which answers 503 while the model loads and 200 once it is served.
func (ls *LlamaServer) waitReady(ctx context.Context, limit time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	c := &http.Client{Timeout: 2 * time.Second}
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ls.URL+"/health", nil)
		if resp, err := c.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ls.exited:
			return fmt.Errorf("llama-server exited (%v) before it was ready: %s", ls.waitErr, lastLines(ls.log.String(), 5))
		case <-ctx.Done():
			return fmt.Errorf("llama-server was not ready within %v: %s", limit, lastLines(ls.log.String(), 5))
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Close stops the server: an interrupt, as Ctrl-C would, then a kill if it lingers.
func (ls *LlamaServer) Close() {
	ls.cmd.Process.Signal(os.Interrupt)
	select {
	case <-ls.exited:
	case <-time.After(10 * time.Second):
		ls.cmd.Process.Kill()
		<-ls.exited
	}
}

// freePort asks the kernel for a loopback port nothing listens on.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// tailBuffer keeps the last max bytes written to it, for the error of a server that failed.
type tailBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.ToValidUTF8(t.b, nil))
}

// ServeCompareOptions choose what RunServeCompare measures.
type ServeCompareOptions struct {
	Ours  ServeOptions // the load against kvwarden; Seed, Progress and Target are set per rep
	Llama string       // llama-server's base URL; it gets the same load without API keys
	Reps  int          // alternating pairs of runs (default DefaultCompareServeReps)
	Seed  uint64       // of the prompts; rep i of both servers gets the same ones. 0 draws one
	// Commands are shown in the report: kvwarden's, then llama-server's.
	Commands []string
	Progress io.Writer // progress bar; nil shows none
}

// DefaultCompareServeReps is the default of ServeCompareOptions.Reps.
const DefaultCompareServeReps = 3

// ServeCompareResult is the outcome of RunServeCompare.
type ServeCompareResult struct {
	Machine      Machine          `json:"machine"`
	Engine       *EngineInfo      `json:"engine,omitempty"`
	Clients      int              `json:"clients"`
	Requests     int              `json:"requests"`
	PromptTokens int              `json:"prompt_tokens"`
	GenTokens    int              `json:"gen_tokens"`
	Reps         int              `json:"reps"`
	Commands     []string         `json:"commands"`
	Figures      []ComparedFigure `json:"figures"` // ratio: kvwarden / llama.cpp per pair of runs
}

// serveFigures are the compared figures of a serve run, in the report's order.
var serveFigures = []struct {
	name, unit string
	get        func(*ServeResult) float64
}{
	{"generated tokens/s", "tokens/s", func(r *ServeResult) float64 { return r.TokensPerSec }},
	{"E2E p50", "ms", func(r *ServeResult) float64 { return r.E2E.P50 }},
	{"E2E p99", "ms", func(r *ServeResult) float64 { return r.E2E.P99 }},
	{"TTFT p50", "ms", func(r *ServeResult) float64 { return r.TTFT.P50 }},
}

// RunServeCompare offers the same load to kvwarden and to llama-server alternately: the same
// prompts (token ids, which both accept) in each pair of runs, fresh ones for the next pair so
// that no prefix cache serves them.
func RunServeCompare(ctx context.Context, o ServeCompareOptions) (*ServeCompareResult, error) {
	if o.Reps == 0 {
		o.Reps = DefaultCompareServeReps
	}
	if o.Reps < 1 {
		return nil, errors.New("reps must be positive")
	}
	if o.Seed == 0 {
		o.Seed = newRand(0).Uint64() | 1
	}
	if _, err := o.Ours.check(); err != nil {
		return nil, err
	}
	theirs := o.Ours
	theirs.URL, theirs.Keys, theirs.TenantNames, theirs.Model = o.Llama, nil, nil, ""
	rep := 0 // the pair being run: both of its runs draw their prompts from seed+rep
	runOnce := func(ctx context.Context, so ServeOptions, target string) (map[string]float64, error) {
		so.Seed, so.Target, so.Progress = o.Seed+uint64(rep), target, nil
		res, err := RunServe(ctx, so)
		if err != nil {
			return nil, err
		}
		if res.Failed > 0 {
			return nil, fmt.Errorf("%d of %d requests failed: %s", res.Failed, res.Requests, strings.Join(res.Errors, "; "))
		}
		out := map[string]float64{}
		for _, f := range serveFigures {
			out[f.name] = f.get(res)
		}
		return out, nil
	}
	ours := func(ctx context.Context) (map[string]float64, error) { return runOnce(ctx, o.Ours, "kvwarden") }
	llama := func(ctx context.Context) (map[string]float64, error) {
		defer func() { rep++ }()
		return runOnce(ctx, theirs, "llama-server")
	}
	bar := newBar(o.Progress, 2*o.Reps, "serve comparison")
	defer bar.finish()
	kv, ll, err := alternate(ctx, o.Reps, ours, "llama-server", llama, bar)
	if err != nil {
		return nil, err
	}
	res := &ServeCompareResult{Machine: DescribeMachine(), Clients: o.Ours.Clients, Requests: o.Ours.Requests,
		PromptTokens: o.Ours.PromptTokens, GenTokens: o.Ours.GenTokens, Reps: o.Reps, Commands: o.Commands}
	for _, f := range serveFigures {
		res.Figures = append(res.Figures, ComparedFigure{Name: f.name, Unit: f.unit, Kvwarden: newSpread(kv[f.name]),
			LlamaCpp: newSpread(ll[f.name]), Ratio: newSpread(pairedRatios(kv[f.name], ll[f.name]))})
	}
	return res, nil
}

// WriteServeCompare prints a serving comparison for people.
func WriteServeCompare(w io.Writer, r *ServeCompareResult) {
	l3 := ""
	if r.Machine.L3Bytes > 0 {
		l3 = ", L3 " + gib(r.Machine.L3Bytes)
	}
	fmt.Fprintf(w, "machine  %s, %d cores%s\n", r.Machine.CPU, r.Machine.Cores, l3)
	if r.Engine != nil {
		fmt.Fprintf(w, "engine   %s\n", r.Engine.summary())
	}
	fmt.Fprintf(w, "load     %d streaming completions, %d at a time, prompts of %d random token ids, %d tokens generated each (greedy, EOS ignored)\n\n",
		r.Requests, r.Clients, r.PromptTokens, r.GenTokens)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "figure\tkvwarden\tllama-server\tkvwarden / llama-server")
	fmt.Fprintln(tw, "\tmedian (min–max)\tmedian (min–max)\tmedian (min–max) of paired runs")
	for _, f := range r.Figures {
		fmt.Fprintf(tw, "%s (%s)\t%s\t%s\t%s\n", f.Name, f.Unit, f.Kvwarden.format("%.1f"), f.LlamaCpp.format("%.1f"), f.Ratio.format("%.2f"))
	}
	tw.Flush()
	fmt.Fprintf(w, `
%d runs each, alternating (kvwarden, llama-server, ...); both runs of a pair get the same prompts.
A ratio above 1 is better for kvwarden in tokens/s and worse in ms.
commands:
`, r.Reps)
	for _, c := range r.Commands {
		fmt.Fprintf(w, "  %s\n", c)
	}
}

// llamaKVArgs are llama.cpp's flags for a K and V cache of type kvType. A quantised V cache
// (q8_0) needs flash attention there, which flashAttn turns on (llama-bench spells it "-fa 1",
// the other tools "-fa"); the float types keep llama.cpp's default.
func llamaKVArgs(kvType string, flashAttn ...string) []string {
	args := []string{"-ctk", kvType, "-ctv", kvType}
	if t, err := tensor.ParseDType(kvType); err == nil && t.BlockElems() > 1 {
		args = append(args, flashAttn...)
	}
	return args
}

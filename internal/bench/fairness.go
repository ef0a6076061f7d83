package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
)

// FairnessOptions choose the load of RunFairness. Zero values take the defaults.
type FairnessOptions struct {
	URL string // the server's base URL
	// Keys: the first tenant floods, every other one sends one request at a time. At least two.
	Keys          []string
	TenantNames   []string // labels of Keys in the report; default tenant-1, tenant-2, ...
	FloodStreams  int      // the flooding tenant's concurrent streams (default 64)
	LightRequests int      // requests each light tenant sends, one after the other (default 3)
	PromptTokens  int      // prompt length (default 64)
	GenTokens     int      // max_tokens of the light tenants' requests, generated in full (default 64)
	// FloodGenTokens is max_tokens of the flood's requests (default 4×GenTokens): long generations
	// hold their slots, which is what kept light tenants waiting when fairness stopped at admission.
	FloodGenTokens int
	TokenIDs       []int32 // as in ServeOptions
	Seed           uint64
	Progress       io.Writer
	Target         string
}

// FairnessTenant is one tenant's time per output token alone and beside the others.
type FairnessTenant struct {
	Tenant    string  `json:"tenant"`
	Role      string  `json:"role"` // "flood" or "light"
	Streams   int     `json:"streams"`
	AloneTPOT float64 `json:"alone_tpot_ms"`   // median over its requests, run with no other tenant
	MixedTPOT float64 `json:"mixed_tpot_ms"`   // median over its requests, run beside the others
	Ratio     float64 `json:"tpot_ratio"`      // MixedTPOT / AloneTPOT
	E2ERatio  float64 `json:"e2e_ratio"`       // MixedE2E / AloneE2E: includes waiting to be admitted
	AloneE2E  float64 `json:"alone_e2e_ms"`    // median request latency alone
	MixedE2E  float64 `json:"mixed_e2e_ms"`    // median request latency beside the others
	Completed int     `json:"mixed_completed"` // requests completed beside the others
}

// FairnessResult is the outcome of RunFairness. Latencies are in milliseconds.
type FairnessResult struct {
	Target        string           `json:"target"`
	Model         string           `json:"model"`
	Engine        *EngineInfo      `json:"engine,omitempty"`
	FloodStreams  int              `json:"flood_streams"`
	LightRequests int              `json:"light_requests"`
	PromptTokens  int              `json:"prompt_tokens"`
	GenTokens     int              `json:"gen_tokens"`
	FloodGen      int              `json:"flood_gen_tokens"`
	DurationSec   float64          `json:"duration_s"`
	Tenants       []FairnessTenant `json:"tenants"`
	Errors        []string         `json:"errors,omitempty"` // distinct failure messages, at most 5
}

// RunFairness measures how much one flooding tenant slows the others down. First each tenant runs
// alone: the flood tenant's streams all at once, each light tenant its requests one after the
// other. Then all together: the flood keeps its streams busy until every light tenant is done.
// Each tenant's time per output token (TPOT) together is reported against its TPOT alone.
func RunFairness(ctx context.Context, o FairnessOptions) (*FairnessResult, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	f, err := newFairnessRun(ctx, o)
	if err != nil {
		return nil, err
	}
	defer f.client.CloseIdleConnections()
	start := time.Now()
	f.bar = newBar(o.Progress, 2*(o.FloodStreams+f.lights*o.LightRequests), "fairness bench")
	f.runAlone(ctx)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f.runTogether(ctx)
	f.bar.finish()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f.res.DurationSec = time.Since(start).Seconds()
	return f.summarize()
}

// check applies the defaults and refuses options that measure nothing.
func (o *FairnessOptions) check() error {
	if o.FloodStreams == 0 {
		o.FloodStreams = 64
	}
	if o.LightRequests == 0 {
		o.LightRequests = 3
	}
	if o.PromptTokens == 0 {
		o.PromptTokens = 64
	}
	if o.GenTokens == 0 {
		o.GenTokens = 64
	}
	if o.FloodGenTokens == 0 {
		o.FloodGenTokens = 4 * o.GenTokens
	}
	if o.FloodStreams < 1 || o.LightRequests < 1 || o.PromptTokens < 1 || o.GenTokens < 2 || o.FloodGenTokens < 2 {
		return errors.New("flood streams, light requests and prompt tokens must be positive, gen tokens at least 2")
	}
	if len(o.Keys) < 2 {
		return errors.New("fairness needs two tenants at least: one floods, the others do not")
	}
	return nil
}

// fairnessSamples are one tenant's measured requests, in milliseconds.
type fairnessSamples struct{ tpot, e2e []float64 }

// fairnessRun is one RunFairness: the prepared bodies and what the phases measured.
type fairnessRun struct {
	o      FairnessOptions
	res    *FairnessResult
	client *http.Client
	url    string
	names  []string
	lights int
	bar    *bar

	floodBodies, lightBodies chan []byte
	newFloodBody             func() []byte

	mu           sync.Mutex // guards res.Errors and the samples
	alone, mixed []fairnessSamples
}

// newFairnessRun reads the server's model and context and builds every request body up front, so
// the timed phases do only HTTP.
func newFairnessRun(ctx context.Context, o FairnessOptions) (*fairnessRun, error) {
	base := strings.TrimRight(o.URL, "/")
	f := &fairnessRun{o: o, url: base + "/v1/completions", names: tenantLabels(o.TenantNames, len(o.Keys)),
		lights: len(o.Keys) - 1, client: newBenchClient(o.FloodStreams + len(o.Keys)),
		alone: make([]fairnessSamples, len(o.Keys)), mixed: make([]fairnessSamples, len(o.Keys))}
	f.res = &FairnessResult{Target: o.Target, FloodStreams: o.FloodStreams, LightRequests: o.LightRequests,
		PromptTokens: o.PromptTokens, GenTokens: o.GenTokens, FloodGen: o.FloodGenTokens}
	if f.res.Target == "" {
		f.res.Target = base
	}
	maxLen, model, err := fetchModel(ctx, f.client, base, o.Keys[0])
	if err != nil {
		return nil, err
	}
	f.res.Model = model
	if gen := max(o.GenTokens, o.FloodGenTokens); maxLen > 0 && o.PromptTokens+gen > maxLen {
		return nil, fmt.Errorf("prompt %d + gen %d tokens exceed the server's context of %d", o.PromptTokens, gen, maxLen)
	}
	rng := newRand(o.Seed)
	body := func(maxTokens int, stream bool) ([]byte, error) {
		// Text prompts: one word is about one token; the bench compares a tenant with itself.
		return requestBody(rng, o.TokenIDs, o.PromptTokens, o.PromptTokens, model, maxTokens, stream)
	}
	warm, err := body(1, false)
	if err != nil {
		return nil, err
	}
	if _, err := warmUp(ctx, f.client, f.url, o.Keys[0], warm); err != nil {
		return nil, fmt.Errorf("warm-up request: %w", err)
	}
	fill := func(n, gen int) (chan []byte, error) {
		c := make(chan []byte, n)
		for range n {
			b, err := body(gen, true)
			if err != nil {
				return nil, err
			}
			c <- b
		}
		return c, nil
	}
	if f.floodBodies, err = fill(4*o.FloodStreams, o.FloodGenTokens); err != nil {
		return nil, err
	}
	if f.lightBodies, err = fill(2*f.lights*o.LightRequests, o.GenTokens); err != nil {
		return nil, err
	}
	f.newFloodBody = func() []byte {
		// More flood rounds than foreseen: a fresh body (rng is used by this goroutine's caller
		// only under mu), or the warm-up one (the prefix cache may serve it).
		if b, err := body(o.FloodGenTokens, true); err == nil {
			return b
		}
		return warm
	}
	return f, nil
}

func (f *fairnessRun) floodBody() []byte {
	select {
	case b := <-f.floodBodies:
		return b
	default:
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.newFloodBody()
	}
}

func (f *fairnessRun) fail(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if msg := err.Error(); len(f.res.Errors) < 5 && !slices.Contains(f.res.Errors, msg) {
		f.res.Errors = append(f.res.Errors, msg)
	}
}

func (f *fairnessRun) record(s *fairnessSamples, r reqResult) {
	if r.err != nil {
		f.fail(r.err)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s.e2e = append(s.e2e, float64(r.e2e)/1e6)
	if r.tokens > 1 {
		s.tpot = append(s.tpot, float64(r.e2e-r.ttft)/1e6/float64(r.tokens-1))
	}
}

// runAlone runs the flood's streams at once, then each light tenant's requests in turn.
func (f *fairnessRun) runAlone(ctx context.Context) {
	o := f.o
	var wg sync.WaitGroup
	for range o.FloodStreams {
		b := f.floodBody()
		wg.Go(func() {
			f.record(&f.alone[0], send(ctx, f.client, f.url, o.Keys[0], b))
			f.bar.add()
		})
	}
	wg.Wait()
	for i := 1; i < len(o.Keys); i++ {
		for range o.LightRequests {
			f.record(&f.alone[i], send(ctx, f.client, f.url, o.Keys[i], <-f.lightBodies))
			f.bar.add()
		}
	}
}

// runTogether starts the flood and, once its streams are generating, the light tenants; the flood
// keeps every stream busy until the light tenants are done.
func (f *fairnessRun) runTogether(ctx context.Context) {
	o := f.o
	fctx, stopFlood := context.WithCancel(ctx)
	defer stopFlood()
	var flood, wg sync.WaitGroup
	floodStarted := make(chan struct{})
	var once sync.Once
	counted := 0
	for range o.FloodStreams {
		flood.Go(func() {
			for fctx.Err() == nil {
				r := send(fctx, f.client, f.url, o.Keys[0], f.floodBody())
				once.Do(func() { close(floodStarted) })
				if fctx.Err() != nil {
					return // cut short when the light tenants were done: not a full request
				}
				f.record(&f.mixed[0], r)
				f.mu.Lock()
				if counted < o.FloodStreams {
					counted++
					f.bar.add()
				}
				f.mu.Unlock()
			}
		})
	}
	// One flood request through means every stream has been admitted and is generating.
	select {
	case <-floodStarted:
	case <-ctx.Done():
	}
	for i := 1; i < len(o.Keys); i++ {
		wg.Go(func() {
			for range o.LightRequests {
				f.record(&f.mixed[i], send(ctx, f.client, f.url, o.Keys[i], <-f.lightBodies))
				f.bar.add()
			}
		})
	}
	wg.Wait()
	stopFlood()
	flood.Wait()
}

// summarize turns the samples into each tenant's medians and ratios.
func (f *fairnessRun) summarize() (*FairnessResult, error) {
	res := f.res
	for i, name := range f.names {
		t := FairnessTenant{Tenant: name, Role: "light", Streams: 1, Completed: len(f.mixed[i].e2e)}
		if i == 0 {
			t.Role, t.Streams = "flood", f.o.FloodStreams
		}
		alone, mixed := f.alone[i], f.mixed[i]
		if len(alone.tpot) > 0 && len(mixed.tpot) > 0 {
			t.AloneTPOT, t.MixedTPOT = Median(alone.tpot), Median(mixed.tpot)
			t.AloneE2E, t.MixedE2E = Median(alone.e2e), Median(mixed.e2e)
			if t.AloneTPOT > 0 {
				t.Ratio = t.MixedTPOT / t.AloneTPOT
			}
			if t.AloneE2E > 0 {
				t.E2ERatio = t.MixedE2E / t.AloneE2E
			}
		}
		res.Tenants = append(res.Tenants, t)
	}
	for _, t := range res.Tenants[1:] {
		if t.Completed == 0 {
			return res, fmt.Errorf("tenant %s completed no request beside the flood: %s", t.Tenant, strings.Join(res.Errors, "; "))
		}
	}
	return res, nil
}

// WriteFairness prints a fairness result for people.
func WriteFairness(w io.Writer, r *FairnessResult) {
	fmt.Fprintf(w, "server   %s, model %s\n", r.Target, r.Model)
	if e := r.Engine; e != nil {
		fmt.Fprintf(w, "engine   %s\n", e.summary())
	}
	fmt.Fprintf(w, "load     tenant 1 floods with %d streams of %d tokens; the others send %d requests of %d tokens each, one at a time; %d-token prompts (%.1f s in all)\n",
		r.FloodStreams, r.FloodGen, r.LightRequests, r.GenTokens, r.PromptTokens, r.DurationSec)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "tenant\trole\tstreams\tTPOT alone\tTPOT together\tratio\tE2E alone\tE2E together\tratio\t")
	for _, t := range r.Tenants {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.2f ms\t%.2f ms\t%.1f×\t%.0f ms\t%.0f ms\t%.1f×\t\n",
			t.Tenant, t.Role, t.Streams, t.AloneTPOT, t.MixedTPOT, t.Ratio, t.AloneE2E, t.MixedE2E, t.E2ERatio)
	}
	tw.Flush()
	for _, e := range r.Errors {
		fmt.Fprintf(w, "error    %s\n", e)
	}
}

package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
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
		return nil, errors.New("flood streams, light requests and prompt tokens must be positive, gen tokens at least 2")
	}
	if len(o.Keys) < 2 {
		return nil, errors.New("fairness needs two tenants at least: one floods, the others do not")
	}
	base := strings.TrimRight(o.URL, "/")
	names := tenantLabels(o.TenantNames, len(o.Keys))
	client := newBenchClient(o.FloodStreams + len(o.Keys))
	defer client.CloseIdleConnections()
	res := &FairnessResult{Target: o.Target, FloodStreams: o.FloodStreams, LightRequests: o.LightRequests,
		PromptTokens: o.PromptTokens, GenTokens: o.GenTokens, FloodGen: o.FloodGenTokens}
	if res.Target == "" {
		res.Target = base
	}
	maxLen, model, err := fetchModel(ctx, client, base, o.Keys[0])
	if err != nil {
		return nil, err
	}
	res.Model = model
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
	if _, err := warmUp(ctx, client, base+"/v1/completions", o.Keys[0], warm); err != nil {
		return nil, fmt.Errorf("warm-up request: %w", err)
	}
	// Bodies up front, so the timed phases do only HTTP.
	lights := len(o.Keys) - 1
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
	floodBodies, err := fill(4*o.FloodStreams, o.FloodGenTokens)
	if err != nil {
		return nil, err
	}
	lightBodies, err := fill(2*lights*o.LightRequests, o.GenTokens)
	if err != nil {
		return nil, err
	}
	floodBody := func() []byte {
		select {
		case b := <-floodBodies:
			return b
		default: // more flood rounds than foreseen: reuse the first (the prefix cache may serve it)
			if b, err := body(o.FloodGenTokens, true); err == nil {
				return b
			}
			return warm
		}
	}
	url := base + "/v1/completions"
	start := time.Now()
	bar := newBar(o.Progress, 2*(o.FloodStreams+lights*o.LightRequests), "fairness bench")
	var mu sync.Mutex
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if msg := err.Error(); len(res.Errors) < 5 && !slices.Contains(res.Errors, msg) {
			res.Errors = append(res.Errors, msg)
		}
	}
	type samples struct{ tpot, e2e []float64 }
	record := func(s *samples, r reqResult) {
		if r.err != nil {
			fail(r.err)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		s.e2e = append(s.e2e, float64(r.e2e)/1e6)
		if r.tokens > 1 {
			s.tpot = append(s.tpot, float64(r.e2e-r.ttft)/1e6/float64(r.tokens-1))
		}
	}
	alone := make([]samples, len(o.Keys))
	mixed := make([]samples, len(o.Keys))

	// Alone: the flood's streams at once, then each light tenant's requests in turn.
	var wg sync.WaitGroup
	for range o.FloodStreams {
		b := floodBody()
		wg.Go(func() {
			record(&alone[0], send(ctx, client, url, o.Keys[0], b))
			bar.add()
		})
	}
	wg.Wait()
	for i := 1; i < len(o.Keys); i++ {
		for range o.LightRequests {
			record(&alone[i], send(ctx, client, url, o.Keys[i], <-lightBodies))
			bar.add()
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// Together: the flood first, and once its streams are generating, the light tenants.
	fctx, stopFlood := context.WithCancel(ctx)
	defer stopFlood()
	var flood sync.WaitGroup
	floodStarted := make(chan struct{})
	var once sync.Once
	counted := 0
	for range o.FloodStreams {
		flood.Go(func() {
			for fctx.Err() == nil {
				r := send(fctx, client, url, o.Keys[0], floodBody())
				once.Do(func() { close(floodStarted) })
				if fctx.Err() != nil {
					return // cut short when the light tenants were done: not a full request
				}
				record(&mixed[0], r)
				mu.Lock()
				if counted < o.FloodStreams {
					counted++
					bar.add()
				}
				mu.Unlock()
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
				record(&mixed[i], send(ctx, client, url, o.Keys[i], <-lightBodies))
				bar.add()
			}
		})
	}
	wg.Wait()
	stopFlood()
	flood.Wait()
	bar.finish()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.DurationSec = time.Since(start).Seconds()
	for i, name := range names {
		t := FairnessTenant{Tenant: name, Role: "light", Streams: 1, Completed: len(mixed[i].e2e)}
		if i == 0 {
			t.Role, t.Streams = "flood", o.FloodStreams
		}
		if len(alone[i].tpot) > 0 && len(mixed[i].tpot) > 0 {
			t.AloneTPOT, t.MixedTPOT = Median(alone[i].tpot), Median(mixed[i].tpot)
			t.AloneE2E, t.MixedE2E = Median(alone[i].e2e), Median(mixed[i].e2e)
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

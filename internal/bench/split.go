//go:build devtools

package bench

// bench split: the time-to-first-token cost of disaggregated serving, and its KV transfer rate.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"text/tabwriter"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/node"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// SplitCluster is a node.LocalCluster serving the OpenAI API as StartServer does.
type SplitCluster struct {
	*LocalServer
	Prefill, Decode *engine.Engine
	cluster         *node.LocalCluster
}

// StartSplit starts the nodes with cfg (each its own engine and KV pool), the router and its HTTP
// server with n tenants. f is m's file: the nodes' fingerprint and the router's weights hash.
func StartSplit(ctx context.Context, m *model.Model, tok *tokenizer.Tokenizer, f *gguf.File, cfg engine.Config, modelName string, n int, log *slog.Logger) (*SplitCluster, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg.Logger = log
	c, err := node.StartLocalCluster(ctx, node.ClusterConfig{Model: modelName, Weights: m, Tokenizer: tok, File: f,
		Prefill: cfg, Decode: cfg, Logger: log})
	if err != nil {
		return nil, err
	}
	sc := &SplitCluster{Prefill: c.Prefill.Engine, Decode: c.Decode.Engine, cluster: c}
	if sc.LocalServer, err = StartServer(c.Router, tok, modelName, n, log); err != nil {
		c.Close()
		return nil, err
	}
	return sc, nil
}

// Close stops the router's server, the router and the nodes.
func (c *SplitCluster) Close(ctx context.Context) error {
	err := c.LocalServer.Close(ctx)
	c.cluster.Close()
	return err
}

// Defaults of SplitOptions' zero fields.
const (
	DefaultSplitReps      = 3
	DefaultSplitGenTokens = 2
)

// DefaultSplitPrompts are the prompt lengths bench split measures.
func DefaultSplitPrompts() []int { return []int{256, 1024, 4096} }

// SplitOptions say what RunSplit measures: the same requests, one at a time, against a
// single-process server and a router in front of a prefill and a decode node.
type SplitOptions struct {
	Single, Split       string // the two servers' base URLs
	SingleKey, SplitKey string // an API key of each
	// TokenIDs are the ids random prompts are drawn from (fresh prompts every request, so no
	// prefix cache serves them).
	TokenIDs  []int32
	Prompts   []int // prompt lengths (default DefaultSplitPrompts)
	Reps      int   // requests per length and server; medians are reported (default DefaultSplitReps)
	GenTokens int   // max_tokens of each request (default DefaultSplitGenTokens)
	// Sent reads the prefill node's committed-transfer counters.
	Sent     func() engine.TransferStats
	Seed     uint64
	Progress io.Writer
}

// SplitPoint is one prompt length's figures. Times are in milliseconds.
type SplitPoint struct {
	PromptTokens int      `json:"prompt_tokens"`
	SingleTTFT   float64  `json:"single_ttft_p50_ms"`
	SplitTTFT    float64  `json:"split_ttft_p50_ms"`
	CostMs       float64  `json:"split_cost_ms"` // SplitTTFT - SingleTTFT
	Ratio        float64  `json:"split_ratio"`   // SplitTTFT / SingleTTFT
	Transfer     XferRate `json:"transfer"`      // this length's transfers
}

// XferRate is a set of committed transfers: KV bytes and pages over the summed time of the
// transfers (checksums computed and checked, mTLS gRPC on loopback, commit acknowledged).
type XferRate struct {
	Transfers    uint64  `json:"transfers"`
	Pages        uint64  `json:"pages"`
	Bytes        uint64  `json:"bytes"`
	MsPer        float64 `json:"ms_per_transfer"`
	MBPerSec     float64 `json:"mb_per_s"`
	PagesPerSec  float64 `json:"pages_per_s"`
	PagesPerXfer float64 `json:"pages_per_transfer"`
}

func rateOf(d engine.TransferStats) XferRate {
	r := XferRate{Transfers: d.Transfers, Pages: d.Pages, Bytes: d.Bytes}
	if d.Transfers > 0 && d.Time > 0 {
		s := d.Time.Seconds()
		r.MsPer = 1e3 * s / float64(d.Transfers)
		r.MBPerSec = float64(d.Bytes) / 1e6 / s
		r.PagesPerSec = float64(d.Pages) / s
		r.PagesPerXfer = float64(d.Pages) / float64(d.Transfers)
	}
	return r
}

func sub(a, b engine.TransferStats) engine.TransferStats {
	return engine.TransferStats{Transfers: a.Transfers - b.Transfers, Pages: a.Pages - b.Pages, Bytes: a.Bytes - b.Bytes, Time: a.Time - b.Time}
}

// SplitResult is the outcome of RunSplit.
type SplitResult struct {
	Model     string       `json:"model"`
	Engine    *EngineInfo  `json:"engine,omitempty"`
	Reps      int          `json:"reps"`
	GenTokens int          `json:"gen_tokens"`
	Points    []SplitPoint `json:"points"`
	Transfer  XferRate     `json:"transfer"` // every timed transfer
}

// RunSplit sends, for each prompt length, Reps requests to each server one at a time, the two
// servers alternating so that both see the same machine, and reports the median TTFTs and the
// prefill node's transfer rate.
func RunSplit(ctx context.Context, o SplitOptions) (*SplitResult, error) {
	if err := o.fill(); err != nil {
		return nil, err
	}
	client := newBenchClient(2)
	defer client.CloseIdleConnections()
	r := &splitRun{ctx: ctx, client: client, o: o, rng: newRand(o.Seed),
		servers: [2]target{{strings.TrimRight(o.Single, "/"), o.SingleKey}, {strings.TrimRight(o.Split, "/"), o.SplitKey}}}
	var ctxLen [2]int
	var err error
	for i, s := range r.servers {
		if ctxLen[i], r.model, err = fetchModel(ctx, client, s.url, s.key); err != nil {
			return nil, err
		}
	}
	if err := checkSplitPrompts(o.Prompts, o.GenTokens, min(ctxLen[0], ctxLen[1])); err != nil {
		return nil, err
	}
	if err := r.warmUp(); err != nil {
		return nil, err
	}
	res := &SplitResult{Model: r.model, Reps: o.Reps, GenTokens: o.GenTokens}
	bar := newBar(o.Progress, 2*o.Reps*len(o.Prompts), "split bench")
	defer bar.finish()
	total := o.Sent()
	for _, p := range o.Prompts {
		pt, err := r.point(p, bar)
		if err != nil {
			return nil, err
		}
		res.Points = append(res.Points, pt)
	}
	res.Transfer = rateOf(sub(o.Sent(), total))
	return res, nil
}

// fill sets the defaults of o's zero fields and checks the rest.
func (o *SplitOptions) fill() error {
	if len(o.Prompts) == 0 {
		o.Prompts = DefaultSplitPrompts()
	}
	setDefault(&o.Reps, DefaultSplitReps)
	setDefault(&o.GenTokens, DefaultSplitGenTokens)
	if o.Reps < 1 || o.GenTokens < 1 || len(o.TokenIDs) == 0 || o.Sent == nil {
		return errors.New("bench split: reps and gen tokens must be positive, with token ids and the transfer counters")
	}
	return nil
}

// checkSplitPrompts refuses a prompt length that is not positive or, with genTokens, exceeds the
// servers' context ctxLen (0: not known).
func checkSplitPrompts(prompts []int, genTokens, ctxLen int) error {
	for _, p := range prompts {
		if p < 1 {
			return fmt.Errorf("prompt length %d: want at least 1", p)
		}
		if ctxLen > 0 && p+genTokens > ctxLen {
			return fmt.Errorf("a %d-token prompt + %d tokens exceed the servers' context of %d: use a model (e.g. dummy:ref125m,ctx=8192) and --kv-mem that allow it", p, genTokens, ctxLen)
		}
	}
	return nil
}

// target is a server's base URL and an API key of it.
type target struct{ url, key string }

// splitRun is RunSplit's state: the single-process server then the router, and the prompts' source.
type splitRun struct {
	ctx     context.Context
	client  *http.Client
	o       SplitOptions
	servers [2]target
	model   string
	rng     *rand.Rand
}

func (r *splitRun) body(p, maxTokens int) ([]byte, error) {
	return requestBody(r.rng, r.o.TokenIDs, p, 0, r.model, maxTokens, true)
}

// warmUp sends one untimed request to each server: a fresh server's first request pays one-off
// costs (and the router's first connections to the nodes).
func (r *splitRun) warmUp() error {
	for _, s := range r.servers {
		b, err := r.body(8, 1)
		if err != nil {
			return err
		}
		if res := send(r.ctx, r.client, s.url+"/v1/completions", s.key, b); res.err != nil {
			return fmt.Errorf("warm-up request to %s: %w", s.url, res.err)
		}
	}
	return nil
}

// point measures p-token prompts: Reps requests to each server, alternating, and the transfers
// the prefill node committed meanwhile (one a request).
func (r *splitRun) point(p int, bar *bar) (SplitPoint, error) {
	bar.describe(fmt.Sprintf("split bench, %d-token prompts", p))
	var ttft [2][]float64
	before := r.o.Sent()
	for range r.o.Reps {
		for i, s := range r.servers {
			b, err := r.body(p, r.o.GenTokens)
			if err != nil {
				return SplitPoint{}, err
			}
			res := send(r.ctx, r.client, s.url+"/v1/completions", s.key, b)
			if err := r.ctx.Err(); err != nil {
				return SplitPoint{}, err
			}
			if res.err != nil {
				return SplitPoint{}, fmt.Errorf("%d-token prompt to %s: %w", p, s.url, res.err)
			}
			ttft[i] = append(ttft[i], float64(res.ttft)/1e6)
			bar.add()
		}
	}
	pt := SplitPoint{PromptTokens: p, SingleTTFT: Median(ttft[0]), SplitTTFT: Median(ttft[1]), Transfer: rateOf(sub(r.o.Sent(), before))}
	pt.CostMs = pt.SplitTTFT - pt.SingleTTFT
	if pt.SingleTTFT > 0 {
		pt.Ratio = pt.SplitTTFT / pt.SingleTTFT
	}
	if pt.Transfer.Transfers != uint64(r.o.Reps) {
		return SplitPoint{}, fmt.Errorf("%d-token prompts: the prefill node committed %d transfers for %d requests", p, pt.Transfer.Transfers, r.o.Reps)
	}
	return pt, nil
}

// WriteSplit prints a split result for people.
func WriteSplit(w io.Writer, r *SplitResult) {
	fmt.Fprintf(w, "model    %s\n", r.Model)
	if r.Engine != nil {
		fmt.Fprintf(w, "engine   %s (each server and node)\n", r.Engine.summary())
	}
	fmt.Fprintf(w, "split    router + 1 prefill + 1 decode node, mTLS gRPC on loopback, CRC-32C per page; %d requests a length and server, one at a time, max_tokens %d\n\n", r.Reps, r.GenTokens)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "prompt\tTTFT single\tTTFT split\tcost\tratio\tKV a transfer\tpages\ttransfer\tMB/s\tpages/s\t")
	for _, p := range r.Points {
		fmt.Fprintf(tw, "%d\t%.1f ms\t%.1f ms\t%+.1f ms\t%.2f×\t%s\t%.0f\t%.1f ms\t%.0f\t%.0f\t\n", p.PromptTokens, p.SingleTTFT, p.SplitTTFT,
			p.CostMs, p.Ratio, mb(float64(p.Transfer.Bytes)/float64(max(p.Transfer.Transfers, 1))), p.Transfer.PagesPerXfer, p.Transfer.MsPer, p.Transfer.MBPerSec, p.Transfer.PagesPerSec)
	}
	tw.Flush()
	t := r.Transfer
	fmt.Fprintf(w, "\ntransfers  %d, %d pages, %s: %.0f MB/s, %.0f pages/s (KV bytes over the summed time from the first checksum to the commit)\n",
		t.Transfers, t.Pages, mb(float64(t.Bytes)), t.MBPerSec, t.PagesPerSec)
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kvwarden/kvwarden/internal/bench"
	"github.com/kvwarden/kvwarden/internal/engine"
)

func newBenchCmd() *cobra.Command {
	cmd := command("bench",
		"Measure speed: offline prompt processing and generation, and serving over HTTP",
		`Measure kvwarden's speed.

  bench offline   prompt processing (pp) and generation (tg) tokens/s through the engine, beside
                  the machine's read bandwidth and floating-point rate, and the share of each reached
  bench serve     throughput and latency (TTFT, ITL, E2E) of streaming completions over HTTP, against
                  an in-process server or a running one (--addr), with per-tenant counts
  bench fairness  how much one tenant flooding with many streams slows down tenants sending one
                  request at a time: each tenant's time per output token beside the flood, against
                  its time alone
  bench compare   the ratio per metric of two --json results

The cost of the tenant isolation checks is measured by running the same bench with a binary built
with -tags noisolation, which compiles the KV page header checks out:

  go build -o kvwarden ./cmd/kvwarden
  go build -tags noisolation -o kvwarden-noiso ./cmd/kvwarden
  ./kvwarden bench offline --model M --json > checks.json
  ./kvwarden-noiso bench offline --model M --json > nochecks.json
  ./kvwarden bench compare checks.json nochecks.json

Run both on an otherwise idle machine, alternately if the figures wander.`,
		cobra.NoArgs, nil)
	cmd.AddCommand(newBenchOfflineCmd(), newBenchServeCmd(), newBenchFairnessCmd(), newBenchCompareCmd())
	if devBenchCommands != nil {
		cmd.AddCommand(devBenchCommands()...)
	}
	return cmd
}

// The devtools build (bench_devtools.go, go build -tags devtools) sets these: bench's comparisons
// against llama.cpp's llama-bench and llama-server and bench split, which start other engines'
// binaries or throw-away clusters only to measure docs/performance.md's figures. The product
// binary has none of them.
var (
	// devBenchCommands are bench's development subcommands.
	devBenchCommands func() []*cobra.Command
	// devOfflineCompare adds bench offline's comparison flags to cmd and returns the comparison,
	// which runs instead of the bench when those flags ask for it and reports whether it ran.
	devOfflineCompare func(cmd *cobra.Command, o *bench.OfflineOptions) offlineCompare
	// devServeCompare is the same for bench serve; remote says whether --addr or --api-key is set.
	devServeCompare func(cmd *cobra.Command, mf *modelFlags, o *bench.ServeOptions, tenants *int) serveCompare
)

type (
	offlineCompare func(ctx context.Context, l *loaded, cfg engine.Config, stderr io.Writer, show showFunc) (bool, error)
	serveCompare   func(ctx context.Context, remote bool, stderr io.Writer, show showFunc) (bool, error)
)

// warnLogger shows the engine's and server's warnings and errors but not their per-request logs.
func warnLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// showFunc prints a bench result: v as JSON under --json, else text.
type showFunc func(v any, text func(io.Writer)) error

// benchRun is what the bench subcommands run: ctx is cancelled by Ctrl-C, stderr
// takes progress, and show is called while the model and server measured are still open.
type benchRun func(ctx context.Context, cmd *cobra.Command, stderr io.Writer, show showFunc) error

// benchCommand builds the bench subcommands alike: no arguments, the model flags
// (into mf), and --json (described by jsonHelp), which show obeys.
func benchCommand(use, short, long, jsonHelp string, mf *modelFlags, run benchRun) *cobra.Command {
	var asJSON bool
	cmd := command(use, short, long, cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
		ctx, stop := exitOnSignalContext()
		defer stop()
		show := func(v any, text func(io.Writer)) error {
			if asJSON {
				return printJSON(cmd.OutOrStdout(), v)
			}
			text(cmd.OutOrStdout())
			return nil
		}
		return run(ctx, cmd, cmd.ErrOrStderr(), show)
	})
	mf.register(cmd.Flags())
	cmd.Flags().BoolVar(&asJSON, "json", false, jsonHelp)
	return cmd
}

// benchOfflineHelp is bench offline's long help.
const benchOfflineHelp = `For each --batch size B, through the engine (what users get: scheduling, KV pages and their
isolation checks, sampling):

  ppN  B concurrent requests of N (--prompt-tokens) random token ids with max_tokens=1:
       B×N tokens over the wall time
  tgN  B concurrent requests of a 1-token prompt generating N (--gen-tokens) tokens greedily,
       EOS ignored: all tokens over the wall time

Medians of --reps runs, beside the machine's limits measured first with the engine's thread count:
a streaming read of a buffer much larger than the L3 cache (generation reads every weight once per
step), the F32 dot kernel on data in L1, and register-only FMA and int8 product loops (prompt
processing is compute-bound; quantised weights multiply as int8 products). The prefix cache is
always off here: random prompts would never hit it.

  tgN @ depth D  (--depth D,...) B concurrent requests of D random token ids generating N+1
       tokens: decode only, the tokens after every sequence's first (which ends its prompt's
       processing) over the time since, with the share of the read bandwidth reached counting
       the weights and the D+ tokens of KV cache each step reads

With --task and --speculative lookup or draft, speculative decoding is measured instead, at batch 1:
each rep decodes one prompt with speculation off and on (order alternating) on the same engine,
checks that the answers are the same tokens, and reports both decode rates, the speed-up and the
acceptance rate.

  copy    the prompt is S+G+Q: --prompt-tokens random tokens S, G the model's own greedy
          continuation of S (--gen-tokens), Q the last 32 tokens of S again; the greedy answer is
          the model's, and the result says how much of it copies the prompt (quoting, editing:
          where drafts should pay)
  sample  random tokens, the answer sampled at temperature 1 with a seed (where drafts fail)`

func newBenchOfflineCmd() *cobra.Command {
	var (
		mf      modelFlags
		o       bench.OfflineOptions
		readBuf string
		compare offlineCompare
	)
	cmd := benchCommand("offline", "Prompt processing and generation tokens/s through the engine, beside the machine's limits",
		benchOfflineHelp, "print the result as JSON (for bench compare)", &mf, func(ctx context.Context, _ *cobra.Command, stderr io.Writer, show showFunc) error {
			cfg, err := mf.engineConfig()
			if err != nil {
				return err
			}
			if readBuf != "" {
				if o.Limits.ReadBytes, err = parseBytes(readBuf); err != nil {
					return fmt.Errorf("--read-buffer: %v", err)
				}
			}
			l, err := mf.load(ctx, stderr)
			if err != nil {
				return err
			}
			defer l.Close()
			cfg.Logger = warnLogger(stderr)
			if compare != nil {
				if ran, err := compare(ctx, l, cfg, stderr, show); ran {
					return err
				}
			}
			o.Progress = stderr
			res, err := bench.RunOffline(ctx, l.model, l.tok, l.withModel(cfg), o)
			if err != nil {
				return err
			}
			if res.Model.Name == "" {
				res.Model.Name = modelID(l.resolved.Path)
			}
			return show(bench.NewResult(res, nil), func(w io.Writer) { bench.WriteOffline(w, res) })
		})
	mf.registerSpeculative(cmd.Flags())
	fs := cmd.Flags()
	fs.IntVar(&o.PromptTokens, "prompt-tokens", bench.DefaultOfflinePromptTokens, "prompt length of the prompt processing test")
	fs.IntVar(&o.GenTokens, "gen-tokens", bench.DefaultOfflineGenTokens, "tokens generated per sequence in the generation test")
	fs.IntSliceVar(&o.Batches, "batch", bench.DefaultOfflineBatches(), "batch sizes: concurrent requests per test")
	fs.IntVar(&o.Reps, "reps", bench.DefaultOfflineReps, "repetitions of each test; the medians are reported")
	fs.IntSliceVar(&o.Depths, "depth", []int{0}, "context depths: also measure decode after a prompt of this many tokens in the KV cache (prompt time excluded); 0 is the plain tg")
	fs.StringVar(&readBuf, "read-buffer", "", "buffer of the read-bandwidth measurement (default: 1GiB or 4× the L3 cache, at most 4GiB)")
	fs.BoolVar(&o.NoLimits, "no-limits", false, "skip measuring the machine's limits")
	fs.StringVar(&o.Task, "task", "", "measure speculative decoding on a task instead, off against on at batch 1: copy (the answer re-quotes its prompt) or sample (temperature 1: drafts fail)")
	if devOfflineCompare != nil {
		compare = devOfflineCompare(cmd, &o)
	}
	return cmd
}

// benchServeHelp is bench serve's long help.
const benchServeHelp = `Send --requests streaming completions, --clients at a time, round-robin over tenants, each with a
prompt of --prompt-tokens tokens and generating --gen-tokens tokens (greedy, ignore_eos), and report
generated tokens/s, requests/s, TTFT, ITL, TPOT and E2E latency percentiles and per-tenant counts.

Without --addr an in-process server is started on 127.0.0.1 with --tenants tenants and the model
flags, and prompts are random token ids. With --addr the running server there is measured, with
one tenant per --api-key (none: a dev-mode server), and prompts are random words, as many as one
untimed request shows make about --prompt-tokens tokens (the server's own count is reported).
--addr works with any OpenAI-compatible server, llama.cpp's llama-server included: the token
counts come from the stream's usage, else from its chunks.`

func newBenchServeCmd() *cobra.Command {
	var (
		mf      modelFlags
		o       bench.ServeOptions
		tenants int
		addr    string
		keys    []string
		headers []string
		compare serveCompare
		lora    benchAdapters
	)
	cmd := benchCommand("serve", "Throughput and latency of streaming completions over HTTP, per tenant",
		benchServeHelp, "print the result as JSON (for bench compare)", &mf, func(ctx context.Context, cmd *cobra.Command, stderr io.Writer, show showFunc) error {
			if compare != nil {
				if ran, err := compare(ctx, addr != "" || len(keys) > 0, stderr, show); ran {
					return err
				}
			}
			o.Progress = stderr
			var ei *bench.EngineInfo
			var shadow func() *bench.ShadowCounts
			var spec func() *bench.SpecCounts
			if addr != "" {
				if err := remoteServe(cmd, &o, addr, keys, headers, lora); err != nil {
					return err
				}
			} else {
				if len(keys) > 0 || len(headers) > 0 || len(lora.names) > 0 {
					return fmt.Errorf("--api-key, --header and --adapter apply with --addr; the in-process server makes its own tenants and --adapters")
				}
				bs, err := startBenchServer(ctx, &mf, tenants, stderr, lora)
				if err != nil {
					return err
				}
				defer bs.stop()
				o.URL, o.Keys, o.TenantNames, o.Target, o.TokenIDs = bs.URL, bs.Keys, bs.Tenants, bs.target(), bs.tokenIDs
				o.Adapters = bs.adapters
				ei, shadow = &bs.info, bs.shadow
				before := bs.eng.Stats()
				spec = func() *bench.SpecCounts { return bench.SpecSince(bs.eng, before) }
			}
			res, err := bench.RunServe(ctx, o)
			if res == nil {
				return err
			}
			res.Engine = ei
			if shadow != nil {
				res.Shadow, res.Speculation = shadow(), spec()
			}
			if jerr := show(bench.NewResult(nil, res), func(w io.Writer) { bench.WriteServe(w, res) }); jerr != nil {
				return jerr
			}
			return err // set when every request failed
		})
	mf.registerShadow(cmd.Flags())
	mf.registerSpeculative(cmd.Flags())
	fs := cmd.Flags()
	fs.IntVar(&o.Clients, "clients", bench.DefaultServeClients, "requests in flight at once")
	fs.IntVar(&o.Requests, "requests", bench.DefaultServeRequests, "requests in all")
	fs.IntVar(&tenants, "tenants", 4, "tenants of the in-process server; requests go round-robin over them")
	fs.IntVar(&o.PromptTokens, "prompt-tokens", bench.DefaultServePromptTokens, "prompt length")
	fs.IntVar(&o.GenTokens, "gen-tokens", bench.DefaultServeGenTokens, "tokens generated per request (max_tokens, EOS ignored)")
	fs.StringVar(&addr, "addr", "", "measure the server running at this URL instead of an in-process one")
	fs.StringArrayVar(&keys, "api-key", nil, "API key for --addr; repeat it to spread requests over several tenants")
	fs.StringArrayVar(&headers, "header", nil, `"Name: value" sent with every request to --addr (repeatable), e.g. llm-d's "x-prefiller-host-port: HOST:PORT" through its pd-sidecar`)
	lora.register(fs)
	if devServeCompare != nil {
		compare = devServeCompare(cmd, &mf, &o, &tenants)
	}
	return cmd
}

// parseHeaders reads bench serve's --header values ("Name: value").
func parseHeaders(values []string) (http.Header, error) {
	h := http.Header{}
	for _, v := range values {
		name, val, ok := strings.Cut(v, ":")
		if name = strings.TrimSpace(name); !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, fmt.Errorf("--header %q: want \"Name: value\"", v)
		}
		h.Add(name, strings.TrimSpace(val))
	}
	return h, nil
}

func newBenchFairnessCmd() *cobra.Command {
	var (
		mf     modelFlags
		o      bench.FairnessOptions
		lights int
	)
	cmd := benchCommand("fairness", "Time per output token of light tenants beside a flooding one, against alone",
		`Start an in-process server with one flooding tenant and --light-tenants light ones. First each
runs alone: the flood's --flood-streams streams at once, then each light tenant's --light-requests
requests one after the other. Then together: the flood keeps --flood-streams streams busy while the
light tenants send their requests, one at a time each. Report each tenant's median time per output
token (TPOT) and request latency (E2E) together and alone, and their ratios. The E2E ratio includes
waiting to be admitted; the TPOT ratio is the cost of sharing steps with the flood's sequences.
Prompts are random token ids (greedy, EOS ignored).`,
		"print the result as JSON", &mf, func(ctx context.Context, _ *cobra.Command, stderr io.Writer, show showFunc) error {
			o.Progress = stderr
			bs, err := startBenchServer(ctx, &mf, 1+lights, stderr, benchAdapters{})
			if err != nil {
				return err
			}
			defer bs.stop()
			// As in bench serve: the two options types differ, so the assignments are written twice.
			o.URL, o.Keys, o.TenantNames, o.Target, o.TokenIDs = bs.URL, bs.Keys, bs.Tenants, bs.target(), bs.tokenIDs
			res, err := bench.RunFairness(ctx, o)
			if res == nil {
				return err
			}
			res.Engine = &bs.info
			if jerr := show(res, func(w io.Writer) { bench.WriteFairness(w, res) }); jerr != nil {
				return jerr
			}
			return err
		})
	fs := cmd.Flags()
	fs.IntVar(&o.FloodStreams, "flood-streams", 64, "concurrent streams of the flooding tenant")
	fs.IntVar(&lights, "light-tenants", 3, "tenants sending one request at a time")
	fs.IntVar(&o.LightRequests, "light-requests", 3, "requests each light tenant sends, one after the other")
	fs.IntVar(&o.PromptTokens, "prompt-tokens", 64, "prompt length")
	fs.IntVar(&o.GenTokens, "gen-tokens", 64, "tokens generated per light request (max_tokens, EOS ignored)")
	fs.IntVar(&o.FloodGenTokens, "flood-gen-tokens", 0, "tokens generated per flood request (default: 4× --gen-tokens)")
	return cmd
}

// benchServer is the in-process server of "bench serve" and "bench fairness", on the flags' model.
type benchServer struct {
	*bench.LocalServer
	info     bench.EngineInfo
	path     string   // the model file
	tokenIDs []int32  // the ordinary tokens random prompts are drawn from
	adapters []string // the LoRA adapters' names (bench serve --adapters)
	stop     func()   // shuts the server down and closes the engine and the model
	eng      *engine.Engine
}

// shadow is what shadow verification did so far, or nil when it is off.
func (bs *benchServer) shadow() *bench.ShadowCounts {
	st := bs.eng.Stats().Shadow
	if !st.Enabled {
		return nil
	}
	return &bench.ShadowCounts{Verified: st.Verified, Mismatches: st.Mismatches, Pending: st.Pending, Dropped: st.Dropped}
}

func (bs *benchServer) target() string { return "in-process server at " + bs.URL }

// benchAdapters are bench serve's LoRA flags: random adapters for the in-process server, or the
// names of a running server's.
type benchAdapters struct {
	count, rank int
	names       []string
}

// remoteServe sets o for bench serve against the running server at addr, refusing the flags of
// the in-process server.
func remoteServe(cmd *cobra.Command, o *bench.ServeOptions, addr string, keys, headers []string, lora benchAdapters) error {
	if cmd.Flags().Changed("model") || cmd.Flags().Changed("tenants") {
		return fmt.Errorf("--model and --tenants apply to the in-process server; with --addr the server there is measured")
	}
	if lora.count > 0 {
		return fmt.Errorf("--adapters makes adapters for the in-process server; with --addr name the server's with --adapter")
	}
	o.URL, o.Keys, o.Adapters = addr, keys, lora.names
	h, err := parseHeaders(headers)
	if err != nil {
		return err
	}
	o.Header = h
	if !strings.Contains(addr, "://") {
		o.URL = "http://" + addr
	}
	return nil
}

func (b *benchAdapters) register(fs *pflag.FlagSet) {
	fs.IntVar(&b.count, "adapters", 0, "spread the requests round-robin over this many random LoRA adapters of the in-process server (every tenant may use them), reported per adapter")
	fs.IntVar(&b.rank, "adapter-rank", 16, "rank of the --adapters, on all seven projections of every block")
	fs.StringArrayVar(&b.names, "adapter", nil, `with --addr: a LoRA adapter's "model" name to spread the requests over (repeat it), reported per adapter`)
}

// startBenchServer loads the model and serves it in-process with n tenants, and lora.count random
// adapters (none for the other benches, which pass the zero benchAdapters).
func startBenchServer(ctx context.Context, mf *modelFlags, n int, stderr io.Writer, lora benchAdapters) (*benchServer, error) {
	l, eng, cfg, err := mf.loadEngine(ctx, stderr, warnLogger(stderr))
	if err != nil {
		return nil, err
	}
	adapters, err := bench.RandomAdapters(l.model, lora.count, lora.rank, 36)
	if err != nil {
		eng.Close()
		l.Close()
		return nil, fmt.Errorf("--adapters: %w", err)
	}
	ls, err := bench.StartServerWithAdapters(eng, l.tok, modelID(l.resolved.Path), n, adapters, warnLogger(stderr))
	if err != nil {
		eng.Close()
		l.Close()
		return nil, err
	}
	stop := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		ls.Close(sctx)
		eng.Close()
		l.Close()
	}
	return &benchServer{LocalServer: ls, info: bench.DescribeEngine(eng, cfg), path: l.resolved.Path, tokenIDs: bench.OrdinaryTokens(l.tok, l.model.Vocab), stop: stop, eng: eng,
		adapters: slices.Sorted(maps.Keys(adapters))}, nil
}

func newBenchCompareCmd() *cobra.Command {
	var asJSON bool
	cmd := command("compare A.json B.json",
		"Print the ratio B/A of each metric of two --json bench results",
		`Print each metric of two results of "bench offline --json" or "bench serve --json" and their
ratio B/A. For the cost of the isolation checks, A is the normal binary's result and B the result of
a binary built with -tags noisolation (see "kvwarden bench --help").`,
		cobra.ExactArgs(2), func(cmd *cobra.Command, args []string) error {
			a, err := bench.ReadResult(args[0])
			if err != nil {
				return err
			}
			b, err := bench.ReadResult(args[1])
			if err != nil {
				return err
			}
			rs, err := bench.Ratio(a, b)
			if err != nil {
				return err
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), map[string]any{"a": args[0], "b": args[1], "ratios": rs, "mismatches": bench.Mismatches(a, b)})
			}
			bench.WriteCompare(cmd.OutOrStdout(), args[0], args[1], a, b, rs)
			return nil
		})
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the ratios as JSON")
	return cmd
}

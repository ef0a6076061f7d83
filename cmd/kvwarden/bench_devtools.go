//go:build devtools

package main

// The development build of bench (go build -tags devtools ./cmd/kvwarden): the comparisons against
// llama.cpp that produce docs/performance.md's figures, and bench split. They start other engines'
// binaries or throw-away clusters, so the product binary leaves them out.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/bench"
	"github.com/kvwarden/kvwarden/internal/engine"
)

func init() {
	devBenchCommands = func() []*cobra.Command { return []*cobra.Command{newBenchSplitCmd()} }
	devOfflineCompare = offlineLlamaBench
	devServeCompare = serveLlamaServer
}

const offlineLlamaBenchHelp = `

With --compare-llama-bench PATH (a llama-bench you built from llama.cpp), kvwarden and llama-bench
run alternately, --reps times each (a kvwarden rep, then a llama-bench -r 1 run, ...), on the same
GGUF file (for a dummy: spec, the generated file) with the same threads and KV type: ppN, tgN and
tgN at each --depth at batch 1, and kvwarden's tgN at its largest --batch against batch 1. The
table gives each side's median and range and the median and range of the per-pair ratios, with
the machine and the exact commands. The machine's limits are not measured then. llama.cpp's
decode rate after a --depth D prompt comes from llama-batched-bench (-npp D, its decode steps
timed alone) when --compare-llama-batched-bench names one or one lies beside llama-bench, else
from llama-bench's -pg D,N test less its -p D test. --compare-flash-attn runs llama.cpp with its
flash attention (-fa) whatever the KV type, for long prompts (ik_llama.cpp's fastest path there).`

// offlineLlamaBench is bench offline --compare-llama-bench.
func offlineLlamaBench(cmd *cobra.Command, o *bench.OfflineOptions) offlineCompare {
	var (
		llama, batched string
		flashAttn      bool
	)
	cmd.Long += offlineLlamaBenchHelp
	cmd.Flags().StringVar(&llama, "compare-llama-bench", "", "path of a llama.cpp llama-bench binary: measure it and kvwarden alternately on the same file and threads (batch 1, and kvwarden's largest --batch against its batch 1) instead")
	cmd.Flags().StringVar(&batched, "compare-llama-batched-bench", "", "path of the same build's llama-batched-bench, for llama.cpp's decode rates after --depth prompts (default: the one beside --compare-llama-bench, if any)")
	cmd.Flags().BoolVar(&flashAttn, "compare-flash-attn", false, "run llama.cpp with flash attention (-fa) whatever the KV type (it is on anyway for a quantised cache)")
	return func(ctx context.Context, l *loaded, cfg engine.Config, stderr io.Writer, show showFunc) (bool, error) {
		if llama == "" {
			if batched != "" || flashAttn {
				return true, errors.New("--compare-llama-batched-bench and --compare-flash-attn go with --compare-llama-bench")
			}
			return false, nil
		}
		if batched == "" {
			if beside := filepath.Join(filepath.Dir(llama), "llama-batched-bench"); isFile(beside) {
				batched = beside
			}
		}
		res, err := bench.RunLlamaCompare(ctx, l.model, l.tok, cfg, bench.LlamaCompareOptions{
			PromptTokens: o.PromptTokens, GenTokens: o.GenTokens, Depths: o.Depths, Batch: slices.Max(o.Batches), Reps: o.Reps,
			Seed: o.Seed, LlamaBench: bench.LlamaBench{Path: llama, BatchedBench: batched, Model: l.resolved.Path, FlashAttn: flashAttn}, Command: bench.ShellJoin(os.Args), Progress: stderr})
		if err != nil {
			return true, err
		}
		return true, show(res, func(w io.Writer) { bench.WriteLlamaCompare(w, res) })
	}
}

const serveLlamaServerHelp = `

With --compare-llama-server PATH (a llama-server you built from llama.cpp), it is started on
127.0.0.1 on a free port, on the same file (for a dummy: spec, the generated file) with the same
threads and KV type, -np --clients and a context holding every client's prompt and tokens; then
the in-process server and it get the same load alternately, --reps times each, both runs of a
pair the same random token-id prompts. The table gives each side's generated tokens/s, E2E p50
and p99 and TTFT p50 (median and range) and the per-pair ratios, with the machine and commands.`

// serveLlamaServer is bench serve --compare-llama-server.
func serveLlamaServer(cmd *cobra.Command, mf *modelFlags, o *bench.ServeOptions, tenants *int) serveCompare {
	var (
		llama string
		reps  int
	)
	cmd.Long += serveLlamaServerHelp
	fs := cmd.Flags()
	fs.StringVar(&llama, "compare-llama-server", "", "path of a llama.cpp llama-server binary: start it on 127.0.0.1 on the same file and threads and offer it and the in-process server the same load alternately")
	fs.IntVar(&reps, "reps", bench.DefaultCompareServeReps, "runs of each server with --compare-llama-server; medians are reported")
	return func(ctx context.Context, remote bool, stderr io.Writer, show showFunc) (bool, error) {
		if llama == "" {
			return false, nil
		}
		if remote {
			return true, fmt.Errorf("--compare-llama-server measures the in-process server: --addr and --api-key do not apply")
		}
		return true, compareLlamaServer(ctx, mf, *o, *tenants, llama, reps, stderr, show)
	}
}

// compareLlamaServer runs bench serve --compare-llama-server: the in-process server and a
// llama-server on the same file, alternately under the same load.
func compareLlamaServer(ctx context.Context, mf *modelFlags, o bench.ServeOptions, tenants int, path string, reps int, stderr io.Writer, show showFunc) error {
	bs, err := startBenchServer(ctx, mf, tenants, stderr, benchAdapters{})
	if err != nil {
		return err
	}
	defer bs.stop()
	// Each slot holds a prompt and its generated tokens, with room for a BOS the server may add.
	ls, err := bench.StartLlamaServer(ctx, bench.LlamaServerOptions{Path: path, Model: bs.path, Threads: bs.info.Threads,
		KVType: strings.ToLower(bs.info.KVType), Slots: o.Clients, SlotCtx: o.PromptTokens + o.GenTokens + 16})
	if err != nil {
		return err
	}
	defer ls.Close()
	o.URL, o.Keys, o.TenantNames, o.TokenIDs = bs.URL, bs.Keys, bs.Tenants, bs.tokenIDs
	res, err := bench.RunServeCompare(ctx, bench.ServeCompareOptions{Ours: o, Llama: ls.URL, Reps: reps,
		Commands: []string{bench.ShellJoin(os.Args), ls.Command}, Progress: stderr})
	if err != nil {
		return err
	}
	res.Engine = &bs.info
	return show(res, func(w io.Writer) { bench.WriteServeCompare(w, res) })
}

// Defaults of bench split's model flags: a model whose context holds the 4,096-token prompt, and a
// pool per engine (there are three) that holds it at F16 with room to spare.
const (
	splitDefaultModel = "dummy:ref125m,ctx=8192"
	splitDefaultKVMem = "128MiB"
)

func newBenchSplitCmd() *cobra.Command {
	var (
		mf modelFlags
		o  bench.SplitOptions
	)
	cmd := benchCommand("split", "Time-to-first-token cost of disaggregated serving, and the KV transfer rate",
		`Start, in this process and on 127.0.0.1, a single-process server and a disaggregated set of the
same model and engine flags: a router, one prefill node and one decode node, the nodes talking
mutual-TLS gRPC with a throw-away development CA, every page checksummed (CRC-32C). Then, for each
--prompt-tokens length, send --reps streaming completions of fresh random token ids (no prefix
cache hit) to each server, one request at a time and alternating, and report the median TTFT of
each, the split's cost (difference and ratio), and the prefill node's committed transfers: KV bytes
and pages over the summed time from the first checksum to the decode node's commit (MB/s,
pages/s). The model defaults to `+splitDefaultModel+` (its context holds 4,096-token prompts) and
--kv-mem to `+splitDefaultKVMem+` per engine (three engines).`,
		"print the result as JSON", &mf, func(ctx context.Context, cmd *cobra.Command, stderr io.Writer, show showFunc) error {
			if !cmd.Flags().Changed("model") {
				mf.model = splitDefaultModel
			}
			if !cmd.Flags().Changed("kv-mem") {
				mf.kvMem = splitDefaultKVMem
			}
			o.Progress = stderr
			bs, err := startBenchServer(ctx, &mf, 1, stderr, benchAdapters{})
			if err != nil {
				return err
			}
			defer bs.stop()
			cfg, err := mf.engineConfig()
			if err != nil {
				return err
			}
			l, err := mf.load(ctx, stderr)
			if err != nil {
				return err
			}
			defer l.Close()
			cfg.ChatTemplate = l.template
			sc, err := bench.StartSplit(ctx, l.model, l.tok, l.file, cfg, modelID(l.resolved.Path), 1, warnLogger(stderr))
			if err != nil {
				return planError(err)
			}
			defer func() {
				sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				sc.Close(sctx)
			}()
			o.Single, o.SingleKey, o.Split, o.SplitKey, o.TokenIDs = bs.URL, bs.Keys[0], sc.URL, sc.Keys[0], bs.tokenIDs
			o.Sent = func() engine.TransferStats { return sc.Prefill.Stats().Sent }
			res, err := bench.RunSplit(ctx, o)
			if err != nil {
				return err
			}
			res.Engine = &bs.info
			return show(res, func(w io.Writer) { bench.WriteSplit(w, res) })
		})
	fs := cmd.Flags()
	fs.IntSliceVar(&o.Prompts, "prompt-tokens", bench.DefaultSplitPrompts(), "prompt lengths")
	fs.IntVar(&o.Reps, "reps", bench.DefaultSplitReps, "requests per prompt length and server; medians are reported")
	fs.IntVar(&o.GenTokens, "gen-tokens", bench.DefaultSplitGenTokens, "max_tokens of each request")
	return cmd
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

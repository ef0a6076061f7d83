package main

import (
	"context"
	"fmt"
	"io"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

func newGenerateCmd() *cobra.Command {
	var (
		mf          modelFlags
		prompt      string
		n           int
		temperature float32
		topP        float32
		topK        int
		seed        int64
		noSpecial   bool
	)
	cmd := command("generate",
		"Generate text from a prompt and print the prefill and decode speeds",
		"",
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			ctx, stop := exitOnSignalContext()
			defer stop()
			stderr := cmd.ErrOrStderr()
			if n <= 0 {
				return fmt.Errorf("-n %d: want a positive number of tokens", n)
			}
			l, eng, _, err := mf.loadEngine(ctx, stderr, nil)
			if err != nil {
				return err
			}
			defer l.Close()
			defer eng.Close()
			ids := l.tok.Encode(prompt, true, !noSpecial)
			if len(ids) == 0 {
				return fmt.Errorf("the prompt encodes to no tokens and the model adds no BOS; give a non-empty --prompt")
			}
			sp := sampler.Params{Temperature: temperature, TopP: topP, TopK: topK, TopLogprobs: -1}
			hasSeed := false
			if cmd.Flags().Changed("seed") {
				sp.Seed, hasSeed = uint64(seed), true
			}
			start := time.Now()
			st, err := eng.Submit(ctx, engine.Request{Spec: engine.Spec{Tenant: "cli", Prompt: ids, MaxTokens: n, Sampling: sp, HasSeed: hasSeed}})
			if err != nil {
				return err
			}
			defer st.Close()
			if err := printStream(cmd.OutOrStdout(), stderr, l.tok, st, prompt, len(ids), start); err != nil {
				return err
			}
			return context.Cause(ctx)
		})
	mf.register(cmd.Flags())
	cmd.Flags().StringVarP(&prompt, "prompt", "p", "Once upon a time", "prompt text")
	cmd.Flags().IntVarP(&n, "n", "n", 64, "tokens to generate at most")
	cmd.Flags().Float32Var(&temperature, "temperature", 0, "sampling temperature (0: greedy)")
	cmd.Flags().Float32Var(&topP, "top-p", 1, "nucleus sampling mass")
	cmd.Flags().IntVar(&topK, "top-k", 0, "sample among the k best tokens (0: off)")
	cmd.Flags().Int64Var(&seed, "seed", 0, "random seed (default: a fresh one)")
	cmd.Flags().BoolVar(&noSpecial, "no-special", false, "treat special-token text in the prompt as plain text")
	return cmd
}

// printStream prints the prompt and then the stream's text as it comes, and the speeds to stderr
// at its end.
func printStream(out, stderr io.Writer, tok *tokenizer.Tokenizer, st engine.Stream, prompt string, promptTokens int, start time.Time) error {
	fmt.Fprint(out, prompt)
	var first time.Time
	var pending []byte
	generated := 0
	for ev := range st.Events() {
		for _, t := range ev.Tokens {
			if generated == 0 {
				first = time.Now()
			}
			generated++
			pending = append(pending, tok.Piece(t.ID)...)
			// Print whole characters only; a multi-byte character may span tokens.
			k := len(pending)
			if i := lastRuneStart(pending); !utf8.FullRune(pending[i:]) {
				k = i
			}
			out.Write(pending[:k])
			pending = append(pending[:0], pending[k:]...)
		}
		if ev.Done {
			out.Write(pending)
			fmt.Fprintln(out)
			if ev.Err != nil {
				return ev.Err
			}
			end := time.Now()
			report(stderr, promptTokens, generated, start, first, end, ev.Finish)
		}
	}
	return nil
}

func lastRuneStart(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-4; i-- {
		if utf8.RuneStart(b[i]) {
			return i
		}
	}
	return len(b)
}

func report(w interface{ Write([]byte) (int, error) }, promptTokens, generated int, start, first, end time.Time, finish kvtypes.FinishReason) {
	if generated == 0 {
		fmt.Fprintf(w, "prompt: %s; no tokens generated (finish: %s)\n", span(promptTokens, end.Sub(start)), finish)
		return
	}
	fmt.Fprintf(w, "prefill: %s\n", span(promptTokens, first.Sub(start)))
	if generated > 1 {
		fmt.Fprintf(w, "decode:  %s\n", span(generated-1, end.Sub(first)))
	}
	fmt.Fprintf(w, "finish:  %s\n", finish)
}

// minRateSpan is the shortest span a rate is printed for: below it scheduling noise dominates,
// and tokens that arrive in one engine event span no time at all, so a rate would be fiction.
const minRateSpan = 10 * time.Millisecond

// span describes n tokens done in d: the duration to three significant digits, and the rate
// only when d is long enough to measure it.
func span(n int, d time.Duration) string {
	s := fmt.Sprintf("%d tokens in %v", n, roundSig(d, 3))
	if d >= minRateSpan {
		s += fmt.Sprintf(" (%.1f tokens/s)", float64(n)/d.Seconds())
	}
	return s
}

// roundSig rounds d to sig significant digits.
func roundSig(d time.Duration, sig int) time.Duration {
	limit := time.Duration(1)
	for range sig {
		limit *= 10
	}
	unit := time.Duration(1)
	for d/unit >= limit {
		unit *= 10
	}
	return d.Round(unit)
}

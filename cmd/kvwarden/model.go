package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/source"
)

func newModelCmd() *cobra.Command {
	cmd := command("model", "Work with model files", "", cobra.NoArgs, nil)
	cmd.AddCommand(command("write dummy:SPEC OUT.gguf",
		"Write a dummy model (random weights) to a file, for other engines to load",
		`Write the model a dummy:SPEC would generate into the cache to OUT.gguf instead: the same bytes,
so that another engine (llama.cpp's llama-bench or llama-server) loads exactly the model kvwarden
measures. SPEC is a preset (ref125m, ref1b) and/or key=value pairs, e.g.

  kvwarden model write dummy:ref1b ref1b-q8_0.gguf
  kvwarden model write dummy:ref1b,type=f16 ref1b-f16.gguf
  kvwarden model write dummy:ref1b,type=q4_k ref1b-q4_k.gguf   # every matrix Q4_K

For llama.cpp's mixed Q4_K_M of the same weights, quantize the F16 file with its llama-quantize
(llama-quantize ref1b-f16.gguf ref1b-q4_k_m.gguf Q4_K_M) and pass that file to --model.`,
		cobra.ExactArgs(2), func(cmd *cobra.Command, args []string) error {
			spec, ok := strings.CutPrefix(args[0], "dummy:")
			if !ok {
				return fmt.Errorf("%q: want dummy:SPEC, such as dummy:ref125m", args[0])
			}
			s, err := source.WriteDummyFile(spec, args[1])
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote dummy:%s (%.1fM random weights) to %s\n", s, float64(s.Params())/1e6, args[1])
			return nil
		}))
	return cmd
}

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/gguf"
)

func newInspectCmd() *cobra.Command {
	var all bool
	cmd := command("inspect FILE.gguf",
		"Print a GGUF file's metadata and tensors",
		"",
		cobra.ExactArgs(1), func(cmd *cobra.Command, args []string) error {
			f, err := gguf.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "GGUF v%d, %d metadata keys, %d tensors, alignment %d\n", f.Version, len(f.Keys), len(f.Tensors), f.Alignment)
			for _, k := range f.Keys {
				v := f.KV[k]
				s := fmt.Sprint(v.V)
				if v.Type == gguf.TypeString {
					s = fmt.Sprintf("%q", v.V) // chat templates span many lines
				}
				if v.Type == gguf.TypeArray {
					s = fmt.Sprintf("[%s array]", v.ElemType)
				}
				if len(s) > 80 && !all {
					s = s[:77] + "..."
				}
				fmt.Fprintf(out, "  %-45s %-8s %s\n", k, v.Type, s)
			}
			for _, t := range f.Tensors {
				fmt.Fprintf(out, "  %-45s %-5s %v\n", t.Name, t.Type, t.Shape)
			}
			return nil
		})
	cmd.Flags().BoolVar(&all, "all", false, "print long values in full")
	return cmd
}

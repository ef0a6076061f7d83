// Command kvwarden is a multi-tenant LLM inference server with tenant isolation by construction.
// This package only wires subcommands to the internal packages.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

func main() {
	// A kernel set that does not exist or that this CPU lacks: refuse, never fall back silently.
	if _, err := tensor.KernelsOverride(); err != nil {
		fmt.Fprintln(os.Stderr, "kvwarden:", err)
		os.Exit(2)
	}
	if err := newRootCmd().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "kvwarden:", err)
		os.Exit(1)
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "kvwarden",
		Short:         "A multi-tenant LLM inference server that keeps tenants' KV cache apart",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       versionText(), // enables --version
	}
	root.SetVersionTemplate("{{.Version}}")
	root.AddCommand(newServeCmd(), newGenerateCmd(), newCapacityCmd(), newTenantCmd(), newInspectCmd(), newModelCmd(), newBenchCmd(), newProbeCmd(),
		newCertsCmd(), newReplayCmd(), newVersionCmd())
	return root
}

// command builds the subcommands one way, so that each file holds only what is its own: its
// words, its flags and what it runs. Only the hidden replay stub, which sets fields of its own,
// builds its command directly.
func command(use, short, long string, args cobra.PositionalArgs, run func(*cobra.Command, []string) error) *cobra.Command {
	return &cobra.Command{Use: use, Short: short, Long: long, Args: args, RunE: run}
}

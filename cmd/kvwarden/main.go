// Command kvwarden is a multi-tenant LLM inference server with tenant isolation by construction.
// This package only wires subcommands to the internal packages.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{
		Use:           "kvwarden",
		Short:         "A multi-tenant LLM inference server that keeps tenants' KV cache apart",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newServeCmd(), newGenerateCmd(), newCapacityCmd(), newTenantCmd(), newInspectCmd(), newBenchCmd(), newProbeCmd(), newCertsCmd(), newReplayCmd())
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "kvwarden:", err)
		os.Exit(1)
	}
}

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/engine"
)

func newCapacityCmd() *cobra.Command {
	var mf modelFlags
	cmd := command("capacity",
		"Print the KV capacity plan: bytes per token, pages, tokens, and the context that fits",
		`Print the capacity plan a server with these flags would run under. It fails, as the server's
start-up gate does, when --max-context asks for more than the model or the KV pool holds
(above the model's context only with --override-model-context, which the plan then shows).`,
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			ctx, stop := exitOnSignalContext()
			defer stop()
			cfg, err := mf.engineConfig()
			if err != nil {
				return err
			}
			l, err := mf.load(ctx, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer l.Close()
			plan, err := engine.PlanFor(&l.model.Config, cfg)
			if err != nil {
				return planError(err)
			}
			if plan.ModelContextOverridden {
				fmt.Fprintln(cmd.ErrOrStderr(), "kvwarden: WARNING:", overrideWarning(plan))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "model: %s (%s, %d layers, %d KV heads × %d, KV %s)\n%s\n",
				l.model.Name, l.model.Arch, l.model.Layers, l.model.KVHeads, l.model.HeadDim, cfg.KVDType, plan)
			return nil
		})
	mf.register(cmd.Flags())
	return cmd
}

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/engine"
)

func newCapacityCmd() *cobra.Command {
	var mf modelFlags
	var lf loraFlags
	cmd := command("capacity",
		"Print the KV capacity plan: bytes per token, pages, tokens, and the context that fits",
		`Print the capacity plan a server with these flags would run under. It fails, as the server's
start-up gate does, when --max-context asks for more than the model or the KV pool holds
(above the model's context only with --override-model-context, which the plan then shows).
With --lora it loads the adapters as serve would and counts the memory they hold besides the pool,
failing past --lora-mem.
With --speculative draft --draft-model M the draft model's KV shares the pages, as in serve.`,
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			ctx, stop := exitOnSignalContext()
			defer stop()
			cfg, err := mf.engineConfig()
			if err != nil {
				return err
			}
			lora, err := lf.parse()
			if err != nil {
				return err
			}
			l, err := mf.load(ctx, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer l.Close()
			// The adapters load first: their bytes count in the plan, as in serve's start-up gate.
			adapters, err := loadAdapters(lora, l.model)
			if err != nil {
				return err
			}
			cfg.AdapterBytes, cfg.AdapterMemBytes = totalBytes(adapters), lora.limit
			plan, err := engine.PlanFor(&l.model.Config, l.withModel(cfg))
			if err != nil {
				return planError(err)
			}
			if plan.ModelContextOverridden {
				fmt.Fprintln(cmd.ErrOrStderr(), "kvwarden: WARNING:", overrideWarning(plan))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "model: %s (%s, %d layers, %d KV heads × %d, KV %s)\n%s",
				l.model.Name, l.model.Arch, l.model.Layers, l.model.KVHeads, l.model.HeadDim, cfg.KVDType, plan)
			if d := l.draft; d != nil {
				fmt.Fprintf(cmd.OutOrStdout(), "draft model: %s (%d layers, %d KV heads × %d): its KV is in every page's bytes above\n",
					d.model.Name, d.model.Layers, d.model.KVHeads, d.model.HeadDim)
			}
			if len(adapters) > 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "LoRA adapters        %d\n", len(adapters))
			}
			fmt.Fprintln(cmd.OutOrStdout())
			return nil
		})
	mf.register(cmd.Flags())
	mf.registerSpeculative(cmd.Flags())
	lf.register(cmd.Flags())
	return cmd
}

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// modelID names the served model after its file, as clients pass it in "model".
func modelID(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".gguf")
}

func newServeCmd() *cobra.Command {
	var (
		mf          modelFlags
		addr        string
		tenantsFile string
		dev         bool
		drain       time.Duration
		portFile    string
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the OpenAI-compatible multi-tenant API",
		Long: `Serve the OpenAI-compatible API (/v1/models, /v1/completions, /v1/chat/completions) with
/health, /ready and /metrics. Tenants come from --tenants (see "kvwarden tenant add"); without it the
server runs in dev mode with one open tenant, which is allowed on a loopback address only.
SIGHUP reloads the tenants file; SIGTERM or Ctrl-C drains in-flight requests, then exits.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			var store *tenants.Store
			var err error
			switch {
			case tenantsFile != "":
				if store, err = tenants.NewStore(tenantsFile); err != nil {
					return err
				}
			default:
				if !server.IsLoopback(addr) {
					return fmt.Errorf("no --tenants file: dev mode (one open tenant) is allowed only on a loopback address, not %s", addr)
				}
				store = tenants.NewDevStore()
			}
			cfg, err := mf.engineConfig()
			if err != nil {
				return err
			}
			ctx, stop := signalContext(os.Interrupt, syscall.SIGTERM)
			defer stop()
			l, err := mf.load(ctx, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer l.Close()
			cfg.Logger = log
			eng, err := l.engine(cfg)
			if err != nil {
				return fmt.Errorf("start-up gate: %w", err)
			}
			plan := eng.Plan()
			log.Info("model loaded", "model", l.model.Name, "arch", l.model.Arch, "file", l.resolved.Path,
				"layers", l.model.Layers, "dim", l.model.Dim, "vocab", l.model.Vocab)
			log.Info("capacity plan", "bytes_per_token", plan.BytesPerToken, "pages", plan.Pages,
				"page_tokens", plan.PageTokens, "pool_tokens", plan.Tokens, "model_context", plan.ModelContext,
				"advertised_context", plan.MaxContext)
			srv, err := server.New(server.Config{Addr: addr, Logger: log, ModelName: modelID(l.resolved.Path)}, eng, l.tok, store)
			if err != nil {
				eng.Close()
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				eng.Close()
				return err
			}
			if portFile != "" {
				// Tests start the server on port 0 and read the chosen address from here.
				if err := os.WriteFile(portFile, []byte(ln.Addr().String()), 0o644); err != nil {
					return err
				}
			}
			if !kv.IsolationChecks {
				log.Warn("THIS BINARY WAS BUILT WITH -tags noisolation: page header checks are compiled out; use it only to measure their cost, never to serve tenants")
			}
			log.Info("listening", "addr", ln.Addr().String())
			hup := make(chan os.Signal, 1)
			signal.Notify(hup, syscall.SIGHUP)
			defer signal.Stop(hup)
			errc := make(chan error, 1)
			go func() { errc <- srv.Serve(ln) }()
			for {
				select {
				case <-hup:
					if err := store.Reload(); err != nil {
						log.Error("tenants reload failed; keeping the previous tenants", "err", err)
					} else {
						log.Info("tenants reloaded")
						srv.TenantsReloaded()
					}
					continue
				case err := <-errc:
					eng.Close()
					return err
				case <-ctx.Done():
				}
				break
			}
			log.Info("draining in-flight requests", "timeout", drain)
			sctx, cancel := context.WithTimeout(context.Background(), drain)
			defer cancel()
			serr := srv.Shutdown(sctx)
			eng.Drain(sctx)
			if err := <-errc; err != nil && !errors.Is(err, context.Canceled) {
				return err
			}
			if serr != nil && !errors.Is(serr, context.DeadlineExceeded) {
				return serr
			}
			log.Info("stopped")
			return nil
		},
	}
	mf.register(cmd.Flags())
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "listen address")
	cmd.Flags().StringVar(&tenantsFile, "tenants", "", "tenants file (API keys → tenants); without it: dev mode, loopback only")
	cmd.Flags().BoolVar(&dev, "dev", false, "dev mode: one open tenant (the default without --tenants; loopback only)")
	cmd.Flags().DurationVar(&drain, "drain-timeout", 30*time.Second, "how long SIGTERM waits for in-flight requests")
	cmd.Flags().StringVar(&portFile, "addr-file", "", "write the listening address to this file once listening")
	return cmd
}

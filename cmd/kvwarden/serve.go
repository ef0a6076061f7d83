package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
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
		metricsAddr string
		metricsFile string
		metricsAny  bool
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the OpenAI-compatible multi-tenant API",
		Long: `Serve the OpenAI-compatible API (/v1/models, /v1/completions, /v1/chat/completions) with
/health and /ready. Tenants come from --tenants (see "kvwarden tenant add"); --dev instead runs one
open tenant without keys, allowed on a loopback address only. Prometheus metrics are server-wide,
so they are served to the operator on --metrics-addr (loopback by default), never on the API port.
Both ports are bound before the model loads, so a port in use fails at once.
SIGHUP reloads the tenants file; SIGTERM or Ctrl-C drains in-flight requests, then exits.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			store, err := openTenants(log, tenantsFile, dev, addr)
			if err != nil {
				return err
			}
			cfg, err := mf.engineConfig()
			if err != nil {
				return err
			}
			metricsOn, err := checkMetricsAddr(metricsAddr, metricsAny)
			if err != nil {
				return err
			}
			// Bind first: a port in use must not be found only after a model of gigabytes loaded.
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("--addr: %w", err)
			}
			defer ln.Close() // a no-op once served: Shutdown closes it
			var mln net.Listener
			if metricsOn {
				if mln, err = net.Listen("tcp", metricsAddr); err != nil {
					return fmt.Errorf("--metrics-addr: %w", err)
				}
				defer mln.Close()
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
			if plan.ModelContextOverridden {
				log.Warn(overrideWarning(plan))
			}
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
			if !kv.IsolationChecks {
				log.Warn("THIS BINARY WAS BUILT WITH -tags noisolation: page header checks are compiled out; use it only to measure their cost, never to serve tenants")
			}
			var msrv *http.Server
			merrc := make(chan error, 1)
			if mln != nil {
				msrv = metricsServer(srv, log)
				if metricsFile != "" {
					if err := os.WriteFile(metricsFile, []byte(mln.Addr().String()), 0o644); err != nil {
						eng.Close()
						return err
					}
				}
				log.Info("serving metrics to the operator", "addr", mln.Addr().String())
				go func() { merrc <- msrv.Serve(mln) }()
			} else {
				log.Info("metrics listener off")
			}
			if portFile != "" {
				// Tests start the server on port 0 and read the chosen address from here; it is written
				// after the metrics address, so a reader of this file finds both.
				if err := os.WriteFile(portFile, []byte(ln.Addr().String()), 0o644); err != nil {
					eng.Close()
					return err
				}
			}
			log.Info("listening", "addr", ln.Addr().String())
			hup := make(chan os.Signal, 1)
			signal.Notify(hup, syscall.SIGHUP)
			defer signal.Stop(hup)
			errc := make(chan error, 1)
			go func() { errc <- srv.Serve(ln) }()
			var runErr error
		loop:
			for {
				select {
				case <-hup:
					if tenantsFile != "" {
						warnMode(log, tenantsFile)
					}
					if err := srv.ReloadTenants(); err != nil {
						log.Error("tenants reload failed; keeping the previous tenants", "err", err)
					}
				case err := <-errc:
					errc <- err // read again below
					runErr = err
					if err == nil {
						runErr = errors.New("the API listener stopped")
					}
					break loop
				case err := <-merrc:
					// The operator's view is gone: stop rather than serve blind.
					runErr = fmt.Errorf("metrics listener: %w", err)
					break loop
				case <-ctx.Done():
					break loop
				}
			}
			if runErr == nil {
				log.Info("draining in-flight requests", "timeout", drain)
			}
			sctx, cancel := context.WithTimeout(context.Background(), drain)
			defer cancel()
			serr := srv.Shutdown(sctx)
			eng.Drain(sctx)
			if msrv != nil {
				// Metrics stay up through the drain, so the operator can watch it; then they stop.
				mctx, mcancel := context.WithTimeout(context.Background(), 5*time.Second)
				msrv.Shutdown(mctx)
				mcancel()
			}
			if runErr != nil {
				return runErr
			}
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
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "listen address of the API")
	cmd.Flags().StringVar(&tenantsFile, "tenants", "", "tenants file (API keys → tenants; see 'kvwarden tenant add')")
	cmd.Flags().BoolVar(&dev, "dev", false, "dev mode instead of --tenants: one open tenant, no keys; loopback --addr only")
	cmd.Flags().DurationVar(&drain, "drain-timeout", 30*time.Second, "how long SIGTERM waits for in-flight requests")
	cmd.Flags().StringVar(&portFile, "addr-file", "", "write the API's listening address to this file once listening")
	cmd.Flags().StringVar(&metricsAddr, "metrics-addr", "127.0.0.1:9090", `operator listener for GET /metrics; "" or "off" disables it`)
	cmd.Flags().BoolVar(&metricsAny, "metrics-allow-remote", false, "allow a --metrics-addr that is not loopback (metrics are server-wide and take no key)")
	cmd.Flags().StringVar(&metricsFile, "metrics-addr-file", "", "write the metrics listener's address to this file once listening")
	return cmd
}

// openTenants chooses the tenants: the file, or with --dev the one open tenant on loopback only.
func openTenants(log *slog.Logger, file string, dev bool, addr string) (*tenants.Store, error) {
	switch {
	case file != "" && dev:
		return nil, errors.New("--dev and --tenants exclude each other: --dev serves one open tenant without keys")
	case file != "":
		warnMode(log, file)
		return tenants.NewStore(file)
	case !dev:
		return nil, errors.New("no tenants: pass --tenants FILE (create it with 'kvwarden tenant add --file FILE --name NAME'), or --dev for one open tenant on a loopback address")
	case !server.IsLoopback(addr):
		return nil, fmt.Errorf("--dev (one open tenant, no keys) is allowed only on a loopback address, not %s", addr)
	}
	return tenants.NewDevStore(), nil
}

// warnMode warns loudly about a tenants file others may write: they could add a key of their own.
func warnMode(log *slog.Logger, file string) {
	if mode, bad := tenants.InsecureMode(file); bad {
		log.Warn("TENANTS FILE IS WRITABLE BY OTHERS: anyone who can write it can add an API key; chmod go-w it",
			"file", file, "mode", mode.String())
	}
}

// checkMetricsAddr reports whether the metrics listener is on, refusing a non-loopback address
// unless explicitly allowed: the numbers are server-wide and the listener takes no key.
func checkMetricsAddr(addr string, allowRemote bool) (bool, error) {
	if addr == "" || addr == "off" {
		return false, nil
	}
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return false, fmt.Errorf("--metrics-addr %q: %v", addr, err)
	}
	if !server.IsLoopback(addr) && !allowRemote {
		return false, fmt.Errorf("--metrics-addr %s is not a loopback address: metrics are server-wide and take no key; pass --metrics-allow-remote to serve them there anyway", addr)
	}
	return true, nil
}

// metricsServer is the operator listener's HTTP server, with timeouts so a slow scraper cannot pin
// connections.
func metricsServer(srv *server.Server, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           srv.MetricsHandler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

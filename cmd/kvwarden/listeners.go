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
	"syscall"
	"time"

	"github.com/kvwarden/kvwarden/internal/operator"
)

// listeners are a role's two ports, bound before anything loads so that a port in use fails at
// once: the API's (a node's node listener) and the operator's (metrics; nil when off). Every role
// (the single process, a node, the router) serves, publishes and drains them the same way.
type listeners struct {
	api, metrics         net.Listener
	apiFile, metricsFile string
	log                  *slog.Logger
	operatorHosts        []string // --operator-hosts
	msrv                 *http.Server
	merrc                chan error // the operator server's end
}

// bind binds the API listener on addr (flag names it in errors) and, unless off, the operator's.
func (f *serveFlags) bind(flag, addr string, log *slog.Logger) (*listeners, error) {
	metricsOn, err := f.checkOperator()
	if err != nil {
		return nil, err
	}
	ls := &listeners{apiFile: f.portFile, metricsFile: f.metricsFile, log: log, operatorHosts: f.operatorHosts, merrc: make(chan error, 1)}
	if ls.api, err = net.Listen("tcp", addr); err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	if metricsOn {
		if ls.metrics, err = net.Listen("tcp", f.metricsAddr); err != nil {
			ls.api.Close()
			return nil, fmt.Errorf("--metrics-addr: %w", err)
		}
	}
	return ls, nil
}

// close closes both listeners: a no-op for one already served and shut down.
func (ls *listeners) close() {
	ls.api.Close()
	if ls.metrics != nil {
		ls.metrics.Close()
	}
}

// metricsAddr is the operator listener's address, "" when it is off.
func (ls *listeners) metricsAddr() string {
	if ls.metrics == nil {
		return ""
	}
	return ls.metrics.Addr().String()
}

// publish serves the role's operator listener (internal/operator) as cfg describes it, then
// writes the address files. Tests start a role on port 0 and read the chosen addresses from the
// files: the API's is written last, so a reader of it finds both. The listener's console streams
// end when it shuts down: open consoles never go idle, so Shutdown would wait them out.
func (ls *listeners) publish(cfg operator.Config) error {
	if ls.metrics == nil {
		ls.log.Info("metrics listener off")
	} else {
		cfg.Hosts = ls.operatorHosts
		op := operator.New(cfg)
		ls.msrv = operatorServer(op, ls.log)
		ls.msrv.RegisterOnShutdown(op.Close)
		if err := writeAddr(ls.metricsFile, ls.metrics); err != nil {
			return err
		}
		ls.log.Info("serving metrics to the operator", "addr", ls.metricsAddr())
		go func() { ls.merrc <- ls.msrv.Serve(ls.metrics) }()
	}
	return writeAddr(ls.apiFile, ls.api)
}

// operatorServer is the operator listener's HTTP server, with timeouts so a slow scraper cannot
// pin connections, and its errors in the role's log.
func operatorServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second, // a console stream extends its own, write by write
		IdleTimeout:       60 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// writeAddr writes ln's address to file, if one is named.
func writeAddr(file string, ln net.Listener) error {
	if file == "" {
		return nil
	}
	return os.WriteFile(file, []byte(ln.Addr().String()), 0o644)
}

// roleServer is what a role serves on its API listener.
type roleServer struct {
	serve    func() error                // serves the API listener until shutdown ends it
	shutdown func(context.Context) error // stops admitting and drains in-flight work until the context is done
	reload   func()                      // on SIGHUP; nil: SIGHUP is not caught
}

// run serves r until a stop signal (ctx is done) or a listener's end, then drains for at most
// timeout. Why serving stopped comes before any error of stopping.
func (ls *listeners) run(ctx context.Context, timeout time.Duration, r roleServer) error {
	var hup chan os.Signal
	if r.reload != nil {
		// SIGHUP stays caught through the drain: its default action would end the process.
		hup = make(chan os.Signal, 1)
		signal.Notify(hup, syscall.SIGHUP)
		defer signal.Stop(hup)
	}
	errc := make(chan error, 1)
	go func() { errc <- r.serve() }()
	runErr := ls.waitForStop(ctx, hup, r.reload, errc)
	return ls.drain(timeout, r, errc, runErr)
}

// waitForStop reloads on each SIGHUP until a stop signal (nil) or a listener's end (the reason).
// An API listener's end is put back on errc for drain.
func (ls *listeners) waitForStop(ctx context.Context, hup <-chan os.Signal, reload func(), errc chan error) error {
	for {
		select {
		case <-hup:
			reload()
		case err := <-errc:
			errc <- err // read again by drain
			if err == nil {
				return errors.New("the API listener stopped")
			}
			return err
		case err := <-ls.merrc:
			// The operator's view is gone: stop rather than serve blind.
			return fmt.Errorf("metrics listener: %w", err)
		case <-ctx.Done():
			return nil
		}
	}
}

// drain gives in-flight work up to timeout, then stops the operator listener, which stays up
// through the drain so that the operator can watch it.
func (ls *listeners) drain(timeout time.Duration, r roleServer, errc <-chan error, runErr error) error {
	if runErr == nil {
		ls.log.Info("draining in-flight requests", "timeout", timeout)
	}
	sctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	serr := r.shutdown(sctx)
	if ls.msrv != nil {
		mctx, mcancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := ls.msrv.Shutdown(mctx); err != nil {
			ls.log.Warn("metrics listener did not stop cleanly", "err", err)
			ls.msrv.Close()
		}
		mcancel()
	}
	if runErr != nil {
		return runErr
	}
	if err := <-errc; err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	switch {
	case errors.Is(serr, context.DeadlineExceeded):
		ls.log.Warn("drain timed out: the requests still running were cut off", "timeout", timeout)
	case serr != nil:
		return serr
	}
	ls.log.Info("stopped")
	return nil
}

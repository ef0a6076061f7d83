package bench

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"slices"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// LocalServer is an in-process kvwarden server on a loopback port, with generated tenants.
type LocalServer struct {
	URL     string   // http://127.0.0.1:PORT
	Keys    []string // one API key per tenant
	Tenants []string // the tenants' ids, in the order of Keys
	srv     *server.Server
	errc    chan error
}

// StartServer serves eng on 127.0.0.1 (a free port) with n tenants without limits. log receives
// the server's logs; nil discards them. The caller still owns eng.
func StartServer(eng engine.Interface, tok server.Tokenizer, modelName string, n int, log *slog.Logger) (*LocalServer, error) {
	return StartServerWithAdapters(eng, tok, modelName, n, nil, log)
}

// StartServerWithAdapters is StartServer serving LoRA adapters (loaded against eng's model) too,
// which every tenant may use.
func StartServerWithAdapters(eng engine.Interface, tok server.Tokenizer, modelName string, n int, adapters map[string]*model.Adapter, log *slog.Logger) (*LocalServer, error) {
	if n < 1 {
		return nil, fmt.Errorf("tenants %d: want at least one", n)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	f := &tenants.File{Version: tenants.FileVersion}
	ls := &LocalServer{errc: make(chan error, 1)}
	for i := range n {
		id := fmt.Sprintf("bench-%d", i+1)
		key, err := f.Add(id, tenants.Limits{})
		if err != nil {
			return nil, err
		}
		if err := f.Grant(id, slices.Sorted(maps.Keys(adapters))); err != nil {
			return nil, err
		}
		ls.Keys, ls.Tenants = append(ls.Keys, key), append(ls.Tenants, id)
	}
	store, err := tenants.NewMemStore(f)
	if err != nil {
		return nil, err
	}
	srv, err := server.New(server.Config{Addr: "127.0.0.1:0", ModelName: modelName, Logger: log, Adapters: adapters}, eng, tok, store)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	ls.srv, ls.URL = srv, "http://"+ln.Addr().String()
	go func() { ls.errc <- srv.Serve(ln) }()
	return ls, nil
}

// Close shuts the server down, waiting for in-flight requests until ctx is done.
func (s *LocalServer) Close(ctx context.Context) error {
	err := s.srv.Shutdown(ctx)
	if serr := <-s.errc; serr != nil && !errors.Is(serr, http.ErrServerClosed) && !errors.Is(serr, context.Canceled) && err == nil {
		err = serr
	}
	return err
}

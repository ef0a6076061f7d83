package server

import (
	"context"
	"errors"
)

// ReloadTenants re-reads the tenants file (SIGHUP) and drops the prefix cache of every tenant that
// is gone or has a new UID, so nothing a removed tenant cached stays reachable or held. On error
// the previous tenants stay in force.
func (s *Server) ReloadTenants() error {
	gone, err := s.tenants.Reload()
	if err != nil {
		return err
	}
	pages := 0
	for _, uid := range gone {
		pages += s.eng.DropTenant(uid)
	}
	s.met.dropTenants(gone)
	cancelled := s.revokeStaleKeys()
	s.log.Info("tenants reloaded", "tenants", s.tenants.Len(), "removed", len(gone), "cached_pages_dropped", pages,
		"requests_cancelled", cancelled)
	return nil
}

// liveRequest is an authenticated generation request, kept so that a reload that revokes its key
// can cancel it.
type liveRequest struct {
	key    string // as presented; the store is asked again after a reload
	uid    string // the tenant it belonged to: a key moved to a re-added tenant of the same name is revoked too
	cancel context.CancelCauseFunc
}

// errKeyRevoked cancels the requests of a key a reload removed.
var errKeyRevoked = errors.New("the API key was revoked")

// revokeStaleKeys cancels every in-flight generation request whose API key no longer belongs to
// the same tenant after a tenants reload (the tenant or its key was removed): a revoked key stops
// being served at once, not when its streams happen to end. Each such client gets an
// "api_key_revoked" error (an error event if it is streaming); its engine work is still charged.
// It returns how many requests it cancelled; ReloadTenants calls it after every successful reload.
func (s *Server) revokeStaleKeys() int {
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	n := 0
	for lr := range s.live {
		if t, ok := s.tenants.Lookup(lr.key); !ok || t.UID != lr.uid {
			lr.cancel(errKeyRevoked)
			delete(s.live, lr)
			n++
		}
	}
	if n > 0 {
		s.log.Info("tenants reload revoked keys in use; their requests were cancelled", "requests", n)
	}
	return n
}

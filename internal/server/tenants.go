package server

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
	cancelled := s.revokeStaleKeys()
	s.log.Info("tenants reloaded", "tenants", s.tenants.Len(), "removed", len(gone), "cached_pages_dropped", pages,
		"requests_cancelled", cancelled)
	return nil
}

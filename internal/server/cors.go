package server

// CORS for browser clients (chat UIs served from another origin). Off unless the operator names
// origins: a browser page from an origin not named cannot read any answer, even with a key.

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// checkOrigins normalises the configured origins: "*" or scheme://host[:port], nothing more (a
// path or a trailing slash would never equal a browser's Origin header, so it is refused, not
// silently useless).
func checkOrigins(origins []string) ([]string, error) {
	out := make([]string, 0, len(origins))
	for _, o := range origins {
		if o == "*" {
			out = append(out, o)
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
			u.Path != "" || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(o, "?") || strings.HasSuffix(o, "#") {
			return nil, fmt.Errorf("allowed origin %q: want * or scheme://host[:port], e.g. https://chat.example.com", o)
		}
		out = append(out, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	return out, nil
}

// corsHeaders a preflight allows; the OpenAI SDKs send their own x-stainless-* headers besides these,
// so the requested headers are echoed for an allowed origin.
const (
	corsMethods = "GET, POST, OPTIONS"
	corsExpose  = "X-Request-Id, Retry-After"
	corsMaxAge  = "600"
)

// cors answers preflights for allowed origins (204, before authentication: a browser sends no
// key with them) and marks every answer to an allowed origin as readable by it.
func (s *Server) cors(h http.Handler) http.Handler {
	if len(s.cfg.AllowedOrigins) == 0 {
		return h
	}
	anyOrigin := slices.Contains(s.cfg.AllowedOrigins, "*")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			h.ServeHTTP(w, r)
			return
		}
		allowed := anyOrigin || slices.Contains(s.cfg.AllowedOrigins, strings.ToLower(origin))
		hd := w.Header()
		hd.Add("Vary", "Origin")
		if allowed {
			if anyOrigin {
				hd.Set("Access-Control-Allow-Origin", "*")
			} else {
				hd.Set("Access-Control-Allow-Origin", origin)
			}
			hd.Set("Access-Control-Expose-Headers", corsExpose)
		}
		if r.Method != http.MethodOptions || r.Header.Get("Access-Control-Request-Method") == "" {
			h.ServeHTTP(w, r)
			return
		}
		if !allowed {
			s.reply(w, "preflight", &apiError{Status: http.StatusForbidden, Type: errInvalidRequest, Code: "origin_not_allowed",
				Message: "this origin is not allowed; see --allowed-origins", Reason: "origin_not_allowed"})
			return
		}
		hd.Add("Vary", "Access-Control-Request-Method, Access-Control-Request-Headers")
		hd.Set("Access-Control-Allow-Methods", corsMethods)
		if req := r.Header.Get("Access-Control-Request-Headers"); req != "" && validHeaderList(req) {
			hd.Set("Access-Control-Allow-Headers", req)
		}
		hd.Set("Access-Control-Max-Age", corsMaxAge)
		s.met.requests.WithLabelValues("preflight", "204").Inc()
		w.WriteHeader(http.StatusNoContent)
	})
}

// validHeaderList reports whether a comma-separated list holds only header names (RFC 9110
// tokens), so nothing but names is echoed back.
func validHeaderList(v string) bool {
	for _, name := range strings.Split(v, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return false
		}
		for _, c := range []byte(name) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
				return false
			}
		}
	}
	return true
}

package server

import (
	"fmt"
	"net/http"
	"strings"
)

// noRoute answers what no route serves: 405 with Allow for a path served for other methods, else
// 404. It is the mux's catch-all, which matches every method, so ServeMux's own 405 never happens.
func (s *Server) noRoute(mux *http.ServeMux) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if allow := allowedMethods(mux, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			s.reply(w, "other", &apiError{Status: http.StatusMethodNotAllowed, Type: errInvalidRequest, Code: "method_not_allowed",
				Message: fmt.Sprintf("%s %s is not allowed; use %s", r.Method, r.URL.Path, strings.Join(allow, " or ")), Reason: "method_not_allowed"})
			return
		}
		s.reply(w, "other", &apiError{Status: http.StatusNotFound, Type: errNotFound, Code: "not_found",
			Message: fmt.Sprintf("no route for %s %s", r.Method, r.URL.Path), Reason: "not_found"})
	}
}

// allowedMethods are the methods a route serves r's path with, asking the mux itself.
func allowedMethods(mux *http.ServeMux, r *http.Request) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		if _, pattern := mux.Handler(&http.Request{Method: m, URL: r.URL, Host: r.Host}); pattern != "/" && pattern != "" {
			allow = append(allow, m)
		}
	}
	return allow
}

package operator

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// The operator listener takes no key, so whoever can make a browser read it reads every tenant's
// usage. DNS rebinding does exactly that: a page on attacker.example re-resolves its own name to
// 127.0.0.1 (or to the address an SSH tunnel listens on), and the operator's browser then sends
// the page's requests to this listener as same-origin ones. They still say Host: attacker.example,
// and that is what is checked: the listener answers only the names it is reached by. A rebinding
// page can only name a host it controls the DNS of, never an IP literal or localhost.
//
// Served: localhost and every loopback IP literal (SSH tunnels and kubectl port-forward), the IP
// address the connection arrived at (Prometheus and the kubelet reach a pod by its IP), and the
// names the operator configures (--operator-hosts), each with any port. Every other Host gets 421.
// A request with an Origin (a browser's cross-origin request) must come from the page's own
// origin: a page elsewhere gets 403, so that it cannot even hold one of the console's streams.

// hostSet is the configured names, lower case, IPv6 literals without brackets.
type hostSet map[string]struct{}

func newHostSet(hosts []string) hostSet {
	s := hostSet{}
	for _, h := range hosts {
		s[bare(h)] = struct{}{}
	}
	return s
}

// bare is a Host header's or a configured name's host, lower case, without port or brackets.
func bare(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"))
}

// serves reports whether the listener answers requests naming host on a connection that arrived
// at local (nil when unknown).
func (s hostSet) serves(host string, local net.Addr) bool {
	h := bare(host)
	if h == "" {
		return false
	}
	if _, ok := s[h]; ok || h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	if ip == nil {
		return false
	}
	if ip.IsLoopback() {
		return true
	}
	a, ok := local.(*net.TCPAddr)
	return ok && a.IP.Equal(ip)
}

// admit answers r with 421 or 403 and reports false unless the listener serves it.
func (l *Listener) admit(w http.ResponseWriter, r *http.Request) bool {
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !l.hosts.serves(r.Host, local) {
		http.Error(w, "this operator listener answers only localhost, loopback and its own IP address, and the names given to --operator-hosts", http.StatusMisdirectedRequest)
		return false
	}
	if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
		http.Error(w, "cross-origin request refused: the operator listener serves only its own pages", http.StatusForbidden)
		return false
	}
	return true
}

// sameOrigin reports whether a browser's Origin names the host (and port) the request was sent to.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, host)
}

// CheckHosts checks --operator-hosts: DNS names or IP literals, without scheme, port or wildcard
// (each is served on any port).
func CheckHosts(hosts []string) error {
	for _, h := range hosts {
		if err := checkHost(h); err != nil {
			return fmt.Errorf("--operator-hosts %q: %w", h, err)
		}
	}
	return nil
}

func checkHost(h string) error {
	if h == "" {
		return errors.New("a name must not be empty")
	}
	if net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")) != nil {
		return nil
	}
	for _, c := range h {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return fmt.Errorf("%q is not allowed: give a host name or an IP address, without scheme, port or wildcard", c)
		}
	}
	return nil
}

package main

import (
	"fmt"
	"net"
	"strings"

	"github.com/kvwarden/kvwarden/internal/core"
)

// banner is the start-up message for a person: where to point a client, as what model, at which
// endpoints, and how many requests of the full advertised context fit in the KV pool at once
// (vLLM's "maximum concurrency"), the figure that says whether --kv-mem is large enough.
func banner(apiAddr, metricsAddr, model string, endpoints []string, plan core.CapacityPlan) string {
	var b strings.Builder
	url := httpURL(apiAddr)
	fmt.Fprintf(&b, "kvwarden is serving %q at %s (OpenAI base URL %s/v1)\n", model, url, url)
	fmt.Fprintf(&b, "  endpoints: %s\n", strings.Join(endpoints, ", "))
	if metricsAddr != "" {
		fmt.Fprintf(&b, "  metrics (operator only): %s/metrics\n", httpURL(metricsAddr))
		fmt.Fprintf(&b, "  console (operator only): %s/console\n", httpURL(metricsAddr))
	}
	fmt.Fprintf(&b, "  maximum concurrency for %d-token requests: %.2fx (KV pool of %d tokens in %d pages of %d)\n",
		plan.MaxContext, maxConcurrency(plan), plan.Tokens, plan.Pages, plan.PageTokens)
	return b.String()
}

// maxConcurrency is how many requests of the advertised context the pool holds at once; each
// needs whole pages.
func maxConcurrency(plan core.CapacityPlan) float64 {
	if plan.MaxContext <= 0 || plan.PageTokens <= 0 {
		return 0
	}
	perRequest := (plan.MaxContext + plan.PageTokens - 1) / plan.PageTokens
	return float64(plan.Pages) / float64(perRequest)
}

// httpURL is a listener address as a URL a client on this machine can use: an unspecified host
// (0.0.0.0, ::) listens on loopback too.
func httpURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

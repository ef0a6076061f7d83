package server

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/kvwarden/kvwarden/internal/engine"
)

// tenantShadow serves shadow verification's per-tenant figures as the other kvwarden_tenant_*
// series are labelled: by the configured tenant's name, once the tenant has been served (the
// engine knows UIDs only), and gone when a reload removes the tenant. With them an operator sees
// whose answers go unverified under a flood (engine/shadowfair.go).
type tenantShadow struct {
	m   *metrics
	eng engine.Interface
}

var (
	descTenantShadowVerified = prometheus.NewDesc("kvwarden_tenant_shadow_verified_total",
		"Answers of a configured tenant that shadow verification re-ran and found identical.", []string{"tenant"}, nil)
	descTenantShadowDropped = prometheus.NewDesc("kvwarden_tenant_shadow_dropped_total",
		"Samples of a configured tenant's answers dropped before their re-run completed, by reason.", []string{"tenant", "reason"}, nil)
)

// Describe implements prometheus.Collector.
func (c tenantShadow) Describe(ch chan<- *prometheus.Desc) {
	ch <- descTenantShadowVerified
	ch <- descTenantShadowDropped
}

// Collect implements prometheus.Collector.
func (c tenantShadow) Collect(ch chan<- prometheus.Metric) {
	st := c.eng.Stats().Shadow
	if !st.Enabled {
		return
	}
	c.m.tenantMu.Lock()
	defer c.m.tenantMu.Unlock()
	for name, uid := range c.m.tenantSeen {
		ts := st.Tenants[uid]
		ch <- prometheus.MustNewConstMetric(descTenantShadowVerified, prometheus.CounterValue, float64(ts.Verified), name)
		for _, r := range engine.ShadowDropReasons {
			if r != engine.ShadowDropTenantRemoved { // counted in all only: the tenant's series go with it
				ch <- prometheus.MustNewConstMetric(descTenantShadowDropped, prometheus.CounterValue, float64(ts.Dropped[r]), name, r)
			}
		}
	}
}

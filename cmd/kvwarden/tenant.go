package main

import (
	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/tenants/tenantcmd"
)

// newTenantCmd is "kvwarden tenant add|list|remove"; the command lives in tenantcmd so it is tested.
func newTenantCmd() *cobra.Command { return tenantcmd.New() }

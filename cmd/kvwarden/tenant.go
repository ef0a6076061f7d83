package main

import (
	"errors"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// newTenantCmd is "kvwarden tenant": add, list, remove and migrate tenants in a tenants file.
func newTenantCmd() *cobra.Command {
	cmd := command("tenant",
		"Manage the tenants file (API keys and per-tenant limits)",
		"Manage the tenants file. Keys are stored only as SHA-256 hashes: the key of a new tenant is\n"+
			"printed once by 'tenant add' and cannot be shown again. A running server picks up changes on SIGHUP.",
		nil, nil)
	cmd.AddCommand(newTenantAddCmd(), newTenantListCmd(), newTenantRemoveCmd(), newTenantMigrateCmd())
	return cmd
}

// tenantFileCmd is a tenant subcommand on --file F: check tells whether the file must exist
// already (requireExistingFile for commands that change it) before run gets it.
func tenantFileCmd(use, short, fileUsage string, check func(string) error, run func(cmd *cobra.Command, file string) error) *cobra.Command {
	var file string
	cmd := command(use, short, "", cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
		if err := check(file); err != nil {
			return err
		}
		return run(cmd, file)
	})
	cmd.Flags().StringVar(&file, "file", "", fileUsage)
	return cmd
}

func requireFile(file string) error {
	if file == "" {
		return errors.New("--file is required")
	}
	return nil
}

// requireExistingFile is requireFile for commands that change a file: changing a missing file is
// an error, not the creation of an empty one.
func requireExistingFile(file string) error {
	if err := requireFile(file); err != nil {
		return err
	}
	_, err := tenants.Load(file)
	return err
}

func newTenantAddCmd() *cobra.Command {
	var name string
	var lim tenants.Limits
	cmd := tenantFileCmd("add --file F --name N", "Add a tenant and print its new API key (shown only once)",
		"tenants file (created if missing)", requireFile, func(cmd *cobra.Command, file string) error {
			var key string
			err := tenants.Update(file, func(f *tenants.File) error {
				var err error
				key, err = f.Add(name, lim)
				return err
			})
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.ErrOrStderr(), "Added tenant "+name+". Its API key follows; it is not stored and cannot be shown again:")
			fmt.Fprintln(cmd.OutOrStdout(), key)
			return nil
		})
	cmd.Flags().StringVar(&name, "name", "", "tenant id")
	cmd.Flags().IntVar(&lim.MaxConcurrent, "max-concurrent", 0, "most engine requests running at once (0: unlimited)")
	cmd.Flags().IntVar(&lim.TokensPerMinute, "tokens-per-minute", 0, "prompt + generated tokens per minute, also the largest reservation of one request (0: unlimited)")
	cmd.Flags().IntVar(&lim.MaxTokens, "max-tokens", 0, "largest max_tokens per request (0: unlimited)")
	cmd.Flags().IntVar(&lim.Weight, "weight", 0, "share of each engine step against other busy tenants (0: 1, at most 1000)")
	cmd.MarkFlagRequired("name")
	return cmd
}

func newTenantListCmd() *cobra.Command {
	return tenantFileCmd("list --file F", "List tenants and their limits (never keys)",
		"tenants file", requireFile, func(cmd *cobra.Command, file string) error {
			f, err := tenants.Load(file)
			if err != nil {
				return err
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "ID\tWEIGHT\tMAX_CONCURRENT\tTOKENS_PER_MINUTE\tMAX_TOKENS\tKEY_SHA256\tCREATED")
			for _, t := range f.List() {
				created := "-"
				if !t.Created.IsZero() {
					created = t.Created.Format("2006-01-02T15:04:05Z")
				}
				fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%s…\t%s\n", t.ID, max(t.Limits.Weight, 1), limit(t.Limits.MaxConcurrent),
					limit(t.Limits.TokensPerMinute), limit(t.Limits.MaxTokens), t.KeyHash[:12], created)
			}
			return w.Flush()
		})
}

func limit(n int) string {
	if n == 0 {
		return "unlimited"
	}
	return fmt.Sprint(n)
}

func newTenantRemoveCmd() *cobra.Command {
	var name string
	cmd := tenantFileCmd("remove --file F --name N", "Remove a tenant; its key stops working when the server reloads (SIGHUP)",
		"tenants file", requireExistingFile, func(cmd *cobra.Command, file string) error {
			if err := tenants.Update(file, func(f *tenants.File) error { return f.Remove(name) }); err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), "Removed tenant "+name+".")
			return nil
		})
	cmd.Flags().StringVar(&name, "name", "", "tenant id")
	cmd.MarkFlagRequired("name")
	return cmd
}

// newTenantMigrateCmd gives UIDs to the tenants of a file written before they existed; the server
// refuses such a file rather than write its own configuration.
func newTenantMigrateCmd() *cobra.Command {
	return tenantFileCmd("migrate --file F", "Give every tenant without one a UID (files written by older kvwarden versions)",
		"tenants file", requireExistingFile, func(cmd *cobra.Command, file string) error {
			var n int
			err := tenants.Update(file, func(f *tenants.File) error {
				n = len(f.Tenants) // Update assigned the missing UIDs before calling fn
				return nil
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Every tenant of %s (%d) has a UID.\n", file, n)
			return nil
		})
}

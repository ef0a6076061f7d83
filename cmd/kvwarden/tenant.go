package main

import (
	"errors"
	"fmt"
	"strings"
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
	cmd.AddCommand(newTenantAddCmd(), newTenantListCmd(), newTenantRemoveCmd(), newTenantGrantCmd(), newTenantMigrateCmd())
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
	var adapters []string
	cmd := tenantFileCmd("add --file F --name N", "Add a tenant and print its new API key (shown only once)",
		"tenants file (created if missing)", requireFile, func(cmd *cobra.Command, file string) error {
			var key string
			err := tenants.Update(file, func(f *tenants.File) error {
				var err error
				if key, err = f.Add(name, lim); err != nil {
					return err
				}
				return f.Grant(name, adapters)
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
	cmd.Flags().StringSliceVar(&adapters, "adapters", nil, "LoRA adapters (serve --lora NAME=FILE) the tenant may select in \"model\" (comma-separated)")
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
			fmt.Fprintln(w, "ID\tWEIGHT\tMAX_CONCURRENT\tTOKENS_PER_MINUTE\tMAX_TOKENS\tADAPTERS\tKEY_SHA256\tCREATED")
			for _, t := range f.List() {
				created := "-"
				if !t.Created.IsZero() {
					created = t.Created.Format("2006-01-02T15:04:05Z")
				}
				adapters := "-"
				if len(t.Adapters) > 0 {
					adapters = strings.Join(t.Adapters, ",")
				}
				fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%s\t%s…\t%s\n", t.ID, max(t.Limits.Weight, 1), limit(t.Limits.MaxConcurrent),
					limit(t.Limits.TokensPerMinute), limit(t.Limits.MaxTokens), adapters, t.KeyHash[:12], created)
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

// newTenantGrantCmd replaces the LoRA adapters an existing tenant may use.
func newTenantGrantCmd() *cobra.Command {
	var name string
	var adapters []string
	cmd := tenantFileCmd("grant --file F --name N --adapters a,b", "Set the LoRA adapters a tenant may use (replaces its grants; --adapters \"\" revokes them all)",
		"tenants file", requireExistingFile, func(cmd *cobra.Command, file string) error {
			if err := tenants.Update(file, func(f *tenants.File) error { return f.Grant(name, adapters) }); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Tenant %s may use: %s. A running server applies it on SIGHUP.\n", name, orNone(adapters))
			return nil
		})
	cmd.Flags().StringVar(&name, "name", "", "tenant id")
	cmd.Flags().StringSliceVar(&adapters, "adapters", nil, "LoRA adapter names, comma-separated (the full list: it replaces the tenant's grants)")
	cmd.MarkFlagRequired("name")
	cmd.MarkFlagRequired("adapters")
	return cmd
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "no adapter"
	}
	return strings.Join(names, ", ")
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

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
	cmd := &cobra.Command{
		Use:   "tenant",
		Short: "Manage the tenants file (API keys and per-tenant limits)",
		Long: "Manage the tenants file. Keys are stored only as SHA-256 hashes: the key of a new tenant is\n" +
			"printed once by 'tenant add' and cannot be shown again. A running server picks up changes on SIGHUP.",
	}
	cmd.AddCommand(newTenantAddCmd(), newTenantListCmd(), newTenantRemoveCmd(), newTenantMigrateCmd())
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
	var file, name string
	var lim tenants.Limits
	cmd := &cobra.Command{
		Use:   "add --file F --name N",
		Short: "Add a tenant and print its new API key (shown only once)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := requireFile(file); err != nil {
				return err
			}
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
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "tenants file (created if missing)")
	cmd.Flags().StringVar(&name, "name", "", "tenant id")
	cmd.Flags().IntVar(&lim.MaxConcurrent, "max-concurrent", 0, "most engine requests running at once (0: unlimited)")
	cmd.Flags().IntVar(&lim.TokensPerMinute, "tokens-per-minute", 0, "prompt + generated tokens per minute (0: unlimited)")
	cmd.Flags().IntVar(&lim.MaxTokens, "max-tokens", 0, "largest max_tokens per request (0: unlimited)")
	cmd.Flags().IntVar(&lim.Weight, "weight", 0, "share of each engine step against other busy tenants (0: 1, at most 1000)")
	cmd.MarkFlagRequired("name")
	return cmd
}

func newTenantListCmd() *cobra.Command {
	var file string
	cmd := &cobra.Command{
		Use:   "list --file F",
		Short: "List tenants and their limits (never keys)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := requireFile(file); err != nil {
				return err
			}
			f, err := tenants.Load(file)
			if err != nil {
				return err
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "ID\tMAX_CONCURRENT\tTOKENS_PER_MINUTE\tMAX_TOKENS\tKEY_SHA256\tCREATED")
			for _, t := range f.List() {
				created := "-"
				if !t.Created.IsZero() {
					created = t.Created.Format("2006-01-02T15:04:05Z")
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s…\t%s\n", t.ID, limit(t.Limits.MaxConcurrent),
					limit(t.Limits.TokensPerMinute), limit(t.Limits.MaxTokens), t.KeyHash[:12], created)
			}
			return w.Flush()
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "tenants file")
	return cmd
}

func limit(n int) string {
	if n == 0 {
		return "unlimited"
	}
	return fmt.Sprint(n)
}

func newTenantRemoveCmd() *cobra.Command {
	var file, name string
	cmd := &cobra.Command{
		Use:   "remove --file F --name N",
		Short: "Remove a tenant; its key stops working when the server reloads (SIGHUP)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := requireExistingFile(file); err != nil {
				return err
			}
			if err := tenants.Update(file, func(f *tenants.File) error { return f.Remove(name) }); err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), "Removed tenant "+name+".")
			return nil
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "tenants file")
	cmd.Flags().StringVar(&name, "name", "", "tenant id")
	cmd.MarkFlagRequired("name")
	return cmd
}

// newTenantMigrateCmd gives UIDs to the tenants of a file written before they existed; the server
// refuses such a file rather than write its own configuration.
func newTenantMigrateCmd() *cobra.Command {
	var file string
	cmd := &cobra.Command{
		Use:   "migrate --file F",
		Short: "Give every tenant without one a UID (files written by older kvwarden versions)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := requireExistingFile(file); err != nil {
				return err
			}
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
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "tenants file")
	return cmd
}

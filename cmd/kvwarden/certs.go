package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/transfer"
)

// newCertsCmd is "kvwarden certs --dir DIR": development certificates for node-to-node mTLS.
func newCertsCmd() *cobra.Command {
	var dir string
	c := command("certs",
		"Write a development CA, a loopback node certificate and the cluster's secret for node-to-node mTLS",
		"Writes ca.pem, node.pem, node-key.pem (0600) and secret (0600) into --dir, for --tls-dir: a\n"+
			"development CA (its key is discarded), a node certificate for 127.0.0.1, ::1 and localhost,\n"+
			"valid for server and client auth for a year, and the tenant-key secret every node of the\n"+
			"cluster shares. Existing files are never overwritten.",
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			if dir == "" {
				return errors.New("certs: --dir is required")
			}
			if err := transfer.WriteDevCerts(dir, time.Now()); err != nil {
				return fmt.Errorf("certs: %w", err)
			}
			files := transfer.DevCertFiles
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s and %s in %s\n", strings.Join(files[:len(files)-1], ", "), files[len(files)-1], dir)
			return nil
		})
	c.Flags().StringVar(&dir, "dir", "", "directory to write the certificates into (created 0700 if missing)")
	return c
}

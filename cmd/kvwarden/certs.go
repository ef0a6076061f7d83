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
		"Writes ca.pem, node.pem, node-key.pem (0600), secret (0600) and ticket-key (0600) into --dir,\n"+
			"for --tls-dir: a development CA (its key is discarded), a node certificate for 127.0.0.1, ::1\n"+
			"and localhost, valid for server and client auth for a year, and the tenant-key secret and\n"+
			"hand-off ticket key every node of the cluster shares. Existing files are never overwritten;\n"+
			"a directory with every file but ticket-key gets ticket-key alone.",
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			if dir == "" {
				return errors.New("certs: --dir is required")
			}
			keyOnly, err := transfer.WriteDevCerts(dir, time.Now())
			if err != nil {
				return fmt.Errorf("certs: %w", err)
			}
			if keyOnly {
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %s in %s (the other files were there)\n", transfer.TicketKeyFile, dir)
				return nil
			}
			files := transfer.DevCertFiles
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s and %s in %s\n", strings.Join(files[:len(files)-1], ", "), files[len(files)-1], dir)
			return nil
		})
	c.Flags().StringVar(&dir, "dir", "", "directory to write the certificates into (created 0700 if missing)")
	return c
}

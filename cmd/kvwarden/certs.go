package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/transfer"
)

// newCertsCmd is "kvwarden certs --dir DIR": development certificates for node-to-node mTLS.
func newCertsCmd() *cobra.Command {
	var dir string
	c := command("certs",
		"Write a development CA and a loopback node certificate for node-to-node mTLS",
		"Writes ca.pem, node.pem and node-key.pem (0600) into --dir, for --tls-dir: a development CA\n"+
			"(its key is discarded) and a node certificate for 127.0.0.1, ::1 and localhost, valid for\n"+
			"server and client auth for a year. Existing files are never overwritten.",
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			if dir == "" {
				return errors.New("certs: --dir is required")
			}
			if err := transfer.WriteDevCerts(dir, time.Now()); err != nil {
				return fmt.Errorf("certs: %w", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s, %s and %s in %s\n", transfer.CAFile, transfer.CertFile, transfer.KeyFile, dir)
			return nil
		})
	c.Flags().StringVar(&dir, "dir", "", "directory to write the certificates into (created 0700 if missing)")
	return c
}

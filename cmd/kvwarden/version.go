package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/buildinfo"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// versionText is what "kvwarden version" and "kvwarden --version" print: enough to tell two
// builds apart in a bug report, kernels included (they differ by CPU, not by build).
func versionText() string {
	b := buildinfo.Read()
	rev := b.Revision
	if b.Modified {
		rev += " (modified)"
	}
	available, active := tensor.Kernels()
	chosen := ""
	if env, _ := tensor.KernelsOverride(); env != "" {
		chosen = fmt.Sprintf("; chosen by %s", tensor.KernelsEnv)
	}
	return fmt.Sprintf("kvwarden %s\nrevision %s\n%s %s/%s\nkernels %s (available: %s%s)\n",
		b.Version, rev, b.GoVersion, runtime.GOOS, runtime.GOARCH, active, strings.Join(available, ", "), chosen)
}

func newVersionCmd() *cobra.Command {
	return command("version", "Print the version, VCS revision, Go version and compute kernels", "", cobra.NoArgs,
		func(cmd *cobra.Command, _ []string) error {
			_, err := io.WriteString(cmd.OutOrStdout(), versionText())
			return err
		})
}

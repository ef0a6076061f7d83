// Package buildinfo names the running build: module version, VCS revision and Go version, as the
// Go toolchain recorded them in the binary.
package buildinfo

import (
	"runtime"
	"runtime/debug"
)

// Info is what the binary knows of its own build. Fields the toolchain did not record (a test
// binary, a build with -buildvcs=false) are "unknown".
type Info struct {
	Version   string // module version: a tag, a pseudo-version, or "(devel)"
	Revision  string // VCS commit
	Modified  bool   // built from a work tree with uncommitted changes
	GoVersion string
}

// Read reads the build information embedded in the binary.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	return fromBuildInfo(bi, ok)
}

func fromBuildInfo(bi *debug.BuildInfo, ok bool) Info {
	in := Info{Version: "unknown", Revision: "unknown", GoVersion: runtime.Version()}
	if !ok {
		return in
	}
	if bi.Main.Version != "" {
		in.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	for _, c := range []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want Info
	}{
		{"none", nil, false, Info{Version: "unknown", Revision: "unknown", GoVersion: runtime.Version()}},
		{"vcs", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}}}, true,
			Info{Version: "v1.2.3", Revision: "abc123", Modified: true, GoVersion: runtime.Version()}},
		{"no vcs", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true,
			Info{Version: "(devel)", Revision: "unknown", GoVersion: runtime.Version()}},
	} {
		if got := fromBuildInfo(c.bi, c.ok); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

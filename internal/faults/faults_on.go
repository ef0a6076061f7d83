//go:build incidentreplay

package faults

import (
	"fmt"
	"strings"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Available is true: this is the incident-replay build. It must never serve tenants.
const Available = true

// The switches. Each one true is the incident's mechanism; false leaves the defence in the
// parentheses on.
var (
	// GateOff (gate): start-up accepts an advertised context larger than the KV pool.
	GateOff bool
	// AdmissionRewrite (admission): a request larger than the pool is not rejected but "aborted" by
	// swapping its prompt for a one-token placeholder.
	AdmissionRewrite bool
	// StateSideTable (state): that abort is noted beside the request's state, which stays live.
	StateSideTable bool
	// NoReconcile (reconcile): the request keeps the pages reserved for its original length though
	// only the placeholder's page was written, and decode binds all of them.
	NoReconcile bool
	// HeadersOff (header): page headers (owner, generation, written) are not checked on reads.
	HeadersOff bool
	// ChecksumsOff (checksum): the per-page checksums of what prefill wrote are not verified
	// before the first token.
	ChecksumsOff bool
	// ReleaseAtOnce (release): pages are freed at once, without quarantine or a new generation.
	ReleaseAtOnce bool

	// LateWrite is not a defence's fault but a variant of the chain: an aborted request's last
	// in-flight write (its last step's KV, page by page) lands late, once its pages have been
	// freed and written by their next owner. Only delayed release and page headers refuse it;
	// the stand-in checksums catch what it changed before the owner reads it again.
	LateWrite bool
)

// switchOf maps each defence to its fault switch.
var switchOf = map[kvtypes.Defence]*bool{
	kvtypes.DefenceGate:      &GateOff,
	kvtypes.DefenceAdmission: &AdmissionRewrite,
	kvtypes.DefenceState:     &StateSideTable,
	kvtypes.DefenceReconcile: &NoReconcile,
	kvtypes.DefenceHeader:    &HeadersOff,
	kvtypes.DefenceChecksum:  &ChecksumsOff,
	kvtypes.DefenceRelease:   &ReleaseAtOnce,
}

// SetDefences turns every fault on except those whose defence is listed.
func SetDefences(on []kvtypes.Defence) {
	for _, s := range switchOf {
		*s = true
	}
	for _, d := range on {
		*switchOf[d] = false
	}
}

// ParseDefences reads --defences: "all", "none", or a comma-separated list of defence names.
func ParseDefences(s string) ([]kvtypes.Defence, error) {
	switch s {
	case "all":
		return kvtypes.Defences[:], nil
	case "none", "":
		return nil, nil
	}
	var out []kvtypes.Defence
	for _, f := range strings.Split(s, ",") {
		d := kvtypes.Defence(strings.TrimSpace(f))
		if switchOf[d] == nil {
			return nil, fmt.Errorf("defence %q: want all, none or a list of %v", d, kvtypes.Defences)
		}
		out = append(out, d)
	}
	return out, nil
}

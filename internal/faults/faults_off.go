//go:build !incidentreplay

package faults

// Available is false: this build has no faults.
const Available = false

// The switches, all off and constant; see faults_on.go for what each one does.
const (
	GateOff          = false
	AdmissionRewrite = false
	StateSideTable   = false
	NoReconcile      = false
	HeadersOff       = false
	ChecksumsOff     = false
	ReleaseAtOnce    = false
	LateWrite        = false
)

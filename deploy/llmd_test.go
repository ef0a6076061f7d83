package deploy_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// The pd-sidecar beside each decode node of the llm-d overlay: the container's name, and its image,
// built by deploy/pd-sidecar.Containerfile from the source the e2e test runs, tagged with that
// source's upstream commit (PROVENANCE.md of ../shared/third_party/llm-d-pd-sidecar).
const (
	sidecarName     = "pd-sidecar"
	pdSidecarImage  = "llm-d-pd-sidecar"
	pdSidecarCommit = "520af47896e5f06e43d09aca281a1149187b0ffd"
)

// checkLLMD checks the llm-d overlay's parts that span objects: each node's transfer name and tls
// dir, one model and KV layout and tenants file on both roles, the decode pods' sidecar in front
// of kvwarden's loopback API, the pool over both roles on the one port the sidecar and the prefill
// API share, the EPP's P/D configuration, and the sidecar's egress to the prefill pods.
func checkLLMD(t *testing.T, objs []object, ws []workload) {
	byRole := map[string]workload{}
	for _, w := range ws {
		if _, dup := byRole[w.role]; dup || (w.role != "prefill" && w.role != "decode") {
			t.Fatalf("llm-d: want one prefill and one decode workload, have %v", ws)
		}
		byRole[w.role] = w
		checkNodeName(t, objs, w)
		checkTLSDir(t, w)
		if l := w.obj.Spec.Template.Metadata.Labels["llm-d.ai/role"]; l != w.role {
			t.Errorf("%v: label llm-d.ai/role %q: llm-d's prefill-filter and decode-filter read it", w, l)
		}
	}
	pre, dec := byRole["prefill"], byRole["decode"]
	for _, f := range []string{"model", "sha256", "kv-dtype", "page-tokens", "tenants", "tls-dir"} {
		if pre.flags[f] != dec.flags[f] {
			t.Errorf("prefill --%s %q, decode %q: a transfer between them is refused", f, pre.flags[f], dec.flags[f])
		}
	}
	if _, ok := pre.flags["kv-hold"]; !ok {
		t.Errorf("%v: no --kv-hold: state how long a prompt's pages wait for the decode node", pre)
	}
	port := checkSidecar(t, dec)
	if !servesPodAPI(pre) || portOf(pre.c, "api") != port {
		t.Errorf("%v: --addr %q: want the pod IP on the port the decode pods' sidecar listens on (%d): the EPP names a prefill pod on the pool's one target port", pre, pre.flags["addr"], port)
	}
	checkLLMDPool(t, objs, pre, dec, port)
	checkLLMDEgress(t, pre)
}

// checkNodeName: a node advertises its stable name in its StatefulSet's headless Service, which
// the node certificate can carry (the pod IP changes on every restart).
func checkNodeName(t *testing.T, objs []object, w workload) {
	svc := service(objs, w.obj.Spec.ServiceName)
	if w.obj.Kind != "StatefulSet" || svc == nil || svc.Spec.ClusterIP != "None" {
		t.Errorf("%v: want a StatefulSet whose serviceName is a headless Service", w)
		return
	}
	want := fmt.Sprintf("$(POD_NAME).%s:%d", svc.Metadata.Name, portOf(w.c, "node"))
	if got := w.flags["node-advertise"]; got != want {
		t.Errorf("%v: --node-advertise %q, want %q (the pod's name in its headless Service)", w, got, want)
	}
	named := false
	for _, e := range w.c.Env {
		named = named || (e.Name == "POD_NAME" && e.ValueFrom != nil && e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "metadata.name")
	}
	if !named {
		t.Errorf("%v: no env POD_NAME from metadata.name for --node-advertise", w)
	}
}

// copyFrom matches one "SRC_DIR/FILE" operand of the tls-dir init step's cp.
var copyFrom = regexp.MustCompile(`(/[\w/.-]+)/([\w.-]+)`)

// checkTLSDir: --tls-dir is a memory-backed volume that an init container fills with every file
// a node reads there (the transfer's mTLS files, the tenant-key secret and the ticket key), each
// copied from a read-only Secret volume, the keys made 0600 (kvwarden refuses a key others may read).
func checkTLSDir(t *testing.T, w workload) {
	dir := w.flags["tls-dir"]
	vol := ""
	for _, m := range w.c.VolumeMounts {
		if m.MountPath == dir && m.ReadOnly {
			vol = m.Name
		}
	}
	ps := w.obj.Spec.Template.Spec
	memory := false
	for _, v := range ps.Volumes {
		memory = memory || (v.Name == vol && v.EmptyDir != nil && v.EmptyDir.Medium == "Memory")
	}
	if !memory {
		t.Errorf("%v: --tls-dir %s: want a read-only mount of a memory-backed emptyDir", w, dir)
		return
	}
	secretAt := map[string]bool{} // the init containers' mount paths of Secret volumes
	for _, v := range ps.Volumes {
		if v.Secret == nil {
			continue
		}
		for _, c := range ps.InitContainers {
			for _, m := range c.VolumeMounts {
				if m.Name == v.Name && m.ReadOnly {
					secretAt[m.MountPath] = true
				}
			}
		}
	}
	for _, c := range ps.InitContainers {
		writes := false
		for _, m := range c.VolumeMounts {
			writes = writes || (m.Name == vol && !m.ReadOnly)
		}
		if !writes {
			continue
		}
		script := strings.Join(c.Command, " ")
		copied := map[string]bool{}
		for _, m := range copyFrom.FindAllStringSubmatch(script, -1) {
			copied[m[2]] = copied[m[2]] || secretAt[m[1]]
		}
		for _, f := range transfer.DevCertFiles {
			if !copied[f] {
				t.Errorf("%v: init container %s does not copy %s from a Secret volume into --tls-dir", w, c.Name, f)
			}
		}
		for _, f := range []string{transfer.KeyFile, transfer.SecretFile, transfer.TicketKeyFile} {
			if !regexp.MustCompile(`chmod 0?600 [^&;]*\b` + regexp.QuoteMeta(f) + `\b`).MatchString(script) {
				t.Errorf("%v: init container %s does not make %s 0600", w, c.Name, f)
			}
		}
		return
	}
	t.Errorf("%v: no init container fills the --tls-dir volume %s", w, vol)
}

// sidecarFlags parses a pd-sidecar container's --flag=value arguments.
func sidecarFlags(t *testing.T, c container) map[string]string {
	t.Helper()
	flags := map[string]string{}
	for _, a := range c.Args {
		k, v, ok := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !ok || !strings.HasPrefix(a, "--") {
			t.Fatalf("pd-sidecar arg %q: want --flag=value", a)
		}
		flags[k] = v
	}
	return flags
}

// checkSidecar checks the decode pod's pd-sidecar: the pinned image, nixlv2, listening on its API
// port, and forwarding to kvwarden's loopback --addr. It returns the sidecar's port.
func checkSidecar(t *testing.T, dec workload) int {
	var sc *container
	for i, c := range dec.obj.Spec.Template.Spec.Containers {
		if c.Name == sidecarName {
			sc = &dec.obj.Spec.Template.Spec.Containers[i]
		}
	}
	if sc == nil {
		t.Fatalf("%v: no %s container", dec, sidecarName)
	}
	if want := pdSidecarImage + ":" + pdSidecarCommit; sc.Image != want {
		t.Errorf("%v: sidecar image %q, want %q (deploy/pd-sidecar.Containerfile, tagged with its source's commit)", dec, sc.Image, want)
	}
	f := sidecarFlags(t, *sc)
	host, apiPort, err := splitHostPort(dec.flags["addr"])
	if err != nil || host != "127.0.0.1" {
		t.Errorf("%v: --addr %q: want 127.0.0.1:PORT, reached only through the sidecar", dec, dec.flags["addr"])
	}
	if f["vllm-port"] != strconv.Itoa(apiPort) || f["kv-connector"] != "nixlv2" || f["secure-proxy"] != "false" {
		t.Errorf("%v: sidecar --vllm-port %q --kv-connector %q --secure-proxy %q; want kvwarden's --addr port %d, nixlv2, false (plain HTTP like kvwarden's API)",
			dec, f["vllm-port"], f["kv-connector"], f["secure-proxy"], apiPort)
	}
	port, _ := strconv.Atoi(f["port"])
	if port == 0 || portOf(*sc, "api") != port {
		t.Errorf("%v: sidecar --port %q, container port api %d", dec, f["port"], portOf(*sc, "api"))
	}
	for kind, p := range map[string]*probe{"startup": sc.StartupProbe, "liveness": sc.LivenessProbe, "readiness": sc.ReadinessProbe} {
		if p == nil || p.HTTPGet == nil || p.HTTPGet.Port != "api" || p.HTTPGet.Path != "/health" {
			t.Errorf("%v: sidecar %s probe: want /health on api (the sidecar's own)", dec, kind)
		}
	}
	return port
}

// eppConfig is what checkLLMDPool reads of the EPP's --config-text.
type eppConfig struct {
	Plugins []struct {
		Type       string         `yaml:"type"`
		Parameters map[string]any `yaml:"parameters"`
	} `yaml:"plugins"`
	SchedulingProfiles []struct {
		Name    string          `yaml:"name"`
		Plugins []profilePlugin `yaml:"plugins"`
	} `yaml:"schedulingProfiles"`
}

// profilePlugin is a plugin a scheduling profile runs: a scorer's weight scales its score.
type profilePlugin struct {
	PluginRef string `yaml:"pluginRef"`
	Weight    int    `yaml:"weight"`
}

// checkLLMDPool: the pool selects both roles' pods on the sidecar's port and names the EPP; the
// EPP's flags are its release's and, but for the plugin configuration, the gateway overlay's
// (which TestGatewayInferenceExtension checks against kvwarden's /metrics); its configuration
// runs llm-d's P/D handler with a prefill and a decode profile filtered by role.
func checkLLMDPool(t *testing.T, objs []object, pre, dec workload, port int) {
	g := readGatewayObjects(t, "k8s/llm-d/inferencepool.yaml")
	p, ok := g["InferencePool/kvwarden"]
	if !ok {
		t.Fatal("llm-d: no InferencePool kvwarden")
	}
	for _, w := range []workload{pre, dec} {
		if !selects(map[string]any{"matchLabels": toAny(p.Spec.Selector.MatchLabels)}, w.obj.Spec.Template.Metadata.Labels) {
			t.Errorf("the pool selects %v, not the %s pods", p.Spec.Selector.MatchLabels, w.role)
		}
	}
	if len(p.Spec.TargetPorts) != 1 || p.Spec.TargetPorts[0].Number != port {
		t.Errorf("pool targetPorts %+v, want the sidecar's and the prefill API's port %d", p.Spec.TargetPorts, port)
	}
	epp, cfgText := withoutConfig(eppArgs(t, objs, p.Spec.EndpointPickerRef.Name))
	gw, _ := withoutConfig(eppArgs(t, mustBuild(t, "k8s/gateway"), "kvwarden-epp"))
	if pre.flags["lora"] != "" {
		gw["lora-info-metric"] = loraInfoSeries // checked by loraEPPProblems
	}
	if fmt.Sprint(epp) != fmt.Sprint(gw) {
		t.Errorf("llm-d EPP flags %v differ from the gateway overlay's %v (which are checked against kvwarden's metrics)", epp, gw)
	}
	var cfg eppConfig
	if err := yaml.Unmarshal([]byte(cfgText), &cfg); err != nil {
		t.Fatalf("EPP --config-text: %v", err)
	}
	types := checkEPPPlugins(t, cfg)
	for _, want := range []string{"pd-profile-handler", "prefill-header-handler", "prefill-filter", "decode-filter"} {
		if _, ok := types[want]; !ok {
			t.Errorf("EPP --config-text: no %s plugin", want)
		}
	}
	if got := fmt.Sprint(types["prefix-cache-scorer"]["blockSizeTokens"]); got != pre.flags["page-tokens"] {
		t.Errorf("EPP prefix-cache-scorer blockSizeTokens %v, want --page-tokens %s", got, pre.flags["page-tokens"])
	}
	profiles := map[string][]string{}
	for _, sp := range cfg.SchedulingProfiles {
		for _, r := range sp.Plugins {
			profiles[sp.Name] = append(profiles[sp.Name], r.PluginRef)
		}
	}
	if !slices.Contains(profiles["prefill"], "prefill-filter") || !slices.Contains(profiles["decode"], "decode-filter") {
		t.Errorf("EPP profiles %v: want a prefill profile with prefill-filter and a decode profile with decode-filter", profiles)
	}
}

// llmdEPPPlugins is the record of the plugin types and parameters the pinned llm-d EPP knows.
const llmdEPPPlugins = "testdata/llm-d-epp-v0.6.0.plugins.txt"

// checkEPPPlugins fails for a plugin type the pinned llm-d EPP does not register, a parameter its
// factory does not decode (encoding/json would drop it without a word: the setting silently does
// nothing), or a pd-profile-handler whose decider or prefix plugin is not configured (its factory
// refuses to start). It returns each configured type's parameters.
func checkEPPPlugins(t *testing.T, cfg eppConfig) map[string]map[string]any {
	t.Helper()
	b, err := os.ReadFile(llmdEPPPlugins)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			known[f[0]] = f[1:]
		}
	}
	types := map[string]map[string]any{}
	for _, pl := range cfg.Plugins {
		params, ok := known[pl.Type]
		if !ok {
			t.Errorf("EPP plugin type %q: the pinned llm-d EPP registers no such type (%s)", pl.Type, llmdEPPPlugins)
		}
		for name := range pl.Parameters {
			if ok && !slices.Contains(params, name) {
				t.Errorf("EPP plugin %s: parameter %q is not one its factory decodes (%v): it would be ignored", pl.Type, name, params)
			}
		}
		types[pl.Type] = pl.Parameters
	}
	if pd, ok := types["pd-profile-handler"]; ok {
		for param, dflt := range map[string]string{"deciderPluginName": "always-disagg-pd-decider", "prefixPluginType": "prefix-cache-scorer"} {
			name := dflt
			if v, ok := pd[param].(string); ok {
				name = v
			}
			if _, ok := types[name]; !ok {
				t.Errorf("EPP pd-profile-handler %s %q: no such plugin configured (the handler's factory fails)", param, name)
			}
		}
	}
	return types
}

func withoutConfig(args map[string]string) (map[string]string, string) {
	out := map[string]string{}
	for k, v := range args {
		out[k] = v
	}
	cfg := out["config-text"]
	delete(out, "config-text")
	return out, cfg
}

func mustBuild(t *testing.T, dir string) []object {
	t.Helper()
	objs, err := build(dir)
	if err != nil {
		t.Fatal(err)
	}
	return objs
}

// eppArgs returns the EPP Deployment's flags, checked against its release's record.
func eppArgs(t *testing.T, objs []object, name string) map[string]string {
	t.Helper()
	for _, o := range objs {
		if o.Kind == "Deployment" && o.Metadata.Name == name {
			c := o.Spec.Template.Spec.Containers[0]
			checkEPPFlags(t, c.Image, c.Args)
			flags := map[string]string{}
			for _, a := range c.Args {
				k, v, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
				flags[k] = v
			}
			return flags
		}
	}
	t.Fatalf("no EPP Deployment %q", name)
	return nil
}

// checkLLMDEgress: the decode pods may reach the prefill pods' API port (the sidecar's prefill
// request), which the base policy's egress does not open.
func checkLLMDEgress(t *testing.T, pre workload) {
	b, err := os.ReadFile("k8s/llm-d/networkpolicy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("port: %d", portOf(pre.c, "api"))
	if !strings.Contains(string(b), "name: kvwarden-sidecar-to-prefill") || !strings.Contains(string(b), want) {
		t.Errorf("k8s/llm-d/networkpolicy.yaml: no egress from the decode pods to the prefill pods' API port (%s)", want)
	}
}

// TestPDSidecarManifest checks the llm-d overlay's sidecar against llm-d's own code: the image tag
// is the commit the shared source came from, and the sidecar built from that source accepts the
// container's arguments (pflag exits 2 on a flag it does not define, before --help's exit 0).
func TestPDSidecarManifest(t *testing.T) {
	src := testenv.PDSidecarSource(t)
	prov, err := os.ReadFile(filepath.Join(src, "PROVENANCE.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(prov), "commit "+pdSidecarCommit) {
		t.Errorf("%s/PROVENANCE.md does not name commit %s, the sidecar image's tag", src, pdSidecarCommit)
	}
	bin := testenv.PDSidecar(t)
	for _, o := range mustBuild(t, "k8s/llm-d") {
		for _, c := range o.Spec.Template.Spec.Containers {
			if c.Name != sidecarName {
				continue
			}
			if out, err := execCombined(bin, append(slices.Clone(c.Args), "--help")...); err != nil {
				t.Errorf("%s: pd-sidecar %s --help: %v\n%s", o.file, strings.Join(c.Args, " "), err, out)
			}
		}
	}
}

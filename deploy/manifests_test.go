package deploy_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestKustomizations checks that every overlay builds (each listed resource exists and parses,
// each patch applies) and that every manifest file is listed by some kustomization (as a resource
// or a patch), so none is silently left out.
func TestKustomizations(t *testing.T) {
	listed := map[string]bool{}
	err := filepath.WalkDir("k8s", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(p) != "kustomization.yaml" {
			return err
		}
		var k kustomization
		if err := decodeStrictFile(p, &k); err != nil {
			return err
		}
		for _, r := range k.Resources {
			listed[filepath.Join(filepath.Dir(p), r)] = true
		}
		for _, pr := range k.Patches {
			listed[filepath.Join(filepath.Dir(p), pr.Path)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("k8s/*/*.yaml")
	for _, f := range files {
		if filepath.Base(f) != "kustomization.yaml" && !listed[f] {
			t.Errorf("%s is in no kustomization.yaml", f)
		}
	}
	for _, o := range overlays {
		objs, err := build(o)
		if err != nil {
			t.Errorf("%s: %v", o, err)
			continue
		}
		seen := map[string]bool{}
		for _, obj := range objs {
			id := obj.Kind + "/" + obj.Metadata.Name
			if seen[id] {
				t.Errorf("%s: %s defined twice", o, id)
			}
			seen[id] = true
		}
	}
}

// workload is a kvwarden container of a Deployment or StatefulSet, its flags parsed.
type workload struct {
	obj   object
	c     container
	flags map[string]string
	role  string // "single" without --role
}

func (w workload) String() string { return w.obj.file + ": " + w.obj.Kind + "/" + w.obj.Metadata.Name }

// listeners maps each listening flag of a role to the name its container port must have.
var listeners = map[string]map[string]string{
	"single":  {"addr": "api", "metrics-addr": "metrics"},
	"router":  {"addr": "api", "metrics-addr": "metrics"},
	"prefill": {"node-addr": "node", "metrics-addr": "metrics"},
	"decode":  {"node-addr": "node", "metrics-addr": "metrics"},
}

// probesWanted are each role's probe paths by kind, on its named port. Nodes have no HTTP API:
// their operator listener's /metrics answers once the engine runs.
var probesWanted = map[string]map[string][2]string{
	"single":  {"startup": {"api", "/health"}, "liveness": {"api", "/health"}, "readiness": {"api", "/ready"}},
	"router":  {"startup": {"api", "/health"}, "liveness": {"api", "/health"}, "readiness": {"api", "/ready"}},
	"prefill": {"startup": {"metrics", "/metrics"}, "liveness": {"metrics", "/metrics"}, "readiness": {"metrics", "/metrics"}},
	"decode":  {"startup": {"metrics", "/metrics"}, "liveness": {"metrics", "/metrics"}, "readiness": {"metrics", "/metrics"}},
}

// workloads finds the kvwarden containers of an overlay's objects and parses their flags.
func workloads(t *testing.T, known map[string]bool, objs []object) []workload {
	t.Helper()
	var ws []workload
	for _, o := range objs {
		if o.Kind != "Deployment" && o.Kind != "StatefulSet" || o.Metadata.Labels["app.kubernetes.io/name"] != "kvwarden" {
			continue // another program's workload (the gateway's endpoint picker)
		}
		for _, c := range o.Spec.Template.Spec.Containers {
			if c.Name == sidecarName {
				continue // llm-d's pd-sidecar beside a decode node (checkLLMD)
			}
			if !strings.HasPrefix(c.Image, "kvwarden:") || c.Command != nil {
				t.Errorf("%s: container %s: want the kvwarden image and its entrypoint (no command)", o.file, c.Name)
				continue
			}
			f, err := parseArgs(known, c.Args)
			if err != nil {
				t.Errorf("%s: container %s: %v", o.file, c.Name, err)
				continue
			}
			role := f["role"]
			if role == "" {
				role = "single"
			}
			if listeners[role] == nil {
				t.Errorf("%s: --role %q", o.file, role)
				continue
			}
			ws = append(ws, workload{obj: o, c: c, flags: f, role: role})
		}
	}
	return ws
}

// TestManifests checks each kvwarden container against the binary: its flags exist on serve and
// their values parse there, each listening flag's port is the container port of that name (and
// no container port lacks a listener), the probes are the role's paths on the right listener,
// every file a flag names is on a mounted volume, and the pod's security settings.
func TestManifests(t *testing.T) {
	known := serveFlags(t)
	for _, o := range overlays {
		objs, err := build(o)
		if err != nil {
			t.Fatalf("%s: %v", o, err)
		}
		ws := workloads(t, known, objs)
		if len(ws) == 0 {
			t.Fatalf("%s: no kvwarden container", o)
		}
		for _, w := range ws {
			t.Run(w.obj.Metadata.Name, func(t *testing.T) {
				checkValuesParse(t, w)
				checkListeners(t, w)
				checkProbes(t, w)
				checkFiles(t, w)
				checkPodSecurity(t, w.obj)
				checkResources(t, w)
				checkModelVolume(t, objs, w)
			})
		}
		checkServices(t, objs)
		checkScrapedOnce(t, objs, ws)
		checkImagesPinned(t, objs)
		switch o {
		case "k8s/disaggregated":
			checkCluster(t, objs, ws)
		case "k8s/llm-d", "k8s/llm-d-lora":
			checkLLMD(t, objs, ws)
		}
		for _, p := range loraProblems(objs, ws) {
			t.Errorf("%s: %s", o, p)
		}
	}
}

// checkValuesParse runs "kvwarden serve ARGS --help": the binary's own flag parser refuses an
// unknown flag or a value of the wrong type (a duration, an int) before printing the help.
func checkValuesParse(t *testing.T, w workload) {
	out, err := execCombined(binary, append(slices.Clone(w.c.Args), "--help")...)
	if err != nil {
		t.Errorf("%v: kvwarden %s --help: %v\n%s", w, strings.Join(w.c.Args, " "), err, out)
	}
}

func checkListeners(t *testing.T, w workload) {
	ports := map[string]int{}
	for _, p := range w.c.Ports {
		ports[p.Name] = p.ContainerPort
	}
	for flag, portName := range listeners[w.role] {
		addr, ok := w.flags[flag]
		if !ok {
			t.Errorf("%v: role %s needs --%s (its default is loopback, which a Service cannot reach)", w, w.role, flag)
			continue
		}
		host, port, err := splitHostPort(addr)
		if err != nil {
			t.Errorf("%v: --%s %q: %v", w, flag, addr, err)
			continue
		}
		if host != "0.0.0.0" && host != "" {
			t.Errorf("%v: --%s %s: want the pod's every address (0.0.0.0), reachable from Services", w, flag, addr)
		}
		if ports[portName] != port {
			t.Errorf("%v: --%s listens on %d but container port %q is %d", w, flag, port, portName, ports[portName])
		}
		delete(ports, portName)
	}
	if addr, ok := w.flags["addr"]; ok && w.role != "single" && w.role != "router" {
		// A node serving the OpenAI API (llm-d): on the pod IP, or on loopback behind the pod's
		// pd-sidecar, which then holds the API port (checkLLMD).
		host, port, err := splitHostPort(addr)
		switch {
		case err != nil:
			t.Errorf("%v: --addr %q: %v", w, addr, err)
		case host == "127.0.0.1":
		case host != "0.0.0.0" || ports["api"] != port:
			t.Errorf("%v: --addr %s: want 0.0.0.0 on container port api (%d), or 127.0.0.1 behind a sidecar", w, addr, ports["api"])
		}
		delete(ports, "api")
	}
	for name, p := range ports {
		t.Errorf("%v: container port %s (%d) has no listener", w, name, p)
	}
	if _, ok := w.flags["metrics-allow-remote"]; !ok {
		t.Errorf("%v: a non-loopback --metrics-addr needs --metrics-allow-remote", w)
	}
	ann := w.obj.Spec.Template.Metadata.Annotations
	if ann["prometheus.io/scrape"] != "true" || ann["prometheus.io/path"] != "/metrics" ||
		ann["prometheus.io/port"] != fmt.Sprint(portOf(w.c, "metrics")) {
		t.Errorf("%v: Prometheus annotations %v do not name the metrics port and /metrics", w, ann)
	}
}

func checkProbes(t *testing.T, w workload) {
	for kind, p := range map[string]*probe{"startup": w.c.StartupProbe, "liveness": w.c.LivenessProbe, "readiness": w.c.ReadinessProbe} {
		want := probesWanted[w.role][kind]
		if servesPodAPI(w) {
			want = probesWanted["single"][kind] // a node with the OpenAI API on the pod IP: its /health and /ready
		}
		if p == nil || p.HTTPGet == nil {
			t.Errorf("%v: no HTTP %s probe", w, kind)
			continue
		}
		if got := [2]string{p.HTTPGet.Port, p.HTTPGet.Path}; got != want {
			t.Errorf("%v: %s probe on %v, want %v", w, kind, got, want)
		}
	}
}

// servesPodAPI reports whether a node serves the OpenAI API on the pod IP (--addr 0.0.0.0:PORT).
func servesPodAPI(w workload) bool {
	host, _, err := splitHostPort(w.flags["addr"])
	return (w.role == "prefill" || w.role == "decode") && err == nil && host == "0.0.0.0"
}

// pathFlags are the flags that name files or directories inside the container.
var pathFlags = []string{"model", "tenants", "tls-dir"}

func checkFiles(t *testing.T, w workload) {
	for _, f := range pathFlags {
		p, ok := w.flags[f]
		if !ok {
			continue
		}
		if !mounted(w.c, p) {
			t.Errorf("%v: --%s %s is on no read-only volume mount (the root filesystem is read-only and empty)", w, f, p)
		}
	}
	_, tenants := w.flags["tenants"]
	_, api := w.flags["addr"]
	if wantTenants := w.role == "single" || w.role == "router" || api; tenants != wantTenants {
		t.Errorf("%v: role %s with --tenants: %v; what serves the API (single process, router, a node with --addr) holds the tenants file, nothing else", w, w.role, tenants)
	}
	if _, tls := w.flags["tls-dir"]; tls == (w.role == "single") {
		t.Errorf("%v: role %s, --tls-dir given: %v", w, w.role, tls)
	}
}

// mounted reports whether path is on a read-only volume mount of c.
func mounted(c container, path string) bool {
	for _, m := range c.VolumeMounts {
		if m.ReadOnly && (path == m.MountPath || strings.HasPrefix(path, strings.TrimSuffix(m.MountPath, "/")+"/")) {
			return true
		}
	}
	return false
}

func checkPodSecurity(t *testing.T, o object) {
	ps := o.Spec.Template.Spec
	if ps.SecurityContext.RunAsNonRoot == nil || !*ps.SecurityContext.RunAsNonRoot ||
		ps.SecurityContext.RunAsUser == nil || *ps.SecurityContext.RunAsUser == 0 {
		t.Errorf("%s: pod securityContext must set runAsNonRoot and a non-zero runAsUser", o.file)
	}
	if ps.AutomountServiceAccountToken == nil || *ps.AutomountServiceAccountToken {
		t.Errorf("%s: automountServiceAccountToken must be false (kvwarden never calls the API server)", o.file)
	}
	for _, c := range append(slices.Clone(ps.InitContainers), ps.Containers...) {
		sc := c.SecurityContext
		if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
			sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
			!slices.Equal(sc.Capabilities.Drop, []string{"ALL"}) {
			t.Errorf("%s: container %s: want readOnlyRootFilesystem, no privilege escalation, capabilities drop ALL", o.file, c.Name)
		}
		for _, k := range []string{"cpu", "memory"} {
			if c.Resources.Requests[k] == "" || c.Resources.Limits[k] == "" {
				t.Errorf("%s: container %s: no %s request or limit", o.file, c.Name, k)
			}
		}
	}
	for _, v := range ps.Volumes {
		// 0440 with the pod's fsGroup: readable by the pod's user, by nobody else, writable by none.
		if v.Secret != nil && (v.Secret.DefaultMode == nil || *v.Secret.DefaultMode&0o337 != 0) {
			t.Errorf("%s: secret volume %s: defaultMode must be at most 0440", o.file, v.Name)
		}
	}
}

// checkResources checks the sizing the comments explain: the KV pool fits well inside the memory
// limit, and a model-running role's threads equal its CPU limit (the default is every core of the
// machine, which the CPU quota would throttle).
func checkResources(t *testing.T, w workload) {
	limit, err := quantity(w.c.Resources.Limits["memory"])
	if err != nil {
		t.Errorf("%v: memory limit: %v", w, err)
		return
	}
	if s, ok := w.flags["kv-mem"]; ok {
		kv, err := quantity(strings.TrimSuffix(s, "B"))
		if err != nil {
			t.Errorf("%v: --kv-mem: %v", w, err)
		} else if kv+1<<30 > limit {
			t.Errorf("%v: --kv-mem %s leaves less than 1GiB of the %s memory limit for the model and activations", w, s, w.c.Resources.Limits["memory"])
		}
	}
	if w.role != "router" {
		if got, want := w.flags["threads"], w.c.Resources.Limits["cpu"]; got != want {
			t.Errorf("%v: --threads %q, want the CPU limit %q", w, got, want)
		}
	}
}

// checkServices checks that each Service selects pods of this overlay that have its target port.
func checkServices(t *testing.T, objs []object) {
	for _, s := range objs {
		if s.Kind != "Service" {
			continue
		}
		for _, sp := range s.Spec.Ports {
			found := false
			for _, o := range objs {
				if (o.Kind == "Deployment" || o.Kind == "StatefulSet") && selects(s.Spec.Selector, o.Spec.Template.Metadata.Labels) {
					// The container that has the port (a pod may hold a sidecar beside kvwarden).
					got := 0
					for _, c := range o.Spec.Template.Spec.Containers {
						got = max(got, portOf(c, sp.TargetPort))
					}
					if got != sp.Port {
						t.Errorf("%s: Service %s port %d targets %q, which is %d in %s", s.file, s.Metadata.Name, sp.Port, sp.TargetPort, got, o.Metadata.Name)
					}
					found = true
				}
			}
			if !found {
				t.Errorf("%s: Service %s selects no pod", s.file, s.Metadata.Name)
			}
		}
	}
}

// checkCluster checks the router against its nodes: one address per node pod, through the
// node's headless Service on its node port, and one model and KV layout on every node.
func checkCluster(t *testing.T, objs []object, ws []workload) {
	var router *workload
	nodes := map[string][]workload{}
	for i, w := range ws {
		if w.role == "router" {
			router = &ws[i]
		} else {
			nodes[w.role] = append(nodes[w.role], w)
		}
	}
	if router == nil {
		t.Fatal("disaggregated: no router")
	}
	for _, role := range []string{"prefill", "decode"} {
		var want []string
		for _, n := range nodes[role] {
			if n.obj.Kind != "StatefulSet" || n.obj.Spec.Replicas == nil {
				t.Errorf("%v: a node must be a StatefulSet with replicas, for stable per-pod names", n)
				continue
			}
			svc := service(objs, n.obj.Spec.ServiceName)
			if svc == nil || svc.Spec.ClusterIP != "None" || !svc.Spec.PublishNotReadyAddresses {
				t.Errorf("%v: serviceName %q must be a headless Service publishing not-ready addresses", n, n.obj.Spec.ServiceName)
			}
			for i := range *n.obj.Spec.Replicas {
				want = append(want, fmt.Sprintf("%s-%d.%s:%d", n.obj.Metadata.Name, i, n.obj.Spec.ServiceName, portOf(n.c, "node")))
			}
		}
		if got := strings.Split(router.flags[role], ","); !slices.Equal(got, want) {
			t.Errorf("router --%s %q, want one address per %s pod: %q", role, got, role, want)
		}
	}
	for _, f := range []string{"model", "sha256", "kv-dtype", "page-tokens"} {
		values := map[string]bool{}
		for _, role := range []string{"prefill", "decode"} {
			for _, n := range nodes[role] {
				values[n.flags[f]] = true
			}
		}
		if len(values) != 1 {
			t.Errorf("nodes disagree on --%s: %v (the router refuses a node of another model or KV layout)", f, values)
		}
	}
	if router.flags["model"] != nodes["prefill"][0].flags["model"] {
		t.Errorf("router --model %q, nodes %q", router.flags["model"], nodes["prefill"][0].flags["model"])
	}
}

func service(objs []object, name string) *object {
	for i, o := range objs {
		if o.Kind == "Service" && o.Metadata.Name == name {
			return &objs[i]
		}
	}
	return nil
}

// selects reports whether a Service selector or a workload's matchLabels select labels.
func selects(sel map[string]any, labels map[string]string) bool {
	if ml, ok := sel["matchLabels"].(map[string]any); ok {
		sel = ml
	}
	if len(sel) == 0 {
		return false
	}
	for k, v := range sel {
		if labels[k] != fmt.Sprint(v) {
			return false
		}
	}
	return true
}

func portOf(c container, name string) int {
	for _, p := range c.Ports {
		if p.Name == name {
			return p.ContainerPort
		}
	}
	return 0
}

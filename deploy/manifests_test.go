package deploy_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The parts of the Kubernetes objects the checks read; everything else is ignored.
type object struct {
	file       string
	Kind       string `yaml:"kind"`
	APIVersion string `yaml:"apiVersion"`
	Metadata   struct {
		Name        string            `yaml:"name"`
		Labels      map[string]string `yaml:"labels"`
		Annotations map[string]string `yaml:"annotations"`
	} `yaml:"metadata"`
	Spec struct {
		Replicas    *int           `yaml:"replicas"`
		ServiceName string         `yaml:"serviceName"`
		Selector    map[string]any `yaml:"selector"` // Services: labels; workloads: matchLabels
		Template    struct {
			Metadata struct {
				Labels      map[string]string `yaml:"labels"`
				Annotations map[string]string `yaml:"annotations"`
			} `yaml:"metadata"`
			Spec podSpec `yaml:"spec"`
		} `yaml:"template"`
		AccessModes          []string `yaml:"accessModes"` // PersistentVolumeClaims
		VolumeClaimTemplates []struct {
			Metadata struct {
				Name string `yaml:"name"`
			} `yaml:"metadata"`
			Spec struct {
				AccessModes []string `yaml:"accessModes"`
			} `yaml:"spec"`
		} `yaml:"volumeClaimTemplates"`
		ClusterIP                string        `yaml:"clusterIP"`
		PublishNotReadyAddresses bool          `yaml:"publishNotReadyAddresses"`
		Ports                    []servicePort `yaml:"ports"`
	} `yaml:"spec"`
}

type servicePort struct {
	Name       string `yaml:"name"`
	Port       int    `yaml:"port"`
	TargetPort string `yaml:"targetPort"`
}

type podSpec struct {
	AutomountServiceAccountToken *bool `yaml:"automountServiceAccountToken"`
	SecurityContext              struct {
		RunAsNonRoot *bool  `yaml:"runAsNonRoot"`
		RunAsUser    *int64 `yaml:"runAsUser"`
	} `yaml:"securityContext"`
	InitContainers []container `yaml:"initContainers"`
	Containers     []container `yaml:"containers"`
	Volumes        []struct {
		Name   string `yaml:"name"`
		Secret *struct {
			SecretName  string `yaml:"secretName"`
			DefaultMode *int   `yaml:"defaultMode"`
			Items       []struct {
				Key string `yaml:"key"`
			} `yaml:"items"`
		} `yaml:"secret"`
		EmptyDir *struct {
			Medium string `yaml:"medium"`
		} `yaml:"emptyDir"`
		PersistentVolumeClaim *struct {
			ClaimName string `yaml:"claimName"`
		} `yaml:"persistentVolumeClaim"`
	} `yaml:"volumes"`
}

type container struct {
	Name    string   `yaml:"name"`
	Image   string   `yaml:"image"`
	Command []string `yaml:"command"`
	Args    []string `yaml:"args"`
	Env     []struct {
		Name      string `yaml:"name"`
		ValueFrom *struct {
			ConfigMapKeyRef *struct {
				Name string `yaml:"name"`
				Key  string `yaml:"key"`
			} `yaml:"configMapKeyRef"`
		} `yaml:"valueFrom"`
	} `yaml:"env"`
	Ports []struct {
		Name          string `yaml:"name"`
		ContainerPort int    `yaml:"containerPort"`
	} `yaml:"ports"`
	StartupProbe    *probe                                       `yaml:"startupProbe"`
	LivenessProbe   *probe                                       `yaml:"livenessProbe"`
	ReadinessProbe  *probe                                       `yaml:"readinessProbe"`
	Resources       struct{ Requests, Limits map[string]string } `yaml:"resources"`
	SecurityContext struct {
		AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
		ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
		Capabilities             struct {
			Drop []string `yaml:"drop"`
		} `yaml:"capabilities"`
	} `yaml:"securityContext"`
	VolumeMounts []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
		ReadOnly  bool   `yaml:"readOnly"`
	} `yaml:"volumeMounts"`
}

type probe struct {
	HTTPGet *struct {
		Path string `yaml:"path"`
		Port string `yaml:"port"` // a container port's name
	} `yaml:"httpGet"`
}

// kustomization is what the checks read of a kustomization.yaml.
type kustomization struct {
	Resources []string `yaml:"resources"`
}

// overlays are the kustomizations a user applies.
var overlays = []string{"k8s/single", "k8s/disaggregated", "k8s/gateway"}

// build resolves a kustomization as "kubectl apply -k" would for what is used here (resources:
// files and directories of other kustomizations), refusing a listed resource that does not exist.
func build(dir string) ([]object, error) {
	var k kustomization
	if err := decodeStrictFile(filepath.Join(dir, "kustomization.yaml"), &k); err != nil {
		return nil, err
	}
	if len(k.Resources) == 0 {
		return nil, fmt.Errorf("%s: no resources", dir)
	}
	var objs []object
	for _, r := range k.Resources {
		p := filepath.Join(dir, r)
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("%s/kustomization.yaml lists %s: %w", dir, r, err)
		}
		if st.IsDir() {
			sub, err := build(p)
			if err != nil {
				return nil, err
			}
			objs = append(objs, sub...)
			continue
		}
		docs, err := readObjects(p)
		if err != nil {
			return nil, err
		}
		objs = append(objs, docs...)
	}
	return objs, nil
}

// decodeStrictFile decodes a kustomization, refusing fields this checker does not know, so that
// a field it would silently skip (generators, patches) is noticed and given a check.
func decodeStrictFile(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var meta struct {
		APIVersion string   `yaml:"apiVersion"`
		Kind       string   `yaml:"kind"`
		Resources  []string `yaml:"resources"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&meta); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if meta.Kind != "Kustomization" || meta.APIVersion != "kustomize.config.k8s.io/v1beta1" {
		return fmt.Errorf("%s: kind %q, apiVersion %q", path, meta.Kind, meta.APIVersion)
	}
	return yaml.Unmarshal(b, v)
}

// readObjects decodes every document of a manifest file.
func readObjects(path string) ([]object, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var objs []object
	for {
		var o object
		err := dec.Decode(&o)
		if errors.Is(err, io.EOF) {
			return objs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if o.Kind == "" || o.APIVersion == "" || o.Metadata.Name == "" {
			return nil, fmt.Errorf("%s: a document without kind, apiVersion or name", path)
		}
		o.file = path
		objs = append(objs, o)
	}
}

// TestKustomizations checks that every overlay builds (each listed resource exists and parses)
// and that every manifest file is listed by some kustomization, so none is silently left out.
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
		if o == "k8s/disaggregated" {
			checkCluster(t, objs, ws)
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
		if p == nil || p.HTTPGet == nil {
			t.Errorf("%v: no HTTP %s probe", w, kind)
			continue
		}
		if got := [2]string{p.HTTPGet.Port, p.HTTPGet.Path}; got != want {
			t.Errorf("%v: %s probe on %v, want %v", w, kind, got, want)
		}
	}
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
	if wantTenants := w.role == "single" || w.role == "router"; tenants != wantTenants {
		t.Errorf("%v: role %s with --tenants: %v; only the API (single process or router) holds the tenants file", w, w.role, tenants)
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
					for _, c := range o.Spec.Template.Spec.Containers {
						if portOf(c, sp.TargetPort) != sp.Port {
							t.Errorf("%s: Service %s port %d targets %q, which is %d in %s", s.file, s.Metadata.Name, sp.Port, sp.TargetPort, portOf(c, sp.TargetPort), o.Metadata.Name)
						}
						found = true
					}
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

// networkPolicy is what checkNetworkPolicy reads of a NetworkPolicy.
type networkPolicy struct {
	Spec struct {
		PodSelector struct {
			MatchLabels map[string]string `yaml:"matchLabels"`
		} `yaml:"podSelector"`
		PolicyTypes []string `yaml:"policyTypes"`
		Ingress     []struct {
			From  []any `yaml:"from"`
			Ports []struct {
				Port string `yaml:"port"`
			} `yaml:"ports"`
		} `yaml:"ingress"`
		Egress []struct {
			To []struct {
				PodSelector *struct {
					MatchLabels map[string]string `yaml:"matchLabels"`
				} `yaml:"podSelector"`
				NamespaceSelector any `yaml:"namespaceSelector"`
				IPBlock           *struct {
					CIDR string `yaml:"cidr"`
				} `yaml:"ipBlock"`
			} `yaml:"to"`
			Ports []struct {
				Port     int    `yaml:"port"`
				Protocol string `yaml:"protocol"`
			} `yaml:"ports"`
		} `yaml:"egress"`
	} `yaml:"spec"`
}

// TestNetworkPolicy checks the base's policy: it covers kvwarden's pods, and every rule that opens
// the metrics port (no key, server-wide numbers, opened by --metrics-allow-remote) or the node port
// names who may connect.
func TestNetworkPolicy(t *testing.T) {
	b, err := os.ReadFile("k8s/base/networkpolicy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var np networkPolicy
	if err := yaml.Unmarshal(b, &np); err != nil {
		t.Fatal(err)
	}
	if np.Spec.PodSelector.MatchLabels["app.kubernetes.io/name"] != "kvwarden" {
		t.Errorf("the policy selects %v, not kvwarden's pods", np.Spec.PodSelector.MatchLabels)
	}
	opened := map[string]bool{}
	for _, r := range np.Spec.Ingress {
		if len(r.Ports) == 0 {
			t.Error("an ingress rule without ports opens every port")
		}
		for _, p := range r.Ports {
			opened[p.Port] = true
			if (p.Port == "metrics" || p.Port == "node") && len(r.From) == 0 {
				t.Errorf("port %s is open to every source", p.Port)
			}
		}
	}
	for _, p := range []string{"api", "metrics", "node"} {
		if !opened[p] {
			t.Errorf("port %s is not opened to anyone", p)
		}
	}
	checkEgress(t, np)
}

// checkEgress checks the policy's egress: it is enforced (policyTypes), every rule names its
// ports and its destinations, the nodes' port is reached only on kvwarden's own pods, and the
// internet only on HTTPS (the model download); DNS is reachable.
func checkEgress(t *testing.T, np networkPolicy) {
	if !slices.Contains(np.Spec.PolicyTypes, "Egress") {
		t.Fatalf("policyTypes %v: egress is not restricted", np.Spec.PolicyTypes)
	}
	objs, err := build("k8s/disaggregated")
	if err != nil {
		t.Fatal(err)
	}
	nodePort := 0
	for _, w := range workloads(t, serveFlags(t), objs) {
		if w.role == "decode" {
			nodePort = portOf(w.c, "node")
		}
	}
	dns, peers := false, false
	for _, r := range np.Spec.Egress {
		if len(r.Ports) == 0 || len(r.To) == 0 {
			t.Errorf("an egress rule without ports or destinations opens them all: %+v", r)
			continue
		}
		for _, p := range r.Ports {
			for _, to := range r.To {
				switch {
				case p.Port == 53:
					dns = dns || to.NamespaceSelector != nil
				case p.Port == nodePort:
					own := to.PodSelector != nil && to.PodSelector.MatchLabels["app.kubernetes.io/name"] == "kvwarden" && to.IPBlock == nil
					if !own {
						t.Errorf("egress to the node port %d reaches more than kvwarden's pods: %+v", p.Port, to)
					}
					peers = peers || own
				case to.IPBlock != nil && p.Port != 443:
					t.Errorf("egress to %s on port %d: only HTTPS (the model download) leaves the cluster", to.IPBlock.CIDR, p.Port)
				}
			}
		}
	}
	if !dns || !peers {
		t.Errorf("egress: DNS allowed %v, the nodes' port %d on kvwarden's pods allowed %v; want both", dns, nodePort, peers)
	}
}

// checkModelVolume checks that the volume holding --model binds and is filled: a
// PersistentVolumeClaim of this overlay, or a volumeClaimTemplate, that is ReadWriteOnce (what
// any cluster's default StorageClass provisions), written by an init container that mounts it
// at the same path and downloads the file the ConfigMap kvwarden-model names to that path.
func checkModelVolume(t *testing.T, objs []object, w workload) {
	model := w.flags["model"]
	var mount string
	var volume string
	for _, m := range w.c.VolumeMounts {
		if strings.HasPrefix(model, strings.TrimSuffix(m.MountPath, "/")+"/") {
			mount, volume = m.MountPath, m.Name
		}
	}
	if volume == "" {
		t.Errorf("%v: --model %s is on no volume", w, model)
		return
	}
	var modes []string
	for _, v := range w.obj.Spec.Template.Spec.Volumes {
		if v.Name == volume && v.PersistentVolumeClaim != nil {
			for _, o := range objs {
				if o.Kind == "PersistentVolumeClaim" && o.Metadata.Name == v.PersistentVolumeClaim.ClaimName {
					modes = o.Spec.AccessModes
				}
			}
			if modes == nil {
				t.Errorf("%v: volume %s claims %q, which this overlay does not define", w, volume, v.PersistentVolumeClaim.ClaimName)
			}
		}
	}
	for _, vct := range w.obj.Spec.VolumeClaimTemplates {
		if vct.Metadata.Name == volume {
			modes = vct.Spec.AccessModes
		}
	}
	if !slices.Equal(modes, []string{"ReadWriteOnce"}) {
		t.Errorf("%v: model volume %s has access modes %v; want [ReadWriteOnce], which every default StorageClass binds", w, volume, modes)
	}
	source := configMap(objs, "kvwarden-model")
	filled := false
	for _, c := range w.obj.Spec.Template.Spec.InitContainers {
		writes := false
		for _, m := range c.VolumeMounts {
			writes = writes || (m.Name == volume && m.MountPath == mount && !m.ReadOnly)
		}
		if !writes {
			continue
		}
		env := map[string]string{}
		for _, e := range c.Env {
			if e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil && e.ValueFrom.ConfigMapKeyRef.Name == "kvwarden-model" {
				env[e.Name] = e.ValueFrom.ConfigMapKeyRef.Key
			}
		}
		script := strings.Join(append(slices.Clone(c.Command), c.Args...), " ")
		filled = env["MODEL_URL"] == "url" && env["MODEL_SHA256"] == "sha256" && strings.Contains(script, model) &&
			strings.Contains(script, "sha256sum -c")
		if !filled {
			t.Errorf("%v: init container %s writes the model volume but does not download ConfigMap kvwarden-model's url to %s and check its sha256", w, c.Name, model)
		}
	}
	if !filled {
		t.Errorf("%v: nothing fills the model volume %s", w, volume)
	}
	if _, ok := source["url"]; !ok {
		t.Errorf("%v: no ConfigMap kvwarden-model with url and sha256", w)
	} else if _, ok := source["sha256"]; !ok {
		t.Errorf("%v: ConfigMap kvwarden-model has no sha256", w)
	}
}

// configMap returns the data of the overlay's ConfigMap of that name, nil if none.
func configMap(objs []object, name string) map[string]string {
	for _, o := range objs {
		if o.Kind != "ConfigMap" || o.Metadata.Name != name {
			continue
		}
		b, err := os.ReadFile(o.file)
		if err != nil {
			return nil
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		for {
			var cm struct {
				Kind     string `yaml:"kind"`
				Metadata struct {
					Name string `yaml:"name"`
				} `yaml:"metadata"`
				Data map[string]string `yaml:"data"`
			}
			if dec.Decode(&cm) != nil {
				return nil
			}
			if cm.Kind == "ConfigMap" && cm.Metadata.Name == name {
				return cm.Data
			}
		}
	}
	return nil
}

// checkScrapedOnce checks that Prometheus finds each kvwarden pod exactly once: by its pod
// annotations, with no annotated Service selecting it (service-endpoints discovery would scrape
// it a second time) and no ServiceMonitor or PodMonitor beside them.
func checkScrapedOnce(t *testing.T, objs []object, ws []workload) {
	for _, o := range objs {
		if o.Kind == "ServiceMonitor" || o.Kind == "PodMonitor" {
			t.Errorf("%s: %s %s scrapes pods the annotations already have scraped", o.file, o.Kind, o.Metadata.Name)
		}
	}
	for _, w := range ws {
		for _, s := range objs {
			if s.Kind == "Service" && s.Metadata.Annotations["prometheus.io/scrape"] == "true" && selects(s.Spec.Selector, w.obj.Spec.Template.Metadata.Labels) {
				t.Errorf("%v: scraped twice: by its pod annotations and through Service %s", w, s.Metadata.Name)
			}
		}
	}
}

// pinned is an image reference that cannot move: a digest, or an exact release tag.
var pinned = regexp.MustCompile(`(@sha256:[0-9a-f]{64}|:v?[0-9]+\.[0-9]+\.[0-9]+)$`)

// checkImagesPinned checks every container image but kvwarden's own (built from
// deploy/Containerfile) names a digest or an exact release: a moving tag ("latest", "debug")
// changes what runs with no change here.
func checkImagesPinned(t *testing.T, objs []object) {
	for _, o := range objs {
		ps := o.Spec.Template.Spec
		for _, c := range append(slices.Clone(ps.InitContainers), ps.Containers...) {
			if c.Image != "" && !strings.HasPrefix(c.Image, "kvwarden:") && !pinned.MatchString(c.Image) {
				t.Errorf("%s: container %s: image %s is not pinned (want a digest or an exact release tag)", o.file, c.Name, c.Image)
			}
		}
	}
}

package deploy_test

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

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
			// The pd-sidecar image is built here too (deploy/pd-sidecar.Containerfile), tagged with
			// its source's exact commit (checkSidecar).
			own := strings.HasPrefix(c.Image, "kvwarden:") || c.Image == pdSidecarImage+":"+pdSidecarCommit
			if c.Image != "" && !own && !pinned.MatchString(c.Image) {
				t.Errorf("%s: container %s: image %s is not pinned (want a digest or an exact release tag)", o.file, c.Name, c.Image)
			}
		}
	}
}

package deploy_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"go.yaml.in/yaml/v3"
)

// The parts of the Kubernetes objects the checks read; everything else is ignored.
type object struct {
	file       string
	raw        map[string]any // the whole document, which patches change (patch_test.go)
	Kind       string         `yaml:"kind"`
	APIVersion string         `yaml:"apiVersion"`
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
		ConfigMap *struct {
			Name string `yaml:"name"`
		} `yaml:"configMap"`
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
			FieldRef *struct {
				FieldPath string `yaml:"fieldPath"`
			} `yaml:"fieldRef"`
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
	Resources []string   `yaml:"resources"`
	Patches   []patchRef `yaml:"patches"`
}

// overlays are the kustomizations a user applies.
var overlays = []string{"k8s/single", "k8s/disaggregated", "k8s/gateway", "k8s/llm-d", "k8s/llm-d-lora"}

// build resolves a kustomization as "kubectl apply -k" would for what is used here (resources:
// files and directories of other kustomizations, then JSON patches of the objects they name),
// refusing a listed resource that does not exist.
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
	for _, p := range k.Patches {
		if err := applyPatch(objs, dir, p); err != nil {
			return nil, err
		}
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
		APIVersion string     `yaml:"apiVersion"`
		Kind       string     `yaml:"kind"`
		Resources  []string   `yaml:"resources"`
		Patches    []patchRef `yaml:"patches"`
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
		var raw map[string]any
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) {
			return objs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		o, err := decodeObject(raw)
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

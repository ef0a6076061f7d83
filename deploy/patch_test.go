package deploy_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// patchRef is a kustomization's patches entry: a file of JSON patch operations (RFC 6902) and the
// object it changes, named by kind and name (any other way to target one is refused as unknown).
type patchRef struct {
	Path   string `yaml:"path"`
	Target struct {
		Kind string `yaml:"kind"`
		Name string `yaml:"name"`
	} `yaml:"target"`
}

// patchOp is one JSON patch operation. The checker applies "add", the only one the overlays use;
// it refuses the others rather than check a manifest it did not build as kustomize would.
type patchOp struct {
	Op    string `yaml:"op"`
	Path  string `yaml:"path"`
	Value any    `yaml:"value"`
}

// decodeObject reads the parts of raw that the checks read, keeping raw for patches.
func decodeObject(raw map[string]any) (object, error) {
	b, err := yaml.Marshal(raw)
	if err != nil {
		return object{}, err
	}
	var o object
	if err := yaml.Unmarshal(b, &o); err != nil {
		return object{}, err
	}
	o.raw = raw
	return o, nil
}

// applyPatch applies the patch p of the kustomization in dir to the one object it targets.
func applyPatch(objs []object, dir string, p patchRef) error {
	path := filepath.Join(dir, p.Path)
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s/kustomization.yaml patches with %s: %w", dir, p.Path, err)
	}
	var ops []patchOp
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&ops); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	i := slices.IndexFunc(objs, func(o object) bool { return o.Kind == p.Target.Kind && o.Metadata.Name == p.Target.Name })
	if i < 0 {
		return fmt.Errorf("%s: patch %s targets %s/%s, which no resource defines", dir, p.Path, p.Target.Kind, p.Target.Name)
	}
	raw := objs[i].raw
	for _, op := range ops {
		if op.Op != "add" {
			return fmt.Errorf("%s: op %q: this checker applies add only", path, op.Op)
		}
		keys := strings.Split(strings.TrimPrefix(op.Path, "/"), "/")
		if !strings.HasPrefix(op.Path, "/") || slices.Contains(keys, "") {
			return fmt.Errorf("%s: path %q", path, op.Path)
		}
		changed, err := addAt(raw, keys, op.Value)
		if err != nil {
			return fmt.Errorf("%s: add %s: %w", path, op.Path, err)
		}
		raw = changed.(map[string]any)
	}
	o, err := decodeObject(raw)
	if err != nil {
		return fmt.Errorf("%s: the patched %s/%s: %w", path, p.Target.Kind, p.Target.Name, err)
	}
	o.file = path + " on " + objs[i].file
	objs[i] = o
	return nil
}

// addAt adds value at the JSON pointer keys below node (a map's key set, a list's index inserted
// or "-" appended) and returns the changed node; every parent must exist, as RFC 6902 requires.
func addAt(node any, keys []string, value any) (any, error) {
	key := strings.NewReplacer("~1", "/", "~0", "~").Replace(keys[0])
	last := len(keys) == 1
	switch n := node.(type) {
	case map[string]any:
		if last {
			n[key] = value
			return n, nil
		}
		child, ok := n[key]
		if !ok {
			return nil, fmt.Errorf("no %q", key)
		}
		changed, err := addAt(child, keys[1:], value)
		n[key] = changed
		return n, err
	case []any:
		if last && key == "-" {
			return append(n, value), nil
		}
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i > len(n) || !last && i == len(n) {
			return nil, fmt.Errorf("index %q of a list of %d", key, len(n))
		}
		if last {
			return slices.Insert(n, i, value), nil
		}
		changed, err := addAt(n[i], keys[1:], value)
		n[i] = changed
		return n, err
	}
	return nil, fmt.Errorf("%q below a value that is neither a map nor a list", key)
}

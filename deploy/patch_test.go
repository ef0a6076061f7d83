package deploy_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

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

// patchOp is one JSON patch operation. The checker applies "add", "test" and "replace", the ones the
// overlays use; it refuses the others rather than check a manifest it did not build as kustomize would.
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
		keys := strings.Split(strings.TrimPrefix(op.Path, "/"), "/")
		if !strings.HasPrefix(op.Path, "/") || slices.Contains(keys, "") {
			return fmt.Errorf("%s: path %q", path, op.Path)
		}
		var err error
		switch op.Op {
		case "add":
			var changed any
			if changed, err = addAt(raw, keys, op.Value); err == nil {
				raw = changed.(map[string]any)
			}
		case "test", "replace":
			err = testOrReplace(raw, keys, op)
		default:
			return fmt.Errorf("%s: op %q: this checker applies add, test and replace only", path, op.Op)
		}
		if err != nil {
			return fmt.Errorf("%s: %s %s: %w", path, op.Op, op.Path, err)
		}
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
	key := unescapePointer(keys[0])
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

// testOrReplace applies a "test" (the value at keys must equal op.Value, or the whole patch fails)
// or a "replace" (the value at keys, which must exist, becomes op.Value) below node.
func testOrReplace(node any, keys []string, op patchOp) error {
	old, err := valueAt(node, keys)
	if err != nil {
		return err
	}
	if op.Op == "test" {
		if !reflect.DeepEqual(old, op.Value) {
			return fmt.Errorf("the value is %v, not %v", old, op.Value)
		}
		return nil
	}
	parent, _ := valueAt(node, keys[:len(keys)-1]) // exists: valueAt went through it
	key := unescapePointer(keys[len(keys)-1])
	switch n := parent.(type) {
	case map[string]any:
		n[key] = op.Value
	case []any:
		i, _ := strconv.Atoi(key) // an index valueAt checked
		n[i] = op.Value
	}
	return nil
}

// valueAt is the value at the JSON pointer keys below node.
func valueAt(node any, keys []string) (any, error) {
	for _, k := range keys {
		key := unescapePointer(k)
		switch n := node.(type) {
		case map[string]any:
			v, ok := n[key]
			if !ok {
				return nil, fmt.Errorf("no %q", key)
			}
			node = v
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(n) {
				return nil, fmt.Errorf("index %q of a list of %d", key, len(n))
			}
			node = n[i]
		default:
			return nil, fmt.Errorf("%q below a value that is neither a map nor a list", key)
		}
	}
	return node, nil
}

// unescapePointer decodes a JSON pointer's reference token (RFC 6901: ~1 is /, ~0 is ~).
func unescapePointer(k string) string { return strings.NewReplacer("~1", "/", "~0", "~").Replace(k) }

// TestJSONPatchOps: the checker applies add, test and replace as RFC 6902 says (a test that does
// not match, or a replace of nothing, fails the whole patch, as kustomize fails the build) and
// refuses the operations it does not apply.
func TestJSONPatchOps(t *testing.T) {
	for _, c := range []struct {
		name, ops, want, err string
	}{
		{"test then replace", `[{op: test, path: /spec/args/1, value: --b=}, {op: replace, path: /spec/args/1, value: --b=x}]`, "[--a --b=x --c]", ""},
		{"test fails", `[{op: test, path: /spec/args/1, value: --a}, {op: replace, path: /spec/args/1, value: --b=x}]`, "", "not --a"},
		{"replace past the end", `[{op: replace, path: /spec/args/3, value: --d}]`, "", "index"},
		{"replace a missing key", `[{op: replace, path: /spec/env, value: []}]`, "", `no "env"`},
		{"add appends", `[{op: add, path: /spec/args/-, value: --d}]`, "[--a --b= --c --d]", ""},
		{"remove is refused", `[{op: remove, path: /spec/args/0}]`, "", "add, test and replace only"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "p.yaml"), []byte(c.ops), 0o644); err != nil {
				t.Fatal(err)
			}
			raw := map[string]any{"kind": "Deployment", "metadata": map[string]any{"name": "d"},
				"spec": map[string]any{"args": []any{"--a", "--b=", "--c"}}}
			o, err := decodeObject(raw)
			if err != nil {
				t.Fatal(err)
			}
			objs := []object{o}
			var ref patchRef
			ref.Path, ref.Target.Kind, ref.Target.Name = "p.yaml", "Deployment", "d"
			err = applyPatch(objs, dir, ref)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one naming %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(objs[0].raw["spec"].(map[string]any)["args"]); got != c.want {
				t.Errorf("args %s, want %s", got, c.want)
			}
		})
	}
}

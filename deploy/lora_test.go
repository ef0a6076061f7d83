package deploy_test

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// loraSource is the ConfigMap that pins each LoRA adapter file's SHA-256 and URL.
const loraSource = "kvwarden-lora"

// loraProblems checks the nodes' LoRA adapters: each --lora NAME=FILE is a file that an init step
// fills from ConfigMap kvwarden-lora (a key for the file, its SHA-256 checked), so every pod loads
// the bytes the ConfigMap pins; and every prefill and decode node has the same --lora flags (and
// --lora-mem, --lora-max-adapters), since a decode node refuses KV computed under other adapter
// bytes, and a router serves an adapter only where a prefill and a decode node both hold it.
func loraProblems(objs []object, ws []workload) []string {
	var out []string
	var first *workload
	for i, w := range ws {
		if w.role != "prefill" && w.role != "decode" {
			if _, ok := w.flags["lora"]; ok && w.role == "router" {
				out = append(out, fmt.Sprintf("%v: a router takes no --lora: it serves its nodes' adapters", w))
			}
			continue
		}
		out = append(out, loraFileProblems(objs, w)...)
		if first == nil {
			first = &ws[i]
			continue
		}
		for _, f := range []string{"lora", "lora-mem", "lora-max-adapters"} {
			if a, b := sortedLines(first.flags[f]), sortedLines(w.flags[f]); !slices.Equal(a, b) {
				out = append(out, fmt.Sprintf("%v --%s %q, %v --%s %q: a decode node refuses KV computed under other adapter bytes, "+
					"and an adapter is served only where a prefill and a decode node both hold it", first, f, a, w, f, b))
			}
		}
	}
	return out
}

// loraFileProblems checks that each of w's --lora files is on a read-only mount that an init
// container fills from ConfigMap kvwarden-lora, checking the file's SHA-256.
func loraFileProblems(objs []object, w workload) []string {
	var out []string
	source := configMap(objs, loraSource)
	for _, v := range sortedLines(w.flags["lora"]) {
		name, file, ok := strings.Cut(v, "=")
		if !ok || name == "" || !path.IsAbs(file) {
			out = append(out, fmt.Sprintf("%v: --lora %q: want NAME=/path/FILE", w, v))
			continue
		}
		mount, volume := "", ""
		for _, m := range w.c.VolumeMounts {
			if m.ReadOnly && path.Dir(file) == path.Clean(m.MountPath) {
				mount, volume = m.MountPath, m.Name
			}
		}
		if volume == "" {
			out = append(out, fmt.Sprintf("%v: --lora %s: the file's directory is no read-only volume mount", w, v))
			continue
		}
		if _, ok := source[path.Base(file)]; !ok {
			out = append(out, fmt.Sprintf("%v: --lora %s: ConfigMap %s has no key %s (its SHA-256 and URL)", w, v, loraSource, path.Base(file)))
		}
		if !fillsFromSource(w, volume, mount) {
			out = append(out, fmt.Sprintf("%v: --lora %s: no init container fills volume %s at %s from ConfigMap %s with the files' sha256 checked",
				w, v, volume, mount, loraSource))
		}
	}
	return out
}

// fillsFromSource reports whether an init container of w's pod writes volume at mount, reads
// ConfigMap kvwarden-lora from a read-only mount, and checks the files' SHA-256.
func fillsFromSource(w workload, volume, mount string) bool {
	ps := w.obj.Spec.Template.Spec
	fromSource := map[string]bool{} // volumes of the ConfigMap
	for _, v := range ps.Volumes {
		fromSource[v.Name] = v.ConfigMap != nil && v.ConfigMap.Name == loraSource
	}
	for _, c := range ps.InitContainers {
		writes, reads := false, false
		for _, m := range c.VolumeMounts {
			writes = writes || m.Name == volume && m.MountPath == mount && !m.ReadOnly
			reads = reads || fromSource[m.Name] && m.ReadOnly
		}
		if writes && reads && strings.Contains(strings.Join(append(slices.Clone(c.Command), c.Args...), " "), "sha256sum -c") {
			return true
		}
	}
	return false
}

// sortedLines are a repeatable flag's values (parseArgs joins them with newlines), sorted.
func sortedLines(s string) []string {
	if s == "" {
		return nil
	}
	return slices.Sorted(slices.Values(strings.Split(s, "\n")))
}

// TestLoRAOverlay: the llm-d-lora overlay's nodes load an adapter, the same on both roles, and the
// tenant command its header gives grants exactly the adapters they load; the checks find the
// manifests where the prefill and decode nodes' adapters differ.
func TestLoRAOverlay(t *testing.T) {
	known := serveFlags(t)
	load := func(t *testing.T) ([]object, []workload, *workload) {
		objs, err := build("k8s/llm-d-lora")
		if err != nil {
			t.Fatal(err)
		}
		ws := workloads(t, known, objs)
		i := slices.IndexFunc(ws, func(w workload) bool { return w.role == "decode" })
		if i < 0 {
			t.Fatal("no decode node")
		}
		return objs, ws, &ws[i]
	}
	objs, ws, dec := load(t)
	if p := loraProblems(objs, ws); len(p) != 0 {
		t.Fatalf("the overlay: %q", p)
	}
	var names []string
	for _, v := range sortedLines(dec.flags["lora"]) {
		name, _, _ := strings.Cut(v, "=")
		names = append(names, name)
	}
	header, err := os.ReadFile("k8s/llm-d-lora/kustomization.yaml")
	if err != nil {
		t.Fatal(err)
	}
	grant := regexp.MustCompile(`kvwarden tenant add .*--adapters (\S+)`).FindSubmatch(header)
	if len(names) == 0 || grant == nil || !slices.Equal(sortedLines(strings.ReplaceAll(string(grant[1]), ",", "\n")), names) {
		t.Errorf("the nodes load adapters %q; the header's tenant add grants %q", names, grant)
	}
	for _, c := range []struct {
		name   string
		mutate func(dec *workload)
		want   string
	}{
		{"the decode node loads another file under the name", func(dec *workload) {
			dec.flags["lora"] = strings.Replace(dec.flags["lora"], ".gguf", "-v2.gguf", 1)
		}, "--lora"},
		{"the decode node lacks the adapter", func(dec *workload) { delete(dec.flags, "lora") }, "--lora"},
		{"the decode node loads one more", func(dec *workload) { dec.flags["lora"] += "\nextra=/lora/acme-support.gguf" }, "--lora"},
		{"the decode node fills its files from another ConfigMap", func(dec *workload) {
			for _, v := range dec.obj.Spec.Template.Spec.Volumes {
				if v.ConfigMap != nil {
					v.ConfigMap.Name = "kvwarden-lora-decode"
				}
			}
		}, "no init container fills"},
	} {
		t.Run(c.name, func(t *testing.T) {
			objs, ws, dec := load(t)
			c.mutate(dec)
			p := loraProblems(objs, ws)
			if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
				t.Errorf("problems %q, want one naming %q", p, c.want)
			}
		})
	}
}

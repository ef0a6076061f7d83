package deploy_test

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/kvwarden/kvwarden/internal/testenv"
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
	return append(out, loraEPPProblems(objs, first != nil && first.flags["lora"] != "")...)
}

// loraInfoSeries is vLLM's series of the adapters with running and waiting requests, which kvwarden
// serves while it holds --lora adapters (TestLoRAOverlay reads it from the binary) and the EPP's
// LoRA-affinity scorer reads through --lora-info-metric.
const loraInfoSeries = "vllm:lora_requests_info"

// loraEPPProblems checks the llm-d EPP against the nodes' adapters: where they serve adapters, it
// reads loraInfoSeries and its profiles score with lora-affinity-scorer (a request goes where its
// adapter already runs, other scores allowing); where they serve none, it names no series, since
// the nodes serve none.
func loraEPPProblems(objs []object, adapters bool) []string {
	i := slices.IndexFunc(objs, func(o object) bool {
		return o.Kind == "Deployment" && len(o.Spec.Template.Spec.Containers) > 0 &&
			strings.HasPrefix(o.Spec.Template.Spec.Containers[0].Image, llmdEPPImage+":")
	})
	if i < 0 {
		return nil
	}
	flags := map[string]string{}
	for _, a := range objs[i].Spec.Template.Spec.Containers[0].Args {
		k, v, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		flags[k] = v
	}
	where := objs[i].file + ": the EPP"
	want := ""
	if adapters {
		want = loraInfoSeries
	}
	var out []string
	if got := flags["lora-info-metric"]; got != want {
		out = append(out, fmt.Sprintf("%s's --lora-info-metric %q: the nodes serve adapters: %v, want %q", where, got, adapters, want))
	}
	var cfg eppConfig
	if err := yaml.Unmarshal([]byte(flags["config-text"]), &cfg); err != nil {
		return append(out, fmt.Sprintf("%s's --config-text: %v", where, err))
	}
	for _, p := range cfg.SchedulingProfiles {
		scored := slices.ContainsFunc(p.Plugins, func(r profilePlugin) bool { return r.PluginRef == "lora-affinity-scorer" && r.Weight > 0 })
		if adapters && !scored {
			out = append(out, fmt.Sprintf("%s's profile %s: no lora-affinity-scorer with a weight, so --lora-info-metric is read for nothing", where, p.Name))
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
	// The EPP: it must read the adapters' series and score with it.
	for _, c := range []struct {
		name, old, new, want string
	}{
		{"the EPP reads no LoRA series", "--lora-info-metric=" + loraInfoSeries, "--lora-info-metric=", "--lora-info-metric"},
		{"the EPP reads another series", "--lora-info-metric=" + loraInfoSeries, "--lora-info-metric=vllm:lora_info", "--lora-info-metric"},
		{"the EPP's prefill profile does not score with it", "- pluginRef: lora-affinity-scorer\n    weight: 1\n  - pluginRef: max-score-picker\n- name: decode", "- pluginRef: max-score-picker\n- name: decode", "profile prefill: no lora-affinity-scorer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			objs, ws, _ := load(t)
			changed := false
			for _, o := range objs {
				if o.Kind != "Deployment" {
					continue
				}
				args := o.Spec.Template.Spec.Containers[0].Args
				for i, a := range args {
					if r := strings.Replace(a, c.old, c.new, 1); r != a {
						args[i], changed = r, true
					}
				}
			}
			if !changed {
				t.Fatalf("no EPP argument holds %q", c.old)
			}
			p := loraProblems(objs, ws)
			if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
				t.Errorf("problems %q, want one naming %q", p, c.want)
			}
		})
	}
}

// TestLoRAInfoMetricServed: a node serving a LoRA adapter (stories260K and one of the shared
// adapters) serves loraInfoSeries with the labels the EPP's LoRA-affinity scorer reads, the
// series the llm-d-lora overlay's EPP names (loraEPPProblems).
func TestLoRAInfoMetricServed(t *testing.T) {
	addrs := start(t, []string{"serve", "--dev", "--model", testenv.Model(t, "stories260K.gguf"),
		"--lora", "story=" + testenv.Model(t, "lora/stories260K-lora-a.gguf"), "--addr", "127.0.0.1:0"})
	f := scrapeMetrics(t, addrs)[loraInfoSeries]
	if f == nil || len(f.GetMetric()) != 1 {
		t.Fatalf("%s: %v, want one series", loraInfoSeries, f)
	}
	labels := map[string]string{}
	for _, l := range f.GetMetric()[0].GetLabel() {
		labels[l.GetName()] = l.GetValue()
	}
	// The scorer reads these three (GIE's metrics extractor): the adapters by name, and the most
	// that can run at once.
	if _, ok := labels["running_lora_adapters"]; !ok || labels["max_lora"] != "1" || len(labels) != 3 {
		t.Errorf("%s labels %v: want running_lora_adapters, waiting_lora_adapters and max_lora 1", loraInfoSeries, labels)
	}
}

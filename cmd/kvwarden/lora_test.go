package main

import (
	"log/slog"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

func TestParseLoRA(t *testing.T) {
	for _, c := range []struct {
		name  string
		specs []string
		want  string // "" for success, else part of the error
	}{
		{"two adapters", []string{"sql=/a.gguf", "org/chat-v1=/b.gguf"}, ""},
		{"path with '='", []string{"sql=/dir=x/a.gguf"}, ""},
		{"no file", []string{"sql"}, "want NAME=FILE"},
		{"empty file", []string{"sql="}, "want NAME=FILE"},
		{"empty name", []string{"=/a.gguf"}, "invalid adapter name"},
		{"space in name", []string{"my lora=/a.gguf"}, "invalid adapter name"},
		{"name twice", []string{"sql=/a.gguf", "sql=/b.gguf"}, "given twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mods, err := parseLoRA(c.specs)
			if c.want == "" {
				if err != nil || len(mods) != len(c.specs) {
					t.Fatalf("got %v, %v", mods, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "--lora") {
				t.Fatalf("err %v, want it to name --lora and say %q", err, c.want)
			}
		})
	}
}

// TestLoadAdaptersRefusesABadFile: a bad adapter stops the start with an error naming the flag,
// the file, the tensor and the reason.
func TestLoadAdaptersRefusesABadFile(t *testing.T) {
	m, _, _ := testmodel.Open(t, testmodel.Demo)
	good := testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 1})
	bad := testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 2, NaN: true})
	got, err := loadAdapters(loraPlan{mods: []loraModule{{"good", good}}, limit: 1 << 30}, m)
	if err != nil || got["good"] == nil || !got["good"].LoadedFor(m) {
		t.Fatalf("good adapter: %v, %v", got, err)
	}
	_, err = loadAdapters(loraPlan{mods: []loraModule{{"good", good}, {"bad", bad}}, limit: 1 << 30}, m)
	for _, want := range []string{"--lora bad", bad, "tensor blk.0.attn_q.weight.lora_a", "must be finite"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("err %v, want it to contain %q", err, want)
		}
	}
	_, err = loadAdapters(loraPlan{mods: []loraModule{{"missing", bad + ".nope"}}, limit: 1 << 30}, m)
	if err == nil || !strings.Contains(err.Error(), "--lora missing") {
		t.Fatalf("missing file: %v", err)
	}
}

// TestAdapterReload: a reload picks up an adapter's new file, keeps the weights of one whose file
// broke (logging why) without touching the other adapter, and keeps the pointer of one unchanged.
func TestAdapterReload(t *testing.T) {
	m, _, _ := testmodel.Open(t, testmodel.Demo)
	pathA := testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 1})
	pathB := testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 2})
	mods := []loraModule{{"a", pathA}, {"b", pathB}}
	live, err := loadAdapters(loraPlan{mods: mods, limit: 1 << 30}, m)
	if err != nil {
		t.Fatal(err)
	}
	set := &loadedAdapters{loraPlan: loraPlan{mods: mods, limit: 1 << 30}, base: m, live: live}
	logs := &testenv.LogBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	oldA, oldB := live["a"], live["b"]

	copyFile(t, testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 3, NaN: true}), pathA)
	got := set.reload(log)
	if got["a"] != oldA || got["b"] != oldB {
		t.Fatal("a broken file replaced its adapter, or an unchanged one was reloaded")
	}
	if !strings.Contains(logs.String(), "adapter=a") || !strings.Contains(logs.String(), "must be finite") {
		t.Fatalf("the broken adapter's error is not logged:\n%s", logs)
	}
	copyFile(t, testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 4}), pathA)
	got = set.reload(log)
	if got["a"] == oldA || got["a"].Fingerprint == oldA.Fingerprint || got["b"] != oldB {
		t.Fatal("a reload did not pick up the adapter's new file")
	}
	if live["a"] != oldA {
		t.Fatal("a reload changed the map a server was given")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestLoRACaps: more adapters than --lora-max-adapters, or more bytes than --lora-mem, at start
// or at a reload, are refused with an error naming the flag.
func TestLoRACaps(t *testing.T) {
	f := loraFlags{specs: []string{"a=/a.gguf", "b=/b.gguf"}, maxAdapters: 1, mem: "1GiB"}
	if _, err := f.parse(); err == nil || !strings.Contains(err.Error(), "--lora-max-adapters 1") {
		t.Fatalf("count cap: %v", err)
	}
	f = loraFlags{specs: f.specs, maxAdapters: 2, mem: "0"}
	if _, err := f.parse(); err == nil || !strings.Contains(err.Error(), "--lora-mem") {
		t.Fatalf("bad --lora-mem: %v", err)
	}
	f = loraFlags{specs: f.specs, maxAdapters: 2, mem: "1GiB", dtype: "bf16"}
	if _, err := f.parse(); err == nil || !strings.Contains(err.Error(), `--lora-dtype: LoRA dtype "bf16": want auto or f16`) {
		t.Fatalf("bad --lora-dtype: %v", err)
	}

	m, _, _ := testmodel.Open(t, testmodel.Demo)
	pathA := testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 1})
	pathB := testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 2})
	one, err := loadAdapters(loraPlan{mods: []loraModule{{"a", pathA}}, limit: 1 << 30}, m)
	if err != nil {
		t.Fatal(err)
	}
	size := adapterBytes(one["a"])
	if size <= 0 {
		t.Fatalf("adapter bytes %d", size)
	}
	mods := []loraModule{{"a", pathA}, {"b", pathB}}
	if _, err := loadAdapters(loraPlan{mods: mods, limit: 2*size - 1}, m); err == nil || !strings.Contains(err.Error(), "--lora b") || !strings.Contains(err.Error(), "--lora-mem") {
		t.Fatalf("byte cap: %v", err)
	}
	live, err := loadAdapters(loraPlan{mods: mods, limit: 2 * size}, m)
	if err != nil {
		t.Fatal(err)
	}
	// A reload whose new file is larger than the cap leaves room for keeps the old weights.
	set := &loadedAdapters{loraPlan: loraPlan{mods: mods, limit: 2 * size}, base: m, live: live}
	bigger := testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 5, Rank: 8})
	copyFile(t, bigger, pathA)
	logs := &testenv.LogBuffer{}
	if got := set.reload(slog.New(slog.NewTextHandler(logs, nil))); got["a"] != live["a"] || !strings.Contains(logs.String(), "--lora-mem") {
		t.Fatalf("a reload past --lora-mem was applied:\n%s", logs)
	}
}

// TestCapacityReportsAdapters: capacity --lora loads the adapters as serve would and reports the
// bytes they hold; past --lora-mem it fails as serve's start does.
func TestCapacityReportsAdapters(t *testing.T) {
	model := selfmade.Llama.Path(t)
	adapter := testmodel.WriteAdapterFor(t, model, testmodel.AdapterSpec{Seed: 1})
	base := []string{"--model", model, "--kv-mem", "8MiB", "--lora", "a=" + adapter}
	out, _, err := run(newCapacityCmd(), base...)
	if err != nil || !strings.Contains(out, "LoRA adapters        1\n") || !strings.Contains(out, "LoRA adapter bytes   ") || !strings.Contains(out, "KV pool + adapters   ") {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, _, err := run(newCapacityCmd(), append(base, "--lora-mem", "1KiB")...); err == nil || !strings.Contains(err.Error(), "--lora-mem") {
		t.Fatalf("past --lora-mem: %v", err)
	}
	// --lora-dtype f16 holds the F32 file's weights in half the bytes.
	halves, _, err := run(newCapacityCmd(), append(base, "--lora-dtype", "f16")...)
	if err != nil {
		t.Fatal(err)
	}
	if f32, f16 := adapterBytesLine(t, out), adapterBytesLine(t, halves); 2*f16 != f32 {
		t.Fatalf("LoRA adapter bytes: %d with --lora-dtype f16, %d without; want half", f16, f32)
	}
}

// adapterBytesLine reads the bytes of capacity's "LoRA adapter bytes" line.
func adapterBytesLine(t *testing.T, out string) int64 {
	t.Helper()
	for line := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(line, "LoRA adapter bytes"); ok {
			digits, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
			if n, err := strconv.ParseInt(strings.ReplaceAll(digits, ",", ""), 10, 64); err == nil {
				return n
			}
		}
	}
	t.Fatalf("no LoRA adapter bytes line in:\n%s", out)
	return 0
}

//go:build devtools

package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fakeLlamaBenchEnv, when set, makes the test binary act as llama-bench (see fakeLlamaBench);
// its value is a file each run appends a line to.
const fakeLlamaBenchEnv = "KVWARDEN_FAKE_LLAMA_BENCH"

func TestMain(m *testing.M) {
	if log := os.Getenv(fakeBatchedBenchEnv); log != "" && slices.Contains(os.Args, "-npp") {
		os.Exit(fakeBatchedBench(log, os.Args[1:]))
	}
	if log := os.Getenv(fakeLlamaBenchEnv); log != "" {
		os.Exit(fakeLlamaBench(log, os.Args[1:]))
	}
	if log := os.Getenv(fakeLlamaServerEnv); log != "" {
		os.Exit(fakeLlamaServer(log, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// Fake llama-bench timings: a prompt token takes 1 ms and a generated token 10 ms alone or 20 ms
// after a prompt, so the fake reports pp 1000 tokens/s, tg 100 and tg at any depth 50.
const (
	fakePromptNs = 1e6
	fakeGenNs    = 1e7
	fakeDepthNs  = 2e7
)

// fakeLlamaBench reads the arguments llama-bench (c392e50) takes and prints its -o json output.
func fakeLlamaBench(log string, args []string) int {
	if !logRun(log, "llama-bench", args) {
		return 1
	}
	if os.Getenv(fakeLlamaBenchEnv+"_FAIL") != "" {
		fmt.Fprintln(os.Stderr, "llama_model_load: error loading model: unknown model architecture")
		return 1
	}
	var (
		model, threads, out string
		recs                []map[string]any
	)
	rec := func(p, g int, ns float64) {
		th, _ := strconv.Atoi(threads)
		recs = append(recs, map[string]any{"build_commit": "c392e50", "model_filename": model, "n_threads": th,
			"type_k": "f16", "type_v": "f16", "n_prompt": p, "n_gen": g, "avg_ns": ns, "samples_ns": []float64{ns}})
	}
	var ps, ns []int
	var pgs [][2]int
	for i := 0; i+1 < len(args); i += 2 {
		v := args[i+1]
		ints := func() []int {
			var out []int
			for s := range strings.SplitSeq(v, ",") {
				n, _ := strconv.Atoi(s)
				out = append(out, n)
			}
			return out
		}
		switch args[i] {
		case "-m":
			model = v
		case "-t":
			threads = v
		case "-o":
			out = v
		case "-p":
			ps = append(ps, ints()...)
		case "-n":
			ns = append(ns, ints()...)
		case "-pg":
			pg := ints()
			pgs = append(pgs, [2]int{pg[0], pg[1]})
		}
	}
	if out != "json" {
		fmt.Fprintln(os.Stderr, "the fake speaks only -o json")
		return 1
	}
	for _, p := range ps {
		rec(p, 0, float64(p)*fakePromptNs)
	}
	for _, n := range ns {
		rec(0, n, float64(n)*fakeGenNs)
	}
	for _, pg := range pgs {
		rec(pg[0], pg[1], float64(pg[0])*fakePromptNs+float64(pg[1])*fakeDepthNs)
	}
	b, _ := json.MarshalIndent(recs, "", "  ")
	os.Stdout.Write(b)
	return 0
}

// fakeBatchedBenchEnv, when set, makes the test binary called with -npp act as llama-batched-bench: the header on
// stdout and the table on stderr (as ik_llama.cpp prints it), tg at any depth 50 tokens/s.
const fakeBatchedBenchEnv = "KVWARDEN_FAKE_LLAMA_BATCHED_BENCH"

func fakeBatchedBench(log string, args []string) int {
	if !logRun(log, "llama-batched-bench", args) {
		return 1
	}
	var threads, npp, ntg, npl string
	for i := 0; i+1 < len(args); i += 2 {
		switch args[i] {
		case "-t":
			threads = args[i+1]
		case "-npp":
			npp = args[i+1]
		case "-ntg":
			ntg = args[i+1]
		case "-npl":
			npl = args[i+1]
		}
	}
	fmt.Printf("\nmain: n_kv_max = 4224, n_batch = 2048, n_ubatch = 512, flash_attn = 0, is_pp_shared = 0, n_gpu_layers = -1, n_threads = %s, n_threads_batch = %s\n\n", threads, threads)
	fmt.Fprintln(os.Stderr, "|    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |")
	fmt.Fprintln(os.Stderr, "|-------|--------|------|--------|----------|----------|----------|----------|----------|----------|")
	tg, _ := strconv.Atoi(ntg)
	for p := range strings.SplitSeq(npp, ",") {
		pp, _ := strconv.Atoi(p)
		tPP, tTG := float64(pp)*fakePromptNs/1e9, float64(tg)*fakeDepthNs/1e9
		fmt.Fprintf(os.Stderr, "|%6d | %6d | %4s | %6d | %8.3f | %8.2f | %8.3f | %8.2f | %8.3f | %8.2f |\n",
			pp, tg, npl, pp+tg, tPP, float64(pp)/tPP, tTG, float64(tg)/tTG, tPP+tTG, float64(pp+tg)/(tPP+tTG))
	}
	return 0
}

// logRun appends a fake's name and arguments to log.
func logRun(log, name string, args []string) bool {
	f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return false
	}
	defer f.Close()
	fmt.Fprintf(f, "%s %s\n", name, strings.Join(args, " "))
	return true
}

// fakeLlama returns a LlamaBench running the fake, and the log it appends to.
func fakeLlama(t *testing.T, model string) (LlamaBench, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "runs.log")
	t.Setenv(fakeLlamaBenchEnv, log)
	return LlamaBench{Path: exe, Model: model, Threads: 2, KVType: "f16"}, log
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestLlamaFiguresGolden reads llama-bench's real output (c392e50, tiny-f16.gguf, -p 16,32 -n 8
// -pg 32,8 -r 1 -o json) and derives the figures from its avg_ns.
func TestLlamaFiguresGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/llama-bench-c392e50.json")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := ParseLlamaBench(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 || recs[0].ModelFilename != "tiny-f16.gguf" || recs[0].Threads != 2 || recs[0].TypeK != "f16" || recs[3].NPrompt != 32 || recs[3].NGen != 8 {
		t.Fatalf("records: %+v", recs)
	}
	got, err := LlamaFigures(recs, 16, 8, []int{0, 32})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"pp16":           16 / 1.166516951,
		"tg8":            8 / 1.656002578,
		"tg8 @ depth 32": 8 / (0.892988286 - 0.225781196), // pg 32,8 less pp 32
	}
	if len(got) != len(want) {
		t.Fatalf("figures %v, want %v", got, want)
	}
	for k, v := range want {
		if !near(got[k], v) {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
}

// TestBatchedBenchGolden reads llama-batched-bench's real output (llama.cpp c392e50, the random
// 125M llama, -npp 32,64 -ntg 8 -npl 1 -t 2 on a loaded machine, hence its slowness).
func TestBatchedBenchGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/llama-batched-bench-c392e50.txt")
	if err != nil {
		t.Fatal(err)
	}
	rows, threads, err := ParseBatchedBench(b)
	if err != nil {
		t.Fatal(err)
	}
	want := []BatchedBenchRow{{PP: 32, TG: 8, B: 1, SpeedTG: 1.70}, {PP: 64, TG: 8, B: 1, SpeedTG: 0.80}}
	if threads != 2 || !reflect.DeepEqual(rows, want) {
		t.Fatalf("threads %d, rows %+v, want 2, %+v", threads, rows, want)
	}
	got, err := BatchedFigures(rows, 8, []int{0, 64})
	if err != nil || len(got) != 1 || got["tg8 @ depth 64"] != 0.80 {
		t.Errorf("figures %v, %v", got, err)
	}
	if _, err := BatchedFigures(rows, 8, []int{128}); err == nil || !strings.Contains(err.Error(), "128 prompt tokens") {
		t.Errorf("a depth it did not measure: %v", err)
	}
	for _, c := range []struct{ out, want string }{
		{"", "no row"},
		{"|    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |\n", "no row"},
		{"|    32 |      8 |    1 |     40 |    1.756 |    18.22 |    0.000 |     0.00 |    6.468 |     6.18 |\n", "S_TG 0"},
		{"main: n_kv_max = 96, n_threads = two, n_threads_batch = 2\n", "n_threads"},
	} {
		if _, _, err := ParseBatchedBench([]byte(c.out)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.out, err, c.want)
		}
	}
}

func TestLlamaFiguresErrors(t *testing.T) {
	rec := func(p, g int, s float64) LlamaBenchRecord {
		return LlamaBenchRecord{NPrompt: p, NGen: g, AvgNs: s * 1e9}
	}
	full := []LlamaBenchRecord{rec(16, 0, 1), rec(0, 8, 1), rec(32, 0, 1), rec(32, 8, 2)}
	for _, c := range []struct {
		name string
		recs []LlamaBenchRecord
		want string
	}{
		{"no pp", full[1:], "16 prompt and 0 generated"},
		{"no tg", []LlamaBenchRecord{full[0], full[2], full[3]}, "0 prompt and 8 generated"},
		{"no pg", full[:3], "32 prompt and 8 generated"},
		{"no pp at the depth", []LlamaBenchRecord{full[0], full[1], full[3]}, "32 prompt and 0 generated"},
		{"pg no longer than its pp", []LlamaBenchRecord{full[0], full[1], full[2], rec(32, 8, 0.5)}, "too noisy"},
	} {
		if _, err := LlamaFigures(c.recs, 16, 8, []int{32}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	for _, c := range []struct{ out, want string }{
		{"", "not its -o json"},
		{"| model | size |", "not its -o json"},
		{"[]", "no test"},
		{`[{"n_prompt": 16, "avg_ns": 0}]`, "avg_ns 0"},
	} {
		if _, err := ParseLlamaBench([]byte(c.out)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.out, err, c.want)
		}
	}
}

func TestLlamaBenchArgs(t *testing.T) {
	lb := LlamaBench{Path: "/opt/llama.cpp/bin/llama-bench", Model: "/m/my model.gguf", Threads: 4, KVType: "f16"}
	for _, c := range []struct {
		depths []int
		want   string
	}{
		{nil, "-p 512 -n 128"},
		{[]int{0}, "-p 512 -n 128"},
		{[]int{0, 660, 4096}, "-p 512,660,4096 -n 128 -pg 660,128 -pg 4096,128"},
		{[]int{512}, "-p 512 -n 128 -pg 512,128"}, // pp512 is both the figure and the depth's
	} {
		got := strings.Join(lb.Args(512, 128, c.depths), " ")
		want := "-m /m/my model.gguf -t 4 -ctk f16 -ctv f16 -r 1 -o json " + c.want
		if got != want {
			t.Errorf("depths %v: %q, want %q", c.depths, got, want)
		}
	}
	if got, want := lb.Commands(512, 128, []int{0, 660}), `/opt/llama.cpp/bin/llama-bench -m '/m/my model.gguf' -t 4`; len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("commands %q, want one starting %q", got, want)
	}

	// With llama-batched-bench the depths are its, and llama-bench measures pp and tg only.
	lb.BatchedBench = "/opt/llama.cpp/bin/llama-batched-bench"
	if got, want := strings.Join(lb.Args(512, 128, []int{0, 660, 4096}), " "), "-m /m/my model.gguf -t 4 -ctk f16 -ctv f16 -r 1 -o json -p 512 -n 128"; got != want {
		t.Errorf("llama-bench beside llama-batched-bench: %q, want %q", got, want)
	}
	if got, want := strings.Join(lb.BatchedArgs(128, []int{0, 660, 4096}), " "), "-m /m/my model.gguf -t 4 -tb 4 -ctk f16 -ctv f16 -c 4224 -b 2048 -ub 512 -npp 660,4096 -ntg 128 -npl 1"; got != want {
		t.Errorf("llama-batched-bench: %q, want %q", got, want)
	}
	// A q8_0 cache: llama.cpp runs a quantised V cache only with flash attention on.
	q8 := lb
	q8.KVType = "q8_0"
	if got, want := strings.Join(q8.Args(512, 128, nil), " "), "-ctk q8_0 -ctv q8_0 -fa 1 -r 1"; !strings.Contains(got, want) {
		t.Errorf("llama-bench with a q8_0 cache: %q, want %q in it", got, want)
	}
	if got, want := strings.Join(q8.BatchedArgs(128, []int{660}), " "), "-ctk q8_0 -ctv q8_0 -fa -c"; !strings.Contains(got, want) {
		t.Errorf("llama-batched-bench with a q8_0 cache: %q, want %q in it", got, want)
	}
	// Flash attention asked for with a float cache, and not twice with a quantised one.
	fa, q8fa := lb, q8
	fa.FlashAttn, q8fa.FlashAttn = true, true
	for _, c := range []struct {
		name, got, want string
	}{
		{"llama-bench, f16 with flash attention", strings.Join(fa.Args(8192, 1, nil), " "), "-ctk f16 -ctv f16 -fa 1 -r 1"},
		{"llama-batched-bench, f16 with flash attention", strings.Join(fa.BatchedArgs(128, []int{660}), " "), "-ctk f16 -ctv f16 -fa -c"},
		{"llama-bench, q8_0 with flash attention", strings.Join(q8fa.Args(512, 128, nil), " "), "-ctk q8_0 -ctv q8_0 -fa 1 -r 1"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s: %q, want %q in it", c.name, c.got, c.want)
		}
	}
	if got := lb.BatchedArgs(128, []int{0}); got != nil {
		t.Errorf("no depth, yet llama-batched-bench runs %q", got)
	}
	if got := lb.Commands(512, 128, []int{660}); len(got) != 2 || !strings.HasPrefix(got[1], "/opt/llama.cpp/bin/llama-batched-bench -m '/m/my model.gguf'") {
		t.Errorf("commands %q", got)
	}
	if got := ShellJoin([]string{"a", "it's", ""}); got != `a 'it'\''s' ''` {
		t.Errorf("ShellJoin: %s", got)
	}
}

func TestSpreadAndPairedRatios(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b []float64
		want Spread
	}{
		{"pairs, not medians", []float64{100, 200, 150}, []float64{50, 100, 300}, Spread{Median: 2, Min: 0.5, Max: 2, Reps: []float64{2, 2, 0.5}}},
		{"even count: mean of the middle two", []float64{1, 2, 3, 4}, []float64{1, 1, 1, 1}, Spread{Median: 2.5, Min: 1, Max: 4, Reps: []float64{1, 2, 3, 4}}},
		{"a side with fewer reps pairs the first ones", []float64{4, 9}, []float64{2}, Spread{Median: 2, Min: 2, Max: 2, Reps: []float64{2}}},
		{"a zero rate is no pair", []float64{4, 9}, []float64{0, 3}, Spread{Median: 3, Min: 3, Max: 3, Reps: []float64{3}}},
		{"nothing", nil, nil, Spread{}},
	} {
		if got := newSpread(pairedRatios(c.a, c.b)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	figs := compareFigures(map[string][]float64{"pp8": {10, 30}, "tg4": {5, 5}, "tg4 @ depth 16": {4, 2}},
		map[string][]float64{"pp8": {5, 10}, "tg4": {10, 5}, "tg4 @ depth 16": {2, 2}}, 8, 4, []int{16})
	if len(figs) != 3 || figs[0].Name != "pp8" || figs[2].Name != "tg4 @ depth 16" {
		t.Fatalf("figures %+v", figs)
	}
	if r := figs[0].Ratio; r.Median != 2.5 || r.Min != 2 || r.Max != 3 {
		t.Errorf("pp8 ratio %+v, want median 2.5 of 2 and 3", r)
	}
	if k := figs[0].Kvwarden; k.Median != 20 || k.Min != 10 || k.Max != 30 {
		t.Errorf("pp8 kvwarden %+v", k)
	}
}

// TestAlternate runs a fake kvwarden side and the fake llama-bench binary: the log must show them
// taking turns, and each side's figures gathered per rep.
func TestAlternate(t *testing.T) {
	lb, log := fakeLlama(t, "m.gguf")
	reps := 0
	kv := func(context.Context) (map[string]float64, error) {
		reps++
		f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		fmt.Fprintln(f, "kvwarden")
		return map[string]float64{"pp8": float64(100 * reps), "tg4": 10}, nil
	}
	ll := func(ctx context.Context) (map[string]float64, error) { return lb.Run(ctx, 8, 4, []int{0, 16}) }
	kvs, lls, err := alternate(context.Background(), 3, kv, "llama-bench", ll, newBar(nil, 0, ""))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(log)
	var order []string
	for line := range strings.Lines(string(b)) {
		order = append(order, strings.Fields(line)[0])
	}
	if want := []string{"kvwarden", "llama-bench", "kvwarden", "llama-bench", "kvwarden", "llama-bench"}; !reflect.DeepEqual(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if !strings.Contains(string(b), "llama-bench -m m.gguf -t 2 -ctk f16 -ctv f16 -r 1 -o json -p 8,16 -n 4 -pg 16,4\n") {
		t.Errorf("llama-bench arguments:\n%s", b)
	}
	if !reflect.DeepEqual(kvs["pp8"], []float64{100, 200, 300}) {
		t.Errorf("kvwarden pp8 reps %v", kvs["pp8"])
	}
	for name, want := range map[string]float64{"pp8": 1000, "tg4": 100, "tg4 @ depth 16": 50} {
		if got := lls[name]; len(got) != 3 || !near(got[0], want) || !near(got[2], want) {
			t.Errorf("llama-bench %s reps %v, want 3 × %v", name, got, want)
		}
	}

	// A failing llama-bench stops the comparison with its last words.
	t.Setenv(fakeLlamaBenchEnv+"_FAIL", "1")
	if _, _, err := alternate(context.Background(), 2, kv, "llama-bench", ll, newBar(nil, 0, "")); err == nil || !strings.Contains(err.Error(), "llama-bench rep 1") || !strings.Contains(err.Error(), "unknown model architecture") {
		t.Errorf("failing llama-bench: %v", err)
	}
}

// TestLlamaCompareSmoke runs the whole comparison: the demo model through the engine against the
// fake llama-bench.
func TestLlamaCompareSmoke(t *testing.T) {
	m, tok := demoModel(t)
	lb, log := fakeLlama(t, "demo.gguf")
	lb.Threads, lb.KVType = 0, "" // taken from the engine configuration
	res, err := RunLlamaCompare(testContext(t), m, tok, testConfig(), LlamaCompareOptions{
		PromptTokens: 8, GenTokens: 4, Depths: []int{0, 16}, Batch: 3, Reps: 2, LlamaBench: lb, Command: "kvwarden bench offline ...",
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Figures) != 3 {
		t.Fatalf("figures %+v", res.Figures)
	}
	for i, want := range []float64{1000, 100, 50} {
		f := res.Figures[i]
		if !near(f.LlamaCpp.Median, want) || len(f.Kvwarden.Reps) != 2 || len(f.Ratio.Reps) != 2 || !near(f.Ratio.Reps[1], f.Kvwarden.Reps[1]/want) {
			t.Errorf("%s: %+v", f.Name, f)
		}
	}
	if len(res.BatchRatio.Reps) != 2 || !near(res.BatchRatio.Reps[0], res.BatchTg.Reps[0]/res.Figures[1].Kvwarden.Reps[0]) {
		t.Errorf("batch 3 / 1: %+v of %+v", res.BatchRatio, res.BatchTg)
	}
	if res.Machine.Cores <= 0 || len(res.Commands) != 2 || !strings.Contains(res.Commands[1], "-t 2 -ctk f16") {
		t.Errorf("machine %+v, commands %q", res.Machine, res.Commands)
	}
	if b, _ := os.ReadFile(log); strings.Count(string(b), "llama-bench") != 2 {
		t.Errorf("llama-bench ran other than twice:\n%s", b)
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	WriteLlamaCompare(&text, res)
	for _, want := range []string{"tg4 @ depth 16", "1000.0 (1000.0–1000.0)", "tg4 batch 3", "commands:\n  kvwarden bench offline ...\n  "} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
}

// TestLlamaCompareWithBatchedBench takes the depths' llama.cpp rates from llama-batched-bench, and
// only pp and tg from llama-bench.
func TestLlamaCompareWithBatchedBench(t *testing.T) {
	m, tok := demoModel(t)
	lb, log := fakeLlama(t, "demo.gguf")
	t.Setenv(fakeBatchedBenchEnv, log)
	lb.BatchedBench = lb.Path
	lb.Threads, lb.KVType = 0, ""
	res, err := RunLlamaCompare(testContext(t), m, tok, testConfig(), LlamaCompareOptions{
		PromptTokens: 8, GenTokens: 4, Depths: []int{0, 16}, Batch: 2, Reps: 1, LlamaBench: lb, Command: "kvwarden bench offline ...",
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Figures) != 3 || res.Figures[2].Name != "tg4 @ depth 16" || !near(res.Figures[2].LlamaCpp.Median, 50) {
		t.Fatalf("figures %+v", res.Figures)
	}
	b, _ := os.ReadFile(log)
	if !strings.Contains(string(b), "-o json -p 8 -n 4\n") || strings.Contains(string(b), "-pg") ||
		!strings.Contains(string(b), "llama-batched-bench -m demo.gguf -t 2 -tb 2 -ctk f16 -ctv f16 -c 20 -b 2048 -ub 512 -npp 16 -ntg 4 -npl 1\n") {
		t.Errorf("runs:\n%s", b)
	}
	if len(res.Commands) != 3 || !strings.Contains(res.DepthsFrom, "llama-batched-bench") {
		t.Errorf("commands %q, depths from %q", res.Commands, res.DepthsFrom)
	}
}

package bench

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/faults"
)

// TestSpecTasks: each task runs speculation off and on over its reps (RunOffline fails if an
// answer changed), reports both rates and the counts, and prints them; the copy task's prompt
// repeats its opening, so lookup drafts from it.
func TestSpecTasks(t *testing.T) {
	if faults.Available {
		t.Skip("the incident-replay build never speculates")
	}
	m, tok := demoModel(t)
	cfg := testConfig()
	cfg.Speculative = engine.SpecConfig{Mode: engine.SpecLookup, Tokens: 4}
	for _, task := range []string{TaskCopy, TaskSample} {
		t.Run(task, func(t *testing.T) {
			res, err := RunOffline(testContext(t), m, tok, cfg, OfflineOptions{PromptTokens: 40, GenTokens: 12, Reps: 2, Task: task, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Offline struct {
					Runs []any `json:"runs"`
					Task struct {
						Task         string  `json:"task"`
						PromptTokens int     `json:"prompt_tokens"`
						Off          Rate    `json:"off"`
						On           Rate    `json:"on"`
						Speedup      float64 `json:"speedup"`
						Whole        float64 `json:"end_to_end_speedup"`
						Speculation  struct {
							Drafted  uint64 `json:"drafted"`
							Accepted uint64 `json:"accepted"`
						} `json:"speculation"`
						CopiedShare *float64 `json:"copied_share"`
					} `json:"spec_task"`
				} `json:"offline"`
			}
			decodeJSON(t, NewResult(res, nil), &got)
			tr := got.Offline.Task
			if tr.Task != task || tr.PromptTokens != 40+12+taskQuoteTokens || len(got.Offline.Runs) != 0 {
				t.Errorf("task %q, prompt %d tokens, %d runs", tr.Task, tr.PromptTokens, len(got.Offline.Runs))
			}
			if len(tr.Off.Reps) != 2 || len(tr.On.Reps) != 2 || tr.Off.TokensPerSec <= 0 || tr.Speedup <= 0 || tr.Whole <= 0 || tr.CopiedShare == nil {
				t.Errorf("off %+v, on %+v, speed-up %g, copied %v", tr.Off, tr.On, tr.Speedup, tr.CopiedShare)
			}
			if task == TaskCopy && tr.Speculation.Drafted == 0 {
				t.Error("lookup drafted nothing from a prompt that repeats its opening")
			}
			if tr.Speculation.Accepted > tr.Speculation.Drafted {
				t.Errorf("%d of %d drafts accepted", tr.Speculation.Accepted, tr.Speculation.Drafted)
			}
			var out bytes.Buffer
			WriteOffline(&out, res)
			for _, want := range []string{"task " + task, "speed-up", "acceptance rate", "costs in plain decode steps: a step verifying 1+1 tokens", "copying the prompt", "whole requests"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the report lacks %q:\n%s", want, out.String())
				}
			}
		})
	}
}

// TestSpecTaskRefused: a task needs speculation on, a known name, and no depths.
func TestSpecTaskRefused(t *testing.T) {
	m, tok := demoModel(t)
	lookup := testConfig()
	lookup.Speculative = engine.SpecConfig{Mode: engine.SpecLookup}
	for _, c := range []struct {
		name string
		cfg  engine.Config
		o    OfflineOptions
		want string
	}{
		{"speculation off", testConfig(), OfflineOptions{Task: TaskCopy, GenTokens: 4, Reps: 1}, "--speculative"},
		{"unknown task", lookup, OfflineOptions{Task: "quote", GenTokens: 4, Reps: 1}, "want copy or sample"},
		{"depth", lookup, OfflineOptions{Task: TaskSample, Depths: []int{64}, GenTokens: 4, Reps: 1}, "depths"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := RunOffline(testContext(t), m, tok, c.cfg, c.o)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestCopiedTokens(t *testing.T) {
	prompt := []int32{1, 2, 3, 4, 5, 6, 7, 8}
	for _, c := range []struct {
		name   string
		answer []int32
		want   int
	}{
		{"a whole span", []int32{3, 4, 5, 6}, 4},
		{"a span and a miss", []int32{9, 5, 6, 7, 8, 9}, 4},
		{"overlapping spans", []int32{1, 2, 3, 4, 5, 6, 7}, 7},
		{"runs too short", []int32{1, 2, 3, 9, 5, 6, 7}, 0},
		{"nothing", []int32{9, 9, 9, 9}, 0},
		{"shorter than a span", []int32{1, 2}, 0},
	} {
		if got := copiedTokens(prompt, c.answer, 4); got != c.want {
			t.Errorf("%s: %d copied, want %d", c.name, got, c.want)
		}
	}
}

func TestFirstDifference(t *testing.T) {
	for _, c := range []struct {
		a, b []int32
		want int
	}{
		{[]int32{1, 2}, []int32{1, 2}, -1},
		{[]int32{1, 2}, []int32{1, 3}, 1},
		{[]int32{1}, []int32{1, 2}, 1},
		{nil, nil, -1},
	} {
		if got := firstDifference(c.a, c.b); got != c.want {
			t.Errorf("firstDifference(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

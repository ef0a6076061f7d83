//go:build devtools

package bench

// llama-batched-bench's output: the reference's decode rate after a prompt, timed alone.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// BatchedBenchRow is one row of llama-batched-bench's table: PP prompt tokens, then TG decode
// steps of B sequences, each phase timed alone.
type BatchedBenchRow struct {
	PP, TG, B int
	SpeedTG   float64 // tokens/s of the decode steps alone (S_TG)
}

// ParseBatchedBench reads llama-batched-bench's output (its Markdown table, which llama.cpp and
// ik_llama.cpp print alike) and the thread count its header reports.
func ParseBatchedBench(b []byte) (rows []BatchedBenchRow, threads int, err error) {
	threads = -1
	for line := range strings.Lines(string(b)) {
		line = strings.TrimSpace(line)
		if _, after, ok := strings.Cut(line, "n_threads = "); ok {
			if n, _, _ := strings.Cut(after, ","); n != "" {
				if threads, err = strconv.Atoi(n); err != nil {
					return nil, 0, fmt.Errorf("llama-batched-bench header: n_threads %q", n)
				}
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if !strings.HasPrefix(line, "|") || len(cells) != 10 {
			continue
		}
		var v [10]float64
		numeric := true
		for i, c := range cells {
			if v[i], err = strconv.ParseFloat(strings.TrimSpace(c), 64); err != nil {
				numeric = false // the heading or its rule
				break
			}
		}
		err = nil
		if !numeric {
			continue
		}
		if !(v[7] > 0) {
			return nil, 0, fmt.Errorf("llama-batched-bench row %q: S_TG %v", line, v[7])
		}
		rows = append(rows, BatchedBenchRow{PP: int(v[0]), TG: int(v[1]), B: int(v[2]), SpeedTG: v[7]})
	}
	if len(rows) == 0 {
		return nil, 0, errors.New("llama-batched-bench printed no row of its table")
	}
	return rows, threads, nil
}

// BatchedFigures are the decode rates at each nonzero depth, from llama-batched-bench's rows of
// one sequence.
func BatchedFigures(rows []BatchedBenchRow, gen int, depths []int) (map[string]float64, error) {
	out := map[string]float64{}
	for _, d := range depths {
		if d == 0 {
			continue
		}
		i := slices.IndexFunc(rows, func(r BatchedBenchRow) bool { return r.PP == d && r.TG == gen && r.B == 1 })
		if i < 0 {
			return nil, fmt.Errorf("llama-batched-bench output lacks the row of %d prompt tokens, %d decode steps, 1 sequence (it skips a row that does not fit -c)", d, gen)
		}
		out[tgFigure(gen, d)] = rows[i].SpeedTG
	}
	return out, nil
}

package probe

import (
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
)

// WriteHTML writes the report as one self-contained HTML page: inline CSS and SVG drawn here,
// no script and no external asset, so it can be archived with a CI run and opened anywhere.
func WriteHTML(w io.Writer, r *Report) error {
	return htmlPage.Execute(w, struct {
		R        *Report
		Timings  template.HTML
		Boundary template.HTML
	}{r, timingSVG(r.Timings.Samples), boundarySVG(r.Boundary)})
}

var htmlPage = template.Must(template.New("probe").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>kvwarden probe: {{.R.Outcome}}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.n{text-align:right;font-variant-numeric:tabular-nums}
.clean{color:#17702a}.findings{color:#b00020}.inconclusive{color:#a15c00}
.leak,.side-channel,.capacity{background:#fde8ea}.nondeterminism,.protocol{background:#fff6dc}
code{background:#f4f4f4;padding:0 3px;word-break:break-all}svg{background:#fcfcfc;border:1px solid #eee}
</style></head><body>
<h1>kvwarden probe of {{.R.Endpoint}}: <span class="{{.R.Outcome}}">{{.R.Outcome}}</span> (exit {{.R.ExitCode}})</h1>
<p>model <code>{{.R.Model}}</code>, {{.R.Tenants}} tenants, seed {{.R.Seed}}, advertised context {{.R.Context}} tokens ({{.R.ContextSource}}), mode {{.R.Mode}}, started {{.R.Started.Format "2006-01-02 15:04:05 MST"}}, {{.R.Duration}}</p>
{{if .R.NotStarted}}<p class="inconclusive">The run could not start: {{.R.NotStarted}}</p>
{{end}}<h2>Budgets</h2>
<table><tr><th>budget</th><th>limit</th><th>spent</th><th>from</th></tr>
<tr><td>requests</td><td class="n">{{.R.Budgets.Requests.Limit}}</td><td class="n">{{.R.Budgets.Requests.Spent}}</td><td>{{.R.Budgets.Requests.Source}}</td></tr>
<tr><td>prompt tokens</td><td class="n">{{.R.Budgets.PromptTokens.Limit}}</td><td class="n">{{.R.Budgets.PromptTokens.Spent}}</td><td>{{.R.Budgets.PromptTokens.Source}}</td></tr>
<tr><td>output tokens</td><td class="n">{{.R.Budgets.OutputTokens.Limit}}</td><td class="n">{{.R.Budgets.OutputTokens.Spent}}</td><td>{{.R.Budgets.OutputTokens.Source}}</td></tr></table>
<h2>Checks</h2>
<table><tr><th>check</th><th>status</th><th>requests</th><th>prompt tokens</th><th>output tokens</th><th>findings</th><th>why not complete</th></tr>
{{range .R.Checks}}<tr><td>{{.Check}}</td><td>{{.Status}}</td><td class="n">{{.Requests}}</td><td class="n">{{.PromptTokens}}</td><td class="n">{{.OutputTokens}}</td><td class="n">{{.Findings}}</td><td>{{.Reason}}</td></tr>
{{end}}</table>
<h2>Findings ({{len .R.Findings}})</h2>
{{range .R.Findings}}<div class="{{.Verdict}}"><p><b>[{{.Verdict}}: {{.Check}}]</b> {{.Summary}}{{if gt .Count 1}} (seen {{.Count}} times){{end}}</p>
<p>what: {{.Detail}}<br>why it matters: {{.Why}}<br>reproduce: <code>{{.Reproduce}}</code></p></div>
{{else}}<p>none</p>{{end}}
<h2>Boundary search</h2>
{{.Boundary}}
<h2>Time to first token</h2>
<p>Every timed request, by what was timed (log scale; the bar is the median).</p>
{{.Timings}}
<h2>Plan</h2>
<table><tr><th>check</th><th>requests</th><th>prompt tokens</th><th>output tokens</th><th>what</th></tr>
{{range .R.Plan}}<tr><td>{{.Check}}</td>{{if .NotRun}}<td colspan="4">not run: {{.NotRun}}</td>{{else}}<td class="n">{{.Requests}}</td><td class="n">{{.PromptTokens}}</td><td class="n">{{.OutputTokens}}</td><td>{{.Detail}}</td>{{end}}</tr>
{{end}}</table>
<h2>Notes</h2><ul>{{range .R.Notes}}<li>{{.}}</li>{{end}}</ul>
</body></html>
`))

var outcomeColour = map[string]string{rungServed: "#17702a", rungRefused: "#b00020", rungWrong: "#6a1b9a", rungFailed: "#e65100", rungBusy: "#888", rungNoAnswer: "#888"}

// boundarySVG draws each rung at its prompt length, in the order sent, against the advertised
// context and the largest prompt served.
func boundarySVG(b *Boundary) template.HTML {
	if b == nil || len(b.Rungs) == 0 {
		return "<p>The boundary check sent no prompt.</p>"
	}
	const wd, left, right, row = 900.0, 40.0, 170.0, 26.0 // the right margin holds the last rung's label
	hi := float64(b.Advertised + 1)
	for _, r := range b.Rungs {
		hi = max(hi, float64(r.PromptTokens))
	}
	x := func(n int) float64 { return left + (wd-left-right)*float64(n)/hi }
	h := 50 + row*float64(len(b.Rungs))
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-size="11">`, wd, h+20)
	line := func(n int, colour, label string, y float64) {
		fmt.Fprintf(&s, `<line x1="%.1f" y1="20" x2="%.1f" y2="%.0f" stroke="%s" stroke-dasharray="4 3"/><text x="%.1f" y="%.0f" fill="%s" text-anchor="middle">%s</text>`,
			x(n), x(n), h-10, colour, x(n), y, colour, template.HTMLEscapeString(label))
	}
	line(b.Advertised, "#333", fmt.Sprintf("advertised %d", b.Advertised), 14)
	if b.LargestServed > 0 {
		line(b.LargestServed, "#17702a", fmt.Sprintf("largest served %d", b.LargestServed), h+6)
	}
	for i, r := range b.Rungs {
		y := 36 + row*float64(i)
		c := outcomeColour[r.Outcome]
		fmt.Fprintf(&s, `<text x="4" y="%.0f">%d</text><line x1="%.0f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#ddd"/><circle cx="%.1f" cy="%.0f" r="6" fill="%s"><title>%s</title></circle><text x="%.1f" y="%.0f" fill="%s">%d tokens: %s</text>`,
			y+4, i+1, left, y, x(r.PromptTokens), y, x(r.PromptTokens), y, c, template.HTMLEscapeString(r.Detail), x(r.PromptTokens)+9, y+4, c, r.PromptTokens, r.Outcome)
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

// timingSVG draws each series of samples as dots on one shared log-scale axis, with its median.
func timingSVG(samples map[string][]float64) template.HTML {
	keys := slices.Sorted(maps.Keys(samples))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, k := range keys {
		for _, v := range samples[k] {
			if v > 0 {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 1) {
		return "<p>Nothing was timed.</p>"
	}
	lo, hi = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
	if hi <= lo {
		hi = lo * 10
	}
	const wd, left, right, row = 900.0, 260.0, 20.0, 28.0
	x := func(v float64) float64 {
		return left + (wd-left-right)*(math.Log10(max(v, lo))-math.Log10(lo))/(math.Log10(hi)-math.Log10(lo))
	}
	h := 30 + row*float64(len(keys))
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-size="11">`, wd, h+10)
	for d := lo; d <= hi*1.0001; d *= 10 {
		fmt.Fprintf(&s, `<line x1="%.1f" y1="10" x2="%.1f" y2="%.0f" stroke="#ddd"/><text x="%.1f" y="%.0f" text-anchor="middle">%g ms</text>`, x(d), x(d), h-12, x(d), h, d)
	}
	for i, k := range keys {
		y := 24 + row*float64(i)
		vs := samples[k]
		fmt.Fprintf(&s, `<text x="4" y="%.0f">%s (%d)</text>`, y+4, template.HTMLEscapeString(k), len(vs))
		for _, v := range vs {
			fmt.Fprintf(&s, `<circle cx="%.1f" cy="%.0f" r="3" fill="#1565c0" fill-opacity="0.5"><title>%.2f ms</title></circle>`, x(v), y, v)
		}
		if len(vs) > 0 {
			m := median(vs)
			fmt.Fprintf(&s, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#b00020" stroke-width="2"><title>median %.2f ms</title></line>`, x(m), y-9, x(m), y+9, m)
		}
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

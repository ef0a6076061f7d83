//go:build incidentreplay

package replay

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/node"
)

// Shadow verification in the replay: with Config.Shadow every answer is re-run alone on idle
// capacity (fraction 1) by the engine that computed it whole, the single process or the decode
// node. It prevents nothing: the chain runs as with the same defences and no verifier, and the
// answers that did not come from their prompt show up as mismatches.

// ShadowNode is what shadow verification found on one engine during the chain.
type ShadowNode struct {
	Role       string
	Stats      engine.ShadowStats
	Mismatches []engine.ShadowMismatch // tenants and page owners by the replay's names
}

// shadowOn turns verification on for the engine that answers in cfg.Mode.
func shadowOn(cfg Config, pre, dec *engine.Config) {
	if !cfg.Shadow {
		return
	}
	on := engine.ShadowConfig{Fraction: 1, Queue: 64}
	if cfg.Mode == Disaggregated {
		dec.Shadow = on // the decode node holds the model and the whole answer
	} else {
		pre.Shadow = on
	}
}

// holdShadow keeps the references waiting (held) or lets them run. The replay holds them through
// the chain, so that it unfolds as without the verifier (a reference is a request like any other
// and would take freed pages, a late write's included); in service they run at any idle moment.
func holdShadow(d *deployment, held bool) {
	for _, n := range d.nodes {
		n.eng.HoldShadow(held)
	}
}

// collectShadow lets the chain's references run, waits for them and records what they found,
// before the probe's requests add their own.
func collectShadow(ctx context.Context, cfg Config, d *deployment, uids map[string]string, res *Result) {
	if !cfg.Shadow {
		return
	}
	holdShadow(d, false)
	for _, n := range d.nodes {
		if !n.eng.Stats().Shadow.Enabled {
			continue
		}
		deadline := time.Now().Add(time.Minute)
		for n.eng.Stats().Shadow.Pending > 0 && ctx.Err() == nil && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		sn := ShadowNode{Role: n.role, Stats: n.eng.Stats().Shadow}
		if cfg.Mode != Disaggregated {
			sn.Role = "single"
		}
		for _, m := range n.eng.ShadowMismatches() {
			m.Tenant = nameOf(uids, m.Tenant)
			for _, tr := range []*engine.ShadowTrace{&m.Live, &m.Reference} {
				for i := range tr.Pages {
					if p := &tr.Pages[i]; p.Owner != "" {
						p.Owner = nameOf(uids, n.eng.TenantOfKey(p.Owner))
					}
				}
			}
			sn.Mismatches = append(sn.Mismatches, m)
		}
		res.Shadow = append(res.Shadow, sn)
	}
}

func nameOf(uids map[string]string, uid string) string {
	if name, ok := uids[uid]; ok {
		return name
	}
	return uid
}

// ShadowMismatches counts the mismatches of every verifying engine.
func (r *Result) ShadowMismatches() int {
	n := 0
	for _, s := range r.Shadow {
		n += len(s.Mismatches)
	}
	return n
}

// writeShadow prints what shadow verification found in the chain.
func writeShadow(w io.Writer, r *Result) {
	if len(r.Shadow) == 0 {
		return
	}
	fmt.Fprintf(w, "\nshadow verification (every answer re-run alone on idle capacity, compared bit for bit; it detects, it does not prevent):\n")
	for _, s := range r.Shadow {
		where := "the " + s.Role + " node"
		if s.Role == "single" || s.Role == node.RoleDecode && r.Mode != Disaggregated {
			where = "the engine"
		}
		fmt.Fprintf(w, "  %s: %d verified, %d mismatches, skipped %v, dropped %v\n", where, s.Stats.Verified, s.Stats.Mismatches, s.Stats.Skipped, s.Stats.Dropped)
		for _, m := range s.Mismatches {
			fmt.Fprintf(w, "  MISMATCH (security event): %s's request %d, %s at token %d: %s\n", m.Tenant, m.Request, m.Reason, m.Index, m.Detail)
			fmt.Fprintf(w, "    answer:  %s\n", traceLine(m.Live))
			fmt.Fprintf(w, "    re-run:  %s\n", traceLine(m.Reference))
		}
	}
}

// traceLine is a trace's first token ids and the owners of the pages it read.
func traceLine(tr engine.ShadowTrace) string {
	const show = 8
	var ids []string
	for i, t := range tr.Tokens {
		if i == show {
			ids = append(ids, "...")
			break
		}
		ids = append(ids, fmt.Sprint(t.ID))
	}
	owners := map[string]int{}
	var order []string
	unfilled, unwritten := 0, 0
	for _, p := range tr.Pages {
		if p.Unfilled > 0 {
			unfilled++
		}
		if !p.Written {
			unwritten++
		}
		o := p.Owner
		if o == "" {
			o = "invalid header"
		}
		if owners[o] == 0 {
			order = append(order, o)
		}
		owners[o]++
	}
	var pages []string
	for _, o := range order {
		pages = append(pages, fmt.Sprintf("%d of %s", owners[o], o))
	}
	finish := tr.Finish
	if finish == "" {
		finish = "-"
	}
	line := fmt.Sprintf("tokens [%s] (%d, finish %s), pages read: %s", strings.Join(ids, " "), len(tr.Tokens), finish, orNone(pages))
	if unfilled+unwritten > 0 {
		line += fmt.Sprintf(" (%d read where nothing wrote since the page was stamped, %d with a header marked unwritten)", unfilled, unwritten)
	}
	return line
}

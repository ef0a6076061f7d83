package engine

import (
	"fmt"
	"log/slog"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The incident-replay build's instrumentation and its stand-in for the hand-off's checksums. The
// engine calls in here only under faults.Available, a false constant in any other build.
//
// The trace keeps, apart from the page headers (which the faults may switch off), who last wrote
// KV into each page. A read of a page whose last writer is another tenant, or the same tenant in an
// older generation of the page, is a stale read: what the incident's decode attended over.
//
// Checksums: the production checksums act on a hand-off (internal/transfer, invariant 4), which
// single-process kvwarden does not make. The replay build stands in for them at the boundary the
// incident crossed: every page a request writes gets a CRC-32C keyed by its logical position
// (kv.Pool.Checksum), and before a step reads a page the checksum of what the request itself
// wrote there (or found in its prefix cache at its first step) must match.
type trace struct {
	writer []pageWriter                          // by page
	names  map[kvtypes.TenantKey]string          // tenant names, for the report
	sums   map[kvtypes.RequestID]map[int]pageSum // by request, by logical page
	stale  map[kvtypes.RequestID]map[kvtypes.PageRef]kvtypes.TenantKey
	reader map[kvtypes.RequestID]kvtypes.TenantKey // for requests that read stale pages
	ended  []StaleRead                             // stale reads of requests that ended
}

type pageWriter struct {
	tenant kvtypes.TenantKey
	gen    uint32
	ok     bool
}

type pageSum struct {
	tokens int
	crc    uint32
}

// StaleRead is one request that attended over pages it had not written in their current lifetime.
type StaleRead struct {
	Request kvtypes.RequestID
	Tenant  string         // the reader
	Pages   int            // distinct stale pages it read
	Owners  map[string]int // stale pages by the tenant that wrote them (the reader's own older generations too)
}

func newTrace(pages int) *trace {
	return &trace{
		writer: make([]pageWriter, pages),
		names:  map[kvtypes.TenantKey]string{},
		sums:   map[kvtypes.RequestID]map[int]pageSum{},
		stale:  map[kvtypes.RequestID]map[kvtypes.PageRef]kvtypes.TenantKey{},
		reader: map[kvtypes.RequestID]kvtypes.TenantKey{},
	}
}

// beforeStep, unless checksums are off, refuses a sequence whose pages holding positions before
// its first fed token do not verify. It returns run without the refused sequences.
func (t *trace) beforeStep(cache *kv.Pool, batch []core.Seq, run []int, res *core.StepResult, log *slog.Logger) []int {
	if faults.ChecksumsOff {
		return run
	}
	P := cache.Config().PageTokens
	kept := run[:0]
	for _, i := range run {
		s := &batch[i]
		if t.sums[s.Request] == nil {
			t.adopt(cache, s) // its first step: what precedes Start came from its prefix cache
		}
		ok := true
		for j := 0; j*P < s.Start && j < len(s.Pages) && ok; j++ {
			ref := s.Pages[j]
			want := min(P, s.Start-j*P)
			sum, had := t.sums[s.Request][j]
			if !had || sum.tokens != want || sum.crc != cache.Checksum(ref.Page, j, want) {
				ok = false
				log.Warn("isolation: a page does not verify against the checksum of what its request wrote",
					"request", uint64(s.Request), "page", int(ref.Page), "logical", j)
			}
		}
		if !ok {
			res.Seqs[i] = core.SeqResult{Violation: true, Defence: kvtypes.DefenceChecksum}
			continue
		}
		kept = append(kept, i)
	}
	return kept
}

// adopt records the checksums of the pages before a request's first fed position: prefix-cache
// pages, which the core verified token for token against the tenant's own prefix at admission (a
// hand-off would send their checksums like any other page's).
func (t *trace) adopt(cache *kv.Pool, s *core.Seq) {
	P := cache.Config().PageTokens
	sums := map[int]pageSum{}
	for j := 0; j*P < s.Start && j < len(s.Pages); j++ {
		n := min(P, s.Start-j*P)
		sums[j] = pageSum{tokens: n, crc: cache.Checksum(s.Pages[j].Page, j, n)}
	}
	t.sums[s.Request] = sums
}

// afterStep records the stale pages the step's sequences read (those holding positions before
// their first fed token), then the writer and the checksum of every page the step wrote.
func (t *trace) afterStep(cache *kv.Pool, batch []core.Seq, run []int) {
	P := cache.Config().PageTokens
	for _, i := range run {
		s := &batch[i]
		for j := 0; j*P < s.Start && j < len(s.Pages); j++ {
			ref := s.Pages[j]
			if w := t.writer[ref.Page]; w.ok && (w.tenant != s.Tenant || w.gen != ref.Gen) {
				m := t.stale[s.Request]
				if m == nil {
					m = map[kvtypes.PageRef]kvtypes.TenantKey{}
					t.stale[s.Request] = m
					t.reader[s.Request] = s.Tenant
				}
				m[ref] = w.tenant
			}
		}
	}
	for _, i := range run {
		s := &batch[i]
		end := s.Start + len(s.Tokens)
		sums := t.sums[s.Request]
		if sums == nil {
			sums = map[int]pageSum{}
			t.sums[s.Request] = sums
		}
		for j := s.Start / P; j*P < end && j < len(s.Pages); j++ {
			ref := s.Pages[j]
			t.writer[ref.Page] = pageWriter{tenant: s.Tenant, gen: ref.Gen, ok: true}
			n := min(P, end-j*P)
			sums[j] = pageSum{tokens: n, crc: cache.Checksum(ref.Page, j, n)}
		}
	}
}

// received records the writer of the pages a committed hand-off wrote: the transport, for the
// request's tenant in the page's current generation. A bound page left unwritten keeps its last
// writer, so decode reading it is a stale read.
func (t *trace) received(pages []core.WrittenPage) {
	for _, p := range pages {
		if p.Header.Written {
			t.writer[p.Page] = pageWriter{tenant: p.Header.Tenant, gen: p.Header.Gen, ok: true}
		}
	}
}

// end keeps an ended request's stale reads for the report and drops the rest of its record.
func (t *trace) end(id kvtypes.RequestID) {
	delete(t.sums, id)
	m := t.stale[id]
	if m == nil {
		return
	}
	sr := StaleRead{Request: id, Tenant: t.name(t.reader[id]), Pages: len(m), Owners: map[string]int{}}
	for _, owner := range m {
		sr.Owners[t.name(owner)]++
	}
	t.ended = append(t.ended, sr)
	delete(t.stale, id)
	delete(t.reader, id)
}

func (t *trace) name(k kvtypes.TenantKey) string {
	if n, ok := t.names[k]; ok {
		return n
	}
	return fmt.Sprintf("tenant %x", k[:4])
}

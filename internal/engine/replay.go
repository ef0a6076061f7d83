package engine

import (
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
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
//
// Late writes (faults.LateWrite): the trace keeps the page frames each request wrote in its last
// step; when the request is aborted, that write is taken to be still in flight and is held back
// until its page has a new owner who has written it (the worst moment for it to land), then
// lands unless a defence refuses it (land).
type trace struct {
	writer []pageWriter                          // by page
	names  map[kvtypes.TenantKey]string          // tenant names, for the report
	sums   map[kvtypes.RequestID]map[int]pageSum // by request, by logical page
	stale  map[kvtypes.RequestID]map[kvtypes.PageRef]kvtypes.TenantKey
	reader map[kvtypes.RequestID]kvtypes.TenantKey // for requests that read stale pages
	ended  []StaleRead                             // stale reads of requests that ended

	last    map[kvtypes.RequestID][]frame // the frames of each request's last step (LateWrite)
	pending []frame                       // aborted requests' last frames, not landed yet
	late    []LateWrite                   // what became of each late write
	refused map[kvtypes.Defence]uint64    // late writes refused, by defence

	clock clock.Clock // the engine's, which paces the late-write chain's steps
}

type pageWriter struct {
	tenant  kvtypes.TenantKey
	request kvtypes.RequestID
	gen     uint32
	ok      bool
}

// frame is one page of KV as a request's step wrote it: what a late write carries.
type frame struct {
	request kvtypes.RequestID
	tenant  kvtypes.TenantKey
	ref     kvtypes.PageRef // the page in the lifetime the write was issued for
	data    []byte          // the page's KV, as the pool's format stores it
}

// LateWrite is what became of an aborted request's in-flight write (faults.LateWrite).
type LateWrite struct {
	Request kvtypes.RequestID
	Tenant  string // the writer
	Page    int
	Victim  string // the tenant whose page it was aimed at: the page's owner when it arrived
	Landed  bool
	Defence kvtypes.Defence // the defence that refused it, when it did not land
	Message string          // the refusal, as logged
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

// lateWritePace is how long each step waits in the late-write chain (see beforeStep).
const lateWritePace = time.Millisecond

func newTrace(pages int, clk clock.Clock) *trace {
	return &trace{
		clock:   clk,
		writer:  make([]pageWriter, pages),
		names:   map[kvtypes.TenantKey]string{},
		sums:    map[kvtypes.RequestID]map[int]pageSum{},
		stale:   map[kvtypes.RequestID]map[kvtypes.PageRef]kvtypes.TenantKey{},
		reader:  map[kvtypes.RequestID]kvtypes.TenantKey{},
		last:    map[kvtypes.RequestID][]frame{},
		refused: map[kvtypes.Defence]uint64{},
	}
}

// beforeStep, unless checksums are off, refuses a sequence whose pages holding positions before
// its first fed token do not verify. It returns run without the refused sequences.
func (t *trace) beforeStep(cache *kv.Pool, batch []core.Seq, run []int, res *core.StepResult, log *slog.Logger) []int {
	if faults.LateWrite {
		// A late write needs its request aborted mid-generation. Across the split the client's
		// hang-up travels client → router → decode node, which took longer than the replay's
		// small model needs for all its tokens on a fast machine: paced steps keep it generating.
		_, paced := t.clock.NewTimer(lateWritePace)
		<-paced
	}
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
		if faults.LateWrite {
			t.last[s.Request] = t.last[s.Request][:0]
		}
		for j := s.Start / P; j*P < end && j < len(s.Pages); j++ {
			ref := s.Pages[j]
			t.writer[ref.Page] = pageWriter{tenant: s.Tenant, request: s.Request, gen: ref.Gen, ok: true}
			n := min(P, end-j*P)
			sums[j] = pageSum{tokens: n, crc: cache.Checksum(ref.Page, j, n)}
			if faults.LateWrite {
				t.last[s.Request] = append(t.last[s.Request], snapshot(cache, s.Request, s.Tenant, ref))
			}
		}
	}
}

func snapshot(cache *kv.Pool, req kvtypes.RequestID, tenant kvtypes.TenantKey, ref kvtypes.PageRef) frame {
	return frame{request: req, tenant: tenant, ref: ref, data: slices.Clone(cache.Data(ref.Page))}
}

// landLate lands the pending late writes whose page has been handed to another request and
// written by it since. Called by the loop with the engine's lock held, after Advance: a late
// write arrives after the step that issued it has ended.
func (t *trace) landLate(cache *kv.Pool, log *slog.Logger) {
	kept := t.pending[:0]
	for _, f := range t.pending {
		h, stamped := cache.Header(f.ref.Page)
		if w := t.writer[f.ref.Page]; !stamped || !w.ok || w.request == f.request || h.Request != w.request {
			kept = append(kept, f) // not handed to another request and written by it yet
			continue
		}
		t.land(cache, f, h, log)
	}
	clear(t.pending[len(kept):])
	t.pending = kept
}

// land lets one late write in, unless a defence refuses it. Delayed release freed the page in a
// new generation, so a write issued for the old one is detectable; the page header names its
// current owner, which is not the writer. With both off the frame overwrites the new owner's KV.
func (t *trace) land(cache *kv.Pool, f frame, h kvtypes.Header, log *slog.Logger) {
	lw := LateWrite{Request: f.request, Tenant: t.name(f.tenant), Page: int(f.ref.Page), Victim: t.name(h.Tenant)}
	switch {
	case !faults.ReleaseAtOnce && h.Gen != f.ref.Gen:
		lw.Defence = kvtypes.DefenceRelease
		lw.Message = fmt.Sprintf("defence %s: a late write of request %d to page %d refused: it was issued for generation %d, the page was freed since and is in generation %d",
			kvtypes.DefenceRelease, uint64(f.request), f.ref.Page, f.ref.Gen, h.Gen)
	case !faults.HeadersOff && (h.Tenant != f.tenant || h.Request != f.request):
		lw.Defence = kvtypes.DefenceHeader
		lw.Message = fmt.Sprintf("defence %s: a late write of request %d to page %d refused: the page's header names another request",
			kvtypes.DefenceHeader, uint64(f.request), f.ref.Page)
	default:
		lw.Landed = true
		copy(cache.Data(f.ref.Page), f.data)
		t.writer[f.ref.Page] = pageWriter{tenant: f.tenant, request: f.request, gen: f.ref.Gen, ok: true}
	}
	if lw.Landed {
		log.Warn("replay: a late write landed in a page another request owns", "request", uint64(f.request), "page", int(f.ref.Page))
	} else {
		t.refused[lw.Defence]++
		log.Warn("isolation: "+lw.Message, "defence", string(lw.Defence))
	}
	t.late = append(t.late, lw)
}

// addRefused counts the refused late writes among the defences fired and the security events.
func (t *trace) addRefused(st *core.Stats) {
	for d, n := range t.refused {
		st.Defences[d] += n
		st.SecurityEvents += n
	}
}

// received records the writer of the pages a committed hand-off wrote: the transport, for the
// request's tenant in the page's current generation. A bound page left unwritten keeps its last
// writer, so decode reading it is a stale read.
func (t *trace) received(pages []core.WrittenPage) {
	for _, p := range pages {
		if p.Header.Written {
			t.writer[p.Page] = pageWriter{tenant: p.Header.Tenant, request: p.Header.Request, gen: p.Header.Gen, ok: true}
		}
	}
}

// end keeps an ended request's stale reads for the report and drops the rest of its record. The
// last write of a request its client cancelled becomes a late write (faults.LateWrite): the
// client hung up while it was generating.
func (t *trace) end(id kvtypes.RequestID, cancelled bool) {
	delete(t.sums, id)
	if cancelled {
		t.pending = append(t.pending, t.last[id]...)
	}
	delete(t.last, id)
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

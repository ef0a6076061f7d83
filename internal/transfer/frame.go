package transfer

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Wire format. Every message on a stream is one frame:
//
//	0  magic   uint16 0x4b57 ("KW")
//	2  version uint8  2 (a page body's KV bytes are in kv.Pool.ReadTokens' order)
//	3  kind    uint8
//	4  length  uint32 bytes of body that follow (≤ MaxFrameBytes-frameHeaderBytes)
//	8  body, which always begins with the transfer id (uint64)
//
// Integers are little-endian. Bodies by kind:
//
//	manifest  transfer, request u64, tenant [16], ticket [16], tokens u32, first i32,
//	          arch (u8 len, ≤ 64 bytes), kv dtype (u8 len, ≤ 16 bytes: "F16", "F32" or "Q8_0", the
//	          type of every page body's KV bytes, as the pool stores them), weights [32],
//	          page tokens u32, token bytes u32, pages u32, then one CRC-32C per page (u32)
//	accept    transfer
//	page      transfer, request u64, tenant [16], index u32, tokens u32, then the page's KV bytes
//	end       transfer, pages u32, tokens u32
//	commit    transfer
//	abort     transfer, reason (u8 len, ≤ 32 bytes), detail (u16 len, ≤ 512 bytes)
//
// A page's checksum is the CRC-32C (Castagnoli) of its whole page body, header included, so a
// page replayed at another index, for another request or tenant, fails it even when its bytes
// are intact.

// Kind is a frame's type.
type Kind uint8

const (
	KindManifest Kind = 1 + iota // sender → receiver, opens the transfer
	KindAccept                   // receiver → sender: manifest matches the reservation
	KindPage                     // sender → receiver, one per page, in page-table order
	KindEnd                      // sender → receiver: all pages sent
	KindCommit                   // receiver → sender: every check passed, pages committed
	KindAbort                    // either way: the transfer is over, nothing commits
)

const (
	frameMagic   = 0x4b57
	frameVersion = 3 // 3: the manifest carries the LoRA adapter

	frameHeaderBytes = 8
	pageHeaderBytes  = 40 // transfer, request, tenant, index, tokens

	// MaxFrameBytes caps one frame, so a decoder never allocates or accepts more; it bounds the
	// page size a deployment can use (a 2 MiB page of a 7B model fits many times over).
	MaxFrameBytes = 64 << 20
	// MaxPages caps a manifest's page count (a 1M-token context at 4 tokens a page).
	MaxPages = 1 << 18

	maxArch   = 64
	maxDType  = 16
	maxReason = 32
	maxDetail = 512
)

// Manifest opens every transfer. Transfer, Request and Ticket are the receiver's: the decode node
// issued them when it reserved pages (Receiver.Expect), and the router hands them to the sender.
type Manifest struct {
	Transfer  kvtypes.TransferID
	Request   kvtypes.RequestID
	Tenant    kvtypes.TenantKey // the HMAC key, never the tenant's name
	Ticket    Ticket
	Tokens    int   // prompt positions [0, Tokens) are sent
	First     int32 // the token the prefill node sampled after the prompt
	Model     Fingerprint
	Adapter   Adapter  // the LoRA adapter the prefill node computed the KV under (zero: none)
	Checksums []uint32 // one per page, in page-table order; the page count is their number
}

// PageHeader is what a page frame says about itself; the checksum covers it.
type PageHeader struct {
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID
	Tenant   kvtypes.TenantKey
	Index    uint32 // the page's position in the page table
	Tokens   uint32 // token slots the page carries
}

// Frame is one decoded frame. Decoding into the same Frame reuses its slices; Data aliases the
// decoded bytes.
type Frame struct {
	Kind     Kind
	Transfer kvtypes.TransferID
	Manifest Manifest   // KindManifest
	Page     PageHeader // KindPage
	Data     []byte     // KindPage: the page's KV bytes
	Sum      uint32     // KindPage: CRC-32C of the page body, computed while decoding
	Pages    uint32     // KindEnd
	Tokens   uint32     // KindEnd
	Reason   Reason     // KindAbort
	Detail   string     // KindAbort
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// errFrame marks a frame that could not be decoded.
var errFrame = errors.New("transfer: bad frame")

func beginFrame(b []byte, k Kind, id kvtypes.TransferID) ([]byte, int) {
	start := len(b)
	b = binary.LittleEndian.AppendUint16(b, frameMagic)
	b = append(b, frameVersion, byte(k), 0, 0, 0, 0)
	return binary.LittleEndian.AppendUint64(b, uint64(id)), start
}

func endFrame(b []byte, start int) []byte {
	binary.LittleEndian.PutUint32(b[start+4:], uint32(len(b)-start-frameHeaderBytes))
	return b
}

func appendStr(b []byte, s string) []byte { return append(append(b, byte(len(s))), s...) }

// AppendManifest appends m as a manifest frame.
func AppendManifest(b []byte, m *Manifest) []byte {
	b, s := beginFrame(b, KindManifest, m.Transfer)
	b = binary.LittleEndian.AppendUint64(b, uint64(m.Request))
	b = append(b, m.Tenant[:]...)
	b = append(b, m.Ticket[:]...)
	b = binary.LittleEndian.AppendUint32(b, uint32(m.Tokens))
	b = binary.LittleEndian.AppendUint32(b, uint32(m.First))
	b = appendStr(b, m.Model.Arch)
	b = appendStr(b, m.Model.KVDType)
	b = append(b, m.Model.Weights[:]...)
	b = binary.LittleEndian.AppendUint32(b, m.Model.PageTokens)
	b = binary.LittleEndian.AppendUint32(b, m.Model.TokenBytes)
	b = append(b, m.Adapter.Fingerprint[:]...)
	b = binary.LittleEndian.AppendUint32(b, m.Adapter.ScaleBits)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Checksums)))
	for _, c := range m.Checksums {
		b = binary.LittleEndian.AppendUint32(b, c)
	}
	return endFrame(b, s)
}

// AppendPage appends a page frame whose KV bytes are data; it returns the frame and the page's
// checksum.
func AppendPage(b []byte, h PageHeader, data []byte) ([]byte, uint32) {
	b, s := beginPage(b, h)
	b = append(b, data...)
	return endFrame(b, s), crc32.Checksum(b[s+frameHeaderBytes:], castagnoli)
}

func beginPage(b []byte, h PageHeader) ([]byte, int) {
	b, s := beginFrame(b, KindPage, h.Transfer)
	b = binary.LittleEndian.AppendUint64(b, uint64(h.Request))
	b = append(b, h.Tenant[:]...)
	b = binary.LittleEndian.AppendUint32(b, h.Index)
	return binary.LittleEndian.AppendUint32(b, h.Tokens), s
}

// AppendEnd appends an end frame.
func AppendEnd(b []byte, id kvtypes.TransferID, pages, tokens uint32) []byte {
	b, s := beginFrame(b, KindEnd, id)
	b = binary.LittleEndian.AppendUint32(b, pages)
	return endFrame(binary.LittleEndian.AppendUint32(b, tokens), s)
}

// AppendControl appends an accept or commit frame.
func AppendControl(b []byte, k Kind, id kvtypes.TransferID) []byte {
	b, s := beginFrame(b, k, id)
	return endFrame(b, s)
}

// AppendAbort appends an abort frame; over-long texts are cut to their caps.
func AppendAbort(b []byte, id kvtypes.TransferID, r Reason, detail string) []byte {
	b, s := beginFrame(b, KindAbort, id)
	b = appendStr(b, string(r)[:min(len(r), maxReason)])
	detail = detail[:min(len(detail), maxDetail)]
	b = binary.LittleEndian.AppendUint16(b, uint16(len(detail)))
	return endFrame(append(b, detail...), s)
}

// dec reads a body; the first failure sticks.
type dec struct {
	b   []byte
	err error
}

func (d *dec) take(n int) []byte {
	if d.err != nil || n > len(d.b) {
		d.err = fmt.Errorf("%w: body ends early", errFrame)
		return nil
	}
	v := d.b[:n:n]
	d.b = d.b[n:]
	return v
}

func (d *dec) u16() uint16 {
	if v := d.take(2); v != nil {
		return binary.LittleEndian.Uint16(v)
	}
	return 0
}

func (d *dec) u32() uint32 {
	if v := d.take(4); v != nil {
		return binary.LittleEndian.Uint32(v)
	}
	return 0
}

func (d *dec) u64() uint64 {
	if v := d.take(8); v != nil {
		return binary.LittleEndian.Uint64(v)
	}
	return 0
}

// str reads a u8- (or u16-, wide) length-prefixed string of at most limit bytes. The length is
// checked against the cap and the remaining body before anything is allocated.
func (d *dec) str(limit int, wide bool) string {
	var n int
	if wide {
		n = int(d.u16())
	} else if v := d.take(1); v != nil {
		n = int(v[0])
	}
	if d.err == nil && n > limit {
		d.err = fmt.Errorf("%w: string of %d bytes over %d", errFrame, n, limit)
	}
	return string(d.take(n))
}

// DecodeFrame decodes b, which must hold exactly one frame, into f. It never panics, and it
// allocates only for texts and checksums whose declared sizes it has checked against their caps
// and against len(b) first.
func DecodeFrame(b []byte, f *Frame) error {
	if len(b) < frameHeaderBytes+8 || len(b) > MaxFrameBytes {
		return fmt.Errorf("%w: %d bytes", errFrame, len(b))
	}
	if binary.LittleEndian.Uint16(b) != frameMagic || b[2] != frameVersion {
		return fmt.Errorf("%w: magic or version", errFrame)
	}
	if n := binary.LittleEndian.Uint32(b[4:]); uint64(n) != uint64(len(b)-frameHeaderBytes) {
		return fmt.Errorf("%w: declares %d body bytes, has %d", errFrame, n, len(b)-frameHeaderBytes)
	}
	body := b[frameHeaderBytes:]
	d := dec{b: body}
	f.Kind = Kind(b[3])
	f.Transfer = kvtypes.TransferID(d.u64())
	switch f.Kind {
	case KindManifest:
		m := &f.Manifest
		m.Transfer = f.Transfer
		m.Request = kvtypes.RequestID(d.u64())
		copy(m.Tenant[:], d.take(16))
		copy(m.Ticket[:], d.take(16))
		m.Tokens = int(d.u32())
		m.First = int32(d.u32())
		m.Model.Arch = d.str(maxArch, false)
		m.Model.KVDType = d.str(maxDType, false)
		copy(m.Model.Weights[:], d.take(32))
		m.Model.PageTokens = d.u32()
		m.Model.TokenBytes = d.u32()
		copy(m.Adapter.Fingerprint[:], d.take(32))
		m.Adapter.ScaleBits = d.u32()
		n := d.u32()
		if d.err == nil && (n > MaxPages || uint64(n)*4 != uint64(len(d.b))) {
			return fmt.Errorf("%w: manifest declares %d pages in %d bytes", errFrame, n, len(d.b))
		}
		m.Checksums = m.Checksums[:0]
		for range n {
			m.Checksums = append(m.Checksums, d.u32())
		}
	case KindPage:
		h := &f.Page
		h.Transfer = f.Transfer
		h.Request = kvtypes.RequestID(d.u64())
		copy(h.Tenant[:], d.take(16))
		h.Index = d.u32()
		h.Tokens = d.u32()
		f.Data = d.b
		d.b = nil
		f.Sum = crc32.Checksum(body, castagnoli)
	case KindEnd:
		f.Pages = d.u32()
		f.Tokens = d.u32()
	case KindAccept, KindCommit:
	case KindAbort:
		f.Reason = Reason(d.str(maxReason, false))
		f.Detail = d.str(maxDetail, true)
	default:
		return fmt.Errorf("%w: kind %d", errFrame, f.Kind)
	}
	if d.err != nil {
		return d.err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d trailing bytes", errFrame, len(d.b))
	}
	return nil
}

package tensor

import "encoding/binary"

// The Q4_K layout of the amd64 AVX2 Q4_K kernels (q4kr8_amd64.go), kept with Matrix
// in repackedR8 as the Q8_0 one is.

// q4Kr8Block is a repacked super-block of 8 rows: 32 bytes more than their 8 blocks.
const q4Kr8Block = 16 + 16 + 8*16 + 8*128

// repackQ4Kr8 lays the whole groups of 8 rows of a Q4_K matrix out for the r8 kernels:
// per group and super-block one record of the 8 rows' f16 d, their f16 dmin, per
// sub-block k the 8 rows' 6-bit scales then their mins (unpacked, a byte each, at
// 32+16k), then for j = 0..3 and t = 0..7 the 8 rows' quant bytes 32j+4t..32j+4t+3 (row
// r's at 160+256j+32t+4r): one load holds four quants of sub-blocks 2j and 2j+1 of every
// row.
func repackQ4Kr8(m *Matrix, out []byte) {
	nb, rb := m.Cols/qkK, m.RowBytes()
	for g := range m.Rows / 8 {
		for b := range nb {
			rec := out[(g*nb+b)*q4Kr8Block : (g*nb+b+1)*q4Kr8Block]
			for r := range 8 {
				blk := m.Data[(8*g+r)*rb+b*q4_KBytes:]
				copy(rec[2*r:2*r+2], blk[:2])
				copy(rec[16+2*r:16+2*r+2], blk[2:4])
				for k := range 8 {
					rec[32+16*k+r], rec[32+16*k+8+r] = scaleMinK4(k, blk[q4KScOff:q4KScOff+12])
				}
				for j := range 4 {
					for t := range 8 {
						v := binary.LittleEndian.Uint32(blk[q4KQsOff+32*j+4*t:])
						binary.LittleEndian.PutUint32(rec[160+256*j+32*t+4*r:], v)
					}
				}
			}
		}
	}
}

package tensor

import "encoding/binary"

// The Q4_K layout of the amd64 AVX2 Q4_K kernels (q4kr8_amd64.go), kept with Matrix
// in repackedR8 as the Q8_0 one is.

// q4Kr8Block is a repacked super-block of 8 rows: 32 bytes more than their 8 blocks.
const q4Kr8Block = 16 + 16 + 8*16 + 8*128

// repackQ4Kr8 lays the whole groups of 8 rows of a Q4_K matrix out for the r8 kernels
// (repackQ4K's layout for 8 rows).
func repackQ4Kr8(m *Matrix, out []byte) { repackQ4K(m, out, 8) }

// repackQ4K lays the whole groups of R rows (8 or 16) of a Q4_K matrix out: per group and
// super-block one record of the R rows' f16 d, their f16 dmin, per sub-block k the R rows'
// 6-bit scales then their mins (unpacked, a byte each, at 4R+2Rk), then for j = 0..3 and
// t = 0..7 the R rows' quant bytes 32j+4t..32j+4t+3 (row r's at 20R+32Rj+4Rt+4r): one
// load holds four quants of sub-blocks 2j and 2j+1 of every row.
func repackQ4K(m *Matrix, out []byte, R int) {
	nb, rb := m.Cols/qkK, m.RowBytes()
	block := 20*R + 128*R
	for g := range m.Rows / R {
		for b := range nb {
			rec := out[(g*nb+b)*block : (g*nb+b+1)*block]
			for r := range R {
				blk := m.Data[(R*g+r)*rb+b*q4_KBytes:]
				copy(rec[2*r:2*r+2], blk[:2])
				copy(rec[2*R+2*r:2*R+2*r+2], blk[2:4])
				for k := range 8 {
					rec[4*R+2*R*k+r], rec[5*R+2*R*k+r] = scaleMinK4(k, blk[q4KScOff:q4KScOff+12])
				}
				for j := range 4 {
					for t := range 8 {
						v := binary.LittleEndian.Uint32(blk[q4KQsOff+32*j+4*t:])
						binary.LittleEndian.PutUint32(rec[20*R+32*R*j+4*R*t+4*r:], v)
					}
				}
			}
		}
	}
}

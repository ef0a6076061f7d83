package tensor

// The Q6_K layout of the amd64 AVX2 Q6_K kernels (q6kr8_amd64.go), kept with Matrix
// in repackedR8 as the Q8_0 one is.

// q6Kr8Block is a repacked super-block of 8 rows: the quants unpacked to a byte each.
const q6Kr8Block = 16 + 8*16 + 8*256

// repackQ6Kr8 lays the whole groups of 8 rows of a Q6_K matrix out for the r8 kernels
// (repackQ6K's layout for 8 rows).
func repackQ6Kr8(m *Matrix, out []byte) { repackQ6K(m, out, 8) }

// repackQ6K lays the whole groups of R rows (8 or 16) of a Q6_K matrix out: per group and
// super-block one record of the R rows' f16 d, then for p = 0..7 the scale pairs (sc_2p,
// sc_2p+1) of rows 0..R-1 (at 2R+2Rp+2r), then for e = 0..63 the R rows' quants 4e..4e+3
// as bytes q+32 (0..63; row r's at 18R+4Re+4r), in element order.
func repackQ6K(m *Matrix, out []byte, R int) {
	nb, rb := m.Cols/qkK, m.RowBytes()
	block := 18*R + 256*R
	var u [qkK]byte
	for g := range m.Rows / R {
		for b := range nb {
			rec := out[(g*nb+b)*block : (g*nb+b+1)*block]
			for r := range R {
				blk := m.Data[(R*g+r)*rb+b*q6_KBytes:]
				copy(rec[2*r:2*r+2], blk[q6KDOff:q6KDOff+2])
				for k := range 16 {
					rec[2*R+2*R*(k/2)+2*r+k%2] = blk[q6KScOff+k]
				}
				q6Unpack(blk, &u)
				for e := range qkK / 4 {
					copy(rec[18*R+4*R*e+4*r:18*R+4*R*e+4*r+4], u[4*e:4*e+4])
				}
			}
		}
	}
}

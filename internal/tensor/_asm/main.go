// Command _asm generates the project's assembly with avo: internal/tensor's kernels and
// internal/bench's ceiling loops. go generate in each of the two packages runs it (see gen.go
// there) with -pkg naming the package; each kernel family is one Go file here and one .s file
// there.
//
// Registers are named, not allocated: the kernels are tuned to the register file (the
// two-input Q8_0 kernel uses all sixteen YMM registers) and avo's allocator could hand
// out X16-X31, which the assembler silently encodes as EVEX (AVX-512) where a form exists.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/pass"
	"github.com/mmcloughlin/avo/printer"
	. "github.com/mmcloughlin/avo/reg"
)

// families maps each generated file, in the package (internal/PKG) it belongs to, to its generator.
var families = []struct {
	pkg, file string
	gen       func(*gen)
}{
	{"tensor", "q8_amd64.s", q8Family},
	{"tensor", "exp_amd64.s", expFamily},
	{"tensor", "vec_amd64.s", vecFamily},
	{"tensor", "attn_amd64.s", attnFamily},
	{"tensor", "attnq8_amd64.s", attnQ8Family},
	{"tensor", "float_avx2_amd64.s", floatFamily},
	{"tensor", "float_avx512_amd64.s", floatAVX512Family},
	{"tensor", "half_amd64.s", halfFamily},
	{"tensor", "kquant_amd64.s", kquantFamily},
	{"tensor", "vnni_amd64.s", vnniFamily},
	{"tensor", "q8r16_amd64.s", q8r16Family},
	{"tensor", "q8r8_amd64.s", q8r8Family},
	{"tensor", "q4kr8_amd64.s", q4Kr8Family},
	{"tensor", "q6kr8_amd64.s", q6Kr8Family},
	{"tensor", "kr16_amd64.s", kr16Family},
	{"tensor", "draw_amd64.s", drawFamily},
	{"tensor", "argmax_amd64.s", argmaxFamily},
	{"tensor", "quant_amd64.s", quantFamily},
	{"tensor", "lowrank_amd64.s", lowRankFamily},
	{"bench", "limits_amd64.s", limitsFamily},
}

// gen is the avo context of one file; the kernels' shared fragments are its methods.
type gen struct {
	*build.Context
	kq kqTables // kquant.go's tables
}

func main() {
	// Not flag.CommandLine: avo's build package registers its own flags there.
	fs := flag.NewFlagSet(os.Args[0], flag.ExitOnError)
	out := fs.String("out", ".", "directory the .s files are written to")
	pkg := fs.String("pkg", "tensor", "the package whose files are generated: tensor or bench")
	fs.Parse(os.Args[1:])
	n := 0
	for _, f := range families {
		if f.pkg != *pkg {
			continue
		}
		n++
		if err := generate(filepath.Join(*out, f.file), f.pkg, f.gen); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", f.file, err)
			os.Exit(1)
		}
	}
	if n == 0 {
		fmt.Fprintf(os.Stderr, "-pkg %s: no such package has generated files\n", *pkg)
		os.Exit(2)
	}
}

func generate(path, pkg string, family func(*gen)) error {
	g := &gen{Context: build.NewContext()}
	g.ConstraintExpr("amd64,!purego") // avo takes the old syntax: a comma means and
	family(g)
	f, err := g.Result()
	if err != nil {
		return err
	}
	if err := pass.Compile.Execute(f); err != nil {
		return err
	}
	// A fixed header, whatever directory or flags the generator ran with, so that
	// regenerating elsewhere (CI's temporary directory) gives identical files.
	cfg := printer.Config{Name: "internal/tensor/_asm (go generate ./internal/" + pkg + ")", Pkg: pkg}
	b, err := printer.NewGoAsm(cfg).Print(f)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// step is a pointer register advanced by a byte count each loop iteration.
type step struct {
	ptr   Register
	bytes int
}

// loop emits the counted loop all the kernels share: body runs CX times (none when CX
// is 0), then the pointers advance in the order given; the code after it follows the
// label name+"done".
func (g *gen) loop(name string, body func(), steps ...step) {
	g.TESTQ(RCX, RCX)
	g.JE(LabelRef(name + "done"))
	g.Label(name + "loop")
	body()
	g.repeat(name+"loop", RCX, steps...)
	g.Label(name + "done")
}

// repeat ends a counted loop: the pointers advance, counter counts down, and the loop
// repeats at label until it reaches zero.
func (g *gen) repeat(label string, counter GPPhysical, steps ...step) {
	g.advance(steps)
	g.DECQ(counter)
	g.JNZ(LabelRef(label))
}

// tail is repeat, then the kernel returns.
func (g *gen) tail(label string, counter GPPhysical, steps ...step) {
	g.repeat(label, counter, steps...)
	g.VZEROUPPER()
	g.RET()
}

// advance adds each step's bytes to its pointer.
func (g *gen) advance(steps []step) {
	for _, s := range steps {
		c := Imm(uint64(s.bytes))
		if _, ok := c.(U16); ok {
			c = U32(s.bytes) // ADDQ takes no 16-bit immediate
		}
		g.ADDQ(c, s.ptr)
	}
}

// arg emits MOVQ name+off(FP), r.
func (g *gen) arg(name string, r Register) { g.Load(g.Param(name), r) }

// argMem is the address of argument name, for an instruction that reads it directly.
func (g *gen) argMem(name string) Mem {
	b, err := g.Param(name).Resolve()
	if err != nil {
		// A misspelt name in the generator itself.
		panic(fmt.Sprintf("argument %s: %v", name, err))
	}
	return b.Addr
}

// ret is the address of the function's (only) result, for an instruction that writes it
// directly.
func (g *gen) ret() Mem {
	b, err := g.ReturnIndex(0).Resolve()
	if err != nil {
		panic(fmt.Sprintf("result: %v", err))
	}
	return b.Addr
}

// text starts the NOSPLIT function name with the Go signature sig (frame size 0).
func (g *gen) text(name, sig string) {
	g.Function(name)
	g.Attributes(build.NOSPLIT)
	g.SignatureExpr(sig)
}

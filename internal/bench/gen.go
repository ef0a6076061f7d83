package bench

// limits_amd64.s is written by the avo program in internal/tensor/_asm (its limits.go), as
// internal/tensor's kernels are: change the loops there, then run go generate ./internal/bench.
//go:generate go run -C ../tensor/_asm -mod=vendor . -pkg bench -out ../../bench

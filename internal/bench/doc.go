// Package bench measures kvwarden: offline prompt processing and generation speed against the
// machine's limits, and serving throughput and latency over HTTP.
//
// Offline runs go through the engine, so they include what users get: admission, scheduling, KV
// pages and their isolation checks, and sampling. Each figure is set beside a ceiling measured on
// the same machine with the same thread count: the streaming read bandwidth for generation (which
// must read every weight once per step) and the floating-point rate for prompt processing (which is
// compute-bound).
//
// The cost of the isolation checks is the ratio between two runs of the same bench, one with a
// binary built with -tags noisolation; see Ratio and "kvwarden bench compare".
package bench

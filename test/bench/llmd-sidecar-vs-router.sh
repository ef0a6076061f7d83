#!/bin/sh
# TTFT and throughput through llm-d's pd-sidecar against kvwarden's own router, on the same
# prefill and decode nodes of one machine, under the same load, alternately (docs/disaggregated.md,
# "Measuring the sidecar's cost"). Run it from the repository root on an otherwise idle machine:
#
#   test/bench/llmd-sidecar-vs-router.sh [MODEL] [REPS]
#
# MODEL: what --model takes (default dummy:ref125m); REPS: alternating pairs of runs (default 3).
# THREADS (default 2) is each node's --threads; PORT (default 18000) the first of the loopback
# ports it uses (PORT to PORT+9). The load is bench serve's: CLIENTS (8) streams at once, REQUESTS
# (32) in all, PROMPT (200) prompt tokens and GEN (128) generated tokens each, greedy, EOS ignored.
# Every run draws fresh prompts, so no run finds another's in a prefix cache. Each pair prints
# bench compare's ratios, sidecar / router: within 0.90 to 1.10 on TTFT and tokens/s is the aim.
set -eu
model=${1:-dummy:ref125m}
reps=${2:-3}
threads=${THREADS:-2}
port=${PORT:-18000}
load="--clients ${CLIENTS:-8} --requests ${REQUESTS:-32} --prompt-tokens ${PROMPT:-200} --gen-tokens ${GEN:-128}"
work=$(mktemp -d)
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

GOFLAGS=-mod=vendor go build -o "$work/kvwarden" ./cmd/kvwarden
# The sidecar's build needs the Go module proxy, not this module's vendor folder.
GOFLAGS= ../shared/third_party/llm-d-pd-sidecar/build.sh "$work/pd-sidecar"
k="$work/kvwarden"
"$k" certs --dir "$work/tls" >/dev/null
key=$("$k" tenant add --file "$work/tenants.json" --name bench)

pre_api=127.0.0.1:$((port + 1)) dec_api=127.0.0.1:$((port + 2))
pre_node=127.0.0.1:$((port + 3)) dec_node=127.0.0.1:$((port + 4))
router=127.0.0.1:$((port + 5)) sidecar_port=$((port + 6))
node="serve --model $model --tenants $work/tenants.json --tls-dir $work/tls --threads $threads"
# shellcheck disable=SC2086 # $node and $load are word lists
"$k" $node --role prefill --addr "$pre_api" --node-addr "$pre_node" --metrics-addr 127.0.0.1:$((port + 7)) 2>"$work/prefill.log" &
pids="$pids $!"
# shellcheck disable=SC2086
"$k" $node --role decode --addr "$dec_api" --node-addr "$dec_node" --metrics-addr 127.0.0.1:$((port + 8)) 2>"$work/decode.log" &
pids="$pids $!"
"$k" serve --role router --addr "$router" --tenants "$work/tenants.json" --tls-dir "$work/tls" \
	--prefill "$pre_node" --decode "$dec_node" --metrics-addr 127.0.0.1:$((port + 9)) 2>"$work/router.log" &
pids="$pids $!"
"$work/pd-sidecar" --port "$sidecar_port" --vllm-port "${dec_api##*:}" --kv-connector nixlv2 --secure-proxy=false 2>"$work/sidecar.log" &
pids="$pids $!"

ready() { # URL: wait up to 5 minutes for it to answer 200
	i=0
	until curl -fsS -o /dev/null "$1"; do
		i=$((i + 1))
		if [ "$i" -gt 600 ]; then echo "$1 did not answer; logs in $work" >&2; exit 1; fi
		sleep 0.5
	done
}
ready "http://$pre_api/ready"
ready "http://$dec_api/ready"
ready "http://$router/ready"
ready "http://127.0.0.1:$sidecar_port/health"

for r in $(seq "$reps"); do
	# shellcheck disable=SC2086
	"$k" bench serve --addr "http://$router" --api-key "$key" $load --json >"$work/router-$r.json"
	# shellcheck disable=SC2086
	"$k" bench serve --addr "http://127.0.0.1:$sidecar_port" --api-key "$key" \
		--header "x-prefiller-host-port: $pre_api" $load --json >"$work/sidecar-$r.json"
	echo "== pair $r: A = kvwarden's router, B = llm-d's pd-sidecar"
	"$k" bench compare "$work/router-$r.json" "$work/sidecar-$r.json"
done
# The split really ran through the sidecar: the decode node computed no prompt tokens of its own.
echo "== prompt tokens computed: prefill node, then decode node"
curl -fsS "http://127.0.0.1:$((port + 7))/metrics" | grep '^kvwarden_prefill_tokens_total'
curl -fsS "http://127.0.0.1:$((port + 8))/metrics" | grep '^kvwarden_prefill_tokens_total'

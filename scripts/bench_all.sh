#!/usr/bin/env bash
# Benchmark (not a test): every whole-repository command of the release `seam` on the generated
# monorepo, on 1 thread and on 2, with wall time and peak RSS from `/usr/bin/time -v`.
#   scripts/bench_all.sh [N]                 (default N=1200 source files)
#   BENCH_RUNS=3 scripts/bench_all.sh 6000   (each measurement 3 times, fastest kept; default 1)
#   BENCH_WORK=DIR                           (keep the corpus and outputs there; default a
#                                             temporary directory, removed after)
#   BENCH_NO_BUILD=1                         (use target/release/seam as it is)
#
# `seam model` (walk + parse + lower) is the floor every other command pays; the ratios say
# what each adds: extract/model (packs and path enumeration), check/extract (pairing and the
# finding kinds), scan/extract (the review IR against the summaries). Load average is printed
# before and after: on a shared machine other work inflates wall times, not peak RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1200}"
runs="${BENCH_RUNS:-1}"
if [[ ! "$n" =~ ^[0-9]+$ || ! "$runs" =~ ^[0-9]+$ || "$runs" -lt 1 ]]; then
  echo "usage: scripts/bench_all.sh [N]   (N and BENCH_RUNS are whole numbers)" >&2
  exit 2
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "error: /usr/bin/time (GNU time) is needed for peak RSS; install the 'time' package." >&2
  exit 2
fi
work="${BENCH_WORK:-}"
if [[ -z "$work" ]]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
if [[ -z "${BENCH_NO_BUILD:-}" ]]; then
  cargo build --release -p seam-cli
fi
seam="$PWD/target/release/seam"
corpus="$work/corpus-$n"
python3 scripts/gen_corpus.py "$n" "$corpus" --seed 7

# measure LABEL THREADS CMD...: runs CMD $runs times, keeps the fastest run's wall seconds and
# peak RSS (KiB) in the globals wall and rss. Exit status 1 is `seam check` reporting findings;
# anything above is a failure worth stopping for.
measure() {
  local label="$1" threads="$2"; shift 2
  local best_wall="" best_rss="" i log="$work/time.txt" status
  for ((i = 0; i < runs; i++)); do
    set +e
    /usr/bin/time -v -o "$log" "$seam" --threads "$threads" "$@" >/dev/null 2>"$work/stderr.txt"
    status=$?
    set -e
    if [[ $status -gt 1 ]]; then
      echo "error: '$label' on $threads thread(s) exited with $status:" >&2
      tail -5 "$work/stderr.txt" >&2
      exit 1
    fi
    local w r
    # "Elapsed (wall clock) time (h:mm:ss or m:ss): 1:02.34" → seconds.
    w=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0;
          for (k = 1; k <= n; k++) s = s * 60 + p[k]; printf "%.2f", s }' "$log")
    r=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$log")
    if [[ -z "$best_wall" ]] || awk -v a="$w" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
      best_wall="$w"
      best_rss="$r"
    fi
  done
  wall="$best_wall"
  rss="$best_rss"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

files=$(find "$corpus" -type f | wc -l)
bytes=$(find "$corpus" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%.1f", s / 1e6 }')
echo
echo "corpus: $n source files ($files with manifests, $bytes MB), seed 7; runs per figure: $runs"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
printf '%-8s %-8s %10s %12s\n' command threads "wall (s)" "peak RSS (MB)"
declare -A walls
for t in 1 2; do
  measure model "$t" model "$corpus"
  walls[model,$t]=$wall
  printf '%-8s %-8s %10s %12.1f\n' model "$t" "$wall" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
  measure extract "$t" extract "$corpus" -o "$work/x.json"
  walls[extract,$t]=$wall
  printf '%-8s %-8s %10s %12.1f\n' extract "$t" "$wall" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
  measure check "$t" check "$corpus" --format json -o "$work/c.json"
  walls[check,$t]=$wall
  printf '%-8s %-8s %10s %12.1f\n' check "$t" "$wall" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
  rm -rf "$work/scan"
  measure scan "$t" scan "$corpus" --output-dir "$work/scan"
  walls[scan,$t]=$wall
  printf '%-8s %-8s %10s %12.1f\n' scan "$t" "$wall" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
done
echo
printf '%-8s %14s %14s %14s\n' threads extract/model check/extract scan/extract
for t in 1 2; do
  printf '%-8s %14s %14s %14s\n' "$t" \
    "$(ratio "${walls[extract,$t]}" "${walls[model,$t]}")" \
    "$(ratio "${walls[check,$t]}" "${walls[extract,$t]}")" \
    "$(ratio "${walls[scan,$t]}" "${walls[extract,$t]}")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# What the corpus exercised: boundaries compared and findings (check), calls resolved (scan).
python3 - "$work/c.json" "$work/scan/aburi.ir.json" <<'EOF'
import collections, json, sys
check = json.load(open(sys.argv[1]))
kinds = collections.Counter(f["kind"] for f in check["findings"])
print(f"check: {len(check['pairs'])} pairs, {len(check['unmatched']['consumers'])} unmatched consumers, "
      f"{len(check['unmatched']['providers'])} unmatched providers; findings: "
      + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"))
res = json.load(open(sys.argv[2]))["stats"]["callResolution"]
u = res["unresolved"]
repo_calls = res["totalCalls"] - u["localScope"] - u["external"]
print(f"scan: {res['resolvedCalls']} of {res['totalCalls']} calls resolved "
      f"({100 * res['resolvedCalls'] / max(1, res['totalCalls']):.0f}%; "
      f"{100 * res['resolvedCalls'] / max(1, repo_calls):.0f}% of those neither local nor external); "
      + ", ".join(f"{k} {v}" for k, v in sorted(u.items())))
EOF

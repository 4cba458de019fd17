#!/usr/bin/env bash
# Benchmark (not a test): every whole-repository command of the release `seam` on the generated
# monorepo, on 1 thread and on 2, with wall time, CPU time (user + system) and peak RSS from
# `/usr/bin/time -v`, each command's CPU against the bare-parse floor (`bench_frontend`'s
# parse-only run on the same files and threads), the per-file cache cold, warm (nothing
# changed) and after one file changed, and `seam check --summaries --ir-dir` against the
# slower of `seam extract` and `seam scan`.
#   scripts/bench_all.sh [N]                 (default N=1200 source files)
#   BENCH_RUNS=3 scripts/bench_all.sh 6000   (each measurement 3 times, fastest kept; default 1)
#   BENCH_WORK=DIR                           (keep the corpus and outputs there; default a
#                                             temporary directory, removed after)
#   BENCH_NO_BUILD=1                         (use target/release/seam as it is)
#
# `seam model` (walk + parse + lower) is what every other command pays; the ratios say what
# each adds: extract/model (packs and path enumeration), check/extract (pairing and the
# finding kinds), scan/extract (the review IR against the summaries). Load average is printed
# before and after: on a shared machine other work inflates wall times (CPU time much less,
# peak RSS not at all), so compare CPU.
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
  cargo build --release -p seam-lang --example bench_frontend
fi
seam="$PWD/target/release/seam"
corpus="$work/corpus-$n"
python3 scripts/gen_corpus.py "$n" "$corpus" --seed 7

# measure LABEL THREADS CMD...: runs CMD $runs times, keeps the fastest run's wall seconds and
# peak RSS (KiB) in the globals wall and rss. Exit status 1 is `seam check` reporting findings;
# anything above is a failure worth stopping for.
measure() {
  local label="$1" threads="$2"; shift 2
  local best_wall="" best_rss="" best_cpu="" i log="$work/time.txt" status
  for ((i = 0; i < runs; i++)); do
    # BEFORE: a command run before each timed run, untimed (empty the cache, warm it up).
    if [[ -n "${BEFORE:-}" ]]; then eval "$BEFORE"; fi
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
    c=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }' "$log")
    # The fastest run by CPU: the one least disturbed by other work.
    if [[ -z "$best_cpu" ]] || awk -v a="$c" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
      best_wall="$w"
      best_rss="$r"
      best_cpu="$c"
    fi
  done
  wall="$best_wall"
  rss="$best_rss"
  cpu="$best_cpu"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

files=$(find "$corpus" -type f | wc -l)
bytes=$(find "$corpus" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%.1f", s / 1e6 }')
echo
echo "corpus: $n source files ($files with manifests, $bytes MB), seed 7; runs per figure: $runs"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
# The bare-parse floor: bench_frontend's parse-only run (sources already read, parsed and
# dropped) on the same files, per thread count, CPU seconds.
declare -A floor
frontend="$PWD/target/release/examples/bench_frontend"
if [[ -x "$frontend" ]]; then
  while read -r threads cpu_s; do floor[$threads]=$cpu_s; done < <(
    "$frontend" --runs "$runs" "$corpus" | awk '$1 == "parse-only" { print $2, $NF }')
fi
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
printf '%-22s %-8s %10s %10s %14s %12s\n' command threads "wall (s)" "CPU (s)" "peak RSS (MB)" "CPU / parse"
declare -A walls cpus
show() {
  walls[$1,$2]=$wall
  cpus[$1,$2]=$cpu
  printf '%-22s %-8s %10s %10s %14s %12s\n' "$1" "$2" "$wall" "$cpu" "$(mb "$rss")" \
    "$(ratio "$cpu" "${floor[$2]:-0}")"
}
for t in 1 2; do
  [[ -n "${floor[$t]:-}" ]] && printf '%-22s %-8s %10s %10s %14s %12s\n' "bare parse" "$t" - "${floor[$t]}" - 1.00
  measure model "$t" model "$corpus"
  show model "$t"
  measure extract "$t" extract "$corpus" -o "$work/x.json"
  show extract "$t"
  measure check "$t" check "$corpus" --format json -o "$work/c.json"
  show check "$t"
  rm -rf "$work/scan"
  measure scan "$t" scan "$corpus" --no-cache --output-dir "$work/scan"
  show scan "$t"
  rm -rf "$work/ir"
  measure "check+outputs" "$t" check "$corpus" --format json -o "$work/c2.json" \
    --summaries "$work/x2.json" --ir-dir "$work/ir"
  show check+outputs "$t"
done
echo
printf '%-8s %14s %14s %14s %26s\n' threads extract/model check/extract scan/extract "check+outputs/max(ex,scan)"
for t in 1 2; do
  slower=$(awk -v a="${cpus[extract,$t]}" -v b="${cpus[scan,$t]}" 'BEGIN { print (a > b ? a : b) }')
  printf '%-8s %14s %14s %14s %26s\n' "$t" \
    "$(ratio "${cpus[extract,$t]}" "${cpus[model,$t]}")" \
    "$(ratio "${cpus[check,$t]}" "${cpus[extract,$t]}")" \
    "$(ratio "${cpus[scan,$t]}" "${cpus[extract,$t]}")" \
    "$(ratio "${cpus[check+outputs,$t]}" "$slower")"
done
echo "(ratios of CPU seconds)"

# The per-file cache of `seam scan` (kept in the work folder), 2 threads: cold (emptied
# before the run), warm (the same scan just before, nothing changed) and after one file
# changed (a line added to one TypeScript file after a warm run; taken out again after).
export SEAM_CACHE_DIR="$work/cache"
changed_file=$(find "$corpus" -name '*.ts' | sort | head -n 1)
echo
printf '%-32s %10s %10s %14s %12s\n' "seam scan, cache" "wall (s)" "CPU (s)" "peak RSS (MB)" "CPU / cold"
scan_args=(scan "$corpus" --output-dir "$work/scan")
BEFORE='rm -rf "$SEAM_CACHE_DIR"' measure scan 2 "${scan_args[@]}"
cold_cpu=$cpu
printf '%-32s %10s %10s %14s %12s\n' cold "$wall" "$cpu" "$(mb "$rss")" 1.00
BEFORE= measure scan 2 "${scan_args[@]}"
printf '%-32s %10s %10s %14s %12s\n' "warm, nothing changed" "$wall" "$cpu" "$(mb "$rss")" "$(ratio "$cpu" "$cold_cpu")"
cp "$changed_file" "$work/changed.bak"
BEFORE='cp "$work/changed.bak" "$changed_file"; "$seam" scan "$corpus" --output-dir "$work/scan" >/dev/null 2>&1; echo "export const benchChanged = 1;" >> "$changed_file"' \
  measure scan 2 "${scan_args[@]}"
cp "$work/changed.bak" "$changed_file"
printf '%-32s %10s %10s %14s %12s\n' "warm, 1 file changed" "$wall" "$cpu" "$(mb "$rss")" "$(ratio "$cpu" "$cold_cpu")"
echo "cache size: $(du -sh "$SEAM_CACHE_DIR" | cut -f1) in $(find "$SEAM_CACHE_DIR" -type f | wc -l) files"
unset SEAM_CACHE_DIR
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

#!/usr/bin/env bash
# Benchmark (not a test): `seam scan` beside `seam extract` on the generated corpus, on one
# thread and on all cores. Both commands parse every file once; the difference is the work
# after the model (packs and path enumeration vs. symbols, resolution and propagation).
#   crates/seam-review/benches/bench_scan.sh [WORKDIR]   (default: a temporary directory)
set -euo pipefail
cd "$(dirname "$0")/../../.."
work="${1:-}"
if [[ -z "$work" ]]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
cargo build --release -p seam-cli
seam=target/release/seam
cores="$(nproc)"
time_it() { # label, command...
  local label="$1"; shift
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  printf '  %-28s %6.2f s\n' "$label" "$(echo "$end - $start" | bc)"
}
for n in 1200 6000; do
  python3 scripts/gen_corpus.py "$n" "$work/corpus-$n" --seed 7 >/dev/null
  echo "corpus of $n files:"
  for t in 1 "$cores"; do
    time_it "extract, $t thread(s)" "$seam" --threads "$t" extract "$work/corpus-$n" -o "$work/summaries.json" --allow-empty
    time_it "scan, $t thread(s)" "$seam" --threads "$t" scan "$work/corpus-$n" --output-dir "$work/out-$n"
  done
  "$seam" scan "$work/corpus-$n" --output-dir "$work/out-$n" 2>/dev/null | sed 's/^/  /'
done

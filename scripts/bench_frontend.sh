#!/usr/bin/env bash
# Front-end benchmark: generates synthetic corpora of 1,200 and 6,000 files (TS, TSX, JS,
# Python) and times parse-only and walk+parse+lower+bind on 1 thread and on all cores.
#   scripts/bench_frontend.sh [WORKDIR]     (default: a temporary directory, removed after)
# Not a test: figures depend on the machine. See crates/seam-lang/examples/bench_frontend.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-}"
if [[ -z "$work" ]]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
cargo build --release -p seam-lang --example bench_frontend
for n in 1200 6000; do
  python3 scripts/gen_corpus.py "$n" "$work/corpus-$n" --seed 7
  target/release/examples/bench_frontend "$work/corpus-$n"
  echo
done

#!/usr/bin/env bash
# Runs every fuzz target of crates/seam-lang/fuzz for SECONDS each (default 180), with a seed
# corpus made from this repository's own files. Needs cargo-fuzz (`cargo install cargo-fuzz`);
# on a stable toolchain RUSTC_BOOTSTRAP=1 lets it pass its -Z flags. Crashes land in
# crates/seam-lang/fuzz/artifacts/<target>/; the last lines of each run (executions, coverage)
# are printed.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-180}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(lower summaries openapi prisma pack suppressions)
fuzz="$root/crates/seam-lang/fuzz"
corpus="$fuzz/corpus"

seed() { # target selector-byte files...
    local target="$1" selector="$2"
    shift 2
    mkdir -p "$corpus/$target"
    for f in "$@"; do
        [ -f "$f" ] || continue
        local name
        name="$(echo "$f" | tr '/' '_')"
        if [ -n "$selector" ]; then
            { printf "\\$(printf '%03o' "$selector")"; head -c 65536 "$f"; } >"$corpus/$target/$name"
        else
            head -c 65536 "$f" >"$corpus/$target/$name"
        fi
    done
}

cd "$root"
seed lower 0 $(find crates/seam-lang/tests/fixtures examples -name '*.ts' | head -200)
seed lower 2 $(find crates/seam-lang/tests/fixtures examples -name '*.js' | head -100)
seed lower 4 $(find crates/seam-lang/tests/fixtures examples -name '*.py' | head -200)
seed summaries "" $(find crates/seam-check/tests/fixtures crates/seam-ir/tests -name '*.json' | head -200)
seed openapi 0 $(find crates/seam-contracts/tests/fixtures -name '*.yaml')
seed openapi 1 $(find crates/seam-contracts/tests/fixtures -name '*.json')
seed prisma "" $(find crates/seam-contracts/tests/fixtures -name '*.prisma')
seed pack "" crates/seam-packs/packs/*/pack.yaml
seed suppressions 0 $(find crates -name '.sussignore*' -o -name '*sussignore*.yml' | head -50)
printf '\000version: 1\nrules:\n  - kind: deadConsumerBranch\n    boundary: "GET /users/{id}"\n    effect: mark\n    reason: "x"\n' >"$corpus/suppressions/seed.yml"
printf '\001{"version": 1, "rules": [{"kind": "deadConsumerBranch", "boundary": "GET /x", "effect": "hide", "reason": "x"}]}\n' >"$corpus/suppressions/seed.json"

cd "$root/crates/seam-lang"
for target in "${targets[@]}"; do
    echo "== $target (${seconds}s)"
    RUSTC_BOOTSTRAP=1 cargo fuzz run -s none "$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 2>&1 | grep -E '^(#[0-9]+.*DONE|stat::|==|SUMMARY|Done|INFO: .*inputs)|panicked|deadly signal|Test unit written' || true
done

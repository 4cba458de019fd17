#!/usr/bin/env bash
# Times `seam check` on generated files of deeply nested code, at several sizes, to show that
# the time grows linearly with the nesting (issue 15: 295,000 nested `if(a){` took 135 s,
# quadratically, in scope analysis). Not a test: run it by hand on a release build.
#
#   cargo build --release -p seam-cli && scripts/bench_nesting.sh [path/to/seam]
#
# Prints one line per case: the shape, the nesting depth, the file size and the wall time.
# One nesting level per line, so no file looks minified (a file over 2 MiB whose lines average
# more than 300 bytes is skipped unread). DEPTHS overrides the depths measured.
set -euo pipefail
seam="${1:-$(dirname "$0")/../target/release/seam}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

case_file() { # shape depth -> writes $work/<shape>-<depth>/a.ts
    local shape="$1" depth="$2" dir="$work/$1-$2"
    mkdir -p "$dir"
    python3 - "$shape" "$depth" "$dir/a.ts" <<'PY'
import sys
shape, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
text = {
    "blocks": lambda: "if(a){\n" * n + "}\n" * n,
    "functions": lambda: "function f(){\n" * n + "}\n" * n,
    "arrows": lambda: "x=\n" + "a=>\n" * n + "a;\n",
    "for-of": lambda: "for(let i of a)\n" * n + ";\n",
}[shape]()
open(path, "w").write(text)
PY
    echo "$dir"
}

printf '%-10s %8s %10s %8s\n' shape depth bytes seconds
for shape in blocks functions arrows for-of; do
    for depth in ${DEPTHS:-37000 74000 147000 295000}; do
        dir="$(case_file "$shape" "$depth")"
        bytes=$(wc -c <"$dir/a.ts")
        if [ "$bytes" -gt 4194304 ]; then continue; fi
        start=$(date +%s.%N)
        "$seam" check "$dir" --format json --fail-on none >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        printf '%-10s %8d %10d %8.2f\n' "$shape" "$depth" "$bytes" "$(echo "$end - $start" | bc)"
    done
done

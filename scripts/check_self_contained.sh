#!/usr/bin/env bash
# Fails when a tracked file reaches outside the repository, so that a fresh clone with nothing
# beside it builds, tests and reads the same as the checkout it came from.
#
# The rule, checked on every line of every tracked text file (`git ls-files`) except this one:
#
#   1. No absolute path into /work (`/work/` starting a path). That is a machine, not the
#      repository.
#   2. No `../` run that climbs above the repository root and then names `shared` (the sibling
#      folder the project was developed beside). The climb is counted from the crate directory
#      for files under crates/<name>/ (Cargo runs tests there and CARGO_MANIFEST_DIR names it),
#      and from the repository root for every other file (docs name paths from the root, and
#      scripts run from it). So `concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/x")` in
#      a crate and `../shared/x` in a README or a script fail, while fixture source text such as
#      `from '../../shared/src/fee'` in a crate's test passes (two levels up from the crate is
#      still the repository root).
#   3. No `../` run (`..` segments, with or without a trailing `/`) longer than the depth of the
#      file's own directory, i.e. a relative path that leaves the repository from where the file
#      sits (include_str!, `$(dirname "$0")/..`, Markdown links).
#      Test data is exempt from this rule, because its paths are source text of the fixture
#      repositories seam analyses, not paths on this machine: files under a `tests/` or
#      `fixtures/` directory, and the corpus generator scripts/gen_corpus.py.
#
# Usage: scripts/check_self_contained.sh   (from anywhere inside the repository; exit 1 on a hit)
set -euo pipefail
cd "$(dirname "$0")/.."

self="scripts/check_self_contained.sh"

# Tracked text files that hold a candidate at all (grep -I skips binary files), minus this script.
mapfile -d '' files < <(
    git ls-files -z |
        { xargs -0 grep -IlZ -e '\.\.' -e '/work/' -- 2>/dev/null || true; } |
        tr '\0' '\n' | grep -vxF "$self" | tr '\n' '\0'
)
[[ ${#files[@]} -eq 0 ]] && exit 0

# One awk program over all of them; FILENAME is the repository-relative path.
read -r -d '' program <<'AWK' || true
function depth(path,    n, i) {
    n = 0
    for (i = 1; i <= length(path); i++) if (substr(path, i, 1) == "/") n++
    return n
}
FNR == 1 {
    own = depth(FILENAME)
    base = 0
    if (FILENAME ~ /^crates\/[^\/]+\//) base = 2
    testdata = (FILENAME ~ /(^|\/)(tests|fixtures)\// || FILENAME == "scripts/gen_corpus.py")
}
{
    line = $0
    # Rule 1: an absolute path into /work.
    if (line ~ /(^|[^A-Za-z0-9_.~\/-])\/work\//) {
        printf "%s:%d: absolute path into /work: %s\n", FILENAME, FNR, line
        next
    }
    # Rules 2 and 3: every run of `..` path segments (`0..n`, `...rest`, `[..]` are not).
    rest = line
    while (match(rest, /(^|[^A-Za-z0-9_.])\.\.(\/\.\.)*(\/|["'` \t)]|$)/)) {
        run = substr(rest, RSTART, RLENGTH)
        after = substr(rest, RSTART + RLENGTH)
        rest = after
        n = gsub(/\.\./, "", run)
        if (run ~ /\/$/ && after ~ /^shared([^A-Za-z0-9_.-]|$)/ && n > base) {
            printf "%s:%d: path into ../shared, outside the repository: %s\n", FILENAME, FNR, line
            next
        }
        if (!testdata && n > own) {
            printf "%s:%d: relative path climbs %d levels from a directory %d deep, out of the repository: %s\n", FILENAME, FNR, n, own, line
            next
        }
    }
}
AWK
hits=$(awk "$program" "${files[@]}")

if [[ -n $hits ]]; then
    echo "error: these tracked files reach outside the repository; a fresh clone has nothing beside it." >&2
    echo "$hits" >&2
    echo "Bring what the file needs into the repository (see scripts/check_self_contained.sh for the rule)." >&2
    exit 1
fi

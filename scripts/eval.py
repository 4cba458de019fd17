#!/usr/bin/env python3
"""Score seam against the truth files in eval/truth/ (see eval/README.md).

    scripts/eval.py [--seam BIN] [--only NAME ...] [--show] [--markdown] [--threads N]

For each repository with a truth file: check out its git mirror at the truth's commit, run
`seam extract` (routes and client call sites, with lines) and `seam check --format json`
(pairs and findings, timed), and print route recall and precision, consumer recall, pair
accuracy, wrong pairs, error and warning precision over triaged findings, untriaged errors,
and the time and peak memory of `seam check`. Needs only the Python standard library.
"""
import argparse
import fnmatch
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRUTH_DIR = ROOT / "eval" / "truth"
CONTRACT_SUFFIXES = (".yaml", ".yml", ".json", ".prisma", ".graphql", ".gql")
HTTP_METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ALL"}


# ---------------------------------------------------------------------------------------
# Paths and keys


def normalise_path(path):
    """A request path with parameter names, host, query and trailing slash taken out."""
    path = path.strip()
    path = re.sub(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*", "", path)  # scheme://host
    path = path.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith("/"):
        path = "/" + path
    segments = []
    for seg in path.split("/")[1:]:
        if re.fullmatch(r"\{[^}]*\}|:[A-Za-z_][\w-]*\??|<[^>]*>|\[\[?\.{0,3}[^\]]*\]\]?|\*\w*", seg):
            seg = "{}"
        else:
            # A hole inside a segment (`bot{token}`): its name is taken out as well.
            seg = re.sub(r"\{[^}]*\}", "{}", seg)
        segments.append(seg)
    while len(segments) > 1 and segments[-1] == "":
        segments.pop()
    out = "/" + "/".join(segments)
    return "/" if out == "/" or out == "//" else out


def route_key(method, path):
    return f"{method.upper()} {normalise_path(path)}"


def fold_case(key):
    """`METHOD /Path` with the path lowercased: seam compares a route's static text
    case-insensitively and reports pairs lowercased."""
    method, _, path = key.partition(" ")
    return f"{method} {path.lower()}"


def expand_groups(path):
    """Every path a group path stands for: seam writes a router mounted in two places once,
    as `(/a|/b)/x`."""
    m = re.search(r"\(([^()]*\|[^()]*)\)", path)
    if not m:
        return [path]
    out = []
    for alt in m[1].split("|"):
        out.extend(expand_groups(path[:m.start()] + alt + path[m.end():]))
    return out


def rest_of(method, path):
    """The route a path ending in a zero-or-more or zero-or-one segment (`/logo/{filename*}`,
    `/files/*`, `/download/:version?`) also answers with no segment there (`/logo`), as the
    summary format defines; `None` otherwise."""
    head, _, last = path.rstrip("/").rpartition("/")
    if re.fullmatch(r"\{[^}]*[*?]\}|\*\w*|:[A-Za-z_][\w-]*\?", last):
        return route_key(method, head or "/")
    return None


CATCH_ALL_SEGMENT = re.compile(r"\*\w*|\{[^}]*[*+]\}|:[A-Za-z_][\w-]*[*+]|\[\[?\.\.\.[^\]]*\]\]?")


def catch_all_prefix(route_key_raw):
    """The method and the segments before the last of a route seam writes with a catch-all
    last segment (`* /api/jobs/*`: a middleware that answers every path under its prefix),
    when that prefix has a fixed segment; `None` otherwise."""
    method, path = split_key(route_key_raw)
    segments = [x for x in path.split("/") if x]
    if not segments or not CATCH_ALL_SEGMENT.fullmatch(segments[-1]):
        return None
    prefix = [normalise_path("/" + x).strip("/").lower() for x in segments[:-1]]
    return (method, prefix) if any(x != "{}" for x in prefix) else None


def catch_all_admits(route_key_raw, truth_key):
    """Whether such a route serves the truth route: its method is the truth's or any, its
    prefix meets the start of the truth's path (a parameter on either side meets any
    segment), and the truth's path goes on below it."""
    found = catch_all_prefix(route_key_raw)
    if found is None:
        return False
    method, prefix = found
    tm, tp = split_key(truth_key)
    if method not in ("*", "ALL", tm):
        return False
    target = [x for x in normalise_path(tp).lower().split("/") if x]
    return len(target) > len(prefix) and all(
        a == b or a == "{}" or b == "{}" for a, b in zip(prefix, target))


def split_key(key):
    method, _, path = key.partition(" ")
    return method, path


def ends_under_holes(truth_key, suffix_key):
    """Whether a route seam writes by its known part under a prefix it could not read
    (`metadata.http.unknownPrefix`) is the truth route: same method, the truth path ends with
    seam's, and what comes before is only parameters (the truth's spelling of that prefix)."""
    tm, tp = split_key(truth_key)
    sm, sp = split_key(suffix_key)
    if tm != sm:
        return False
    t = [x for x in tp.split("/") if x]
    s_ = [x for x in sp.split("/") if x]
    if len(t) <= len(s_) or t[len(t) - len(s_):] != s_:
        return False
    return all(x.startswith("{") for x in t[:len(t) - len(s_)])


# ---------------------------------------------------------------------------------------
# Truth files

ROUTE_RE = re.compile(r"^\s*([A-Z]+)\s+(\S+)\s+(\S+:\d+)\s*$")
CONSUMER_RE = re.compile(
    r"^\s*(?P<at>\S+):(?P<line>\d+)\s+(?P<method>[A-Z]+)\s+(?P<path>\S+)\s+->\s+"
    r"(?P<target>external|absent|[A-Z]+\s+\S+)(?:\s+(?P<style>\w+))?\s*$"
)


class TruthError(Exception):
    pass


def load_truth(path):
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as err:
        raise TruthError(f"{path.name}: not valid TOML: {err}") from err
    for field in ("repo", "commit"):
        if not isinstance(data.get(field), str):
            raise TruthError(f"{path.name}: `{field}` is missing (see eval/README.md)")
    routes = data.get("routes", {})
    scope = routes.get("scope", ["."])
    route_list = []
    for i, row in enumerate(routes.get("list", [])):
        m = ROUTE_RE.match(row)
        if not m:
            raise TruthError(f"{path.name}: routes.list[{i}] is not 'METHOD /path file:line': {row!r}")
        route_list.append({"method": m[1], "path": m[2], "at": m[3], "key": route_key(m[1], m[2])})
    consumers = []
    for i, row in enumerate(data.get("consumers", {}).get("list", [])):
        m = CONSUMER_RE.match(row)
        if not m:
            raise TruthError(
                f"{path.name}: consumers.list[{i}] is not "
                f"'file:line METHOD /path -> TARGET style': {row!r}"
            )
        target = m["target"]
        target_key = None
        if target not in ("external", "absent"):
            target_key = route_key(*target.split(None, 1))
        consumers.append({
            "file": m["at"], "line": int(m["line"]), "method": m["method"], "path": m["path"],
            "key": route_key(m["method"], m["path"]), "target": target, "target_key": target_key,
            "style": m["style"] or "", "row": row.strip(),
        })
    truth_keys = {r["key"] for r in route_list}
    for c in consumers:
        if c["target_key"] and c["target_key"] not in truth_keys and scope == ["."]:
            raise TruthError(f"{path.name}: consumer {c['row']!r} reaches a route not in routes.list")
    findings = []
    for i, entry in enumerate(data.get("finding", [])):
        if not isinstance(entry.get("verdict"), bool) or not entry.get("kind"):
            raise TruthError(f"{path.name}: finding[{i}] needs `kind` and a true/false `verdict`")
        findings.append({**entry, "matched": 0})
    return {
        "repo": data["repo"], "commit": data["commit"], "scope": scope, "routes": route_list,
        "consumers": consumers, "findings": findings,
    }


# ---------------------------------------------------------------------------------------
# Running seam


def mirror_dir():
    env = os.environ.get("SEAM_MIRROR")
    return Path(env) if env else ROOT.parent / ".mirror"


def checkout(repo, commit, work):
    """The work tree at `commit` (reusing one already there), or (None, why)."""
    name = repo.replace("/", "+")
    git_dir = mirror_dir() / name / "repo"
    if not git_dir.is_dir():
        return None, f"no mirror of github:{repo} at {git_dir}"
    dest = work / name
    stamp = dest / ".seam-eval-commit"
    head = subprocess.run(["git", f"--git-dir={git_dir}", "rev-parse", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    if dest.is_dir() and any(dest.iterdir()):
        have = stamp.read_text().strip() if stamp.is_file() else head
        if have == commit:
            return dest, None
        return None, (f"{dest} holds {have[:12]}, the truth was read at {commit[:12]}: "
                      f"remove the folder to check the commit out again")
    found = subprocess.run(["git", f"--git-dir={git_dir}", "cat-file", "-e", f"{commit}^{{commit}}"],
                           capture_output=True)
    if found.returncode != 0:
        return None, f"the mirror does not hold commit {commit[:12]} (its HEAD is {head[:12]})"
    dest.mkdir(parents=True, exist_ok=True)
    # A mirror may leave out its largest blobs; git then errors for those files alone.
    subprocess.run(["git", f"--git-dir={git_dir}", f"--work-tree={dest}", "checkout", "-f",
                    commit, "--", "."], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if commit != head:
        stamp.write_text(commit + "\n")
    return dest, None


def run_timed(cmd, cwd):
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(proc.pid, 0)
    return os.waitstatus_to_exitcode(status), time.monotonic() - start, usage.ru_maxrss / 1024, stderr


def resolve_refs(node, defs):
    """v7 `$def`/`$ref` expanded (defs come before their refs in document order)."""
    if isinstance(node, dict):
        if "$ref" in node and len(node) == 1:
            return defs[node["$ref"]]
        if "$def" in node and "$value" in node:
            value = resolve_refs(node["$value"], defs)
            defs[node["$def"]] = value
            return value
        return {k: resolve_refs(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [resolve_refs(v, defs) for v in node]
    return node


def rest_semantics(binding):
    if not isinstance(binding, dict):
        return None
    sem = binding.get("semantics") or {}
    if sem.get("name") != "rest" or not sem.get("path") or not sem.get("method"):
        return None
    return sem["method"], sem["path"]


def interactions(node):
    """Every interaction effect under a summary's transitions."""
    if isinstance(node, dict):
        if node.get("type") == "interaction":
            yield node
        for v in node.values():
            yield from interactions(v)
    elif isinstance(node, list):
        for v in node:
            yield from interactions(v)


def read_summaries(path):
    data = json.loads(path.read_text())
    summaries = resolve_refs(data, {})
    if isinstance(summaries, dict):
        summaries = summaries.get("summaries", [])
    providers, consumers = [], []
    for s in summaries:
        loc = s.get("location") or {}
        file = loc.get("file", "")
        ref = f"{file}::{(s.get('identity') or {}).get('name', '')}"
        sem = rest_semantics((s.get("identity") or {}).get("boundaryBinding"))
        if s.get("kind") == "handler" and sem:
            for path in expand_groups(sem[1]):
                providers.append({"file": file, "key": route_key(sem[0], path),
                                  "raw_key": f"{sem[0].upper()} {path}",
                                  "line": (loc.get("range") or {}).get("start"),
                                  "rest_of": rest_of(sem[0], path),
                                  "unknown_prefix": bool(((s.get("metadata") or {}).get("http") or {})
                                                         .get("unknownPrefix"))})
        elif s.get("kind") == "client":
            seen = False
            for effect in interactions(s.get("transitions", [])):
                esem = rest_semantics(effect.get("binding"))
                eloc = effect.get("location") or {}
                if esem and eloc.get("start"):
                    seen = True
                    consumers.append({"file": file, "start": eloc["start"], "end": eloc.get("end", eloc["start"]),
                                      "key": route_key(*esem), "ref": ref})
            if not seen and sem:
                rng = loc.get("range") or {}
                consumers.append({"file": file, "start": rng.get("start", 0), "end": rng.get("end", 0),
                                  "key": route_key(*sem), "ref": ref})
    return providers, consumers


# ---------------------------------------------------------------------------------------
# Scoring


def in_scope(file, scope):
    return any(s in (".", "") or file == s or file.startswith(s.rstrip("/") + "/") for s in scope)


def finding_places(f):
    out = []
    for side in ("provider", "consumer"):
        loc = (f.get(side) or {}).get("location") or {}
        if loc.get("file"):
            out.append(f"{loc['file']}:{(loc.get('range') or {}).get('start', '')}")
    return out


def finding_key(f):
    sem = rest_semantics(f.get("boundary"))
    return f"{sem[0]} {sem[1]}" if sem else ""


def triage(truth, findings):
    """(verdict or None, finding) for every finding; counts matches on the truth entries."""
    out = []
    for f in findings:
        key, places, text = finding_key(f), finding_places(f), f.get("description", "")
        verdict = None
        for entry in truth["findings"]:
            if entry.get("severity", f["severity"]) != f["severity"] or entry["kind"] != f["kind"]:
                continue
            if not fnmatch.fnmatchcase(key, entry.get("key", "*")):
                continue
            at = entry.get("at", "*")
            if at != "*" and not any(fnmatch.fnmatchcase(p, at) for p in places):
                continue
            if not fnmatch.fnmatchcase(text, entry.get("text", "*")):
                continue
            entry["matched"] += 1
            verdict = entry["verdict"]
            break
        out.append((verdict, f))
    return out


def ratio(num, den):
    return f"{num}/{den}" if den else "–"


def pct(num, den):
    return f"{100 * num / den:.0f}%" if den else "–"


def key_meets(call_key, route):
    """Whether a route (`METHOD /path`, method `*` for any) can serve a call's METHOD and path:
    segment by segment, a parameter on either side meets any segment."""
    cm, cp = split_key(call_key)
    rm, rp = split_key(route)
    if rm not in ("*", "ALL", cm):
        return False
    a, b = [x for x in cp.split("/") if x], [x for x in rp.split("/") if x]
    if any(x.startswith("{*") or x.startswith("*") for x in b):
        return True
    meets = lambda xs, ys: all(x == y or "{" in x or "{" in y for x, y in zip(xs, ys))
    if len(a) == len(b) and meets(a, b):
        return True
    # A call under a prefix seam could not read (`/{}/v1/x`) pairs by its known suffix
    # (seam's `via: knownSuffix`): the route's path ends with the rest.
    return bool(a) and a[0] == "{}" and 0 < len(a) - 1 <= len(b) and meets(a[1:], b[len(b) - len(a) + 1:])


TEST_FOLDERS = {"tests", "test", "__tests__", "e2e", "e2e_tests", "e2e-tests", "cypress"}


def is_test_path(path):
    """Test code by its path, the convention seam's pairing uses (seam-ir `is_test_path`):
    its calls take no part in pairing unless `seam check --include-tests`."""
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    if not parts:
        return False
    name = parts.pop()
    if any(p in TEST_FOLDERS for p in parts):
        return True
    if name.endswith(".py"):
        return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"
    return name.endswith("_test.go") or ".test." in name or ".spec." in name


def score(truth, providers, consumers, report):
    result = {}
    details = {}
    truth_routes = {r["key"] for r in truth["routes"]}
    seam_routes = {p["key"] for p in providers}
    # Handlers in test code are test servers (seam keeps them out of pairing): they are not
    # the product's routes, so they count for nothing.
    scoped_seam = {p["key"] for p in providers if in_scope(p["file"], truth["scope"])
                   and not p["file"].endswith(CONTRACT_SUFFIXES) and not is_test_path(p["file"])}
    suffix_routes = {p["key"] for p in providers if p.get("unknown_prefix")}
    # A route seam reports for every method (`*`, as for a view that dispatches on
    # request.method itself) answers each method of its path.
    any_method = {split_key(k)[1] for k in seam_routes if split_key(k)[0] in ("*", "ALL")}
    # A route whose last segment takes zero or more segments answers its parent path too.
    rest_routes = {p["rest_of"] for p in providers if p.get("rest_of")}
    rest_any = {split_key(k)[1] for k in rest_routes if split_key(k)[0] in ("*", "ALL")}
    found_routes = {k for k in truth_routes if k in seam_routes or split_key(k)[1] in any_method
                    or k in rest_routes or split_key(k)[1] in rest_any
                    or any(ends_under_holes(k, s) for s in suffix_routes)}
    # A truth route seam reports no other way, served by a route of seam's whose last segment
    # takes every path under a fixed prefix (`app.use("/api/jobs/*", handler)`); such a route
    # is right only as the one serving a truth route seam reports no other way (a catch-all
    # mount handing requests to routes seam lists one by one is no route of its own).
    catch_alls = {p["raw_key"]: p["key"] for p in providers if catch_all_prefix(p["raw_key"])}
    served_by_catch_all = {k for k in truth_routes - found_routes
                           if any(catch_all_admits(raw, k) for raw in catch_alls)}
    found_routes |= served_by_catch_all
    truth_paths = {split_key(k)[1] for k in truth_routes}
    right_scoped = {k for k in scoped_seam if k in truth_routes
                    or (split_key(k)[0] in ("*", "ALL") and split_key(k)[1] in truth_paths)
                    or (k in suffix_routes and any(ends_under_holes(t, k) for t in truth_routes))
                    or any(key == k and any(catch_all_admits(raw, t) for t in served_by_catch_all)
                           for raw, key in catch_alls.items())}
    result["routes_recall"] = (len(found_routes), len(truth_routes))
    result["routes_precision"] = (len(right_scoped), len(scoped_seam))
    details["routes missed"] = sorted(truth_routes - found_routes)
    details["routes extra (in scope)"] = sorted(scoped_seam - right_scoped)

    by_file = {}
    for c in consumers:
        by_file.setdefault(c["file"], []).append(c)
    pairs = report.get("pairs", [])
    pairs_by_consumer = {}
    raw_pairs_by_consumer = {}
    for p in pairs:
        method, path = split_key(p.get("key", " "))
        # seam compares a route's static text case-insensitively and reports it lowercased.
        pairs_by_consumer.setdefault(p.get("consumer"), set()).update(
            fold_case(route_key(method, alt)) for alt in expand_groups(path))
        raw_pairs_by_consumer.setdefault(p.get("consumer"), set()).update(
            f"{method} {alt}" for alt in expand_groups(path))
    seam_keys_folded = {fold_case(k) for k in seam_routes}
    found = paired_right = reach_here = wrong = elsewhere = 0
    misses, wrong_pairs, bad_pairs = [], [], []
    for tc in truth["consumers"]:
        at_line = [c for c in by_file.get(tc["file"], []) if c["start"] <= tc["line"] <= max(c["end"], c["start"])]
        if any(c["key"] == tc["key"] for c in at_line):
            found += 1
        else:
            seen = ", ".join(sorted({c["key"] for c in at_line})) or "nothing"
            misses.append(f"{tc['row']}   [seam: {seen}]")
        paired_to = set()
        paired_raw = set()
        for c in at_line:
            # The report names a consumer by file and function name, which several calls (one
            # `mutationFn` per hook) can share: a pair is this call's when its route meets it.
            paired_to |= {k for k in pairs_by_consumer.get(c["ref"], set()) if key_meets(fold_case(c["key"]), k)}
            paired_raw |= {k for k in raw_pairs_by_consumer.get(c["ref"], set())
                           if key_meets(fold_case(c["key"]), fold_case(k))}
        if tc["target_key"] and is_test_path(tc["file"]):
            # Test code is out of pairing by default: its calls count for consumer recall only.
            continue
        if tc["target_key"]:
            reach_here += 1
            # A route seam reports for any method (`*`) serves the truth's method too.
            target = fold_case(tc["target_key"])
            any_method = "* " + target.split(" ", 1)[1]
            # A route whose last segment takes every path under a fixed prefix serves the
            # truth's route when seam reports none of the truth's own key.
            under_catch_all = target not in seam_keys_folded and any(
                catch_all_admits(k, tc["target_key"]) for k in paired_raw)
            if target in paired_to or any_method in paired_to or under_catch_all:
                paired_right += 1
            else:
                bad_pairs.append(f"{tc['row']}   [paired: {', '.join(sorted(paired_to)) or 'nothing'}]")
        else:
            elsewhere += 1
            if paired_to:
                wrong += 1
                wrong_pairs.append(f"{tc['row']}   [paired: {', '.join(sorted(paired_to))}]")
    result["consumers_recall"] = (found, len(truth["consumers"]))
    result["pairs"] = (paired_right, reach_here)
    result["wrong_pairs"] = (wrong, elsewhere)
    details["consumers missed"] = misses
    details["pairs missed"] = bad_pairs
    details["wrong pairs"] = wrong_pairs

    triaged = triage(truth, report.get("findings", []) + report.get("run", []))
    for sev in ("error", "warning"):
        judged = [v for v, f in triaged if f["severity"] == sev and v is not None]
        result[f"{sev}_precision"] = (sum(1 for v in judged if v), len(judged))
    errors = [f for v, f in triaged if f["severity"] == "error"]
    untriaged = [f for v, f in triaged if f["severity"] == "error" and v is None]
    result["errors"] = len(errors)
    result["untriaged"] = len(untriaged)
    result["untriaged_warnings"] = sum(1 for v, f in triaged if f["severity"] == "warning" and v is None)
    details["untriaged errors"] = [
        f"{f['kind']} {finding_key(f)} @ {' / '.join(finding_places(f))}: {f.get('description', '')[:160]}"
        for f in untriaged
    ]
    details["untriaged warnings"] = [
        f"{f['kind']} {finding_key(f)} @ {' / '.join(finding_places(f))}: {f.get('description', '')[:160]}"
        for v, f in triaged if f["severity"] == "warning" and v is None
    ]
    details["stale finding entries"] = [
        f"{e['severity'] if 'severity' in e else '*'} {e['kind']} key={e.get('key', '*')} at={e.get('at', '*')}"
        for e in truth["findings"] if e["matched"] == 0
    ]
    return result, details


COLUMNS = ["repo", "routes R", "routes P", "consumers R", "pairs", "wrong pairs", "err P",
           "warn P", "errors", "untriaged", "untriaged warn", "time s", "peak MB"]


def row_cells(name, r, wall, peak):
    def both(key):
        n, d = r[key]
        return f"{ratio(n, d)} {pct(n, d)}" if d else "–"
    return [name, both("routes_recall"), both("routes_precision"), both("consumers_recall"),
            both("pairs"), ratio(*r["wrong_pairs"]), both("error_precision"),
            both("warning_precision"), str(r["errors"]), str(r["untriaged"]),
            str(r["untriaged_warnings"]), f"{wall:.2f}", f"{peak:.0f}"]


def print_table(rows, markdown):
    if markdown:
        print("| " + " | ".join(COLUMNS) + " |")
        print("|" + "---|" * len(COLUMNS))
        for cells in rows:
            print("| " + " | ".join(cells) + " |")
        return
    widths = [max(len(COLUMNS[i]), *(len(r[i]) for r in rows)) for i in range(len(COLUMNS))]
    for cells in [COLUMNS] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seam", default=str(ROOT / "target" / "release" / "seam"), help="the seam binary")
    ap.add_argument("--only", nargs="*", help="repositories to score (OWNER/NAME or NAME)")
    ap.add_argument("--show", action="store_true", help="list every miss, extra and untriaged finding")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--threads", type=int, help="passed to seam as --threads")
    args = ap.parse_args()

    seam = str(Path(args.seam).resolve())
    if not os.access(seam, os.X_OK):
        sys.exit(f"no seam binary at {args.seam}: build it with `cargo build --release`, or pass --seam")
    work = Path(os.environ.get("SEAM_CORPUS_WORK", Path(tempfile.gettempdir()) / "seam-corpus"))
    # Separate output folders let several builds be scored at once over the same checkouts.
    out_dir = Path(os.environ.get("SEAM_EVAL_OUT", work / "eval"))
    out_dir.mkdir(parents=True, exist_ok=True)

    truths = []
    for path in sorted(TRUTH_DIR.glob("*.toml")):
        try:
            truth = load_truth(path)
        except TruthError as err:
            print(f"skipped: {err}", file=sys.stderr)
            continue
        if args.only and truth["repo"] not in args.only and truth["repo"].split("/")[1] not in args.only:
            continue
        truths.append(truth)
    if not truths:
        sys.exit("no truth file to score (eval/truth/*.toml; --only names OWNER/NAME or NAME)")

    threads = ["--threads", str(args.threads)] if args.threads else []
    rows, totals, skipped, shown = [], {}, [], []
    for truth in truths:
        repo = truth["repo"]
        dest, why = checkout(repo, truth["commit"], work)
        if dest is None:
            skipped.append(f"{repo}: {why}")
            continue
        name = repo.replace("/", "+")
        summaries, report_path = out_dir / f"{name}.summaries.json", out_dir / f"{name}.check.json"
        code, _, _, err = run_timed([seam, *threads, "extract", ".", "-o", str(summaries), "--allow-empty"], dest)
        if code != 0:
            skipped.append(f"{repo}: seam extract exited {code}: {err.strip()[-300:]}")
            continue
        code, wall, peak, err = run_timed([seam, *threads, "check", ".", "--format", "json", "-o",
                                           str(report_path), "--fail-on", "none"], dest)
        if code not in (0, 1) or not report_path.is_file():
            skipped.append(f"{repo}: seam check exited {code}: {err.strip()[-300:]}")
            continue
        providers, consumers = read_summaries(summaries)
        result, details = score(truth, providers, consumers, json.loads(report_path.read_text()))
        rows.append(row_cells(repo.split("/")[1], result, wall, peak))
        for k, v in result.items():
            if isinstance(v, tuple):
                a, b = totals.get(k, (0, 0))
                totals[k] = (a + v[0], b + v[1])
            else:
                totals[k] = totals.get(k, 0) + v
        totals["wall"] = totals.get("wall", 0) + wall
        totals["peak"] = max(totals.get("peak", 0), peak)
        if args.show:
            shown.append((repo, details))
    if rows:
        if len(rows) > 1:
            rows.append(row_cells("total", totals, totals["wall"], totals["peak"]))
        print_table(rows, args.markdown)
    for repo, details in shown:
        print(f"\n## {repo}")
        for title, items in details.items():
            if items:
                print(f"  {title} ({len(items)}):")
                for item in items:
                    print(f"    {item}")
    for line in skipped:
        print(f"skipped {line}", file=sys.stderr)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())

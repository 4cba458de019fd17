#!/usr/bin/env python3
"""Run `seam check` on checkouts of repositories nobody here wrote and print one row each.

    scripts/survey.py --seam BIN DIR [DIR ...] [--save FILE.tsv] [--compare FILE.tsv]
                      [--json-dir DIR]

Each DIR is a checked-out repository. Columns: pairs, consumers left unpaired (code only, not
contract documents), routes left unpaired, errors and warnings. The last line sums every column.
With --compare, a cell that moved shows its earlier value. A row says where to start reading:
open both sides of a pair or a finding before trusting that it moved the right way.
"""
import argparse
import csv
import json
import subprocess
import sys
import tempfile
from pathlib import Path

CONTRACT_SUFFIXES = (".yaml", ".yml", ".json", ".prisma", ".graphql", ".gql", ".proto")
COLUMNS = ["repo", "pairs", "unpaired_consumers", "unpaired_routes", "errors", "warnings"]


def is_code(unit_id):
    parts = unit_id.split("::")
    return len(parts) < 2 or not parts[-2].endswith(CONTRACT_SUFFIXES)


def row_of(name, report):
    unmatched = report.get("unmatched", {})
    sev = {"error": 0, "warning": 0}
    for finding in report.get("findings", []) + report.get("run", []):
        if finding.get("severity") in sev:
            sev[finding["severity"]] += 1
    return {
        "repo": name,
        "pairs": len(report.get("pairs", [])),
        "unpaired_consumers": sum(1 for c in unmatched.get("consumers", []) if is_code(c.get("id", ""))),
        "unpaired_routes": sum(1 for p in unmatched.get("providers", []) if is_code(p.get("id", ""))),
        "errors": sev["error"],
        "warnings": sev["warning"],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+", help="checked-out repositories")
    ap.add_argument("--seam", default="target/release/seam", help="the seam binary to run")
    ap.add_argument("--save", help="write the rows to this TSV file")
    ap.add_argument("--compare", help="a TSV file written by --save: show what moved")
    ap.add_argument("--json-dir", help="keep each repository's check report here")
    args = ap.parse_args()

    seam = str(Path(args.seam).resolve())
    json_dir = Path(args.json_dir or tempfile.mkdtemp(prefix="seam-survey-"))
    json_dir.mkdir(parents=True, exist_ok=True)
    before = {}
    if args.compare:
        with open(args.compare, newline="") as f:
            before = {r["repo"]: r for r in csv.DictReader(f, delimiter="\t")}

    rows = []
    print("\t".join(COLUMNS))
    for d in args.dirs:
        path = Path(d)
        if not path.is_dir():
            continue
        name = path.resolve().name
        out = json_dir / f"{name}.json"
        proc = subprocess.run([seam, "check", ".", "--format", "json", "-o", str(out), "--fail-on", "none"],
                              cwd=path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if proc.returncode not in (0, 1) or not out.is_file():
            tail = proc.stderr.decode(errors="replace").strip()[-300:]
            print(f"{name}\tseam check exited {proc.returncode}: {tail}")
            continue
        row = row_of(name, json.loads(out.read_text()))
        rows.append(row)
        cells = []
        for col in COLUMNS:
            cell = str(row[col])
            old = before.get(name, {}).get(col)
            if old is not None and old != cell:
                cell = f"{cell} (was {old})"
            cells.append(cell)
        print("\t".join(cells))
    totals = {c: sum(r[c] for r in rows) for c in COLUMNS[1:]}
    print("\t".join(["total"] + [str(totals[c]) for c in COLUMNS[1:]]))
    if args.save:
        with open(args.save, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS, delimiter="\t")
            w.writeheader()
            w.writerows(rows)
    print(f"reports: {json_dir}", file=sys.stderr)


if __name__ == "__main__":
    main()

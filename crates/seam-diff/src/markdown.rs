//! `diff.md`: a diff document as a pull-request comment.
//!
//! Order: the title and summary table; the boundary changes when the document has them
//! (broken pairs first: they are what a reviewer must see first); the changed Symbols grouped
//! by component with their rule, effect, call and signature deltas; added, removed and unknown
//! Symbols; files not compared; then folded sections for moves, dropped changes, syntax-only
//! changes and component and dependency changes. Empty sections are left out. Three or more
//! newlines collapse to two, lines carry no trailing spaces, and the text ends with one
//! newline.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::Value;

use crate::document::{BOUNDARY_KEY, summary_count};

/// Renders `diff` (with or without the boundary extension).
pub fn render(diff: &Value) -> String {
    let mut out = String::new();
    let c = |f: &str| summary_count(diff, f);
    let _ = writeln!(
        out,
        "# seam diff: {}..{}\n",
        diff["base"]["ref"].as_str().unwrap_or("base"),
        diff["head"]["ref"].as_str().unwrap_or("head")
    );
    let mut summary = format!(
        "**Summary**: +{} added · -{} removed · ~{} changed · {} moved · {} moved+changed",
        c("added"),
        c("removed"),
        c("changed"),
        c("moved"),
        c("movedChanged")
    );
    if c("unknown") > 0 {
        summary.push_str(&format!(" · ?{} unknown", c("unknown")));
    }
    let _ = writeln!(out, "{summary}\n");
    let _ = writeln!(out, "| what | count |\n|---|---:|");
    let boundary = diff.get(BOUNDARY_KEY);
    if let Some(b) = boundary {
        for (label, key) in [
            ("broken pairs", "brokenPairs"),
            ("route changes", "routes"),
            ("client call changes", "clients"),
        ] {
            let _ = writeln!(
                out,
                "| {label} | {} |",
                b[key].as_array().map_or(0, Vec::len)
            );
        }
    }
    for (label, field) in [
        ("symbols added", "added"),
        ("symbols removed", "removed"),
        ("symbols changed", "changed"),
        ("symbols moved", "moved"),
        ("symbols moved and changed", "movedChanged"),
        ("dropped toggled", "droppedToggled"),
        ("unknown", "unknown"),
        ("unchanged", "unchanged"),
    ] {
        let _ = writeln!(out, "| {label} | {} |", c(field));
    }
    out.push('\n');
    if let Some(b) = boundary {
        out.push_str(&crate::boundary::render_markdown(b));
    }

    let symbols: Vec<&Value> = diff["symbols"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let with_status = |status: &str| -> Vec<&Value> {
        symbols
            .iter()
            .copied()
            .filter(|s| s["status"] == status)
            .collect()
    };

    // Changed symbols (logic or API), grouped by component.
    let mut groups: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    let mut syntax_only: Vec<&Value> = Vec::new();
    for s in symbols
        .iter()
        .copied()
        .filter(|s| matches!(s["status"].as_str(), Some("changed" | "moved+changed")))
    {
        let d = &s["delta"];
        if d["apiChanged"] == true || d["logicChanged"] == true {
            let component = s["after"]["component"]
                .as_str()
                .unwrap_or("(no component)")
                .to_owned();
            groups.entry(component).or_default().push(s);
        } else {
            syntax_only.push(s);
        }
    }
    if !groups.is_empty() {
        out.push_str("## Changed symbols\n\n");
        for (component, list) in &groups {
            let _ = writeln!(out, "### {component}\n");
            for s in list {
                changed_entry(&mut out, s);
            }
            out.push('\n');
        }
    }
    for (title, status) in [("Added", "added"), ("Removed", "removed")] {
        let list = with_status(status);
        if !list.is_empty() {
            let _ = writeln!(out, "## {title} ({})\n", list.len());
            for s in list {
                let _ = writeln!(out, "- {}", symbol_ref(&s["symbol"]));
            }
            out.push('\n');
        }
    }
    let unknown = with_status("unknown");
    if !unknown.is_empty() {
        let _ = writeln!(out, "## Unknown ({})\n", unknown.len());
        out.push_str("These Symbols are on one side only, and the other side could not analyse their file: they may not have been added or removed.\n\n");
        for s in unknown {
            let _ = writeln!(
                out,
                "- {}: not in the {} ({})",
                symbol_ref(&s["symbol"]),
                s["absentFrom"].as_str().unwrap_or(""),
                s["reason"].as_str().unwrap_or("")
            );
        }
        out.push('\n');
    }
    if let Some(files) = diff["notCompared"].as_array().filter(|a| !a.is_empty()) {
        let _ = writeln!(out, "## Not compared ({})\n", files.len());
        for f in files {
            let _ = writeln!(
                out,
                "- `{}`: base {}, head {}",
                f["path"].as_str().unwrap_or(""),
                f["baseReason"].as_str().unwrap_or(""),
                f["headReason"].as_str().unwrap_or("")
            );
        }
        out.push('\n');
    }
    let moved = with_status("moved");
    if !moved.is_empty() {
        fold_start(&mut out, &format!("Moved or renamed ({})", moved.len()));
        for s in moved {
            let _ = writeln!(
                out,
                "- {} → {} ({})",
                symbol_ref(&s["before"]),
                symbol_ref(&s["after"]),
                s["rationale"].as_str().unwrap_or("")
            );
        }
        fold_end(&mut out);
    }
    let toggled = with_status("dropped-toggled");
    if !toggled.is_empty() {
        fold_start(&mut out, &format!("Dropped changes ({})", toggled.len()));
        for s in toggled {
            let direction = s["direction"].as_str().unwrap_or("");
            let why = match direction {
                "to-dropped" => format!(
                    "now dropped: {}",
                    s["after"]["dropReason"].as_str().unwrap_or("")
                ),
                _ => format!(
                    "no longer dropped (was: {})",
                    s["before"]["dropReason"].as_str().unwrap_or("")
                ),
            };
            let _ = writeln!(out, "- {}: {why}", symbol_ref(&s["after"]));
        }
        fold_end(&mut out);
    }
    if !syntax_only.is_empty() {
        fold_start(
            &mut out,
            &format!("Syntax-only changes ({})", syntax_only.len()),
        );
        for s in syntax_only {
            let _ = writeln!(out, "- {}", symbol_ref(&s["after"]));
        }
        fold_end(&mut out);
    }
    let components = &diff["components"];
    let count = |v: &Value| v.as_array().map_or(0, Vec::len);
    if count(&components["added"]) + count(&components["removed"]) + count(&components["changed"])
        > 0
    {
        fold_start(&mut out, "Component changes");
        for c in components["added"].as_array().into_iter().flatten() {
            let _ = writeln!(out, "- added `{}`", c["id"].as_str().unwrap_or(""));
        }
        for c in components["removed"].as_array().into_iter().flatten() {
            let _ = writeln!(out, "- removed `{}`", c["id"].as_str().unwrap_or(""));
        }
        for c in components["changed"].as_array().into_iter().flatten() {
            let d = &c["delta"];
            let what: Vec<&str> = [
                ("roots", "rootsChanged"),
                ("public API", "publicApiChanged"),
                ("frameworks", "frameworksChanged"),
            ]
            .iter()
            .filter(|(_, k)| d[*k] == true)
            .map(|(l, _)| *l)
            .collect();
            let _ = writeln!(
                out,
                "- `{}`: {} changed",
                c["after"]["id"].as_str().unwrap_or(""),
                what.join(", ")
            );
        }
        fold_end(&mut out);
    }
    let deps = &diff["dependencies"];
    if count(&deps["added"]) + count(&deps["removed"]) + count(&deps["unknown"]) > 0 {
        fold_start(
            &mut out,
            &format!(
                "Dependency changes (+{} -{} ?{})",
                count(&deps["added"]),
                count(&deps["removed"]),
                count(&deps["unknown"])
            ),
        );
        for (sign, key) in [("+", "added"), ("-", "removed")] {
            for d in deps[key].as_array().into_iter().flatten() {
                let _ = writeln!(
                    out,
                    "- {sign} `{}` → `{}` ({})",
                    d["from"].as_str().unwrap_or(""),
                    d["to"].as_str().unwrap_or(""),
                    d["via"].as_str().unwrap_or("")
                );
            }
        }
        for d in deps["unknown"].as_array().into_iter().flatten() {
            let dep = &d["dependency"];
            let _ = writeln!(
                out,
                "- ? `{}` → `{}` (not in the {})",
                dep["from"].as_str().unwrap_or(""),
                dep["to"].as_str().unwrap_or(""),
                d["absentFrom"].as_str().unwrap_or("")
            );
        }
        fold_end(&mut out);
    }
    let _ = writeln!(out, "{} Symbols unchanged.", c("unchanged"));
    tidy(&out)
}

fn changed_entry(out: &mut String, s: &Value) {
    let d = &s["delta"];
    let mut axes = Vec::new();
    if d["apiChanged"] == true {
        axes.push("API");
    }
    if d["logicChanged"] == true {
        axes.push("logic");
    }
    if d["visibilityChanged"] == true {
        axes.push("visibility");
    }
    let moved = if s["status"] == "moved+changed" {
        format!(" (moved from {})", symbol_ref(&s["before"]))
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "- {}{moved}: {} changed",
        symbol_ref(&s["after"]),
        axes.join(" and ")
    );
    for (label, key) in [
        ("rule", "rules"),
        ("effect", "effects"),
        ("call", "calls"),
        ("decorator", "decorators"),
    ] {
        for (sign, part) in [("+", "added"), ("-", "removed"), ("~", "modified")] {
            for item in d[key][part].as_array().into_iter().flatten() {
                let _ = writeln!(out, "  - {sign} {label} {}", describe(key, item));
            }
        }
    }
    let sig = &d["signature"];
    if sig.is_object() {
        for (sign, part) in [("+", "added"), ("-", "removed"), ("~", "modified")] {
            for item in sig["inputs"][part].as_array().into_iter().flatten() {
                let _ = writeln!(
                    out,
                    "  - {sign} parameter `{}`{}",
                    item["name"].as_str().unwrap_or(""),
                    type_suffix(item["type"].as_str().unwrap_or(""))
                );
            }
            for (label, key) in [("returns", "outputs"), ("throws", "throws")] {
                for item in sig[key][part].as_array().into_iter().flatten() {
                    let _ = writeln!(out, "  - {sign} {label} `{}`", item.as_str().unwrap_or(""));
                }
            }
        }
        for (label, key) in [
            ("async", "asyncChanged"),
            ("generator", "generatorChanged"),
            ("type parameters", "typeParametersChanged"),
        ] {
            if sig[key] == true {
                let _ = writeln!(out, "  - ~ {label} changed");
            }
        }
    }
}

fn type_suffix(t: &str) -> String {
    if t.is_empty() {
        String::new()
    } else {
        format!(": `{t}`")
    }
}

/// One array element in words.
fn describe(key: &str, item: &Value) -> String {
    let s = |k: &str| item[k].as_str().unwrap_or("").to_owned();
    match key {
        "rules" => {
            let payload = ["condition", "what", "expr", "loopKind"]
                .iter()
                .find_map(|k| item[*k].as_str().map(str::to_owned))
                .map(|p| format!(" `{p}`"))
                .unwrap_or_default();
            format!("{}{payload} (line {})", s("type"), item["line"])
        }
        "effects" => format!("{} `{}`", s("id"), s("target")),
        "calls" => match item["resolved"].as_str() {
            Some(r) => format!("`{}` → `{r}`", s("target")),
            None => format!("`{}`", s("target")),
        },
        _ => format!("`@{}`", s("name")),
    }
}

/// `` `name` (file:line) ``.
fn symbol_ref(symbol: &Value) -> String {
    format!(
        "`{}` ({}:{})",
        symbol["name"].as_str().unwrap_or(""),
        symbol["source"]["file"].as_str().unwrap_or(""),
        symbol["source"]["startLine"]
    )
}

fn fold_start(out: &mut String, summary: &str) {
    let _ = writeln!(out, "<details><summary>{summary}</summary>\n");
}

fn fold_end(out: &mut String) {
    out.push_str("\n</details>\n\n");
}

/// No trailing spaces, at most one blank line in a row, one final newline.
pub fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

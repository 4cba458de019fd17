//! Reviewer views of a review-IR document: `workspace.md`, `components/<id>.md` and the
//! `explain` card of one Symbol. Deterministic: everything is ordered by the document's own
//! orderings, and no clock is read (a "Generated" line appears only when the document
//! carries `generatedAt`).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;

use seam_ir::review::{Confidence, Document, EffectOrigin, RuleKind, Symbol, Via};

/// Fragments longer than this go in a fenced block instead of inline code.
const INLINE_MAX: usize = 80;
/// How many public-API and boundary entries a component lists on `workspace.md`.
const LIST_CAP: usize = 50;

/// `s` as inline code, written straight into the page (no string of its own: the pages
/// hold one or more per Symbol).
fn code(s: &str) -> Code<'_> {
    Code(s)
}

struct Code<'a>(&'a str);

impl std::fmt::Display for Code<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.0;
        let ticks = if s.contains('`') { "``" } else { "`" };
        let pad = if s.starts_with('`') || s.ends_with('`') {
            " "
        } else {
            ""
        };
        f.write_str(ticks)?;
        f.write_str(pad)?;
        f.write_str(s)?;
        f.write_str(pad)?;
        f.write_str(ticks)
    }
}

fn badge(c: Confidence) -> &'static str {
    match c {
        Confidence::High => "",
        Confidence::Medium => " ⚠ medium",
        Confidence::Low => " ⚠ low",
    }
}

fn is_boundary(s: &Symbol) -> bool {
    s.decorators.iter().any(|d| d.boundary)
        || s.ext_kind
            .as_deref()
            .is_some_and(|k| k.starts_with("framework:"))
}

fn finish(mut text: String) -> String {
    while text.ends_with("\n\n") {
        text.pop();
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// `workspace.md`.
pub fn workspace(doc: &Document) -> String {
    let mut out = String::new();
    let kept = doc.stats.kept_symbols;
    let dropped = doc.stats.dropped_symbols;
    let _ = writeln!(out, "# Workspace\n");
    let _ = writeln!(
        out,
        "**Languages**: {}  ",
        doc.workspace.languages.join(", ")
    );
    let managers = if doc.workspace.managers.is_empty() {
        "none".to_owned()
    } else {
        doc.workspace
            .managers
            .iter()
            .map(|m| format!("{} ({})", m.tool, m.roots.join(", ")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(out, "**Managers**: {managers}  ");
    let files = if doc.stats.parsed_files == doc.stats.total_files {
        format!("{} files", doc.stats.total_files)
    } else {
        format!(
            "{} of {} files parsed",
            doc.stats.parsed_files, doc.stats.total_files
        )
    };
    let _ = writeln!(
        out,
        "**Symbols**: {kept} kept · {dropped} dropped (across {files})  "
    );
    if let Some(c) = &doc.stats.call_resolution {
        let _ = writeln!(
            out,
            "**Calls**: {} resolved of {} (local {}, external {}, dynamic {}, ambiguous {}, no match {})  ",
            c.resolved_calls,
            c.total_calls,
            c.unresolved.local_scope,
            c.unresolved.external,
            c.unresolved.dynamic,
            c.unresolved.ambiguous,
            c.unresolved.no_match
        );
    }
    if let Some(at) = &doc.generated_at {
        let _ = writeln!(out, "**Generated**: {at}  ");
    }
    out.push('\n');

    let mut per_component: BTreeMap<&str, Vec<&Symbol>> = BTreeMap::new();
    for s in &doc.symbols {
        if let Some(c) = &s.component {
            per_component.entry(c.as_str()).or_default().push(s);
        }
    }
    let _ = writeln!(out, "## Components\n");
    let _ = writeln!(out, "| id | roots | languages | frameworks | symbols |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    for c in &doc.components {
        let symbols = per_component
            .get(c.id.as_str())
            .map_or(0, |v| v.iter().filter(|s| !s.dropped).count());
        let _ = writeln!(
            out,
            "| [{}](components/{}.md) | {} | {} | {} | {} |",
            c.id,
            c.id,
            c.roots
                .iter()
                .map(|r| code(r).to_string())
                .collect::<Vec<_>>()
                .join(", "),
            c.languages.join(", "),
            if c.frameworks.is_empty() {
                "—".to_owned()
            } else {
                c.frameworks.join(", ")
            },
            symbols
        );
    }
    out.push('\n');

    let _ = writeln!(out, "## Public API\n");
    for c in &doc.components {
        let public: Vec<&&Symbol> = per_component
            .get(c.id.as_str())
            .map(|v| {
                v.iter()
                    .filter(|s| {
                        !s.dropped
                            && s.visibility == seam_ir::review::Visibility::Public
                            && !s.name.contains('.')
                            && !s.name.contains("::")
                    })
                    .collect()
            })
            .unwrap_or_default();
        let _ = writeln!(out, "### {}\n", c.id);
        if public.is_empty() {
            let _ = writeln!(out, "No public symbols.\n");
            continue;
        }
        for s in public.iter().take(LIST_CAP) {
            let _ = writeln!(
                out,
                "- {} *({})* — {}",
                code(&s.name),
                s.kind.as_str(),
                code(&s.source.file)
            );
        }
        if public.len() > LIST_CAP {
            let _ = writeln!(out, "- … and {} more", public.len() - LIST_CAP);
        }
        out.push('\n');
    }

    let boundary: Vec<&Symbol> = doc
        .symbols
        .iter()
        .filter(|s| !s.dropped && is_boundary(s))
        .collect();
    let _ = writeln!(out, "## Boundary symbols\n");
    if boundary.is_empty() {
        let _ = writeln!(out, "None found.\n");
    } else {
        for s in boundary.iter().take(LIST_CAP * 4) {
            let kind = s.ext_kind.as_deref().unwrap_or(s.kind.as_str());
            let _ = writeln!(
                out,
                "- {} — {} ({}:{})",
                code(&s.id),
                code(kind),
                s.source.file,
                s.source.start_line
            );
        }
        if boundary.len() > LIST_CAP * 4 {
            let _ = writeln!(out, "- … and {} more", boundary.len() - LIST_CAP * 4);
        }
        out.push('\n');
    }

    // (call edges, an import edge) per ordered Component pair.
    let mut cross: BTreeMap<(&str, &str), (u64, bool)> = BTreeMap::new();
    let component_of: BTreeMap<&str, &str> = doc
        .symbols
        .iter()
        .filter_map(|s| s.component.as_deref().map(|c| (s.id.as_str(), c)))
        .collect();
    for d in &doc.dependencies {
        if d.via == Via::Import {
            cross.entry((&d.from, &d.to)).or_default().1 = true;
        } else if d.via == Via::Call
            && let (Some(a), Some(b)) = (
                component_of.get(d.from.as_str()),
                component_of.get(d.to.as_str()),
            )
            && a != b
        {
            cross.entry((a, b)).or_default().0 += 1;
        }
    }
    let _ = writeln!(out, "## Component dependencies\n");
    if cross.is_empty() {
        let _ = writeln!(out, "No calls cross a component boundary.\n");
    } else {
        for ((a, b), (calls, imports)) in &cross {
            let what = match (*calls, *imports) {
                (0, _) => "imports".to_owned(),
                (n, false) => format!("{n} call edges"),
                (n, true) => format!("{n} call edges, imports"),
            };
            let _ = writeln!(out, "- {a} → {b}: {what}");
        }
        out.push('\n');
    }

    let mut surface: BTreeMap<&str, (u64, BTreeSet<&str>)> = BTreeMap::new();
    for s in &doc.symbols {
        for e in &s.effects {
            if !e.is_propagated() {
                let entry = surface.entry(e.id.as_str()).or_default();
                entry.0 += 1;
                entry.1.insert(s.id.as_str());
            }
        }
    }
    let mut ranked: Vec<(&str, u64, usize)> = surface
        .iter()
        .map(|(k, (n, s))| (*k, *n, s.len()))
        .collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let _ = writeln!(out, "## Effect surface (top 10 by count)\n");
    if ranked.is_empty() {
        let _ = writeln!(out, "No effects detected.\n");
    } else {
        let _ = writeln!(out, "| effect | sites | symbols |");
        let _ = writeln!(out, "|---|---|---|");
        for (id, n, symbols) in ranked.iter().take(10) {
            let _ = writeln!(out, "| {} | {n} | {symbols} |", code(id));
        }
        out.push('\n');
    }

    if let Some(skipped) = &doc.stats.skipped_files
        && !skipped.is_empty()
    {
        let mut by_reason: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for s in skipped {
            by_reason
                .entry(s.reason.as_str())
                .or_default()
                .push(&s.path);
        }
        let _ = writeln!(out, "## Files not analysed\n");
        for (reason, paths) in by_reason {
            let _ = writeln!(out, "### {reason}\n");
            for p in paths {
                let _ = writeln!(out, "- {}", code(p));
            }
            out.push('\n');
        }
    }
    finish(out)
}

fn signature_line(s: &Symbol) -> Option<String> {
    let sig = s.signature.as_ref()?;
    let inputs: Vec<String> = sig
        .inputs
        .iter()
        .map(|i| {
            if i.type_text.is_empty() {
                i.name.clone()
            } else {
                format!("{}: {}", i.name, i.type_text)
            }
        })
        .collect();
    let mut line = String::new();
    if !sig.type_parameters.is_empty() {
        let _ = write!(line, "<{}>", sig.type_parameters.join(", "));
    }
    let _ = write!(line, "({})", inputs.join(", "));
    if !sig.outputs.is_empty() {
        let _ = write!(line, " → {}", sig.outputs.join(", "));
    }
    if !sig.throws.is_empty() {
        let _ = write!(line, " throws {}", sig.throws.join(", "));
    }
    if sig.is_async {
        line.push_str(" ⚡async");
    }
    if sig.is_generator {
        line.push_str(" ⚡generator");
    }
    Some(line)
}

fn fragment(s: &str) -> String {
    if s.chars().count() <= INLINE_MAX {
        code(s).to_string()
    } else {
        format!("\n\n  ```\n  {s}\n  ```\n")
    }
}

fn rule_line(rule: &seam_ir::review::Rule) -> String {
    let detail = match &rule.kind {
        RuleKind::Guard { condition }
        | RuleKind::Switch { condition }
        | RuleKind::Match { condition } => format!(" {}", fragment(condition)),
        RuleKind::Throw { what } => format!(" {}", fragment(what)),
        RuleKind::Return { expr } => format!(" {}", fragment(expr)),
        RuleKind::Loop { loop_kind } => format!(" {}", loop_kind.as_str()),
        RuleKind::Try => String::new(),
    };
    format!("{}:{} (L{})", rule.kind.type_name(), detail, rule.line)
}

fn symbol_section(out: &mut String, s: &Symbol) {
    let _ = writeln!(out, "#### {} *({})*\n", code(&s.name), s.kind.as_str());
    if let Some(k) = &s.ext_kind {
        let _ = writeln!(out, "- Kind: {}{}", code(k), badge(s.confidence));
    }
    if !s.decorators.is_empty() {
        let list: Vec<String> = s
            .decorators
            .iter()
            .map(|d| {
                let b = if d.boundary { " (boundary)" } else { "" };
                format!("{}{b}", code(&format!("@{}", d.raw)))
            })
            .collect();
        let _ = writeln!(out, "- Decorators: {}", list.join(", "));
    }
    if let Some(sig) = signature_line(s) {
        let _ = writeln!(out, "- Signature: {}", code(&sig));
    }
    if !s.rules.is_empty() {
        let _ = writeln!(out, "- Rules:");
        for r in &s.rules {
            let _ = writeln!(out, "  - {}", rule_line(r));
        }
    }
    if !s.effects.is_empty() {
        let _ = writeln!(out, "- Effects:");
        for e in &s.effects {
            let place = match &e.origin {
                EffectOrigin::Local { line } => format!("(L{line})"),
                EffectOrigin::Propagated { derived_from } => format!(
                    "(via {})",
                    derived_from
                        .iter()
                        .map(|d| code(d).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            let _ = writeln!(
                out,
                "  - {}: {} {} [{}]{}",
                e.id,
                code(&e.target),
                place,
                e.plugin,
                badge(e.confidence)
            );
        }
    }
    if !s.calls.is_empty() {
        let _ = writeln!(out, "- Calls:");
        for c in &s.calls {
            match &c.resolved {
                Some(r) => {
                    let _ = writeln!(out, "  - {} (L{}) → {}", code(&c.target), c.line, code(r));
                }
                None => {
                    let _ = writeln!(out, "  - {} (L{})", code(&c.target), c.line);
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "\n<sub>api={} logic={} syntax={}</sub>\n",
        s.fingerprint.api, s.fingerprint.logic, s.fingerprint.syntax
    );
}

/// `components/<id>.md` for the Component `id`.
pub fn component(doc: &Document, id: &str) -> Option<String> {
    let c = doc.components.iter().find(|c| c.id == id)?;
    let symbols: Vec<&Symbol> = doc
        .symbols
        .iter()
        .filter(|s| s.component.as_deref() == Some(id))
        .collect();
    let kept = symbols.iter().filter(|s| !s.dropped).count();
    let mut out = String::new();
    let _ = writeln!(out, "# Component: {}\n", c.id);
    let _ = writeln!(out, "**Name**: {}  ", c.name);
    let _ = writeln!(
        out,
        "**Roots**: {}  ",
        c.roots
            .iter()
            .map(|r| code(r).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(out, "**Languages**: {}  ", c.languages.join(", "));
    if !c.frameworks.is_empty() {
        let _ = writeln!(out, "**Frameworks**: {}  ", c.frameworks.join(", "));
    }
    let _ = writeln!(
        out,
        "**Symbols**: {kept} kept · {} dropped\n",
        symbols.len() - kept
    );

    let mut by_file: BTreeMap<&str, Vec<&Symbol>> = BTreeMap::new();
    for s in symbols.iter().filter(|s| !s.dropped) {
        by_file.entry(s.source.file.as_str()).or_default().push(s);
    }
    let _ = writeln!(out, "## Symbols\n");
    for (file, mut list) in by_file {
        list.sort_by(|a, b| {
            a.source
                .start_line
                .cmp(&b.source.start_line)
                .then(a.id.cmp(&b.id))
        });
        let _ = writeln!(out, "### {}\n", code(file));
        for s in list {
            symbol_section(&mut out, s);
        }
    }
    let dropped: Vec<&&Symbol> = symbols.iter().filter(|s| s.dropped).collect();
    if !dropped.is_empty() {
        let _ = writeln!(out, "## Dropped\n");
        let _ = writeln!(
            out,
            "<details><summary>{} dropped symbols</summary>\n",
            dropped.len()
        );
        for s in dropped {
            let _ = writeln!(
                out,
                "- {} — {}",
                code(&s.id),
                s.drop_reason.as_deref().unwrap_or("")
            );
        }
        let _ = writeln!(out, "\n</details>\n");
    }
    Some(finish(out))
}

/// The call path from `from` to a Symbol where the effect `(id, target)` is local, through
/// callees carrying it; the shortest, first in id order.
pub fn propagation_path(doc: &Document, from: &str, id: &str, target: &str) -> Vec<String> {
    let by_id: BTreeMap<&str, &Symbol> = doc.symbols.iter().map(|s| (s.id.as_str(), s)).collect();
    let mut previous: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue: VecDeque<&str> = VecDeque::from([from]);
    let mut seen: BTreeSet<&str> = BTreeSet::from([from]);
    while let Some(at) = queue.pop_front() {
        let Some(symbol) = by_id.get(at) else {
            continue;
        };
        let local = at != from
            && symbol
                .effects
                .iter()
                .any(|e| !e.is_propagated() && e.id == id && e.target == target);
        if local {
            let mut path = vec![at.to_owned()];
            let mut cur = at;
            while let Some(p) = previous.get(cur) {
                path.push((*p).to_owned());
                cur = p;
            }
            path.reverse();
            return path;
        }
        for e in &symbol.effects {
            if let EffectOrigin::Propagated { derived_from } = &e.origin
                && e.id == id
                && e.target == target
            {
                for next in derived_from {
                    if seen.insert(next.as_str()) {
                        previous.insert(next.as_str(), at);
                        queue.push_back(next.as_str());
                    }
                }
            }
        }
    }
    vec![from.to_owned()]
}

/// The `explain` card of one Symbol.
pub fn explain(doc: &Document, symbol: &Symbol) -> String {
    let mut out = String::new();
    let dropped = if symbol.dropped { " — dropped" } else { "" };
    let _ = writeln!(
        out,
        "# {} *({})*{dropped}\n",
        code(&symbol.name),
        symbol.kind.as_str()
    );
    let _ = writeln!(out, "**Id**: {}  ", code(&symbol.id));
    let _ = writeln!(
        out,
        "**Component**: {}  ",
        symbol.component.as_deref().unwrap_or("none")
    );
    let _ = writeln!(
        out,
        "**File**: {}:{}-{}  ",
        symbol.source.file, symbol.source.start_line, symbol.source.end_line
    );
    let _ = writeln!(out, "**Visibility**: {}  ", symbol.visibility.as_str());
    let _ = writeln!(out, "**Language**: {}  ", symbol.language);
    if let Some(k) = &symbol.ext_kind {
        let _ = writeln!(out, "**Kind**: {}{}  ", code(k), badge(symbol.confidence));
    }
    out.push('\n');
    if let Some(reason) = &symbol.drop_reason {
        let _ = writeln!(out, "**Drop reason**: {reason}\n");
    }
    if !symbol.decorators.is_empty() {
        let _ = writeln!(out, "## Decorators\n");
        for d in &symbol.decorators {
            let b = if d.boundary { " (boundary)" } else { "" };
            let _ = writeln!(out, "- {}{b} (L{})", code(&format!("@{}", d.raw)), d.line);
        }
        out.push('\n');
    }
    if let Some(sig) = signature_line(symbol) {
        let _ = writeln!(out, "## Signature\n\n```\n{}{sig}\n```\n", symbol.name);
    }
    if !symbol.rules.is_empty() {
        let _ = writeln!(out, "## Rules\n");
        for r in &symbol.rules {
            let _ = writeln!(out, "- {}", rule_line(r));
        }
        out.push('\n');
    }
    if !symbol.effects.is_empty() {
        let _ = writeln!(out, "## Effects\n");
        for e in &symbol.effects {
            match &e.origin {
                EffectOrigin::Local { line } => {
                    let _ = writeln!(
                        out,
                        "- {}: {} (L{line}) [{}]{}",
                        e.id,
                        code(&e.target),
                        e.plugin,
                        badge(e.confidence)
                    );
                }
                EffectOrigin::Propagated { .. } => {
                    let path = propagation_path(doc, &symbol.id, &e.id, &e.target);
                    let _ = writeln!(
                        out,
                        "- {}: {} [{}]{} via {}",
                        e.id,
                        code(&e.target),
                        e.plugin,
                        badge(e.confidence),
                        path.iter()
                            .map(|p| code(p).to_string())
                            .collect::<Vec<_>>()
                            .join(" → ")
                    );
                }
            }
        }
        out.push('\n');
    }
    if !symbol.calls.is_empty() {
        let _ = writeln!(out, "## Calls\n");
        for c in &symbol.calls {
            match &c.resolved {
                Some(r) => {
                    let _ = writeln!(out, "- {} (L{}) → {}", code(&c.target), c.line, code(r));
                }
                None => {
                    let _ = writeln!(out, "- {} (L{}), unresolved", code(&c.target), c.line);
                }
            }
        }
        out.push('\n');
    }
    let mut callers: Vec<(&str, u32)> = Vec::new();
    for s in &doc.symbols {
        for c in &s.calls {
            if c.resolved.as_deref() == Some(symbol.id.as_str()) {
                callers.push((s.id.as_str(), c.line));
            }
        }
    }
    let _ = writeln!(out, "## Called by\n");
    if callers.is_empty() {
        let _ = writeln!(out, "No resolved callers.\n");
    } else {
        for (id, line) in callers {
            let _ = writeln!(out, "- {} (L{line})", code(id));
        }
        out.push('\n');
    }
    if !symbol.derived_by.is_empty() {
        let _ = writeln!(out, "## Derived by\n\n{}\n", symbol.derived_by.join(", "));
    }
    let _ = writeln!(
        out,
        "## Fingerprint\n\napi={} logic={} syntax={}",
        symbol.fingerprint.api, symbol.fingerprint.logic, symbol.fingerprint.syntax
    );
    finish(out)
}

/// What `explain` was asked about.
pub enum Query<'d> {
    Symbols(Vec<&'d Symbol>),
    /// Several Symbols match a name; the candidates' ids.
    Ambiguous(Vec<&'d str>),
    None,
}

/// Finds Symbols by full id (contains `#`), by file path (every Symbol of the file), or by
/// name: an exact qualified name, then an exact last segment, then a substring.
pub fn find<'d>(doc: &'d Document, query: &str) -> Query<'d> {
    if query.contains('#') {
        return match doc.symbols.iter().find(|s| s.id == query) {
            Some(s) => Query::Symbols(vec![s]),
            None => Query::None,
        };
    }
    let in_file: Vec<&Symbol> = doc
        .symbols
        .iter()
        .filter(|s| s.source.file == query)
        .collect();
    if !in_file.is_empty() {
        return Query::Symbols(in_file);
    }
    let short = |s: &Symbol| {
        s.name
            .rsplit("::")
            .next()
            .and_then(|x| x.rsplit('.').next())
            .unwrap_or("")
            .to_owned()
    };
    for matcher in [
        &(|s: &Symbol| s.name == query) as &dyn Fn(&Symbol) -> bool,
        &|s: &Symbol| short(s) == query,
        &|s: &Symbol| s.name.contains(query),
    ] {
        let hits: Vec<&Symbol> = doc.symbols.iter().filter(|s| matcher(s)).collect();
        match hits.len() {
            0 => continue,
            1 => return Query::Symbols(hits),
            _ => return Query::Ambiguous(hits.iter().map(|s| s.id.as_str()).collect()),
        }
    }
    Query::None
}

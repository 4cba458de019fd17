//! Every rendering of a check run: text for people, JSON in suss's shape, SARIF 2.1.0 for code
//! hosts, Markdown for a pull-request comment. Nothing here decides anything: each renderer
//! prints the [`CheckReport`] seam-check computed, in its order.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use seam_check::{CheckMode, CheckReport, KINDS, rule_text};
use seam_ir::findings::{Finding, Severity, SuppressionEffect};

/// Options for the text rendering.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextOptions {
    /// Show warnings and infos in full, not only counted.
    pub all: bool,
    /// ANSI colour (the caller decides: a terminal, and no `NO_COLOR`).
    pub color: bool,
    /// List every file that was not read, with its reason (otherwise only counted).
    pub verbose: bool,
}

/// How many lines a text report may have before its counts are repeated at its end.
const LONG_REPORT_LINES: usize = 25;

/// `3 generated, 1 over-size`: the files not read, counted by the reason's first word.
fn reasons_counted(files: &[&seam_check::SkippedInput]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for file in files {
        let reason = file.reason.split(':').next().unwrap_or(&file.reason);
        *counts.entry(reason).or_default() += 1;
    }
    counts
        .iter()
        .map(|(reason, n)| format!("{n} {reason}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The counts line: findings by severity, and the run findings after them.
fn counts_line(report: &CheckReport) -> String {
    let count = |s: Severity| report.findings.iter().filter(|f| f.severity == s).count();
    let mut line = format!(
        "{}: {} error, {} warning, {} info",
        plural(report.findings.len(), "finding", "findings"),
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info)
    );
    if !report.run.is_empty() {
        let kinds: Vec<String> = report
            .run
            .iter()
            .map(|r| format!("{} ({})", r.kind, r.severity.as_str()))
            .collect();
        let _ = write!(line, "; and about the run itself: {}", kinds.join(", "));
    }
    line
}

/// The sentence saying what a baseline comparison left out, when one was made.
fn baseline_line(report: &CheckReport) -> Option<String> {
    let b = report.baseline.as_ref()?;
    Some(format!(
        "Compared with {}: {}; {} left out and not counted by --fail-on.",
        b.against,
        plural(b.new, "new finding", "new findings"),
        plural(
            b.pre_existing,
            "pre-existing finding",
            "pre-existing findings"
        ),
    ))
}

fn paint(text: &str, code: &str, color: bool) -> String {
    if color {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_owned()
    }
}

fn severity_color(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "1;31",
        Severity::Warning => "1;33",
        Severity::Info => "1;36",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn boundary_label(finding: &Finding) -> String {
    let key = seam_check::pairing::binding_key(&finding.boundary)
        .unwrap_or_else(|| "(unnamed)".to_owned());
    format!(
        "{} ({}) {key}",
        finding.boundary.recognition, finding.boundary.transport
    )
}

/// Whether a finding's kind has a provider side to show: a call no provider serves has none
/// (the JSON names the nearest route in its place, for tools that need a provider).
fn has_provider_side(finding: &Finding) -> bool {
    !matches!(
        seam_check::kind_info(&finding.kind).map(|k| k.shape),
        Some(seam_check::findings::PairShape::UnpairedCall)
    )
}

fn side_line(label: &str, side: &seam_ir::findings::FindingSide) -> String {
    let mut line = format!(
        "  {label}: {} ({}:{})",
        side.summary, side.location.file, side.location.range.start
    );
    if let Some(id) = &side.transition_id {
        let _ = write!(line, " [{id}]");
    }
    line
}

fn finding_text(finding: &Finding, color: bool) -> String {
    let severity = finding.severity.as_str().to_uppercase();
    let tag = match &finding.suppressed {
        Some(s) if s.effect == SuppressionEffect::Mark => format!("[{severity}, suppressed]"),
        Some(s) => match s.original_severity {
            Some(original) => format!(
                "[{severity}, downgraded from {}]",
                original.as_str().to_uppercase()
            ),
            None => format!("[{severity}]"),
        },
        None => format!("[{severity}]"),
    };
    let mut out = format!(
        "{} {}\n  {}\n",
        paint(&tag, severity_color(finding.severity), color),
        finding.kind,
        finding.description
    );
    if has_provider_side(finding) {
        out.push_str(&side_line("provider", &finding.provider));
        out.push('\n');
    }
    out.push_str(&side_line("consumer", &finding.consumer));
    out.push('\n');
    let _ = writeln!(out, "  boundary: {}", boundary_label(finding));
    if let Some(sources) = &finding.sources {
        let _ = writeln!(out, "  sources: {}", sources.join(", "));
    }
    match &finding.suppressed {
        Some(s) => {
            let _ = writeln!(out, "  suppressed ({}): {}", s.effect.as_str(), s.reason);
        }
        None => {
            if let Some(rule) = suppression_file_text(finding) {
                out.push_str(
                    "  to accept it, write this to .sussignore.yml (or add its rule under the `rules:` already there):\n",
                );
                for line in rule.lines() {
                    let _ = writeln!(out, "    {line}");
                }
            }
        }
    }
    out
}

/// The `Intent:` section: what was checked, each intent finding in full, and what could not be
/// checked.
fn intent_text(intent: &seam_check::IntentSection, color: bool) -> String {
    let mut out = format!("\nIntent: {}\n", intent.headline);
    for entry in &intent.entries {
        let severity = entry.severity.as_str();
        let tag = match &entry.suppressed {
            Some(s) if s.effect == SuppressionEffect::Mark => format!("[{severity}, suppressed]"),
            Some(s) => match s.original_severity {
                Some(original) => format!("[{severity}, downgraded from {}]", original.as_str()),
                None => format!("[{severity}]"),
            },
            None => format!("[{severity}]"),
        };
        let _ = writeln!(
            out,
            "  {} {}: {}",
            paint(&tag, severity_color(entry.severity), color),
            entry.boundary,
            entry.message
        );
        let _ = writeln!(out, "    {} in {}", entry.kind, entry.document);
        if let Some(code) = &entry.code {
            let _ = writeln!(out, "    code: {code}");
        }
        match &entry.suppressed {
            Some(s) => {
                let _ = writeln!(out, "    suppressed ({}): {}", s.effect.as_str(), s.reason);
            }
            None => {
                out.push_str("    to accept it, add under `rules:` in .sussignore.yml:\n");
                for line in entry.rule.lines() {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
    }
    for line in &intent.unchecked_lines {
        let _ = writeln!(out, "  [unchecked] {line}");
    }
    out
}

/// A complete `.sussignore.yml` accepting `finding`: `version: 1` and a `rules:` list holding
/// its rule, so the text loads as it is printed.
pub fn suppression_file_text(finding: &Finding) -> Option<String> {
    let rule = rule_text(finding)?;
    let mut out = String::from("version: 1\nrules:\n");
    for line in rule.lines() {
        let _ = writeln!(out, "  {line}");
    }
    Some(out)
}

/// The text report: a short header, errors in full, lower severities counted by kind (in full
/// with `all`), then run findings.
pub fn render_text(report: &CheckReport, options: TextOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Compared {}.",
        plural(report.compared_boundaries, "boundary", "boundaries")
    );
    if report.mode != CheckMode::TwoFiles {
        let unpaired = report.unpaired_count();
        if unpaired > 0 {
            let _ = writeln!(
                out,
                "  {} had nothing to pair with, so nothing was checked across {}.",
                plural(unpaired, "boundary", "boundaries"),
                if unpaired == 1 { "it" } else { "them" }
            );
        }
        if !report.unmatched.unpairable.is_empty() {
            let _ = writeln!(
                out,
                "  {} took no part in pairing (see `unmatched.unpairable` in --format json).",
                plural(report.unmatched.unpairable.len(), "summary", "summaries")
            );
        }
    }
    let not_read: Vec<&seam_check::SkippedInput> =
        report.skipped.iter().chain(&report.excluded).collect();
    if !not_read.is_empty() {
        let _ = writeln!(
            out,
            "  {} not read: {}.{}",
            plural(not_read.len(), "file was", "files were"),
            reasons_counted(&not_read),
            if options.verbose {
                ""
            } else {
                " Run with --verbose to list them."
            }
        );
        if options.verbose {
            let mut sorted = not_read.clone();
            sorted.sort();
            for file in sorted {
                let _ = writeln!(out, "    {}: {}", file.file, file.reason);
            }
        }
    }
    if let Some(languages) = report.unread_languages_text() {
        let what = if report.unread_languages.len() == 1 {
            "a language"
        } else {
            "languages"
        };
        let _ = writeln!(out, "  Not read: {languages}, {what} seam does not read.");
    }
    let _ = writeln!(out, "{}", counts_line(report));
    if let Some(line) = baseline_line(report) {
        let _ = writeln!(out, "  {line}");
    }
    if report.hidden > 0 {
        let _ = writeln!(
            out,
            "  {} hidden by suppression rules.",
            plural(report.hidden, "finding", "findings")
        );
    }
    let mut not_shown: BTreeMap<(std::cmp::Reverse<Severity>, &str), usize> = BTreeMap::new();
    for finding in &report.findings {
        // Intent findings are printed in the `Intent:` section.
        if report.intent.is_some() && seam_intent::report::is_intent_kind(&finding.kind) {
            continue;
        }
        if finding.severity == Severity::Error || options.all {
            out.push('\n');
            out.push_str(&finding_text(finding, options.color));
        } else {
            *not_shown
                .entry((std::cmp::Reverse(finding.severity), &finding.kind))
                .or_default() += 1;
        }
    }
    if !not_shown.is_empty() {
        let parts: Vec<String> = not_shown
            .iter()
            .map(|((severity, kind), n)| format!("{n} {kind} ({})", severity.0.as_str()))
            .collect();
        let _ = writeln!(
            out,
            "\nNot shown: {}. Run the same command with --all to see them.",
            parts.join(", ")
        );
    }
    if let Some(intent) = &report.intent {
        out.push_str(&intent_text(intent, options.color));
    }
    for run in &report.run {
        let severity = run.severity.as_str().to_uppercase();
        let _ = writeln!(
            out,
            "\n{} {}\n  {}\n  {}",
            paint(
                &format!("[{severity}]"),
                severity_color(run.severity),
                options.color
            ),
            run.kind,
            run.description,
            run.remedy
        );
    }
    if out.lines().count() > LONG_REPORT_LINES {
        let _ = writeln!(out, "\n{}", counts_line(report));
    }
    out
}

/// The JSON report, two-space indented: with summary files from a folder or a repository,
/// `{findings, run, pairs, unmatched, skipped, summariesWithGaps}`; with two files, the bare
/// findings array, as suss writes them.
pub fn render_json(report: &CheckReport) -> String {
    let value = match report.mode {
        CheckMode::TwoFiles => serde_json::to_value(&report.findings),
        _ => serde_json::to_value(report),
    };
    let mut text = value
        .and_then(|v| serde_json::to_string_pretty(&v))
        .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"));
    text.push('\n');
    text
}

/// Options for [`render_sarif_with`].
#[derive(Debug, Clone, Default)]
pub struct SarifOptions {
    /// Where the checked folder is inside the repository (`services/api/`, with a trailing
    /// `/`; empty for the root): prepended to every path, so paths are relative to the
    /// repository root (`uriBaseId: SRCROOT`) as code hosts expect.
    pub uri_prefix: String,
}

/// [`render_sarif_with`] for a check of the repository root.
pub fn render_sarif(report: &CheckReport) -> String {
    render_sarif_with(report, &SarifOptions::default())
}

/// The SARIF 2.1.0 log: one rule per finding kind seam emits (with its documentation), one
/// result per finding, located at the consumer with the provider as a related location. Run
/// findings (nothing paired, unreadable input) and the files not read are tool execution
/// notifications of the run's invocation, so a run that checked nothing does not look clean.
/// Paths are relative to the repository root, `SRCROOT` in `originalUriBaseIds`.
pub fn render_sarif_with(report: &CheckReport, options: &SarifOptions) -> String {
    use serde_json::{Value, json};
    let uri = |file: &str| format!("{}{file}", options.uri_prefix);
    // One rule per kind seam emits, the intent kinds included.
    let intent_kinds = seam_intent::findings::INTENT_KINDS;
    let kind_rows: Vec<(&str, &str, &str, Severity)> = KINDS
        .iter()
        .map(|k| (k.name, k.title, k.doc, k.severity))
        .chain(
            intent_kinds
                .iter()
                .map(|k| (k.name, k.title, k.doc, k.severity)),
        )
        .collect();
    let rules: Vec<Value> = kind_rows
        .iter()
        .map(|(name, title, doc, severity)| {
            json!({
                "id": name,
                "name": name,
                "shortDescription": { "text": title },
                "fullDescription": { "text": title },
                "help": { "text": doc, "markdown": doc },
                "defaultConfiguration": { "level": sarif_level(*severity) },
            })
        })
        .collect();
    let location = |side: &seam_ir::findings::FindingSide, id: Option<u64>| {
        let mut loc = json!({
            "physicalLocation": {
                "artifactLocation": { "uri": uri(&side.location.file), "uriBaseId": "SRCROOT" },
                "region": {
                    "startLine": side.location.range.start.max(1),
                    "endLine": side.location.range.end.max(side.location.range.start).max(1),
                },
            },
            "message": { "text": side.summary },
        });
        if let (Some(id), Some(map)) = (id, loc.as_object_mut()) {
            map.insert("id".into(), json!(id));
        }
        loc
    };
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            let rule_index = kind_rows.iter().position(|k| k.0 == f.kind);
            let mut result = json!({
                "ruleId": f.kind,
                "level": sarif_level(f.severity),
                "message": { "text": f.description },
                "locations": [location(&f.consumer, None)],
                "relatedLocations": if has_provider_side(f) {
                    vec![location(&f.provider, Some(1))]
                } else {
                    Vec::new()
                },
                "properties": {
                    "boundary": seam_check::pairing::binding_key(&f.boundary),
                    "provider": f.provider.summary,
                    "consumer": f.consumer.summary,
                },
            });
            if let Some(map) = result.as_object_mut() {
                if let Some(index) = rule_index {
                    map.insert("ruleIndex".into(), json!(index));
                }
                if let Some(s) = &f.suppressed {
                    map.insert(
                        "suppressions".into(),
                        json!([{ "kind": "external", "justification": s.reason }]),
                    );
                }
                // Compared with a baseline, what is left is what the baseline lacks.
                if report.baseline.is_some() {
                    map.insert("baselineState".into(), json!("new"));
                }
            }
            result
        })
        .collect();
    let mut notifications: Vec<Value> = report
        .run
        .iter()
        .map(|r| {
            json!({
                "level": sarif_level(r.severity),
                "message": { "text": format!("{} {}", r.description, r.remedy) },
                "descriptor": { "id": r.kind },
            })
        })
        .collect();
    if let Some(line) = baseline_line(report) {
        notifications.push(json!({ "level": "note", "message": { "text": line } }));
    }
    for (files, level, what) in [
        (&report.skipped, "warning", "could not be read"),
        (&report.excluded, "note", "was not read"),
    ] {
        for file in files {
            notifications.push(json!({
                "level": level,
                "message": { "text": format!("{} {what}: {}.", file.file, file.reason) },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri(&file.file), "uriBaseId": "SRCROOT" },
                    },
                }],
            }));
        }
    }
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "seam",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://example.invalid/seam",
                    "rules": rules,
                }
            },
            "originalUriBaseIds": {
                "SRCROOT": { "description": { "text": "The root of the checked repository." } },
            },
            "invocations": [{
                "executionSuccessful": true,
                "toolExecutionNotifications": notifications,
            }],
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn markdown_cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// A pull-request comment: counts, a table of the findings, and run findings.
pub fn render_markdown(report: &CheckReport) -> String {
    let mut out = String::from("## seam check\n\n");
    let count = |s: Severity| report.findings.iter().filter(|f| f.severity == s).count();
    let _ = writeln!(
        out,
        "Compared {}; {}: **{} error**, {} warning, {} info.",
        plural(report.compared_boundaries, "boundary", "boundaries"),
        plural(report.findings.len(), "finding", "findings"),
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info)
    );
    if let Some(line) = baseline_line(report) {
        let _ = writeln!(out, "{line}");
    }
    if report.mode != CheckMode::TwoFiles && report.unpaired_count() > 0 {
        let _ = writeln!(
            out,
            "{} had nothing to pair with.",
            plural(report.unpaired_count(), "boundary", "boundaries")
        );
    }
    if !report.findings.is_empty() {
        out.push_str("\n| severity | kind | boundary | what happens | consumer | provider |\n|---|---|---|---|---|---|\n");
        for f in &report.findings {
            let severity = match &f.suppressed {
                Some(s) => format!("{} ({})", f.severity.as_str(), s.effect.as_str()),
                None => f.severity.as_str().to_owned(),
            };
            let key = seam_check::pairing::binding_key(&f.boundary).unwrap_or_default();
            let _ = writeln!(
                out,
                "| {severity} | `{}` | `{}` | {} | `{}` | {} |",
                f.kind,
                markdown_cell(&key),
                markdown_cell(&f.description),
                markdown_cell(&f.consumer.summary),
                if has_provider_side(f) {
                    format!("`{}`", markdown_cell(&f.provider.summary))
                } else {
                    "–".to_owned()
                }
            );
        }
    }
    for run in &report.run {
        let _ = writeln!(
            out,
            "\n**{}** ({}): {} {}",
            run.kind,
            run.severity.as_str(),
            run.description,
            run.remedy
        );
    }
    if out.lines().count() > LONG_REPORT_LINES {
        let _ = writeln!(out, "\n{}", counts_line(report));
    }
    out
}

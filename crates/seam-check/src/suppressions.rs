//! Suppressions: `.sussignore` rules that mark, downgrade or hide accepted findings.
//!
//! Files: `.sussignore` (YAML), `.sussignore.yml`, `.sussignore.yaml`, `.sussignore.json`, the
//! first of them in each directory from the checked directory up to the repository root (the
//! first directory holding `.git`), nearest first; or one file named with `--suppressions`.
//! Rules from every file found are tried in that order and the first matching rule wins, so a
//! rule next to the code overrides one at the root.
//!
//! ```yaml
//! version: 1
//! rules:
//!   - kind: unhandledProviderCase        # a known finding kind; an unknown one is an error
//!     boundary: "GET /reports/:id"       # `:id` and `{id}` alike
//!     provider: { transitionId: "get:response:429:e48b52c", summary: "src/api.ts::get" }
//!     consumer: { transitionId: "…", summary: "file::name" }
//!     scope: narrow                      # default; `broad` allows a kind-only or boundary-only rule
//!     effect: mark                       # mark (default) | downgrade | hide
//!     reason: why this is accepted       # required
//! ```
//!
//! Matching: every field the rule states must be equal (no wildcards); a side's `summary` also
//! matches a finding's `sources`. A narrow rule needs `kind` and one of `boundary`,
//! `provider.transitionId`, `consumer.transitionId`.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use seam_ir::findings::{Finding, Suppressed, SuppressionEffect, is_known_finding_kind};
use seam_ir::vocab::BoundaryKey;

use crate::pairing::binding_key;

/// The names looked for in each directory, in order.
pub const SUPPRESSION_FILE_NAMES: [&str; 4] = [
    ".sussignore",
    ".sussignore.yml",
    ".sussignore.yaml",
    ".sussignore.json",
];

/// A suppression file that could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuppressionError {
    pub file: String,
    pub message: String,
}

impl fmt::Display for SuppressionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

impl std::error::Error for SuppressionError {}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleScope {
    Narrow,
    Broad,
}

/// A finding kind named in a rule; reading refuses a kind seam does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleKind(pub String);

impl<'de> Deserialize<'de> for RuleKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        // The format's vocabulary (suss's kinds, reserved ones included) or a kind this build
        // declares in its table.
        if is_known_finding_kind(&text) || crate::findings::kind_info(&text).is_some() {
            Ok(RuleKind(text))
        } else {
            Err(serde::de::Error::custom(format!(
                "unknown finding kind \"{text}\"; `seam check --explain KIND` lists the kinds seam reports"
            )))
        }
    }
}

/// The required, non-empty `reason`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(pub String);

impl<'de> Deserialize<'de> for Reason {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        if text.trim().is_empty() {
            Err(serde::de::Error::custom(
                "`reason` is empty; say why the finding is accepted",
            ))
        } else {
            Ok(Reason(text))
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SideMatch {
    pub transition_id: Option<String>,
    pub summary: Option<String>,
}

/// One rule, as written.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuppressionRule {
    pub kind: Option<RuleKind>,
    pub boundary: Option<String>,
    pub provider: Option<SideMatch>,
    pub consumer: Option<SideMatch>,
    /// Intent scenario findings; never matches a behavioural finding.
    pub scenario: Option<String>,
    pub scope: Option<RuleScope>,
    pub effect: Option<SuppressionEffect>,
    pub reason: Reason,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SuppressionFile {
    version: u64,
    #[serde(default)]
    rules: Vec<SuppressionRule>,
}

/// A rule and where it was written.
#[derive(Debug, Clone)]
struct PlacedRule {
    rule: SuppressionRule,
    boundary: Option<BoundaryKey>,
}

/// Every rule in force for a run, in the order they are tried.
#[derive(Debug, Clone, Default)]
pub struct SuppressionSet {
    rules: Vec<PlacedRule>,
    /// The files the rules came from, nearest first.
    pub files: Vec<String>,
}

/// The line of the `index`-th (0-based) item of the top-level `rules:` list, found by reading
/// the YAML text: serde keeps no positions once a rule has been read.
fn rule_line(text: &str, index: usize) -> Option<usize> {
    let mut lines = text.lines().enumerate();
    lines.by_ref().find(|(_, l)| l.trim_end() == "rules:")?;
    let mut indent: Option<usize> = None;
    let mut seen = 0;
    for (number, line) in lines {
        let trimmed = line.trim_start();
        let width = line.len() - trimmed.len();
        if trimmed.starts_with("- ") || trimmed == "-" {
            if indent.is_none() {
                indent = Some(width);
            }
            if Some(width) == indent {
                if seen == index {
                    return Some(number + 1);
                }
                seen += 1;
            }
        } else if !trimmed.is_empty()
            && !trimmed.starts_with('#')
            && indent.is_some_and(|i| width < i)
            && width == 0
        {
            break;
        }
    }
    None
}

/// Reads one suppression file's text; `label` names it in errors.
pub fn parse_suppressions(
    text: &str,
    label: &str,
    json: bool,
) -> Result<Vec<SuppressionRule>, SuppressionError> {
    let error = |message: String| SuppressionError {
        file: label.to_owned(),
        message,
    };
    let file: SuppressionFile = if json {
        serde_json::from_str(text).map_err(|e| {
            error(format!(
                "line {}: {}",
                e.line(),
                without_position(&e.to_string())
            ))
        })?
    } else {
        seam_ir::yaml::check_nesting(text).map_err(|deep| error(deep.to_string()))?;
        serde_norway::from_str(text).map_err(|e| {
            let at = e
                .location()
                .map(|l| format!("line {}: ", l.line()))
                .unwrap_or_default();
            error(format!("{at}{}", without_position(&e.to_string())))
        })?
    };
    if file.version != 1 {
        return Err(error(format!(
            "`version` is {}; this build of seam reads version 1",
            file.version
        )));
    }
    for (index, rule) in file.rules.iter().enumerate() {
        let at = match (json, rule_line(text, index)) {
            (false, Some(line)) => format!("rule {} (line {line})", index + 1),
            _ => format!("rule {}", index + 1),
        };
        let has_transition =
            |side: &Option<SideMatch>| side.as_ref().is_some_and(|s| s.transition_id.is_some());
        match rule.scope.unwrap_or(RuleScope::Narrow) {
            RuleScope::Narrow => {
                if rule.kind.is_none()
                    || !(rule.boundary.is_some()
                        || has_transition(&rule.provider)
                        || has_transition(&rule.consumer))
                {
                    return Err(error(format!(
                        "{at} is narrow, so it needs `kind` and one of `boundary`, `provider.transitionId`, `consumer.transitionId`; add them, or write `scope: broad`"
                    )));
                }
            }
            RuleScope::Broad => {
                if rule.kind.is_none() && rule.boundary.is_none() {
                    return Err(error(format!(
                        "{at} names neither `kind` nor `boundary`, so it would match every finding; name one of them"
                    )));
                }
            }
        }
        if rule
            .boundary
            .as_deref()
            .is_some_and(|b| b.trim().is_empty())
        {
            return Err(error(format!(
                "{at} has an empty `boundary`; write the key, as `GET /users/{{id}}`"
            )));
        }
    }
    Ok(file.rules)
}

fn without_position(text: &str) -> String {
    match text.rfind(" at line ") {
        Some(cut) => text[..cut].to_owned(),
        None => text.to_owned(),
    }
}

impl SuppressionSet {
    /// No rules.
    pub fn none() -> SuppressionSet {
        SuppressionSet::default()
    }

    /// Reads the given files, in order.
    pub fn load(paths: &[PathBuf]) -> Result<SuppressionSet, SuppressionError> {
        let mut set = SuppressionSet::default();
        for path in paths {
            let label = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|e| SuppressionError {
                file: label.clone(),
                message: format!("the file could not be read: {e}"),
            })?;
            let json = path.extension().is_some_and(|e| e == "json");
            let rules = parse_suppressions(&text, &label, json)?;
            set.add_rules(rules);
            set.files.push(label);
        }
        Ok(set)
    }

    /// Adds rules after those already held.
    pub fn add_rules(&mut self, rules: Vec<SuppressionRule>) {
        for rule in rules {
            let boundary = rule.boundary.as_deref().map(BoundaryKey::parse);
            self.rules.push(PlacedRule { rule, boundary });
        }
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// The first rule matching `finding`.
    fn rule_for(&self, finding: &Finding) -> Option<&SuppressionRule> {
        let key = binding_key(&finding.boundary).map(|k| BoundaryKey::parse(&k));
        self.rules
            .iter()
            .find(|placed| rule_matches(placed, finding, key.as_ref()))
            .map(|placed| &placed.rule)
    }

    /// Applies the rules: marks and downgrades findings, drops hidden ones. Returns how many were
    /// hidden.
    pub fn apply(&self, findings: &mut Vec<Finding>) -> usize {
        if self.rules.is_empty() {
            return 0;
        }
        let before = findings.len();
        findings.retain_mut(|finding| {
            let Some(rule) = self.rule_for(finding) else {
                return true;
            };
            let effect = rule.effect.unwrap_or(SuppressionEffect::Mark);
            let mut record = Suppressed {
                reason: rule.reason.0.clone(),
                effect,
                original_severity: None,
            };
            match effect {
                SuppressionEffect::Hide => return false,
                SuppressionEffect::Mark => {}
                SuppressionEffect::Downgrade => {
                    record.original_severity = Some(finding.severity);
                    finding.severity = finding.severity.lowered();
                }
            }
            finding.suppressed = Some(record);
            true
        });
        before - findings.len()
    }
}

impl SuppressionSet {
    /// The effect and reason of the first rule matching an intent finding (suss's
    /// `applyIntentSuppressions`): a rule naming a `provider` or `consumer` never matches one,
    /// a rule's `scenario` must equal the finding's scenario title, and `boundary` matches the
    /// finding's key (`prd:<title>` for a PRD).
    pub fn intent_rule(
        &self,
        kind: &str,
        boundary: &str,
        scenario: Option<&str>,
    ) -> Option<(SuppressionEffect, String)> {
        let key = BoundaryKey::parse(boundary);
        self.rules
            .iter()
            .find(|placed| {
                let rule = &placed.rule;
                rule.provider.is_none()
                    && rule.consumer.is_none()
                    && rule.kind.as_ref().is_none_or(|k| k.0 == kind)
                    && rule.scenario.as_deref().is_none_or(|s| scenario == Some(s))
                    && placed.boundary.as_ref().is_none_or(|b| b.matches(&key))
            })
            .map(|placed| {
                (
                    placed.rule.effect.unwrap_or(SuppressionEffect::Mark),
                    placed.rule.reason.0.clone(),
                )
            })
    }
}

fn side_matches(
    rule: &Option<SideMatch>,
    side: &seam_ir::findings::FindingSide,
    sources: Option<&Vec<String>>,
) -> bool {
    let Some(rule) = rule else {
        return true;
    };
    if let Some(id) = &rule.transition_id
        && !side.has_transition(id)
    {
        return false;
    }
    if let Some(summary) = &rule.summary
        && side.summary != *summary
        && !sources.is_some_and(|s| s.contains(summary))
    {
        return false;
    }
    true
}

fn rule_matches(placed: &PlacedRule, finding: &Finding, key: Option<&BoundaryKey>) -> bool {
    let rule = &placed.rule;
    if rule.scenario.is_some() {
        return false;
    }
    if rule.kind.as_ref().is_some_and(|k| k.0 != finding.kind) {
        return false;
    }
    if let Some(wanted) = &placed.boundary
        && !key.is_some_and(|k| wanted.matches(k))
    {
        return false;
    }
    side_matches(&rule.provider, &finding.provider, finding.sources.as_ref())
        && side_matches(&rule.consumer, &finding.consumer, None)
}

/// The suppression files for a run over `start`: in each directory from `start` up to the first
/// one holding `.git` (or the file-system root), the first of [`SUPPRESSION_FILE_NAMES`] that
/// exists, nearest first.
pub fn discover_suppression_files(start: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dir = std::fs::canonicalize(start).ok();
    while let Some(current) = dir {
        if let Some(file) = SUPPRESSION_FILE_NAMES
            .iter()
            .map(|name| current.join(name))
            .find(|p| p.is_file())
        {
            found.push(file);
        }
        if current.join(".git").exists() {
            break;
        }
        dir = current.parent().map(Path::to_path_buf);
    }
    found
}

fn yaml_quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("\"{text}\""))
}

/// A rule that suppresses exactly this finding, ready to paste under `rules:` in
/// `.sussignore.yml`; `None` when the finding has no boundary key to name.
pub fn rule_text(finding: &Finding) -> Option<String> {
    let key = binding_key(&finding.boundary)?;
    let mut out = format!(
        "- kind: {}\n  boundary: {}\n",
        finding.kind,
        yaml_quoted(&key)
    );
    for (name, side) in [
        ("provider", &finding.provider),
        ("consumer", &finding.consumer),
    ] {
        if let Some(id) = &side.transition_id {
            out.push_str(&format!(
                "  {name}: {{ transitionId: {}, summary: {} }}\n",
                yaml_quoted(id),
                yaml_quoted(&side.summary)
            ));
        }
    }
    out.push_str("  effect: mark\n  reason: \"<why this is accepted>\"\n");
    Some(out)
}

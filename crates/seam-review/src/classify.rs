//! Classification data: which decorators mark a framework boundary (and the `extKind` they
//! give), which module-level calls are registrations, which calls and reads are effects, and
//! which calls are noise. Everything library- or framework-specific lives in the YAML files
//! under `crates/seam-review/classify/` (embedded at build time); this module only loads and
//! matches them. See `classify/README.md` for the format.
//!
//! Why not the `seam-packs` format: a pack's top level is closed (`unknown field` is an error)
//! and has no section for review classification, so these files stay here until the pack
//! format grows a `review:` section.

use serde::Deserialize;

/// The built-in classification files, one per library family.
const BUILTIN: [(&str, &str); 12] = [
    ("core.yaml", include_str!("../classify/core.yaml")),
    ("nestjs.yaml", include_str!("../classify/nestjs.yaml")),
    ("express.yaml", include_str!("../classify/express.yaml")),
    ("fastapi.yaml", include_str!("../classify/fastapi.yaml")),
    ("prisma.yaml", include_str!("../classify/prisma.yaml")),
    ("drizzle.yaml", include_str!("../classify/drizzle.yaml")),
    ("typeorm.yaml", include_str!("../classify/typeorm.yaml")),
    (
        "sqlalchemy.yaml",
        include_str!("../classify/sqlalchemy.yaml"),
    ),
    (
        "http-clients.yaml",
        include_str!("../classify/http-clients.yaml"),
    ),
    (
        "runtime-js.yaml",
        include_str!("../classify/runtime-js.yaml"),
    ),
    (
        "runtime-py.yaml",
        include_str!("../classify/runtime-py.yaml"),
    ),
    ("events.yaml", include_str!("../classify/events.yaml")),
];

/// A classification file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("classification file {file}: {message}")]
pub struct ClassifyError {
    pub file: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FamilyKind {
    Framework,
    Effects,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LanguageFamily {
    Js,
    Py,
}

/// When a family applies to a file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Detect {
    /// Applies to every file of its languages.
    #[serde(default)]
    pub always: bool,
    /// Applies to a file importing one of these modules (the specifier itself, or a
    /// submodule: `x/…` or `x.…`).
    #[serde(default)]
    pub imports: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecoratorRule {
    /// Decorator names (the callee chain as written, e.g. `Get`, `app.get`) as segment globs.
    pub names: Vec<String>,
    #[serde(default, rename = "extKind")]
    pub ext_kind: Option<String>,
    #[serde(default)]
    pub boundary: bool,
    /// Evidence appended to the Symbol's `derivedBy`; `{name}` is the decorator name.
    #[serde(default, rename = "derivedBy")]
    pub derived_by: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistrationRule {
    /// Callee globs of a module-level call statement (`*.get`).
    pub callee: Vec<String>,
    /// At least this many arguments.
    #[serde(default, rename = "minArgs")]
    pub min_args: usize,
    #[serde(rename = "extKind")]
    pub ext_kind: String,
    #[serde(default, rename = "derivedBy")]
    pub derived_by: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstRule {
    /// Callee globs of the initialiser call (`express.Router`, `Router`).
    pub init: Vec<String>,
    #[serde(rename = "extKind")]
    pub ext_kind: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectRule {
    /// Target globs.
    #[serde(rename = "match")]
    pub patterns: Vec<String>,
    /// A §9.1 core tag or `x-<plugin>:<action>`.
    pub effect: String,
    #[serde(default = "default_confidence")]
    pub confidence: String,
    #[serde(default, rename = "derivedBy")]
    pub derived_by: Option<String>,
    /// Per pattern, the names its last segment accepts (`None`: any); filled by
    /// [`parse_family`] so most patterns are rejected on the call's last segment alone.
    #[serde(skip)]
    pub last_segments: Vec<Option<Vec<String>>>,
}

impl EffectRule {
    /// Whether pattern `index` matches `target`, whose last segment is `last`.
    fn pattern_matches(&self, index: usize, target: &str, last: &str) -> bool {
        let accepted = self
            .last_segments
            .get(index)
            .and_then(Option::as_ref)
            .is_none_or(|names| names.iter().any(|n| n == last));
        accepted
            && self
                .patterns
                .get(index)
                .is_some_and(|p| glob_match(p, target))
    }
}

/// The names a pattern's last segment accepts, `None` when it is `*` or `**`.
fn last_segment_names(pattern: &str) -> Option<Vec<String>> {
    let last = pattern.rsplit('.').next().unwrap_or(pattern);
    if last == "*" || last == "**" {
        return None;
    }
    match last.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
        Some(inner) => Some(inner.split(',').map(|a| a.trim().to_owned()).collect()),
        None => Some(vec![last.to_owned()]),
    }
}

fn default_confidence() -> String {
    "high".to_owned()
}

/// One classification file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Family {
    /// Short name (`prisma`); the plugin is `framework-<name>` or `effects-<name>`.
    pub name: String,
    pub kind: FamilyKind,
    pub languages: Vec<LanguageFamily>,
    #[serde(default)]
    pub detect: Detect,
    /// Manifest dependency names that put this framework in a Component's `frameworks`.
    #[serde(default)]
    pub dependencies: Vec<String>,
    #[serde(default, rename = "classDecorators")]
    pub class_decorators: Vec<DecoratorRule>,
    #[serde(default, rename = "functionDecorators")]
    pub function_decorators: Vec<DecoratorRule>,
    #[serde(default)]
    pub registrations: Vec<RegistrationRule>,
    #[serde(default)]
    pub consts: Vec<ConstRule>,
    /// Calls that are effects.
    #[serde(default)]
    pub effects: Vec<EffectRule>,
    /// Member reads (not calls) that are effects, e.g. environment variables.
    #[serde(default)]
    pub reads: Vec<EffectRule>,
    /// Call target prefixes that are noise: in neither calls nor effects.
    #[serde(default)]
    pub drop: Vec<String>,
}

impl Family {
    /// The `generator.plugins` name.
    pub fn plugin_name(&self) -> String {
        match self.kind {
            FamilyKind::Framework => format!("framework-{}", self.name),
            FamilyKind::Effects => format!("effects-{}", self.name),
        }
    }

    pub fn applies_to_language(&self, language: LanguageFamily) -> bool {
        self.languages.contains(&language)
    }

    /// True when the family applies to a file with these import specifiers.
    pub fn detected(&self, specifiers: &[&str]) -> bool {
        self.detect.always
            || self.detect.imports.iter().any(|module| {
                specifiers.iter().any(|s| {
                    *s == module
                        || s.strip_prefix(module.as_str())
                            .is_some_and(|rest| rest.starts_with('/') || rest.starts_with('.'))
                        || (module.ends_with('/') && s.starts_with(module.as_str()))
                })
            })
    }
}

/// What an effect rule says about a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectMatch {
    pub effect: String,
    pub plugin: String,
    pub confidence: seam_ir::review::Confidence,
    pub derived_by: String,
}

/// What a decorator rule says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecoratorMatch {
    pub ext_kind: Option<String>,
    pub boundary: bool,
    pub derived_by: String,
}

/// Every family, loaded and checked.
#[derive(Debug, Clone)]
pub struct Classifier {
    pub families: Vec<Family>,
}

/// The families that apply to one file, in file order.
pub struct FileClassifier<'c> {
    active: Vec<&'c Family>,
}

impl Classifier {
    /// The built-in families.
    pub fn builtin() -> Result<Classifier, ClassifyError> {
        let mut families = Vec::new();
        for (file, text) in BUILTIN {
            families.push(parse_family(file, text)?);
        }
        Ok(Classifier { families })
    }

    /// The families that apply to a file of `language` importing `specifiers`.
    pub fn for_file(&self, language: LanguageFamily, specifiers: &[&str]) -> FileClassifier<'_> {
        FileClassifier {
            active: self
                .families
                .iter()
                .filter(|f| f.applies_to_language(language) && f.detected(specifiers))
                .collect(),
        }
    }

    /// Framework names whose dependencies appear in `dependencies`, sorted.
    pub fn frameworks_for(&self, dependencies: &[String]) -> Vec<String> {
        let mut out: Vec<String> = self
            .families
            .iter()
            .filter(|f| f.kind == FamilyKind::Framework)
            .filter(|f| f.dependencies.iter().any(|d| dependencies.contains(d)))
            .map(|f| f.name.clone())
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

impl<'c> FileClassifier<'c> {
    /// The active families' plugin names and kinds.
    pub fn families(&self) -> impl Iterator<Item = &'c Family> + '_ {
        self.active.iter().copied()
    }

    /// True when `target` starts with a noise prefix (`target == p` or `target` starts
    /// with `p.`).
    pub fn is_noise(&self, target: &str) -> bool {
        self.active.iter().any(|f| {
            f.drop.iter().any(|p| {
                target == p
                    || target
                        .strip_prefix(p.as_str())
                        .is_some_and(|r| r.starts_with('.'))
            })
        })
    }

    /// The first effect rule (families in file order) matching a call target.
    pub fn call_effect(&self, target: &str) -> Option<EffectMatch> {
        self.first_effect(target, |f| &f.effects)
    }

    /// The first read rule matching a member chain.
    pub fn read_effect(&self, target: &str) -> Option<EffectMatch> {
        self.first_effect(target, |f| &f.reads)
    }

    fn first_effect(
        &self,
        target: &str,
        rules: impl Fn(&Family) -> &Vec<EffectRule>,
    ) -> Option<EffectMatch> {
        let last = target.rsplit('.').next().unwrap_or(target);
        for family in &self.active {
            for rule in rules(family) {
                if (0..rule.patterns.len()).any(|i| rule.pattern_matches(i, target, last)) {
                    return Some(EffectMatch {
                        effect: rule.effect.clone(),
                        plugin: family.plugin_name(),
                        confidence: parse_confidence(&rule.confidence)
                            .unwrap_or(seam_ir::review::Confidence::High),
                        derived_by: rule.derived_by.clone().unwrap_or_else(|| {
                            format!("effects-plugin:{}:{}", family.name, rule.effect)
                        }),
                    });
                }
            }
        }
        None
    }

    /// Every decorator rule (class or function) matching a decorator name; the first with an
    /// `extKind` decides the Symbol's `extKind`.
    pub fn decorator(&self, name: &str, on_class: bool) -> Option<DecoratorMatch> {
        for family in &self.active {
            let rules = if on_class {
                &family.class_decorators
            } else {
                &family.function_decorators
            };
            for rule in rules {
                if rule.names.iter().any(|p| glob_match(p, name)) {
                    let derived_by = match &rule.derived_by {
                        Some(d) => d.replace("{name}", name),
                        None => match &rule.ext_kind {
                            Some(k) => k.clone(),
                            None => format!("framework:{}:decorator:{name}", family.name),
                        },
                    };
                    return Some(DecoratorMatch {
                        ext_kind: rule.ext_kind.clone(),
                        boundary: rule.boundary,
                        derived_by,
                    });
                }
            }
        }
        None
    }

    /// The registration rule matching a module-level call statement.
    pub fn registration(&self, callee: &str, arg_count: usize) -> Option<(String, String)> {
        for family in &self.active {
            for rule in &family.registrations {
                if arg_count >= rule.min_args && rule.callee.iter().any(|p| glob_match(p, callee)) {
                    let derived_by = rule
                        .derived_by
                        .clone()
                        .unwrap_or_else(|| rule.ext_kind.clone());
                    return Some((rule.ext_kind.clone(), derived_by));
                }
            }
        }
        None
    }

    /// The `extKind` of a const whose initialiser calls `callee`.
    pub fn const_kind(&self, callee: &str) -> Option<String> {
        self.active.iter().find_map(|family| {
            family
                .consts
                .iter()
                .find(|rule| rule.init.iter().any(|p| glob_match(p, callee)))
                .map(|rule| rule.ext_kind.clone())
        })
    }
}

fn parse_confidence(s: &str) -> Option<seam_ir::review::Confidence> {
    use seam_ir::review::Confidence;
    match s {
        "high" => Some(Confidence::High),
        "medium" => Some(Confidence::Medium),
        "low" => Some(Confidence::Low),
        _ => None,
    }
}

/// Parses and checks one classification file.
pub fn parse_family(file: &str, text: &str) -> Result<Family, ClassifyError> {
    let error = |message: String| ClassifyError {
        file: file.to_owned(),
        message,
    };
    let mut family: Family = serde_norway::from_str(text).map_err(|e| error(e.to_string()))?;
    for rule in family.effects.iter_mut().chain(family.reads.iter_mut()) {
        rule.last_segments = rule
            .patterns
            .iter()
            .map(|p| last_segment_names(p))
            .collect();
    }
    if !seam_ir::review::ids::is_plugin_name(&family.name) {
        return Err(error(format!(
            "name {:?} must be lowercase letters, digits and `-`",
            family.name
        )));
    }
    let rules = family.effects.iter().chain(&family.reads);
    for rule in rules {
        if !seam_ir::review::ids::is_effect_id(&rule.effect) {
            return Err(error(format!(
                "{:?} is not a core effect tag or `x-<plugin>:<action>`",
                rule.effect
            )));
        }
        if parse_confidence(&rule.confidence).is_none() {
            return Err(error(format!(
                "confidence {:?} must be high, medium or low",
                rule.confidence
            )));
        }
    }
    let kinds = family
        .class_decorators
        .iter()
        .chain(&family.function_decorators)
        .filter_map(|r| r.ext_kind.as_deref())
        .chain(family.registrations.iter().map(|r| r.ext_kind.as_str()))
        .chain(family.consts.iter().map(|r| r.ext_kind.as_str()));
    for kind in kinds {
        if !seam_ir::review::ids::is_ext_kind(kind) {
            return Err(error(format!(
                "extKind {kind:?} must be `<namespace>:<segment>…`"
            )));
        }
    }
    Ok(family)
}

/// Matches a dotted target against a segment glob: `*` is one segment, `**` any number of
/// segments (zero included), `{a,b}` one of the alternatives, anything else the segment
/// spelled exactly.
pub fn glob_match(pattern: &str, target: &str) -> bool {
    // Called for every call site against every active rule: walk both strings segment by
    // segment without allocating. `None` is "no segments left", unlike `Some("")`.
    match_rest(Some(pattern), Some(target))
}

/// The first `.`-separated segment and the rest, if any.
fn split_segment(s: &str) -> (&str, Option<&str>) {
    match s.split_once('.') {
        Some((first, rest)) => (first, Some(rest)),
        None => (s, None),
    }
}

fn match_rest(pattern: Option<&str>, target: Option<&str>) -> bool {
    let Some(pattern) = pattern else {
        return target.is_none();
    };
    let (first, rest) = split_segment(pattern);
    if first == "**" {
        // Zero or more whole segments.
        let mut remaining = target;
        loop {
            if match_rest(rest, remaining) {
                return true;
            }
            match remaining {
                Some(t) => remaining = split_segment(t).1,
                None => return false,
            }
        }
    }
    match target {
        Some(t) => {
            let (segment, target_rest) = split_segment(t);
            segment_match(first, segment) && match_rest(rest, target_rest)
        }
        None => false,
    }
}

fn segment_match(pattern: &str, segment: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    if let Some(inner) = pattern.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
        return inner.split(',').any(|alt| alt.trim() == segment);
    }
    pattern == segment
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match(
            "**.*.*.{create,update}",
            "this.prisma.user.create"
        ));
        assert!(glob_match("**.*.*.{create,update}", "prisma.user.update"));
        assert!(!glob_match("**.*.*.{create,update}", "user.create"));
        assert!(glob_match("fetch", "fetch"));
        assert!(!glob_match("fetch", "window.fetch"));
        assert!(glob_match("**.fetch", "window.fetch"));
        assert!(glob_match("*.get", "app.get"));
        assert!(!glob_match("*.get", "a.b.get"));
        assert!(glob_match("**", "a.b"));
        assert!(glob_match("a.**", "a"));
        assert!(glob_match("a.**.b", "a.x.y.b"));
        assert!(!glob_match("a.**.b", "a.x.y"));
        assert!(glob_match("*", ""));
        assert!(!glob_match("a", "a."));
        assert!(glob_match("a.*", "a."));
    }

    #[test]
    fn last_segment_prefilter() {
        assert_eq!(
            last_segment_names("**.*.{a, b}"),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(last_segment_names("fetch"), Some(vec!["fetch".into()]));
        assert_eq!(last_segment_names("a.*"), None);
        assert_eq!(last_segment_names("a.**"), None);
        let classifier = Classifier::builtin().unwrap();
        let file = classifier.for_file(LanguageFamily::Js, &["@prisma/client"]);
        let found = file
            .call_effect("this.prisma.user.findMany")
            .map(|m| m.effect);
        assert_eq!(found.as_deref(), Some("db.read"));
        assert_eq!(file.call_effect("this.prisma.user.frobnicate"), None);
    }

    #[test]
    fn builtin_files_load() {
        let classifier = Classifier::builtin().unwrap();
        assert_eq!(classifier.families.len(), BUILTIN.len());
        let mut names: Vec<String> = classifier
            .families
            .iter()
            .map(Family::plugin_name)
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), BUILTIN.len(), "plugin names are unique");
    }

    #[test]
    fn detection_by_import() {
        let classifier = Classifier::builtin().unwrap();
        let file = classifier.for_file(LanguageFamily::Js, &["@prisma/client"]);
        let hit = file.call_effect("this.prisma.user.create").unwrap();
        assert_eq!(hit.effect, "db.write");
        assert_eq!(hit.plugin, "effects-prisma");
        let plain = classifier.for_file(LanguageFamily::Js, &[]);
        assert_eq!(plain.call_effect("this.prisma.user.create"), None);
        assert!(plain.is_noise("console.log"));
        assert!(!plain.is_noise("consoles.log"));
    }
}

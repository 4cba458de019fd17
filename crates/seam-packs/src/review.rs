//! What a pack teaches the review IR (`aburi.ir.v1`): which decorators mark a boundary and
//! the `extKind` they give, which calls are registrations (and which argument names the
//! handler they classify), which calls and member reads are effects, which calls are noise, and which exports of a file convention are
//! route handlers. A pack writes it under `review:` (see this crate's `README.md`); what no
//! library owns (the language runtimes, log calls, conventional names of event buses, queues
//! and HTTP clients) is in `core/review.yaml`. [`Classifier`] gathers both for a scan.
//!
//! Call targets are the dotted strings the review IR records (`this.prisma.user.create`), so
//! the rules match them with segment globs: `*` is one segment, `**` any number of segments,
//! `{a,b}` one of the alternatives, `New*Handler` a segment with any characters where the `*`
//! is, anything else the segment spelled exactly.

use serde::Deserialize;

use crate::load::PackError;
use crate::pack::{FileConvention, LanguageFamily, Pack, RpcCall};

/// The library-neutral classification, shipped with seam.
const CORE_REVIEW: &str = include_str!("../core/review.yaml");

/// A pack's `review:` section, as written.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ReviewFile {
    /// The plugin the classification reports as: `framework-<plugin>` for a handler pack,
    /// `effects-<plugin>` otherwise. Default: the pack's name. Packs may share one.
    #[serde(default)]
    pub plugin: Option<String>,
    /// The file must import one of these modules (the specifier itself, a submodule `x/…` or
    /// `x.…`; an entry ending in `/` is a prefix). Default: the pack's `detect` names, or
    /// every file when the pack is `detect: { always: true }`.
    #[serde(default)]
    pub imports: Option<Vec<String>>,
    /// The rules apply to every file of the pack's languages, whatever it imports: for globals
    /// and names a framework imports implicitly (`$fetch`, `useFetch` in Nuxt).
    #[serde(default)]
    pub every_file: bool,
    #[serde(default)]
    pub class_decorators: Vec<DecoratorRule>,
    #[serde(default)]
    pub function_decorators: Vec<DecoratorRule>,
    #[serde(default)]
    pub registrations: Vec<RegistrationRule>,
    #[serde(default)]
    pub consts: Vec<ConstRule>,
    /// A class extending one of these (as written: `APIView`, `generics.ListAPIView`) gets the
    /// extKind, when no decorator gave it one.
    #[serde(default)]
    pub class_bases: Vec<ClassBaseRule>,
    #[serde(default)]
    pub effects: Vec<EffectRule>,
    #[serde(default)]
    pub reads: Vec<EffectRule>,
    #[serde(default)]
    pub drop: Vec<String>,
    /// The handlers the pack's `files` conventions name (`export function GET` in
    /// `app/**/route.ts`) get this `extKind`; matched by path alone, since such files often
    /// import nothing from the framework.
    #[serde(default)]
    pub route_exports: Option<RouteExportsRule>,
    /// The implementations the pack's `rpc.serves` calls are handed
    /// (`NewItemServiceHandler(impl)`) get this `extKind`: compiled into registration rules
    /// whose handler is the call's `argument`.
    #[serde(default)]
    pub rpc_services: Option<RouteExportsRule>,
}

/// One entry of `core/review.yaml`: a plugin no pack owns.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CoreFamilyFile {
    languages: Vec<String>,
    review: ReviewFile,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DecoratorRule {
    /// Decorator names (the callee chain as written, e.g. `Get`, `app.get`) as segment globs.
    pub names: Vec<String>,
    #[serde(default)]
    pub ext_kind: Option<String>,
    #[serde(default)]
    pub boundary: bool,
    /// Evidence appended to the Symbol's `derivedBy`; `{name}` is the decorator name.
    #[serde(default)]
    pub derived_by: Option<String>,
    /// A method rule that applies only in a class carrying one of these decorators (names as
    /// segment globs): Spring's `@GetMapping` on a `@FeignClient` interface is a client call,
    /// not a route. Empty: any class.
    #[serde(default)]
    pub in_class: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RegistrationRule {
    /// Callee globs of a registration call (`*.get`). A module-level call statement is a
    /// Symbol of its own; a call inside a function classifies its handler (see `handler`).
    pub callee: Vec<String>,
    /// At least this many arguments.
    #[serde(default)]
    pub min_args: usize,
    pub ext_kind: String,
    #[serde(default)]
    pub derived_by: Option<String>,
    /// Which argument of a registration is its handler: `last` (the default: the last
    /// argument that names something or is a function, looking through wrapper calls), an
    /// argument index (`1`), `enclosing` (the call builds a handler in the function it is
    /// in: that function is the handler), or `none` (a group or mount names no handler).
    /// The function, method or class it names gets `extKind`; a function written in place
    /// gives it to the Symbol that holds its body.
    #[serde(default)]
    pub handler: HandlerArg,
}

/// A registration rule's `handler`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HandlerArg {
    #[default]
    Last,
    None,
    Enclosing,
    Index(usize),
}

impl<'de> Deserialize<'de> for HandlerArg {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Index(usize),
            Word(String),
        }
        match Raw::deserialize(d)? {
            Raw::Index(i) => Ok(HandlerArg::Index(i)),
            Raw::Word(w) if w == "last" => Ok(HandlerArg::Last),
            Raw::Word(w) if w == "none" => Ok(HandlerArg::None),
            Raw::Word(w) if w == "enclosing" => Ok(HandlerArg::Enclosing),
            Raw::Word(w) => Err(serde::de::Error::custom(format!(
                "`handler: {w}` must be `last`, `enclosing`, `none` or an argument index"
            ))),
        }
    }
}

/// What a registration rule says about a call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistrationMatch {
    pub ext_kind: String,
    pub derived_by: String,
    pub handler: HandlerArg,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ConstRule {
    /// Callee globs of the initialiser call (`express.Router`, `Router`; `new` calls too).
    pub init: Vec<String>,
    pub ext_kind: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClassBaseRule {
    /// Base class names as written, as segment globs (`**.APIView` also matches `APIView`).
    pub names: Vec<String>,
    pub ext_kind: String,
    /// Evidence appended to the Symbol's `derivedBy`; `{name}` is the base as written.
    /// Default: the extKind.
    #[serde(default)]
    pub derived_by: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EffectRule {
    /// Target globs.
    #[serde(rename = "match")]
    pub patterns: Vec<String>,
    /// A §9.1 core tag or `x-<plugin>:<action>`.
    pub effect: String,
    #[serde(default = "default_confidence")]
    pub confidence: String,
    #[serde(default)]
    pub derived_by: Option<String>,
    /// Per pattern, the names its last segment accepts (`None`: any); filled when the rule is
    /// compiled, so most patterns are rejected on the call's last segment alone.
    #[serde(skip)]
    pub last_segments: Vec<Option<Vec<String>>>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteExportsRule {
    pub ext_kind: String,
    /// Evidence appended to the Symbol's `derivedBy`; `{name}` is the export's name
    /// (`GET`, `default`, `actions`). Default: the extKind.
    #[serde(default)]
    pub derived_by: Option<String>,
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

/// The names a pattern's last segment accepts, `None` when it holds a `*`.
fn last_segment_names(pattern: &str) -> Option<Vec<String>> {
    let last = pattern.rsplit('.').next().unwrap_or(pattern);
    if last.contains('*') {
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

/// Which kind of review plugin a family is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PluginKind {
    Framework,
    Effects,
}

/// One plugin's classification, compiled: a pack's `review:` section or a core entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Family {
    /// Short name (`prisma`); the plugin is `framework-<name>` or `effects-<name>`.
    pub name: String,
    pub kind: PluginKind,
    pub languages: Vec<LanguageFamily>,
    /// Modules a file must import for the rules to apply; `None`: every file.
    pub imports: Option<Vec<String>>,
    /// Manifest dependency names that put this framework in a Component's `frameworks`.
    pub dependencies: Vec<String>,
    pub class_decorators: Vec<DecoratorRule>,
    pub function_decorators: Vec<DecoratorRule>,
    pub registrations: Vec<RegistrationRule>,
    pub consts: Vec<ConstRule>,
    pub class_bases: Vec<ClassBaseRule>,
    pub effects: Vec<EffectRule>,
    pub reads: Vec<EffectRule>,
    pub drop: Vec<String>,
    /// The pack's file conventions and the extKind their handlers get.
    pub route_exports: Vec<(FileConvention, RouteExportsRule)>,
}

impl Family {
    /// The `generator.plugins` name.
    pub fn plugin_name(&self) -> String {
        match self.kind {
            PluginKind::Framework => format!("framework-{}", self.name),
            PluginKind::Effects => format!("effects-{}", self.name),
        }
    }

    pub fn applies_to_language(&self, language: LanguageFamily) -> bool {
        self.languages.iter().any(|l| l.covers(language))
    }

    /// True when the family applies to a file with these import specifiers.
    pub fn detected(&self, specifiers: &[&str]) -> bool {
        let Some(imports) = &self.imports else {
            return true;
        };
        imports.iter().any(|module| {
            specifiers.iter().any(|s| {
                *s == module
                    || s.strip_prefix(module.as_str())
                        // `pkg/sub` (JS, Go), `pkg.sub` (Python, Java), `pkg::sub` (Rust).
                        .is_some_and(|rest| {
                            rest.starts_with('/') || rest.starts_with('.') || rest.starts_with("::")
                        })
                    || (module.ends_with('/') && s.starts_with(module.as_str()))
            })
        })
    }
}

/// Compiles a `review:` section; `problem` is how a rule's error is reported (with the line
/// of the text it names).
#[allow(clippy::too_many_arguments)]
pub(crate) fn compile_family(
    raw: ReviewFile,
    default_name: &str,
    kind: PluginKind,
    languages: Vec<LanguageFamily>,
    default_imports: Option<Vec<String>>,
    conventions: &[FileConvention],
    serves: &[RpcCall],
    problem: &dyn Fn(&str, String) -> PackError,
) -> Result<Family, PackError> {
    let name = raw
        .plugin
        .clone()
        .unwrap_or_else(|| default_name.to_owned());
    if raw.every_file && raw.imports.is_some() {
        return Err(problem(
            "everyFile",
            "`everyFile: true` and `imports` contradict each other; keep one".to_owned(),
        ));
    }
    if !seam_ir::review::ids::is_plugin_name(&name) {
        return Err(problem(
            "plugin",
            format!("the review plugin {name:?} must be lowercase letters, digits and `-`"),
        ));
    }
    let mut effects = raw.effects;
    let mut reads = raw.reads;
    for rule in effects.iter_mut().chain(reads.iter_mut()) {
        rule.last_segments = rule
            .patterns
            .iter()
            .map(|p| last_segment_names(p))
            .collect();
        if !seam_ir::review::ids::is_effect_id(&rule.effect) {
            return Err(problem(
                &rule.effect,
                format!(
                    "{:?} is not a core effect tag (aburi.ir.v1 §9.1) or `x-<plugin>:<action>`",
                    rule.effect
                ),
            ));
        }
        if parse_confidence(&rule.confidence).is_none() {
            return Err(problem(
                "confidence",
                format!(
                    "confidence {:?} must be high, medium or low",
                    rule.confidence
                ),
            ));
        }
    }
    let kinds = raw
        .class_decorators
        .iter()
        .chain(&raw.function_decorators)
        .filter_map(|r| r.ext_kind.as_deref())
        .chain(raw.registrations.iter().map(|r| r.ext_kind.as_str()))
        .chain(raw.consts.iter().map(|r| r.ext_kind.as_str()))
        .chain(raw.class_bases.iter().map(|r| r.ext_kind.as_str()))
        .chain(raw.route_exports.iter().map(|r| r.ext_kind.as_str()))
        .chain(raw.rpc_services.iter().map(|r| r.ext_kind.as_str()));
    for ext_kind in kinds {
        if !seam_ir::review::ids::is_ext_kind(ext_kind) {
            return Err(problem(
                ext_kind,
                format!("extKind {ext_kind:?} must be `<namespace>:<segment>…` (aburi.ir.v1 §5.2)"),
            ));
        }
    }
    let mut registrations = raw.registrations;
    match raw.rpc_services {
        Some(rule) if serves.is_empty() => {
            return Err(problem(
                "rpcServices",
                format!(
                    "`rpcServices` ({}) needs the pack's `rpc.serves` calls to name the implementations",
                    rule.ext_kind
                ),
            ));
        }
        Some(rule) => {
            // `Register{service}HandlerServer` → `**.Register*HandlerServer`: any service, with
            // or without a package qualifier.
            for call in serves {
                registrations.push(RegistrationRule {
                    callee: vec![format!("**.{}", call.call.replace("{service}", "*"))],
                    min_args: call.argument + 1,
                    ext_kind: rule.ext_kind.clone(),
                    derived_by: rule.derived_by.clone(),
                    handler: HandlerArg::Index(call.argument),
                });
            }
        }
        None => {}
    }
    let route_exports = match raw.route_exports {
        Some(rule) if conventions.is_empty() => {
            return Err(problem(
                "routeExports",
                format!(
                    "`routeExports` ({}) needs the pack's `files` conventions to name the handlers",
                    rule.ext_kind
                ),
            ));
        }
        Some(rule) => conventions
            .iter()
            .map(|c| (c.clone(), rule.clone()))
            .collect(),
        None => Vec::new(),
    };
    Ok(Family {
        name,
        kind,
        languages,
        imports: if raw.every_file {
            None
        } else {
            raw.imports.or(default_imports)
        },
        dependencies: Vec::new(),
        class_decorators: raw.class_decorators,
        function_decorators: raw.function_decorators,
        registrations,
        consts: raw.consts,
        class_bases: raw.class_bases,
        effects,
        reads,
        drop: raw.drop,
        route_exports,
    })
}

/// The library-neutral families of `core/review.yaml`, in file order.
pub fn core_families() -> Result<Vec<Family>, PackError> {
    let file = "built-in core/review.yaml";
    let problem = |near: &str, message: String| PackError {
        file: file.to_owned(),
        line: CORE_REVIEW
            .lines()
            .position(|l| !near.is_empty() && l.contains(near))
            .map(|i| i + 1),
        problem: message,
    };
    let entries: Vec<CoreFamilyFile> =
        serde_norway::from_str(CORE_REVIEW).map_err(|e| PackError {
            file: file.to_owned(),
            line: e.location().map(|l| l.line()),
            problem: e.to_string(),
        })?;
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        let mut languages = Vec::new();
        for l in &entry.languages {
            let family = match l.as_str() {
                "javascript" | "typescript" => LanguageFamily::JavaScript,
                "python" => LanguageFamily::Python,
                "java" => LanguageFamily::Java,
                "go" => LanguageFamily::Go,
                "kotlin" => LanguageFamily::Kotlin,
                "rust" => LanguageFamily::Rust,
                "ruby" => LanguageFamily::Ruby,
                "php" => LanguageFamily::Php,
                "csharp" => LanguageFamily::CSharp,
                other => {
                    return Err(problem(
                        other,
                        format!("`{other}` is not a language seam reads"),
                    ));
                }
            };
            if !languages.contains(&family) {
                languages.push(family);
            }
        }
        let Some(name) = entry.review.plugin.clone() else {
            return Err(problem(
                "review",
                "each core entry names its `plugin`".to_owned(),
            ));
        };
        out.push(compile_family(
            entry.review,
            &name,
            PluginKind::Effects,
            languages,
            None,
            &[],
            &[],
            &problem,
        )?);
    }
    Ok(out)
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

/// Every family of a scan: the packs' (in pack order), then the core ones. The first rule
/// that matches decides, so a library's own meaning comes before a conventional name's.
#[derive(Debug, Clone)]
pub struct Classifier {
    pub families: Vec<Family>,
}

/// The families that apply to one file, in order.
pub struct FileClassifier<'c> {
    active: Vec<&'c Family>,
    /// Families of the file's language with file conventions (matched by path alone).
    conventions: Vec<&'c Family>,
}

impl Classifier {
    /// The classification of these packs (built-in and a repository's own) and the core.
    pub fn new(packs: &[Pack]) -> Result<Classifier, PackError> {
        let mut families: Vec<Family> = packs.iter().filter_map(|p| p.review.clone()).collect();
        families.extend(core_families()?);
        Ok(Classifier { families })
    }

    /// The families that apply to a file of `language` importing `specifiers`.
    pub fn for_file(&self, language: LanguageFamily, specifiers: &[&str]) -> FileClassifier<'_> {
        let of_language = || {
            self.families
                .iter()
                .filter(move |f| f.applies_to_language(language))
        };
        FileClassifier {
            active: of_language().filter(|f| f.detected(specifiers)).collect(),
            conventions: of_language()
                .filter(|f| !f.route_exports.is_empty())
                .collect(),
        }
    }

    /// Each plugin once, by name, with its kind, sorted by name.
    pub fn plugins(&self) -> Vec<(String, PluginKind)> {
        let mut out: Vec<(String, PluginKind)> = self
            .families
            .iter()
            .map(|f| (f.plugin_name(), f.kind))
            .collect();
        out.sort();
        out.dedup_by(|a, b| a.0 == b.0);
        out
    }

    /// Framework names whose dependencies appear in `dependencies`, sorted.
    pub fn frameworks_for(&self, dependencies: &[String]) -> Vec<String> {
        let mut out: Vec<String> = self
            .families
            .iter()
            .filter(|f| f.kind == PluginKind::Framework)
            .filter(|f| f.dependencies.iter().any(|d| dependencies.contains(d)))
            .map(|f| f.name.clone())
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

impl<'c> FileClassifier<'c> {
    /// The active families.
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

    /// The first effect rule (families in order) matching a call target.
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

    /// The first decorator rule (class or function) matching a decorator name; a method's
    /// `class_decorators` are the names of its class's decorators (for `inClass`).
    pub fn decorator(
        &self,
        name: &str,
        on_class: bool,
        class_decorators: &[&str],
    ) -> Option<DecoratorMatch> {
        for family in &self.active {
            let rules = if on_class {
                &family.class_decorators
            } else {
                &family.function_decorators
            };
            for rule in rules {
                let in_class = rule.in_class.is_empty()
                    || class_decorators
                        .iter()
                        .any(|d| rule.in_class.iter().any(|p| glob_match(p, d)));
                if in_class && rule.names.iter().any(|p| glob_match(p, name)) {
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

    /// The registration rule matching a call of `callee` with `arg_count` arguments.
    pub fn registration(&self, callee: &str, arg_count: usize) -> Option<RegistrationMatch> {
        self.registration_where(callee, arg_count, |_| true)
    }

    /// [`Self::registration`] for a call on what another call returned (a builder chain,
    /// `Router::new().route(…)`): only a rule whose pattern starts with `**.` (any receiver)
    /// matches it.
    pub fn registration_through_call(
        &self,
        callee: &str,
        arg_count: usize,
    ) -> Option<RegistrationMatch> {
        self.registration_where(callee, arg_count, |p| p.starts_with("**."))
    }

    fn registration_where(
        &self,
        callee: &str,
        arg_count: usize,
        accepts: impl Fn(&str) -> bool,
    ) -> Option<RegistrationMatch> {
        for family in &self.active {
            for rule in &family.registrations {
                if arg_count >= rule.min_args
                    && rule
                        .callee
                        .iter()
                        .any(|p| accepts(p) && glob_match(p, callee))
                {
                    let derived_by = rule
                        .derived_by
                        .clone()
                        .unwrap_or_else(|| rule.ext_kind.clone());
                    return Some(RegistrationMatch {
                        ext_kind: rule.ext_kind.clone(),
                        derived_by,
                        handler: rule.handler,
                    });
                }
            }
        }
        None
    }

    /// True when some active family has registration rules (most files have none).
    pub fn has_registrations(&self) -> bool {
        self.active.iter().any(|f| !f.registrations.is_empty())
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

    /// (extKind, derivedBy) of a class extending `base` (as written).
    pub fn class_base(&self, base: &str) -> Option<(String, String)> {
        self.active.iter().find_map(|family| {
            family
                .class_bases
                .iter()
                .find(|rule| rule.names.iter().any(|p| glob_match(p, base)))
                .map(|rule| {
                    let derived_by = match &rule.derived_by {
                        Some(d) => d.replace("{name}", base),
                        None => rule.ext_kind.clone(),
                    };
                    (rule.ext_kind.clone(), derived_by)
                })
        })
    }

    /// (extKind, derivedBy) of the export `exported` (`GET`, `default`) of the file at `path`
    /// when a file convention names it as a handler (directly, or as its `exportObject`).
    pub fn route_export(&self, path: &str, exported: &str) -> Option<(String, String)> {
        for family in &self.conventions {
            for (convention, rule) in &family.route_exports {
                let named = convention.exports.iter().any(|e| e == exported)
                    || convention.export_object.as_deref() == Some(exported);
                if named && crate::glob::glob_match(&convention.glob, path).is_some() {
                    let derived_by = match &rule.derived_by {
                        Some(d) => d.replace("{name}", exported),
                        None => rule.ext_kind.clone(),
                    };
                    return Some((rule.ext_kind.clone(), derived_by));
                }
            }
        }
        None
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

/// Matches a dotted target against a segment glob: `*` is one segment, `**` any number of
/// segments (zero included), `{a,b}` one of the alternatives, a `*` within a segment any
/// characters there, anything else the segment spelled exactly.
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
        return inner.split(',').any(|alt| word_match(alt.trim(), segment));
    }
    word_match(pattern, segment)
}

/// One segment against a word that may hold `*` (any characters within the segment):
/// `New*Handler` matches `NewItemServiceHandler`.
fn word_match(pattern: &str, segment: &str) -> bool {
    let Some((head, rest)) = pattern.split_once('*') else {
        return pattern == segment;
    };
    let Some(mut remaining) = segment.strip_prefix(head) else {
        return false;
    };
    let mut parts: Vec<&str> = rest.split('*').collect();
    let last = parts.pop().unwrap_or("");
    for part in parts {
        match remaining.find(part) {
            Some(i) => remaining = &remaining[i + part.len()..],
            None => return false,
        }
    }
    remaining.len() >= last.len() && remaining.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin() -> Classifier {
        Classifier::new(&crate::builtin_packs().unwrap()).unwrap()
    }

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
        // `*` inside a segment stays inside it.
        assert!(glob_match(
            "*.New*Handler",
            "v1connect.NewItemServiceHandler"
        ));
        assert!(glob_match("*.New*Handler", "v1connect.NewHandler"));
        assert!(!glob_match("*.New*Handler", "v1connect.NewHandlerFunc"));
        assert!(!glob_match("New*Handler", "a.NewHandler"));
        assert!(glob_match(
            "*.{Register*Server,x}",
            "pb.RegisterItemServiceServer"
        ));
        assert!(glob_match("a*b*c", "abc"));
        assert!(!glob_match("ab*bc", "abc"));
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
        let classifier = builtin();
        let file = classifier.for_file(LanguageFamily::JavaScript, &["@prisma/client"]);
        let found = file
            .call_effect("this.prisma.user.findMany")
            .map(|m| m.effect);
        assert_eq!(found.as_deref(), Some("db.read"));
        assert_eq!(file.call_effect("this.prisma.user.frobnicate"), None);
    }

    #[test]
    fn core_families_load() {
        let core = core_families().unwrap();
        let names: Vec<String> = core.iter().map(Family::plugin_name).collect();
        assert_eq!(
            names,
            [
                "effects-core",
                "effects-http",
                "effects-runtime-js",
                "effects-runtime-py",
                "effects-events",
                "effects-runtime-go",
                "effects-runtime-jvm",
                "effects-runtime-rust"
            ]
        );
    }

    /// Every built-in pack teaches the review IR something.
    #[test]
    fn every_builtin_pack_has_review_data() {
        for pack in crate::builtin_packs().unwrap() {
            assert!(
                pack.review.is_some(),
                "{} has no `review:` section",
                pack.name
            );
        }
    }

    fn pack(text: &str) -> Result<Pack, PackError> {
        crate::load_pack_str(
            text,
            "mine.yaml",
            crate::PackOrigin::Path("mine.yaml".into()),
        )
    }

    const GO_HEAD: &str = "name: mine\nlanguages: [go]\nkind: handler\nbinding: { transport: http, protocol: rest }\ndetect: { go: [example.com/mine] }\n";

    #[test]
    fn registration_handlers() {
        let p = pack(&format!(
            "{GO_HEAD}review:\n  registrations:\n    - {{ callee: [\"*.GET\"], extKind: framework:mine:route }}\n    - {{ callee: [\"*.POST\"], extKind: framework:mine:route, handler: 1 }}\n    - {{ callee: [\"*.Group\"], extKind: framework:mine:group, handler: none }}\n    - {{ callee: [\"*.Serve\"], extKind: framework:mine:handler, handler: enclosing }}\n"
        ))
        .unwrap();
        let handlers: Vec<HandlerArg> = p
            .review
            .unwrap()
            .registrations
            .iter()
            .map(|r| r.handler)
            .collect();
        assert_eq!(
            handlers,
            [
                HandlerArg::Last,
                HandlerArg::Index(1),
                HandlerArg::None,
                HandlerArg::Enclosing
            ]
        );
        let e = pack(&format!(
            "{GO_HEAD}review:\n  registrations:\n    - {{ callee: [\"*.GET\"], extKind: framework:mine:route, handler: first }}\n"
        ))
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("`handler: first` must be `last`, `enclosing`, `none` or an argument index"),
            "{e}"
        );
    }

    /// `rpcServices` becomes one registration per `rpc.serves` call, its handler the call's
    /// argument; without `rpc.serves` it is an error.
    #[test]
    fn rpc_services_compile_from_rpc_serves() {
        let p = pack(&format!(
            "{GO_HEAD}rpc:\n  serves:\n    - {{ call: \"Register{{service}}Server\", argument: 1 }}\n  procedure: \"POST /{{package}}.{{service}}/{{rpc}}\"\nreview:\n  rpcServices: {{ extKind: framework:mine:service }}\n"
        ))
        .unwrap();
        let review = p.review.unwrap();
        assert_eq!(
            review.registrations,
            [RegistrationRule {
                callee: vec!["**.Register*Server".to_owned()],
                min_args: 2,
                ext_kind: "framework:mine:service".to_owned(),
                derived_by: None,
                handler: HandlerArg::Index(1),
            }]
        );
        let e = pack(&format!(
            "{GO_HEAD}review:\n  rpcServices: {{ extKind: framework:mine:service }}\n"
        ))
        .unwrap_err()
        .to_string();
        assert!(
            e.contains(
                "`rpcServices` (framework:mine:service) needs the pack's `rpc.serves` calls"
            ),
            "{e}"
        );
    }

    #[test]
    fn detection_by_import() {
        let classifier = builtin();
        let file = classifier.for_file(LanguageFamily::JavaScript, &["@prisma/client"]);
        let hit = file.call_effect("this.prisma.user.create").unwrap();
        assert_eq!(hit.effect, "db.write");
        assert_eq!(hit.plugin, "effects-prisma");
        let plain = classifier.for_file(LanguageFamily::JavaScript, &[]);
        assert_eq!(plain.call_effect("this.prisma.user.create"), None);
        assert!(plain.is_noise("console.log"));
        assert!(!plain.is_noise("consoles.log"));
    }
}

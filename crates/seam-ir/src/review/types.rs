//! The review-IR document types (aburi.ir.v1, spec §2–§13).
//!
//! Every field of the spec and of `aburi.ir.v1.json` has a place here. Key presence follows
//! spec §1.1 and is encoded in the serde attributes, so what a builder assigns is exactly
//! what lands on disk:
//!
//! - **Required** keys are plain fields. Required keys whose type admits null
//!   (`Symbol.extKind`, `Symbol.dropReason`, `Call.resolved`, `Dependency.effect`,
//!   `PluginRef.grammarRevision`, the `Rule` payload fields) are `Option<T>` written as `null`.
//! - **Class A** (always written, `null` when there is no value; an absent key reads as `null`):
//!   `Symbol.component`, `Symbol.signature`, `Component.description`,
//!   `SourceRange.startColumn`, `SourceRange.endColumn`. They are `Option<T>` with
//!   `#[serde(default)]` and no `skip_serializing_if`.
//! - **Class B** (the key's presence is the information; omitted, never `[]`/`false`/`null`):
//!   `generatedAt`, `stats.effectClassifyTimeouts`, `stats.lspEnrichment`,
//!   `stats.callResolution`, `stats.skippedFiles`, `Component.publicApi`,
//!   `Component.frameworks`, `Signature.inferredThrows`, and on `Effect` the trio
//!   `line` / `propagated` / `derivedFrom`, which [`EffectOrigin`] turns into one choice.
//!   Lists that are Class B "omitted when empty" are `Vec<T>` skipped when empty;
//!   the others are `Option<T>` skipped when `None`.
//!
//! Unknown keys in a document being read are ignored (v1 allows additive fields) and are not
//! written back.

use serde::{Deserialize, Serialize};

/// The `$schema` URL this crate writes, and the one `aburi.ir.v1.json` pins with `const`.
pub const SCHEMA_URL: &str = "https://aburi.kage1020.com/schema/aburi.ir.v1.json";

/// The `$schema` URL of the older upstream revision. Accepted when reading, never written.
pub const LEGACY_SCHEMA_URL: &str = "https://aburi.dev/schema/aburi.ir.v1.json";

/// Whether two `$schema` URLs name the same schema. The older upstream address and the
/// current one name the same aburi.ir.v1, so an IR Aburi wrote and one seam wrote compare;
/// any other difference is a different schema.
pub fn same_schema(a: &str, b: &str) -> bool {
    let current = |url: &str| {
        if url == LEGACY_SCHEMA_URL {
            SCHEMA_URL.to_owned()
        } else {
            url.to_owned()
        }
    };
    current(a) == current(b)
}

/// The fingerprint value every dropped Symbol carries on all three axes (spec §13).
pub const ZERO_FINGERPRINT: &str = "000000000000";

/// A whole review-IR document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// Always [`SCHEMA_URL`] when written.
    #[serde(rename = "$schema")]
    pub schema: String,
    pub generator: Generator,
    /// Class B. seam never sets it, so a re-scan of an unchanged tree gives unchanged bytes.
    #[serde(
        rename = "generatedAt",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub generated_at: Option<String>,
    pub workspace: Workspace,
    pub components: Vec<Component>,
    pub symbols: Vec<Symbol>,
    pub dependencies: Vec<Dependency>,
    pub stats: Stats,
}

impl Document {
    /// An empty document: no components, symbols or dependencies, zeroed stats with an empty
    /// call-resolution census (seam always writes the census, spec §2).
    pub fn new(generator: Generator, workspace: Workspace) -> Self {
        Document {
            schema: SCHEMA_URL.to_owned(),
            generator,
            generated_at: None,
            workspace,
            components: Vec::new(),
            symbols: Vec::new(),
            dependencies: Vec::new(),
            stats: Stats::default(),
        }
    }
}

/// `generator`: who wrote the document and with which plugins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generator {
    pub name: String,
    /// Semver, `^\d+\.\d+\.\d+(?:[-+].+)?$`.
    pub version: String,
    /// Every plugin that took part; the canonical order is by name.
    pub plugins: Vec<PluginRef>,
}

/// One entry of `generator.plugins`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PluginRef {
    /// `^[a-z][a-z0-9-]*$`.
    pub name: String,
    #[serde(rename = "type")]
    pub plugin_type: PluginType,
    pub version: String,
    /// Required, nullable: `<parser>@<MAJOR.MINOR.PATCH>` for `lang` plugins (it names the
    /// grammar the `syntax` fingerprint was computed with), `null` for the others.
    #[serde(rename = "grammarRevision")]
    pub grammar_revision: Option<String>,
}

impl PluginRef {
    /// A language plugin; `grammar_revision` is `<parser>@<version>`, e.g. `ruff_python_parser@0.0.10`.
    pub fn lang(name: &str, version: &str, grammar_revision: &str) -> Self {
        PluginRef {
            name: name.to_owned(),
            plugin_type: PluginType::Lang,
            version: version.to_owned(),
            grammar_revision: Some(grammar_revision.to_owned()),
        }
    }

    /// A framework or effects plugin (their `grammarRevision` is always `null`).
    pub fn other(name: &str, plugin_type: PluginType, version: &str) -> Self {
        PluginRef {
            name: name.to_owned(),
            plugin_type,
            version: version.to_owned(),
            grammar_revision: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PluginType {
    Lang,
    Framework,
    Effects,
}

/// `workspace`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Workspace {
    /// Always `"."`.
    pub root: String,
    pub managers: Vec<WorkspaceManager>,
    /// Short language ids (`ts`, `py`, …); non-empty, unique; canonical order ascending.
    pub languages: Vec<String>,
}

impl Workspace {
    /// A workspace rooted at `"."` with no managers.
    pub fn new(languages: Vec<String>) -> Self {
        Workspace {
            root: ".".to_owned(),
            managers: Vec::new(),
            languages,
        }
    }
}

/// `workspace.managers[]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkspaceManager {
    /// `^[a-z][a-z0-9-]*$`: pnpm, npm, yarn, bun, cargo, go, uv, poetry, …
    pub tool: String,
    pub roots: Vec<String>,
}

/// `components[]` (spec §4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Component {
    /// ASCII kebab-case, `^[a-z0-9]+(-[a-z0-9]+)*$`.
    pub id: String,
    pub name: String,
    /// Non-empty list of POSIX relative paths.
    pub roots: Vec<String>,
    /// Class B, omitted when empty. Globs or Symbol ids; canonical order ascending.
    #[serde(rename = "publicApi", default, skip_serializing_if = "Vec::is_empty")]
    pub public_api: Vec<String>,
    /// Non-empty list of language ids.
    pub languages: Vec<String>,
    /// Class B, omitted when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frameworks: Vec<String>,
    /// Class A: always written, `null` when no description was supplied.
    #[serde(default)]
    pub description: Option<String>,
}

/// `symbols[]` (spec §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    /// `<language>:<file>#<qualified-name>`; build it with [`super::ids::make_symbol_id`].
    pub id: String,
    pub kind: SymbolKind,
    /// Required, nullable: `<namespace>(:<segment>)+`.
    #[serde(rename = "extKind")]
    pub ext_kind: Option<String>,
    /// The qualified name (the part of the id after `#`).
    pub name: String,
    pub language: String,
    /// Class A: the Component claiming `source.file`, `null` when none does.
    #[serde(default)]
    pub component: Option<String>,
    pub visibility: Visibility,
    pub decorators: Vec<Decorator>,
    /// Class A: `null` for Symbols with no callable signature.
    #[serde(default)]
    pub signature: Option<Signature>,
    pub rules: Vec<Rule>,
    pub effects: Vec<Effect>,
    pub calls: Vec<Call>,
    pub source: SourceRange,
    pub fingerprint: Fingerprint,
    pub confidence: Confidence,
    /// Evidence strings, in the order the extractor found them.
    #[serde(rename = "derivedBy")]
    pub derived_by: Vec<String>,
    pub dropped: bool,
    /// Required, nullable: non-null exactly when `dropped`.
    #[serde(rename = "dropReason")]
    pub drop_reason: Option<String>,
}

impl Symbol {
    /// A kept Symbol with no decorators, signature, rules, effects or calls, zero
    /// fingerprints (fill them with [`super::fingerprint::fill_fingerprints`]), `high`
    /// confidence and no component.
    pub fn new(
        id: String,
        kind: SymbolKind,
        name: String,
        language: String,
        visibility: Visibility,
        source: SourceRange,
    ) -> Self {
        Symbol {
            id,
            kind,
            ext_kind: None,
            name,
            language,
            component: None,
            visibility,
            decorators: Vec::new(),
            signature: None,
            rules: Vec::new(),
            effects: Vec::new(),
            calls: Vec::new(),
            source,
            fingerprint: Fingerprint::zero(),
            confidence: Confidence::High,
            derived_by: Vec::new(),
            dropped: false,
            drop_reason: None,
        }
    }

    /// Marks the Symbol dropped (spec §5.6): keeps decorators, signature, derivedBy,
    /// visibility and source; empties rules, effects and calls; zeroes the fingerprints.
    pub fn drop_with_reason(&mut self, reason: &str) {
        self.dropped = true;
        self.drop_reason = Some(reason.to_owned());
        self.rules.clear();
        self.effects.clear();
        self.calls.clear();
        self.fingerprint = Fingerprint::zero();
    }
}

/// The 12 core kinds of the schema's `SymbolKind` (the spec's §5.1 lists the first 11;
/// `call` is a module-level registration call such as `app.get('/x', h)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SymbolKind {
    Function,
    Method,
    Class,
    Interface,
    Type,
    Const,
    Module,
    Namespace,
    Variable,
    Enum,
    Constructor,
    Call,
}

impl SymbolKind {
    /// Every kind, in the schema's order.
    pub const ALL: [SymbolKind; 12] = [
        SymbolKind::Function,
        SymbolKind::Method,
        SymbolKind::Class,
        SymbolKind::Interface,
        SymbolKind::Type,
        SymbolKind::Const,
        SymbolKind::Module,
        SymbolKind::Namespace,
        SymbolKind::Variable,
        SymbolKind::Enum,
        SymbolKind::Constructor,
        SymbolKind::Call,
    ];

    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            SymbolKind::Function => "function",
            SymbolKind::Method => "method",
            SymbolKind::Class => "class",
            SymbolKind::Interface => "interface",
            SymbolKind::Type => "type",
            SymbolKind::Const => "const",
            SymbolKind::Module => "module",
            SymbolKind::Namespace => "namespace",
            SymbolKind::Variable => "variable",
            SymbolKind::Enum => "enum",
            SymbolKind::Constructor => "constructor",
            SymbolKind::Call => "call",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    Public,
    Private,
    Protected,
    Internal,
    Package,
}

impl Visibility {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Private => "private",
            Visibility::Protected => "protected",
            Visibility::Internal => "internal",
            Visibility::Package => "package",
        }
    }
}

/// Spec §5.4; ordered `Low < Medium < High` so propagation can take a max or a min.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    Low,
    Medium,
    High,
}

/// `decorators[]` (spec §6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decorator {
    /// The callee's leaf identifier (`a.b.Post` → `Post`).
    pub name: String,
    /// The decorator expression as written, without `@`; non-empty.
    pub raw: String,
    /// Each argument's source text.
    pub arguments: Vec<String>,
    /// Set by a framework pack for route/handler decorators.
    pub boundary: bool,
    pub line: u32,
}

/// `signature` (spec §7).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Signature {
    pub inputs: Vec<Input>,
    pub outputs: Vec<String>,
    /// Explicit throws plus documented ones (JSDoc `@throws`, Python `raise`).
    pub throws: Vec<String>,
    /// Class B, omitted when empty (the schema sets `minItems: 1`).
    #[serde(
        rename = "inferredThrows",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub inferred_throws: Vec<String>,
    #[serde(rename = "async")]
    pub is_async: bool,
    #[serde(rename = "generator")]
    pub is_generator: bool,
    #[serde(rename = "typeParameters")]
    pub type_parameters: Vec<String>,
}

/// `signature.inputs[]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    /// Non-empty parameter text.
    pub name: String,
    /// The annotation text, `""` when there is none.
    #[serde(rename = "type")]
    pub type_text: String,
}

/// `rules[]` (spec §8). The schema's `allOf` ties each payload field to one rule type, so
/// the type and its payload are one value here: [`RuleKind`]. Build payload strings with
/// [`super::text::rule_text`] so they obey §8.2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub line: u32,
    pub kind: RuleKind,
}

/// A rule's type together with the one field that type carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleKind {
    /// An `if` whose branch returns, throws, continues, breaks or exits; `condition`.
    Guard {
        condition: String,
    },
    /// A throw/raise; `what` is the constructed type or the thrown text.
    Throw {
        what: String,
    },
    /// A non-trivial return; `expr`.
    Return {
        expr: String,
    },
    Loop {
        loop_kind: LoopKind,
    },
    Try,
    Switch {
        condition: String,
    },
    /// Pattern matching (Python `match`).
    Match {
        condition: String,
    },
}

impl RuleKind {
    /// The wire spelling of `type`.
    pub fn type_name(&self) -> &'static str {
        match self {
            RuleKind::Guard { .. } => "guard",
            RuleKind::Throw { .. } => "throw",
            RuleKind::Return { .. } => "return",
            RuleKind::Loop { .. } => "loop",
            RuleKind::Try => "try",
            RuleKind::Switch { .. } => "switch",
            RuleKind::Match { .. } => "match",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LoopKind {
    For,
    While,
    Do,
}

impl LoopKind {
    pub fn as_str(self) -> &'static str {
        match self {
            LoopKind::For => "for",
            LoopKind::While => "while",
            LoopKind::Do => "do",
        }
    }
}

/// The six keys of a rule on the wire, all always written.
#[derive(Serialize, Deserialize)]
struct RuleWire {
    #[serde(rename = "type")]
    rule_type: String,
    line: u32,
    condition: Option<String>,
    what: Option<String>,
    expr: Option<String>,
    #[serde(rename = "loopKind")]
    loop_kind: Option<LoopKind>,
}

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (condition, what, expr, loop_kind) = match &self.kind {
            RuleKind::Guard { condition }
            | RuleKind::Switch { condition }
            | RuleKind::Match { condition } => (Some(condition.clone()), None, None, None),
            RuleKind::Throw { what } => (None, Some(what.clone()), None, None),
            RuleKind::Return { expr } => (None, None, Some(expr.clone()), None),
            RuleKind::Loop { loop_kind } => (None, None, None, Some(*loop_kind)),
            RuleKind::Try => (None, None, None, None),
        };
        RuleWire {
            rule_type: self.kind.type_name().to_owned(),
            line: self.line,
            condition,
            what,
            expr,
            loop_kind,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Rule {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let wire = RuleWire::deserialize(deserializer)?;
        let missing = |field: &str| {
            D::Error::custom(format!(
                "a `{}` rule needs a non-null `{field}`",
                wire.rule_type
            ))
        };
        // Payload fields of other rule types must be null (schema allOf).
        let others_null = |keep: &str| -> Result<(), D::Error> {
            let present = [
                ("condition", wire.condition.is_some()),
                ("what", wire.what.is_some()),
                ("expr", wire.expr.is_some()),
                ("loopKind", wire.loop_kind.is_some()),
            ];
            match present.iter().find(|(name, set)| *set && *name != keep) {
                Some((name, _)) => Err(D::Error::custom(format!(
                    "a `{}` rule must have `{name}` null",
                    wire.rule_type
                ))),
                None => Ok(()),
            }
        };
        let kind = match wire.rule_type.as_str() {
            "guard" | "switch" | "match" => {
                others_null("condition")?;
                let condition = wire.condition.clone().ok_or_else(|| missing("condition"))?;
                match wire.rule_type.as_str() {
                    "guard" => RuleKind::Guard { condition },
                    "switch" => RuleKind::Switch { condition },
                    _ => RuleKind::Match { condition },
                }
            }
            "throw" => {
                others_null("what")?;
                RuleKind::Throw {
                    what: wire.what.clone().ok_or_else(|| missing("what"))?,
                }
            }
            "return" => {
                others_null("expr")?;
                RuleKind::Return {
                    expr: wire.expr.clone().ok_or_else(|| missing("expr"))?,
                }
            }
            "loop" => {
                others_null("loopKind")?;
                RuleKind::Loop {
                    loop_kind: wire.loop_kind.ok_or_else(|| missing("loopKind"))?,
                }
            }
            "try" => {
                others_null("")?;
                RuleKind::Try
            }
            other => {
                return Err(D::Error::unknown_variant(
                    other,
                    &["guard", "throw", "return", "loop", "try", "switch", "match"],
                ));
            }
        };
        Ok(Rule {
            line: wire.line,
            kind,
        })
    }
}

/// `effects[]` (spec §9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// A §9.1 core tag (`db.write`) or `x-<plugin>:<action>`.
    pub id: String,
    /// The callee string, as normalised by the language front end.
    pub target: String,
    /// The pack/plugin that classified it, `^[a-z][a-z0-9-]*$`.
    pub plugin: String,
    pub confidence: Confidence,
    /// Evidence string from the classifier (required by the schema).
    pub derived_by: String,
    /// Local (has a line) or propagated (has `derivedFrom`, no line).
    pub origin: EffectOrigin,
}

/// Where an effect entry comes from; decides which Class B keys are written (§9.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EffectOrigin {
    /// Detected in this Symbol's body: `line` written, `propagated`/`derivedFrom` omitted.
    Local { line: u32 },
    /// Carried in from callees by propagation: `propagated: true` and `derivedFrom`
    /// (direct callee ids, canonical order ascending) written, `line` omitted.
    Propagated { derived_from: Vec<String> },
}

impl Effect {
    /// A locally detected effect.
    pub fn local(
        id: &str,
        target: &str,
        line: u32,
        plugin: &str,
        confidence: Confidence,
        derived_by: &str,
    ) -> Self {
        Effect {
            id: id.to_owned(),
            target: target.to_owned(),
            plugin: plugin.to_owned(),
            confidence,
            derived_by: derived_by.to_owned(),
            origin: EffectOrigin::Local { line },
        }
    }

    /// True for a propagated entry.
    pub fn is_propagated(&self) -> bool {
        matches!(self.origin, EffectOrigin::Propagated { .. })
    }

    /// The line of a local entry.
    pub fn line(&self) -> Option<u32> {
        match self.origin {
            EffectOrigin::Local { line } => Some(line),
            EffectOrigin::Propagated { .. } => None,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct EffectWire {
    id: String,
    target: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    plugin: String,
    confidence: Confidence,
    #[serde(rename = "derivedBy")]
    derived_by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    propagated: Option<bool>,
    #[serde(
        rename = "derivedFrom",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    derived_from: Option<Vec<String>>,
}

impl Serialize for Effect {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (line, propagated, derived_from) = match &self.origin {
            EffectOrigin::Local { line } => (Some(*line), None, None),
            EffectOrigin::Propagated { derived_from } => {
                (None, Some(true), Some(derived_from.clone()))
            }
        };
        EffectWire {
            id: self.id.clone(),
            target: self.target.clone(),
            line,
            plugin: self.plugin.clone(),
            confidence: self.confidence,
            derived_by: self.derived_by.clone(),
            propagated,
            derived_from,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Effect {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let wire = EffectWire::deserialize(deserializer)?;
        // `propagated: false` reads as absent (§9.4: both sit on the schema's else branch).
        let origin = if wire.propagated == Some(true) {
            if wire.line.is_some() {
                return Err(D::Error::custom(
                    "a propagated effect must not carry `line`",
                ));
            }
            match wire.derived_from {
                Some(derived_from) if !derived_from.is_empty() => {
                    EffectOrigin::Propagated { derived_from }
                }
                _ => {
                    return Err(D::Error::custom(
                        "a propagated effect needs a non-empty `derivedFrom`",
                    ));
                }
            }
        } else {
            if wire.derived_from.is_some() {
                return Err(D::Error::custom(
                    "a locally detected effect must not carry `derivedFrom`",
                ));
            }
            match wire.line {
                Some(line) => EffectOrigin::Local { line },
                None => {
                    return Err(D::Error::custom("a locally detected effect needs `line`"));
                }
            }
        };
        Ok(Effect {
            id: wire.id,
            target: wire.target,
            plugin: wire.plugin,
            confidence: wire.confidence,
            derived_by: wire.derived_by,
            origin,
        })
    }
}

/// `calls[]` (spec §10): a call no effect claimed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub target: String,
    pub line: u32,
    /// Always written; the callee Symbol id, `null` when unresolved.
    #[serde(default)]
    pub resolved: Option<String>,
}

/// `dependencies[]` (spec §11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dependency {
    /// A Symbol id or a Component id.
    pub from: String,
    pub to: String,
    pub via: Via,
    pub direction: Direction,
    /// Required, nullable: a related effect tag.
    pub effect: Option<String>,
}

impl Dependency {
    /// The edge a resolved call implies (§11.1: outbound, no effect).
    pub fn call(from: &str, to: &str) -> Self {
        Dependency {
            from: from.to_owned(),
            to: to.to_owned(),
            via: Via::Call,
            direction: Direction::Outbound,
            effect: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Via {
    Import,
    Call,
    Inherit,
    Implement,
    Compose,
    Http,
    Event,
    Sql,
}

impl Via {
    /// The wire spelling (also the sort key, spec §1).
    pub fn as_str(self) -> &'static str {
        match self {
            Via::Import => "import",
            Via::Call => "call",
            Via::Inherit => "inherit",
            Via::Implement => "implement",
            Via::Compose => "compose",
            Via::Http => "http",
            Via::Event => "event",
            Via::Sql => "sql",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Outbound,
    Inbound,
    Bidirectional,
}

/// `source` (spec §12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceRange {
    /// POSIX path relative to the workspace root.
    pub file: String,
    #[serde(rename = "startLine")]
    pub start_line: u32,
    #[serde(rename = "endLine")]
    pub end_line: u32,
    /// Class A, 1-based; seam leaves it `null`.
    #[serde(rename = "startColumn", default)]
    pub start_column: Option<u32>,
    /// Class A, 1-based; seam leaves it `null`.
    #[serde(rename = "endColumn", default)]
    pub end_column: Option<u32>,
}

impl SourceRange {
    /// A line range with null columns.
    pub fn lines(file: &str, start_line: u32, end_line: u32) -> Self {
        SourceRange {
            file: file.to_owned(),
            start_line,
            end_line,
            start_column: None,
            end_column: None,
        }
    }
}

/// `fingerprint` (spec §13): three 12-hex strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    pub api: String,
    pub logic: String,
    pub syntax: String,
}

impl Fingerprint {
    /// All three axes `000000000000`, the value of every dropped Symbol.
    pub fn zero() -> Self {
        Fingerprint {
            api: ZERO_FINGERPRINT.to_owned(),
            logic: ZERO_FINGERPRINT.to_owned(),
            syntax: ZERO_FINGERPRINT.to_owned(),
        }
    }
}

/// `stats`. Not part of any fingerprint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    #[serde(rename = "totalFiles")]
    pub total_files: u64,
    #[serde(rename = "parsedFiles")]
    pub parsed_files: u64,
    #[serde(rename = "keptSymbols")]
    pub kept_symbols: u64,
    #[serde(rename = "droppedSymbols")]
    pub dropped_symbols: u64,
    /// Class B, omitted when nothing timed out. seam classifies without timeouts, so it
    /// stays empty; kept so documents from other writers read and round-trip.
    #[serde(
        rename = "effectClassifyTimeouts",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub effect_classify_timeouts: Vec<EffectClassifyTimeout>,
    /// Always written.
    #[serde(rename = "effectPropagation")]
    pub effect_propagation: EffectPropagationStats,
    /// Class B, omitted when no LSP pass ran (seam has none).
    #[serde(
        rename = "lspEnrichment",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub lsp_enrichment: Option<LspEnrichmentStats>,
    /// Class B; seam always writes it. Invariant #15 holds it to `symbols[].calls[]`.
    #[serde(
        rename = "callResolution",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub call_resolution: Option<CallResolutionStats>,
    /// Class B: omitted when nothing was lost. `Some(vec![])` is also omitted on write, but a
    /// `[]` read from disk stays `Some` so invariant #21 judges it as written.
    #[serde(
        rename = "skippedFiles",
        default,
        skip_serializing_if = "option_vec_is_empty"
    )]
    pub skipped_files: Option<Vec<SkippedFile>>,
}

fn option_vec_is_empty<T>(value: &Option<Vec<T>>) -> bool {
    value.as_ref().is_none_or(Vec::is_empty)
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            total_files: 0,
            parsed_files: 0,
            kept_symbols: 0,
            dropped_symbols: 0,
            effect_classify_timeouts: Vec::new(),
            effect_propagation: EffectPropagationStats::default(),
            lsp_enrichment: None,
            call_resolution: Some(CallResolutionStats::default()),
            skipped_files: None,
        }
    }
}

/// `stats.effectClassifyTimeouts[]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectClassifyTimeout {
    pub plugin: String,
    #[serde(rename = "symbolId")]
    pub symbol_id: String,
    #[serde(rename = "timeoutMs")]
    pub timeout_ms: u64,
}

/// `stats.effectPropagation`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EffectPropagationStats {
    /// SCCs over all Symbols; each acyclic Symbol is one.
    #[serde(rename = "sccCount")]
    pub scc_count: u64,
    /// 0 for an empty graph, 1 when acyclic.
    #[serde(rename = "maxSccSize")]
    pub max_scc_size: u64,
    #[serde(rename = "propagatedEffectCount")]
    pub propagated_effect_count: u64,
    #[serde(rename = "symbolsWithPropagatedEffects")]
    pub symbols_with_propagated_effects: u64,
}

/// `stats.lspEnrichment`. The schema closes this object, so the newer upstream `hints*`
/// counters are not representable in a document that validates.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LspEnrichmentStats {
    pub enabled: bool,
    #[serde(rename = "filesEnriched")]
    pub files_enriched: u64,
    #[serde(rename = "filesFellBack")]
    pub files_fell_back: u64,
    #[serde(rename = "requestsIssued")]
    pub requests_issued: u64,
    #[serde(rename = "requestsTimedOut")]
    pub requests_timed_out: u64,
    #[serde(rename = "requestsFailed")]
    pub requests_failed: u64,
    /// Canonical order ascending.
    #[serde(rename = "languagesDisabled")]
    pub languages_disabled: Vec<String>,
}

/// `stats.callResolution`: the census of `symbols[].calls[]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CallResolutionStats {
    #[serde(rename = "totalCalls")]
    pub total_calls: u64,
    #[serde(rename = "resolvedCalls")]
    pub resolved_calls: u64,
    pub unresolved: UnresolvedCallBuckets,
}

/// Why unresolved calls stayed unresolved; the five buckets sum to total − resolved.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct UnresolvedCallBuckets {
    /// The callee names a caller-local binding.
    #[serde(rename = "localScope")]
    pub local_scope: u64,
    /// Bound by a non-relative import (package, alias).
    pub external: u64,
    /// The receiver is an expression the resolver cannot follow.
    pub dynamic: u64,
    /// More than one candidate matched.
    pub ambiguous: u64,
    /// No candidate at all.
    #[serde(rename = "noMatch")]
    pub no_match: u64,
}

impl UnresolvedCallBuckets {
    /// Sum of the five buckets (saturating, so a hostile document cannot overflow it).
    pub fn total(&self) -> u64 {
        self.local_scope
            .saturating_add(self.external)
            .saturating_add(self.dynamic)
            .saturating_add(self.ambiguous)
            .saturating_add(self.no_match)
    }
}

/// `stats.skippedFiles[]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkippedFile {
    pub path: String,
    pub reason: SkipReason,
}

/// Why the scan stopped working on a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    OverSize,
    Unreadable,
    Unroutable,
    ParseFailed,
    ParseTimeout,
    ExtractionFailed,
}

impl SkipReason {
    pub fn as_str(self) -> &'static str {
        match self {
            SkipReason::OverSize => "over-size",
            SkipReason::Unreadable => "unreadable",
            SkipReason::Unroutable => "unroutable",
            SkipReason::ParseFailed => "parse-failed",
            SkipReason::ParseTimeout => "parse-timeout",
            SkipReason::ExtractionFailed => "extraction-failed",
        }
    }
}

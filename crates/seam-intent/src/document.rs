//! The two document kinds, as written: a boundary intent (`kind: boundary`, in
//! `*.intent.yaml|yml|json`) and a product requirement (`kind: prd`, in `*.prd.yaml|yml|json`).
//!
//! Every struct refuses a key it does not know, and every rule a key's value must follow is
//! checked while the node is read, so an error points at the node that breaks it (see
//! [`crate::read`]). The JSON Schema `seam schema intent` prints is generated from these types.

use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

/// A value checked as a whole while it is read: the check's error names this node's line.
pub trait Validate: Sized {
    fn validate(self) -> Result<Self, String>;
}

/// `T`, read as a map and then checked with [`Validate`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Checked<T>(pub T);

impl<T> Deref for Checked<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<'de, T: Deserialize<'de> + Validate> Deserialize<'de> for Checked<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Validate> Visitor<'de> for V<T> {
            type Value = Checked<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of keys to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Checked<T>, A::Error> {
                let raw = T::deserialize(de::value::MapAccessDeserializer::new(map))?;
                raw.validate().map(Checked).map_err(de::Error::custom)
            }
        }
        deserializer.deserialize_map(V(PhantomData))
    }
}

impl<T: JsonSchema> JsonSchema for Checked<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

/// One string, or a list of them (`by: orderId` and `by: [orderId, tenant]` alike).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(transparent)]
pub struct OneOrMany(pub Vec<String>);

impl<'de> Deserialize<'de> for OneOrMany {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = OneOrMany;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or a list of strings")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<OneOrMany, E> {
                Ok(OneOrMany(vec![v.to_owned()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<OneOrMany, A::Error> {
                let mut out = Vec::new();
                while let Some(one) = seq.next_element::<String>()? {
                    out.push(one);
                }
                Ok(OneOrMany(out))
            }
        }
        deserializer.deserialize_any(V)
    }
}

impl JsonSchema for OneOrMany {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "OneOrMany".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "anyOf": [
                { "type": "string" },
                { "type": "array", "items": { "type": "string" } }
            ]
        })
    }
}

/// Who wrote the document: a person (`author`, the default), seam (`inferred`), or seam and
/// then a person (`inferred, curated`). Findings from an `inferred` document are one severity
/// lower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum Source {
    #[default]
    #[serde(rename = "author")]
    Author,
    #[serde(rename = "inferred")]
    Inferred,
    #[serde(rename = "inferred, curated")]
    InferredCurated,
}

/// `kind: boundary`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum BoundaryKind {
    #[serde(rename = "boundary")]
    Boundary,
}

/// `kind: prd`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum PrdKind {
    #[serde(rename = "prd")]
    Prd,
}

/// What a boundary must do: its outcomes, and the effects every path must have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BoundaryIntent {
    pub kind: BoundaryKind,
    /// The name PRD scenarios link to (`<name>.<outcome id>`).
    pub name: String,
    /// Why the boundary exists, in a sentence.
    pub purpose: String,
    /// Who calls it.
    pub audience: String,
    #[serde(default)]
    pub source: Source,
    pub boundary: Checked<BoundaryBlock>,
    /// One per outcome; at least one.
    pub transitions: Vec<Checked<TransitionIntent>>,
    /// Effects every outcome must have, except those listed under `except`.
    #[serde(default)]
    pub always: Vec<Checked<AlwaysLine>>,
}

/// The protocols a boundary intent may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SemanticsName {
    Rest,
    FunctionCall,
    MessageBus,
    Storage,
    UnitInvocation,
}

impl SemanticsName {
    pub fn as_str(self) -> &'static str {
        match self {
            SemanticsName::Rest => "rest",
            SemanticsName::FunctionCall => "function-call",
            SemanticsName::MessageBus => "message-bus",
            SemanticsName::Storage => "storage",
            SemanticsName::UnitInvocation => "unit-invocation",
        }
    }

    /// The keys of the boundary block this protocol reads (besides `transport`, `semantics`
    /// and `receives`).
    fn keys(self) -> &'static [&'static str] {
        match self {
            SemanticsName::Rest => &["method", "path"],
            SemanticsName::FunctionCall => &["package", "exportPath", "module", "exportName"],
            SemanticsName::MessageBus => &["messageBus", "channel"],
            SemanticsName::Storage => &["storageSystem", "scope", "container", "accessPath"],
            SemanticsName::UnitInvocation => &["deploymentTarget", "instanceName"],
        }
    }
}

/// Which boundary the intent is about.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BoundaryBlock {
    /// `http` for REST when not given.
    #[serde(default)]
    pub transport: Option<String>,
    pub semantics: SemanticsName,
    #[serde(default)]
    pub method: Option<String>,
    /// `:id` and `{id}` alike.
    #[serde(default)]
    pub path: Option<String>,
    #[serde(default)]
    pub package: Option<String>,
    #[serde(default)]
    pub export_path: Option<Vec<String>>,
    #[serde(default)]
    pub module: Option<String>,
    #[serde(default)]
    pub export_name: Option<String>,
    #[serde(default)]
    pub message_bus: Option<String>,
    #[serde(default)]
    pub channel: Option<String>,
    #[serde(default)]
    pub storage_system: Option<String>,
    /// `default` when not given.
    #[serde(default)]
    pub scope: Option<String>,
    #[serde(default)]
    pub container: Option<String>,
    #[serde(default)]
    pub access_path: Option<String>,
    #[serde(default)]
    pub deployment_target: Option<String>,
    #[serde(default)]
    pub instance_name: Option<String>,
    /// What the boundary is given. REST: `headers`, `query`, `params` (name → field) and `body`
    /// (a shape); other protocols: a name or dotted path → field.
    #[serde(default)]
    pub receives: Option<Receives>,
}

impl BoundaryBlock {
    fn given(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let pairs: [(&'static str, bool); 14] = [
            ("method", self.method.is_some()),
            ("path", self.path.is_some()),
            ("package", self.package.is_some()),
            ("exportPath", self.export_path.is_some()),
            ("module", self.module.is_some()),
            ("exportName", self.export_name.is_some()),
            ("messageBus", self.message_bus.is_some()),
            ("channel", self.channel.is_some()),
            ("storageSystem", self.storage_system.is_some()),
            ("scope", self.scope.is_some()),
            ("container", self.container.is_some()),
            ("accessPath", self.access_path.is_some()),
            ("deploymentTarget", self.deployment_target.is_some()),
            ("instanceName", self.instance_name.is_some()),
        ];
        for (key, present) in pairs {
            if present {
                out.push(key);
            }
        }
        out
    }
}

impl Validate for BoundaryBlock {
    fn validate(self) -> Result<Self, String> {
        let allowed = self.semantics.keys();
        if let Some(stray) = self.given().into_iter().find(|k| !allowed.contains(k)) {
            return Err(format!(
                "`{stray}` is not a key of a {} boundary, which takes {}; remove it, or change `semantics`",
                self.semantics.as_str(),
                allowed
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if let Some(receives) = &self.receives {
            let rest = self.semantics == SemanticsName::Rest;
            if rest && let Some(name) = receives.fields.keys().next() {
                return Err(format!(
                    "`receives.{name}` is not a section of a REST boundary's input; put it under `headers`, `query`, `params` or `body`"
                ));
            }
            if !rest && let Some(name) = receives.sections.keys().next() {
                return Err(format!(
                    "`receives.{name}` lists fields the way a REST boundary does; a {} boundary names each field directly, as `receives: {{ orderId: {{ type: string }} }}`",
                    self.semantics.as_str()
                ));
            }
            if !rest && receives.body.is_some() {
                return Err(format!(
                    "`receives.body` is a REST section; a {} boundary names each field directly",
                    self.semantics.as_str()
                ));
            }
        }
        Ok(self)
    }
}

/// The type names a field or shape may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TypeName {
    String,
    Integer,
    Number,
    Boolean,
    Null,
    Unknown,
    Array,
    Object,
}

/// One input field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Field {
    #[serde(default, rename = "type")]
    pub type_name: Option<TypeName>,
    #[serde(default)]
    pub required: Option<bool>,
    #[serde(default)]
    pub items: Option<Box<Field>>,
    #[serde(default)]
    pub properties: Option<IndexMap<String, Field>>,
}

/// A body or payload shape. `properties` alone means an object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shape {
    #[serde(default, rename = "type")]
    pub type_name: Option<TypeName>,
    #[serde(default)]
    pub items: Option<Box<Shape>>,
    #[serde(default)]
    pub properties: Option<IndexMap<String, Shape>>,
    /// The properties that must be present.
    #[serde(default)]
    pub required: Vec<String>,
}

/// `receives`: REST sections (`headers`, `query`, `params`: name → field; `body`: a shape), or
/// for other protocols a name or dotted path → field.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Receives {
    pub sections: IndexMap<String, IndexMap<String, Field>>,
    pub body: Option<Shape>,
    pub fields: IndexMap<String, Field>,
}

/// The REST sections of `receives`.
pub const REST_SECTIONS: [&str; 3] = ["headers", "query", "params"];

impl<'de> Deserialize<'de> for Receives {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Receives;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of input names to fields")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Receives, A::Error> {
                let mut out = Receives::default();
                while let Some(key) = map.next_key::<String>()? {
                    if REST_SECTIONS.contains(&key.as_str()) {
                        let section = map.next_value::<IndexMap<String, Field>>()?;
                        out.sections.insert(key, section);
                    } else if key == "body" {
                        out.body = Some(map.next_value::<Shape>()?);
                    } else {
                        let field = map.next_value::<Field>()?;
                        out.fields.insert(key, field);
                    }
                }
                Ok(out)
            }
        }
        deserializer.deserialize_map(V)
    }
}

impl JsonSchema for Receives {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Receives".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let field = generator.subschema_for::<Field>();
        let shape = generator.subschema_for::<Shape>();
        schemars::json_schema!({
            "description": "REST: `headers`, `query`, `params` (name -> field) and `body` (a shape); other protocols: a name or dotted path -> field.",
            "type": "object",
            "properties": {
                "headers": { "type": "object", "additionalProperties": field },
                "query": { "type": "object", "additionalProperties": field },
                "params": { "type": "object", "additionalProperties": field },
                "body": shape
            },
            "additionalProperties": field
        })
    }
}

/// `finds: nothing | something`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Finds {
    Nothing,
    Something,
}

/// One `when` clause: a boundary the unit reads, writes or invokes (`reads: postgresql:orders`)
/// or an input path (`input: params.id`), and at most one test of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    #[serde(default)]
    pub reads: Option<String>,
    #[serde(default)]
    pub writes: Option<String>,
    #[serde(default)]
    pub invokes: Option<String>,
    #[serde(default)]
    pub input: Option<String>,
    #[serde(default)]
    pub finds: Option<Finds>,
    #[serde(default)]
    pub is: Option<String>,
    #[serde(default)]
    pub equals: Option<serde_json::Value>,
    #[serde(default)]
    pub has: Option<String>,
    /// A narrowing, in prose.
    #[serde(default, rename = "where")]
    pub where_: Option<String>,
}

/// What a clause or result line does at its boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verb {
    Reads,
    Writes,
    Invokes,
}

impl Verb {
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Reads => "reads",
            Verb::Writes => "writes",
            Verb::Invokes => "invokes",
        }
    }
}

fn one_subject(
    reads: &Option<String>,
    writes: &Option<String>,
    invokes: &Option<String>,
) -> Vec<(Verb, String)> {
    [
        (Verb::Reads, reads),
        (Verb::Writes, writes),
        (Verb::Invokes, invokes),
    ]
    .into_iter()
    .filter_map(|(verb, named)| named.clone().map(|n| (verb, n)))
    .collect()
}

impl Clause {
    /// The boundary this clause is about, when it names one.
    pub fn at(&self) -> Option<(Verb, String)> {
        one_subject(&self.reads, &self.writes, &self.invokes)
            .into_iter()
            .next()
    }
}

impl Validate for Clause {
    fn validate(self) -> Result<Self, String> {
        let subjects = one_subject(&self.reads, &self.writes, &self.invokes).len()
            + usize::from(self.input.is_some());
        if subjects != 1 {
            return Err(format!(
                "a `when` clause is about one thing: one of `reads`, `writes`, `invokes` or `input`; this one names {subjects}"
            ));
        }
        let tests = [
            self.finds.is_some(),
            self.is.is_some(),
            self.equals.is_some(),
            self.has.is_some(),
        ]
        .into_iter()
        .filter(|t| *t)
        .count();
        if tests > 1 {
            return Err(
                "a `when` clause tests its subject one way: keep one of `finds`, `is`, `equals`, `has`, and write the others as clauses of their own"
                    .to_owned(),
            );
        }
        Ok(self)
    }
}

/// `when`: a sentence, or a list of clauses.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum When {
    Sentence(String),
    Clauses(Vec<Checked<Clause>>),
}

impl<'de> Deserialize<'de> for When {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = When;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sentence or a list of clauses")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<When, E> {
                Ok(When::Sentence(v.to_owned()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<When, A::Error> {
                let mut out = Vec::new();
                while let Some(one) = seq.next_element::<Checked<Clause>>()? {
                    out.push(one);
                }
                Ok(When::Clauses(out))
            }
        }
        deserializer.deserialize_any(V)
    }
}

impl JsonSchema for When {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "When".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let clause = generator.subschema_for::<Clause>();
        schemars::json_schema!({
            "anyOf": [ { "type": "string" }, { "type": "array", "items": clause } ]
        })
    }
}

impl When {
    /// The clauses that name a boundary.
    pub fn boundary_clauses(&self) -> Vec<&Clause> {
        match self {
            When::Sentence(_) => Vec::new(),
            When::Clauses(list) => list
                .iter()
                .map(|c| &c.0)
                .filter(|c| c.at().is_some())
                .collect(),
        }
    }
}

/// `response: {status, body?}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResponseOutcome {
    /// 100 to 599.
    pub status: u16,
    #[serde(default)]
    pub body: Option<Shape>,
}

/// `returns: {body?}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReturnsOutcome {
    #[serde(default)]
    pub body: Option<Shape>,
}

/// `throws: {errorType?}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ThrowsOutcome {
    #[serde(default)]
    pub error_type: Option<String>,
}

/// `exit: {code}`: a process unit ending with this exit code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExitOutcome {
    pub code: i64,
}

/// One line of `results`: an effect at a boundary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectLine {
    #[serde(default)]
    pub reads: Option<String>,
    #[serde(default)]
    pub writes: Option<String>,
    #[serde(default)]
    pub invokes: Option<String>,
    /// The fields the access must touch (all of them).
    #[serde(default)]
    pub fields: Vec<String>,
    /// The fields it picks rows by.
    #[serde(default)]
    pub by: OneOrMany,
    /// The shape of what it writes.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// Where each written or selecting column's value must come from: column →
    /// `input.<path>` (`id: input.params.id`).
    #[serde(default)]
    pub from: IndexMap<String, String>,
}

fn check_effect_line(line: &EffectLine) -> Result<(), String> {
    let subjects = one_subject(&line.reads, &line.writes, &line.invokes).len();
    if subjects != 1 {
        return Err(format!(
            "an effect line names one boundary with one of `reads`, `writes` or `invokes`; this one names {subjects}"
        ));
    }
    for (column, source) in &line.from {
        if source.strip_prefix("input.").is_none_or(str::is_empty) {
            return Err(format!(
                "`from.{column}` is `{source}`; a value source is an input path, written `input.<path>` (as `input.params.id`)"
            ));
        }
    }
    Ok(())
}

impl EffectLine {
    pub fn at(&self) -> (Verb, String) {
        one_subject(&self.reads, &self.writes, &self.invokes)
            .into_iter()
            .next()
            .unwrap_or((Verb::Reads, String::new()))
    }

    /// `from` as (column, input path segments).
    pub fn sources(&self) -> Vec<(String, Vec<String>)> {
        self.from
            .iter()
            .map(|(column, source)| {
                let path = source
                    .strip_prefix("input.")
                    .unwrap_or(source)
                    .split('.')
                    .map(str::to_owned)
                    .collect();
                (column.clone(), path)
            })
            .collect()
    }
}

impl Validate for EffectLine {
    fn validate(self) -> Result<Self, String> {
        check_effect_line(&self)?;
        Ok(self)
    }
}

/// One outcome: when it happens, how it ends, and what it results in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransitionIntent {
    /// The outcome id, which PRD links and `except` name.
    pub id: String,
    #[serde(default)]
    pub when: Option<When>,
    #[serde(default)]
    pub response: Option<ResponseOutcome>,
    #[serde(default)]
    pub returns: Option<ReturnsOutcome>,
    #[serde(default)]
    pub throws: Option<ThrowsOutcome>,
    #[serde(default)]
    pub exit: Option<ExitOutcome>,
    #[serde(default)]
    pub results: Vec<Checked<EffectLine>>,
}

impl TransitionIntent {
    fn endings(&self) -> Vec<&'static str> {
        [
            ("response", self.response.is_some()),
            ("returns", self.returns.is_some()),
            ("throws", self.throws.is_some()),
            ("exit", self.exit.is_some()),
        ]
        .into_iter()
        .filter_map(|(k, present)| present.then_some(k))
        .collect()
    }
}

impl Validate for TransitionIntent {
    fn validate(self) -> Result<Self, String> {
        let endings = self.endings();
        if endings.len() > 1 {
            return Err(format!(
                "outcome `{}` has two endings, `{}` and `{}`; an outcome ends one way: keep one, or split it into two outcomes",
                self.id, endings[0], endings[1]
            ));
        }
        if endings.is_empty() && self.results.is_empty() {
            return Err(format!(
                "outcome `{}` says neither how it ends nor what it results in; add one of `response`, `returns`, `throws`, `exit`, or a `results` list",
                self.id
            ));
        }
        if let Some(response) = &self.response
            && !(100..=599).contains(&response.status)
        {
            return Err(format!(
                "outcome `{}` answers status {}; an HTTP status is between 100 and 599",
                self.id, response.status
            ));
        }
        if self.id.trim().is_empty() {
            return Err("an outcome's `id` is empty; give it a name PRD links can use".to_owned());
        }
        Ok(self)
    }
}

/// An effect every outcome must have, except the outcomes listed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlwaysLine {
    #[serde(default)]
    pub reads: Option<String>,
    #[serde(default)]
    pub writes: Option<String>,
    #[serde(default)]
    pub invokes: Option<String>,
    #[serde(default)]
    pub fields: Vec<String>,
    #[serde(default)]
    pub by: OneOrMany,
    /// Outcome ids this effect is not required on.
    #[serde(default)]
    pub except: Vec<String>,
}

impl AlwaysLine {
    pub fn effect(&self) -> EffectLine {
        EffectLine {
            reads: self.reads.clone(),
            writes: self.writes.clone(),
            invokes: self.invokes.clone(),
            fields: self.fields.clone(),
            by: self.by.clone(),
            shape: None,
            from: IndexMap::new(),
        }
    }
}

impl Validate for AlwaysLine {
    fn validate(self) -> Result<Self, String> {
        check_effect_line(&self.effect())?;
        Ok(self)
    }
}

/// A product requirement: scenarios, each linked to boundary outcomes or covered by tests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Prd {
    pub kind: PrdKind,
    pub title: String,
    pub purpose: String,
    pub audience: String,
    #[serde(default)]
    pub source: Source,
    /// At least one.
    pub scenarios: Vec<Scenario>,
}

/// One scenario of a PRD.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Scenario {
    #[serde(default)]
    pub title: Option<String>,
    pub when: String,
    pub expect: String,
    /// `<intent name>.<outcome id>`, one or a list.
    #[serde(default)]
    pub link: OneOrMany,
    /// Tests that cover the scenario: `file > suite > title` (vitest, jest) or a pytest node id
    /// (`file::Class::test_fn[param]`).
    #[serde(default)]
    pub covered_by: Vec<String>,
    /// Boundaries a covering test must reach (`GET /orders/{id}`); by default the boundaries
    /// of the intents the links name.
    #[serde(default)]
    pub about: Vec<String>,
}

/// Both document kinds, for the JSON Schema.
#[derive(JsonSchema)]
#[schemars(title = "seam intent document")]
#[allow(dead_code)]
#[serde(untagged)]
pub enum AnyDocument {
    Boundary(Box<BoundaryIntent>),
    Prd(Prd),
}

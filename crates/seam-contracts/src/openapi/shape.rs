//! OpenAPI Schema objects (3.0 and 3.1) into [`TypeShape`]s.
//!
//! - A property missing from `required` may be absent: its shape is a union with `undefined`.
//! - `oneOf` and `anyOf` are unions; `allOf` merges its object parts (properties and `required`
//!   of every part, `$ref`s followed) into one record. An `allOf` that mixes objects with
//!   other kinds of schema is an intersection the shape vocabulary cannot say: `unknown`.
//! - 3.0's `nullable: true` and 3.1's `type: [T, "null"]` add `null`; a list of several
//!   non-null types is a union of them.
//! - `enum` is a union of literals (`null` in it is the `null` shape), 3.1's `const` one literal.
//! - `additionalProperties` without `properties` is a dictionary; an object with neither is a
//!   dictionary of `unknown` (it may have any key). Beside `properties` it is not recorded.
//! - `integer`, and `number` with format `int32`/`int64`, are `integer`; other numbers `number`.
//! - A named schema reached by `$ref` is written out in place, so a checker reads every body
//!   without a lookup. Schemas that reach each other through `$ref`s (a recursive type, or
//!   entities whose edges point at each other) stop there: inside them, a `$ref` to a schema
//!   on the same cycle is a `ref` shape whose `def` keys that schema in the summary's
//!   `definitions`, and a `$ref` from outside the cycle writes it out one level. So a
//!   schema's shape is the same wherever it is met: each is read once per document and
//!   copied after, and the expansion is bounded by the document rather than by the number of
//!   paths through its `$ref`s. A `$ref` to a URL is not fetched: it stays a `ref` named by
//!   the URL.
//! - `$ref` beside other keywords (allowed in 3.1) reads the target only.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use indexmap::IndexMap;
use seam_ir::summary::{
    ArrayShape, DictionaryShape, LiteralShape, RecordShape, RefShape, ShapeLiteral, TypeShape,
    UnionShape,
};
use serde_json::{Map, Value};

use super::document::{Definition, DocId, DocumentSet, KnownShape, RefTarget};
use super::locate::child_pointer;
use crate::error::ContractError;

/// Deepest schema nesting read; deeper values are `unknown`.
const MAX_DEPTH: usize = 200;

/// A `$ref` target being read: its key and the cycle of `$ref`s it is on.
type Reading = (String, Option<usize>);

/// Reads schemas of one operation; `definitions` collects the recursive ones.
pub struct ShapeReader<'a> {
    docs: &'a mut DocumentSet,
    /// The `$ref` targets being read, innermost last.
    resolving: Vec<Reading>,
    /// Every definition a `ref` shape read so far needs, in the order met (repeats allowed).
    needed: Vec<Definition>,
}

/// How many nodes a shape has: what copying it costs.
fn node_count(shape: &TypeShape) -> u64 {
    1 + match shape {
        TypeShape::Record(r) => r.properties.values().map(node_count).sum(),
        TypeShape::Dictionary(d) => node_count(&d.values),
        TypeShape::Array(a) => node_count(&a.items),
        TypeShape::Union(u) => u.variants.iter().map(node_count).sum(),
        _ => 0,
    }
}

/// The parts of an `allOf` gathered for merging.
#[derive(Default)]
struct Merge {
    /// Each property's schema, and the `$ref` target it was gathered in (`None`: the
    /// schema holding the `allOf`), which it is read as part of.
    properties: IndexMap<String, (DocId, String, Option<Reading>)>,
    required: BTreeSet<String>,
    others: Vec<TypeShape>,
}

/// The union of `variants`, nested unions flattened and duplicates dropped; one variant is
/// itself.
pub fn union_of(variants: Vec<TypeShape>) -> TypeShape {
    let mut flat: Vec<TypeShape> = Vec::new();
    for variant in variants {
        let parts = match variant {
            TypeShape::Union(u) => u.variants,
            other => vec![other],
        };
        for part in parts {
            if !flat.contains(&part) {
                flat.push(part);
            }
        }
    }
    if flat.len() == 1 {
        flat.pop().unwrap_or(TypeShape::Unknown)
    } else {
        TypeShape::Union(UnionShape { variants: flat })
    }
}

/// `shape | undefined`: what a value that may be absent has.
pub fn optional(shape: TypeShape) -> TypeShape {
    union_of(vec![shape, TypeShape::Undefined])
}

fn literal(value: &Value) -> TypeShape {
    let literal = match value {
        Value::String(s) => ShapeLiteral::Text(s.clone()),
        Value::Number(n) => ShapeLiteral::Number(n.clone()),
        Value::Bool(b) => ShapeLiteral::Bool(*b),
        Value::Null => return TypeShape::Null,
        Value::Array(_) | Value::Object(_) => return TypeShape::Unknown,
    };
    TypeShape::Literal(LiteralShape {
        value: literal,
        raw: None,
    })
}

fn last_token(pointer: &str) -> String {
    let token = pointer.rsplit('/').next().unwrap_or(pointer);
    token.replace("~1", "/").replace("~0", "~")
}

/// Whether an `allOf` part only adds properties (its own, or through its own `allOf`).
fn is_object_like(schema: &Map<String, Value>) -> bool {
    let typed_object = match schema.get("type") {
        None => true,
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => ts.iter().all(|t| t == "object" || t == "null"),
        Some(_) => false,
    };
    typed_object
        && !["oneOf", "anyOf", "enum", "const", "items"]
            .iter()
            .any(|k| schema.contains_key(*k))
}

impl<'a> ShapeReader<'a> {
    pub fn new(docs: &'a mut DocumentSet) -> Self {
        Self {
            docs,
            resolving: Vec::new(),
            needed: Vec::new(),
        }
    }

    pub fn docs(&mut self) -> &mut DocumentSet {
        self.docs
    }

    /// The definitions of the recursive schemas the shapes read so far name, by `def`,
    /// sorted: each is its schema read from inside its own cycle, which may name more.
    pub fn take_definitions(&mut self) -> Result<BTreeMap<String, TypeShape>, ContractError> {
        let mut out = BTreeMap::new();
        let mut done: BTreeSet<String> = BTreeSet::new();
        while let Some(definition) = self.needed.pop() {
            if !done.insert(definition.key.clone()) {
                continue;
            }
            let shape =
                self.target_shape(definition.doc, &definition.pointer, &definition.key, 0)?;
            out.entry(definition.def).or_insert(shape);
        }
        Ok(out)
    }

    /// The shape of the schema at `pointer` in `doc`; `unknown` when there is none.
    pub fn shape_at(&mut self, doc: DocId, pointer: &str) -> Result<TypeShape, ContractError> {
        self.shape(doc, pointer, 0)
    }

    /// The key a schema's target is tracked under, and its (`name`, `def`) for a `ref` shape.
    fn names(&self, doc: DocId, pointer: &str) -> (String, String, String) {
        let key = self.docs.key(doc, pointer);
        let name = last_token(pointer);
        let def = match pointer
            .strip_prefix("/components/schemas/")
            .or_else(|| pointer.strip_prefix("/definitions/"))
        {
            Some(rest) if doc == 0 && !rest.contains('/') => name.clone(),
            _ => key.clone(),
        };
        (key, name, def)
    }

    /// The shape of the `$ref` target `key` (at `doc`, `pointer`), read once per document set
    /// and copied afterwards (each copy paid for by its size, see [`DocumentSet::spend`]).
    /// It is read as the target itself: what it gives does not depend on where it is met.
    fn target_shape(
        &mut self,
        doc: DocId,
        pointer: &str,
        key: &str,
        depth: usize,
    ) -> Result<TypeShape, ContractError> {
        if let Some(known) = self.docs.known_shape(key) {
            self.docs.spend(known.nodes, doc, pointer)?;
            self.needed.extend(known.definitions.iter().cloned());
            return Ok((*known.shape).clone());
        }
        let cycle = self.docs.cycle_of(doc, pointer, key)?;
        let needed_before = self.needed.len();
        self.resolving.push((key.to_owned(), cycle));
        let shape = self.shape(doc, pointer, depth);
        self.resolving.pop();
        let shape = shape?;
        let mut definitions: Vec<Definition> = Vec::new();
        for definition in &self.needed[needed_before..] {
            if !definitions.contains(definition) {
                definitions.push(definition.clone());
            }
        }
        self.docs.remember_shape(
            key.to_owned(),
            KnownShape {
                nodes: node_count(&shape),
                shape: Rc::new(shape.clone()),
                definitions: Rc::new(definitions),
            },
        );
        Ok(shape)
    }

    fn shape(
        &mut self,
        doc: DocId,
        pointer: &str,
        depth: usize,
    ) -> Result<TypeShape, ContractError> {
        if depth > MAX_DEPTH {
            return Ok(TypeShape::Unknown);
        }
        self.docs.spend(1, doc, pointer)?;
        let document = self.docs.get(doc);
        let Some(Value::Object(schema)) = document.value.pointer(pointer) else {
            return Ok(TypeShape::Unknown);
        };
        if let Some(reference) = schema.get("$ref") {
            return self.follow(doc, pointer, reference, depth, None);
        }

        let swagger = self.docs.dialect == super::Dialect::Swagger2;
        let mut nullable = schema.get("nullable") == Some(&Value::Bool(true))
            || (swagger && schema.get("x-nullable") == Some(&Value::Bool(true)));
        let mut types: Vec<&str> = Vec::new();
        match schema.get("type") {
            Some(Value::String(t)) => types.push(t),
            Some(Value::Array(list)) => types.extend(list.iter().filter_map(Value::as_str)),
            _ => {}
        }
        if types.contains(&"null") {
            nullable = true;
            types.retain(|t| *t != "null");
            if types.is_empty() && !schema.contains_key("enum") && !schema.contains_key("const") {
                return Ok(TypeShape::Null);
            }
        }

        let core = if let Some(value) = schema.get("const") {
            literal(value)
        } else if let Some(Value::Array(values)) = schema.get("enum")
            && !values.is_empty()
        {
            union_of(values.iter().map(literal).collect())
        } else if let Some(key) = ["oneOf", "anyOf"]
            .into_iter()
            .find(|k| schema.contains_key(*k))
        {
            let count = schema
                .get(key)
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            let base = child_pointer(pointer, key);
            let mut variants = Vec::with_capacity(count);
            for i in 0..count {
                variants.push(self.shape(doc, &format!("{base}/{i}"), depth + 1)?);
            }
            if variants.is_empty() {
                TypeShape::Unknown
            } else {
                union_of(variants)
            }
        } else if schema.contains_key("allOf") {
            let mut merge = Merge::default();
            self.collect(doc, pointer, &mut merge, depth + 1)?;
            self.merged(merge, depth)?
        } else if types.is_empty() {
            if ["properties", "additionalProperties", "required"]
                .iter()
                .any(|k| schema.contains_key(*k))
            {
                self.object(doc, pointer, schema, depth)?
            } else if schema.contains_key("items") {
                self.array(doc, pointer, depth)?
            } else {
                TypeShape::Unknown
            }
        } else {
            let mut variants = Vec::with_capacity(types.len());
            for t in &types {
                variants.push(match *t {
                    "object" => self.object(doc, pointer, schema, depth)?,
                    "array" => self.array(doc, pointer, depth)?,
                    "string" => TypeShape::Text,
                    // Swagger 2.0's upload, OpenAPI 3's `string` with `format: binary`.
                    "file" if swagger => TypeShape::Text,
                    "integer" => TypeShape::Integer,
                    "number" => match schema.get("format").and_then(Value::as_str) {
                        Some("int32" | "int64") => TypeShape::Integer,
                        _ => TypeShape::Number,
                    },
                    "boolean" => TypeShape::Boolean,
                    _ => TypeShape::Unknown,
                });
            }
            union_of(variants)
        };
        Ok(if nullable {
            union_of(vec![core, TypeShape::Null])
        } else {
            core
        })
    }

    /// Follows the `$ref` of the schema at `pointer`. A target on the same cycle of `$ref`s as
    /// the schema holding the `$ref` (or one already being read) is a `ref` shape, and the
    /// summary's `definitions` get it; any other target is written out in place, with
    /// `merge` gathered for an `allOf` (see [`Self::collect`]), else read as a shape.
    fn follow(
        &mut self,
        doc: DocId,
        pointer: &str,
        reference: &Value,
        depth: usize,
        merge: Option<&mut Merge>,
    ) -> Result<TypeShape, ContractError> {
        let Value::String(reference) = reference else {
            let document = self.docs.get(doc);
            return Err(ContractError::at(
                document.label.clone(),
                document.lines.line(&format!("{pointer}/$ref")),
                None,
                "A $ref must be a string such as `#/components/schemas/User`.",
            ));
        };
        match self.docs.resolve(doc, pointer, reference)? {
            RefTarget::Remote(url) => Ok(TypeShape::Ref(RefShape {
                name: url,
                def: None,
                from: None,
            })),
            RefTarget::Local {
                doc: target,
                pointer: target_pointer,
            } => {
                let (key, name, def) = self.names(target, &target_pointer);
                let cycle = self.docs.cycle_of(target, &target_pointer, &key)?;
                let same_cycle =
                    cycle.is_some() && self.resolving.last().is_some_and(|(_, c)| *c == cycle);
                let being_read = self.resolving.iter().any(|(k, _)| *k == key);
                if being_read || same_cycle {
                    self.needed.push(Definition {
                        key,
                        doc: target,
                        pointer: target_pointer,
                        def: def.clone(),
                    });
                    return Ok(TypeShape::Ref(RefShape {
                        name,
                        def: Some(def),
                        from: None,
                    }));
                }
                let Some(merge) = merge else {
                    return self.target_shape(target, &target_pointer, &key, depth + 1);
                };
                self.resolving.push((key, cycle));
                let gathered = self.collect(target, &target_pointer, merge, depth + 1);
                self.resolving.pop();
                gathered?;
                Ok(TypeShape::Unknown)
            }
        }
    }

    fn object(
        &mut self,
        doc: DocId,
        pointer: &str,
        schema: &Map<String, Value>,
        depth: usize,
    ) -> Result<TypeShape, ContractError> {
        if let Some(Value::Object(properties)) = schema.get("properties") {
            let required: BTreeSet<&str> = schema
                .get("required")
                .and_then(Value::as_array)
                .map(|list| list.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let base = child_pointer(pointer, "properties");
            let mut out = IndexMap::with_capacity(properties.len());
            for name in properties.keys() {
                let shape = self.shape(doc, &child_pointer(&base, name), depth + 1)?;
                let shape = if required.contains(name.as_str()) {
                    shape
                } else {
                    optional(shape)
                };
                out.insert(name.clone(), shape);
            }
            return Ok(TypeShape::Record(RecordShape {
                properties: out,
                spreads: None,
            }));
        }
        Ok(match schema.get("additionalProperties") {
            Some(Value::Bool(false)) => TypeShape::Record(RecordShape {
                properties: IndexMap::new(),
                spreads: None,
            }),
            Some(Value::Object(_)) => TypeShape::Dictionary(DictionaryShape {
                values: Box::new(self.shape(
                    doc,
                    &child_pointer(pointer, "additionalProperties"),
                    depth + 1,
                )?),
            }),
            _ => TypeShape::Dictionary(DictionaryShape {
                values: Box::new(TypeShape::Unknown),
            }),
        })
    }

    fn array(
        &mut self,
        doc: DocId,
        pointer: &str,
        depth: usize,
    ) -> Result<TypeShape, ContractError> {
        Ok(TypeShape::Array(ArrayShape {
            items: Box::new(self.shape(doc, &child_pointer(pointer, "items"), depth + 1)?),
        }))
    }

    /// Gathers the properties and `required` of the schema at `pointer` and of its `allOf`
    /// parts, following `$ref`s; a part that is not an object goes to `others` whole.
    fn collect(
        &mut self,
        doc: DocId,
        pointer: &str,
        merge: &mut Merge,
        depth: usize,
    ) -> Result<(), ContractError> {
        if depth > MAX_DEPTH {
            merge.others.push(TypeShape::Unknown);
            return Ok(());
        }
        self.docs.spend(1, doc, pointer)?;
        let document = self.docs.get(doc);
        let Some(Value::Object(schema)) = document.value.pointer(pointer) else {
            return Ok(());
        };
        if let Some(reference) = schema.get("$ref") {
            let shape = self.follow(doc, pointer, reference, depth, Some(merge))?;
            if let TypeShape::Ref(_) = shape {
                // A part being read or remote: nothing to merge, say what it was.
                merge.others.push(shape);
            }
            return Ok(());
        }
        if !is_object_like(schema) {
            merge.others.push(self.shape(doc, pointer, depth)?);
            return Ok(());
        }
        if let Some(Value::Object(properties)) = schema.get("properties") {
            let base = child_pointer(pointer, "properties");
            let merge_context = self.resolving.last().cloned();
            for name in properties.keys() {
                merge.properties.insert(
                    name.clone(),
                    (doc, child_pointer(&base, name), merge_context.clone()),
                );
            }
        }
        if let Some(Value::Array(required)) = schema.get("required") {
            merge
                .required
                .extend(required.iter().filter_map(Value::as_str).map(str::to_owned));
        }
        if let Some(Value::Array(parts)) = schema.get("allOf") {
            let base = child_pointer(pointer, "allOf");
            for i in 0..parts.len() {
                self.collect(doc, &format!("{base}/{i}"), merge, depth + 1)?;
            }
        }
        Ok(())
    }

    fn merged(&mut self, merge: Merge, depth: usize) -> Result<TypeShape, ContractError> {
        if merge.others.is_empty() {
            if merge.properties.is_empty() {
                return Ok(TypeShape::Dictionary(DictionaryShape {
                    values: Box::new(TypeShape::Unknown),
                }));
            }
            let mut out = IndexMap::with_capacity(merge.properties.len());
            let holder = self.resolving.last().cloned();
            for (name, (doc, pointer, context)) in merge.properties {
                // Read as part of the target it came from, so a `$ref` in it stops at that
                // target's cycle (and the shape is the same wherever the `allOf` is).
                let pushed = context.is_some() && context != holder;
                if let Some(context) = context.filter(|_| pushed) {
                    self.resolving.push(context);
                }
                let shape = self.shape(doc, &pointer, depth + 1);
                if pushed {
                    self.resolving.pop();
                }
                let shape = shape?;
                let shape = if merge.required.contains(&name) {
                    shape
                } else {
                    optional(shape)
                };
                out.insert(name, shape);
            }
            return Ok(TypeShape::Record(RecordShape {
                properties: out,
                spreads: None,
            }));
        }
        let mut others = merge.others;
        others.dedup();
        if merge.properties.is_empty() && others.len() == 1 {
            return Ok(others.pop().unwrap_or(TypeShape::Unknown));
        }
        Ok(TypeShape::Unknown)
    }
}

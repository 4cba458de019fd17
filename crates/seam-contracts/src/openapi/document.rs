//! Loading an OpenAPI document and the sibling files its `$ref`s reach, and resolving a `$ref`
//! to the document and JSON pointer it names.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use seam_ir::summary::TypeShape;
use serde_json::{Map, Value};

use super::locate::{LineIndex, child_pointer};
use crate::error::ContractError;

/// Largest document or sibling file read, in bytes.
pub const MAX_DOCUMENT_BYTES: u64 = 32 * 1024 * 1024;

/// How a document's text is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Yaml,
}

impl Format {
    /// JSON for a `.json` file or text that starts with `{`, YAML otherwise.
    pub fn guess(path: &Path, text: &str) -> Format {
        let json_extension = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        if json_extension || text.trim_start().starts_with('{') {
            Format::Json
        } else {
            Format::Yaml
        }
    }
}

/// One parsed file: its label for messages and locations, where it is on disk, its value and
/// the line of every value in it.
#[derive(Debug)]
pub struct Document {
    pub label: String,
    pub path: PathBuf,
    pub value: Value,
    pub lines: LineIndex,
}

/// Index of a document in its [`DocumentSet`]; the root is 0.
pub type DocId = usize;

/// Where a `$ref` leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefTarget {
    /// A value in a document of the set.
    Local { doc: DocId, pointer: String },
    /// A URL this reader does not fetch.
    Remote(String),
}

/// Steps of schema reading allowed per byte of input (the root document and every sibling
/// read): each schema object visited and each node of a shape copied from an earlier `$ref`
/// costs one. Real documents need a few per byte; a chain of schemas that each refer to the
/// next several times over (a `$ref` diamond) would need exponentially many. Each step is also
/// memory (a copied node is a few hundred bytes), so the bound is kept low: a 6.7 KB diamond
/// of 40 levels stops after about 360,000 steps.
pub const WORK_PER_BYTE: u64 = 16;
/// Steps every document may take whatever its size.
pub const BASE_WORK: u64 = 250_000;

/// The root document and every sibling file reached so far, each read once.
#[derive(Debug)]
pub struct DocumentSet {
    docs: Vec<Rc<Document>>,
    by_path: BTreeMap<PathBuf, DocId>,
    /// The folder every `$ref`'d file must be in (canonical): the repository root, or the
    /// contract's own folder.
    boundary: PathBuf,
    /// Schema-reading steps left (see [`WORK_PER_BYTE`]).
    work_left: u64,
    /// Shapes of `$ref` targets already read, with their node counts, shared by every
    /// operation: each schema is read once.
    shapes: HashMap<String, KnownShape>,
    /// The cycle of `$ref`s each target read so far is on (`None`: on none), by key.
    cycles: HashMap<String, Option<usize>>,
    /// How many cycles have been numbered.
    cycle_count: usize,
    /// The specification the root document follows (set once its version is read).
    pub dialect: super::Dialect,
}

/// A `$ref` target whose schema is on a cycle of `$ref`s, written as a `ref` shape somewhere:
/// the summary's `definitions` must hold it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    pub key: String,
    pub doc: DocId,
    pub pointer: String,
    pub def: String,
}

/// The shape read for a `$ref` target, its node count (what copying it costs), and the
/// definitions its `ref` shapes need.
#[derive(Debug, Clone)]
pub struct KnownShape {
    pub shape: Rc<TypeShape>,
    pub nodes: u64,
    pub definitions: Rc<Vec<Definition>>,
}

/// A `$ref` edge of the graph of schemas: the target's document, pointer and key.
type Edge = (DocId, String, String);

/// The text after the `: ` of a serde error, without the ` at line N column M` both parsers add.
fn bare_message(message: &str) -> String {
    let cut = message.find(" at line ").unwrap_or(message.len());
    message[..cut].trim().to_owned()
}

/// Converts a YAML value to JSON. Mapping keys become strings the way YAML writes them
/// (`200:` is the key `"200"`), tags are dropped, and a merge key (`<<`) is applied first.
fn yaml_to_json(value: serde_norway::Value) -> Value {
    use serde_norway::Value as Y;
    match value {
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(b),
        Y::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::from(i)
            } else if let Some(u) = n.as_u64() {
                Value::from(u)
            } else {
                n.as_f64()
                    .and_then(serde_json::Number::from_f64)
                    .map(Value::Number)
                    .unwrap_or(Value::Null)
            }
        }
        Y::String(s) => Value::String(s),
        Y::Sequence(items) => Value::Array(items.into_iter().map(yaml_to_json).collect()),
        Y::Mapping(mapping) => {
            let mut out = Map::new();
            for (key, value) in mapping {
                out.insert(yaml_key(key), yaml_to_json(value));
            }
            Value::Object(out)
        }
        Y::Tagged(tagged) => yaml_to_json(tagged.value),
    }
}

fn yaml_key(key: serde_norway::Value) -> String {
    use serde_norway::Value as Y;
    match key {
        Y::String(s) => s,
        Y::Number(n) => n.to_string(),
        Y::Bool(b) => b.to_string(),
        Y::Null => "null".to_owned(),
        Y::Tagged(tagged) => yaml_key(tagged.value),
        other => serde_norway::to_string(&other)
            .map(|s| s.trim().to_owned())
            .unwrap_or_default(),
    }
}

/// A YAML value read as [`serde_norway::Value`] reads it, except that an integer too large
/// for 64 bits (`-9223372036854776000`, written by generators that print an `i64` bound as a
/// double) is the nearest floating-point number rather than an error, and tags are dropped.
struct LooseYaml(serde_norway::Value);

impl<'de> serde::Deserialize<'de> for LooseYaml {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(LooseVisitor).map(LooseYaml)
    }
}

struct LooseVisitor;

impl<'de> serde::de::Visitor<'de> for LooseVisitor {
    type Value = serde_norway::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any YAML value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Bool(b))
    }
    fn visit_i64<E>(self, i: i64) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Number(i.into()))
    }
    fn visit_u64<E>(self, u: u64) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Number(u.into()))
    }
    #[allow(clippy::cast_precision_loss)]
    fn visit_i128<E>(self, i: i128) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Number((i as f64).into()))
    }
    #[allow(clippy::cast_precision_loss)]
    fn visit_u128<E>(self, u: u128) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Number((u as f64).into()))
    }
    fn visit_f64<E>(self, f: f64) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Number(f.into()))
    }
    fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::String(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Null)
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(serde_norway::Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        <LooseYaml as serde::Deserialize>::deserialize(d).map(|v| v.0)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(LooseYaml(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(serde_norway::Value::Sequence(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut mapping = serde_norway::Mapping::new();
        while let Some(LooseYaml(key)) = map.next_key()? {
            if mapping.contains_key(&key) {
                let shown = match &key {
                    serde_norway::Value::String(s) => format!("with key {s:?}"),
                    serde_norway::Value::Number(n) => format!("with key {n}"),
                    serde_norway::Value::Bool(b) => format!("with key `{b}`"),
                    serde_norway::Value::Null => "with null key".to_owned(),
                    _ => "in YAML map".to_owned(),
                };
                return Err(serde::de::Error::custom(format!("duplicate entry {shown}")));
            }
            let LooseYaml(value) = map.next_value()?;
            mapping.insert(key, value);
        }
        Ok(serde_norway::Value::Mapping(mapping))
    }
    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        use serde::de::VariantAccess;
        // A tagged value (`!Tag value`): the tag is dropped, as every reader here does.
        let (_tag, contents): (String, _) = data.variant()?;
        contents.newtype_variant::<LooseYaml>().map(|v| v.0)
    }
}

/// Parses a document's text; a syntax error names the file, line and column.
pub fn parse_text(
    label: &str,
    text: &str,
    format: Format,
) -> Result<(Value, LineIndex), ContractError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match format {
        Format::Json => match serde_json::from_str::<Value>(text) {
            Ok(value) => Ok((value, LineIndex::json(text))),
            Err(e) => Err(ContractError::at(
                label,
                u32::try_from(e.line()).unwrap_or(u32::MAX),
                u32::try_from(e.column()).ok(),
                format!("The JSON does not parse: {}.", bare_message(&e.to_string())),
            )),
        },
        Format::Yaml => {
            // Checked first: deep flow nesting makes the YAML parser slow before it refuses it.
            if let Err(deep) = seam_ir::yaml::check_nesting(text) {
                return Err(ContractError::at(
                    label,
                    u32::try_from(deep.line).unwrap_or(u32::MAX),
                    u32::try_from(deep.column).ok(),
                    format!("The YAML does not parse: {deep}."),
                ));
            }
            let parsed = serde_norway::from_str::<LooseYaml>(text).and_then(|LooseYaml(mut v)| {
                v.apply_merge()?;
                Ok(v)
            });
            match parsed {
                Ok(value) => Ok((yaml_to_json(value), LineIndex::yaml(text))),
                Err(e) => {
                    let reason =
                        format!("The YAML does not parse: {}.", bare_message(&e.to_string()));
                    Err(match e.location() {
                        Some(at) => ContractError::at(
                            label,
                            u32::try_from(at.line()).unwrap_or(u32::MAX),
                            u32::try_from(at.column()).ok(),
                            reason,
                        ),
                        None => ContractError::new(label, reason),
                    })
                }
            }
        }
    }
}

/// Reads a file of at most [`MAX_DOCUMENT_BYTES`] as UTF-8.
pub fn read_text(label: &str, path: &Path) -> Result<String, ContractError> {
    let metadata = std::fs::metadata(path)
        .map_err(|e| ContractError::new(label, format!("The file could not be read: {e}.")))?;
    if metadata.len() > MAX_DOCUMENT_BYTES {
        return Err(ContractError::new(
            label,
            format!(
                "The file is {} bytes, more than the {MAX_DOCUMENT_BYTES} bytes a contract may have.",
                metadata.len()
            ),
        ));
    }
    // Read through a limit as well: a device or a file that grows reports another size.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| {
            use std::io::Read;
            file.take(MAX_DOCUMENT_BYTES + 1).read_to_end(&mut bytes)
        })
        .map_err(|e| ContractError::new(label, format!("The file could not be read: {e}.")))?;
    if bytes.len() as u64 > MAX_DOCUMENT_BYTES {
        return Err(ContractError::new(
            label,
            format!("The file is more than the {MAX_DOCUMENT_BYTES} bytes a contract may have."),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        ContractError::new(
            label,
            format!(
                "The file is not UTF-8 text (byte {} is not valid).",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// `a/./b/../c` → `a/c`, lexically, with `/` separators.
fn normalize_label(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.last().is_some_and(|p| p != "..") {
                    parts.pop();
                } else {
                    parts.push("..".to_owned());
                }
            }
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            Component::RootDir => parts.push(String::new()),
            Component::Prefix(prefix) => {
                parts.push(prefix.as_os_str().to_string_lossy().into_owned())
            }
        }
    }
    parts.join("/")
}

/// Decodes `%XX` escapes in a URI fragment; a malformed escape is kept as written.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(byte) = u8::from_str_radix(hex, 16)
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl DocumentSet {
    /// Reads and parses the root document at `path`, labelled `label` in messages; `$ref`s may
    /// name files under `boundary` only.
    pub fn open(path: &Path, label: &str, boundary: &Path) -> Result<DocumentSet, ContractError> {
        let text = read_text(label, path)?;
        DocumentSet::from_text(path, label, &text, boundary)
    }

    /// A set whose root document is `text`, standing for the file at `path`.
    pub fn from_text(
        path: &Path,
        label: &str,
        text: &str,
        boundary: &Path,
    ) -> Result<DocumentSet, ContractError> {
        let (value, lines) = parse_text(label, text, Format::guess(path, text))?;
        let root = Rc::new(Document {
            label: label.to_owned(),
            path: path.to_path_buf(),
            value,
            lines,
        });
        let mut by_path = BTreeMap::new();
        // Keyed canonically, like every sibling, so a sibling that refers back to the root
        // does not read it twice.
        by_path.insert(
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
            0,
        );
        Ok(DocumentSet {
            docs: vec![root],
            by_path,
            boundary: std::fs::canonicalize(boundary).unwrap_or_else(|_| boundary.to_path_buf()),
            work_left: BASE_WORK.saturating_add(WORK_PER_BYTE.saturating_mul(text.len() as u64)),
            shapes: HashMap::new(),
            cycles: HashMap::new(),
            cycle_count: 0,
            dialect: super::Dialect::OpenApi3,
        })
    }

    /// Takes `steps` from the work allowed; when none is left, an error at the schema being
    /// read (`doc`, `pointer`).
    pub fn spend(&mut self, steps: u64, doc: DocId, pointer: &str) -> Result<(), ContractError> {
        if let Some(left) = self.work_left.checked_sub(steps) {
            self.work_left = left;
            return Ok(());
        }
        self.work_left = 0;
        let document = self.get(doc);
        Err(ContractError::at(
            document.label.clone(),
            document.lines.line(pointer),
            None,
            format!(
                "Reading the schemas of this document takes more than {WORK_PER_BYTE} steps per byte: \
                 its $refs expand to far more than the document holds (schemas that each refer \
                 to the next several times over). seam stops reading it here; make the repeated \
                 schemas smaller, or exclude the document."
            ),
        ))
    }

    /// Whether the work allowed is spent: reading stops for the whole document then, since
    /// every further schema would fail the same way.
    pub fn exhausted(&self) -> bool {
        self.work_left == 0
    }

    /// The shape already read for the `$ref` target `key`.
    pub fn known_shape(&self, key: &str) -> Option<KnownShape> {
        self.shapes.get(key).cloned()
    }

    /// Keeps the shape read for the `$ref` target `key`.
    pub fn remember_shape(&mut self, key: String, known: KnownShape) {
        self.shapes.insert(key, known);
    }

    /// The key a `$ref` target is known by: its document's label and the pointer.
    pub fn key(&self, doc: DocId, pointer: &str) -> String {
        format!("{}#{pointer}", self.get(doc).label)
    }

    /// The cycle of `$ref`s the target `key` (at `doc`, `pointer`) is on: targets that reach
    /// each other through `$ref`s share a number; `None` when the target never reaches itself.
    /// Each target's `$ref`s are looked at once per document set (Tarjan's algorithm over the
    /// targets reached from this one); a `$ref` that does not resolve is no edge here (reading
    /// the schema reports it).
    pub fn cycle_of(
        &mut self,
        doc: DocId,
        pointer: &str,
        key: &str,
    ) -> Result<Option<usize>, ContractError> {
        if let Some(cycle) = self.cycles.get(key) {
            return Ok(*cycle);
        }
        self.find_cycles(doc, pointer, key)?;
        Ok(self.cycles.get(key).copied().flatten())
    }

    fn find_cycles(&mut self, doc: DocId, pointer: &str, key: &str) -> Result<(), ContractError> {
        struct Frame {
            key: String,
            edges: Vec<Edge>,
            next: usize,
        }
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut low: HashMap<String, usize> = HashMap::new();
        let mut stack: Vec<String> = Vec::new();
        let mut on_stack: HashSet<String> = HashSet::new();
        let mut frames: Vec<Frame> = Vec::new();
        let mut visit = Some((doc, pointer.to_owned(), key.to_owned()));
        loop {
            if let Some((doc, pointer, key)) = visit.take() {
                let number = index.len();
                index.insert(key.clone(), number);
                low.insert(key.clone(), number);
                stack.push(key.clone());
                on_stack.insert(key.clone());
                let edges = self.ref_edges(doc, &pointer)?;
                frames.push(Frame {
                    key,
                    edges,
                    next: 0,
                });
            }
            let Some(frame) = frames.last_mut() else {
                break;
            };
            if let Some((d, p, k)) = frame.edges.get(frame.next).cloned() {
                frame.next += 1;
                if self.cycles.contains_key(&k) {
                    continue;
                }
                match index.get(&k) {
                    Some(&number) => {
                        if on_stack.contains(&k)
                            && let Some(l) = low.get_mut(&frame.key)
                        {
                            *l = (*l).min(number);
                        }
                    }
                    None => visit = Some((d, p, k)),
                }
                continue;
            }
            let Some(frame) = frames.pop() else {
                break;
            };
            let own_low = low.get(&frame.key).copied().unwrap_or(0);
            if Some(&own_low) == index.get(&frame.key) {
                let mut members = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack.remove(&member);
                    let last = member == frame.key;
                    members.push(member);
                    if last {
                        break;
                    }
                }
                let cyclic =
                    members.len() > 1 || frame.edges.iter().any(|(_, _, k)| *k == frame.key);
                let number = cyclic.then_some(self.cycle_count);
                if cyclic {
                    self.cycle_count += 1;
                }
                for member in members {
                    self.cycles.insert(member, number);
                }
            }
            if let Some(parent) = frames.last()
                && let Some(l) = low.get_mut(&parent.key)
            {
                *l = (*l).min(own_low);
            }
        }
        Ok(())
    }

    /// The distinct targets of the `$ref`s inside the value at `pointer` (not inside the
    /// objects holding a `$ref`, whose other keys a reader ignores). Each value looked at
    /// costs a step.
    fn ref_edges(&mut self, doc: DocId, pointer: &str) -> Result<Vec<Edge>, ContractError> {
        let document = self.get(doc);
        let Some(value) = document.value.pointer(pointer) else {
            return Ok(Vec::new());
        };
        let mut found: Vec<(String, &str)> = Vec::new();
        let mut todo = vec![(value, pointer.to_owned())];
        let mut steps = 0u64;
        while let Some((value, at)) = todo.pop() {
            steps += 1;
            match value {
                Value::Object(map) => {
                    if let Some(Value::String(reference)) = map.get("$ref") {
                        found.push((at, reference));
                        continue;
                    }
                    for (name, child) in map {
                        if child.is_object() || child.is_array() {
                            todo.push((child, child_pointer(&at, name)));
                        }
                    }
                }
                Value::Array(list) => {
                    for (i, child) in list.iter().enumerate() {
                        if child.is_object() || child.is_array() {
                            todo.push((child, format!("{at}/{i}")));
                        }
                    }
                }
                _ => {}
            }
        }
        self.spend(steps, doc, pointer)?;
        let mut edges: Vec<Edge> = Vec::new();
        for (at, reference) in found {
            if let Ok(RefTarget::Local { doc, pointer }) = self.resolve(doc, &at, reference) {
                let key = self.key(doc, &pointer);
                if !edges.iter().any(|(_, _, k)| *k == key) {
                    edges.push((doc, pointer, key));
                }
            }
        }
        Ok(edges)
    }

    pub fn get(&self, doc: DocId) -> Rc<Document> {
        // Ids only come from this set, so the index is always in range; the root stands in
        // rather than panicking if that ever stops holding.
        self.docs
            .get(doc)
            .or_else(|| self.docs.first())
            .cloned()
            .unwrap_or_else(|| {
                Rc::new(Document {
                    label: String::new(),
                    path: PathBuf::new(),
                    value: Value::Null,
                    lines: LineIndex::default(),
                })
            })
    }

    pub fn root(&self) -> Rc<Document> {
        self.get(0)
    }

    /// Where the `$ref` string `reference`, written at `at_pointer` (the object holding the
    /// `$ref`) in document `from`, leads. A missing file or a pointer the target does not have
    /// is an error naming the line of the `$ref`.
    pub fn resolve(
        &mut self,
        from: DocId,
        at_pointer: &str,
        reference: &str,
    ) -> Result<RefTarget, ContractError> {
        let origin = self.get(from);
        let ref_line = origin.lines.line(&format!("{at_pointer}/$ref"));
        let fail = |reason: String| ContractError::at(origin.label.clone(), ref_line, None, reason);

        if reference.contains("://") || reference.starts_with("//") {
            return Ok(RefTarget::Remote(reference.to_owned()));
        }
        let (file_part, fragment) = match reference.split_once('#') {
            Some((file, fragment)) => (file, fragment),
            None => (reference, ""),
        };
        let pointer = percent_decode(fragment);
        if !pointer.is_empty() && !pointer.starts_with('/') {
            return Err(fail(format!(
                "The $ref `{reference}` names an anchor (`#{fragment}`); only JSON pointers such as `#/components/schemas/User` are read."
            )));
        }
        let doc = if file_part.is_empty() {
            from
        } else {
            self.load_sibling(&origin, file_part).map_err(|why| {
                fail(format!(
                    "The $ref `{reference}` points into `{file_part}`, which {why}"
                ))
            })?
        };
        let target = self.get(doc);
        if target.value.pointer(&pointer).is_none() {
            let place = if file_part.is_empty() {
                "this document".to_owned()
            } else {
                format!("`{}`", target.label)
            };
            return Err(fail(format!(
                "The $ref `{reference}` points at `{}`, which {place} does not have.",
                if pointer.is_empty() { "#" } else { &pointer }
            )));
        }
        Ok(RefTarget::Local { doc, pointer })
    }

    /// Loads `relative` (a path relative to `origin`'s directory), once. The error is the end
    /// of a sentence saying why it could not be.
    fn load_sibling(&mut self, origin: &Document, relative: &str) -> Result<DocId, String> {
        let relative = percent_decode(relative);
        let base = origin.path.parent().unwrap_or(Path::new(""));
        let path = base.join(&relative);
        let key =
            std::fs::canonicalize(&path).map_err(|e| format!("could not be opened ({e})."))?;
        if let Some(&doc) = self.by_path.get(&key) {
            return Ok(doc);
        }
        if !key.starts_with(&self.boundary) {
            return Err(format!(
                "is outside {}. seam reads $refs only to files inside the repository (for `seam contract`, inside the contract's folder).",
                self.boundary.display()
            ));
        }
        match std::fs::metadata(&key) {
            Ok(meta) if meta.is_file() => {}
            Ok(_) => return Err("is not a regular file.".to_owned()),
            Err(e) => return Err(format!("could not be opened ({e}).")),
        }
        let label_base = Path::new(&origin.label).parent().unwrap_or(Path::new(""));
        let label = normalize_label(&label_base.join(&relative));
        let text =
            read_text(&label, &path).map_err(|e| format!("could not be read: {}", e.reason))?;
        let (value, lines) =
            parse_text(&label, &text, Format::guess(&path, &text)).map_err(|e| {
                format!(
                    "does not parse (line {}: {})",
                    e.line
                        .map(|l| l.to_string())
                        .unwrap_or_else(|| "?".to_owned()),
                    e.reason
                )
            })?;
        self.work_left = self
            .work_left
            .saturating_add(WORK_PER_BYTE.saturating_mul(text.len() as u64));
        let doc = self.docs.len();
        self.docs.push(Rc::new(Document {
            label,
            path: key.clone(),
            value,
            lines,
        }));
        self.by_path.insert(key, doc);
        Ok(doc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_integer_keys_become_strings_and_merges_apply() {
        let (value, _) = parse_text(
            "a.yaml",
            "base: &b {x: 1}\nresponses:\n  200: {<<: *b, y: 2}\n",
            Format::Yaml,
        )
        .map_err(|e| e.to_string())
        .unwrap_or_default();
        assert_eq!(
            value["responses"]["200"],
            serde_json::json!({"x": 1, "y": 2})
        );
    }

    #[test]
    fn syntax_errors_name_the_line_and_column() {
        let yaml = parse_text("api.yaml", "a:\n  b: 1\n c: 2\n", Format::Yaml).err();
        assert_eq!(
            yaml.map(|e| e.to_string()),
            Some("api.yaml:3:2: The YAML does not parse: did not find expected key.".to_owned())
        );
        let json = parse_text("api.json", "{\n  \"a\": 1,\n}\n", Format::Json).err();
        assert_eq!(
            json.map(|e| e.to_string()),
            Some("api.json:3:1: The JSON does not parse: trailing comma.".to_owned())
        );
    }

    #[test]
    fn labels_and_fragments_are_normalized() {
        assert_eq!(
            normalize_label(Path::new("api/./x/../schemas.yaml")),
            "api/schemas.yaml"
        );
        assert_eq!(normalize_label(Path::new("../s.yaml")), "../s.yaml");
        assert_eq!(
            percent_decode("/components/schemas/%7Bx%7D%zz"),
            "/components/schemas/{x}%zz"
        );
    }
}

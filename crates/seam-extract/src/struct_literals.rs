//! Go composite literals of a struct type declared in the project (`okResp{out}`,
//! `Note{ID: id}`): the body a handler sends is the struct's JSON encoding, so the record's
//! keys are the fields' `json:"…"` tag names (a field tagged `json:"-"` is not sent, one with
//! `omitempty` left out of the literal may not be) and positional elements set the fields in
//! declaration order. The lowering keeps a literal as an object or array without its type;
//! the type is the name written before the brace, found among the classes of the file's
//! package (its folder), or of the imported package a qualified name (`auth.Token{…}`) names.

use std::collections::BTreeMap;

use indexmap::IndexMap;
use seam_ir::summary::{RecordShape, TypeShape};
use seam_lang::model::{
    ArrayElement, ClassId, ExprId, ExprKind, ImportedItem, Language, LiteralValue, MemberKind,
    NameSource, ObjectProp,
};

use crate::files::{Files, MAX_HOPS};
use crate::shape::shape_of;

/// A body's shape: a struct literal's JSON record when the struct is the project's, else what
/// the syntax says.
pub fn body_shape(files: &Files, file: usize, expr: ExprId) -> TypeShape {
    struct_shape(files, file, expr, MAX_HOPS).unwrap_or_else(|| shape_of(files.model(file), expr))
}

fn struct_shape(files: &Files, file: usize, expr: ExprId, hops: usize) -> Option<TypeShape> {
    let model = files.model(file);
    if model.language != Language::Go {
        return None;
    }
    let kind = &model.expr(expr).kind;
    // `out := okResp{…}; return c.JSON(200, out)`: a name set once is its initialiser.
    if let ExprKind::Ident {
        binding: Some(b), ..
    } = kind
    {
        let binding = model.binding(*b);
        if binding.reassigned || !binding.origin.path.is_empty() {
            return None;
        }
        let shape = struct_shape(files, file, binding.origin.init?, hops.checked_sub(1)?)?;
        return Some(with_assigned_fields(files, file, *b, shape));
    }
    if !matches!(kind, ExprKind::Object { .. } | ExprKind::Array { .. }) {
        return None;
    }
    let fields = literal_fields(files, file, model.text(model.expr(expr).span))?;
    let mut given: Vec<(usize, ExprId)> = Vec::new();
    match kind {
        ExprKind::Object { props } => {
            for p in props {
                let ObjectProp::KeyValue { key, value, .. } = p else {
                    return None;
                };
                let name = key.as_str()?;
                let i = fields.iter().position(|f| f.name == name)?;
                given.push((i, *value));
            }
        }
        ExprKind::Array { elements, .. } => {
            for (i, e) in elements.iter().enumerate() {
                let ArrayElement::Expr(value) = e else {
                    return None;
                };
                // A positional literal sets every field in order; more values than fields is
                // not this struct.
                fields.get(i)?;
                given.push((i, *value));
            }
        }
        _ => return None,
    }
    let mut properties = IndexMap::new();
    for (i, field) in fields.iter().enumerate() {
        if let Some((tf, type_text)) = &field.embedded {
            // The embedded struct's own keys, beside the outer ones; an outer field of the
            // same key wins, as the encoder resolves it.
            let value = given.iter().find(|(g, _)| *g == i).map(|(_, v)| *v);
            // A pointer left out is nil: the encoder adds nothing for it.
            if value.is_none() && type_text.starts_with('*') {
                continue;
            }
            let inner = value
                .and_then(|v| struct_shape(files, file, v, hops.checked_sub(1)?))
                .or_else(|| zero_struct(files, *tf, type_text, hops.checked_sub(1)?));
            if let Some(TypeShape::Record(record)) = inner {
                for (key, shape) in record.properties {
                    properties.entry(key).or_insert(shape);
                }
            }
            continue;
        }
        let Some(json) = &field.json else { continue };
        match given.iter().find(|(g, _)| *g == i) {
            Some((_, value)) => {
                let shape = struct_shape(files, file, *value, hops.saturating_sub(1))
                    .unwrap_or_else(|| shape_of(model, *value));
                properties.insert(json.clone(), shape);
            }
            // Left out: the zero value is sent, unless `omitempty` drops it.
            None if !field.omitempty => {
                properties.insert(json.clone(), TypeShape::Unknown);
            }
            None => {}
        }
    }
    Some(TypeShape::Record(RecordShape {
        properties,
        spreads: None,
    }))
}

/// `response := Resp{}` then `response.Token = &t`: a field set after the literal is sent
/// too (an `omitempty` field the literal left out included), under its JSON name.
fn with_assigned_fields(
    files: &Files,
    file: usize,
    b: seam_lang::model::BindingId,
    shape: TypeShape,
) -> TypeShape {
    let TypeShape::Record(mut record) = shape else {
        return shape;
    };
    let model = files.model(file);
    let Some(init) = model.binding(b).origin.init else {
        return TypeShape::Record(record);
    };
    let Some(fields) = literal_fields(files, file, model.text(model.expr(init).span)) else {
        return TypeShape::Record(record);
    };
    for e in &model.exprs {
        let ExprKind::Assign { target, value, .. } = &e.kind else {
            continue;
        };
        let seam_lang::model::PatternKind::Expr { expr: member } = &model.pattern(*target).kind
        else {
            continue;
        };
        let ExprKind::Member {
            object,
            property: seam_lang::model::MemberProp::Name(name),
            ..
        } = &model.expr(*member).kind
        else {
            continue;
        };
        let on_binding = matches!(&model.expr(*object).kind,
            ExprKind::Ident { binding: Some(ob), .. } if *ob == b);
        let Some(json) = fields
            .iter()
            .find(|f| on_binding && f.embedded.is_none() && f.name == *name)
            .and_then(|f| f.json.clone())
        else {
            continue;
        };
        record.properties.entry(json).or_insert_with(|| {
            struct_shape(files, file, *value, MAX_HOPS - 1)
                .unwrap_or_else(|| shape_of(model, *value))
        });
    }
    TypeShape::Record(record)
}

/// The JSON fields of the struct a composite literal's text is written with: a named struct of
/// the project or an anonymous one (`struct{ X string `json:"x"` }{…}`).
fn literal_fields(files: &Files, file: usize, text: &str) -> Option<Vec<JsonField>> {
    let written = text.trim_start().trim_start_matches(['&', '*']);
    if let Some(fields) = anonymous_fields(file, written) {
        return Some(fields);
    }
    let (cf, class) = struct_named(files, file, written)?;
    Some(json_fields(files, cf, class))
}

/// The project struct a type's text names (`Base`, `*auth.Token`), seen from `file`.
fn struct_named(files: &Files, file: usize, text: &str) -> Option<(usize, ClassId)> {
    match literal_type(text)? {
        (None, name) => package_struct(files, file, name),
        (Some(package), name) => imported_struct(files, file, package, name),
    }
}

/// The record a struct encodes to with every field at its zero value: keys only (what the
/// fields hold is unknown), `omitempty` ones left out.
fn zero_struct(files: &Files, file: usize, type_text: &str, hops: usize) -> Option<TypeShape> {
    let (cf, class) = struct_named(files, file, type_text)?;
    let mut properties = IndexMap::new();
    for field in json_fields(files, cf, class) {
        if let Some((tf, inner)) = &field.embedded {
            if inner.starts_with('*') {
                continue;
            }
            if let Some(TypeShape::Record(record)) =
                zero_struct(files, *tf, inner, hops.checked_sub(1)?)
            {
                for (key, shape) in record.properties {
                    properties.entry(key).or_insert(shape);
                }
            }
            continue;
        }
        if let Some(json) = field.json
            && !field.omitempty
        {
            properties.insert(json, TypeShape::Unknown);
        }
    }
    Some(TypeShape::Record(RecordShape {
        properties,
        spreads: None,
    }))
}

/// The fields of an anonymous struct type written before a literal's body
/// (`struct{ Token string `json:"token"`; N int }{…}`), read from its text: one declaration
/// per line or `;`, its names before the type, its tag after. `None` when the text is not
/// such a type.
fn anonymous_fields(file: usize, text: &str) -> Option<Vec<JsonField>> {
    let rest = text
        .strip_prefix("struct")?
        .trim_start()
        .strip_prefix('{')?;
    // The type's body ends at its matching brace; tags and strings may hold braces.
    let (mut depth, mut quote, mut end) = (1usize, None, None);
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '`' | '"') => quote = Some(c),
            (None, '{') => depth += 1,
            (None, '}') => {
                depth -= 1;
                if depth == 0 {
                    end = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    let body = &rest[..end?];
    let mut fields = Vec::new();
    for decl in body.split(['\n', ';']) {
        let decl = decl.trim();
        if decl.is_empty() || decl.starts_with("//") {
            continue;
        }
        let (names_and_type, tag) = match decl.find(['`', '"']) {
            Some(at) => (decl[..at].trim(), Some(&decl[at..])),
            None => (decl, None),
        };
        let json = tag.and_then(json_tag);
        let compact = names_and_type.replace(", ", ",");
        match compact.split_once(char::is_whitespace) {
            Some((names, _type)) => {
                for name in names.split(',') {
                    fields.push(json_field(name.to_owned(), json.as_deref(), None));
                }
            }
            // An embedded type (`Base`, `*pkg.Base`).
            None => {
                let type_text = compact.trim_start_matches('*');
                let name = type_text.rsplit('.').next().unwrap_or(type_text).to_owned();
                fields.push(json_field(
                    name,
                    json.as_deref(),
                    Some((file, compact.clone())),
                ));
            }
        }
    }
    Some(fields)
}

/// The `json` key's value in a struct tag's text (`` `json:"token" db:"t"` `` → `token`).
fn json_tag(tag: &str) -> Option<String> {
    let at = tag.find("json:\"")? + "json:\"".len();
    let value = &tag[at..];
    Some(value[..value.find('"')?].to_owned())
}

/// The type a composite literal is written with, when it is a plain name (`okResp{…}`,
/// `&Note{…}`) or a name of an imported package (`auth.Token{…}`: `(Some("auth"), "Token")`);
/// a map, slice or array type is not. A generic type's arguments are no part of its name
/// (`dto.Paginated[item]{…}` is `(Some("dto"), "Paginated")`).
pub(crate) fn literal_type(text: &str) -> Option<(Option<&str>, &str)> {
    let mut written = text
        .split('{')
        .next()?
        .trim()
        .trim_start_matches(['&', '*']);
    if written.ends_with(']')
        && let Some(open) = written.find('[').filter(|&at| at > 0)
    {
        written = &written[..open];
    }
    let is_name = |s: &str| {
        s.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    match written.split_once('.') {
        Some((package, name)) => {
            (is_name(package) && is_name(name)).then_some((Some(package), name))
        }
        None => is_name(written).then_some((None, written)),
    }
}

/// A struct of the package a file imports under `package` (its alias, or the last element of
/// its import path): declared in the folder module resolution found for the import.
fn imported_struct(
    files: &Files,
    file: usize,
    package: &str,
    name: &str,
) -> Option<(usize, ClassId)> {
    let model = files.model(file);
    let import = model.imports.iter().find(|i| {
        i.names
            .iter()
            .any(|n| n.local == package && matches!(n.imported, ImportedItem::Namespace))
            && i.resolved.is_some()
    })?;
    let folder = folder_of(import.resolved.as_deref()?);
    let candidates = files.go_struct_uses().package_files.get(folder)?;
    candidates
        .iter()
        .find_map(|&f| declared_struct(files, f, name))
}

/// The struct `name` declared in a file, if it declares one.
fn declared_struct(files: &Files, file: usize, name: &str) -> Option<(usize, ClassId)> {
    files
        .model(file)
        .classes
        .iter()
        .position(|c| {
            c.name.as_deref() == Some(name) && matches!(c.name_source, NameSource::Declared)
        })
        .map(|i| (file, ClassId::from_index(i)))
}

/// A struct declared in the file's package: its own file first, then the other Go files of
/// its folder, in path order.
fn package_struct(files: &Files, file: usize, name: &str) -> Option<(usize, ClassId)> {
    let declared_in = |f: usize| declared_struct(files, f, name);
    if let Some(found) = declared_in(file) {
        return Some(found);
    }
    let folder = folder_of(&files.model(file).path);
    let siblings = files.go_struct_uses().package_files.get(folder)?;
    siblings
        .iter()
        .filter(|&&f| f != file)
        .find_map(|&f| declared_in(f))
}

/// The type a field of the project struct `owner` is declared with in the package of
/// `file` (`pubRest public` in `type Rest struct`), as written.
pub(crate) fn field_type(
    files: &Files,
    file: usize,
    owner: &str,
    field: &str,
) -> Option<(usize, seam_lang::model::TypeAnnotation)> {
    let folder = folder_of(&files.model(file).path);
    let package = files.go_struct_uses().package_files.get(folder)?;
    package.iter().find_map(|&f| {
        let model = files.model(f);
        model
            .classes
            .iter()
            .filter(|c| c.name.as_deref() == Some(owner))
            .flat_map(|c| c.members.iter())
            .find_map(|m| match &m.kind {
                MemberKind::Property {
                    type_annotation: Some(t),
                    ..
                } if !m.is_static && m.name.as_str() == Some(field) => Some((f, t.clone())),
                _ => None,
            })
    })
}

pub(crate) fn folder_of(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

/// A struct field as JSON encodes it: `json` is the key (`None` when tagged `json:"-"` or
/// unexported). `embedded` is an embedded struct's type as written (`*pkg.Base` for a pointer)
/// without a tag name, with the file that declares the outer struct: the encoder promotes its
/// fields into the outer object.
struct JsonField {
    name: String,
    json: Option<String>,
    omitempty: bool,
    embedded: Option<(usize, String)>,
}

/// A field from its name, its `json` tag's value and, when it is embedded, its type.
fn json_field(name: String, tag: Option<&str>, embedded: Option<(usize, String)>) -> JsonField {
    let (key, options) = match tag {
        Some(t) => t.split_once(',').unwrap_or((t, "")),
        None => ("", ""),
    };
    let omitempty = options.split(',').any(|o| o == "omitempty");
    let ignored = key == "-" && options.is_empty();
    if let Some(embedded) = embedded
        && key.is_empty()
        && !ignored
    {
        return JsonField {
            name,
            json: None,
            omitempty,
            embedded: Some(embedded),
        };
    }
    // Unexported fields are never encoded.
    let exported = name.starts_with(|c: char| c.is_uppercase());
    let json = match key {
        _ if ignored || !exported => None,
        "" => Some(name.clone()),
        k => Some(k.to_owned()),
    };
    JsonField {
        name,
        json,
        omitempty,
        embedded: None,
    }
}

fn json_fields(files: &Files, file: usize, class: ClassId) -> Vec<JsonField> {
    let model = files.model(file);
    model
        .class(class)
        .members
        .iter()
        .filter(|m| !m.is_static)
        .filter_map(|m| {
            let MemberKind::Property {
                function: None,
                type_annotation,
                ..
            } = &m.kind
            else {
                return None;
            };
            let name = m.name.as_str()?.to_owned();
            let tag = m
                .decorators
                .iter()
                .find(|d| d.name == "json")
                .and_then(|d| d.args.first())
                .and_then(|a| match &model.expr(a.value).kind {
                    ExprKind::Literal {
                        value: LiteralValue::String { value },
                    } => Some(value.clone()),
                    _ => None,
                });
            // An embedded field is written as its type alone (before any tag).
            let declared = model.text(m.span);
            let before_tag = declared[..declared.find(['`', '"']).unwrap_or(declared.len())].trim();
            let embedded = type_annotation
                .as_ref()
                .filter(|_| !before_tag.is_empty() && !before_tag.contains(char::is_whitespace))
                .map(|_| (file, before_tag.to_owned()));
            Some(json_field(name, tag.as_deref(), embedded))
        })
        .collect()
}

/// The values a field of a project struct may hold, read through a method's receiver or
/// another field (`e.mux` in `func (e *Engine) Get(…)`, `g.engine.mux`): what the project's
/// composite literals of the struct give the field (`&Engine{mux: mux}`), one per literal that
/// sets it, in file order, then what the struct's methods assign to it (`s.mux =
/// http.NewServeMux()`). Empty for any other expression, and outside Go.
pub fn field_values(files: &Files, file: usize, expr: ExprId) -> Vec<(usize, ExprId)> {
    field_values_hops(files, file, expr, MAX_HOPS)
}

fn field_values_hops(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Vec<(usize, ExprId)> {
    let model = files.model(file);
    if model.language != Language::Go {
        return Vec::new();
    }
    let ExprKind::Member {
        object,
        property: seam_lang::model::MemberProp::Name(field),
        ..
    } = &model.expr(expr).kind
    else {
        return Vec::new();
    };
    let Some(hops) = hops.checked_sub(1) else {
        return Vec::new();
    };
    match struct_of(files, file, *object, hops) {
        Some((cf, class)) => literal_fields_named(files, cf, class, field),
        None => Vec::new(),
    }
}

/// The values the embedded fields of the project struct a value is may hold (`type builder
/// struct { *httprouter.Router }` made as `&builder{Router: mux}`): a method the struct does
/// not declare, called on the struct (`c.HandlerFunc(…)` in a method of `builder`), is the
/// embedded value's. What the struct's literals and methods give each embedded field, in
/// declaration order ([`field_values`]); empty outside Go.
pub fn embedded_values(files: &Files, file: usize, expr: ExprId) -> Vec<(usize, ExprId)> {
    let model = files.model(file);
    if model.language != Language::Go {
        return Vec::new();
    }
    let Some((cf, class)) = struct_of(files, file, expr, MAX_HOPS) else {
        return Vec::new();
    };
    let cmodel = files.model(cf);
    let mut out = Vec::new();
    for m in &cmodel.class(class).members {
        let MemberKind::Property {
            function: None,
            type_annotation: Some(_),
            ..
        } = &m.kind
        else {
            continue;
        };
        // An embedded field is written as its type alone (before any tag).
        let declared = cmodel.text(m.span);
        let before_tag = declared[..declared.find(['`', '"']).unwrap_or(declared.len())].trim();
        if m.is_static || before_tag.is_empty() || before_tag.contains(char::is_whitespace) {
            continue;
        }
        if let Some(name) = m.name.as_str() {
            out.extend(literal_fields_named(files, cf, class, name));
        }
    }
    out
}

/// The project struct a value is: the receiver (`this`) of a method, a literal, a name set
/// once to one, or a field holding one (the first of its values that is one).
fn struct_of(files: &Files, file: usize, expr: ExprId, hops: usize) -> Option<(usize, ClassId)> {
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::This => Some((file, receiver_class(model, model.expr(expr).span)?)),
        ExprKind::Object { .. } => struct_named(files, file, model.text(model.expr(expr).span)),
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            if binding.reassigned || !binding.origin.path.is_empty() {
                return None;
            }
            struct_of(files, file, binding.origin.init?, hops.checked_sub(1)?)
        }
        ExprKind::Member { .. } => {
            let hops = hops.checked_sub(1)?;
            field_values_hops(files, file, expr, hops)
                .into_iter()
                .find_map(|(vf, ve)| struct_of(files, vf, ve, hops))
        }
        _ => None,
    }
}

/// What the project's literals of a struct, and its methods, give a field (by name).
fn literal_fields_named(
    files: &Files,
    file: usize,
    class: ClassId,
    field: &str,
) -> Vec<(usize, ExprId)> {
    let mut out = Vec::new();
    let Some(name) = files.model(file).class(class).name.as_deref() else {
        return out;
    };
    let uses = files.go_struct_uses();
    for &(f, e) in uses.literals.get(name).map_or(&[][..], Vec::as_slice) {
        let model = files.model(f);
        let ExprKind::Object { props } = &model.expr(e).kind else {
            continue;
        };
        if struct_named(files, f, model.text(model.expr(e).span)) != Some((file, class)) {
            continue;
        }
        for p in props {
            if let ObjectProp::KeyValue { key, value, .. } = p
                && key.as_str() == Some(field)
            {
                out.push((f, *value));
            }
        }
    }
    // What the struct's own methods assign to the field through their receiver (`s.mux =
    // http.NewServeMux()` in `func (s *Server) Setup()`), in the files of its package.
    let folder = folder_of(&files.model(file).path);
    let key = (name.to_owned(), field.to_owned());
    for &(f, value) in uses
        .receiver_assignments
        .get(&key)
        .map_or(&[][..], Vec::as_slice)
    {
        if folder_of(&files.model(f).path) == folder {
            out.push((f, value));
        }
    }
    out
}

/// The struct whose method holds a Go receiver read at `span`: the method around it, or the
/// method around the closure it is written in (`r.Group(func(r chi.Router) { s.router = r })`
/// inside `func (s *Server) initRoutes()`), since a closure reads the receiver of the method
/// it is written in.
fn receiver_class(
    model: &seam_lang::model::Model,
    span: seam_lang::model::Span,
) -> Option<ClassId> {
    let mut func = crate::files::enclosing_function(model, span)?;
    for _ in 0..MAX_HOPS {
        let f = model.function(func);
        if let Some(class) = f.class {
            return Some(class);
        }
        func = f.parent?;
    }
    None
}

/// The project's Go struct literals by the type name written before the brace, the values
/// methods assign to a field through their receiver by (struct name, field), in file and
/// source order, and the Go files of each folder (package) in path order: found once per run,
/// since every struct or field lookup would otherwise read every file of the project.
#[derive(Default)]
pub struct StructUses {
    package_files: BTreeMap<String, Vec<usize>>,
    literals: BTreeMap<String, Vec<(usize, ExprId)>>,
    receiver_assignments: BTreeMap<(String, String), Vec<(usize, ExprId)>>,
}

pub(crate) fn struct_uses(files: &Files) -> StructUses {
    let mut uses = StructUses::default();
    for f in 0..files.count() {
        let model = files.model(f);
        if model.language != Language::Go {
            continue;
        }
        uses.package_files
            .entry(folder_of(&model.path).to_owned())
            .or_default()
            .push(f);
        for (i, e) in model.exprs.iter().enumerate() {
            let id = ExprId::from_index(i);
            match &e.kind {
                ExprKind::Object { .. } => {
                    if let Some((_, name)) = literal_type(model.text(e.span)) {
                        uses.literals
                            .entry(name.to_owned())
                            .or_default()
                            .push((f, id));
                    }
                }
                ExprKind::Assign { target, value, .. } => {
                    let seam_lang::model::PatternKind::Expr { expr: target } =
                        &model.pattern(*target).kind
                    else {
                        continue;
                    };
                    let ExprKind::Member {
                        object,
                        property: seam_lang::model::MemberProp::Name(field),
                        ..
                    } = &model.expr(*target).kind
                    else {
                        continue;
                    };
                    if !matches!(model.expr(*object).kind, ExprKind::This) {
                        continue;
                    }
                    let Some(class) = receiver_class(model, e.span) else {
                        continue;
                    };
                    let Some(name) = model.class(class).name.as_deref() else {
                        continue;
                    };
                    uses.receiver_assignments
                        .entry((name.to_owned(), field.to_string()))
                        .or_default()
                        .push((f, *value));
                }
                _ => {}
            }
        }
    }
    for package in uses.package_files.values_mut() {
        package.sort_by(|a, b| files.model(*a).path.cmp(&files.model(*b).path));
    }
    uses
}

/// The project struct a value is ([`struct_of`]), also through the calls of project functions
/// that return one (`srv := server.New()`, `New` returning `&Server{…}`), a few calls deep.
pub(crate) fn value_struct(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    value_struct_hops(files, file, expr, MAX_HOPS)
}

fn value_struct_hops(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(usize, ClassId)> {
    if let Some(found) = struct_of(files, file, expr, hops) {
        return Some(found);
    }
    let hops = hops.checked_sub(1)?;
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            if binding.reassigned || !binding.origin.path.is_empty() {
                return None;
            }
            value_struct_hops(files, file, binding.origin.init?, hops)
        }
        ExprKind::Call { callee, .. } => {
            let (ff, func) = files.function_of(file, *callee)?;
            let [returned] = files.returned_values(ff, func)[..] else {
                return None;
            };
            value_struct_hops(files, ff, returned, hops)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{anonymous_fields, literal_type};

    #[test]
    fn a_literal_names_its_type_before_the_brace() {
        assert_eq!(literal_type("okResp{out}"), Some((None, "okResp")));
        assert_eq!(literal_type("&Note{ID: id}"), Some((None, "Note")));
        assert_eq!(literal_type("pkg.T{A: 1}"), Some((Some("pkg"), "T")));
        assert_eq!(
            literal_type("dto.Paginated[item]{Data: items}"),
            Some((Some("dto"), "Paginated"))
        );
        assert_eq!(literal_type("Pair[K, V]{}"), Some((None, "Pair")));
        assert_eq!(literal_type("map[string]any{\"a\": 1}"), None);
        assert_eq!(literal_type("[]int{1, 2}"), None);
        assert_eq!(literal_type("{1, 2}"), None);
    }

    #[test]
    fn an_anonymous_struct_type_gives_its_fields_and_tags() {
        let fields = anonymous_fields(
            0,
            "struct {\n\tToken string `json:\"token\"`\n\tA, B int\n\tSecret string `json:\"-\"`\n}{Token: t}",
        )
        .unwrap();
        let keys: Vec<Option<&str>> = fields.iter().map(|f| f.json.as_deref()).collect();
        assert_eq!(keys, [Some("token"), Some("A"), Some("B"), None]);
        assert!(anonymous_fields(0, "Token{}").is_none());
    }
}

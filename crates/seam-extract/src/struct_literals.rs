//! Go composite literals of a struct type declared in the project (`okResp{out}`,
//! `Note{ID: id}`): the body a handler sends is the struct's JSON encoding, so the record's
//! keys are the fields' `json:"…"` tag names (a field tagged `json:"-"` is not sent, one with
//! `omitempty` left out of the literal may not be) and positional elements set the fields in
//! declaration order. The lowering keeps a literal as an object or array without its type;
//! the type is the name written before the brace, found among the classes of the file's
//! package (its folder).

use indexmap::IndexMap;
use seam_ir::summary::{RecordShape, TypeShape};
use seam_lang::model::{
    ArrayElement, ClassId, ExprId, ExprKind, Language, LiteralValue, MemberKind, Model, NameSource,
    ObjectProp,
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
        return struct_shape(files, file, binding.origin.init?, hops.checked_sub(1)?);
    }
    if !matches!(kind, ExprKind::Object { .. } | ExprKind::Array { .. }) {
        return None;
    }
    let type_name = literal_type(model.text(model.expr(expr).span))?;
    let (cf, class) = package_struct(files, file, type_name)?;
    let fields = json_fields(files.model(cf), class);
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

/// The type a composite literal is written with, when it is a plain name of this package
/// (`okResp{…}`, `&Note{…}`); a qualified one (`pkg.T{…}`) or a map, slice or array type is
/// not.
fn literal_type(text: &str) -> Option<&str> {
    let written = text
        .split('{')
        .next()?
        .trim()
        .trim_start_matches(['&', '*']);
    let valid = written.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && written.chars().all(|c| c.is_alphanumeric() || c == '_');
    valid.then_some(written)
}

/// A struct declared in the file's package: its own file first, then the other Go files of
/// its folder, in path order.
fn package_struct(files: &Files, file: usize, name: &str) -> Option<(usize, ClassId)> {
    let declared_in = |f: usize| {
        let model = files.model(f);
        model
            .classes
            .iter()
            .position(|c| {
                c.name.as_deref() == Some(name) && matches!(c.name_source, NameSource::Declared)
            })
            .map(|i| (f, ClassId::from_index(i)))
    };
    if let Some(found) = declared_in(file) {
        return Some(found);
    }
    let folder = folder_of(&files.model(file).path);
    let mut siblings: Vec<usize> = (0..files.models.len())
        .filter(|&f| f != file)
        .filter(|&f| files.model(f).language == Language::Go)
        .filter(|&f| folder_of(&files.model(f).path) == folder)
        .collect();
    siblings.sort_by(|a, b| files.model(*a).path.cmp(&files.model(*b).path));
    siblings.into_iter().find_map(declared_in)
}

fn folder_of(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

/// A struct field as JSON encodes it: `json` is the key (`None` when tagged `json:"-"`).
struct JsonField {
    name: String,
    json: Option<String>,
    omitempty: bool,
}

fn json_fields(model: &Model, class: ClassId) -> Vec<JsonField> {
    model
        .class(class)
        .members
        .iter()
        .filter(|m| !m.is_static && matches!(m.kind, MemberKind::Property { function: None, .. }))
        .filter_map(|m| {
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
            let (key, options) = match tag.as_deref() {
                Some(t) => t.split_once(',').unwrap_or((t, "")),
                None => ("", ""),
            };
            // Unexported fields are never encoded.
            let exported = name.starts_with(|c: char| c.is_uppercase());
            let json = match key {
                "-" if options.is_empty() => None,
                _ if !exported => None,
                "" => Some(name.clone()),
                k => Some(k.to_owned()),
            };
            Some(JsonField {
                name,
                json,
                omitempty: options.split(',').any(|o| o == "omitempty"),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::literal_type;

    #[test]
    fn a_literal_names_its_type_before_the_brace() {
        assert_eq!(literal_type("okResp{out}"), Some("okResp"));
        assert_eq!(literal_type("&Note{ID: id}"), Some("Note"));
        assert_eq!(literal_type("pkg.T{A: 1}"), None);
        assert_eq!(literal_type("map[string]any{\"a\": 1}"), None);
        assert_eq!(literal_type("[]int{1, 2}"), None);
        assert_eq!(literal_type("{1, 2}"), None);
    }
}

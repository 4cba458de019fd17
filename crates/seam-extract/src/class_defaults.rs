//! The value an attribute of a project class's instance holds when the code that makes the
//! instance leaves it to the class: `settings.API_PREFIX` with `settings = Settings()` and
//! `class Settings(BaseSettings): API_PREFIX: str = "/api/v1"` is `"/api/v1"` (a settings
//! class's default, which the deployment may override, as a `process.env.X || "/api"` fallback
//! is the code's own default).

use seam_lang::model::{Arg, ClassId, ExprId, Language, MemberKind};

use crate::classes::{field_of_class, parent_class};
use crate::files::{Files, MAX_HOPS};

/// The expression `key` of an instance made by calling `class` with `args` holds: a keyword
/// argument of that name, else the class's (or an ancestor's) initialiser of the field, or in
/// Python a class attribute read through the instance. `Ok(None)` when the class declares no
/// such attribute; `Err` when positional or spread arguments may set it.
#[allow(clippy::result_unit_err)] // the value reader's own convention (`Reader::object_key`)
pub fn instance_attribute(
    files: &Files,
    file: usize,
    args: &[Arg],
    class: (usize, ClassId),
    key: &str,
) -> Result<Option<(usize, ExprId)>, ()> {
    if let Some(a) = args.iter().find(|a| a.name.as_deref() == Some(key)) {
        return Ok(Some((file, a.value)));
    }
    if args
        .iter()
        .any(|a| a.name.is_none() || a.spread || a.keyword_spread)
    {
        return Err(());
    }
    if let Some(found) = field_of_class(files, class, key) {
        return Ok(Some(found));
    }
    Ok(class_attribute(files, class, key))
}

/// A Python class attribute (`DOCS_PREFIX = "/docs"`) of the class or its nearest ancestor
/// that assigns it: what an instance reads when nothing sets its own.
pub fn class_attribute(
    files: &Files,
    class: (usize, ClassId),
    key: &str,
) -> Option<(usize, ExprId)> {
    let mut current = Some(class);
    for _ in 0..MAX_HOPS {
        let (cf, cid) = current?;
        let model = files.model(cf);
        if model.language != Language::Python {
            return None;
        }
        for m in &model.class(cid).members {
            if m.is_static
                && m.name.as_str() == Some(key)
                && let MemberKind::Property { value: Some(v), .. } = &m.kind
            {
                return Some((cf, *v));
            }
        }
        current = parent_class(files, cf, cid);
    }
    None
}

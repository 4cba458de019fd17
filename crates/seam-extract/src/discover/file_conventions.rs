//! Routes a framework declares by where a file is (`pages/api/users/[id].ts`) and what it
//! exports, with the segment rewrites each pack gives.

use std::collections::BTreeSet;

use seam_lang::model::{ExprId, ExprKind, FuncId, ObjectProp};
use seam_packs::Pack;

use super::HandlerUnit;
use super::mounts::with_global_prefix;
use crate::files::Files;
use crate::url::join_paths;

/// Handlers found by file convention: each file matching a glob of the pack, each of its
/// exports the convention names (a function, or a call wrapping one), and each function of
/// the exported object it names, at the path the file's place spells.
pub(super) fn file_units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &BTreeSet<usize>,
    globals: &[(String, String)],
) -> Vec<HandlerUnit> {
    let mut units = Vec::new();
    for convention in &pack.files {
        for &file in on {
            let model = files.model(file);
            let Some(segments) =
                seam_lang::project::glob::glob_match(&convention.glob, &model.path)
            else {
                continue;
            };
            let (stem, suffix_method) = file_stem_and_method(&model.path, convention);
            let Some(names) = segment_names(convention, &segments, stem) else {
                continue;
            };
            if convention
                .unless_exports
                .iter()
                .any(|e| files.export_def(file, e, crate::files::MAX_HOPS).is_some())
            {
                continue;
            }
            let parts: Vec<String> = names
                .iter()
                .filter_map(|s| rewrite_segment(&pack.segments, s))
                .collect();
            let own = format!("/{}", parts.join("/"));
            let path = join_paths(convention.prefix.as_deref().unwrap_or(""), &own);
            let path = with_global_prefix(globals, &model.path, &path);
            // A handler function, or the expression of one seam cannot follow (in `file`).
            let mut push = |handler: Result<(usize, FuncId), ExprId>,
                            method,
                            path: String,
                            export: Vec<String>| {
                let (handler_file, function, opaque_handler, registration) = match handler {
                    Ok((hf, f)) => (hf, Some(f), None, files.model(hf).function(f).span),
                    Err(e) => (file, None, Some(e), model.expr(e).span),
                };
                units.push(HandlerUnit {
                    pack: pack_index,
                    file,
                    registration,
                    handler_file,
                    function,
                    opaque_handler,
                    method,
                    path: Some(path),
                    route_status: None,
                    route_default_status: None,
                    route_body: None,
                    export_path: Some(export),
                    unknown_prefixes: Vec::new(),
                    open_mount: None,
                    method_branches: convention.method_branches.clone(),
                });
            };
            for export in &convention.exports {
                let Some(def) = files.export_def(file, export, crate::files::MAX_HOPS) else {
                    continue;
                };
                let handler = files.function_through_calls(def);
                let method = if export == "default" {
                    suffix_method.clone().or_else(|| convention.method.clone())
                } else {
                    Some(
                        convention
                            .export_methods
                            .get(export)
                            .cloned()
                            .unwrap_or_else(|| export.to_ascii_uppercase()),
                    )
                };
                // An export made by a call seam cannot follow to a function
                // (`createThemeAction(r)` from a library) is a route all the same, its body
                // unknown; any other value (an object, `new App()`) is no handler.
                let handler = match handler {
                    Some(h) => Ok(h),
                    None => match files
                        .value_of(def)
                        .or_else(|| destructured_from(files, def))
                    {
                        Some((vf, ve))
                            if vf == file
                                && made_by_call(files, vf, ve, crate::files::MAX_HOPS) =>
                        {
                            Err(ve)
                        }
                        _ => continue,
                    },
                };
                push(handler, method, path.clone(), vec![export.clone()]);
            }
            if let Some(object) = &convention.export_object {
                for (name, handler) in exported_object_functions(files, file, object) {
                    let export = vec![object.clone(), name];
                    push(Ok(handler), convention.method.clone(), path.clone(), export);
                }
            }
        }
    }
    units
}

/// The initialiser a name is destructured from (`export const { GET } = lib(…)` → `lib(…)`),
/// whose key seam cannot follow to a function when the initialiser is a library's call.
pub(super) fn destructured_from(files: &Files, def: crate::files::Def) -> Option<(usize, ExprId)> {
    let crate::files::Def::Binding(file, binding) = def else {
        return None;
    };
    let origin = &files.model(file).binding(binding).origin;
    (!origin.path.is_empty()).then_some((file, origin.init?))
}

/// An expression that is a call (not `new`), or a name holding what one made, also through
/// names destructured from it (`const handlers = lib(auth)`, then `export const { POST } =
/// handlers`; `import { handlers } from "./auth"`, itself `export const { handlers } =
/// NextAuth(…)`).
fn made_by_call(files: &Files, file: usize, expr: ExprId, hops: usize) -> bool {
    let model = files.model(file);
    match model.expr(expr).kind {
        ExprKind::Call { is_new, .. } => !is_new,
        ExprKind::Ident { .. } => {
            let Some(hops) = hops.checked_sub(1) else {
                return false;
            };
            files
                .definition(file, expr)
                .and_then(|d| files.value_of(d).or_else(|| destructured_from(files, d)))
                .is_some_and(|(vf, ve)| {
                    (vf, ve) != (file, expr) && made_by_call(files, vf, ve, hops)
                })
        }
        _ => false,
    }
}

/// The names a file's place spells, one per path segment before rewriting: the directories
/// the glob's last `**` took, then the file's stem when it is a segment. With a `separator`
/// each name is split at it; a file directly in a directory that is not a flat folder must
/// be an index file (`None`: the file is no route).
pub(super) fn segment_names(
    convention: &seam_packs::FileConvention,
    dirs: &[String],
    stem: &str,
) -> Option<Vec<String>> {
    let is_index = convention.index_names.iter().any(|i| i == stem);
    let Some(separator) = convention.separator.as_deref().filter(|s| !s.is_empty()) else {
        let mut names = dirs.to_vec();
        if convention.file_name_segment && !is_index {
            names.push(stem.to_owned());
        }
        return Some(names);
    };
    let mut names = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        let flat = convention
            .flat_folder_suffix
            .as_deref()
            .and_then(|suffix| dir.strip_suffix(suffix));
        if flat.is_none() && i + 1 == dirs.len() && !is_index {
            return None;
        }
        names.extend(split_name(flat.unwrap_or(dir), separator));
    }
    if !is_index {
        names.extend(split_name(stem, separator));
    }
    Some(names)
}

/// A name split at `separator`, except inside `[` `]`, whose brackets stay for the segment
/// rules (`sitemap[.]xml` is one name).
pub(super) fn split_name(name: &str, separator: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0usize;
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if depth == 0 && rest.starts_with(separator) {
            out.push(String::new());
            rest = &rest[separator.len()..];
            continue;
        }
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out.retain(|s| !s.is_empty());
    out
}

/// A file's name without its extension, and the method a convention's `methodSuffixes` read
/// from it (`[id].patch.ts` → `[id]`, PATCH; `sitemap.xml.ts` → `sitemap.xml`, none).
pub(super) fn file_stem_and_method<'p>(
    path: &'p str,
    convention: &seam_packs::FileConvention,
) -> (&'p str, Option<String>) {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    if let Some((rest, suffix)) = stem.rsplit_once('.')
        && !rest.is_empty()
        && convention
            .method_suffixes
            .iter()
            .any(|m| m.eq_ignore_ascii_case(suffix))
    {
        return (rest, Some(suffix.to_ascii_uppercase()));
    }
    (stem, None)
}

/// The properties of the object a module exports as `name` that are functions (or calls
/// wrapping one), by property name in source order.
pub(super) fn exported_object_functions(
    files: &Files,
    file: usize,
    name: &str,
) -> Vec<(String, (usize, FuncId))> {
    let Some((of, object)) = files
        .export_def(file, name, crate::files::MAX_HOPS)
        .and_then(|def| files.value_of(def))
    else {
        return Vec::new();
    };
    let model = files.model(of);
    let ExprKind::Object { props } = &model.expr(object).kind else {
        return Vec::new();
    };
    props
        .iter()
        .filter_map(|p| match p {
            ObjectProp::KeyValue { key, value, .. } => {
                let handler = files
                    .definition(of, *value)
                    .and_then(|def| files.function_through_calls(def))?;
                Some((key.as_str()?.to_owned(), handler))
            }
            ObjectProp::Method { key, function, .. } => {
                Some((key.as_str()?.to_owned(), (of, *function)))
            }
            ObjectProp::Spread { .. } => None,
        })
        .collect()
}

/// A directory or file name as a path segment, by the first rule whose fixed text surrounds
/// it, the name inside holding no closing text (`[id]` → `{id}`); `None` when the rule drops it (`(group)`); else with each occurrence
/// of a `within` rule inside it rewritten (`@[user]` → `@{user}`); the name itself when no
/// rule applies.
pub(super) fn rewrite_segment(rules: &[seam_packs::SegmentRule], segment: &str) -> Option<String> {
    for rule in rules {
        if rule.exact {
            if segment != rule.before {
                continue;
            }
            return match &rule.to {
                (text, _) if text.is_empty() => None,
                (text, _) => Some(text.clone()),
            };
        }
        let Some(inner) = segment
            .strip_prefix(rule.before.as_str())
            .and_then(|rest| rest.strip_suffix(rule.after.as_str()))
        else {
            continue;
        };
        // `[a]-[b]` is two names, not one named `a]-[b`.
        if inner.is_empty()
            || segment.len() < rule.before.len() + rule.after.len()
            || (!rule.after.is_empty() && inner.contains(rule.after.as_str()))
        {
            continue;
        }
        return match &rule.to {
            (text, None) if text.is_empty() => None,
            (text, None) => Some(text.clone()),
            (head, Some(tail)) => Some(format!("{head}{inner}{tail}")),
        };
    }
    Some(rewrite_within(rules, segment))
}

/// `segment` with each occurrence of a `within` rule (fixed text on both sides of a non-empty
/// name) rewritten, the rules tried in order at each position.
pub(super) fn rewrite_within(rules: &[seam_packs::SegmentRule], segment: &str) -> String {
    let mut out = String::new();
    let mut rest = segment;
    'scan: while let Some(c) = rest.chars().next() {
        for rule in rules.iter().filter(|r| r.within && !r.before.is_empty()) {
            let Some(after_open) = rest.strip_prefix(rule.before.as_str()) else {
                continue;
            };
            let Some(end) = after_open
                .find(rule.after.as_str())
                .filter(|_| !rule.after.is_empty())
            else {
                continue;
            };
            let inner = &after_open[..end];
            if inner.is_empty() {
                continue;
            }
            match &rule.to {
                (text, None) => out.push_str(text),
                (head, Some(tail)) => {
                    out.push_str(head);
                    out.push_str(inner);
                    out.push_str(tail);
                }
            }
            rest = &after_open[end + rule.after.len()..];
            continue 'scan;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{file_stem_and_method, rewrite_segment};
    use seam_packs::{FileConvention, SegmentRule};

    fn rule(before: &str, after: &str, to: (&str, Option<&str>), within: bool) -> SegmentRule {
        SegmentRule {
            before: before.to_owned(),
            after: after.to_owned(),
            to: (to.0.to_owned(), to.1.map(str::to_owned)),
            within,
            exact: false,
        }
    }

    #[test]
    fn within_rules_rewrite_parameters_inside_a_name_and_leave_the_rest() {
        let rules = [
            rule("[[", "]]", ("{", Some("?}")), true),
            rule("[", "]", ("{", Some("}")), true),
            rule("(", ")", ("", None), false),
        ];
        let seg = |s: &str| rewrite_segment(&rules, s);
        assert_eq!(seg("[id]").as_deref(), Some("{id}"));
        assert_eq!(seg("@[user]").as_deref(), Some("@{user}"));
        assert_eq!(seg("[a]-[b]").as_deref(), Some("{a}-{b}"));
        assert_eq!(seg("v[[n]]x").as_deref(), Some("v{n?}x"));
        assert_eq!(seg("(group)"), None);
        // Unclosed or empty brackets and names outside any rule stay as written.
        assert_eq!(seg("a[b").as_deref(), Some("a[b"));
        assert_eq!(seg("a[]").as_deref(), Some("a[]"));
        assert_eq!(seg("plain").as_deref(), Some("plain"));
        assert_eq!(seg("x(y)").as_deref(), Some("x(y)"));
    }

    #[test]
    fn names_split_at_the_separator_except_inside_brackets() {
        let split = |s: &str| super::split_name(s, ".");
        assert_eq!(
            split("share.$slug.opengraph"),
            ["share", "$slug", "opengraph"]
        );
        assert_eq!(split("sitemap[.]xml"), ["sitemap[.]xml"]);
        assert_eq!(split("api"), ["api"]);
    }

    #[test]
    fn a_method_suffix_names_the_method_and_leaves_the_path() {
        let convention = FileConvention {
            glob: "**/server/api/**/*.ts".to_owned(),
            exports: vec!["default".to_owned()],
            method: Some("*".to_owned()),
            prefix: None,
            file_name_segment: true,
            index_names: vec!["index".to_owned()],
            method_suffixes: vec!["get".to_owned(), "patch".to_owned()],
            export_object: None,
            export_methods: Default::default(),
            unless_exports: Vec::new(),
            separator: None,
            flat_folder_suffix: None,
            method_branches: None,
        };
        let read = |p: &str| {
            let (stem, method) = file_stem_and_method(p, &convention);
            (stem.to_owned(), method)
        };
        assert_eq!(
            read("a/[id].patch.ts"),
            ("[id]".to_owned(), Some("PATCH".to_owned()))
        );
        assert_eq!(
            read("a/index.GET.ts"),
            ("index".to_owned(), Some("GET".to_owned()))
        );
        assert_eq!(read("a/stats.ts"), ("stats".to_owned(), None));
        assert_eq!(read("a/sitemap.xml.ts"), ("sitemap.xml".to_owned(), None));
        // A name that is only a method stays a name.
        assert_eq!(read("a/.get.ts"), (".get".to_owned(), None));
    }
}

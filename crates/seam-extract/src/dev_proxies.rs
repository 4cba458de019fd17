//! Dev-server proxies (see `seam_packs::DevProxy`): a front end served by a dev server sends
//! its requests to the page's own origin, and the server's proxy table forwards those under a
//! prefix to the back end, often with the prefix rewritten (`'/dev-api': { target, pathRewrite:
//! { '^/dev-api': '' } }`, `'/api': { target, rewrite: (p) => p.replace(/^\/api/, '') }`). A
//! client call in the config file's folder or below whose path starts with a rewritten prefix
//! reaches the back end with the rewritten path, which is what it pairs with. A prefix read
//! from an environment variable (`[process.env.VUE_APP_BASE_API]`) is the value the nearest
//! dotenv file gives it.

use seam_lang::model::{ExprId, ExprKind, LiteralValue, MemberProp, ObjectProp, PropKey};
use seam_packs::{Capture, Captures, Pack, match_expr};

use crate::Unit;
use crate::files::Files;
use crate::regex_replace::LiteralRegex;
use crate::url::{Piece, Reader, Substitution};

/// One rewritten prefix: the folder whose calls it applies to, the prefix the proxy forwards,
/// and the rewrite of the path.
struct Rewrite {
    dir: String,
    prefix: String,
    regex: LiteralRegex,
    with: String,
}

/// Rewrites the paths of the client units that a dev-server proxy forwards with a rewrite.
pub fn apply(files: &Files, packs: &[Pack], units: &mut [Unit]) {
    let rewrites = rewrites(files, packs);
    if rewrites.is_empty() {
        return;
    }
    for unit in units.iter_mut() {
        let Unit::Client(c) = unit else { continue };
        if c.origin.is_some() {
            continue;
        }
        let Some(path) = &c.path else { continue };
        let file = &files.model(c.file).path;
        let fdir = file.rsplit_once('/').map_or("", |(d, _)| d);
        let rewritten = rewrites
            .iter()
            .filter(|r| {
                r.dir.is_empty() || fdir == r.dir || fdir.starts_with(&format!("{}/", r.dir))
            })
            .filter(|r| under_prefix(path, &r.prefix))
            .max_by_key(|r| (r.dir.len(), r.prefix.len()))
            .and_then(|r| r.regex.replace(vec![Piece::Text(path.clone())], &r.with));
        if let Some(pieces) = rewritten {
            let text: String = pieces
                .iter()
                .map(|p| match p {
                    Piece::Text(t) => t.as_str(),
                    _ => "",
                })
                .collect();
            c.path = Some(if text.starts_with('/') {
                text
            } else {
                format!("/{text}")
            });
        }
    }
}

/// Whether `path` is `prefix` or below it (segment-wise).
fn under_prefix(path: &str, prefix: &str) -> bool {
    let prefix = prefix.trim_end_matches('/');
    !prefix.is_empty()
        && path
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || rest.starts_with('?'))
}

/// Every rewritten prefix of every pack's proxy tables, in the files their globs name.
fn rewrites(files: &Files, packs: &[Pack]) -> Vec<Rewrite> {
    let mut out = Vec::new();
    for pack in packs.iter().filter(|p| !p.dev_proxies.is_empty()) {
        for file in 0..files.count() {
            let model = files.model(file);
            if !pack.family.includes(model.language) {
                continue;
            }
            let (dir, name) = model.path.rsplit_once('/').unwrap_or(("", &model.path));
            for proxy in &pack.dev_proxies {
                if !seam_lang::project::glob::name_matches(&proxy.file, name) {
                    continue;
                }
                let subst = Substitution::new();
                let reader = Reader {
                    files,
                    environment: crate::url::environment_of(pack),
                    subst: &subst,
                    this_class: None,
                };
                for i in 0..model.exprs.len() {
                    let mut caps = Captures::new();
                    if !match_expr(model, &proxy.pattern, ExprId::from_index(i), &mut caps) {
                        continue;
                    }
                    let Some(table) = caps.get(&proxy.proxy).and_then(Capture::expr) else {
                        continue;
                    };
                    for (prefix, entry) in entries(&reader, file, table) {
                        if let Some((regex, with)) = entry_rewrite(&reader, file, entry, proxy) {
                            out.push(Rewrite {
                                dir: dir.to_owned(),
                                prefix,
                                regex,
                                with,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

/// The text a key or value reads as: its written text, an environment read standing for no
/// text (the dotenv file's value follows it).
fn text(reader: &Reader, file: usize, expr: ExprId) -> Option<String> {
    let mut out = String::new();
    for p in reader.pieces(file, expr) {
        match p {
            Piece::Text(t) => out.push_str(&t),
            Piece::Env => {}
            Piece::Hole(_) => return None,
        }
    }
    Some(out)
}

/// A key of an object literal as text (a computed key read as a value).
fn key_text(reader: &Reader, file: usize, key: &PropKey) -> Option<String> {
    match key {
        PropKey::Computed(e) => text(reader, file, *e),
        k => k.as_str().map(str::to_owned),
    }
}

/// The entries of an object literal: (key text, value).
fn entries(reader: &Reader, file: usize, object: ExprId) -> Vec<(String, ExprId)> {
    let model = reader.files.model(file);
    let object = reader
        .files
        .definition(file, object)
        .and_then(|d| reader.files.value_of(d))
        .filter(|&(f, _)| f == file)
        .map_or(object, |(_, e)| e);
    let ExprKind::Object { props } = &model.expr(object).kind else {
        return Vec::new();
    };
    props
        .iter()
        .filter_map(|p| match p {
            ObjectProp::KeyValue { key, value, .. } => Some((key_text(reader, file, key)?, *value)),
            _ => None,
        })
        .collect()
}

/// The rewrite a proxy entry makes of the path: its `pathRewrite` object's one entry, or its
/// `rewrite` function's one `replace` call.
fn entry_rewrite(
    reader: &Reader,
    file: usize,
    entry: ExprId,
    proxy: &seam_packs::DevProxy,
) -> Option<(LiteralRegex, String)> {
    let options = entries(reader, file, entry);
    if let Some(key) = &proxy.path_rewrite
        && let Some((_, table)) = options.iter().find(|(k, _)| k == key)
        && let [(pattern, with)] = entries(reader, file, *table).as_slice()
    {
        let regex = LiteralRegex::parse(pattern, "")?;
        return Some((regex, text(reader, file, *with)?));
    }
    let key = proxy.rewrite.as_ref()?;
    let (_, function) = options.iter().find(|(k, _)| k == key)?;
    let model = reader.files.model(file);
    let ExprKind::Function { function } = model.expr(*function).kind else {
        return None;
    };
    let [body] = reader.files.returned_values(file, function)[..] else {
        return None;
    };
    let ExprKind::Call { callee, args, .. } = &model.expr(body).kind else {
        return None;
    };
    let ExprKind::Member {
        property: MemberProp::Name(name),
        ..
    } = &model.expr(*callee).kind
    else {
        return None;
    };
    if name != "replace" || args.len() != 2 {
        return None;
    }
    let ExprKind::Literal {
        value: LiteralValue::Regex(r),
    } = &model.expr(args[0].value).kind
    else {
        return None;
    };
    let regex = LiteralRegex::parse(&r.pattern, &r.flags)?;
    Some((regex, text(reader, file, args[1].value)?))
}

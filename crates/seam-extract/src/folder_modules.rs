//! Modules loaded one by one from a folder the code lists at run time
//! (`readdirSync(path.join(__dirname, "api")).forEach((f) => app.use("/api",
//! require(path.join(__dirname, "api", f))))`, `for (const f of readdirSync(dir))
//! app.use(require("./routes/" + f))`): the value loaded stands for what each module of that
//! folder exports, as a `require` of each one by name would.

use seam_lang::model::{Arg, ExprId, ExprKind, LiteralValue, LogicalOp, MemberProp, Model};

use crate::files::{Def, Files, MAX_HOPS};

/// The file extensions a `require` of a folder's entry loads as a module.
const MODULE_EXTENSIONS: [&str; 6] = ["js", "ts", "mjs", "cjs", "jsx", "tsx"];

/// What each module of a folder exports as its whole value (`export default router`,
/// `module.exports = router`), when `expr` is a module loaded by a `require` whose path is a
/// folder, written from the file's own folder (`__dirname`, `./routes/`), followed by a loop
/// variable running over a listing of a folder (`readdirSync`, `readdir`): through a name
/// holding the loaded value, `await`, its `default` and `m.default || m`. Empty for any
/// other expression. Modules in a subfolder count by their `index` file; the file itself is
/// left out.
pub fn folder_exports(files: &Files, file: usize, expr: ExprId) -> Vec<Def> {
    let model = files.model(file);
    let Some(arg) = required_path(model, expr, MAX_HOPS) else {
        return Vec::new();
    };
    let Some(folder) = listed_folder(model, arg) else {
        return Vec::new();
    };
    let Some(folder) = resolve(&model.path, &folder) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in 0..files.count() {
        if m == file {
            continue;
        }
        let path = files.model(m).path.as_str();
        let Some(rest) = path
            .strip_prefix(folder.as_str())
            .and_then(|r| r.strip_prefix('/'))
        else {
            continue;
        };
        let entry = match rest.split_once('/') {
            None => rest,
            // A subfolder is loaded through its index file.
            Some((_, index)) if !index.contains('/') && stem(index) == Some("index") => index,
            Some(_) => continue,
        };
        if stem(entry).is_none() || entry.ends_with(".d.ts") {
            continue;
        }
        out.extend(files.export_def(m, "default", MAX_HOPS));
    }
    out
}

/// The name of a module file without its extension, when the extension is one a `require`
/// loads.
fn stem(name: &str) -> Option<&str> {
    let (stem, ext) = name.rsplit_once('.')?;
    (MODULE_EXTENSIONS.contains(&ext) && !stem.is_empty()).then_some(stem)
}

/// The argument of the `require` call whose value `expr` holds.
fn required_path(model: &Model, expr: ExprId, hops: usize) -> Option<ExprId> {
    let hops = hops.checked_sub(1)?;
    match &model.expr(expr).kind {
        ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } if matches!(&model.expr(*callee).kind,
            ExprKind::Ident { name, binding: None } if name == "require") =>
        {
            match &args[..] {
                [arg] if !arg.spread => Some(arg.value),
                _ => None,
            }
        }
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            if !binding.origin.path.is_empty() || binding.reassigned {
                return None;
            }
            required_path(model, binding.origin.init?, hops)
        }
        ExprKind::Await { arg } => required_path(model, *arg, hops),
        // `route.default`: an ES module's export seen through `require`.
        ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } if name == "default" => required_path(model, *object, hops),
        // `route.default || route`.
        ExprKind::Logical {
            op: LogicalOp::Or | LogicalOp::Nullish,
            left,
            right,
        } => {
            let (l, r) = (
                required_path(model, *left, hops),
                required_path(model, *right, hops),
            );
            match (l, r) {
                (Some(l), Some(r)) if l == r => Some(l),
                (Some(one), None) | (None, Some(one)) => Some(one),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A piece of a path read from code: text, or the folder of the file (`__dirname`).
#[derive(Debug, Clone, PartialEq)]
enum Part {
    Dir,
    Text(String),
}

/// The folder a required path names before its last piece, when that last piece is a loop
/// variable running over a folder listing: `path.join(__dirname, "api", f)`, `"./routes/" +
/// f`, `` `${__dirname}/routes/${f}` ``. The folder is written as parts joined by `/`.
fn listed_folder(model: &Model, arg: ExprId) -> Option<Vec<Part>> {
    let (head, last) = split_last(model, arg)?;
    if !lists_folder(model, last) {
        return None;
    }
    Some(head)
}

/// The parts before the last piece of a path expression, and that last piece.
fn split_last(model: &Model, expr: ExprId) -> Option<(Vec<Part>, ExprId)> {
    match &model.expr(expr).kind {
        ExprKind::Call { callee, args, .. } if is_path_join(model, *callee) => {
            let (last, head) = args.split_last()?;
            let mut parts = joined_parts(model, head, MAX_HOPS)?;
            parts.push(Part::Text("/".into()));
            Some((parts, last.value))
        }
        ExprKind::Binary {
            op: seam_lang::model::BinaryOp::Add,
            left,
            right,
        } => Some((read_parts(model, *left, MAX_HOPS)?, *right)),
        ExprKind::Template(t) if t.tag.is_none() => {
            let (last, head) = t.exprs.split_last()?;
            if !t.quasis.last()?.is_empty() {
                return None;
            }
            let mut parts = Vec::new();
            for (quasi, e) in t.quasis.iter().zip(head) {
                parts.push(Part::Text(quasi.clone()));
                parts.extend(read_parts(model, *e, MAX_HOPS)?);
            }
            parts.push(Part::Text(t.quasis.get(head.len())?.clone()));
            Some((parts, *last))
        }
        _ => None,
    }
}

/// `path.join(…)`, `path.resolve(…)`, or `join`/`resolve` taken by name.
fn is_path_join(model: &Model, callee: ExprId) -> bool {
    let name = match &model.expr(callee).kind {
        ExprKind::Member {
            property: MemberProp::Name(name),
            ..
        } => name.as_str(),
        ExprKind::Ident { name, .. } => name.as_str(),
        _ => return false,
    };
    matches!(name, "join" | "resolve")
}

/// A path expression read whole as parts: string literals, `__dirname`, names holding one,
/// `+`, templates and `path.join`.
fn read_parts(model: &Model, expr: ExprId, hops: usize) -> Option<Vec<Part>> {
    let hops = hops.checked_sub(1)?;
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => Some(vec![Part::Text(value.as_str().to_string())]),
        ExprKind::Ident {
            name,
            binding: None,
        } if name == "__dirname" => Some(vec![Part::Dir]),
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            if !binding.origin.path.is_empty() || binding.reassigned {
                return None;
            }
            read_parts(model, binding.origin.init?, hops)
        }
        ExprKind::Binary {
            op: seam_lang::model::BinaryOp::Add,
            left,
            right,
        } => {
            let mut parts = read_parts(model, *left, hops)?;
            parts.extend(read_parts(model, *right, hops)?);
            Some(parts)
        }
        ExprKind::Template(t) if t.tag.is_none() => {
            let mut parts = Vec::new();
            for (i, quasi) in t.quasis.iter().enumerate() {
                parts.push(Part::Text(quasi.clone()));
                if let Some(e) = t.exprs.get(i) {
                    parts.extend(read_parts(model, *e, hops)?);
                }
            }
            Some(parts)
        }
        ExprKind::Call { callee, args, .. } if is_path_join(model, *callee) => {
            joined_parts(model, args, hops)
        }
        _ => None,
    }
}

/// The arguments of a `path.join` read as parts, one `/` between each two.
fn joined_parts(model: &Model, args: &[Arg], hops: usize) -> Option<Vec<Part>> {
    let mut parts = Vec::new();
    for (i, a) in args.iter().enumerate() {
        if a.spread {
            return None;
        }
        if i > 0 {
            parts.push(Part::Text("/".into()));
        }
        parts.extend(read_parts(model, a.value, hops)?);
    }
    Some(parts)
}

/// Whether `expr` is a loop variable (or the first parameter of a `forEach` callback) running
/// over the entries of a folder listing (`readdirSync(dir)`, `await readdir(dir)`, filtered
/// or sorted, or held in a name).
fn lists_folder(model: &Model, expr: ExprId) -> bool {
    if !matches!(
        model.expr(expr).kind,
        ExprKind::Ident {
            binding: Some(_),
            ..
        }
    ) {
        return false;
    }
    let Some((iterable, _)) = crate::route_loops::loop_of(model, expr) else {
        return false;
    };
    is_listing(model, iterable, MAX_HOPS)
}

fn is_listing(model: &Model, expr: ExprId, hops: usize) -> bool {
    let Some(hops) = hops.checked_sub(1) else {
        return false;
    };
    match &model.expr(expr).kind {
        ExprKind::Await { arg } => is_listing(model, *arg, hops),
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            binding.origin.path.is_empty()
                && !binding.reassigned
                && binding
                    .origin
                    .init
                    .is_some_and(|init| is_listing(model, init, hops))
        }
        ExprKind::Call { callee, .. } => match &model.expr(*callee).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } => match name.as_str() {
                "readdirSync" | "readdir" => true,
                // `readdirSync(dir).filter((f) => f.endsWith(".js"))`.
                "filter" | "sort" => is_listing(model, *object, hops),
                _ => false,
            },
            ExprKind::Ident { name, .. } => matches!(name.as_str(), "readdirSync" | "readdir"),
            _ => false,
        },
        _ => false,
    }
}

/// The repository path of the folder the parts name, from the folder of `file`: they must
/// start at that folder (`__dirname`, `./`, `../`).
fn resolve(file: &str, parts: &[Part]) -> Option<String> {
    let dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    let mut text = String::new();
    for part in parts {
        match part {
            Part::Dir if text.is_empty() => text.push('.'),
            Part::Dir => return None,
            Part::Text(t) => text.push_str(t),
        }
    }
    if !(text == "." || text.starts_with("./") || text.starts_with("../") || text == "..") {
        return None;
    }
    let mut segments: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    for segment in text.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop()?;
            }
            s => segments.push(s),
        }
    }
    Some(segments.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_resolve_from_the_file() {
        let t = |s: &str| Part::Text(s.to_string());
        assert_eq!(
            resolve(
                "server/src/server.ts",
                &[Part::Dir, t("/"), t("api"), t("/")]
            ),
            Some("server/src/api".to_string())
        );
        assert_eq!(
            resolve("app.js", &[t("./routes/")]),
            Some("routes".to_string())
        );
        assert_eq!(
            resolve("src/app.js", &[t("../routes")]),
            Some("routes".to_string())
        );
        // A bare name is a package, not a folder.
        assert_eq!(resolve("app.js", &[t("routes/")]), None);
        // Above the repository.
        assert_eq!(resolve("app.js", &[t("../x")]), None);
    }

    #[test]
    fn module_files_have_a_stem() {
        assert_eq!(stem("users.ts"), Some("users"));
        assert_eq!(stem("README.md"), None);
        assert_eq!(stem(".js"), None);
    }
}

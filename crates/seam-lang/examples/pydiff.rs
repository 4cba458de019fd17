//! Compares the two Python lowerings (tree-sitter and Ruff) file by file: the serialised
//! models must be identical. Prints, per differing file, the first differing JSON path with
//! both values and the source at the nearest span.
//!
//!   cargo run --release -p seam-lang --example pydiff -- DIR_OR_FILE... [--all]
use serde_json::Value;
use std::path::{Path, PathBuf};

fn walk(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let Ok(rd) = std::fs::read_dir(p) else { return };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for e in entries {
            let name = e.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with('.') || name == "node_modules" {
                continue;
            }
            walk(&e, out);
        }
    } else if p.extension().and_then(|e| e.to_str()) == Some("py") {
        out.push(p.to_path_buf());
    }
}

/// The first difference: (path, old, new).
fn first_diff(path: &str, a: &Value, b: &Value) -> Option<(String, String, String)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                let w = y.get(k).unwrap_or(&Value::Null);
                if let Some(d) = first_diff(&format!("{path}.{k}"), v, w) {
                    return Some(d);
                }
            }
            for (k, w) in y {
                if !x.contains_key(k) {
                    return Some((format!("{path}.{k}"), "<none>".into(), short(w)));
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (v, w)) in x.iter().zip(y.iter()).enumerate() {
                if let Some(d) = first_diff(&format!("{path}[{i}]"), v, w) {
                    return Some(d);
                }
            }
            if x.len() != y.len() {
                return Some((
                    format!("{path}.len"),
                    x.len().to_string(),
                    y.len().to_string(),
                ));
            }
            None
        }
        _ if a == b => None,
        _ => Some((path.to_string(), short(a), short(b))),
    }
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 300 {
        format!(
            "{}…",
            &s[..s.char_indices().nth(300).map_or(s.len(), |c| c.0)]
        )
    } else {
        s
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let mut files = Vec::new();
    for a in args.iter().filter(|a| !a.starts_with("--")) {
        walk(Path::new(a), &mut files);
    }
    let (mut same, mut differ) = (0, 0);
    let mut kinds: std::collections::BTreeMap<String, usize> = Default::default();
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        let name = f.display().to_string();
        let old = seam_lang::lower::python::lower(&name, &src);
        let new = seam_lang::lower::python::ruff::lower(&name, &src);
        let (Ok(old), Ok(new)) = (old, new) else {
            println!("{name}: a lowering failed");
            continue;
        };
        let a = serde_json::to_value(&old).unwrap_or(Value::Null);
        let b = serde_json::to_value(&new).unwrap_or(Value::Null);
        match first_diff("", &a, &b) {
            None => same += 1,
            Some((path, x, y)) => {
                differ += 1;
                if let Ok(dir) = std::env::var("PYDIFF_DUMP") {
                    let base = format!("{dir}/{differ}");
                    let _ = std::fs::write(
                        format!("{base}.old.json"),
                        serde_json::to_string_pretty(&a).unwrap_or_default(),
                    );
                    let _ = std::fs::write(
                        format!("{base}.new.json"),
                        serde_json::to_string_pretty(&b).unwrap_or_default(),
                    );
                }
                let key: String = path
                    .chars()
                    .map(|c| if c.is_ascii_digit() { '#' } else { c })
                    .collect();
                *kinds.entry(key).or_default() += 1;
                if all || differ <= 40 {
                    println!("{name}: {path}\n   old {x}\n   new {y}");
                    // The source near the differing element's span, when there is one.
                    let el = path.rsplit_once('.').map_or(path.as_str(), |p| p.0);
                    if let Some(Value::Object(o)) = a.pointer(&to_pointer(el))
                        && let Some(Value::Object(s)) = o.get("span")
                        && let (Some(st), Some(en)) = (
                            s.get("start").and_then(Value::as_u64),
                            s.get("end").and_then(Value::as_u64),
                        )
                    {
                        let st = st as usize;
                        let en = (en as usize).min(src.len()).min(st + 200);
                        let text = src.get(st..en).unwrap_or("?");
                        let line = src[..st.min(src.len())].matches('\n').count() + 1;
                        println!("   at line {line}: {text:?}");
                    }
                }
            }
        }
    }
    println!("files {} same {same} differ {differ}", files.len());
    for (k, n) in kinds {
        println!("{n:6} {k}");
    }
}

fn to_pointer(path: &str) -> String {
    let mut out = String::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let mut rest = part;
        let name_end = rest.find('[').unwrap_or(rest.len());
        out.push('/');
        out.push_str(&rest[..name_end]);
        rest = &rest[name_end..];
        while let Some(close) = rest.find(']') {
            out.push('/');
            out.push_str(&rest[1..close]);
            rest = &rest[close + 1..];
        }
    }
    out
}

//! `seam inspect`: behavioural summaries as text a person reads, and what changed per summary
//! between two summary files.
//!
//! Layout (suss's `inspect`): summaries grouped by file; per summary a header
//! `├─ <name>  (<recognition> <kind> | line N)` (`└─` for the last of a file), its inputs,
//! then one line per transition: `if`/`elif`/`else` with its conditions, `-> ` and the output
//! (`404 { error }`, `return <shape>`, `throw <Type>`, `render <Component>`, `delegate -> x`,
//! `emit "e"`, `void`), each effect on its own line as `+ callee`, each gap as `!! ` and its
//! description; after all files `Could not follow:` with the calls no summary could follow,
//! and the footer `N summaries.`

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use serde_json::Value;

use seam_ir::summary::BehavioralSummary;

/// The boundary label of a summary (`GET /users/{id}`), else its name.
pub fn label(s: &Value) -> String {
    let binding = &s["identity"]["boundaryBinding"];
    let sem = &binding["semantics"];
    match (sem["method"].as_str(), sem["path"].as_str()) {
        (Some(m), Some(p)) => format!("{m} {}", seam_ir::vocab::route_path::normalize_path(p)),
        _ => s["identity"]["name"].as_str().unwrap_or("").to_owned(),
    }
}

fn value_ref(v: &Value) -> String {
    match v["type"].as_str() {
        Some("literal") => v["value"].to_string(),
        Some("input") => {
            let mut s = v["inputRef"].as_str().unwrap_or("").to_owned();
            for p in v["path"].as_array().into_iter().flatten() {
                s.push('.');
                s.push_str(p.as_str().unwrap_or(""));
            }
            s
        }
        // The result of a call (`db.findById()`), with what is read off it.
        Some("dependency") => {
            let mut s = format!("{}()", v["name"].as_str().unwrap_or(""));
            for p in v["accessChain"].as_array().into_iter().flatten() {
                s.push('.');
                s.push_str(p.as_str().unwrap_or(""));
            }
            s
        }
        Some("derived") => {
            let from = value_ref(&v["from"]);
            let d = &v["derivation"];
            match d["type"].as_str() {
                Some("propertyAccess") => {
                    format!("{from}.{}", d["property"].as_str().unwrap_or(""))
                }
                // `const { id } = req.params` reads `req.params.id`.
                Some("destructured") => format!("{from}.{}", d["field"].as_str().unwrap_or("")),
                Some("indexAccess") => format!("{from}[{}]", d["index"]),
                Some("methodCall") => {
                    let args: Vec<&str> = d["args"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                        .collect();
                    format!(
                        "{from}.{}({})",
                        d["method"].as_str().unwrap_or(""),
                        args.join(", ")
                    )
                }
                // `await x` reads as `x`.
                _ => from,
            }
        }
        Some("state") => v["name"].as_str().unwrap_or("state").to_owned(),
        _ => "?".to_owned(),
    }
}

/// A predicate in words.
pub fn predicate(p: &Value) -> String {
    let neg = |p: &Value| p["negated"] == true;
    match p["type"].as_str() {
        Some("nullCheck") => format!(
            "{} {} null",
            value_ref(&p["subject"]),
            if neg(p) { "!=" } else { "==" }
        ),
        Some("truthinessCheck") => {
            format!(
                "{}{}",
                if neg(p) { "!" } else { "" },
                value_ref(&p["subject"])
            )
        }
        Some("comparison") => {
            let op = match p["op"].as_str().unwrap_or("") {
                "eq" => "===",
                "neq" => "!==",
                "gt" => ">",
                "gte" => ">=",
                "lt" => "<",
                "lte" => "<=",
                other => other,
            };
            format!("{} {op} {}", value_ref(&p["left"]), value_ref(&p["right"]))
        }
        Some("typeCheck") => format!(
            "typeof {} is {}",
            value_ref(&p["subject"]),
            p["expectedType"].as_str().unwrap_or("")
        ),
        Some("propertyExists") => format!(
            "{}\"{}\" in {}",
            if neg(p) { "!" } else { "" },
            p["property"].as_str().unwrap_or(""),
            value_ref(&p["subject"])
        ),
        Some("compound") => {
            let op = if p["op"] == "or" { " || " } else { " && " };
            let parts: Vec<String> = p["operands"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| format!("({})", predicate(o)))
                .collect();
            parts.join(op)
        }
        Some("negation") => {
            let operand = &p["operand"];
            match operand["type"].as_str() {
                // `!(!x)` reads `x`, `!(x == null)` reads `x != null`.
                Some("truthinessCheck" | "nullCheck") => {
                    let mut flipped = operand.clone();
                    flipped["negated"] = Value::Bool(!neg(operand));
                    predicate(&flipped)
                }
                _ => format!("!({})", predicate(operand)),
            }
        }
        Some("call") => {
            let args: Vec<String> = p["args"]
                .as_array()
                .into_iter()
                .flatten()
                .map(value_ref)
                .collect();
            format!(
                "{}({})",
                p["callee"].as_str().unwrap_or(""),
                args.join(", ")
            )
        }
        Some("opaque") => p["sourceText"].as_str().unwrap_or("?").to_owned(),
        _ => "?".to_owned(),
    }
}

/// The top-level keys of a shape, `{ a, b }`, or its type name.
fn shape(s: &Value) -> String {
    match s["type"].as_str() {
        Some("record") => {
            let keys: Vec<&str> = s["properties"]
                .as_object()
                .map(|o| o.keys().map(String::as_str).collect())
                .unwrap_or_default();
            if keys.is_empty() {
                "{}".to_owned()
            } else {
                format!("{{ {} }}", keys.join(", "))
            }
        }
        Some(other) => other.to_owned(),
        None => String::new(),
    }
}

/// A transition's output in words.
pub fn output(o: &Value) -> String {
    match o["type"].as_str() {
        Some("response") => {
            let status = match o["statusCode"]["type"].as_str() {
                Some("literal") => o["statusCode"]["value"].to_string(),
                Some(_) => value_ref(&o["statusCode"]),
                None => "?".to_owned(),
            };
            let body = shape(&o["body"]);
            if body.is_empty() {
                status
            } else {
                format!("{status} {body}")
            }
        }
        Some("return") => format!("return {}", shape(&o["value"]))
            .trim_end()
            .to_owned(),
        Some("throw") => format!("throw {}", o["exceptionType"].as_str().unwrap_or(""))
            .trim_end()
            .to_owned(),
        Some("render") => format!("render {}", o["component"].as_str().unwrap_or("")),
        Some("delegate") => format!("delegate -> {}", o["to"].as_str().unwrap_or("")),
        Some("emit") => format!("emit \"{}\"", o["event"].as_str().unwrap_or("")),
        Some("exit") => "exit".to_owned(),
        Some("void") => "void".to_owned(),
        Some(other) => other.to_owned(),
        None => "?".to_owned(),
    }
}

fn effect(e: &Value) -> String {
    e["callee"]
        .as_str()
        .or_else(|| e["target"].as_str())
        .or_else(|| e["event"].as_str())
        .or_else(|| e["variable"].as_str())
        .map(str::to_owned)
        .unwrap_or_else(|| e["type"].as_str().unwrap_or("effect").to_owned())
}

/// The lines of one summary's body (inputs, transitions, effects, gaps), without the header.
pub fn body_lines(s: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let inputs: Vec<String> = s["inputs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| {
            i["name"]
                .as_str()
                .or_else(|| i["hook"].as_str())
                .or_else(|| i["context"].as_str())
                .map(str::to_owned)
        })
        .collect();
    if !inputs.is_empty() {
        out.push(format!("inputs: {}", inputs.join(", ")));
    }
    let transitions = s["transitions"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    for (i, t) in transitions.iter().enumerate() {
        // An `elif` holds only when the branches above did not: the negations of their
        // conditions are left out, as in `if … elif …` source.
        let earlier = &transitions[..i];
        let conditions: Vec<String> = t["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| !negates_an_earlier_condition(c, earlier))
            .map(predicate)
            .collect();
        let head = if conditions.is_empty() || t["isDefault"] == true {
            if transitions.len() == 1 {
                String::new()
            } else {
                "else ".to_owned()
            }
        } else if i == 0 {
            format!("if  {}  ", conditions.join(" && "))
        } else {
            format!("elif  {}  ", conditions.join(" && "))
        };
        out.push(format!("{head}-> {}", output(&t["output"])));
        for e in t["effects"].as_array().into_iter().flatten() {
            out.push(format!("    + {}", effect(e)));
        }
    }
    for g in s["gaps"].as_array().into_iter().flatten() {
        out.push(format!("!! {}", g["description"].as_str().unwrap_or("")));
    }
    out
}

/// Whether `c` is the negation of a condition of one of the `earlier` transitions.
fn negates_an_earlier_condition(c: &Value, earlier: &[Value]) -> bool {
    c["type"] == "negation"
        && earlier.iter().any(|t| {
            t["conditions"]
                .as_array()
                .is_some_and(|list| list.contains(&c["operand"]))
        })
}

fn header(s: &Value) -> String {
    let recognition = s["identity"]["boundaryBinding"]["recognition"].as_str();
    let kind = s["kind"].as_str().unwrap_or("");
    let line = &s["location"]["range"]["start"];
    match recognition {
        Some(r) => format!("{}  ({r} {kind} | line {line})", label(s)),
        None => format!("{}  ({kind} | line {line})", label(s)),
    }
}

fn to_values(summaries: &[BehavioralSummary]) -> Vec<Value> {
    summaries
        .iter()
        .map(|s| serde_json::to_value(s).unwrap_or(Value::Null))
        .collect()
}

/// Renders summaries; `boundary` keeps only those whose label is that (`GET /x`).
pub fn render(summaries: &[BehavioralSummary], boundary: Option<&str>) -> String {
    let values: Vec<Value> = to_values(summaries)
        .into_iter()
        .filter(|s| boundary.is_none_or(|b| label(s) == b))
        .collect();
    let mut by_file: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
    for s in &values {
        by_file
            .entry(s["location"]["file"].as_str().unwrap_or(""))
            .or_default()
            .push(s);
    }
    let mut out = String::new();
    let mut unfollowed: BTreeSet<String> = BTreeSet::new();
    for (file, list) in &by_file {
        let _ = writeln!(out, "{file}");
        for (i, s) in list.iter().enumerate() {
            let last = i + 1 == list.len();
            let _ = writeln!(out, "{} {}", if last { "└─" } else { "├─" }, header(s));
            let bar = if last { " " } else { "│" };
            for line in body_lines(s) {
                let _ = writeln!(out, "{bar}      {line}");
            }
            for g in s["gaps"].as_array().into_iter().flatten() {
                if g["type"] == "unfollowedCall"
                    && let Some(c) = g["callee"].as_str()
                {
                    unfollowed.insert(c.to_owned());
                }
            }
        }
        out.push('\n');
    }
    if !unfollowed.is_empty() {
        let _ = writeln!(out, "Could not follow:");
        for c in &unfollowed {
            let _ = writeln!(out, "  {c}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{} summaries.", values.len());
    out
}

/// What changed per summary between two files: summaries are matched by file and label
/// (then by order among equals); each is listed as added (`+`), removed (`-`) or changed
/// (`~`, with the body lines that left and the ones that came).
pub fn render_diff(before: &[BehavioralSummary], after: &[BehavioralSummary]) -> String {
    type Key = (String, String, usize);
    let keyed = |list: &[BehavioralSummary]| -> BTreeMap<Key, Value> {
        let mut out = BTreeMap::new();
        let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
        for s in to_values(list) {
            let file = s["location"]["file"].as_str().unwrap_or("").to_owned();
            let l = label(&s);
            let n = seen.entry((file.clone(), l.clone())).or_insert(0);
            out.insert((file, l, *n), s);
            *n += 1;
        }
        out
    };
    let (b, a) = (keyed(before), keyed(after));
    let keys: BTreeSet<&Key> = b.keys().chain(a.keys()).collect();
    let mut out = String::new();
    let (mut added, mut removed, mut changed) = (0, 0, 0);
    for key in keys {
        match (b.get(key), a.get(key)) {
            (None, Some(s)) => {
                added += 1;
                let _ = writeln!(out, "+ {}  {}", key.0, header(s));
                for line in body_lines(s) {
                    let _ = writeln!(out, "      + {line}");
                }
            }
            (Some(s), None) => {
                removed += 1;
                let _ = writeln!(out, "- {}  {}", key.0, header(s));
            }
            (Some(x), Some(y)) => {
                let (lx, ly) = (body_lines(x), body_lines(y));
                if lx == ly {
                    continue;
                }
                changed += 1;
                let _ = writeln!(out, "~ {}  {}", key.0, header(y));
                for line in lx.iter().filter(|l| !ly.contains(l)) {
                    let _ = writeln!(out, "      - {line}");
                }
                for line in ly.iter().filter(|l| !lx.contains(l)) {
                    let _ = writeln!(out, "      + {line}");
                }
            }
            (None, None) => {}
        }
    }
    let _ = writeln!(out, "{added} added, {removed} removed, {changed} changed.");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input(name: &str) -> Value {
        json!({"type": "input", "inputRef": name, "path": []})
    }

    fn derived(from: Value, derivation: Value) -> Value {
        json!({"type": "derived", "from": from, "derivation": derivation})
    }

    fn truthy(subject: Value, negated: bool) -> Value {
        json!({"type": "truthinessCheck", "subject": subject, "negated": negated})
    }

    fn not(operand: &Value) -> Value {
        json!({"type": "negation", "operand": operand})
    }

    fn respond(status: u16, keys: &[&str]) -> Value {
        let properties: serde_json::Map<String, Value> = keys
            .iter()
            .map(|k| ((*k).to_owned(), json!({"type": "text"})))
            .collect();
        json!({"type": "response", "statusCode": {"type": "literal", "value": status},
               "body": {"type": "record", "properties": properties}, "headers": {}})
    }

    /// Values read the way the source wrote them: a destructured field and an index off the
    /// value they come from, a method call with its arguments, an awaited value as itself, a
    /// call's result with `()` and the chain read off it.
    #[test]
    fn values_in_source_spelling() {
        let params = derived(
            input("req"),
            json!({"type": "propertyAccess", "property": "params"}),
        );
        let id = derived(
            params.clone(),
            json!({"type": "destructured", "field": "id"}),
        );
        assert_eq!(value_ref(&id), "req.params.id");
        let first = derived(params.clone(), json!({"type": "indexAccess", "index": 0}));
        assert_eq!(value_ref(&first), "req.params[0]");
        let key = derived(params, json!({"type": "indexAccess", "index": "key"}));
        assert_eq!(value_ref(&key), "req.params[\"key\"]");
        let call = derived(
            input("token"),
            json!({"type": "methodCall", "method": "startsWith", "args": ["'Bearer'", "0"]}),
        );
        assert_eq!(value_ref(&call), "token.startsWith('Bearer', 0)");
        let awaited = derived(input("body"), json!({"type": "awaited"}));
        assert_eq!(value_ref(&awaited), "body");
        let role = json!({"type": "dependency", "name": "db.findById", "accessChain": ["role"]});
        assert_eq!(value_ref(&role), "db.findById().role");
        assert_eq!(
            predicate(&json!({"type": "comparison", "left": role, "op": "eq",
                               "right": {"type": "literal", "value": "admin"}})),
            "db.findById().role === \"admin\""
        );
    }

    /// Each `elif` shows only its own conditions (the negations of the branches above are
    /// implied); a negated truthiness or null check reads as its opposite.
    #[test]
    fn an_elif_leaves_out_the_branches_above() {
        let missing = truthy(input("id"), true);
        let user = json!({"type": "dependency", "name": "db.find", "accessChain": []});
        let no_user = truthy(user.clone(), true);
        let admin = json!({"type": "comparison",
            "left": {"type": "dependency", "name": "db.find", "accessChain": ["role"]},
            "op": "eq", "right": {"type": "literal", "value": "admin"}});
        let summary = json!({
            "inputs": [{"name": "id"}],
            "transitions": [
                {"conditions": [missing.clone()], "output": respond(400, &["error"]), "effects": []},
                {"conditions": [not(&missing), no_user.clone()], "output": respond(404, &["error"]),
                 "effects": [{"type": "invocation", "callee": "db.find"}]},
                {"conditions": [not(&missing), not(&no_user), admin.clone()], "output": respond(403, &[]), "effects": []},
                {"conditions": [not(&missing), not(&no_user), not(&admin)], "output": respond(200, &["id", "name"]),
                 "effects": [], "isDefault": true},
            ],
            "gaps": [{"type": "unfollowedCall", "description": "The call to db.find lands on a declaration with no body", "callee": "db.find"}],
        });
        assert_eq!(
            body_lines(&summary),
            [
                "inputs: id",
                "if  !id  -> 400 { error }",
                "elif  !db.find()  -> 404 { error }",
                "    + db.find",
                "elif  db.find().role === \"admin\"  -> 403 {}",
                "else -> 200 { id, name }",
                "!! The call to db.find lands on a declaration with no body",
            ]
        );
        // A negation of something no branch above tested stays, flipped where it can be.
        assert_eq!(predicate(&not(&no_user)), "db.find()");
        assert_eq!(
            predicate(&not(
                &json!({"type": "nullCheck", "subject": input("x"), "negated": false})
            )),
            "x != null"
        );
        assert_eq!(predicate(&not(&admin)), "!(db.find().role === \"admin\")");
        let bearer = json!({"type": "call", "callee": "auth.startsWith",
            "args": [{"type": "literal", "value": "Bearer"}, input("offset")]});
        assert_eq!(predicate(&bearer), "auth.startsWith(\"Bearer\", offset)");
    }
}

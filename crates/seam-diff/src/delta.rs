//! What changed inside a Symbol that kept its identity (`changed` and `moved+changed`): the
//! five flags, and `{added, removed, modified}` for rules, effects, calls, decorators and the
//! signature.
//!
//! Array elements pair by a key within a line window (rules, calls and decorators ±2 lines;
//! effects any distance, a propagated effect counting as line 0). Pairing runs twice: first
//! only elements with equal content, then any admissible pair among those left. Each pass
//! takes the best non-crossing set of pairs (the most pairs, then the least total line
//! distance; on a tie pairing first, then skipping the base element, then the head one).
//! Paired elements whose content differs are `modified` (the head element is written),
//! unpaired head elements `added`, unpaired base elements `removed`.

use serde::Serialize;
use serde_json::{Value, json};

use seam_ir::review::{Call, Decorator, Effect, Rule, Signature, Symbol};

/// Line window of rules, calls and decorators.
pub const LINE_FUZZ: u32 = 2;

/// The delta of one pair, as the `SymbolDelta` JSON object.
pub fn symbol_delta(before: &Symbol, after: &Symbol) -> Value {
    let rules = array_delta(
        &before.rules,
        &after.rules,
        |r: &Rule| r.kind.type_name().to_owned(),
        |r| r.line,
        Some(LINE_FUZZ),
        rule_content_eq,
    );
    let effects = array_delta(
        &before.effects,
        &after.effects,
        |e: &Effect| format!("{}::{}", e.id, e.target),
        |e| e.line().unwrap_or(0),
        None,
        |a, b| {
            a.id == b.id
                && a.target == b.target
                && a.plugin == b.plugin
                && a.confidence == b.confidence
        },
    );
    let calls = array_delta(
        &before.calls,
        &after.calls,
        |c: &Call| c.target.clone(),
        |c| c.line,
        Some(LINE_FUZZ),
        |a, b| a.target == b.target && a.resolved == b.resolved,
    );
    let decorators = array_delta(
        &before.decorators,
        &after.decorators,
        |d: &Decorator| d.name.clone(),
        |d| d.line,
        Some(LINE_FUZZ),
        |a, b| a.name == b.name && a.arguments == b.arguments,
    );
    json!({
        "apiChanged": before.fingerprint.api != after.fingerprint.api,
        "logicChanged": before.fingerprint.logic != after.fingerprint.logic,
        "syntaxChanged": before.fingerprint.syntax != after.fingerprint.syntax,
        "componentChanged": before.component != after.component,
        "visibilityChanged": before.visibility != after.visibility,
        "rules": rules,
        "effects": effects,
        "calls": calls,
        "decorators": decorators,
        "signature": signature_delta(before.signature.as_ref(), after.signature.as_ref()),
    })
}

/// Rules are equal when their type and payload are (the line only decides pairing).
fn rule_content_eq(a: &Rule, b: &Rule) -> bool {
    a.kind == b.kind
}

/// `{added, removed, modified}` of two arrays.
pub fn array_delta<T: Serialize>(
    before: &[T],
    after: &[T],
    key: impl Fn(&T) -> String,
    line: impl Fn(&T) -> u32,
    window: Option<u32>,
    content_eq: impl Fn(&T, &T) -> bool,
) -> Value {
    let before_keys: Vec<String> = before.iter().map(&key).collect();
    let after_keys: Vec<String> = after.iter().map(&key).collect();
    let admissible = |i: usize, j: usize| {
        before_keys[i] == after_keys[j]
            && window.is_none_or(|w| line(&before[i]).abs_diff(line(&after[j])) <= w)
    };
    let distance = |i: usize, j: usize| u64::from(line(&before[i]).abs_diff(line(&after[j])));
    let all_before: Vec<usize> = (0..before.len()).collect();
    let all_after: Vec<usize> = (0..after.len()).collect();
    let first = best_pairs(
        &all_before,
        &all_after,
        |i, j| admissible(i, j) && content_eq(&before[i], &after[j]),
        distance,
    );
    let mut paired_before = vec![false; before.len()];
    let mut paired_after = vec![false; after.len()];
    for &(i, j) in &first {
        paired_before[i] = true;
        paired_after[j] = true;
    }
    let rest_before: Vec<usize> = all_before
        .iter()
        .copied()
        .filter(|&i| !paired_before[i])
        .collect();
    let rest_after: Vec<usize> = all_after
        .iter()
        .copied()
        .filter(|&j| !paired_after[j])
        .collect();
    let second = best_pairs(&rest_before, &rest_after, admissible, distance);
    let mut modified_at = vec![false; after.len()];
    for &(i, j) in &second {
        paired_before[i] = true;
        paired_after[j] = true;
        if !content_eq(&before[i], &after[j]) {
            modified_at[j] = true;
        }
    }
    let to_value = |t: &T| serde_json::to_value(t).unwrap_or(Value::Null);
    json!({
        "added": after.iter().enumerate().filter(|(j, _)| !paired_after[*j]).map(|(_, t)| to_value(t)).collect::<Vec<_>>(),
        "removed": before.iter().enumerate().filter(|(i, _)| !paired_before[*i]).map(|(_, t)| to_value(t)).collect::<Vec<_>>(),
        "modified": after.iter().enumerate().filter(|(j, _)| modified_at[*j]).map(|(_, t)| to_value(t)).collect::<Vec<_>>(),
    })
}

/// The best non-crossing pairing of `xs` with `ys` (index lists, in order) by a suffix DP:
/// the most pairs, then the least total distance; ties prefer pairing, then skipping `x`,
/// then skipping `y`.
fn best_pairs(
    xs: &[usize],
    ys: &[usize],
    ok: impl Fn(usize, usize) -> bool,
    distance: impl Fn(usize, usize) -> u64,
) -> Vec<(usize, usize)> {
    let (n, m) = (xs.len(), ys.len());
    if n == 0 || m == 0 {
        return Vec::new();
    }
    // (pairs, cost); better = more pairs, then lower cost.
    let width = m + 1;
    let mut dp = vec![(0u32, 0u64); (n + 1) * width];
    let better = |a: (u32, u64), b: (u32, u64)| a.0 > b.0 || (a.0 == b.0 && a.1 < b.1);
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let mut best = dp[(i + 1) * width + j]; // skip x
            let skip_y = dp[i * width + j + 1];
            if better(skip_y, best) {
                best = skip_y;
            }
            if ok(xs[i], ys[j]) {
                let next = dp[(i + 1) * width + j + 1];
                let pair = (next.0 + 1, next.1 + distance(xs[i], ys[j]));
                if !better(best, pair) {
                    best = pair;
                }
            }
            dp[i * width + j] = best;
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        let here = dp[i * width + j];
        if ok(xs[i], ys[j]) {
            let next = dp[(i + 1) * width + j + 1];
            if (next.0 + 1, next.1 + distance(xs[i], ys[j])) == here {
                out.push((xs[i], ys[j]));
                i += 1;
                j += 1;
                continue;
            }
        }
        if dp[(i + 1) * width + j] == here {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// The `signature` delta: `null` when both are absent; an absent side reads as an empty
/// signature.
pub fn signature_delta(before: Option<&Signature>, after: Option<&Signature>) -> Value {
    if before.is_none() && after.is_none() {
        return Value::Null;
    }
    let empty = Signature::default();
    let b = before.unwrap_or(&empty);
    let a = after.unwrap_or(&empty);
    // inputs: keyed `index:name`, window 0 (the same place), equal when name and type are.
    fn indexed(s: &Signature) -> Vec<(u32, &seam_ir::review::Input)> {
        s.inputs
            .iter()
            .enumerate()
            .map(|(i, x)| (i as u32, x))
            .collect()
    }
    let (bi, ai) = (indexed(b), indexed(a));
    let inputs = array_delta_plain(&bi, &ai);
    // outputs: position by position; a difference is removed + added.
    let mut out_added = Vec::new();
    let mut out_removed = Vec::new();
    for k in 0..b.outputs.len().max(a.outputs.len()) {
        match (b.outputs.get(k), a.outputs.get(k)) {
            (Some(x), Some(y)) if x == y => {}
            (x, y) => {
                if let Some(x) = x {
                    out_removed.push(json!(x));
                }
                if let Some(y) = y {
                    out_added.push(json!(y));
                }
            }
        }
    }
    let throws_added: Vec<Value> = a
        .throws
        .iter()
        .filter(|t| !b.throws.contains(t))
        .map(|t| json!(t))
        .collect();
    let throws_removed: Vec<Value> = b
        .throws
        .iter()
        .filter(|t| !a.throws.contains(t))
        .map(|t| json!(t))
        .collect();
    json!({
        "inputs": inputs,
        "outputs": {"added": out_added, "removed": out_removed, "modified": []},
        "throws": {"added": throws_added, "removed": throws_removed, "modified": []},
        "asyncChanged": b.is_async != a.is_async,
        "generatorChanged": b.is_generator != a.is_generator,
        "typeParametersChanged": b.type_parameters != a.type_parameters,
    })
}

fn array_delta_plain(
    before: &[(u32, &seam_ir::review::Input)],
    after: &[(u32, &seam_ir::review::Input)],
) -> Value {
    let strip = |v: Value| -> Value {
        // Written as the inputs themselves, not the (index, input) pairs.
        match v {
            Value::Array(items) => Value::Array(
                items
                    .into_iter()
                    .map(|item| match item {
                        Value::Array(mut pair) if pair.len() == 2 => pair.remove(1),
                        other => other,
                    })
                    .collect(),
            ),
            other => other,
        }
    };
    let delta = array_delta(
        before,
        after,
        |(i, input)| format!("{i}:{}", input.name),
        |(i, _)| *i,
        Some(0),
        |x, y| x.1 == y.1,
    );
    let Value::Object(map) = delta else {
        return delta;
    };
    Value::Object(map.into_iter().map(|(k, v)| (k, strip(v))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use seam_ir::review::{
        Confidence, EffectOrigin, RuleKind, SourceRange, SymbolKind, Visibility,
    };

    /// A Symbol for the production delta; `edit` fills its arrays.
    fn symbol(edit: impl FnOnce(&mut Symbol)) -> Symbol {
        let mut s = Symbol::new(
            "ts:a.ts#f".into(),
            SymbolKind::Function,
            "f".into(),
            "ts".into(),
            Visibility::Public,
            SourceRange::lines("a.ts", 1, 200),
        );
        edit(&mut s);
        s
    }

    fn guard(line: u32, condition: &str) -> Rule {
        Rule {
            line,
            kind: RuleKind::Guard {
                condition: condition.to_owned(),
            },
        }
    }

    /// `field` of the delta [`symbol_delta`] writes for two Symbols differing only there.
    fn delta_of(
        field: &str,
        before: impl FnOnce(&mut Symbol),
        after: impl FnOnce(&mut Symbol),
    ) -> Value {
        symbol_delta(&symbol(before), &symbol(after))[field].clone()
    }

    fn rules_delta(before: &[Rule], after: &[Rule]) -> Value {
        delta_of(
            "rules",
            |s| s.rules = before.to_vec(),
            |s| s.rules = after.to_vec(),
        )
    }

    #[test]
    fn a_rule_two_lines_away_pairs_and_three_does_not() {
        let d = rules_delta(&[guard(10, "!a")], &[guard(12, "!b")]);
        assert_eq!(
            d,
            json!({"added": [], "removed": [], "modified": [
                {"type": "guard", "line": 12, "condition": "!b", "what": null, "expr": null, "loopKind": null}
            ]})
        );
        let d = rules_delta(&[guard(10, "!a")], &[guard(13, "!b")]);
        assert_eq!(d["added"][0]["condition"], "!b");
        assert_eq!(d["removed"][0]["condition"], "!a");
        assert_eq!(d["modified"], json!([]));
    }

    /// Rules pair by their type: a guard and a throw on one line are another rule each.
    #[test]
    fn rules_of_another_type_do_not_pair() {
        let throw = Rule {
            line: 10,
            kind: RuleKind::Throw {
                what: "Error".to_owned(),
            },
        };
        let d = rules_delta(&[guard(10, "!a")], &[throw]);
        assert_eq!(d["added"][0]["type"], "throw");
        assert_eq!(d["removed"][0]["type"], "guard");
        assert_eq!(d["modified"], json!([]));
    }

    #[test]
    fn equal_content_pairs_first_then_the_rest() {
        // Head inserts a new guard above an unchanged one that moved down a line: the equal
        // pair is made first, so the new guard is added, not a modification.
        let d = rules_delta(
            &[guard(10, "!user")],
            &[guard(10, "!token"), guard(11, "!user")],
        );
        assert_eq!(d["added"][0]["condition"], "!token");
        assert!(d["modified"].as_array().unwrap().is_empty());
        assert!(d["removed"].as_array().unwrap().is_empty());
    }

    #[test]
    fn pairs_do_not_cross_and_prefer_the_nearest() {
        let d = rules_delta(&[guard(10, "a"), guard(11, "b")], &[guard(10, "x")]);
        // One pair at distance 0 beats distance 1.
        assert_eq!(d["removed"][0]["condition"], "b");
        assert_eq!(d["modified"][0]["condition"], "x");
    }

    fn effect(id: &str, target: &str, line: u32, plugin: &str) -> Effect {
        Effect::local(id, target, line, plugin, Confidence::High, "x")
    }

    fn effects_delta(before: Vec<Effect>, after: Vec<Effect>) -> Value {
        delta_of("effects", |s| s.effects = before, |s| s.effects = after)
    }

    /// Effects pair by `id::target` at any distance (a propagated one reads as line 0); a
    /// pair whose plugin or confidence differs is modified; another target is another
    /// effect.
    #[test]
    fn effects_pair_at_any_distance_and_compare_plugin_and_confidence() {
        let d = effects_delta(
            vec![effect("db.write", "db.save", 1, "prisma")],
            vec![effect("db.write", "db.save", 90, "prisma")],
        );
        assert_eq!(d, json!({"added": [], "removed": [], "modified": []}));
        let d = effects_delta(
            vec![effect("db.write", "db.save", 1, "prisma")],
            vec![effect("db.write", "db.save", 90, "typeorm")],
        );
        assert_eq!(d["modified"][0]["plugin"], "typeorm");
        assert_eq!(
            (
                d["added"].as_array().unwrap().len(),
                d["removed"].as_array().unwrap().len()
            ),
            (0, 0)
        );
        let mut low = effect("db.write", "db.save", 1, "prisma");
        low.confidence = Confidence::Low;
        let d = effects_delta(vec![effect("db.write", "db.save", 1, "prisma")], vec![low]);
        assert_eq!(d["modified"][0]["confidence"], "low");
        let d = effects_delta(
            vec![effect("db.write", "db.save", 1, "prisma")],
            vec![effect("db.write", "db.insert", 1, "prisma")],
        );
        assert_eq!(d["added"][0]["target"], "db.insert");
        assert_eq!(d["removed"][0]["target"], "db.save");
        assert_eq!(d["modified"], json!([]));
        // A propagated effect and a local one far away: one effect, unchanged.
        let mut carried = effect("db.write", "db.save", 1, "prisma");
        carried.origin = EffectOrigin::Propagated {
            derived_from: vec!["ts:b.ts#save".to_owned()],
        };
        let d = effects_delta(
            vec![carried],
            vec![effect("db.write", "db.save", 300, "prisma")],
        );
        assert_eq!(d, json!({"added": [], "removed": [], "modified": []}));
    }

    fn call(target: &str, line: u32, resolved: Option<&str>) -> Call {
        Call {
            target: target.to_owned(),
            line,
            resolved: resolved.map(str::to_owned),
        }
    }

    fn calls_delta(before: Vec<Call>, after: Vec<Call>) -> Value {
        delta_of("calls", |s| s.calls = before, |s| s.calls = after)
    }

    /// Calls pair by target within two lines; a pair whose resolution changed is modified.
    #[test]
    fn calls_pair_by_target_within_two_lines_and_compare_the_resolution() {
        let d = calls_delta(
            vec![call("repo.find", 10, None)],
            vec![call("repo.find", 12, None)],
        );
        assert_eq!(d, json!({"added": [], "removed": [], "modified": []}));
        let d = calls_delta(
            vec![call("repo.find", 10, None)],
            vec![call("repo.find", 12, Some("ts:repo.ts#Repo.find"))],
        );
        assert_eq!(
            d,
            json!({"added": [], "removed": [], "modified": [
                {"target": "repo.find", "line": 12, "resolved": "ts:repo.ts#Repo.find"}
            ]})
        );
        let d = calls_delta(
            vec![call("repo.find", 10, None)],
            vec![call("repo.find", 13, None)],
        );
        assert_eq!(d["added"][0]["line"], 13);
        assert_eq!(d["removed"][0]["line"], 10);
        let d = calls_delta(
            vec![call("repo.find", 10, None)],
            vec![call("repo.get", 10, None)],
        );
        assert_eq!(d["added"][0]["target"], "repo.get");
        assert_eq!(d["removed"][0]["target"], "repo.find");
        assert_eq!(d["modified"], json!([]));
    }

    fn decorator(name: &str, arguments: &[&str], raw: &str, line: u32) -> Decorator {
        Decorator {
            name: name.to_owned(),
            raw: raw.to_owned(),
            arguments: arguments.iter().map(|a| (*a).to_owned()).collect(),
            boundary: true,
            line,
        }
    }

    /// Decorators pair by name within two lines and compare their arguments, not their raw
    /// text or line.
    #[test]
    fn decorators_compare_arguments_not_raw_text() {
        let d = delta_of(
            "decorators",
            |s| s.decorators = vec![decorator("Get", &["':id'"], "@Get(':id')", 3)],
            |s| s.decorators = vec![decorator("Get", &["':id'"], "@Get( ':id' )", 5)],
        );
        assert_eq!(d, json!({"added": [], "removed": [], "modified": []}));
        let d = delta_of(
            "decorators",
            |s| s.decorators = vec![decorator("Get", &["':id'"], "@Get(':id')", 3)],
            |s| s.decorators = vec![decorator("Get", &["':key'"], "@Get(':key')", 3)],
        );
        assert_eq!(d["modified"][0]["arguments"], json!(["':key'"]));
        let d = delta_of(
            "decorators",
            |s| s.decorators = vec![decorator("Get", &["':id'"], "@Get(':id')", 3)],
            |s| s.decorators = vec![decorator("Get", &["':id'"], "@Get(':id')", 6)],
        );
        assert_eq!(
            (
                d["added"].as_array().unwrap().len(),
                d["removed"].as_array().unwrap().len()
            ),
            (1, 1)
        );
    }

    #[test]
    fn signature_changes() {
        use seam_ir::review::Input;
        let b = Signature {
            inputs: vec![Input {
                name: "id".into(),
                type_text: "string".into(),
            }],
            outputs: vec!["User".into()],
            ..Signature::default()
        };
        let a = Signature {
            inputs: vec![
                Input {
                    name: "id".into(),
                    type_text: "number".into(),
                },
                Input {
                    name: "opts".into(),
                    type_text: "".into(),
                },
            ],
            outputs: vec!["User | null".into()],
            throws: vec!["NotFound".into()],
            is_async: true,
            ..Signature::default()
        };
        let d = signature_delta(Some(&b), Some(&a));
        assert_eq!(
            d["inputs"]["modified"],
            json!([{"name": "id", "type": "number"}])
        );
        assert_eq!(d["inputs"]["added"], json!([{"name": "opts", "type": ""}]));
        assert_eq!(
            d["outputs"],
            json!({"added": ["User | null"], "removed": ["User"], "modified": []})
        );
        assert_eq!(d["throws"]["added"], json!(["NotFound"]));
        assert_eq!(d["asyncChanged"], json!(true));
        assert_eq!(signature_delta(None, None), Value::Null);
        assert_eq!(
            signature_delta(None, Some(&b))["inputs"]["added"],
            json!([{"name": "id", "type": "string"}])
        );
    }
}

//! One test per matcher, status and document rule, on small hand-built review IRs; every
//! diff written here is also validated against `aburi.diff.v1.json`.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use seam_diff::{Refs, diff_documents};
use seam_ir::review::*;

fn generator() -> Generator {
    Generator {
        name: "seam".into(),
        version: "0.1.0".into(),
        plugins: vec![PluginRef::lang("lang-typescript", "0.1.0", "oxc@0.146.0")],
    }
}

fn doc(symbols: Vec<Symbol>) -> Document {
    let mut d = Document::new(generator(), Workspace::new(vec!["ts".into()]));
    let files: std::collections::BTreeSet<String> =
        symbols.iter().map(|s| s.source.file.clone()).collect();
    d.stats.total_files = files.len() as u64;
    d.stats.parsed_files = files.len() as u64;
    d.stats.kept_symbols = symbols.iter().filter(|s| !s.dropped).count() as u64;
    d.stats.dropped_symbols = symbols.iter().filter(|s| s.dropped).count() as u64;
    d.symbols = symbols;
    d.symbols.sort_by(|a, b| utf16_cmp(&a.id, &b.id));
    d
}

/// A kept function or method: `file`, qualified `name`, `logic` text (changes the logic
/// fingerprint), signature inputs.
fn sym(file: &str, name: &str, logic: &str, inputs: &[(&str, &str)]) -> Symbol {
    let kind = if name.contains('.') {
        SymbolKind::Method
    } else {
        SymbolKind::Function
    };
    let mut s = Symbol::new(
        make_symbol_id("ts", file, name).unwrap(),
        kind,
        name.into(),
        "ts".into(),
        Visibility::Public,
        SourceRange::lines(file, 1, 3),
    );
    s.signature = Some(Signature {
        inputs: inputs
            .iter()
            .map(|(n, t)| Input {
                name: (*n).into(),
                type_text: (*t).into(),
            })
            .collect(),
        ..Signature::default()
    });
    if !logic.is_empty() {
        s.rules.push(Rule {
            line: 2,
            kind: RuleKind::Guard {
                condition: logic.into(),
            },
        });
    }
    fill_fingerprints(&mut s, &format!("(block {logic})")).unwrap();
    s
}

fn dropped(file: &str, name: &str) -> Symbol {
    let mut s = sym(file, name, "", &[]);
    s.drop_with_reason("empty-body");
    s
}

fn diff(base: Vec<Symbol>, head: Vec<Symbol>) -> Value {
    diff_with(doc(base), doc(head), &BTreeMap::new())
}

fn diff_with(base: Document, head: Document, renames: &BTreeMap<String, String>) -> Value {
    let refs = Refs {
        base: "base".into(),
        head: "head".into(),
    };
    let value = diff_documents(&base, &head, &refs, renames).unwrap().value;
    validate(&value);
    value
}

fn validate(value: &Value) {
    let schema: Value = serde_json::from_str(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../seam-ir/schemas/aburi/aburi.diff.v1.json"
    )))
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut aburi = value.clone();
    aburi
        .as_object_mut()
        .unwrap()
        .remove(seam_diff::BOUNDARY_KEY);
    let errors: Vec<String> = validator
        .iter_errors(&aburi)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

/// (status, rationale or "", before id or "", after id or symbol id) of every entry.
fn entries(d: &Value) -> Vec<(String, String, String, String)> {
    d["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let s = |v: &Value| v.as_str().unwrap_or("").to_owned();
            (
                s(&e["status"]),
                s(&e["rationale"]),
                s(&e["before"]["id"]),
                if e["symbol"].is_object() {
                    s(&e["symbol"]["id"])
                } else {
                    s(&e["after"]["id"])
                },
            )
        })
        .collect()
}

fn e(status: &str, rationale: &str, before: &str, after: &str) -> (String, String, String, String) {
    (status.into(), rationale.into(), before.into(), after.into())
}

fn count(d: &Value, field: &str) -> u64 {
    d["summary"][field].as_u64().unwrap()
}

#[test]
fn stage1_same_id_pairs_and_unchanged_is_only_counted() {
    let a = sym("a.ts", "f", "x", &[]);
    let d = diff(vec![a.clone()], vec![a]);
    assert!(entries(&d).is_empty());
    assert_eq!(count(&d, "unchanged"), 1);
}

#[test]
fn stage1_fingerprint_change_is_changed_with_a_delta() {
    let d = diff(
        vec![sym("a.ts", "f", "!a", &[])],
        vec![sym("a.ts", "f", "!b", &[])],
    );
    assert_eq!(
        entries(&d),
        vec![e("changed", "", "ts:a.ts#f", "ts:a.ts#f")]
    );
    let delta = &d["symbols"][0]["delta"];
    assert_eq!(delta["logicChanged"], true);
    assert_eq!(delta["apiChanged"], false);
    assert_eq!(delta["rules"]["modified"][0]["condition"], "!b");
}

#[test]
fn stage2_git_rename_rewrites_the_file_and_the_lowest_base_id_wins() {
    // Both old files renamed to one new path: the head is claimed twice, `a.ts` wins.
    let base = doc(vec![sym("a.ts", "f", "x", &[]), sym("b.ts", "f", "y", &[])]);
    let head = doc(vec![sym("c.ts", "f", "z", &[])]);
    let renames: BTreeMap<String, String> = [
        ("a.ts".into(), "c.ts".into()),
        ("b.ts".into(), "c.ts".into()),
    ]
    .into();
    let d = diff_with(base, head, &renames);
    assert_eq!(
        entries(&d),
        vec![
            e("moved+changed", "git-rename", "ts:a.ts#f", "ts:c.ts#f"),
            e("removed", "", "", "ts:b.ts#f"),
        ]
    );
}

#[test]
fn stage2_does_not_run_without_a_rename_map() {
    // Same logic on both sides: without renames the pair comes from stage 3.
    let d = diff(
        vec![sym("a.ts", "f", "x", &[])],
        vec![sym("c.ts", "f", "x", &[])],
    );
    assert_eq!(
        entries(&d),
        vec![e("moved", "logic-fingerprint", "ts:a.ts#f", "ts:c.ts#f")]
    );
}

#[test]
fn stage3_a_lone_base_takes_the_most_similar_name_ties_to_the_lower_head_id() {
    let d = diff(
        vec![sym("a.ts", "loadUser", "x", &[])],
        vec![
            sym("b.ts", "fetchUser", "x", &[]),
            sym("b.ts", "loadUserNow", "x", &[]),
            sym("c.ts", "saveOrder", "x", &[]),
        ],
    );
    let got = entries(&d);
    // A renamed Symbol's API fingerprint (which holds its name) changes too.
    assert!(
        got.contains(&e(
            "moved+changed",
            "logic-fingerprint",
            "ts:a.ts#loadUser",
            "ts:b.ts#loadUserNow"
        )),
        "{got:?}"
    );
    // Equal similarity (0 and 0): the lower head id.
    let d = diff(
        vec![sym("a.ts", "alpha", "x", &[])],
        vec![
            sym("b.ts", "zeta", "x", &[]),
            sym("b.ts", "omega", "x", &[]),
        ],
    );
    assert!(entries(&d).contains(&e(
        "moved+changed",
        "logic-fingerprint",
        "ts:a.ts#alpha",
        "ts:b.ts#omega"
    )));
}

#[test]
fn stage3_identical_logic_is_proof_enough_even_for_unrelated_names() {
    // Aburi's documented behaviour: no name threshold for a lone base.
    let d = diff(
        vec![sym("a.ts", "deleteAccount", "x", &[])],
        vec![sym("z.ts", "renderChart", "x", &[])],
    );
    assert_eq!(
        entries(&d),
        vec![e(
            "moved+changed",
            "logic-fingerprint",
            "ts:a.ts#deleteAccount",
            "ts:z.ts#renderChart"
        )]
    );
}

#[test]
fn stage3_several_bases_need_name_similarity_of_085() {
    // Two bases with the same logic: names decide, and a pair under 0.85 is not made.
    let d = diff(
        vec![
            sym("a.ts", "getUserById", "x", &[]),
            sym("a.ts", "getOrderById", "x", &[]),
        ],
        vec![
            sym("b.ts", "getUserById", "x", &[]),
            sym("b.ts", "listThings", "x", &[]),
        ],
    );
    let got = entries(&d);
    assert!(
        got.contains(&e(
            "moved",
            "logic-fingerprint+name-disambiguation",
            "ts:a.ts#getUserById",
            "ts:b.ts#getUserById"
        )),
        "{got:?}"
    );
    // The second round has one base left: the lone-base rule pairs it with what remains.
    assert!(
        got.contains(&e(
            "moved+changed",
            "logic-fingerprint",
            "ts:a.ts#getOrderById",
            "ts:b.ts#listThings"
        )),
        "{got:?}"
    );
}

#[test]
fn stage3_skips_dropped_and_zero_logic() {
    let d = diff(vec![dropped("a.ts", "f")], vec![sym("b.ts", "g", "x", &[])]);
    assert_eq!(count(&d, "added"), 1);
    assert_eq!(count(&d, "droppedRemoved"), 1);
    // Kept Symbols whose logic fingerprint is the zero value (a writer that filled none):
    // equal logic, yet stage 3 leaves them out (one-token names keep stage 4 out too).
    let zero = |file: &str, name: &str| {
        let mut s = sym(file, name, "x", &[]);
        s.fingerprint = Fingerprint::zero();
        s
    };
    let d = diff(vec![zero("a.ts", "f")], vec![zero("b.ts", "g")]);
    assert_eq!(
        entries(&d),
        vec![
            e("added", "", "", "ts:b.ts#g"),
            e("removed", "", "", "ts:a.ts#f")
        ]
    );
    // The same two with an equal non-zero logic fingerprint pair in stage 3.
    let d = diff(
        vec![sym("a.ts", "f", "x", &[])],
        vec![sym("b.ts", "g", "x", &[])],
    );
    assert_eq!(
        entries(&d),
        vec![e(
            "moved+changed",
            "logic-fingerprint",
            "ts:a.ts#f",
            "ts:b.ts#g"
        )]
    );
}

#[test]
fn stage4_name_signature_pairs_a_method_with_a_changed_body() {
    // Member `findById` (3 tokens, threshold 0.85), same owner, same signature.
    let d = diff(
        vec![sym("a.ts", "UserRepo.findById", "!a", &[("id", "string")])],
        vec![sym("b.ts", "UserRepo.findById", "!b", &[("id", "string")])],
    );
    assert_eq!(
        entries(&d),
        vec![e(
            "moved+changed",
            "name-signature",
            "ts:a.ts#UserRepo.findById",
            "ts:b.ts#UserRepo.findById"
        )]
    );
}

#[test]
fn stage4_one_token_member_needs_a_perfect_score() {
    // `save` has one token: threshold 1.0, so a different signature refuses the pair.
    let d = diff(
        vec![sym("a.ts", "Repo.save", "!a", &[("u", "User")])],
        vec![sym("b.ts", "Repo.save", "!b", &[("u", "Order")])],
    );
    assert_eq!(count(&d, "added"), 1);
    assert_eq!(count(&d, "removed"), 1);
    let d = diff(
        vec![sym("a.ts", "Repo.save", "!a", &[("u", "User")])],
        vec![sym("b.ts", "Repo.save", "!b", &[("u", "User")])],
    );
    assert_eq!(count(&d, "movedChanged"), 1);
}

#[test]
fn stage4_two_token_member_has_a_floor_of_09() {
    // `findUser` vs `findUsers`: member tokens {find,user} vs {find,users}, Jaccard 1/3:
    // below the floor of 0.9 (the threshold itself: `stage4_threshold_by_member_tokens`).
    let d = diff(
        vec![sym("a.ts", "Repo.findUser", "!a", &[])],
        vec![sym("b.ts", "Repo.findUsers", "!b", &[])],
    );
    assert_eq!((count(&d, "added"), count(&d, "removed")), (1, 1));
}

/// The threshold itself, past the member floor: the same member name (similarity 1) with one
/// input of another type (signature similarity 2/3) scores 0.5 + 0.2 + 0.2 = 0.9. Under the
/// 0.95 of a two-token member that is no pair; under the 0.85 of a longer one it is; with the
/// same input type (score 1.0) the two-token member pairs too.
#[test]
fn stage4_threshold_by_member_tokens() {
    let pair = |name: &str, base_type: &str, head_type: &str| {
        diff(
            vec![sym("a.ts", name, "!a", &[("id", base_type)])],
            vec![sym("b.ts", name, "!b", &[("id", head_type)])],
        )
    };
    let d = pair("Repo.findUser", "string", "number");
    assert_eq!((count(&d, "added"), count(&d, "removed")), (1, 1));
    let d = pair("Repo.findUser", "string", "string");
    assert_eq!(count(&d, "movedChanged"), 1);
    let d = pair("Repo.findUserById", "string", "number");
    assert_eq!(count(&d, "movedChanged"), 1);
}

/// Postings adding up to the bucket's size make every base of the bucket a candidate (the
/// pool itself: `matcher::tests`); a base sharing no member token still fails the member
/// floor, so the pair is the one the postings alone give.
#[test]
fn stage4_a_whole_bucket_of_candidates_pairs_only_past_the_floor() {
    let d = diff(
        vec![
            sym("a.ts", "Repo.findUserById", "!a", &[("id", "string")]),
            sym("a.ts", "Repo.deleteOrder", "!c", &[("id", "string")]),
        ],
        vec![sym("b.ts", "Repo.findUserById", "!b", &[("id", "string")])],
    );
    assert_eq!(
        entries(&d),
        vec![
            e(
                "moved+changed",
                "name-signature",
                "ts:a.ts#Repo.findUserById",
                "ts:b.ts#Repo.findUserById"
            ),
            e("removed", "", "", "ts:a.ts#Repo.deleteOrder"),
        ]
    );
}

#[test]
fn stage4_owner_gate_accepts_plurals_and_refuses_abbreviations() {
    let d = diff(
        vec![sym("a.ts", "UserRepository.findById", "!a", &[])],
        vec![sym("b.ts", "UsersRepository.findById", "!b", &[])],
    );
    assert_eq!(count(&d, "movedChanged"), 1);
    let d = diff(
        vec![sym("a.ts", "UserRepo.findById", "!a", &[])],
        vec![sym("b.ts", "UsersRepository.findById", "!b", &[])],
    );
    assert_eq!((count(&d, "added"), count(&d, "removed")), (1, 1));
}

#[test]
fn stage4_single_token_names_and_heads_without_signature_are_left_out() {
    // Whole name of one token on both sides.
    let d = diff(
        vec![sym("a.ts", "handler", "!a", &[])],
        vec![sym("b.ts", "handler", "!b", &[])],
    );
    assert_eq!((count(&d, "added"), count(&d, "removed")), (1, 1));
    // Head without a signature.
    let mut head = sym("b.ts", "Repo.findById", "!b", &[]);
    head.signature = None;
    fill_fingerprints(&mut head, "(block !b)").unwrap();
    let d = diff(vec![sym("a.ts", "Repo.findById", "!a", &[])], vec![head]);
    assert_eq!((count(&d, "added"), count(&d, "removed")), (1, 1));
}

#[test]
fn stage4_scores_are_settled_in_score_order() {
    // Two bases compete for one head: the better signature wins, the other is removed.
    let d = diff(
        vec![
            sym("a.ts", "Repo.findAllById", "!a", &[("id", "string")]),
            sym("c.ts", "Repo.findAllById", "!c", &[("id", "number")]),
        ],
        vec![sym("b.ts", "Repo.findAllById", "!b", &[("id", "number")])],
    );
    let got = entries(&d);
    assert!(
        got.contains(&e(
            "moved+changed",
            "name-signature",
            "ts:c.ts#Repo.findAllById",
            "ts:b.ts#Repo.findAllById"
        )),
        "{got:?}"
    );
    assert!(got.contains(&e("removed", "", "", "ts:a.ts#Repo.findAllById")));
}

#[test]
fn stage45_dropped_weak_match_needs_a_unique_key_on_both_sides() {
    let d = diff(
        vec![dropped("a/types.ts", "UserDto")],
        vec![dropped("b/types.ts", "UserDto")],
    );
    assert_eq!(
        entries(&d),
        vec![e(
            "moved",
            "dropped-weak-match",
            "ts:a/types.ts#UserDto",
            "ts:b/types.ts#UserDto"
        )]
    );
    // Two dropped heads share both keys: nothing pairs; the leftovers are only counted.
    let d = diff(
        vec![dropped("a/types.ts", "UserDto")],
        vec![
            dropped("b/types.ts", "UserDto"),
            dropped("c/types.ts", "UserDto"),
        ],
    );
    assert!(entries(&d).is_empty());
    assert_eq!(
        (count(&d, "droppedAdded"), count(&d, "droppedRemoved")),
        (2, 1)
    );
}

#[test]
fn status_dropped_toggled_has_a_direction_and_no_delta() {
    let d = diff(vec![sym("a.ts", "f", "x", &[])], vec![dropped("a.ts", "f")]);
    assert_eq!(
        entries(&d),
        vec![e("dropped-toggled", "", "ts:a.ts#f", "ts:a.ts#f")]
    );
    assert_eq!(d["symbols"][0]["direction"], "to-dropped");
    assert!(d["symbols"][0].get("delta").is_none());
    let d = diff(vec![dropped("a.ts", "f")], vec![sym("a.ts", "f", "x", &[])]);
    assert_eq!(d["symbols"][0]["direction"], "to-kept");
}

#[test]
fn status_an_in_file_rename_is_a_move() {
    // Same file, new id: the path changed (and the API fingerprint, which holds the name).
    let d = diff(
        vec![sym("a.ts", "Svc.loadUser", "x", &[])],
        vec![sym("a.ts", "Svc.fetchUser", "x", &[])],
    );
    assert_eq!(
        entries(&d),
        vec![e(
            "moved+changed",
            "logic-fingerprint",
            "ts:a.ts#Svc.loadUser",
            "ts:a.ts#Svc.fetchUser"
        )]
    );
    assert_eq!(d["symbols"][0]["delta"]["apiChanged"], true);
    assert_eq!(d["symbols"][0]["delta"]["logicChanged"], false);
}

#[test]
fn unchanged_counts_dropped_pairs_matched_by_id() {
    let d = diff(vec![dropped("a.ts", "T")], vec![dropped("a.ts", "T")]);
    assert_eq!(count(&d, "unchanged"), 1);
}

#[test]
fn leftovers_in_a_skipped_file_are_unknown_not_removed() {
    let base = doc(vec![sym("a.ts", "f", "x", &[])]);
    let mut head = doc(vec![]);
    head.stats.total_files = 1;
    head.stats.skipped_files = Some(vec![SkippedFile {
        path: "a.ts".into(),
        reason: SkipReason::ParseFailed,
    }]);
    let d = diff_with(base, head, &BTreeMap::new());
    assert_eq!(entries(&d), vec![e("unknown", "", "", "ts:a.ts#f")]);
    assert_eq!(d["symbols"][0]["absentFrom"], "head");
    assert_eq!(d["symbols"][0]["reason"], "parse-failed");
    assert_eq!(count(&d, "unknown"), 1);
    assert_eq!(count(&d, "removed"), 0);
}

#[test]
fn files_skipped_on_both_sides_are_not_compared() {
    let mut base = doc(vec![]);
    base.stats.total_files = 1;
    base.stats.skipped_files = Some(vec![SkippedFile {
        path: "big.ts".into(),
        reason: SkipReason::OverSize,
    }]);
    let mut head = doc(vec![]);
    head.stats.total_files = 1;
    head.stats.skipped_files = Some(vec![SkippedFile {
        path: "big.ts".into(),
        reason: SkipReason::ParseFailed,
    }]);
    let d = diff_with(base, head, &BTreeMap::new());
    assert_eq!(
        d["notCompared"],
        json!([{"path": "big.ts", "baseReason": "over-size", "headReason": "parse-failed"}])
    );
}

#[test]
fn symbols_are_sorted_by_status_then_reference_id() {
    let d = diff(
        vec![
            sym("a.ts", "zOld", "1", &[]),
            sym("a.ts", "aOld", "2", &[]),
            sym("m.ts", "k", "5", &[]),
        ],
        vec![
            sym("b.ts", "zNew", "3", &[]),
            sym("b.ts", "aNew", "4", &[]),
            sym("m.ts", "k", "6", &[]),
        ],
    );
    let statuses: Vec<String> = entries(&d)
        .into_iter()
        .map(|x| format!("{} {}", x.0, x.3))
        .collect();
    // Two bases, two heads, all logic different, names far apart: no pairs but `k`.
    assert_eq!(
        statuses,
        vec![
            "added ts:b.ts#aNew",
            "added ts:b.ts#zNew",
            "changed ts:m.ts#k",
            "removed ts:a.ts#aOld",
            "removed ts:a.ts#zOld"
        ]
    );
}

#[test]
fn slices_group_changed_symbols_over_resolved_calls() {
    let mut caller = sym("a.ts", "caller", "!b", &[]);
    caller.calls.push(Call {
        target: "callee".into(),
        line: 2,
        resolved: Some("ts:a.ts#callee".into()),
    });
    let d = diff(
        vec![
            sym("a.ts", "caller", "!a", &[]),
            sym("a.ts", "callee", "!a", &[]),
            sym("z.ts", "alone", "!a", &[]),
        ],
        vec![
            caller,
            sym("a.ts", "callee", "!c", &[]),
            sym("z.ts", "alone", "!c", &[]),
        ],
    );
    assert_eq!(
        d["slices"],
        json!([
            {"id": "slice:ts:a.ts#callee", "members": ["ts:a.ts#callee", "ts:a.ts#caller"]},
            {"id": "slice:ts:z.ts#alone", "members": ["ts:z.ts#alone"]}
        ])
    );
}

#[test]
fn dependencies_added_removed_and_changed_direction() {
    let mut base = doc(vec![sym("a.ts", "f", "x", &[]), sym("a.ts", "g", "y", &[])]);
    let mut head = base.clone();
    base.dependencies
        .push(Dependency::call("ts:a.ts#f", "ts:a.ts#g"));
    head.dependencies
        .push(Dependency::call("ts:a.ts#g", "ts:a.ts#f"));
    // Calls must agree with dependencies (invariants are not checked here).
    let d = diff_with(base, head, &BTreeMap::new());
    assert_eq!(count(&d, "depsAdded"), 1);
    assert_eq!(count(&d, "depsRemoved"), 1);
    assert_eq!(d["dependencies"]["added"][0]["from"], "ts:a.ts#g");
}

/// The same edge (`from`, `to`, `via`) whose direction or effect changed is the old edge
/// removed and the new one added; the same edge unchanged is neither.
#[test]
fn an_edge_whose_direction_or_effect_changed_is_removed_and_added() {
    let base_doc = doc(vec![sym("a.ts", "f", "x", &[]), sym("a.ts", "g", "y", &[])]);
    let with = |direction: Direction, effect: Option<&str>| {
        let mut d = base_doc.clone();
        let mut edge = Dependency::call("ts:a.ts#f", "ts:a.ts#g");
        edge.direction = direction;
        edge.effect = effect.map(str::to_owned);
        d.dependencies.push(edge);
        d
    };
    let unchanged = diff_with(
        with(Direction::Outbound, None),
        with(Direction::Outbound, None),
        &BTreeMap::new(),
    );
    assert_eq!(count(&unchanged, "depsAdded"), 0);
    assert_eq!(count(&unchanged, "depsRemoved"), 0);
    let turned = diff_with(
        with(Direction::Outbound, None),
        with(Direction::Bidirectional, None),
        &BTreeMap::new(),
    );
    assert_eq!(count(&turned, "depsAdded"), 1);
    assert_eq!(count(&turned, "depsRemoved"), 1);
    assert_eq!(
        turned["dependencies"]["added"][0]["direction"],
        "bidirectional"
    );
    assert_eq!(
        turned["dependencies"]["removed"][0]["direction"],
        "outbound"
    );
    let tagged = diff_with(
        with(Direction::Outbound, None),
        with(Direction::Outbound, Some("db.write")),
        &BTreeMap::new(),
    );
    assert_eq!(count(&tagged, "depsAdded"), 1);
    assert_eq!(count(&tagged, "depsRemoved"), 1);
    assert_eq!(tagged["dependencies"]["added"][0]["effect"], "db.write");
}

/// A dependency on one side only whose endpoint sits in a file the other side skipped is
/// `unknown` (which side lacks it, and the lost files), not added or removed.
#[test]
fn a_dependency_into_a_file_the_other_side_skipped_is_unknown() {
    let mut full = doc(vec![sym("a.ts", "f", "x", &[]), sym("b.ts", "g", "y", &[])]);
    full.dependencies
        .push(Dependency::call("ts:a.ts#f", "ts:b.ts#g"));
    let mut lost = doc(vec![sym("a.ts", "f", "x", &[])]);
    lost.stats.total_files = 2;
    lost.stats.skipped_files = Some(vec![SkippedFile {
        path: "b.ts".into(),
        reason: SkipReason::ParseFailed,
    }]);
    let edge = json!({"from": "ts:a.ts#f", "to": "ts:b.ts#g", "via": "call", "direction": "outbound", "effect": null});
    let d = diff_with(full.clone(), lost.clone(), &BTreeMap::new());
    assert_eq!(
        d["dependencies"],
        json!({"added": [], "removed": [], "unknown": [{
            "dependency": edge,
            "absentFrom": "head",
            "lostFiles": [{"path": "b.ts", "reason": "parse-failed"}]
        }]})
    );
    assert_eq!(
        (
            count(&d, "depsUnknown"),
            count(&d, "depsRemoved"),
            count(&d, "depsAdded")
        ),
        (1, 0, 0)
    );
    let d = diff_with(lost.clone(), full.clone(), &BTreeMap::new());
    assert_eq!(d["dependencies"]["unknown"][0]["absentFrom"], "base");
    assert_eq!((count(&d, "depsUnknown"), count(&d, "depsAdded")), (1, 0));
    // The same loss with the file not skipped (it has no Symbols any more): removed.
    lost.stats.skipped_files = None;
    lost.stats.total_files = 1;
    let d = diff_with(full, lost, &BTreeMap::new());
    assert_eq!((count(&d, "depsUnknown"), count(&d, "depsRemoved")), (0, 1));
    assert_eq!(d["dependencies"]["removed"][0], edge);
}

#[test]
fn entry_checks_refuse_a_repeated_component_id_and_dependency_key() {
    let refs = Refs {
        base: "a".into(),
        head: "b".into(),
    };
    let fine = doc(vec![sym("a.ts", "f", "x", &[]), sym("a.ts", "g", "y", &[])]);
    let mut components = fine.clone();
    components.components = vec![
        component("api", "packages/api", &[]),
        component("api", "packages/other", &[]),
    ];
    let err = diff_documents(&components, &fine, &refs, &BTreeMap::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the base review IR holds the Component id `api` twice (ir-identity-collision); regenerate it"
    );
    let mut edges = fine.clone();
    let mut turned = Dependency::call("ts:a.ts#f", "ts:a.ts#g");
    turned.direction = Direction::Bidirectional;
    edges.dependencies = vec![Dependency::call("ts:a.ts#f", "ts:a.ts#g"), turned];
    let err = diff_documents(&fine, &edges, &refs, &BTreeMap::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the head review IR holds the dependency `ts:a.ts#f::ts:a.ts#g::call` twice (ir-identity-collision); regenerate it"
    );
    // Another `via` is another key.
    let mut two = fine.clone();
    let mut imported = Dependency::call("ts:a.ts#f", "ts:a.ts#g");
    imported.via = Via::Import;
    two.dependencies = vec![Dependency::call("ts:a.ts#f", "ts:a.ts#g"), imported];
    assert!(diff_documents(&fine, &two, &refs, &BTreeMap::new()).is_ok());
}

#[test]
fn entry_checks_refuse_a_schema_mismatch_and_a_repeated_id() {
    let base = doc(vec![]);
    let mut head = doc(vec![]);
    let refs = Refs {
        base: "a".into(),
        head: "b".into(),
    };
    // The older address of the same schema is the same schema.
    head.schema = LEGACY_SCHEMA_URL.into();
    assert!(diff_documents(&base, &head, &refs, &BTreeMap::new()).is_ok());
    head.schema = "https://aburi.kage1020.com/schema/aburi.ir.v2.json".into();
    let err = diff_documents(&base, &head, &refs, &BTreeMap::new()).unwrap_err();
    assert!(err.to_string().contains("different schemas"), "{err}");
    let s = sym("a.ts", "f", "x", &[]);
    let twice = doc(vec![s.clone(), s]);
    let err = diff_documents(&twice, &base, &refs, &BTreeMap::new()).unwrap_err();
    assert!(err.to_string().contains("ir-identity-collision"), "{err}");
}

#[test]
fn the_writer_is_canonical_and_deterministic() {
    let base = vec![sym("a.ts", "f", "!a", &[]), sym("b.ts", "g", "x", &[])];
    let head = vec![sym("a.ts", "f", "!b", &[]), sym("c.ts", "g", "x", &[])];
    let one = seam_diff::to_json(&diff(base.clone(), head.clone()), true);
    let two = seam_diff::to_json(&diff(base, head), true);
    assert_eq!(one, two);
    assert!(
        one.starts_with(
            "{\n  \"$schema\": \"https://aburi.kage1020.com/schema/aburi.diff.v1.json\""
        )
    );
    assert!(!one.ends_with('\n'));
}

fn component(id: &str, root: &str, frameworks: &[&str]) -> Component {
    Component {
        id: id.into(),
        name: id.into(),
        roots: vec![root.into()],
        public_api: Vec::new(),
        languages: vec!["ts".into()],
        frameworks: frameworks.iter().map(|f| (*f).into()).collect(),
        description: None,
    }
}

#[test]
fn components_match_by_id_and_report_what_changed() {
    let mut base = doc(vec![]);
    let mut head = doc(vec![]);
    base.components = vec![
        component("api", "packages/api", &[]),
        component("old", "packages/old", &[]),
    ];
    head.components = vec![
        component("api", "packages/api", &["express"]),
        component("web", "packages/web", &[]),
    ];
    let d = diff_with(base, head, &BTreeMap::new());
    assert_eq!(
        (
            count(&d, "componentsAdded"),
            count(&d, "componentsRemoved"),
            count(&d, "componentsChanged")
        ),
        (1, 1, 1)
    );
    assert_eq!(d["components"]["added"][0]["id"], "web");
    assert_eq!(d["components"]["removed"][0]["id"], "old");
    assert_eq!(
        d["components"]["changed"][0]["delta"],
        json!({"rootsChanged": false, "publicApiChanged": false, "frameworksChanged": true})
    );
}

#[test]
fn component_visibility_decorator_and_effect_deltas() {
    let mut before = sym("a.ts", "Ctl.get", "x", &[]);
    before.decorators.push(Decorator {
        name: "Get".into(),
        raw: "@Get(':id')".into(),
        arguments: vec!["':id'".into()],
        boundary: true,
        line: 1,
    });
    before.component = Some("api".into());
    let mut after = before.clone();
    after.decorators[0].arguments = vec!["':key'".into()];
    after.decorators[0].line = 2;
    after.visibility = Visibility::Private;
    after.component = Some("web".into());
    after.effects.push(Effect::local(
        "db.write",
        "prisma.user.create",
        3,
        "prisma",
        Confidence::High,
        "x",
    ));
    fill_fingerprints(&mut after, "(block x y)").unwrap();
    let d = diff(vec![before], vec![after]);
    let delta = &d["symbols"][0]["delta"];
    assert_eq!(delta["componentChanged"], true);
    assert_eq!(delta["visibilityChanged"], true);
    assert_eq!(
        delta["decorators"]["modified"][0]["arguments"],
        json!(["':key'"])
    );
    assert_eq!(delta["effects"]["added"][0]["target"], "prisma.user.create");
}

#[test]
fn the_one_line_summary() {
    let d = diff(
        vec![
            sym("a.ts", "f", "!a", &[]),
            sym("a.ts", "gone", "q", &[]),
            sym("b.ts", "Svc.moveMe", "m", &[("x", "X")]),
        ],
        vec![
            sym("a.ts", "f", "!b", &[]),
            sym("a.ts", "fresh", "r", &[]),
            sym("c.ts", "Svc.moveMe", "m", &[("x", "X")]),
        ],
    );
    // `gone` and `fresh` have different logic and names: removed and added.
    assert_eq!(seam_diff::one_line(&d), "+1 -1 ~1 →1");
}

/// A file that is JSON but not a review IR's shape (`ir-shape-invalid`): the shape breaches
/// alone, and what to pass instead.
#[test]
fn a_document_of_the_wrong_shape_is_refused_with_its_breaches() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    write_document_file(&good, &doc(vec![sym("a.ts", "f", "x", &[])]), true).unwrap();
    let bad = dir.path().join("bad.json");
    let mut value: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    value["symbols"] = json!({});
    value.as_object_mut().unwrap().remove("stats");
    std::fs::write(&bad, value.to_string()).unwrap();
    let err = seam_diff::diff_files(&good, &bad)
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        err,
        format!(
            "{}: the review IR breaks its integrity invariants:\n2 integrity breaches (aburi.ir.v1 §14):\n  #20: $.symbols must be an array\n  #20: $.stats is missing. Pass an aburi.ir.json written by `seam scan` (or by Aburi).",
            bad.display()
        )
    );
}

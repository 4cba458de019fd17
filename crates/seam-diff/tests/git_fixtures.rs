//! `seam diff BASE..HEAD` on small git repositories built here with the `git` command (two
//! commits each), with exact `diff.json` and `diff.md` snapshots; and the same comparison
//! made from two review IRs scanned from checkouts, which must agree with the git form.

use std::path::Path;

use serde_json::Value;

mod common;
use common::git;

fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// A repository with the `before` files committed, then `after` applied (a `""` text removes
/// the file) and committed.
fn repo(before: &[(&str, &str)], after: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    write(
        d,
        &[(
            "package.json",
            r#"{"name": "fixture", "dependencies": {"express": "4.0.0"}}"#,
        )],
    );
    write(d, before);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    for (path, text) in after {
        if text.is_empty() {
            std::fs::remove_file(d.join(path)).unwrap();
        } else {
            write(d, &[(path, text)]);
        }
    }
    git(d, &["add", "-A"]);
    git(d, &["commit", "-q", "--allow-empty", "-m", "head"]);
    dir
}

/// The git form's diff; every fixture also checks that doing the per-file work of the files
/// both revisions hold alike once gives the document two full analyses give.
fn git_diff(dir: &Path) -> Value {
    let run = |share_per_file| {
        seam_diff::diff_git_with(
            dir,
            "HEAD~1",
            seam_diff::HeadSide::Revision("HEAD"),
            &seam_diff::GitOptions {
                boundaries: true,
                share_per_file,
            },
        )
        .unwrap()
        .diff
    };
    let shared = run(true);
    let bytes = seam_diff::to_json(&shared, true);
    assert_eq!(
        bytes,
        seam_diff::to_json(&run(false), true),
        "sharing the per-file work changed the diff"
    );
    // With a cache: cold (each revision's boundary facts worked out and kept), then warm
    // (both read back, no summaries extracted): the same bytes.
    let folder = tempfile::tempdir().unwrap();
    let cache = seam_pipeline::Cache::open(folder.path(), 1 << 30).unwrap();
    let cached = || {
        seam_diff::diff_git_cached(
            dir,
            "HEAD~1",
            seam_diff::HeadSide::Revision("HEAD"),
            &seam_diff::GitOptions::default(),
            Some(&cache),
        )
        .unwrap()
    };
    let cold = cached();
    assert_eq!(bytes, seam_diff::to_json(&cold.diff, true), "cold cache");
    let warm = cached();
    assert_eq!(bytes, seam_diff::to_json(&warm.diff, true), "warm cache");
    assert!(
        warm.notes
            .contains(&"2 of 2 revisions' boundary facts read from the cache".to_owned()),
        "{:?}",
        warm.notes
    );
    shared
}

fn statuses(d: &Value) -> Vec<String> {
    d["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let id = e["after"]["id"]
                .as_str()
                .or(e["symbol"]["id"].as_str())
                .unwrap_or("");
            format!("{} {id}", e["status"].as_str().unwrap())
        })
        .collect()
}

fn snapshot(name: &str, d: &Value) {
    // The Aburi part validates against the schema once the extension key is set aside.
    let schema: Value = serde_json::from_str(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../seam-ir/schemas/aburi/aburi.diff.v1.json"
    )))
    .unwrap();
    let mut aburi = d.clone();
    aburi
        .as_object_mut()
        .unwrap()
        .remove(seam_diff::BOUNDARY_KEY);
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&aburi)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    insta::assert_snapshot!(format!("{name}.json"), seam_diff::to_json(d, true));
    insta::assert_snapshot!(format!("{name}.md"), seam_diff::markdown::render(d));
}

const SERVICE: &str = "export class UserService {
  find(id: string) {
    return db.users.find(id);
  }
  save(user: User) {
    return db.users.save(user);
  }
}
";

#[test]
fn a_guard_added_to_a_method_changes_the_method_and_its_class() {
    let after = SERVICE.replace(
        "  save(user: User) {\n",
        "  save(user: User) {\n    if (!user.id) {\n      throw new Error('no id');\n    }\n",
    );
    let r = repo(&[("src/user.ts", SERVICE)], &[("src/user.ts", &after)]);
    let d = git_diff(r.path());
    assert_eq!(
        statuses(&d),
        [
            "changed ts:src/user.ts#UserService",
            "changed ts:src/user.ts#UserService.save"
        ]
    );
    let save = &d["symbols"][1]["delta"];
    assert_eq!(save["rules"]["added"][0]["type"], "guard");
    assert_eq!(save["rules"]["added"][0]["condition"], "!user.id");
    snapshot("guard_added", &d);
}

#[test]
fn a_function_moved_to_another_file_is_moved() {
    let a = "export function keep() {\n  return 1;\n}\n\nexport function slugify(s: string) {\n  if (!s) {\n    return '';\n  }\n  return s.toLowerCase();\n}\n";
    let a_after = "export function keep() {\n  return 1;\n}\n";
    let b = "export function slugify(s: string) {\n  if (!s) {\n    return '';\n  }\n  return s.toLowerCase();\n}\n";
    let r = repo(
        &[("src/a.ts", a)],
        &[("src/a.ts", a_after), ("src/text/b.ts", b)],
    );
    let d = git_diff(r.path());
    assert_eq!(statuses(&d), ["moved ts:src/text/b.ts#slugify"]);
    assert_eq!(d["symbols"][0]["rationale"], "logic-fingerprint");
    snapshot("function_moved", &d);
}

#[test]
fn a_rename_with_the_same_body_is_matched_by_its_logic() {
    let before = "export function loadUser(id: string) {\n  if (!id) {\n    throw new Error('id');\n  }\n  return db.users.find(id);\n}\n";
    let after = before.replace("loadUser", "fetchUser");
    let r = repo(&[("src/users.ts", before)], &[("src/users.ts", &after)]);
    let d = git_diff(r.path());
    // In-file rename: the id changed, so the path changed; the API fingerprint holds the name.
    assert_eq!(statuses(&d), ["moved+changed ts:src/users.ts#fetchUser"]);
    assert_eq!(d["symbols"][0]["rationale"], "logic-fingerprint");
    assert_eq!(d["symbols"][0]["delta"]["logicChanged"], false);
    snapshot("renamed_same_body", &d);
}

#[test]
fn a_dozen_methods_stubbed_out_toggle_to_dropped() {
    let mut before = String::from("export class Store {\n");
    let mut after = String::from("export class Store {\n");
    for i in 0..12 {
        before.push_str(&format!("  method{i}(x: number) {{\n    if (x > {i}) {{\n      return db.write(x);\n    }}\n    return null;\n  }}\n"));
        after.push_str(&format!("  method{i}(x: number) {{}}\n"));
    }
    before.push_str("}\n");
    after.push_str("}\n");
    let r = repo(&[("src/store.ts", &before)], &[("src/store.ts", &after)]);
    let d = git_diff(r.path());
    assert_eq!(d["summary"]["droppedToggled"], 12);
    let toggled: Vec<&Value> = d["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["status"] == "dropped-toggled")
        .collect();
    assert_eq!(toggled.len(), 12);
    assert!(toggled.iter().all(|e| e["direction"] == "to-dropped"));
    let gate = seam_diff::failon::parse("dropped-toggled:to-dropped:>10").unwrap();
    assert_eq!(
        seam_diff::failon::tripped(&gate, &d).map(|(_, n)| n),
        Some(12)
    );
    snapshot("methods_stubbed", &d);
}

const SERVER: &str = "import express from 'express';
const app = express();
app.get('/users/:id', async (req, res) => {
  const user = await db.find(req.params.id);
  if (!user) {
    return res.status(404).json({ error: 'not found' });
  }
  res.status(200).json({ id: user.id, name: user.name });
});
";

const CLIENT: &str = "export async function loadUser(id: string) {
  const res = await fetch(`/users/${id}`);
  if (res.status === 404) {
    return null;
  }
  const body = await res.json();
  return body.name;
}
";

#[test]
fn a_handler_that_stops_sending_404_breaks_the_client_that_handles_it() {
    let after = SERVER.replace(
        "  if (!user) {\n    return res.status(404).json({ error: 'not found' });\n  }\n",
        "",
    );
    let r = repo(
        &[("server.ts", SERVER), ("client.ts", CLIENT)],
        &[("server.ts", &after)],
    );
    let d = git_diff(r.path());
    let b = &d[seam_diff::BOUNDARY_KEY];
    assert_eq!(b["brokenPairs"].as_array().unwrap().len(), 1, "{b:#}");
    assert_eq!(b["brokenPairs"][0]["reason"], "deadConsumerBranch");
    assert_eq!(b["brokenPairs"][0]["key"], "GET /users/{id}");
    assert_eq!(b["brokenPairs"][0]["consumer"], "client.ts::loadUser");
    assert_eq!(b["routes"][0]["change"], "changed");
    assert_eq!(
        b["routes"][0]["statusesRemoved"],
        serde_json::json!(["404"])
    );
    let md = seam_diff::markdown::render(&d);
    // The broken pairs lead the comment, before any symbol section.
    let broken = md.find("## Broken pairs").unwrap();
    assert!(broken < md.find("## Changed symbols").unwrap());
    snapshot("broken_pair", &d);
}

#[test]
fn two_scanned_irs_give_the_same_symbol_diff_as_the_git_form() {
    let after = SERVICE.replace(
        "    return db.users.find(id);\n",
        "    if (!id) {\n      return null;\n    }\n    return db.users.find(id);\n",
    );
    let r = repo(
        &[
            ("src/user.ts", SERVICE),
            ("src/other.ts", "export const x = () => 1;\n"),
        ],
        &[("src/user.ts", &after)],
    );
    let from_git = seam_diff::diff_git(
        r.path(),
        "HEAD~1",
        seam_diff::HeadSide::Revision("HEAD"),
        false,
    )
    .unwrap()
    .diff;
    let from_files = diff_of_scanned_irs(r.path());
    assert_eq!(
        statuses(&from_git),
        [
            "changed ts:src/user.ts#UserService",
            "changed ts:src/user.ts#UserService.find"
        ]
    );
    assert_eq!(strip(from_git), strip(from_files));
}

/// Each revision checked out into a directory of its own name and scanned; the diff of the
/// two review IRs (`--base A.json --head B.json`).
fn diff_of_scanned_irs(repo: &Path) -> Value {
    let scan_at = |rev: &str| {
        let dir = tempfile::tempdir().unwrap();
        let checkout = dir.path().join("fixture");
        git(
            dir.path(),
            &["clone", "-q", repo.to_str().unwrap(), "fixture"],
        );
        git(&checkout, &["checkout", "-q", rev]);
        let doc = seam_review::scan(&checkout, &seam_review::ScanOptions::default())
            .unwrap()
            .document;
        let file = dir.path().join("ir.json");
        seam_ir::review::write_document_file(&file, &doc, true).unwrap();
        (dir, file)
    };
    let (_keep_base, base_ir) = scan_at("HEAD~1");
    let (_keep_head, head_ir) = scan_at("HEAD");
    seam_diff::diff_files(&base_ir, &head_ir).unwrap().diff
}

/// The document without the refs naming its two sides.
fn strip(mut v: Value) -> Value {
    let m = v.as_object_mut().unwrap();
    m.remove("base");
    m.remove("head");
    v
}

/// Where the two forms differ. A review IR holds no file's bytes or content hash, so the IR
/// form has no rename map: a pure file rename (git's exact rename, the same blob under a new
/// path) is paired by git in the git form (`git-rename`) and by the matcher's later stages
/// in the IR form (here the three Symbols share the logic of a body without rules or
/// effects, so their names pair them).
/// Statuses, deltas and counts agree; only the rationales differ. The IR form has no
/// boundary diff either (it needs the summaries).
#[test]
fn a_pure_file_rename_is_a_git_rename_in_the_git_form_only() {
    let r = repo(
        &[
            ("src/user.ts", SERVICE),
            ("src/other.ts", "export const x = () => 1;\n"),
        ],
        &[("src/user.ts", ""), ("src/account.ts", SERVICE)],
    );
    let from_git = seam_diff::diff_git(
        r.path(),
        "HEAD~1",
        seam_diff::HeadSide::Revision("HEAD"),
        false,
    )
    .unwrap()
    .diff;
    let from_files = diff_of_scanned_irs(r.path());
    let rationales = |d: &Value| -> Vec<String> {
        d["symbols"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                format!(
                    "{} {} {}",
                    e["status"].as_str().unwrap(),
                    e["rationale"].as_str().unwrap_or("-"),
                    e["after"]["id"].as_str().unwrap()
                )
            })
            .collect()
    };
    assert_eq!(
        rationales(&from_git),
        [
            "moved git-rename ts:src/account.ts#UserService",
            "moved git-rename ts:src/account.ts#UserService.find",
            "moved git-rename ts:src/account.ts#UserService.save",
        ]
    );
    assert_eq!(
        rationales(&from_files),
        [
            "moved logic-fingerprint+name-disambiguation ts:src/account.ts#UserService",
            "moved logic-fingerprint+name-disambiguation ts:src/account.ts#UserService.find",
            "moved logic-fingerprint+name-disambiguation ts:src/account.ts#UserService.save",
        ]
    );
    assert!(from_files.get(seam_diff::BOUNDARY_KEY).is_none());
    let without_rationales = |d: Value| {
        let mut d = strip(d);
        for e in d["symbols"].as_array_mut().unwrap() {
            e.as_object_mut().unwrap().remove("rationale");
        }
        d
    };
    assert_eq!(without_rationales(from_git), without_rationales(from_files));
}

#[test]
fn an_unchanged_file_is_lowered_once() {
    let r = repo(
        &[
            ("a.ts", "export const a = 1;\n"),
            ("b.ts", "export const b = 1;\n"),
        ],
        &[("b.ts", "export const b = 2;\n")],
    );
    let out = seam_diff::diff_git(
        r.path(),
        "HEAD~1",
        seam_diff::HeadSide::Revision("HEAD"),
        false,
    )
    .unwrap();
    let note = out.notes.last().unwrap();
    // package.json and a.ts shared; b.ts lowered for each side.
    assert_eq!(
        note,
        "2 files lowered once for both revisions, 2 lowered for one side"
    );
}

#[test]
fn bad_revisions_say_what_to_do() {
    let r = repo(
        &[("a.ts", "export const a = 1;\n")],
        &[("a.ts", "export const a = 2;\n")],
    );
    let err = seam_diff::diff_git(
        r.path(),
        "nope",
        seam_diff::HeadSide::Revision("HEAD"),
        false,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(
        err.starts_with("the revision `nope` is not in this repository"),
        "{err}"
    );
    assert!(err.contains("git fetch origin nope"), "{err}");
    // A shallow clone holding only the last commit.
    let shallow = tempfile::tempdir().unwrap();
    let url = format!("file://{}", r.path().display());
    git(shallow.path(), &["clone", "-q", "--depth", "1", &url, "s"]);
    let err = seam_diff::diff_git(
        &shallow.path().join("s"),
        "HEAD~1",
        seam_diff::HeadSide::Revision("HEAD"),
        false,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(err.contains("shallow clone"), "{err}");
    assert!(err.contains("git fetch --unshallow"), "{err}");
    let not_repo = tempfile::tempdir().unwrap();
    let err = seam_diff::diff_git(
        not_repo.path(),
        "HEAD~1",
        seam_diff::HeadSide::WorkTree,
        false,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(err.contains("is not inside a git repository"), "{err}");
}

#[test]
fn base_against_the_working_tree() {
    let r = repo(
        &[("a.ts", "export function f(x: number) {\n  return x;\n}\n")],
        &[],
    );
    write(
        r.path(),
        &[(
            "a.ts",
            "export function f(x: number) {\n  if (x) {\n    return 0;\n  }\n  return x;\n}\n",
        )],
    );
    let d = seam_diff::diff_git(r.path(), "HEAD", seam_diff::HeadSide::WorkTree, false)
        .unwrap()
        .diff;
    assert_eq!(statuses(&d), ["changed ts:a.ts#f"]);
    assert_eq!(d["head"]["ref"], "working tree");
}

#[test]
fn the_same_bytes_on_one_thread_and_on_four() {
    let after = SERVER.replace(
        "res.status(200).json({ id: user.id, name: user.name });",
        "res.status(200).json({ id: user.id });",
    );
    let r = repo(
        &[
            ("server.ts", SERVER),
            ("client.ts", CLIENT),
            ("src/user.ts", SERVICE),
        ],
        &[("server.ts", &after)],
    );
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let d = git_diff(r.path());
            (
                seam_diff::to_json(&d, true),
                seam_diff::markdown::render(&d),
            )
        })
    };
    let one = run(1);
    assert_eq!(one, run(4));
    // The field a consumer reads that the provider stopped sending is a broken pair.
    let d: Value = serde_json::from_str(&one.0).unwrap();
    let b = &d[seam_diff::BOUNDARY_KEY];
    assert_eq!(b["routes"][0]["fieldsRemoved"], serde_json::json!(["name"]));
    assert_eq!(b["brokenPairs"][0]["reason"], "misreadProviderResponse");
    assert_eq!(b["brokenPairs"][0]["consumer"], "client.ts::loadUser");
}

#[test]
fn a_client_that_calls_another_path_or_handles_another_status_is_a_client_change() {
    let after = CLIENT
        .replace("`/users/${id}`", "`/accounts/${id}`")
        .replace("res.status === 404", "res.status === 410");
    let r = repo(
        &[("server.ts", SERVER), ("client.ts", CLIENT)],
        &[("client.ts", &after)],
    );
    let d = git_diff(r.path());
    let c = &d[seam_diff::BOUNDARY_KEY]["clients"];
    assert_eq!(c.as_array().unwrap().len(), 1, "{c:#}");
    assert_eq!(c[0]["change"], "changed");
    assert_eq!(c[0]["before"]["key"], "GET /users/{id}");
    assert_eq!(c[0]["after"]["key"], "GET /accounts/{id}");
    assert_eq!(c[0]["statusesAdded"], serde_json::json!(["410"]));
    assert_eq!(c[0]["statusesRemoved"], serde_json::json!(["404"]));
    // It paired at the base and meets no provider at the head.
    let broken = &d[seam_diff::BOUNDARY_KEY]["brokenPairs"];
    assert_eq!(broken.as_array().unwrap().len(), 1, "{broken:#}");
    assert_eq!(broken[0]["reason"], "unpaired");
    assert_eq!(broken[0]["key"], "GET /accounts/{id}");
    assert_eq!(
        broken[0]["detail"],
        "client.ts::loadUser called GET /users/{id} served by server.ts::get at the base; at the head it calls GET /accounts/{id}, which nothing serves."
    );
    let md = seam_diff::markdown::render(&d);
    assert!(
        md.contains(
            "- `loadUser` (client.ts): now calls `GET /accounts/{id}` (was `GET /users/{id}`)"
        ),
        "{md}"
    );
}

/// A revision's boundary facts kept by one diff serve a later diff that has it on one side
/// (the base of a pull request diffed again after a push): the same bytes as without them.
#[test]
fn boundary_facts_kept_for_one_revision_serve_the_next_diff() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    write(
        d,
        &[
            (
                "package.json",
                r#"{"name": "fixture", "dependencies": {"express": "4.0.0"}}"#,
            ),
            ("server.ts", SERVER),
            ("client.ts", CLIENT),
        ],
    );
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "one"]);
    write(d, &[("service.ts", SERVICE)]);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "two"]);
    let after = SERVER.replace(
        "  if (!user) {\n    return res.status(404).json({ error: 'not found' });\n  }\n",
        "",
    );
    write(d, &[("server.ts", &after)]);
    git(d, &["commit", "-qam", "three"]);
    let folder = tempfile::tempdir().unwrap();
    let cache = seam_pipeline::Cache::open(folder.path(), 1 << 30).unwrap();
    let diff = |base: &str, head: &str, cache| {
        seam_diff::diff_git_cached(
            d,
            base,
            seam_diff::HeadSide::Revision(head),
            &seam_diff::GitOptions::default(),
            cache,
        )
        .unwrap()
    };
    let first = diff("HEAD~2", "HEAD~1", Some(&cache));
    assert!(
        first
            .notes
            .contains(&"0 of 2 revisions' boundary facts read from the cache".to_owned())
    );
    let second = diff("HEAD~1", "HEAD", Some(&cache));
    assert!(
        second
            .notes
            .contains(&"1 of 2 revisions' boundary facts read from the cache".to_owned()),
        "{:?}",
        second.notes
    );
    let plain = diff("HEAD~1", "HEAD", None);
    assert_eq!(
        seam_diff::to_json(&second.diff, true),
        seam_diff::to_json(&plain.diff, true)
    );
    // The base's facts came from the cache and the pair still broke.
    let broken = &second.diff[seam_diff::BOUNDARY_KEY]["brokenPairs"];
    assert_eq!(broken[0]["reason"], "deadConsumerBranch", "{broken:#}");
}

/// Equal summaries change no boundary: the value given without checking either side is the
/// one the facts of both give.
#[test]
fn equal_summaries_give_the_boundary_diff_of_their_facts() {
    let r = repo(&[("server.ts", SERVER), ("client.ts", CLIENT)], &[]);
    let mut phases = seam_pipeline::Phases::new(false);
    let loaded = seam_pipeline::load(r.path(), &mut phases).unwrap();
    let summaries = loaded.summaries(&[]).summaries;
    let facts = seam_diff::boundary::BoundaryFacts::of(summaries.clone(), Vec::new());
    assert_eq!(
        seam_diff::boundary::BoundaryFacts::decode(&facts.encode()).as_ref(),
        Some(&facts)
    );
    let value = seam_diff::boundary::diff_facts(&facts, &facts);
    assert_eq!(value, seam_diff::boundary::unchanged());
    assert_eq!(
        value,
        seam_diff::boundary::boundary_diff(summaries.clone(), summaries)
    );
    // Not an empty project: the client pairs with the route.
    assert!(String::from_utf8_lossy(&facts.encode()).contains("client.ts::loadUser"));
}

/// A server whose handlers are named functions (a route's handler keeps its name when its
/// path changes).
const NAMED_SERVER: &str = "import express from 'express';
const app = express();
async function getUser(req, res) {
  const user = await db.find(req.params.id);
  if (!user) {
    return res.status(404).json({ error: 'not found' });
  }
  res.status(200).json({ id: user.id, name: user.name });
}
function health(req, res) {
  res.status(200).json({ ok: true });
}
app.get('/users/:id', getUser);
app.get('/health', health);
";

/// The same handler under a new path is a renamed route, with the statuses and fields it
/// gained; the client still calling the old path paired at the base and meets nothing now.
#[test]
fn a_route_renamed_with_a_status_and_a_field_added() {
    let after = NAMED_SERVER
        .replace(
            "  res.status(200).json({ id: user.id, name: user.name });\n",
            "  if (user.banned) {\n    return res.status(410).json({ error: 'gone' });\n  }\n  res.status(200).json({ id: user.id, name: user.name, email: user.email });\n",
        )
        .replace("app.get('/users/:id', getUser);", "app.get('/people/:id', getUser);");
    let r = repo(
        &[("server.ts", NAMED_SERVER), ("client.ts", CLIENT)],
        &[("server.ts", &after)],
    );
    let d = git_diff(r.path());
    let b = &d[seam_diff::BOUNDARY_KEY];
    assert_eq!(
        b["routes"],
        serde_json::json!([{
            "change": "renamed",
            "key": "GET /people/{id}",
            "before": {"key": "GET /users/{id}", "unit": "getUser", "file": "server.ts", "line": 3},
            "after": {"key": "GET /people/{id}", "unit": "getUser", "file": "server.ts", "line": 3},
            "statusesAdded": ["410"],
            "statusesRemoved": [],
            "fieldsAdded": ["email"],
            "fieldsRemoved": [],
        }])
    );
    assert_eq!(b["clients"], serde_json::json!([]));
    assert_eq!(
        b["brokenPairs"],
        serde_json::json!([{
            "reason": "unpaired",
            "key": "GET /users/{id}",
            "consumer": "client.ts::loadUser",
            "provider": "server.ts::getUser",
            "detail": "client.ts::loadUser called GET /users/{id} served by server.ts::getUser at the base; at the head it calls GET /users/{id}, which nothing serves.",
        }])
    );
    let md = seam_diff::markdown::render(&d);
    assert!(
        md.contains(
            "- renamed `GET /users/{id}` → `GET /people/{id}` (getUser); sends now: 410; new fields: email\n"
        ),
        "{md}"
    );
    snapshot("route_renamed", &d);
}

/// A route whose handler went away is removed, a new one added, each with everything its
/// handler sent (no client called either: no broken pair).
#[test]
fn a_route_added_and_one_removed() {
    let after = NAMED_SERVER
        .replace(
            "function health(req, res) {\n  res.status(200).json({ ok: true });\n}\n",
            "function createOrder(req, res) {\n  res.status(201).json({ id: 1, total: req.body.total });\n}\n",
        )
        .replace(
            "app.get('/health', health);",
            "app.post('/orders', createOrder);",
        );
    let r = repo(
        &[("server.ts", NAMED_SERVER), ("client.ts", CLIENT)],
        &[("server.ts", &after)],
    );
    let d = git_diff(r.path());
    let b = &d[seam_diff::BOUNDARY_KEY];
    assert_eq!(
        b["routes"],
        serde_json::json!([
            {
                "change": "removed",
                "key": "GET /health",
                "before": {"key": "GET /health", "unit": "health", "file": "server.ts", "line": 10},
                "statusesAdded": [],
                "statusesRemoved": ["200"],
                "fieldsAdded": [],
                "fieldsRemoved": ["ok"],
            },
            {
                "change": "added",
                "key": "POST /orders",
                "after": {"key": "POST /orders", "unit": "createOrder", "file": "server.ts", "line": 10},
                "statusesAdded": ["201"],
                "statusesRemoved": [],
                "fieldsAdded": ["id", "total"],
                "fieldsRemoved": [],
            }
        ])
    );
    assert_eq!(b["brokenPairs"], serde_json::json!([]));
    assert_eq!(b["clients"], serde_json::json!([]));
    snapshot("route_added_removed", &d);
}

/// A client call whose method changed (GET → POST) is a client change; the consumer paired
/// at the base and meets no provider at the head.
#[test]
fn a_client_call_whose_method_changed() {
    let after = CLIENT.replace(
        "fetch(`/users/${id}`)",
        "fetch(`/users/${id}`, { method: 'POST' })",
    );
    let r = repo(
        &[("server.ts", NAMED_SERVER), ("client.ts", CLIENT)],
        &[("client.ts", &after)],
    );
    let d = git_diff(r.path());
    let b = &d[seam_diff::BOUNDARY_KEY];
    assert_eq!(
        b["clients"],
        serde_json::json!([{
            "change": "changed",
            "unit": "loadUser",
            "file": "client.ts",
            "before": {"key": "GET /users/{id}", "unit": "loadUser", "file": "client.ts", "line": 1},
            "after": {"key": "POST /users/{id}", "unit": "loadUser", "file": "client.ts", "line": 1},
            "statusesAdded": [],
            "statusesRemoved": [],
        }])
    );
    assert_eq!(b["routes"], serde_json::json!([]));
    let reasons: Vec<&str> = b["brokenPairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["restCallUnknownPath", "unpaired"], "{b:#}");
    assert!(
        b["brokenPairs"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["key"] == "POST /users/{id}" && p["consumer"] == "client.ts::loadUser"),
        "{b:#}"
    );
    let md = seam_diff::markdown::render(&d);
    assert!(
        md.contains(
            "- `loadUser` (client.ts): now calls `POST /users/{id}` (was `GET /users/{id}`)\n"
        ),
        "{md}"
    );
    snapshot("client_method_changed", &d);
}

/// A repository declaring a submodule (`.gitmodules`): a git revision holds none of its files,
/// so a call no route of the revision serves may be served there, and the broken pair says so
/// as `seam check` does on a clone without the submodule.
#[test]
fn a_call_no_route_serves_names_the_submodules_the_revision_does_not_hold() {
    let gitmodules = "[submodule \"ee\"]\n\tpath = server/ee\n\turl = https://example.com/ee.git\n";
    let after = CLIENT.replace(
        "fetch(`/users/${id}`)",
        "fetch(`/users/${id}`, { method: 'POST' })",
    );
    let r = repo(
        &[
            ("server.ts", NAMED_SERVER),
            ("client.ts", CLIENT),
            (".gitmodules", gitmodules),
        ],
        &[("client.ts", &after)],
    );
    let d = git_diff(r.path());
    let details: Vec<&str> = d[seam_diff::BOUNDARY_KEY]["brokenPairs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["reason"] == "restCallUnknownPath")
        .map(|p| p["detail"].as_str().unwrap())
        .collect();
    assert_eq!(
        details,
        [
            "The client calls POST /users/{id}, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /users/{id}); it may be served from what seam could not read: server/ee"
        ]
    );
}

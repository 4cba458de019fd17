//! What the build of each summary read (`seam_extract::extract_recording`): the files it
//! consulted, and the same summaries as a run that records nothing.

use std::collections::BTreeSet;

use seam_lang::project::load_project;
use seam_packs::Detection;

mod support;
use support::{fixture, pack_fixtures, text};

/// Per summary (by name and path), the files its build read and the facts of the discovery
/// it took.
fn reads(name: &str) -> Vec<(String, BTreeSet<String>, BTreeSet<String>)> {
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let project =
        load_project(&fixture(name), &seam_packs::project_options(&packs)).expect("fixture loads");
    let detection = Detection::from_project(&project.manifests);
    let (run, reads) =
        seam_extract::extract_recording(&project.models, &detection, &packs, &Default::default());
    assert_eq!(run.summaries.len(), reads.len());
    run.summaries
        .iter()
        .zip(reads)
        .map(|(s, r)| {
            let binding = serde_json::to_value(&s.identity.boundary_binding).expect("serialises");
            let shown = format!(
                "{} {}",
                binding["semantics"]["method"].as_str().unwrap_or("-"),
                binding["semantics"]["path"].as_str().unwrap_or("-"),
            );
            let files = r
                .files
                .iter()
                .map(|&f| project.models[f].path.clone())
                .collect();
            let calls = r
                .calls
                .iter()
                .map(|&(f, _)| project.models[f].path.clone())
                .collect();
            (shown, files, calls)
        })
        .collect()
}

fn set(paths: &[&str]) -> BTreeSet<String> {
    paths.iter().map(|p| p.to_string()).collect()
}

#[test]
fn a_summary_records_its_own_file_and_the_callees_it_walked_into() {
    let got = reads("consulted-reads");
    let by_route = |route: &str| {
        got.iter()
            .find(|(shown, _, _)| shown == route)
            .unwrap_or_else(|| panic!("no summary {route} in {got:?}"))
    };
    // The handler calls `findUser` of `store.ts`: its build walks into it. The mount prefix
    // (`/api`, in `app.ts`) is the discovery's, which a reuser runs in full and compares: the
    // build never reads `app.ts`.
    let (_, files, _) = by_route("GET /api/users/:id");
    assert_eq!(files, &set(&["src/store.ts", "src/users.ts"]));
    // A handler that calls nothing of the project reads its own file only.
    let (_, files, _) = by_route("GET /api/health");
    assert_eq!(files, &set(&["src/users.ts"]));
    // The client's URL (`USERS_URL` of `config.ts`) is the discovery's too; its build reads
    // its own file and takes the recognised call from the call index.
    let (_, files, calls) = by_route("GET /api/users/{id}");
    assert_eq!(files, &set(&["src/client.ts"]));
    assert_eq!(calls, &set(&["src/client.ts"]));
    // No summary read the file nothing refers to.
    assert!(
        got.iter()
            .all(|(_, files, _)| !files.contains("src/unrelated.ts")),
        "{got:?}"
    );
}

/// Recording changes no summary: every pack fixture gives the same text either way.
#[test]
fn recording_gives_the_same_summaries_on_every_pack_fixture() {
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let options = seam_packs::project_options(&packs);
    let mut compared = 0;
    for f in pack_fixtures() {
        let Ok(project) = load_project(&f.dir, &options) else {
            continue;
        };
        let detection = Detection::from_project(&project.manifests);
        let plain = seam_extract::extract(&project.models, &detection, &packs, &Default::default());
        let (recorded, reads) = seam_extract::extract_recording(
            &project.models,
            &detection,
            &packs,
            &Default::default(),
        );
        assert_eq!(recorded.summaries.len(), reads.len(), "{}", f.name);
        assert!(
            text(&plain.summaries) == text(&recorded.summaries),
            "recording changed the summaries of {}",
            f.name
        );
        // Every summary's build reads at least the file it is in.
        for (s, r) in recorded.summaries.iter().zip(&reads) {
            let own = project
                .models
                .iter()
                .position(|m| m.path == s.location.file);
            if let Some(own) = own {
                assert!(
                    r.files.contains(&own),
                    "{}: {} read {:?}",
                    f.name,
                    s.location.file,
                    r.files
                );
            }
        }
        compared += 1;
    }
    assert!(compared > 100, "only {compared} fixtures compared");
}

/// The fixture copied to a folder of its own with one edit (`file`: `from` → `to`).
fn edited(tag: &str, file: &str, from: &str, to: &str) -> std::path::PathBuf {
    edited_fixture("consulted-reads", tag, file, from, to)
}

/// A copy of the fixture `name` (every file under it) with `from` replaced by `to` in `file`.
fn edited_fixture(name: &str, tag: &str, file: &str, from: &str, to: &str) -> std::path::PathBuf {
    let src = fixture(name);
    let dir = std::env::temp_dir().join(format!("seam-consulted-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut rels = Vec::new();
    let mut folders = vec![src.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("fixture folder reads") {
            let path = entry.expect("entry reads").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let rel = path.strip_prefix(&src).expect("under the fixture");
                rels.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    rels.sort();
    assert!(rels.iter().any(|r| r == file), "{name} holds {file}");
    for rel in rels {
        let rel = rel.as_str();
        let mut text = std::fs::read_to_string(src.join(rel)).expect("fixture file reads");
        if rel == file {
            assert!(text.contains(from), "{rel} holds {from}");
            text = text.replace(from, to);
        }
        let out = dir.join(rel);
        std::fs::create_dir_all(out.parent().expect("has a folder")).expect("folder made");
        std::fs::write(out, text).expect("file written");
    }
    dir
}

/// Extracts the fixture as it is (base) and with one edit (head), and gives the head's
/// summaries that could not be taken from the base's: a base summary of the same id is taken
/// over when its build read no changed file and took the same discovery facts (its unit, the
/// index entries and recognised calls it read). Every summary taken over is checked to be
/// byte-identical to the head's own.
fn built_again(tag: &str, file: &str, from: &str, to: &str) -> Vec<String> {
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let options = seam_packs::project_options(&packs);
    let head_dir = edited(tag, file, from, to);
    let load = |dir: &std::path::Path| {
        let project = load_project(dir, &options).expect("fixture loads");
        let detection = Detection::from_project(&project.manifests);
        let (run, reads) = seam_extract::extract_recording(
            &project.models,
            &detection,
            &packs,
            &Default::default(),
        );
        (project, run.summaries, reads)
    };
    let (base, base_summaries, base_reads) = load(&fixture("consulted-reads"));
    let (head, head_summaries, head_reads) = load(&head_dir);
    let _ = std::fs::remove_dir_all(&head_dir);
    let paths = |p: &seam_lang::project::Project| -> Vec<String> {
        p.models.iter().map(|m| m.path.clone()).collect()
    };
    assert_eq!(paths(&base), paths(&head));
    let changed: BTreeSet<usize> = (0..head.models.len())
        .filter(|&i| base.models[i].source != head.models[i].source)
        .collect();
    assert_eq!(changed.len(), 1);
    let mut again = Vec::new();
    for (s, r) in head_summaries.iter().zip(&head_reads) {
        let before = base_summaries
            .iter()
            .zip(&base_reads)
            .find(|(b, _)| b.identity.id == s.identity.id);
        let taken = before.filter(|(_, b)| {
            b.files.iter().all(|f| !changed.contains(f)) && b.facts == r.facts && b.calls == r.calls
        });
        match taken {
            Some((b, _)) => assert_eq!(
                serde_json::to_string(b).expect("writes"),
                serde_json::to_string(s).expect("writes"),
                "{tag}: taken over but different"
            ),
            None => {
                let binding =
                    serde_json::to_value(&s.identity.boundary_binding).expect("serialises");
                again.push(format!(
                    "{} {}",
                    binding["semantics"]["method"].as_str().unwrap_or("-"),
                    binding["semantics"]["path"].as_str().unwrap_or("-"),
                ));
            }
        }
    }
    again.sort();
    again
}

#[test]
fn an_edited_callee_rebuilds_the_summaries_that_walked_into_it() {
    let again = built_again(
        "callee",
        "src/store.ts",
        "  return { id };",
        "  if (id === \"0\") {\n    throw new Error(\"zero\");\n  }\n  return { id };",
    );
    assert_eq!(again, vec!["GET /api/users/:id".to_owned()]);
}

#[test]
fn an_edited_mount_prefix_rebuilds_the_routes_under_it() {
    let again = built_again("mount", "src/app.ts", "\"/api\"", "\"/v2\"");
    assert_eq!(
        again,
        vec!["GET /v2/health".to_owned(), "GET /v2/users/:id".to_owned()]
    );
}

#[test]
fn an_edited_imported_url_rebuilds_the_client_that_sends_it() {
    let again = built_again(
        "constant",
        "src/config.ts",
        "\"/api/users\"",
        "\"/api/people\"",
    );
    assert_eq!(again, vec!["GET /api/people/{id}".to_owned()]);
}

/// Extracts the fixture (base, keeping its work) and the fixture with one edit (head), the
/// head reusing the base's kept work read back from its bytes; gives how many units the head
/// took and built, after checking that its summaries are byte-identical to a full extraction.
fn reused(tag: &str, file: &str, from: &str, to: &str) -> (usize, usize) {
    let (taken, built, _) = reused_in("consulted-reads", tag, file, from, to);
    (taken, built)
}

/// [`reused`] on the fixture `name`; also gives how many files' parts of the `callers` index
/// the head took from the base's kept work.
fn reused_in(name: &str, tag: &str, file: &str, from: &str, to: &str) -> (usize, usize, usize) {
    let (taken, built, callers, _) = reused_counts(name, tag, file, from, to);
    (taken, built, callers)
}

/// [`reused_in`], also giving for how many (client pack, file) the head took what client
/// discovery found in the file from the base's kept work.
fn reused_counts(
    name: &str,
    tag: &str,
    file: &str,
    from: &str,
    to: &str,
) -> (usize, usize, usize, usize) {
    let (reused, _) = reused_run(name, tag, file, from, to);
    (
        reused.taken,
        reused.built,
        reused.file_callers_taken,
        reused.client_files_taken,
    )
}

/// [`reused_counts`]' run: what the head took from the base's kept work, and each of its
/// summaries as `METHOD path file`.
fn reused_run(
    name: &str,
    tag: &str,
    file: &str,
    from: &str,
    to: &str,
) -> (seam_extract::reuse::Reused, Vec<String>) {
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let options = seam_packs::project_options(&packs);
    let head_dir = edited_fixture(name, &format!("reuse-{tag}"), file, from, to);
    let load = |dir: &std::path::Path| {
        let project = load_project(dir, &options).expect("fixture loads");
        let detection = Detection::from_project(&project.manifests);
        (project, detection)
    };
    let (base, base_detection) = load(&fixture(name));
    let (head, head_detection) = load(&head_dir);
    let _ = std::fs::remove_dir_all(&head_dir);
    let (_, kept, _) = seam_extract::extract_packed_reusing(
        &base.models,
        &base_detection,
        &packs,
        &Default::default(),
        None,
        true,
    );
    let kept = kept.expect("a keeping run gives its work");
    let prior = seam_extract::reuse::Prior::decode(&kept.encode()).expect("reads back");
    assert_eq!(prior.len(), kept.len());
    let (run, next, reused) = seam_extract::extract_packed_reusing(
        &head.models,
        &head_detection,
        &packs,
        &Default::default(),
        Some(&prior),
        true,
    );
    let full = seam_extract::extract(&head.models, &head_detection, &packs, &Default::default());
    let text =
        |s: &[seam_ir::summary::BehavioralSummary]| serde_json::to_string(s).expect("writes");
    assert_eq!(
        text(&run.unpack().summaries),
        text(&full.summaries),
        "{tag}"
    );
    // The head's own kept work is what a full keeping run of the head keeps.
    let (_, own, _) = seam_extract::extract_packed_reusing(
        &head.models,
        &head_detection,
        &packs,
        &Default::default(),
        None,
        true,
    );
    assert_eq!(
        next.expect("kept").encode(),
        own.expect("kept").encode(),
        "{tag}: kept work"
    );
    let shown = full
        .summaries
        .iter()
        .map(|s| {
            let binding = serde_json::to_value(&s.identity.boundary_binding).expect("serialises");
            format!(
                "{} {} {}",
                binding["semantics"]["method"].as_str().unwrap_or("-"),
                binding["semantics"]["path"].as_str().unwrap_or("-"),
                s.location.file,
            )
        })
        .collect();
    (reused, shown)
}

#[test]
fn the_head_reuses_every_unit_whose_build_read_nothing_changed() {
    // Six units: three routes, a client, and the rest (see the tests above for which ones
    // each edit rebuilds).
    let callee = reused(
        "callee",
        "src/store.ts",
        "  return { id };",
        "  if (id === \"0\") {\n    throw new Error(\"zero\");\n  }\n  return { id };",
    );
    let mount = reused("mount", "src/app.ts", "\"/api\"", "\"/v2\"");
    let constant = reused(
        "constant",
        "src/config.ts",
        "\"/api/users\"",
        "\"/api/people\"",
    );
    let unrelated = reused("unrelated", "src/unrelated.ts", "export", "export");
    assert_eq!((callee.1, mount.1, constant.1, unrelated.1), (1, 2, 1, 0));
    assert_eq!(callee.0 + callee.1, unrelated.0);
}

/// Each file's part of the `callers` index (which route wrappers read) is taken from the
/// base's kept work only where working it out read no changed file. A function added in
/// front of the wrappers in `mount.ts` moves their ids: the part of `app.ts`, whose calls
/// reach them, must be worked out again although `app.ts` did not change, or the routes
/// registered through the wrappers would be lost (the summaries are compared with a full
/// extraction in `reused_in`).
#[test]
fn a_files_part_of_the_callers_index_is_worked_out_again_when_a_file_it_read_changed() {
    let files = 2; // package.json is no model
    let (_, _, unrelated) = reused_in(
        "route-wrappers-ts",
        "wrappers-unchanged",
        "src/app.ts",
        "mountHealth(app, \"/internal\");",
        "mountHealth(app, \"/internal\");",
    );
    assert_eq!(unrelated, files);
    let (_, built, moved) = reused_in(
        "route-wrappers-ts",
        "wrappers-moved",
        "src/mount.ts",
        "// The project's own helper",
        "export function first() {\n  return 1;\n}\n\n// The project's own helper",
    );
    assert_eq!(moved, 0, "app.ts read mount.ts, and mount.ts changed");
    assert!(built > 0);
    let (_, _, handler) = reused_in(
        "route-wrappers-ts",
        "wrappers-handler",
        "src/app.ts",
        "\"Ada\"",
        "\"Grace\"",
    );
    assert_eq!(handler, 1, "mount.ts's part read only mount.ts");
}

/// The calls client discovery found nothing at (`http.get` on a local object) are not read
/// again where nothing reading them read changed; when `http.ts` becomes an axios instance,
/// the call in `api.ts` (which did not change) is a client call, so what discovery found in
/// `api.ts` must be read again (the summaries are compared with a full extraction in
/// `reused_in`).
#[test]
fn quiet_calls_are_read_again_when_a_file_they_read_changed() {
    let (_, _, _, unchanged) = reused_counts(
        "quiet-calls",
        "quiet-unchanged",
        "src/users.ts",
        "\"/api/users\"",
        "\"/api/users\"",
    );
    assert!(unchanged > 0, "what discovery found in api.ts is taken");
    let (_, built, _, _) = reused_counts(
        "quiet-calls",
        "quiet-client",
        "src/http.ts",
        "// A local object with a get method: no HTTP client.\nexport const http = {\n  get(url: string) {\n    return url;\n  },\n};\n",
        "import axios from \"axios\";\n\nexport const http = axios.create({ baseURL: \"/v1\" });\n",
    );
    assert!(built > 0, "the new client call of api.ts is built");
}

/// What client discovery found in each file is taken from the base's kept work only where
/// nothing reading the file's calls read changed. The fixture: a wrapper in `http.ts` puts
/// its callers' paths (in `users.ts`, `teams.ts`) under `/api/v1`, so reading `http.ts`'s
/// calls finds units at calls in those files; `orders.ts` sends a constant of `paths.ts`.
/// Each edit below changes what discovery finds in a file that did not change, or at a call
/// of a file that did not change; the summaries are compared with a full extraction, and the
/// head's kept work with a full keeping run's, in `reused_run`.
#[test]
fn what_client_discovery_found_in_a_file_is_read_again_when_a_file_it_read_changed() {
    let has = |shown: &[String], line: &str| {
        assert!(shown.iter().any(|s| s == line), "no {line} in {shown:?}")
    };
    // Nothing changed: every (client pack, file)'s discovery is taken.
    let (same, shown) = reused_run(
        "client-files",
        "files-unchanged",
        "src/paths.ts",
        "export",
        "export",
    );
    let all = same.client_files_taken;
    assert_eq!(same.built, 0);
    assert_eq!(all % 5, 0, "each client pack runs on the five files");
    has(&shown, "GET /api/v1/teams src/teams.ts");
    // The wrapper's base changes in http.ts: its callers in users.ts and teams.ts (which did
    // not change) get the new path.
    let (base, shown) = reused_run(
        "client-files",
        "files-wrapper-base",
        "src/http.ts",
        "\"/api/v1\"",
        "\"/api/v2\"",
    );
    has(&shown, "GET /api/v2/teams src/teams.ts");
    has(&shown, "GET /api/v2/users/{id} src/users.ts");
    assert_eq!(base.built, 2);
    assert!(base.client_files_taken < all);
    // A caller's path changes in teams.ts: the unit found reading http.ts's calls (which did
    // not change) moves.
    let (caller, shown) = reused_run(
        "client-files",
        "files-caller",
        "src/teams.ts",
        "\"/teams\"",
        "\"/squads\"",
    );
    has(&shown, "GET /api/v1/squads src/teams.ts");
    assert_eq!(caller.built, 1);
    assert!(caller.client_files_taken < all);
    // The constant orders.ts sends changes in paths.ts: orders.ts (which did not change) is
    // read again.
    let (constant, shown) = reused_run(
        "client-files",
        "files-constant",
        "src/paths.ts",
        "\"/api/orders\"",
        "\"/api/purchases\"",
    );
    has(&shown, "GET /api/purchases src/orders.ts");
    assert_eq!(constant.built, 1);
    assert!(constant.client_files_taken < all);
}

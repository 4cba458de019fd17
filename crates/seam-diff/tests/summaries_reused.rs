//! The head's summaries taken from the base's where nothing their build read changed
//! (`seam_extract::reuse`): with a cache, the base's extraction keeps its work (in memory for
//! this run and in the cache for the next), and the head builds only the units whose record
//! fails. Each case compares the bytes with a run without a cache (which extracts both
//! revisions in full) and says how many units the head took and built.

mod common;
use common::{committed, git};

/// An Express router mounted under a prefix, a handler walking into a function of another
/// file, an axios client sending an imported URL constant, and a file nothing reads (the
/// fixture of `seam-extract`'s `tests/consulted.rs`).
const FILES: &[(&str, &str)] = &[
    (
        "package.json",
        r#"{ "name": "consulted-reads", "dependencies": { "express": "^4.18.0", "axios": "^1.6.0" } }"#,
    ),
    (
        "src/app.ts",
        "import express from \"express\";\nimport { users } from \"./users\";\n\nconst app = express();\napp.use(\"/api\", users);\napp.listen(3000);\n",
    ),
    (
        "src/client.ts",
        "import axios from \"axios\";\nimport { USERS_URL } from \"./config\";\n\nexport async function loadUser(id: string) {\n  const response = await axios.get(`${USERS_URL}/${id}`);\n  return response.data;\n}\n",
    ),
    (
        "src/config.ts",
        "export const USERS_URL = \"/api/users\";\n",
    ),
    (
        "src/store.ts",
        "export function findUser(id: string) {\n  if (id === \"\") {\n    return null;\n  }\n  return { id };\n}\n",
    ),
    (
        "src/unrelated.ts",
        "export function unrelated(x: number) {\n  return x + 1;\n}\n",
    ),
    (
        "src/users.ts",
        "import { Router } from \"express\";\nimport { findUser } from \"./store\";\n\nexport const users = Router();\n\nusers.get(\"/users/:id\", (req, res) => {\n  const user = findUser(req.params.id);\n  if (!user) {\n    return res.status(404).json({ error: \"not found\" });\n  }\n  return res.json(user);\n});\n\nusers.get(\"/health\", (req, res) => {\n  return res.json({ ok: true });\n});\n",
    ),
];

/// A repository of [`FILES`], then a commit with `edit` applied: (path, from, to) replaces
/// text; an empty `from` writes the file anew (`to` empty: removes it).
fn repo(files: &[(&str, &str)], edit: &[(&str, &str, &str)]) -> tempfile::TempDir {
    let dir = committed(files);
    let d = dir.path();
    for (path, from, to) in edit {
        let p = d.join(path);
        if from.is_empty() && to.is_empty() {
            std::fs::remove_file(p).unwrap();
        } else if from.is_empty() {
            std::fs::write(p, to).unwrap();
        } else {
            let text = std::fs::read_to_string(&p).unwrap();
            assert!(text.contains(from), "{path} holds {from}");
            std::fs::write(p, text.replace(from, to)).unwrap();
        }
    }
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "head"]);
    dir
}

/// The head's (taken, built) units when the base was diffed before (its work read back from
/// the cache), after checking that this run, a cold one (the base's work kept in memory) and
/// a warm one give the bytes of a run without a cache.
fn reused(edit: &[(&str, &str, &str)]) -> (usize, usize) {
    let (taken, built, _) = reused_in(FILES, edit);
    (taken, built)
}

/// [`reused`] on a repository of `files`; also gives how many files' parts of the `callers`
/// index the head took from the base's work (0 when no note says).
fn reused_in(files: &[(&str, &str)], edit: &[(&str, &str, &str)]) -> (usize, usize, usize) {
    let dir = repo(files, edit);
    let d = dir.path();
    let diff = |base: &str, head: &str, cache: Option<&seam_pipeline::Cache>| {
        seam_diff::diff_git_cached(
            d,
            base,
            seam_diff::HeadSide::Revision(head),
            &seam_diff::GitOptions::default(),
            cache,
        )
        .unwrap()
    };
    let bytes = seam_diff::to_json(&diff("HEAD~1", "HEAD", None).diff, true);
    let counts = |notes: &[String]| -> (usize, usize) {
        let note = notes
            .iter()
            .find_map(|n| n.strip_prefix("head: "))
            .filter(|n| n.contains("units' summaries taken"))
            .unwrap_or_else(|| panic!("no note of reuse in {notes:?}"));
        let numbers: Vec<usize> = note
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        (numbers[0], numbers[1])
    };
    // Cold: both revisions extracted here, the head reusing the base's work in memory.
    let folder = tempfile::tempdir().unwrap();
    let cache = seam_pipeline::Cache::open(folder.path(), 1 << 30).unwrap();
    let cold = diff("HEAD~1", "HEAD", Some(&cache));
    assert_eq!(bytes, seam_diff::to_json(&cold.diff, true), "cold");
    let warm = diff("HEAD~1", "HEAD", Some(&cache));
    assert_eq!(bytes, seam_diff::to_json(&warm.diff, true), "warm");
    // The base diffed before: its work read back from the cache.
    let folder = tempfile::tempdir().unwrap();
    let before = seam_pipeline::Cache::open(folder.path(), 1 << 30).unwrap();
    diff("HEAD~1", "HEAD~1", Some(&before));
    let second = diff("HEAD~1", "HEAD", Some(&before));
    assert_eq!(
        bytes,
        seam_diff::to_json(&second.diff, true),
        "base diffed before"
    );
    assert_eq!(counts(&second.notes), counts(&cold.notes));
    let callers_taken = |notes: &[String]| -> usize {
        notes
            .iter()
            .filter_map(|n| n.strip_prefix("head: "))
            .find(|n| n.contains("calls of project functions taken"))
            .and_then(|n| n.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    assert_eq!(callers_taken(&second.notes), callers_taken(&cold.notes));
    let (taken, built) = counts(&second.notes);
    (taken, built, callers_taken(&second.notes))
}

#[test]
fn an_edited_callee_rebuilds_the_route_that_walked_into_it() {
    let (taken, built) = reused(&[(
        "src/store.ts",
        "  return { id };",
        "  if (id === \"0\") {\n    throw new Error(\"zero\");\n  }\n  return { id };",
    )]);
    assert_eq!(built, 1);
    assert!(taken > 0);
}

#[test]
fn an_edited_mount_prefix_rebuilds_the_routes_under_it() {
    let (taken, built) = reused(&[("src/app.ts", "\"/api\"", "\"/v2\"")]);
    assert_eq!(built, 2);
    assert!(taken > 0);
}

#[test]
fn an_edited_imported_url_rebuilds_the_client_that_sends_it() {
    let (taken, built) = reused(&[("src/config.ts", "\"/api/users\"", "\"/api/people\"")]);
    assert_eq!(built, 1);
    assert!(taken > 0);
}

/// File indexes in the kept records are only meaningful between revisions that list the same
/// files: an added or a removed file builds every unit (the same bytes all the same).
#[test]
fn an_added_or_a_removed_file_builds_every_unit() {
    let (taken, added) = reused(&[(
        "src/extra.ts",
        "",
        "export function extra() {\n  return 1;\n}\n",
    )]);
    assert_eq!(taken, 0);
    let (taken, removed) = reused(&[("src/unrelated.ts", "", "")]);
    assert_eq!(taken, 0);
    assert_eq!(added, removed);
    assert!(added > 0);
}

/// An Express app registering its routes through wrapper functions of another file (the
/// routes are found through the `callers` index, whose parts per file the head takes from
/// the base's work where nothing they read changed).
const WRAPPERS: &[(&str, &str)] = &[
    (
        "package.json",
        r#"{ "name": "wrappers", "dependencies": { "express": "^4.19.2" } }"#,
    ),
    (
        "src/app.ts",
        "import express from \"express\";\nimport { mount, mountHealth } from \"./mount\";\n\nconst app = express();\n\nfunction getUser(req, res) {\n  if (!req.params.id) {\n    return res.status(400).json({ error: \"id required\" });\n  }\n  res.status(200).json({ id: req.params.id, name: \"Ada\" });\n}\n\nmount(app, \"/users/:id\", getUser);\nmountHealth(app, \"/internal\");\n",
    ),
    (
        "src/mount.ts",
        "import type { Express, RequestHandler } from \"express\";\n\n// Registers one handler.\nexport function mount(app: Express, path: string, h: RequestHandler) {\n  app.get(path, h);\n}\n\n// A fixed handler under a path the caller chooses.\nexport function mountHealth(app: Express, base: string) {\n  app.get(`${base}/health`, (req, res) => {\n    res.status(200).json({ ok: true });\n  });\n}\n",
    ),
    (
        "src/unrelated.ts",
        "export function unrelated(x: number) {\n  return x + 1;\n}\n",
    ),
];

/// A change in one file changes the routes another file's calls register: a function added
/// in front of the wrappers (their ids move) and a wrapper that now registers under a prefix
/// of its own. The part of `app.ts` (which did not change) read `mount.ts`, so it is worked
/// out again; every output equals a run without a cache.
#[test]
fn a_changed_wrapper_file_changes_the_routes_of_its_callers_file() {
    let (_, _, unrelated) = reused_in(WRAPPERS, &[("src/unrelated.ts", "x + 1", "x + 2")]);
    assert_eq!(
        unrelated, 2,
        "app.ts and mount.ts read nothing that changed"
    );
    let (_, built, moved) = reused_in(
        WRAPPERS,
        &[(
            "src/mount.ts",
            "// Registers one handler.",
            "export function first() {\n  return 1;\n}\n\n// Registers one handler.",
        )],
    );
    assert!(built > 0);
    assert!(
        moved <= 1,
        "app.ts's part is worked out again ({moved} taken)"
    );
    let (_, built, prefixed) = reused_in(
        WRAPPERS,
        &[(
            "src/mount.ts",
            "app.get(path, h);",
            "app.get(`/v2${path}`, h);",
        )],
    );
    assert!(built > 0);
    assert!(
        prefixed <= 1,
        "app.ts's part is worked out again ({prefixed} taken)"
    );
}

/// A call on a local object (`http.get`) client discovery finds nothing at, in a file that
/// does not change, while the file defining the object becomes an axios instance.
const QUIET: &[(&str, &str)] = &[
    (
        "package.json",
        r#"{ "name": "quiet-calls", "dependencies": { "axios": "^1.6.0" } }"#,
    ),
    (
        "src/http.ts",
        "// A local object with a get method: no HTTP client.\nexport const http = {\n  get(url: string) {\n    return url;\n  },\n};\n",
    ),
    (
        "src/api.ts",
        "import { http } from \"./http\";\n\nexport async function loadItems() {\n  const response = await http.get(\"/api/items\");\n  return response;\n}\n",
    ),
    (
        "src/users.ts",
        "import axios from \"axios\";\n\nexport async function loadUsers() {\n  const response = await axios.get(\"/api/users\");\n  return response.data;\n}\n",
    ),
];

/// The calls client discovery found nothing at are taken from the base's work only where
/// nothing reading them read changed: here `api.ts`'s call becomes a client call through
/// `http.ts`, and every output equals a run without a cache.
#[test]
fn a_call_that_becomes_a_client_call_through_another_file_is_read_again() {
    let (_, built, _) = reused_in(
        QUIET,
        &[(
            "src/http.ts",
            "// A local object with a get method: no HTTP client.\nexport const http = {\n  get(url: string) {\n    return url;\n  },\n};\n",
            "import axios from \"axios\";\n\nexport const http = axios.create({ baseURL: \"/v1\" });\n",
        )],
    );
    assert!(built > 0);
}

/// A wrapper in `http.ts` that puts its callers' paths under a base, two callers in other
/// files, and a client sending a constant of `paths.ts` (the fixture `client-files` of
/// `seam-extract`'s `tests/consulted.rs`).
const WRAPPED: &[(&str, &str)] = &[
    (
        "package.json",
        r#"{ "name": "client-files", "dependencies": { "axios": "^1.6.0" } }"#,
    ),
    (
        "src/http.ts",
        "import axios from \"axios\";\n\nexport async function getJson(path: string) {\n  const response = await axios.get(\"/api/v1\" + path);\n  return response.data;\n}\n",
    ),
    (
        "src/users.ts",
        "import { getJson } from \"./http\";\n\nexport async function loadUser(id: string) {\n  return getJson(`/users/${id}`);\n}\n",
    ),
    (
        "src/teams.ts",
        "import { getJson } from \"./http\";\n\nexport async function loadTeams() {\n  return getJson(\"/teams\");\n}\n",
    ),
    (
        "src/orders.ts",
        "import axios from \"axios\";\nimport { ORDERS } from \"./paths\";\n\nexport async function loadOrders() {\n  const response = await axios.get(ORDERS);\n  return response.data;\n}\n",
    ),
    ("src/paths.ts", "export const ORDERS = \"/api/orders\";\n"),
];

/// What client discovery found in a file is taken from the base's work only where nothing
/// reading the file's calls read changed. Each edit changes the units found at calls of files
/// that did not change (the wrapper's base moves its callers; a caller's path moves the unit
/// found reading the wrapper's file; a constant moves the call sending it), and every output
/// equals a run without a cache.
#[test]
fn what_client_discovery_found_in_a_file_is_found_again_when_a_file_it_read_changed() {
    let (_, built, _) = reused_in(WRAPPED, &[("src/http.ts", "\"/api/v1\"", "\"/api/v2\"")]);
    assert_eq!(built, 2, "both callers of the wrapper");
    let (_, built, _) = reused_in(WRAPPED, &[("src/teams.ts", "\"/teams\"", "\"/squads\"")]);
    assert_eq!(built, 1);
    let (_, built, _) = reused_in(
        WRAPPED,
        &[("src/paths.ts", "\"/api/orders\"", "\"/api/purchases\"")],
    );
    assert_eq!(built, 1);
}

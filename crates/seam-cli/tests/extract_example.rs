//! `seam extract` end to end on examples/shop, and its failure modes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn seam() -> Command {
    Command::new(env!("CARGO_BIN_EXE_seam"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_shop_example_gives_every_route_and_call_with_its_path() {
    let out_dir = tempfile_dir();
    let out = out_dir.join("shop.json");
    let status = seam()
        .arg("extract")
        .arg(repo().join("examples/shop"))
        .arg("-o")
        .arg(&out)
        .arg("--explain")
        .output()
        .expect("runs");
    assert_eq!(
        status.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(
        stderr.contains("server/src/routes: express (server/package.json depends on express)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("web/src/api: axios (web/package.json depends on axios)"),
        "{stderr}"
    );
    // The Python service is extracted in the same run, its packs chosen from pyproject.toml.
    assert!(
        stderr.contains(
            "recommendations/app: fastapi (recommendations/pyproject.toml depends on fastapi)"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "recommendations/app: httpx (recommendations/pyproject.toml depends on httpx)"
        ),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(text.starts_with("[\n{\"kind\":\"handler\""));
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    let summaries = value.as_array().expect("array");
    // Read with $def/$ref resolved by seam-ir, to see the boundaries.
    let typed = seam_ir::summary::parse_summaries(&text, "shop.json").expect("reads back");
    assert_eq!(typed.len(), summaries.len());
    // The functions that read or write the database are units of their own, with no binding:
    // their accesses are storage-access effects.
    let mut store_units: Vec<String> = typed
        .iter()
        .filter(|s| s.identity.boundary_binding.is_none())
        .map(|s| format!("{}::{}", s.location.file, s.identity.name))
        .collect();
    store_units.sort();
    assert_eq!(
        store_units,
        [
            "server/src/lib/store.ts::findOrder",
            "server/src/lib/store.ts::findUser",
            "server/src/lib/store.ts::findUserByEmail",
            "server/src/lib/store.ts::insertUser",
            "server/src/lib/store.ts::listOrders",
            "server/src/lib/store.ts::saveOrder",
        ]
    );
    let mut boundaries: Vec<String> = typed
        .iter()
        .filter(|s| s.identity.boundary_binding.is_some())
        .map(|s| {
            let b = s.identity.boundary_binding.as_ref().expect("binding");
            let seam_ir::summary::Semantics::Rest(r) = &b.semantics else {
                panic!("rest")
            };
            format!(
                "{} {} {} {}",
                serde_json::to_value(&s.kind).unwrap().as_str().unwrap(),
                r.method.clone().unwrap_or_default(),
                r.path.clone().unwrap_or_default(),
                b.recognition
            )
        })
        .collect();
    boundaries.sort();
    assert_eq!(
        boundaries,
        [
            "client DELETE /api/orders/{id} axios",
            "client GET /api/orders axios",
            "client GET /api/users/{id} fetch",
            "client GET /api/users/{user_id} httpx",
            "client GET /health fetch",
            "client GET /recommendations/{userId} fetch",
            "client POST /api/orders axios",
            "client POST /api/orders/{id}/cancel axios",
            "client POST /api/users fetch",
            "handler GET /api/orders express",
            "handler GET /api/orders/:id express",
            "handler GET /api/users/:id express",
            "handler GET /health express",
            "handler GET /recommendations/{user_id} fastapi",
            "handler PATCH /api/orders/:id express",
            "handler POST /api/orders express",
            "handler POST /api/orders/:id/cancel express",
            "handler POST /api/users express",
        ]
    );
    let ids: Vec<&str> = typed
        .iter()
        .filter_map(|s| s.identity.id.as_deref())
        .collect();
    assert!(ids.contains(&"@shop/server::server/src/routes/users.ts::get#GET /api/users/{id}"));
    assert!(ids.contains(&"@shop/web::web/src/api/users.ts::getUser"));
    let get_user = serde_json::to_string(
        typed
            .iter()
            .find(|s| {
                s.identity.id.as_deref()
                    == Some("@shop/server::server/src/routes/users.ts::get#GET /api/users/{id}")
            })
            .unwrap(),
    )
    .unwrap();
    assert!(get_user.contains("\"id\":\"get:response:404:9d39a1a\""));
}

#[test]
fn the_same_bytes_on_one_thread() {
    let run = |threads: &str| {
        seam()
            .args(["--threads", threads, "extract"])
            .arg(repo().join("examples/shop"))
            .output()
            .expect("runs")
            .stdout
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn a_repository_no_pack_applies_to_gets_an_explanation() {
    let out = seam()
        .arg("extract")
        .arg(repo().join("crates/seam-extract/tests/fixtures/none"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("found no pack that applies"), "{stderr}");
    assert!(stderr.contains("package.json (lodash)"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_broken_repository_pack_names_file_line_and_problem() {
    let dir = tempfile_dir();
    std::fs::create_dir_all(dir.join(".seam/packs")).unwrap();
    std::fs::write(dir.join(".seam/packs/mine.yaml"), "name: mine\nlanguages: [typescript]\nkind: handler\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [x] }\nterminals:\n  - pattern: $RES.json($BODY)\n    body: $DATA\n").unwrap();
    let out = seam().arg("packs").arg(&dir).output().expect("runs");
    // A bad pack is unreadable input: exit 2, as on every command.
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("mine.yaml:8: `body` names `$DATA`"),
        "{stderr}"
    );
}

#[test]
fn packs_lists_where_each_came_from() {
    let out = seam()
        .arg("packs")
        .arg(repo().join("examples/shop"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    // One line per pack, built-in packs in their folders' name order; other packs are added
    // by other work, so each expected line is checked exactly rather than the whole list.
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "actix-web\thandler\trust\tcargo: actix-web\tbuilt-in",
            "angular-http\tclient\tjavascript\tnpm: @angular/common\tbuilt-in",
            "angularjs\tclient\tjavascript\talways\tbuilt-in",
            "aspnetcore-minimal\thandler\tcsharp\tnuget: Microsoft.AspNetCore.App\tbuilt-in",
        ]
    );
    for line in [
        "express\thandler\tjavascript\tnpm: express\tbuilt-in",
        "fetch\tclient\tjavascript\talways\tbuilt-in",
        "fastapi\thandler\tpython\tpypi: fastapi\tbuilt-in",
        "requests\tclient\tpython\tpypi: requests\tbuilt-in",
        "httpx\tclient\tpython\tpypi: httpx\tbuilt-in",
        "flask\thandler\tpython\tpypi: flask, flask-restful, flask-restx\tbuilt-in",
    ] {
        assert!(lines.contains(&line), "{stdout}");
    }
}

#[test]
fn an_unknown_forced_pack_is_refused() {
    let out = seam()
        .args(["extract", "-f", "nope"])
        .arg(repo().join("examples/shop"))
        .output()
        .expect("runs");
    // Bad usage: exit 2, as on every command.
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no pack named `nope`"));
}

fn tempfile_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "seam-extract-test-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

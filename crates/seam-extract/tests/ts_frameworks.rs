//! The TypeScript/JavaScript framework packs (Fastify, Koa, NestJS, Next.js, Hono, generated
//! clients, API class hierarchies): each fixture tree extracted against its checked-in
//! summaries (`snapshots/ts_frameworks__*.snap`), plus exact checks of the patterns each pack
//! exists for.

use std::path::{Path, PathBuf};

use seam_ir::summary::{BehavioralSummary, WriteOptions, write_summaries};
use seam_lang::project::{ProjectOptions, load_project};
use seam_packs::Detection;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn extract(name: &str, forced: &[&str]) -> seam_extract::Extraction {
    let root = fixture(name);
    let project = load_project(&root, &ProjectOptions::default()).expect("fixture loads");
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let detection = Detection::from_project(&root, &project.manifests);
    let options = seam_extract::ExtractOptions {
        forced: forced.iter().map(|s| s.to_string()).collect(),
    };
    seam_extract::extract(&project.models, &detection, &packs, &options)
}

fn text(summaries: &[BehavioralSummary]) -> String {
    let mut out = Vec::new();
    write_summaries(&mut out, summaries, WriteOptions { expand: true }).expect("writes");
    String::from_utf8(out).expect("utf-8")
}

/// `METHOD path -> [status…]` per summary, in output order: the routes and outcomes at a glance.
fn routes(run: &seam_extract::Extraction) -> Vec<String> {
    run.summaries
        .iter()
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            let statuses: Vec<String> = v["transitions"]
                .as_array()
                .expect("transitions")
                .iter()
                .map(|t| match &t["output"]["statusCode"]["value"] {
                    serde_json::Value::Null => {
                        t["output"]["type"].as_str().unwrap_or("?").to_owned()
                    }
                    n => n.to_string(),
                })
                .collect();
            format!(
                "{} {} -> [{}]",
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-"),
                statuses.join(", ")
            )
        })
        .collect()
}

#[test]
fn fastify() {
    let run = extract("fastify", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

#[test]
fn fastify_routes_plugins_and_statuses() {
    let run = extract("fastify", &[]);
    assert_eq!(
        routes(&run),
        [
            // A plugin in another file, registered with a prefix.
            "GET /v1/users/:id -> [404, 200]",
            "POST /v1/users -> [201]",
            // A returned value is the 200 body.
            "GET /health -> [200]",
            // route({ method, url, handler }).
            "DELETE /cache -> [403, 204]",
            // reply.code(201) then a returned value: the set status wins.
            "POST /api/echo -> [201]",
            // A plugin inside a plugin: both prefixes.
            "GET /api/admin/stats -> [200]",
            // A plugin with no prefix; route options between path and handler.
            "PUT /flags/:name -> [throw]",
        ]
    );
}

#[test]
fn koa() {
    let run = extract("koa", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

#[test]
fn koa_routes_assignments_and_throws() {
    let run = extract("koa", &[]);
    assert_eq!(
        routes(&run),
        [
            "GET /health -> [200]",
            // `ctx.status = 204` and nothing else: the path sends the status alone.
            "DELETE /sessions -> [204]",
            // RPC-style paths under a `use(prefix, router.routes())` mount; ctx.throw(400);
            // `ctx.status = 404` then `ctx.body = …` is one 404 with that body.
            "POST /api/documents.info -> [400, 404, 200]",
            "POST /api/documents.create -> [201]",
            // `new Router({ prefix })` mounted with no prefix of its own.
            "GET /users/:id -> [302, 200]",
        ]
    );
}

#[test]
fn hono() {
    let run = extract("hono", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

#[test]
fn hono_routes_base_path_mounts_and_helpers() {
    let run = extract("hono", &[]);
    assert_eq!(
        routes(&run),
        [
            // `new Hono().basePath("/api")`.
            "GET /api/health -> [200]",
            // An HTTPException is a response with its status; c.status(201) before c.json.
            "POST /api/login -> [401, 201]",
            // A sub-app mounted with `app.route("/books", books)` from another file.
            "GET /api/books/:id -> [404, 200]",
            "DELETE /api/books/:id -> [204]",
        ]
    );
}

#[test]
fn nestjs() {
    let run = extract("nestjs", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

#[test]
fn nextjs() {
    let run = extract("nextjs", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

#[test]
fn generated_client() {
    let run = extract("generated-client", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

//! A minified bundle someone built or vendored into the repository (an emscripten loader, a
//! worker bundle under `static/`) is not the project's source: its requests are a library's
//! and pair with nothing the project serves, so no route or request is read from it. A small
//! minified file is still read (below `BUNDLE_SMALLEST` the line lengths say little).

use std::path::Path;

use seam_extract::{ExtractOptions, extract};
use seam_lang::project::{BUNDLE_SMALLEST, ProjectOptions, load_project};
use seam_packs::detect::Detection;

/// One long line of minified code calling `url`, at least `size` bytes.
fn minified(url: &str, size: usize) -> String {
    let mut out =
        format!("!function(){{fetch(\"{url}\").then(function(r){{return r.json()}})}}();");
    let mut i = 0;
    while out.len() < size {
        out.push_str(&format!("var a{i}=function(b,c){{return b+c*{i}}};"));
        i += 1;
    }
    out.push('\n');
    out
}

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("creates the folder");
    std::fs::write(path, text).expect("writes the file");
}

#[test]
fn a_minified_bundle_is_read_for_no_request() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    let _ = std::fs::remove_dir_all(&root);
    write(
        &root,
        "package.json",
        r#"{ "name": "bundles", "private": true }"#,
    );
    write(
        &root,
        "src/api.js",
        "export async function items() {\n  return fetch(\"/api/items\");\n}\n",
    );
    write(
        &root,
        "static/lib/worker-bundle.js",
        &minified("/api/vendored", BUNDLE_SMALLEST + 1024),
    );
    write(
        &root,
        "static/lib/small.js",
        &minified("/api/small", BUNDLE_SMALLEST / 2),
    );
    let project = load_project(&root, &ProjectOptions::default()).expect("the tree loads");
    // The bundle is loaded (the review IR lists every file), only extraction passes it by.
    assert!(
        project
            .models
            .iter()
            .any(|m| m.path == "static/lib/worker-bundle.js")
    );
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let detection = Detection::from_project(&project.manifests);
    let run = extract(
        &project.models,
        &detection,
        &packs,
        &ExtractOptions::default(),
    );
    let mut calls: Vec<String> = run
        .summaries
        .iter()
        .filter_map(|s| {
            let v = serde_json::to_value(s.identity.boundary_binding.as_ref()?).ok()?;
            Some(format!(
                "{} {}",
                s.location.file,
                v["semantics"]["path"].as_str().unwrap_or("-")
            ))
        })
        .collect();
    calls.sort();
    assert_eq!(
        calls,
        ["src/api.js /api/items", "static/lib/small.js /api/small"]
    );
}

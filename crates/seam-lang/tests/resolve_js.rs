//! JS/TS module resolution on the monorepo fixture: relative paths, index files, extension
//! swaps, tsconfig `paths`/`baseUrl` through `extends`, workspace packages.
use seam_lang::model::{
    Export, ExportTarget, Import, ImportKind, ImportedItem, ImportedName, Language, Model,
    ReExport, Span,
};
use seam_lang::project::{Project, ProjectOptions, load_project};
use seam_lang::resolve::Resolver;
use std::path::Path;

fn monorepo() -> Project {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/projects/monorepo");
    load_project(&root, &ProjectOptions::default()).expect("the fixture loads")
}

const INDEX: &str = "packages/web/src/index.ts";

fn resolve(project: &Project, from: &str, specifier: &str) -> Option<String> {
    Resolver::new(&project.files, &project.manifests).resolve_js(from, specifier)
}

#[test]
fn relative_paths_with_and_without_extensions() {
    let p = monorepo();
    assert_eq!(
        resolve(&p, INDEX, "./app").as_deref(),
        Some("packages/web/src/app.tsx")
    );
    assert_eq!(
        resolve(&p, INDEX, "./env.ts").as_deref(),
        Some("packages/web/src/env.ts")
    );
    assert_eq!(
        resolve(&p, "packages/web/src/api/client.ts", "../env").as_deref(),
        Some("packages/web/src/env.ts")
    );
    assert_eq!(resolve(&p, INDEX, "./missing"), None);
    assert_eq!(resolve(&p, INDEX, "../../../../../escape"), None);
}

#[test]
fn index_files() {
    let p = monorepo();
    assert_eq!(
        resolve(&p, INDEX, "./utils").as_deref(),
        Some("packages/web/src/utils/index.ts")
    );
    assert_eq!(
        resolve(&p, "packages/web/src/utils/index.ts", "..").as_deref(),
        Some("packages/web/src/index.ts")
    );
}

#[test]
fn js_extension_swapped_for_ts() {
    let p = monorepo();
    assert_eq!(
        resolve(&p, INDEX, "./api/client.js").as_deref(),
        Some("packages/web/src/api/client.ts")
    );
    assert_eq!(
        resolve(&p, "packages/web/src/legacy.js", "./utils/index.js").as_deref(),
        Some("packages/web/src/utils/index.ts")
    );
    assert_eq!(
        resolve(&p, INDEX, "./app.jsx").as_deref(),
        Some("packages/web/src/app.tsx")
    );
}

#[test]
fn tsconfig_paths_and_base_url_through_extends() {
    let p = monorepo();
    // `@shared/*` comes from tsconfig.base.json, which packages/web/tsconfig.json extends.
    assert_eq!(
        resolve(&p, INDEX, "@shared/format").as_deref(),
        Some("packages/shared/src/format.ts")
    );
    // An exact pattern.
    assert_eq!(
        resolve(&p, INDEX, "@env").as_deref(),
        Some("packages/web/src/env.ts")
    );
    // baseUrl "." of the base config is the repository root.
    assert_eq!(
        resolve(&p, INDEX, "packages/shared/src/validators").as_deref(),
        Some("packages/shared/src/validators.ts")
    );
    // A file outside every tsconfig directory gets no paths.
    assert_eq!(resolve(&p, "packages/shared/src/index.ts", "@env"), None);
}

#[test]
fn workspace_packages() {
    let p = monorepo();
    // `exports["."]` and `main` point into dist/, which is not in the project: src/index.ts.
    assert_eq!(
        resolve(&p, INDEX, "@acme/shared").as_deref(),
        Some("packages/shared/src/index.ts")
    );
    // A subpath export.
    assert_eq!(
        resolve(&p, INDEX, "@acme/shared/validators").as_deref(),
        Some("packages/shared/src/validators.ts")
    );
    // A subpath without an export: the file in the package's src/.
    assert_eq!(
        resolve(&p, INDEX, "@acme/shared/format").as_deref(),
        Some("packages/shared/src/format.ts")
    );
}

#[test]
fn external_and_builtin_specifiers_stay_unresolved() {
    let p = monorepo();
    for spec in [
        "react",
        "axios",
        "node:fs",
        "fs",
        "/abs/path",
        "",
        "@acme/nope",
    ] {
        assert_eq!(resolve(&p, INDEX, spec), None, "{spec}");
    }
}

#[test]
fn resolve_model_fills_imports_and_re_exports() {
    let p = monorepo();
    let resolver = Resolver::new(&p.files, &p.manifests);
    let mut model = Model::new(INDEX, Language::TypeScript, "");
    for spec in ["./app", "react", "@acme/shared"] {
        model.imports.push(Import {
            specifier: spec.into(),
            kind: ImportKind::Static,
            level: 0,
            names: vec![ImportedName {
                imported: ImportedItem::Default,
                local: "x".into(),
                binding: None,
                type_only: false,
                span: Span::new(0, 0),
                resolved: None,
            }],
            type_only: false,
            span: Span::new(0, 0),
            resolved: None,
        });
    }
    model.exports.push(Export {
        exported: "*".into(),
        local: None,
        target: ExportTarget::None,
        from: Some(ReExport {
            specifier: "./api/client".into(),
            imported: "*".into(),
            resolved: None,
        }),
        type_only: false,
        span: Span::new(0, 0),
    });
    resolver.resolve_model(&mut model);
    let resolved: Vec<Option<&str>> = model
        .imports
        .iter()
        .map(|i| i.resolved.as_deref())
        .collect();
    // Each name takes its import's file.
    let name_resolved: Vec<Option<&str>> = model
        .imports
        .iter()
        .map(|i| i.names[0].resolved.as_deref())
        .collect();
    assert_eq!(name_resolved, resolved);
    assert_eq!(
        resolved,
        vec![
            Some("packages/web/src/app.tsx"),
            None,
            Some("packages/shared/src/index.ts")
        ]
    );
    assert_eq!(
        model.exports[0]
            .from
            .as_ref()
            .and_then(|r| r.resolved.as_deref()),
        Some("packages/web/src/api/client.ts")
    );
}

#[test]
fn each_imported_name_resolves_to_the_import_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(
        root.join("lib.ts"),
        "export default 1;\nexport const x = 1;\n",
    )
    .unwrap();
    std::fs::write(
        root.join("index.ts"),
        "import d, { x, type T } from './lib';\nimport * as all from './lib.js';\nimport { useState } from 'react';\n",
    )
    .unwrap();
    let p = seam_lang::project::load_project(root, &seam_lang::project::ProjectOptions::default())
        .unwrap();
    let m = p.model("index.ts").expect("index.ts has a model");
    let names: Vec<(&str, Option<&str>)> = m
        .imports
        .iter()
        .flat_map(|i| &i.names)
        .map(|n| (n.local.as_str(), n.resolved.as_deref()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("d", Some("lib.ts")),
            ("x", Some("lib.ts")),
            ("T", Some("lib.ts")),
            ("all", Some("lib.ts")),
            ("useState", None),
        ]
    );
}

/// Without a tsconfig mapping them, the bundlers' own conventions: `@/x` and `~/x` under the
/// nearest package's `src/` (Vue CLI, Vite's templates), else its root (Nuxt 2's `~`); a bare
/// `dir/x` that no declared dependency names under `src/` (webpack's `resolve.modules`). A
/// specifier that names a dependency, a builtin or no file stays unresolved.
#[test]
fn bundler_conventions_for_unmapped_specifiers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/projects/bundler-apps");
    let p = load_project(&root, &ProjectOptions::default()).expect("the fixture loads");
    let home = "vite-app/src/views/Home.js";
    assert_eq!(
        resolve(&p, home, "@/api").as_deref(),
        Some("vite-app/src/api/index.js")
    );
    assert_eq!(
        resolve(&p, home, "~/common/api").as_deref(),
        Some("vite-app/src/common/api.js")
    );
    assert_eq!(
        resolve(&p, home, "common/api").as_deref(),
        Some("vite-app/src/common/api.js")
    );
    assert_eq!(
        resolve(&p, "nuxt-app/pages/index.js", "~/api/users").as_deref(),
        Some("nuxt-app/api/users.js")
    );
    for spec in [
        "@/missing",
        "axios",
        "axios/lib/core",
        "vue",
        "fs",
        "api",
        "@scope/api",
    ] {
        assert_eq!(resolve(&p, home, spec), None, "{spec}");
    }
}

//! `load_project` with the real lowerings: every import and re-export of the fixture trees,
//! with the file it resolved to.
use seam_lang::project::{ProjectOptions, load_project};
use std::path::Path;

/// (importing file, specifier, level, resolved) for every import, then every re-export.
fn resolutions(name: &str) -> Vec<(String, String, u32, Option<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/projects")
        .join(name);
    let p = load_project(&root, &ProjectOptions::default()).expect("the fixture loads");
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    let mut out = Vec::new();
    for m in &p.models {
        for i in &m.imports {
            out.push((
                m.path.clone(),
                i.specifier.clone(),
                i.level,
                i.resolved.clone(),
            ));
        }
    }
    for m in &p.models {
        for e in &m.exports {
            if let Some(re) = &e.from {
                out.push((m.path.clone(), re.specifier.clone(), 0, re.resolved.clone()));
            }
        }
    }
    out
}

fn row(
    from: &str,
    spec: &str,
    level: u32,
    to: Option<&str>,
) -> (String, String, u32, Option<String>) {
    (from.into(), spec.into(), level, to.map(str::to_string))
}

#[test]
fn monorepo_imports_resolve() {
    let web = "packages/web/src/index.ts";
    assert_eq!(
        resolutions("monorepo"),
        vec![
            row("packages/shared/src/validators.ts", "zod", 0, None),
            row("packages/web/src/api/client.ts", "axios", 0, None),
            row("packages/web/src/app.tsx", "react", 0, None),
            row(
                "packages/web/src/app.tsx",
                "./api/client",
                0,
                Some("packages/web/src/api/client.ts")
            ),
            row(web, "./app", 0, Some("packages/web/src/app.tsx")),
            row(
                web,
                "./api/client.js",
                0,
                Some("packages/web/src/api/client.ts")
            ),
            row(web, "./utils", 0, Some("packages/web/src/utils/index.ts")),
            row(web, "@acme/shared", 0, Some("packages/shared/src/index.ts")),
            row(
                web,
                "@acme/shared/validators",
                0,
                Some("packages/shared/src/validators.ts")
            ),
            row(
                web,
                "@shared/format",
                0,
                Some("packages/shared/src/format.ts")
            ),
            row(web, "@env", 0, Some("packages/web/src/env.ts")),
            row(web, "react", 0, None),
            row(
                "packages/web/src/legacy.js",
                "./utils/index.js",
                0,
                Some("packages/web/src/utils/index.ts")
            ),
            row(
                "packages/shared/src/index.ts",
                "./format",
                0,
                Some("packages/shared/src/format.ts")
            ),
            row(
                "packages/shared/src/index.ts",
                "./validators",
                0,
                Some("packages/shared/src/validators.ts")
            ),
            row(
                web,
                "./api/client",
                0,
                Some("packages/web/src/api/client.ts")
            ),
        ]
    );
}

#[test]
fn python_imports_resolve() {
    let routes = "src/shop/api/routes.py";
    assert_eq!(
        resolutions("python-app"),
        vec![
            row("nsroot/main.py", "ns", 0, None),
            row("nsroot/main.py", "ns.sub", 0, Some("nsroot/ns/sub/mod.py")),
            row(
                "scripts/tool.py",
                "shop.models",
                0,
                Some("src/shop/models.py")
            ),
            row("scripts/tool.py", "shop.api", 0, Some(routes)),
            row("scripts/tool.py", "os", 0, None),
            row(
                "services/worker/worker/tasks.py",
                "worker",
                0,
                Some("services/worker/worker/jobs.py")
            ),
            row(
                "services/worker/worker/tasks.py",
                "shop.models",
                0,
                Some("src/shop/models.py")
            ),
            row("src/shop/api/__init__.py", "routes", 1, Some(routes)),
            row(routes, "fastapi", 0, None),
            row(routes, "models", 2, Some("src/shop/models.py")),
            row(routes, "", 1, Some("src/shop/api/deps.py")),
            row(routes, "deps", 1, Some("src/shop/api/deps.py")),
            row(routes, "shop", 0, Some("src/shop/models.py")),
            row(routes, "shop.api.deps", 0, Some("src/shop/api/deps.py")),
            row("src/shop/models.py", "dataclasses", 0, None),
        ]
    );
}

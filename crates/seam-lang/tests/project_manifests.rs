//! Manifests read from the fixture trees, and `Project::package_for`.
use seam_lang::project::{
    Manifest, ManifestKind, PackageInfo, Project, ProjectOptions, TsConfigInfo, load_project,
};
use std::path::Path;

fn fixture(name: &str) -> Project {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/projects")
        .join(name);
    load_project(&root, &ProjectOptions::default()).expect("the fixture loads")
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn manifest(path: &str, kind: ManifestKind) -> Manifest {
    Manifest::new(path, kind)
}

#[test]
fn monorepo_manifests() {
    let p = fixture("monorepo");
    let mut root_pkg = manifest("package.json", ManifestKind::PackageJson);
    root_pkg.name = Some("acme".into());
    root_pkg.dependencies = strings(&["prettier", "typescript"]);
    root_pkg.workspaces = strings(&["packages/*"]);
    root_pkg.package = Some(PackageInfo::default());

    let mut shared = manifest("packages/shared/package.json", ManifestKind::PackageJson);
    shared.name = Some("@acme/shared".into());
    shared.dependencies = strings(&["zod"]);
    shared.package = Some(PackageInfo {
        entries: strings(&["./dist/index.js", "dist/index.js"]),
        subpath_exports: vec![("./validators".into(), "./src/validators.ts".into())],
    });

    let mut web = manifest("packages/web/package.json", ManifestKind::PackageJson);
    web.name = Some("@acme/web".into());
    web.dependencies = strings(&["@acme/shared", "axios", "react", "react-dom", "vitest"]);
    web.package = Some(PackageInfo::default());

    let mut web_ts = manifest("packages/web/tsconfig.json", ManifestKind::Tsconfig);
    web_ts.tsconfig = Some(TsConfigInfo {
        extends: strings(&["../../tsconfig.base.json"]),
        base_url: None,
        paths: None,
    });

    let mut base_ts = manifest("tsconfig.base.json", ManifestKind::Tsconfig);
    base_ts.tsconfig = Some(TsConfigInfo {
        extends: vec![],
        base_url: Some(".".into()),
        paths: Some(vec![
            ("@shared/*".into(), strings(&["packages/shared/src/*"])),
            ("@env".into(), strings(&["packages/web/src/env.ts"])),
        ]),
    });

    assert_eq!(
        p.manifests,
        vec![
            manifest("package-lock.json", ManifestKind::Lockfile),
            root_pkg,
            shared,
            web,
            web_ts,
            base_ts
        ]
    );
    // Manifests are not counted as unroutable files.
    assert!(p.unroutable.is_empty(), "{:?}", p.unroutable);
}

#[test]
fn python_manifests() {
    let p = fixture("python-app");
    let mut pipfile = manifest("Pipfile", ManifestKind::Pipfile);
    pipfile.dependencies = strings(&["flask", "pytest", "requests"]);
    let mut pyproject = manifest("pyproject.toml", ManifestKind::Pyproject);
    pyproject.name = Some("shop".into());
    pyproject.dependencies = strings(&["SQLAlchemy", "fastapi", "httpx", "pydantic", "pytest"]);
    let mut requirements = manifest("requirements.txt", ManifestKind::Requirements);
    requirements.dependencies = strings(&["fastapi", "uvicorn"]);
    let mut worker = manifest("services/worker/pyproject.toml", ManifestKind::Pyproject);
    worker.name = Some("worker".into());
    worker.dependencies = strings(&["celery", "pytest"]);
    assert_eq!(
        p.manifests,
        vec![
            pipfile,
            manifest("poetry.lock", ManifestKind::Lockfile),
            pyproject,
            requirements,
            worker
        ]
    );
}

#[test]
fn package_for_is_the_nearest_named_manifest() {
    let mono = fixture("monorepo");
    let name = |p: &Project, path: &str| p.package_for(path).and_then(|m| m.name.clone());
    assert_eq!(
        name(&mono, "packages/web/src/app.tsx").as_deref(),
        Some("@acme/web")
    );
    assert_eq!(
        name(&mono, "packages/shared/src/index.ts").as_deref(),
        Some("@acme/shared")
    );
    assert_eq!(name(&mono, "scripts/x.ts").as_deref(), Some("acme"));
    // A sibling whose name only starts like a package directory is not inside it.
    assert_eq!(
        name(&mono, "packages/web-old/x.ts").as_deref(),
        Some("acme")
    );

    let py = fixture("python-app");
    assert_eq!(
        name(&py, "services/worker/worker/tasks.py").as_deref(),
        Some("worker")
    );
    assert_eq!(name(&py, "src/shop/models.py").as_deref(), Some("shop"));
}

#[test]
fn malformed_manifests_are_skipped_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("package.json"), "{ \"name\": ").unwrap();
    std::fs::write(dir.path().join("pyproject.toml"), "[project\nname = 1").unwrap();
    let p = load_project(dir.path(), &ProjectOptions::default()).unwrap();
    assert!(p.manifests.is_empty());
    let reasons: Vec<String> = p
        .skipped
        .iter()
        .map(|s| format!("{}: {}", s.path, s.reason))
        .collect();
    assert_eq!(reasons.len(), 2);
    assert!(
        reasons[0].starts_with("package.json: parse failed: invalid JSON at line 1"),
        "{reasons:?}"
    );
    assert!(
        reasons[1].starts_with("pyproject.toml: parse failed: invalid TOML: "),
        "{reasons:?}"
    );
}

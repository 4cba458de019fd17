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
        references: vec![],
    });

    let mut base_ts = manifest("tsconfig.base.json", ManifestKind::Tsconfig);
    base_ts.tsconfig = Some(TsConfigInfo {
        extends: vec![],
        base_url: Some(".".into()),
        paths: Some(vec![
            ("@shared/*".into(), strings(&["packages/shared/src/*"])),
            ("@env".into(), strings(&["packages/web/src/env.ts"])),
        ]),
        references: vec![],
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
    // Named by `-r`; not in the fixture, so it brings in nothing.
    requirements.includes = strings(&["requirements-base.txt"]);
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

#[test]
fn maven_and_gradle_multi_module_layouts_are_workspaces() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: &str| {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write(
        "pom.xml",
        "<project><artifactId>shop</artifactId><modules><module>api</module><module>services</module></modules></project>",
    );
    write(
        "api/pom.xml",
        "<project><artifactId>shop-api</artifactId><dependencies><dependency><groupId>org.springframework</groupId><artifactId>spring-web</artifactId></dependency></dependencies></project>",
    );
    write(
        "services/pom.xml",
        "<project><artifactId>services</artifactId><modules><module>billing</module></modules></project>",
    );
    write(
        "services/billing/pom.xml",
        "<project><artifactId>billing</artifactId></project>",
    );
    write("api/src/main/kotlin/a/Api.kt", "package a\nclass Api\n");
    write(
        "build.gradle.kts",
        "dependencies { implementation(\"io.ktor:ktor-server-core:2.3.4\") }\n",
    );
    let p = load_project(dir.path(), &ProjectOptions::default()).unwrap();
    let ws = seam_lang::project::workspaces::read_workspaces(dir.path(), &p.manifests);
    let members: Vec<&str> = ws.members.iter().map(String::as_str).collect();
    assert_eq!(members, vec!["api", "services", "services/billing"]);
    assert_eq!(ws.tools[0].tool, "mvn");
    // The Gradle build script is a manifest, not a Kotlin source.
    assert!(p.models.iter().all(|m| !m.path.ends_with(".gradle.kts")));
    assert!(p.manifests.iter().any(|m| m.kind == ManifestKind::Gradle
        && m.dependencies == strings(&["io.ktor:ktor-server-core"])));

    let gradle = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(gradle.path().join("app")).unwrap();
    std::fs::create_dir_all(gradle.path().join("lib/core")).unwrap();
    std::fs::write(
        gradle.path().join("settings.gradle.kts"),
        "rootProject.name = \"shop\"\ninclude(\":app\", \":lib:core\")\n",
    )
    .unwrap();
    let p = load_project(gradle.path(), &ProjectOptions::default()).unwrap();
    let ws = seam_lang::project::workspaces::read_workspaces(gradle.path(), &p.manifests);
    let members: Vec<&str> = ws.members.iter().map(String::as_str).collect();
    assert_eq!(members, vec!["app", "lib/core"]);
    assert_eq!(ws.tools[0].tool, "gradle");
}

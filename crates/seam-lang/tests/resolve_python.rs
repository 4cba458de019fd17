//! Python module resolution on the python-app fixture: relative levels, absolute imports from
//! source roots (repo root, src/, pyproject directories, the top package's parent), submodules
//! named by `from pkg import mod`, namespace packages.
use seam_lang::project::{Project, ProjectOptions, load_project};
use seam_lang::resolve::Resolver;
use std::path::Path;

fn app() -> Project {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/projects/python-app");
    load_project(&root, &ProjectOptions::default()).expect("the fixture loads")
}

const ROUTES: &str = "src/shop/api/routes.py";

fn resolve(
    p: &Project,
    from: &str,
    module: &str,
    level: u32,
    name: Option<&str>,
) -> Option<String> {
    Resolver::new(&p.files, &p.manifests).resolve_python(from, module, level, name)
}

#[test]
fn relative_imports() {
    let p = app();
    // from ..models import Order
    assert_eq!(
        resolve(&p, ROUTES, "models", 2, Some("Order")).as_deref(),
        Some("src/shop/models.py")
    );
    // from . import deps  (a submodule of the package)
    assert_eq!(
        resolve(&p, ROUTES, "", 1, Some("deps")).as_deref(),
        Some("src/shop/api/deps.py")
    );
    // from .deps import get_db
    assert_eq!(
        resolve(&p, ROUTES, "deps", 1, Some("get_db")).as_deref(),
        Some("src/shop/api/deps.py")
    );
    // from . import router, deps  (several names: the package itself)
    assert_eq!(
        resolve(&p, ROUTES, "", 1, None).as_deref(),
        Some("src/shop/api/__init__.py")
    );
    // from .routes import router, in the package's __init__
    assert_eq!(
        resolve(&p, "src/shop/api/__init__.py", "routes", 1, Some("router")).as_deref(),
        Some(ROUTES)
    );
    // Too many dots climb above the root.
    assert_eq!(resolve(&p, ROUTES, "x", 9, None), None);
}

#[test]
fn absolute_imports_from_source_roots() {
    let p = app();
    // import shop.api.deps  (src/ is a source root)
    assert_eq!(
        resolve(&p, ROUTES, "shop.api.deps", 0, None).as_deref(),
        Some("src/shop/api/deps.py")
    );
    // import shop.models, from a script outside the package
    assert_eq!(
        resolve(&p, "scripts/tool.py", "shop.models", 0, None).as_deref(),
        Some("src/shop/models.py")
    );
    // A package resolves to its __init__.py.
    assert_eq!(
        resolve(&p, "scripts/tool.py", "shop", 0, None).as_deref(),
        Some("src/shop/__init__.py")
    );
    // services/worker has its own pyproject.toml; `worker` is its top package.
    assert_eq!(
        resolve(&p, "services/worker/worker/tasks.py", "worker", 0, None).as_deref(),
        Some("services/worker/worker/__init__.py")
    );
    // ...and the shop package is still found from the repository's src/.
    assert_eq!(
        resolve(
            &p,
            "services/worker/worker/tasks.py",
            "shop.models",
            0,
            Some("Order")
        )
        .as_deref(),
        Some("src/shop/models.py")
    );
}

#[test]
fn from_package_import_submodule() {
    let p = app();
    // from shop import models
    assert_eq!(
        resolve(&p, ROUTES, "shop", 0, Some("models")).as_deref(),
        Some("src/shop/models.py")
    );
    // from shop.api import routes
    assert_eq!(
        resolve(&p, "scripts/tool.py", "shop.api", 0, Some("routes")).as_deref(),
        Some(ROUTES)
    );
    // from shop import api: a subpackage
    assert_eq!(
        resolve(&p, "scripts/tool.py", "shop", 0, Some("api")).as_deref(),
        Some("src/shop/api/__init__.py")
    );
    // from worker import jobs
    assert_eq!(
        resolve(
            &p,
            "services/worker/worker/tasks.py",
            "worker",
            0,
            Some("jobs")
        )
        .as_deref(),
        Some("services/worker/worker/jobs.py")
    );
    // A name that is not a submodule: the package.
    assert_eq!(
        resolve(&p, "scripts/tool.py", "shop.api", 0, Some("router")).as_deref(),
        Some("src/shop/api/__init__.py")
    );
}

#[test]
fn namespace_packages_and_externals() {
    let p = app();
    // `ns` is a directory without __init__.py: no file to name.
    assert_eq!(resolve(&p, "nsroot/main.py", "ns", 0, None), None);
    // from ns.sub import mod
    assert_eq!(
        resolve(&p, "nsroot/main.py", "ns.sub", 0, Some("mod")).as_deref(),
        Some("nsroot/ns/sub/mod.py")
    );
    for module in ["os", "fastapi", "shop.nothing", "shop..models", ""] {
        assert_eq!(
            resolve(&p, "scripts/tool.py", module, 0, None),
            None,
            "{module}"
        );
    }
}

/// A local name and the file it resolves to.
type NameTarget = (String, Option<String>);

/// Per import, in order: its specifier, its file, and `(local, resolved)` of every name.
fn resolved_names(p: &Project, path: &str) -> Vec<(String, Option<String>, Vec<NameTarget>)> {
    let m = p.model(path).expect("the file has a model");
    m.imports
        .iter()
        .map(|i| {
            let names = i
                .names
                .iter()
                .map(|n| (n.local.clone(), n.resolved.clone()))
                .collect();
            (i.specifier.clone(), i.resolved.clone(), names)
        })
        .collect()
}

#[test]
fn each_imported_name_resolves_to_its_submodule_or_the_module() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for (rel, text) in [
        ("pkg/__init__.py", "helper = 1\n"),
        ("pkg/a.py", "A = 1\n"),
        ("pkg/b/__init__.py", ""),
        ("ns/m.py", ""),
        (
            "main.py",
            "from pkg import a, b, helper\nfrom pkg import a as only\nimport pkg.a as pa\n\
             from pkg import *\nfrom os import path, sep\nfrom ns import m, other\n",
        ),
    ] {
        std::fs::create_dir_all(root.join(rel).parent().unwrap()).unwrap();
        std::fs::write(root.join(rel), text).unwrap();
    }
    let p = load_project(root, &ProjectOptions::default()).unwrap();
    let s = |v: &str| Some(v.to_string());
    let name = |local: &str, resolved: Option<String>| (local.to_string(), resolved);
    assert_eq!(
        resolved_names(&p, "main.py"),
        vec![
            // Several names: the statement resolves to the package; each name to its own file.
            (
                "pkg".into(),
                s("pkg/__init__.py"),
                vec![
                    name("a", s("pkg/a.py")),
                    name("b", s("pkg/b/__init__.py")),
                    name("helper", s("pkg/__init__.py")),
                ]
            ),
            // One submodule: the statement and the name both name it.
            (
                "pkg".into(),
                s("pkg/a.py"),
                vec![name("only", s("pkg/a.py"))]
            ),
            (
                "pkg.a".into(),
                s("pkg/a.py"),
                vec![name("pa", s("pkg/a.py"))]
            ),
            (
                "pkg".into(),
                s("pkg/__init__.py"),
                vec![name("*", s("pkg/__init__.py"))]
            ),
            // External: nothing resolves.
            (
                "os".into(),
                None,
                vec![name("path", None), name("sep", None)]
            ),
            // A namespace package has no file of its own; its submodule does.
            (
                "ns".into(),
                None,
                vec![name("m", s("ns/m.py")), name("other", None)]
            ),
        ]
    );
}

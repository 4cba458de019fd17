//! Component detection, one repository per workspace kind (spec §4, aburi-notes §2.5), and
//! the longest-prefix assignment of Symbols (§5).

mod support;

use support::*;

type Found = (Vec<(String, String, String)>, Vec<(String, Vec<String>)>);

/// (id, name, root) per Component and (tool, roots) per manager.
fn detect(files: &[(&str, &str)]) -> Found {
    let dir = repo(files);
    let doc = scan_dir(dir.path(), 1);
    let components = doc
        .components
        .iter()
        .map(|c| (c.id.clone(), c.name.clone(), c.roots.join(",")))
        .collect();
    let managers = doc
        .workspace
        .managers
        .iter()
        .map(|m| (m.tool.clone(), m.roots.clone()))
        .collect();
    (components, managers)
}

fn c(id: &str, name: &str, root: &str) -> (String, String, String) {
    (id.to_owned(), name.to_owned(), root.to_owned())
}

fn m(tool: &str, roots: &[&str]) -> (String, Vec<String>) {
    (
        tool.to_owned(),
        roots.iter().map(|r| (*r).to_owned()).collect(),
    )
}

const TS: &str = "export function f(n: number) { return n * 2 + 1; }\n";

#[test]
fn pnpm_globs_with_an_exclusion() {
    let (components, managers) = detect(&[
        (
            "pnpm-workspace.yaml",
            "packages:\n  - 'apps/*'\n  - '!apps/legacy'\n",
        ),
        ("apps/api/package.json", r#"{"name":"@acme/api"}"#),
        ("apps/api/src/a.ts", TS),
        ("apps/legacy/package.json", r#"{"name":"legacy"}"#),
        ("apps/no-manifest/x.ts", TS),
    ]);
    assert_eq!(components, vec![c("api", "@acme/api", "apps/api")]);
    assert_eq!(managers, vec![m("pnpm", &["apps/*"])]);
}

#[test]
fn yarn_workspaces_in_the_packages_form() {
    let (components, managers) = detect(&[
        (
            "package.json",
            r#"{"name":"mono","workspaces":{"packages":["packages/**"]}}"#,
        ),
        ("yarn.lock", ""),
        ("packages/ui/package.json", r#"{"name":"@acme/ui-kit"}"#),
        ("packages/group/tools/package.json", r#"{"name":"tools"}"#),
    ]);
    assert_eq!(
        components,
        vec![
            c("tools", "tools", "packages/group/tools"),
            c("ui-kit", "@acme/ui-kit", "packages/ui"),
        ]
    );
    assert_eq!(managers, vec![m("yarn", &["packages/**"])]);
}

#[test]
fn bun_workspaces_by_lockfile() {
    let (components, managers) = detect(&[
        ("package.json", r#"{"workspaces":["pkgs/*"]}"#),
        ("bun.lockb", ""),
        ("pkgs/one/package.json", r#"{"name":"one"}"#),
    ]);
    assert_eq!(components, vec![c("one", "one", "pkgs/one")]);
    assert_eq!(managers, vec![m("bun", &["pkgs/*"])]);
}

#[test]
fn nx_project_json_files() {
    let (components, managers) = detect(&[
        ("nx.json", "{}"),
        ("apps/shop/project.json", r#"{"name":"shop-app"}"#),
        ("apps/shop/src/main.ts", TS),
        ("libs/ui/project.json", r#"{}"#),
        ("node_modules/x/project.json", r#"{"name":"ignored"}"#),
    ]);
    assert_eq!(
        components,
        vec![
            c("shop-app", "shop-app", "apps/shop"),
            c("ui", "ui", "libs/ui"),
        ]
    );
    assert_eq!(managers, vec![m("nx", &["apps/shop", "libs/ui"])]);
}

#[test]
fn nx_workspace_json_projects() {
    let (components, managers) = detect(&[
        (
            "workspace.json",
            r#"{"version":2,"projects":{"admin":"apps/admin","core":{"root":"./libs/core/"}}}"#,
        ),
        ("apps/admin/src/a.ts", TS),
        ("libs/core/src/c.ts", TS),
    ]);
    assert_eq!(
        components,
        vec![
            c("admin", "admin", "apps/admin"),
            c("core", "core", "libs/core"),
        ]
    );
    assert_eq!(managers, vec![m("nx", &["apps/admin", "libs/core"])]);
}

#[test]
fn cargo_members_minus_exclude_named_by_package() {
    let (components, managers) = detect(&[
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"crates/*\"]\nexclude = [\"crates/old\"]\n",
        ),
        (
            "crates/core/Cargo.toml",
            "[package]\nname = \"acme_core\"\n",
        ),
        ("crates/old/Cargo.toml", "[package]\nname = \"old\"\n"),
        ("crates/cli/Cargo.toml", "[package]\nname = \"acme-cli\"\n"),
    ]);
    assert_eq!(
        components,
        vec![
            c("acme-cli", "acme-cli", "crates/cli"),
            c("acme-core", "acme_core", "crates/core"),
        ]
    );
    assert_eq!(managers, vec![m("cargo", &["crates/*"])]);
}

#[test]
fn go_work_uses_named_by_module() {
    let (components, managers) = detect(&[
        (
            "go.work",
            "go 1.22\n\nuse (\n\t./svc/billing\n\t./lib // shared\n)\n",
        ),
        (
            "svc/billing/go.mod",
            "module github.com/acme/billing-svc\n\ngo 1.22\n",
        ),
        ("lib/go.mod", "module example.com/lib\n"),
    ]);
    assert_eq!(
        components,
        vec![
            c("billing-svc", "github.com/acme/billing-svc", "svc/billing"),
            c("lib", "example.com/lib", "lib"),
        ]
    );
    assert_eq!(managers, vec![m("go", &["svc/billing", "lib"])]);
}

#[test]
fn uv_workspace_members() {
    let (components, managers) = detect(&[
        (
            "pyproject.toml",
            "[project]\nname = \"root\"\n[tool.uv.workspace]\nmembers = [\"packages/*\"]\nexclude = [\"packages/scratch\"]\n",
        ),
        (
            "packages/api/pyproject.toml",
            "[project]\nname = \"acme-api\"\n",
        ),
        (
            "packages/api/acme_api/main.py",
            "def f(x):\n    return x * 2 + 1\n",
        ),
        (
            "packages/scratch/pyproject.toml",
            "[project]\nname = \"scratch\"\n",
        ),
    ]);
    assert_eq!(components, vec![c("acme-api", "acme-api", "packages/api")]);
    assert_eq!(managers, vec![m("uv", &["packages/*"])]);
}

#[test]
fn poetry_path_dependencies() {
    let (components, managers) = detect(&[
        (
            "pyproject.toml",
            "[tool.poetry]\nname = \"app\"\n[tool.poetry.dependencies]\npython = \"^3.11\"\nshared = { path = \"./libs/shared\", develop = true }\n[tool.poetry.group.dev.dependencies]\ntesting = { path = \"libs/testing\" }\n",
        ),
        (
            "libs/shared/pyproject.toml",
            "[tool.poetry]\nname = \"shared\"\n",
        ),
        (
            "libs/testing/pyproject.toml",
            "[project]\nname = \"testing-kit\"\n",
        ),
    ]);
    assert_eq!(
        components,
        vec![
            c("shared", "shared", "libs/shared"),
            c("testing-kit", "testing-kit", "libs/testing"),
        ]
    );
    assert_eq!(
        managers,
        vec![m("poetry", &["libs/shared", "libs/testing"])]
    );
}

#[test]
fn poetry_packages_when_there_are_several() {
    let (components, managers) = detect(&[
        (
            "pyproject.toml",
            "[tool.poetry]\nname = \"suite\"\npackages = [{ include = \"alpha\", from = \"src\" }, { include = \"beta\", from = \"src\" }]\n",
        ),
        ("src/alpha/__init__.py", ""),
        ("src/beta/__init__.py", ""),
    ]);
    assert_eq!(
        components,
        vec![
            c("alpha", "alpha", "src/alpha"),
            c("beta", "beta", "src/beta")
        ]
    );
    assert_eq!(managers, vec![m("poetry", &["src/alpha", "src/beta"])]);
}

#[test]
fn a_plain_repository_is_one_component() {
    let (components, managers) = detect(&[
        ("package.json", r#"{"name":"@acme/Single-App"}"#),
        ("src/a.ts", TS),
    ]);
    assert_eq!(components, vec![c("single-app", "@acme/Single-App", ".")]);
    assert!(managers.is_empty());
}

#[test]
fn nested_roots_take_the_longest_prefix() {
    let dir = repo(&[
        (
            "workspace.json",
            r#"{"projects":{"libs":"libs","ui":"libs/ui"}}"#,
        ),
        ("libs/util.ts", TS),
        ("libs/ui/button.ts", TS),
        ("tools/x.ts", TS),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let component = |id: &str| symbol(&doc, id).component.clone();
    assert_eq!(component("ts:libs/util.ts#f").as_deref(), Some("libs"));
    assert_eq!(component("ts:libs/ui/button.ts#f").as_deref(), Some("ui"));
    assert_eq!(component("ts:tools/x.ts#f"), None);
}

#[test]
fn public_api_from_package_entry_points() {
    let dir = repo(&[
        ("package.json", r#"{"workspaces":["packages/*"]}"#),
        (
            "packages/kit/package.json",
            r#"{"name":"kit","main":"./dist/index.js","exports":{".":"./src/index.ts","./utils/*":"./src/utils/*.ts","./escape":"../outside.js"}}"#,
        ),
        (
            "packages/kit/src/index.ts",
            "export function make(n: number) { return helper(n) + 1; }\nfunction helper(n: number) { return n * 2; }\nexport class Box { open() { return 1 + 1; } }\n",
        ),
        ("packages/plain/package.json", r#"{"name":"plain"}"#),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let api: Vec<(&str, Vec<&str>)> = doc
        .components
        .iter()
        .map(|c| {
            (
                c.id.as_str(),
                c.public_api.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        api,
        vec![
            (
                "kit",
                vec![
                    "packages/kit/dist/index.js",
                    "packages/kit/src/utils/*.ts",
                    "ts:packages/kit/src/index.ts#Box",
                    "ts:packages/kit/src/index.ts#make",
                ]
            ),
            ("plain", vec![]),
        ]
    );
    let text = seam_ir::review::to_canonical_json(&doc, true).unwrap_or_else(|e| panic!("{e}"));
    assert_valid(&text);
}

#[test]
fn imports_across_components_are_component_dependencies() {
    let dir = repo(&[
        ("package.json", r#"{"workspaces":["packages/*"]}"#),
        ("packages/app/package.json", r#"{"name":"app"}"#),
        (
            "packages/app/src/main.ts",
            "import type { Shape } from '../../geo/src/shape';\nexport { area } from '../../geo/src/area';\nexport function run(s: Shape) { return s; }\n",
        ),
        ("packages/geo/package.json", r#"{"name":"geo"}"#),
        (
            "packages/geo/src/shape.ts",
            "export interface Shape { w: number }\n",
        ),
        (
            "packages/geo/src/area.ts",
            "export function area(w: number) { return w * w; }\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let edges: Vec<(&str, &str, &str)> = doc
        .dependencies
        .iter()
        .map(|d| (d.from.as_str(), d.to.as_str(), d.via.as_str()))
        .collect();
    assert_eq!(edges, vec![("app", "geo", "import")]);
    assert_eq!(
        doc.dependencies[0].direction,
        seam_ir::review::Direction::Outbound
    );
    assert_eq!(doc.dependencies[0].effect, None);
    let md = seam_review::markdown::workspace(&doc);
    assert!(md.contains("- app → geo: imports"), "{md}");
    assert_valid(
        &seam_ir::review::to_canonical_json(&doc, false).unwrap_or_else(|e| panic!("{e}")),
    );
}

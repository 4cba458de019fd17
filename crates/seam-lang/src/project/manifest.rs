//! Manifests: the files that say what a directory is (a package, a Python project, a
//! TypeScript configuration) and what it depends on. seam-lang knows no framework; it only
//! reads these files so packs can autodetect and resolution can find workspace packages.
use serde::Serialize;
use serde_json::Value as Json;

/// What kind of manifest a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ManifestKind {
    /// `package.json`.
    PackageJson,
    /// `pyproject.toml`.
    Pyproject,
    /// `requirements*.txt`.
    Requirements,
    /// `Pipfile`.
    Pipfile,
    /// `go.mod`: the module path is the name, `require`d modules the dependencies.
    GoMod,
    /// `go.work`: the `use`d module directories are the workspaces.
    GoWork,
    /// `pom.xml`: the `artifactId` is the name, `groupId:artifactId` of each dependency a
    /// dependency, `<module>`s the workspaces (see [`super::jvm_build`]).
    Maven,
    /// `build.gradle` / `build.gradle.kts`: `group:artifact` coordinates are dependencies.
    Gradle,
    /// `settings.gradle` / `settings.gradle.kts`: `rootProject.name` is the name, the
    /// `include`d projects (as directories) the workspaces.
    GradleSettings,
    /// `Cargo.toml`: `[package] name` is the name, the crates of every dependency table the
    /// dependencies (by their published name), `[workspace] members` the workspaces.
    Cargo,
    /// `Gemfile` and `Gemfile.lock`: the gems they list (by name) are the dependencies.
    Gemfile,
    /// `composer.json`: `name` is the name, the packages of `require` and `require-dev` the
    /// dependencies; `autoload.psr-4` (and `autoload-dev.psr-4`) namespace prefixes and their
    /// folders are kept in [`Manifest::variables`] as `psr-4:<prefix>` → folder.
    Composer,
    /// A .NET project (`*.csproj`): the NuGet packages of its `<PackageReference>`s and
    /// `<FrameworkReference>`s are the dependencies; the web SDK (`Sdk="Microsoft.NET.Sdk.Web"`)
    /// brings ASP.NET Core, recorded as the shared framework `Microsoft.AspNetCore.App`.
    Dotnet,
    /// `tsconfig*.json`.
    Tsconfig,
    /// `jsconfig*.json`.
    Jsconfig,
    /// A lockfile of any package manager. The ones [`reads_lockfile`] names are read for the
    /// packages they record ([`Manifest::locked`]); the others are recorded by presence.
    Lockfile,
    /// A dotenv file a repository ships as the deployment's settings or their template
    /// (`.env`, `.env.example`, `.env.development`…): `KEY=value` lines.
    Dotenv,
    /// A web app's `index.html`: the globals its inline scripts set to a text
    /// (`window.API_URL = '/api/v1'`) are settings of the deployment, as a dotenv's are.
    HtmlEntry,
    /// A JVM application's settings file (`application.properties`, `application.yml`,
    /// a profile's `application-dev.yml`): its keys flattened to dotted names
    /// (see [`super::settings`]).
    AppSettings,
    /// A Protocol Buffers file (`*.proto`): the services it declares
    /// ([`Manifest::services`], see [`super::proto`]).
    Proto,
}

/// One manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    /// The manifest file, repo-relative.
    pub path: String,
    /// Its directory (`""` at the repository root).
    pub dir: String,
    pub kind: ManifestKind,
    /// The package or project name, when the manifest declares one.
    pub name: Option<String>,
    /// Names of the declared dependencies of every kind (runtime, dev, peer, optional),
    /// sorted and without duplicates, spelled as written.
    pub dependencies: Vec<String>,
    /// `package.json` `workspaces` globs (also the `{ packages: [...] }` form).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub workspaces: Vec<String>,
    /// `package.json` entry points, for resolving a bare import of this package.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package: Option<PackageInfo>,
    /// `tsconfig.json`/`jsconfig.json` module-resolution options.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tsconfig: Option<TsConfigInfo>,
    /// A dotenv file's variables, in name order.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub variables: std::collections::BTreeMap<String, String>,
    /// A lockfile's packages installed directly (not the dependencies of dependencies, where
    /// the format tells them apart), sorted, spelled as written. Kept apart from
    /// `dependencies`: a lockfile records what was installed, not what the project declares.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub locked: Vec<String>,
    /// A `.proto` file's services.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub services: Vec<super::proto::ProtoService>,
    /// What other manifests this one includes, whose dependencies it brings in (see
    /// [`super::included_manifests`]): a requirements file's `-r` files (repository paths), a
    /// Gradle build's `project(":x")` projects (directories).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub includes: Vec<String>,
}

/// Where a package's code starts, from its `package.json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PackageInfo {
    /// Entry files relative to the package directory, most preferred first: `source`, the
    /// `exports` entry for `.`, `module`, `main`, `types`/`typings`.
    pub entries: Vec<String>,
    /// `exports` subpaths other than `.`, as (subpath, target), in file order. Subpaths may
    /// hold one `*`.
    pub subpath_exports: Vec<(String, String)>,
}

/// The module-resolution part of a `tsconfig.json`/`jsconfig.json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TsConfigInfo {
    /// `extends`, as written (a string or each string of an array).
    pub extends: Vec<String>,
    /// `compilerOptions.baseUrl`, as written.
    pub base_url: Option<String>,
    /// `compilerOptions.paths`, in file order; `None` when absent (an empty object overrides
    /// an inherited one).
    pub paths: Option<Vec<(String, Vec<String>)>>,
    /// `references[].path`, as written: the configs of a solution-style `tsconfig.json`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub references: Vec<String>,
}

impl Manifest {
    /// A manifest with nothing read from it.
    pub fn new(path: &str, kind: ManifestKind) -> Manifest {
        let dir = path.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
        Manifest {
            path: path.to_string(),
            dir: dir.to_string(),
            kind,
            name: None,
            dependencies: Vec::new(),
            workspaces: Vec::new(),
            package: None,
            tsconfig: None,
            variables: Default::default(),
            locked: Vec::new(),
            services: Vec::new(),
            includes: Vec::new(),
        }
    }
}

/// The manifest kind of a file, by its name.
pub fn kind_for(path: &str) -> Option<ManifestKind> {
    let name = path.rsplit('/').next().unwrap_or(path);
    Some(match name {
        "package.json" => ManifestKind::PackageJson,
        "pyproject.toml" => ManifestKind::Pyproject,
        "Pipfile" => ManifestKind::Pipfile,
        "go.mod" => ManifestKind::GoMod,
        "go.work" => ManifestKind::GoWork,
        "pom.xml" => ManifestKind::Maven,
        "build.gradle" | "build.gradle.kts" => ManifestKind::Gradle,
        "settings.gradle" | "settings.gradle.kts" => ManifestKind::GradleSettings,
        "Cargo.toml" => ManifestKind::Cargo,
        "Gemfile" | "Gemfile.lock" | "gems.rb" | "gems.locked" => ManifestKind::Gemfile,
        "composer.json" => ManifestKind::Composer,
        _ if name.ends_with(".csproj") => ManifestKind::Dotnet,
        "package-lock.json"
        | "npm-shrinkwrap.json"
        | "yarn.lock"
        | "pnpm-lock.yaml"
        | "bun.lock"
        | "bun.lockb"
        | "poetry.lock"
        | "Pipfile.lock"
        | "uv.lock"
        | "pdm.lock" => ManifestKind::Lockfile,
        _ if name.starts_with("requirements") && name.ends_with(".txt") => {
            ManifestKind::Requirements
        }
        // A folder of requirement files (`requirements/base.txt`, included by `-r`).
        _ if name.ends_with(".txt")
            && path
                .rsplit('/')
                .nth(1)
                .is_some_and(|d| d.starts_with("requirements")) =>
        {
            ManifestKind::Requirements
        }
        _ if name.starts_with("tsconfig") && name.ends_with(".json") => ManifestKind::Tsconfig,
        _ if name.starts_with("jsconfig") && name.ends_with(".json") => ManifestKind::Jsconfig,
        ".env" | ".env.example" | ".env.sample" | ".env.template" | ".env.defaults"
        | ".env.development" | ".env.dev" | ".env.local.example" => ManifestKind::Dotenv,
        "index.html" => ManifestKind::HtmlEntry,
        _ if super::settings::is_settings_file(name) => ManifestKind::AppSettings,
        _ if name.ends_with(".proto") => ManifestKind::Proto,
        _ => return None,
    })
}

/// Reads a manifest's text. The error is a sentence naming what is wrong.
pub fn parse(path: &str, kind: ManifestKind, text: &str) -> Result<Manifest, String> {
    let mut m = Manifest::new(path, kind);
    match kind {
        ManifestKind::PackageJson => parse_package_json(&mut m, &parse_jsonc(text)?),
        ManifestKind::Tsconfig | ManifestKind::Jsconfig => {
            m.tsconfig = Some(parse_tsconfig(&parse_jsonc(text)?));
        }
        ManifestKind::Pyproject => parse_pyproject(&mut m, &parse_toml(text)?),
        ManifestKind::Pipfile => {
            let doc = parse_toml(text)?;
            for section in ["packages", "dev-packages"] {
                if let Some(t) = doc.get(section).and_then(|v| v.as_table()) {
                    m.dependencies.extend(t.keys().cloned());
                }
            }
        }
        ManifestKind::Requirements => {
            m.dependencies = text.lines().filter_map(requirement_name).collect();
            m.includes = super::included_manifests::requirement_includes(&m.dir, text);
        }
        ManifestKind::GoMod => parse_go_mod(&mut m, text),
        ManifestKind::GoWork => m.workspaces = go_directives(text, "use"),
        ManifestKind::Maven => super::jvm_build::parse_pom(&mut m, text),
        ManifestKind::Gradle => {
            super::jvm_build::parse_gradle(&mut m, text);
            m.includes = super::included_manifests::gradle_project_includes(text);
        }
        ManifestKind::GradleSettings => super::jvm_build::parse_gradle_settings(&mut m, text),
        ManifestKind::Cargo => parse_cargo(&mut m, &parse_toml(text)?),
        ManifestKind::Gemfile => m.dependencies = gem_names(text),
        ManifestKind::Composer => parse_composer(&mut m, &parse_jsonc(text)?),
        ManifestKind::Dotnet => parse_csproj(&mut m, text),
        ManifestKind::Lockfile => m.locked = super::lockfile::packages(path, text),
        ManifestKind::Dotenv => m.variables = parse_dotenv(text),
        ManifestKind::HtmlEntry => m.variables = parse_html_globals(text),
        ManifestKind::AppSettings => m.variables = super::settings::parse(path, text),
        ManifestKind::Proto => m.services = super::proto::read_services(text),
    }
    m.dependencies.sort();
    m.dependencies.dedup();
    Ok(m)
}

/// The gems a `Gemfile` names (`gem 'rails', '~> 7.1'`) or a `Gemfile.lock` records (the
/// gem lines of its `specs:` lists, four spaces in, and of its `DEPENDENCIES`, two in).
fn gem_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed
            .strip_prefix("gem ")
            .or_else(|| trimmed.strip_prefix("gem("))
        {
            let rest = rest.trim_start();
            let quote = rest.chars().next();
            if let Some(q @ ('\'' | '"')) = quote
                && let Some((name, _)) = rest[1..].split_once(q)
                && !name.is_empty()
            {
                out.push(name.to_string());
            }
            continue;
        }
        let indent = line.len() - trimmed.len();
        if (indent == 4 || indent == 2)
            && let Some(name) = trimmed.split([' ', '!']).next()
            && !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            && (indent == 2 || trimmed[name.len()..].starts_with(" ("))
            && !trimmed.ends_with(':')
        {
            out.push(name.to_string());
        }
    }
    out
}

/// `composer.json`: the package's name, the packages it requires (platform requirements such
/// as `php` and `ext-json` left out) and its PSR-4 autoload prefixes.
fn parse_composer(m: &mut Manifest, doc: &Json) {
    m.name = doc.get("name").and_then(Json::as_str).map(str::to_owned);
    for section in ["require", "require-dev"] {
        if let Some(deps) = doc.get(section).and_then(Json::as_object) {
            m.dependencies.extend(
                deps.keys()
                    .filter(|k| k.contains('/'))
                    .map(|k| k.to_ascii_lowercase()),
            );
        }
    }
    for section in ["autoload", "autoload-dev"] {
        let Some(map) = doc
            .get(section)
            .and_then(|a| a.get("psr-4"))
            .and_then(Json::as_object)
        else {
            continue;
        };
        for (prefix, dirs) in map {
            let dir = match dirs {
                Json::String(d) => Some(d.as_str()),
                Json::Array(ds) => ds.first().and_then(Json::as_str),
                _ => None,
            };
            if let Some(dir) = dir {
                m.variables
                    .entry(format!("psr-4:{prefix}"))
                    .or_insert_with(|| dir.trim_end_matches('/').to_owned());
            }
        }
    }
}

/// A `.csproj`: the project's name (the file name without `.csproj`), the packages its
/// `<PackageReference Include="…">` and `<FrameworkReference Include="…">` elements name, and
/// `Microsoft.AspNetCore.App` for a project on the web SDK.
fn parse_csproj(m: &mut Manifest, text: &str) {
    let file = m.path.rsplit('/').next().unwrap_or(&m.path);
    m.name = file.strip_suffix(".csproj").map(str::to_owned);
    for element in ["<PackageReference", "<FrameworkReference"] {
        for (at, _) in text.match_indices(element) {
            let rest = &text[at + element.len()..];
            let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
            if let Some(name) = xml_attribute(tag, "Include") {
                m.dependencies.push(name);
            }
        }
    }
    if let Some(at) = text.find("<Project") {
        let rest = &text[at..];
        let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
        if xml_attribute(tag, "Sdk").is_some_and(|s| s.starts_with("Microsoft.NET.Sdk.Web")) {
            m.dependencies.push("Microsoft.AspNetCore.App".to_owned());
        }
    }
}

/// The value of `name="…"` (or `name='…'`) in the text of one XML start tag.
fn xml_attribute(tag: &str, name: &str) -> Option<String> {
    let mut search = tag;
    while let Some(at) = search.find(name) {
        let before_ok = search[..at]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace);
        let rest = search[at + name.len()..].trim_start();
        if before_ok && let Some(value) = rest.strip_prefix('=') {
            let value = value.trim_start();
            let quote = value.chars().next()?;
            if quote == '"' || quote == '\'' {
                let body = &value[1..];
                return body.find(quote).map(|end| body[..end].trim().to_owned());
            }
        }
        search = &search[at + name.len()..];
    }
    None
}

/// `Cargo.toml`: the package's name, the crates its dependency tables list (also per
/// target and the workspace's shared table), and the workspace's members. A dependency
/// renamed in the manifest (`http2 = { package = "h2" }`) is the crate it names.
fn parse_cargo(m: &mut Manifest, doc: &toml::Table) {
    m.name = doc
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(|v| v.as_str())
        .map(str::to_string);
    let mut tables: Vec<&toml::Table> = Vec::new();
    let sections = ["dependencies", "dev-dependencies", "build-dependencies"];
    for section in sections {
        tables.extend(doc.get(section).and_then(|v| v.as_table()));
    }
    if let Some(targets) = doc.get("target").and_then(|v| v.as_table()) {
        for target in targets.values() {
            for section in sections {
                tables.extend(target.get(section).and_then(|v| v.as_table()));
            }
        }
    }
    let workspace = doc.get("workspace").and_then(|v| v.as_table());
    tables.extend(
        workspace
            .and_then(|w| w.get("dependencies"))
            .and_then(|v| v.as_table()),
    );
    for table in tables {
        for (key, value) in table {
            let published = value.get("package").and_then(|v| v.as_str()).unwrap_or(key);
            m.dependencies.push(published.to_owned());
        }
    }
    m.workspaces = workspace
        .and_then(|w| w.get("members"))
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
}

/// `go.mod`: `module` gives the name, every `require`d module path a dependency.
fn parse_go_mod(m: &mut Manifest, text: &str) {
    m.name = go_directives(text, "module").into_iter().next();
    m.dependencies = go_directives(text, "require");
}

/// The first word of each `directive x …` line and of each line of a `directive ( … )`
/// block, comments dropped, quotes removed.
fn go_directives(text: &str, directive: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        if in_block {
            if line.starts_with(')') {
                in_block = false;
            } else if let Some(word) = line.split_whitespace().next() {
                out.push(word.trim_matches('"').to_string());
            }
            continue;
        }
        let Some(rest) = line.strip_prefix(directive) else {
            continue;
        };
        if !rest.starts_with([' ', '\t', '(']) {
            continue;
        }
        let rest = rest.trim();
        if let Some(inner) = rest.strip_prefix('(') {
            in_block = inner.trim().is_empty();
            if !in_block && let Some(word) = inner.split_whitespace().next() {
                out.push(word.trim_matches(['"', ')']).to_string());
            }
        } else if let Some(word) = rest.split_whitespace().next() {
            out.push(word.trim_matches('"').to_string());
        }
    }
    out
}

/// `KEY=value` lines of a dotenv file: `export ` and surrounding quotes dropped, comments and
/// lines without `=` skipped, a later line overriding an earlier one.
fn parse_dotenv(text: &str) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("export ").unwrap_or(line);
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let value = value.trim();
        let value = match value.chars().next() {
            Some(q @ ('"' | '\'')) => value[1..].split(q).next().unwrap_or(""),
            _ => value.split(" #").next().unwrap_or(value).trim(),
        };
        out.insert(key.to_owned(), value.to_owned());
    }
    out
}

/// `window.NAME = 'text'` statements of the inline `<script>` blocks of an HTML page (not the
/// ones with a `src`), as `NAME` → text; a later one overriding an earlier one.
fn parse_html_globals(text: &str) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    let mut rest = text;
    while let Some(open) = rest.find("<script") {
        let after = &rest[open..];
        let Some(tag_end) = after.find('>') else {
            break;
        };
        let tag = &after[..tag_end];
        let body_and_rest = &after[tag_end + 1..];
        let body_end = body_and_rest
            .find("</script")
            .unwrap_or(body_and_rest.len());
        if !tag.contains("src=") {
            for statement in body_and_rest[..body_end].split(['\n', ';']) {
                if let Some((name, value)) = window_assignment(statement.trim()) {
                    out.insert(name.to_owned(), value.to_owned());
                }
            }
        }
        rest = &body_and_rest[body_end..];
    }
    out
}

/// `window.NAME = 'text'` (or `"text"`): the name and the text.
fn window_assignment(statement: &str) -> Option<(&str, &str)> {
    let (target, value) = statement.strip_prefix("window.")?.split_once('=')?;
    let name = target.trim();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
    {
        return None;
    }
    let value = value.trim();
    let quote = value.chars().next().filter(|q| *q == '\'' || *q == '"')?;
    let inner = &value[1..];
    let end = inner.find(quote)?;
    inner[end + 1..]
        .trim()
        .is_empty()
        .then(|| (name, &inner[..end]))
}

fn parse_toml(text: &str) -> Result<toml::Table, String> {
    text.parse::<toml::Table>()
        .map_err(|e| format!("invalid TOML: {}", e.message()))
}

fn parse_package_json(m: &mut Manifest, doc: &Json) {
    m.name = doc.get("name").and_then(Json::as_str).map(str::to_string);
    for field in [
        "dependencies",
        "devDependencies",
        "peerDependencies",
        "optionalDependencies",
    ] {
        if let Some(deps) = doc.get(field).and_then(Json::as_object) {
            m.dependencies.extend(deps.keys().cloned());
        }
    }
    let workspaces = match doc.get("workspaces") {
        Some(Json::Array(a)) => Some(a),
        Some(Json::Object(o)) => o.get("packages").and_then(Json::as_array),
        _ => None,
    };
    m.workspaces = workspaces
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();

    let mut info = PackageInfo::default();
    let push = |entries: &mut Vec<String>, s: Option<&str>| {
        if let Some(s) = s.filter(|s| !s.is_empty())
            && !entries.iter().any(|e| e == s)
        {
            entries.push(s.to_string());
        }
    };
    push(&mut info.entries, doc.get("source").and_then(Json::as_str));
    match doc.get("exports") {
        Some(Json::Object(o)) if o.keys().any(|k| k.starts_with('.')) => {
            for (key, target) in o {
                let target = export_target(target);
                if key == "." {
                    push(&mut info.entries, target);
                } else if let Some(t) = target {
                    info.subpath_exports.push((key.clone(), t.to_string()));
                }
            }
        }
        Some(other) => push(&mut info.entries, export_target(other)),
        None => {}
    }
    for field in ["module", "main", "types", "typings"] {
        push(&mut info.entries, doc.get(field).and_then(Json::as_str));
    }
    m.package = Some(info);
}

/// The file an `exports` target names, choosing among conditions the ones most likely to
/// point at source in a repository.
fn export_target(v: &Json) -> Option<&str> {
    const CONDITIONS: &[&str] = &[
        "source", "import", "module", "default", "require", "node", "browser", "types",
    ];
    match v {
        Json::String(s) => Some(s),
        Json::Array(a) => a.iter().find_map(export_target),
        Json::Object(o) => CONDITIONS
            .iter()
            .find_map(|c| o.get(*c).and_then(export_target)),
        _ => None,
    }
}

fn parse_tsconfig(doc: &Json) -> TsConfigInfo {
    let extends = match doc.get("extends") {
        Some(Json::String(s)) => vec![s.clone()],
        Some(Json::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    let options = doc.get("compilerOptions");
    let base_url = options
        .and_then(|o| o.get("baseUrl"))
        .and_then(Json::as_str)
        .map(str::to_string);
    let paths = options
        .and_then(|o| o.get("paths"))
        .and_then(Json::as_object)
        .map(|paths| {
            paths
                .iter()
                .map(|(pattern, targets)| {
                    let targets = targets
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|t| t.as_str().map(str::to_string))
                        .collect();
                    (pattern.clone(), targets)
                })
                .collect()
        });
    let references = doc
        .get("references")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("path").and_then(Json::as_str).map(str::to_string))
        .collect();
    TsConfigInfo {
        extends,
        base_url,
        paths,
        references,
    }
}

fn parse_pyproject(m: &mut Manifest, doc: &toml::Table) {
    let project = doc.get("project").and_then(|v| v.as_table());
    let poetry = doc
        .get("tool")
        .and_then(|t| t.get("poetry"))
        .and_then(|v| v.as_table());
    m.name = project
        .and_then(|p| p.get("name"))
        .or_else(|| poetry.and_then(|p| p.get("name")))
        .and_then(|v| v.as_str())
        .map(str::to_string);

    let pep508_list = |v: Option<&toml::Value>| -> Vec<String> {
        v.and_then(|v| v.as_array())
            .into_iter()
            .flatten()
            .filter_map(|d| d.as_str().and_then(requirement_name))
            .collect()
    };
    if let Some(p) = project {
        m.dependencies.extend(pep508_list(p.get("dependencies")));
        if let Some(groups) = p.get("optional-dependencies").and_then(|v| v.as_table()) {
            for group in groups.values() {
                m.dependencies.extend(pep508_list(Some(group)));
            }
        }
    }
    // PEP 735 dependency groups: lists of requirement strings (tables include other groups).
    if let Some(groups) = doc.get("dependency-groups").and_then(|v| v.as_table()) {
        for group in groups.values() {
            m.dependencies.extend(pep508_list(Some(group)));
        }
    }
    if let Some(p) = poetry {
        let mut tables = vec![p.get("dependencies"), p.get("dev-dependencies")];
        if let Some(groups) = p.get("group").and_then(|v| v.as_table()) {
            tables.extend(groups.values().map(|g| g.get("dependencies")));
        }
        for table in tables.into_iter().flatten().filter_map(|t| t.as_table()) {
            m.dependencies
                .extend(table.keys().filter(|k| *k != "python").cloned());
        }
    }
}

/// The distribution name of one requirement line or PEP 508 string (`flask[async]>=2; …` →
/// `flask`); `None` for comments, options (`-r`, `-e`, `--index-url`), URLs and blanks.
pub fn requirement_name(line: &str) -> Option<String> {
    let line = line.split(" #").next().unwrap_or("").trim();
    if line.is_empty() || line.starts_with('#') || line.starts_with('-') || line.contains("://") {
        return None;
    }
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
        .unwrap_or(line.len());
    let name = &line[..end];
    (!name.is_empty()).then(|| name.to_string())
}

/// Parses JSON that may hold `//` and `/* */` comments and trailing commas (tsconfig files
/// and some package.json files do).
pub fn parse_jsonc(text: &str) -> Result<Json, String> {
    let clean = strip_jsonc(text);
    serde_json::from_str(&clean).map_err(|e| {
        format!(
            "invalid JSON at line {} column {}: {e}",
            e.line(),
            e.column()
        )
    })
}

/// Replaces comments with spaces (newlines kept, so error positions still match) and drops
/// commas that directly precede `}` or `]`.
fn strip_jsonc(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    // Index in `out` of the last comma outside a string, while only whitespace follows it.
    let mut pending_comma: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'"' => {
                pending_comma = None;
                out.push(b);
                i += 1;
                while i < bytes.len() {
                    let c = bytes[i];
                    out.push(c);
                    i += 1;
                    if c == b'\\' && i < bytes.len() {
                        out.push(bytes[i]);
                        i += 1;
                    } else if c == b'"' {
                        break;
                    }
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    out.push(b' ');
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                out.extend_from_slice(b"  ");
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    out.push(if bytes[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
                if i < bytes.len() {
                    out.extend_from_slice(b"  ");
                    i += 2;
                }
            }
            b',' => {
                pending_comma = Some(out.len());
                out.push(b);
                i += 1;
            }
            b'}' | b']' => {
                if let Some(at) = pending_comma.take() {
                    out[at] = b' ';
                }
                out.push(b);
                i += 1;
            }
            _ => {
                if !b.is_ascii_whitespace() {
                    pending_comma = None;
                }
                out.push(b);
                i += 1;
            }
        }
    }
    // Only ASCII bytes were replaced, and only outside multi-byte sequences.
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn dotenv_lines_are_variables() {
        let text = "# comment\nexport A=http://x/v1\nB=\"quoted # not a comment\"\nC='single'\nD=plain # trailing\nnot a line\nE=\nA=later\n";
        let vars = super::parse_dotenv(text);
        let got: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            got,
            [
                ("A", "later"),
                ("B", "quoted # not a comment"),
                ("C", "single"),
                ("D", "plain"),
                ("E", ""),
            ]
        );
        assert_eq!(kind_for("web/.env.example"), Some(ManifestKind::Dotenv));
        assert_eq!(kind_for("web/.envrc"), None);
        assert_eq!(kind_for("web/index.html"), Some(ManifestKind::HtmlEntry));
    }

    #[test]
    fn inline_scripts_of_an_html_page_set_globals() {
        let text = "<script type=\"module\" src=\"/src/main.ts\">window.SKIPPED = 'x'</script>\n<script>\n\t// The API.\n\twindow.API_URL = '/api/v1'\n\twindow.TITLE = \"Tasks\"; window.COUNT = 3\n\twindow.A = 'a' + b\n</script>";
        let vars = super::parse_html_globals(text);
        let got: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(got, [("API_URL", "/api/v1"), ("TITLE", "Tasks")]);
    }

    use super::*;

    #[test]
    fn cargo_manifests_name_their_crates_and_members() {
        let text = "[package]\nname = \"api\"\n\n[dependencies]\naxum = \"0.7\"\nhttp2 = { package = \"h2\", version = \"0.4\" }\n\n[dev-dependencies]\nreqwest = { workspace = true }\n\n[target.'cfg(unix)'.dependencies]\nnix = \"0.29\"\n\n[workspace]\nmembers = [\"crates/*\", \"cli\"]\n\n[workspace.dependencies]\ntokio = \"1\"\n";
        assert_eq!(kind_for("server/Cargo.toml"), Some(ManifestKind::Cargo));
        assert_eq!(kind_for("composer.json"), Some(ManifestKind::Composer));
        let m = parse(
            "composer.json",
            ManifestKind::Composer,
            r#"{"name": "laravel/laravel", "require": {"php": "^8.2", "laravel/framework": "^11"},
                "require-dev": {"Pestphp/Pest": "^2"},
                "autoload": {"psr-4": {"App\\": "app/"}}}"#,
        )
        .unwrap();
        assert_eq!(m.name.as_deref(), Some("laravel/laravel"));
        assert_eq!(m.dependencies, ["laravel/framework", "pestphp/pest"]);
        assert_eq!(
            m.variables.get("psr-4:App\\").map(String::as_str),
            Some("app")
        );
        let m = parse("server/Cargo.toml", ManifestKind::Cargo, text).unwrap();
        assert_eq!(m.name.as_deref(), Some("api"));
        assert_eq!(m.dependencies, ["axum", "h2", "nix", "reqwest", "tokio"]);
        assert_eq!(m.workspaces, ["crates/*", "cli"]);
        let broken = parse("Cargo.toml", ManifestKind::Cargo, "[package\nname = 1");
        assert!(broken.is_err());
    }

    #[test]
    fn gemfiles_name_their_gems() {
        let gemfile = "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\ngem \"pg\"\ngroup :test do\n  gem 'rspec-rails'\nend\n# gem 'old'\n";
        assert_eq!(kind_for("Gemfile"), Some(ManifestKind::Gemfile));
        let m = parse("Gemfile", ManifestKind::Gemfile, gemfile).unwrap();
        assert_eq!(m.dependencies, ["pg", "rails", "rspec-rails"]);
        let lock = "GEM\n  remote: https://rubygems.org/\n  specs:\n    actionpack (7.1.3)\n      rack (>= 2.2.4)\n    rails (7.1.3)\n\nDEPENDENCIES\n  rails (~> 7.1)\n  sorbet!\n";
        assert_eq!(kind_for("app/Gemfile.lock"), Some(ManifestKind::Gemfile));
        let m = parse("app/Gemfile.lock", ManifestKind::Gemfile, lock).unwrap();
        assert_eq!(m.dependencies, ["actionpack", "rails", "sorbet"]);
    }

    #[test]
    fn csproj_packages_and_the_web_sdk() {
        let text = r#"<Project Sdk="Microsoft.NET.Sdk.Web">
  <ItemGroup>
    <PackageReference Include="Asp.Versioning.Http" />
    <PackageReference Version="8.0.0" Include='Npgsql' />
    <FrameworkReference Include="Microsoft.AspNetCore.App" />
  </ItemGroup>
</Project>"#;
        assert_eq!(kind_for("src/Api/Api.csproj"), Some(ManifestKind::Dotnet));
        let m = parse("src/Api/Api.csproj", ManifestKind::Dotnet, text).unwrap();
        assert_eq!(m.name.as_deref(), Some("Api"));
        assert_eq!(
            m.dependencies,
            ["Asp.Versioning.Http", "Microsoft.AspNetCore.App", "Npgsql"]
        );
        // A class library on the plain SDK brings no ASP.NET Core.
        let lib = r#"<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Dapper" /></ItemGroup></Project>"#;
        let m = parse("Lib/Lib.csproj", ManifestKind::Dotnet, lib).unwrap();
        assert_eq!(m.dependencies, ["Dapper"]);
    }

    #[test]
    fn jsonc_comments_and_trailing_commas() {
        let v = parse_jsonc(
            "{\n // c\n \"a\": [1, 2,], /* x, */ \"b\": \"//not, a comment\",\n \"c\": {\"d\": 1,},\n}",
        )
        .unwrap();
        assert_eq!(
            v,
            serde_json::json!({"a": [1, 2], "b": "//not, a comment", "c": {"d": 1}})
        );
    }

    #[test]
    fn requirement_names() {
        assert_eq!(
            requirement_name("Flask[async]>=2.0 ; python_version > '3'"),
            Some("Flask".into())
        );
        assert_eq!(
            requirement_name("requests==2.31  # pinned"),
            Some("requests".into())
        );
        assert_eq!(requirement_name("-r base.txt"), None);
        assert_eq!(requirement_name("git+https://x/y.git#egg=z"), None);
        assert_eq!(requirement_name("  # only a comment"), None);
    }

    #[test]
    fn kinds() {
        assert_eq!(kind_for("a/package.json"), Some(ManifestKind::PackageJson));
        assert_eq!(kind_for("tsconfig.base.json"), Some(ManifestKind::Tsconfig));
        assert_eq!(
            kind_for("requirements-dev.txt"),
            Some(ManifestKind::Requirements)
        );
        assert_eq!(kind_for("yarn.lock"), Some(ManifestKind::Lockfile));
        assert_eq!(kind_for("src/app.json"), None);
    }
}

//! Reading pack files: the built-in ones embedded in the binary, and a repository's own in
//! `.seam/packs/*.yaml`. Every error names the file, the line and the problem.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use crate::format::{ConstraintFile, PackFile, RouterFile, ScalarFile, TerminalFile, ValueFile};
use crate::pack::*;
use crate::pattern::{PatternError, PatternNode, compile_decorator, compile_expression};

mod store;

/// The packs shipped with seam: (file name, contents).
pub const BUILTIN_PACK_FILES: &[(&str, &str)] = &[
    ("express.yaml", include_str!("../packs/express.yaml")),
    ("fetch.yaml", include_str!("../packs/fetch.yaml")),
    ("axios.yaml", include_str!("../packs/axios.yaml")),
    ("jquery.yaml", include_str!("../packs/jquery.yaml")),
    ("ofetch.yaml", include_str!("../packs/ofetch.yaml")),
    (
        "angular-http.yaml",
        include_str!("../packs/angular-http.yaml"),
    ),
    (
        "openapi-fetch.yaml",
        include_str!("../packs/openapi-fetch.yaml"),
    ),
    ("prisma.yaml", include_str!("../packs/prisma.yaml")),
    ("fastify.yaml", include_str!("../packs/fastify.yaml")),
    ("koa.yaml", include_str!("../packs/koa.yaml")),
    ("hono.yaml", include_str!("../packs/hono.yaml")),
    (
        "trpc-openapi.yaml",
        include_str!("../packs/trpc-openapi.yaml"),
    ),
    ("nestjs.yaml", include_str!("../packs/nestjs.yaml")),
    ("nextjs.yaml", include_str!("../packs/nextjs.yaml")),
    (
        "react-router.yaml",
        include_str!("../packs/react-router.yaml"),
    ),
    (
        "nextjs-pages.yaml",
        include_str!("../packs/nextjs-pages.yaml"),
    ),
    (
        "generated-client.yaml",
        include_str!("../packs/generated-client.yaml"),
    ),
    ("fastapi.yaml", include_str!("../packs/fastapi.yaml")),
    ("requests.yaml", include_str!("../packs/requests.yaml")),
    ("httpx.yaml", include_str!("../packs/httpx.yaml")),
    ("flask.yaml", include_str!("../packs/flask.yaml")),
    ("django.yaml", include_str!("../packs/django.yaml")),
    ("nitro.yaml", include_str!("../packs/nitro.yaml")),
    ("sveltekit.yaml", include_str!("../packs/sveltekit.yaml")),
    ("medusa.yaml", include_str!("../packs/medusa.yaml")),
];

/// A pack file that could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackError {
    /// The file as the user knows it (`built-in express.yaml` or a path).
    pub file: String,
    /// 1-based line, when the problem has one.
    pub line: Option<usize>,
    pub problem: String,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.problem),
            None => write!(f, "{}: {}", self.file, self.problem),
        }
    }
}

impl std::error::Error for PackError {}

/// Loads every built-in pack.
pub fn builtin_packs() -> Result<Vec<Pack>, PackError> {
    BUILTIN_PACK_FILES
        .iter()
        .map(|(file, text)| load_pack_str(text, &format!("built-in {file}"), PackOrigin::Builtin))
        .collect()
}

/// Loads every `*.yaml` / `*.yml` file of a directory, sorted by file name. A missing directory
/// holds no packs.
pub fn load_pack_dir(dir: &Path) -> Result<Vec<Pack>, PackError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(PackError {
                file: dir.display().to_string(),
                line: None,
                problem: format!("the pack directory could not be read ({e})"),
            });
        }
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    files.sort();
    let mut packs = Vec::with_capacity(files.len());
    for file in files {
        let shown = file.display().to_string();
        let text = std::fs::read_to_string(&file).map_err(|e| PackError {
            file: shown.clone(),
            line: None,
            problem: format!("the pack file could not be read ({e})"),
        })?;
        packs.push(load_pack_str(
            &text,
            &shown,
            PackOrigin::Path(shown.clone()),
        )?);
    }
    Ok(packs)
}

/// Parses, checks and compiles one pack file. `file` is how errors name it.
pub fn load_pack_str(text: &str, file: &str, origin: PackOrigin) -> Result<Pack, PackError> {
    seam_ir::yaml::check_nesting(text).map_err(|deep| PackError {
        file: file.to_owned(),
        line: Some(deep.line),
        problem: deep.to_string(),
    })?;
    let raw: PackFile = serde_norway::from_str(text).map_err(|e| PackError {
        file: file.to_owned(),
        line: e.location().map(|l| l.line()),
        problem: yaml_problem(&e.to_string()),
    })?;
    Compiler { text, file }.compile(raw, origin)
}

/// serde_norway appends " at line L column C" to its messages; the line is reported separately.
fn yaml_problem(message: &str) -> String {
    let trimmed = match message.find(" at line ") {
        Some(i) => &message[..i],
        None => message,
    };
    format!("{trimmed}; see crates/seam-packs/README.md for the pack format")
}

struct Compiler<'a> {
    text: &'a str,
    file: &'a str,
}

impl Compiler<'_> {
    /// The first line of the file that contains `needle`, to point at a field's problem.
    fn line_of(&self, needle: &str) -> Option<usize> {
        let needle = needle.trim();
        if needle.is_empty() {
            return None;
        }
        self.text
            .lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
    }

    fn error(&self, near: &str, problem: impl Into<String>) -> PackError {
        PackError {
            file: self.file.to_owned(),
            line: self.line_of(near),
            problem: problem.into(),
        }
    }

    fn expression(&self, pattern: &str, family: LanguageFamily) -> Result<PatternNode, PackError> {
        compile_expression(pattern, family.pattern_language())
            .map_err(|e| self.pattern_error(pattern, e))
    }

    fn pattern_error(&self, pattern: &str, e: PatternError) -> PackError {
        self.error(pattern, e.to_string())
    }

    /// A field that names a metavariable (`$BODY`) must name one the pattern binds.
    /// Compiles `routeLists`: each entry is either an include (`child`) or a route (`handler`).
    fn route_lists(
        &self,
        raw: &crate::format::RouteListsFile,
        family: LanguageFamily,
    ) -> Result<RouteLists, PackError> {
        let mut entries = Vec::with_capacity(raw.entries.len());
        for e in &raw.entries {
            let pattern = self.expression(&e.pattern, family)?;
            let target = match (&e.child, &e.handler) {
                (Some(c), None) => {
                    RouteListTarget::Child(self.meta("child", c, &pattern, &e.pattern)?)
                }
                (None, Some(h)) => {
                    RouteListTarget::Handler(self.meta("handler", h, &pattern, &e.pattern)?)
                }
                _ => {
                    return Err(self.error(
                        &e.pattern,
                        format!(
                            "the route list entry `{}` needs exactly one of `child` (an include) and `handler` (a route)",
                            e.pattern
                        ),
                    ));
                }
            };
            entries.push(RouteListEntry {
                path: self.meta("path", &e.path, &pattern, &e.pattern)?,
                target,
                regex: e.regex,
                method: e.method.clone().unwrap_or_else(|| "*".to_owned()),
                pattern,
            });
        }
        let mut class_handlers = Vec::with_capacity(raw.class_handlers.len());
        for c in &raw.class_handlers {
            let pattern = self.expression(&c.pattern, family)?;
            let class = self.meta("class", &c.class, &pattern, &c.pattern)?;
            class_handlers.push((pattern, class));
        }
        let mut router_registrations = Vec::with_capacity(raw.router_registrations.len());
        for r in &raw.router_registrations {
            let pattern = self.expression(&r.pattern, family)?;
            router_registrations.push(RouterRegistration {
                router: self.meta("router", &r.router, &pattern, &r.pattern)?,
                prefix: self.meta("prefix", &r.prefix, &pattern, &r.pattern)?,
                viewset: self.meta("viewset", &r.viewset, &pattern, &r.pattern)?,
                pattern,
            });
        }
        let lower = |v: &Vec<String>| v.iter().map(|m| m.to_ascii_lowercase()).collect();
        Ok(RouteLists {
            entries,
            class_handlers,
            methods: lower(&raw.methods),
            class_bases: raw
                .class_bases
                .iter()
                .map(|(k, v)| (k.clone(), lower(v)))
                .collect(),
            router_registrations,
            router_urls: raw.router_urls.clone(),
            viewsets: raw.viewsets.as_ref().map(|v| Viewsets {
                lookup: v.lookup.clone(),
                default_lookup: v.default_lookup.clone(),
                actions: v
                    .actions
                    .iter()
                    .map(|a| (a.name.clone(), a.method.to_ascii_uppercase(), a.detail))
                    .collect(),
                bases: v.bases.clone(),
                extra_actions: v.extra_actions.as_ref().map(|e| ExtraActions {
                    decorator: e.decorator.clone(),
                    detail: e.detail.clone(),
                    methods: e.methods.clone(),
                    url_path: e.url_path.clone(),
                    mapping: e.mapping.clone(),
                }),
            }),
        })
    }

    fn meta(
        &self,
        field: &str,
        value: &str,
        pattern: &PatternNode,
        source: &str,
    ) -> Result<String, PackError> {
        let Some(name) = value.strip_prefix('$') else {
            return Err(self.error(
                value,
                format!("`{field}: {value}` must name a metavariable of the pattern, written with its `$`"),
            ));
        };
        let name = name.trim_start_matches("$$");
        if !pattern.metavariables().iter().any(|m| m == name) {
            let written = format!("{field}: {value}");
            let near = if self.line_of(&written).is_some() {
                written.as_str()
            } else {
                source
            };
            return Err(self.error(
                near,
                format!("`{field}` names `{value}`, which the pattern `{source}` does not bind"),
            ));
        }
        Ok(name.to_owned())
    }

    fn value(
        &self,
        field: &str,
        value: &ValueFile,
        pattern: &PatternNode,
        source: &str,
    ) -> Result<ValueRead, PackError> {
        Ok(match value {
            ValueFile::Scalar(ScalarFile::Number(n)) => ValueRead::Number(*n),
            ValueFile::Scalar(ScalarFile::Text(t)) if t.starts_with('$') => {
                ValueRead::Meta(self.meta(field, t, pattern, source)?)
            }
            ValueFile::Scalar(ScalarFile::Text(t)) => ValueRead::Text(t.clone()),
            ValueFile::Option {
                option,
                key,
                default,
            } => ValueRead::Option {
                meta: self.meta(field, option, pattern, source)?,
                key: key.clone(),
                default: default.clone(),
            },
        })
    }

    fn constraints(
        &self,
        raw: &BTreeMap<String, ConstraintFile>,
        pattern: &PatternNode,
        source: &str,
    ) -> Result<BTreeMap<String, Constraint>, PackError> {
        let mut out = BTreeMap::new();
        for (key, c) in raw {
            let name = self.meta("where", key, pattern, source)?;
            out.insert(
                name,
                Constraint {
                    role: c.role.clone(),
                    client: c.client,
                    one_of: c.one_of.clone(),
                },
            );
        }
        Ok(out)
    }

    fn compile(&self, raw: PackFile, origin: PackOrigin) -> Result<Pack, PackError> {
        if raw.name.trim().is_empty() {
            return Err(self.error("name:", "the pack has an empty `name`"));
        }
        let family = self.family(&raw.languages)?;
        let kind = match raw.kind.as_str() {
            "handler" => UnitKind::Handler,
            "client" => UnitKind::Client,
            "store" => UnitKind::Store,
            other => {
                return Err(self.error(
                    "kind:",
                    format!(
                        "`kind: {other}` is not a kind seam knows; write `handler`, `client` or `store`"
                    ),
                ));
            }
        };
        let protocol_fits = match kind {
            UnitKind::Store => raw.binding.protocol == "storage",
            _ => raw.binding.protocol == "rest",
        };
        if !protocol_fits {
            return Err(self.error(
                "protocol:",
                format!(
                    "`protocol: {}` is not supported yet; write `rest` (`storage` for a store pack)",
                    raw.binding.protocol
                ),
            ));
        }
        let detect = DetectRule {
            npm: raw.detect.npm.clone(),
            pypi: raw.detect.pypi.clone(),
            always: raw.detect.always,
        };
        if !detect.always && detect.npm.is_empty() && detect.pypi.is_empty() {
            return Err(self.error(
                "detect:",
                "`detect` lists no dependency and is not `always: true`, so the pack could only run when forced with -f",
            ));
        }

        let mut routers = Vec::with_capacity(raw.routers.len());
        let mut router_prefixes = Vec::with_capacity(raw.routers.len());
        let mut router_parents = Vec::with_capacity(raw.routers.len());
        for r in &raw.routers {
            match r {
                RouterFile::Pattern(p) => {
                    routers.push(self.expression(p, family)?);
                    router_prefixes.push(None);
                    router_parents.push(None);
                }
                RouterFile::WithPrefix(w) => {
                    let pattern = self.expression(&w.pattern, family)?;
                    if w.prefix.is_none() && w.parent.is_none() {
                        return Err(self.error(
                            &w.pattern,
                            format!(
                                "the router `{}` has neither `prefix` nor `parent`; write it as a plain pattern",
                                w.pattern
                            ),
                        ));
                    }
                    router_prefixes.push(
                        w.prefix
                            .as_ref()
                            .map(|p| self.meta("prefix", p, &pattern, &w.pattern))
                            .transpose()?,
                    );
                    router_parents.push(
                        w.parent
                            .as_ref()
                            .map(|p| self.meta("parent", p, &pattern, &w.pattern))
                            .transpose()?,
                    );
                    routers.push(pattern);
                }
            }
        }

        let mut global_prefixes = Vec::new();
        for g in &raw.global_prefixes {
            let pattern = self.expression(&g.pattern, family)?;
            if g.file.is_none() && pattern.call_anchor().is_none() {
                return Err(self.error(
                    &g.pattern,
                    format!("the global prefix pattern `{}` is not a call, so it needs `file:` to say which files to look in", g.pattern),
                ));
            }
            global_prefixes.push(GlobalPrefix {
                prefix: self.meta("prefix", &g.prefix, &pattern, &g.pattern)?,
                file: g.file.clone(),
                pattern,
            });
        }

        let mut url_interceptors = Vec::with_capacity(raw.url_interceptors.len());
        for i in &raw.url_interceptors {
            let pattern = self.expression(&i.pattern, family)?;
            url_interceptors.push(UrlInterceptor {
                client: i
                    .client
                    .as_ref()
                    .map(|c| self.meta("client", c, &pattern, &i.pattern))
                    .transpose()?,
                handler: self.meta("handler", &i.handler, &pattern, &i.pattern)?,
                url: i.url.clone(),
                pattern,
            });
        }

        let uri_versioning = raw
            .uri_versioning
            .as_ref()
            .map(|v| {
                self.expression(&v.pattern, family)
                    .map(|p| (p, v.segment.clone()))
            })
            .transpose()?;

        let mut mounts = Vec::new();
        for m in &raw.mounts {
            let pattern = self.expression(&m.pattern, family)?;
            mounts.push(Mount {
                parent: self.meta("parent", &m.parent, &pattern, &m.pattern)?,
                prefix: m
                    .prefix
                    .as_ref()
                    .map(|p| self.meta("prefix", p, &pattern, &m.pattern))
                    .transpose()?,
                child: self.meta("child", &m.child, &pattern, &m.pattern)?,
                plugin_parameter: m.plugin_parameter,
                pattern,
            });
        }

        let mut routes = Vec::new();
        for r in &raw.routes {
            let pattern = self.expression(&r.pattern, family)?;
            let receiver_pattern = r
                .receiver_pattern
                .as_ref()
                .map(|p| self.expression(p, family))
                .transpose()?;
            // Metavariables may come from the main pattern or the receiver pattern.
            let combined = match &receiver_pattern {
                Some(rp) => PatternNode::Array(
                    [pattern.clone(), rp.clone()]
                        .into_iter()
                        .map(|node| crate::pattern::PatternArg::One { node, name: None })
                        .collect(),
                ),
                None => pattern.clone(),
            };
            let method = self.value("method", &r.method, &combined, &r.pattern)?;
            routes.push(Route {
                receiver: r
                    .receiver
                    .as_ref()
                    .map(|x| self.meta("receiver", x, &combined, &r.pattern))
                    .transpose()?,
                method,
                methods: r.methods.iter().map(|m| m.to_ascii_lowercase()).collect(),
                path: match &r.path {
                    ValueFile::Scalar(ScalarFile::Text(t)) => {
                        self.meta("path", t, &combined, &r.pattern)?
                    }
                    ValueFile::Option { option, .. } => {
                        self.meta("path", option, &combined, &r.pattern)?
                    }
                    ValueFile::Scalar(ScalarFile::Number(n)) => {
                        return Err(self.error(
                            &r.pattern,
                            format!("`path` is the number {n}; it names a metavariable"),
                        ));
                    }
                },
                path_key: match &r.path {
                    ValueFile::Option { key, .. } => Some(key.clone()),
                    ValueFile::Scalar(_) => None,
                },
                handlers: self.meta("handlers", &r.handlers, &combined, &r.pattern)?,
                chain: r.chain.iter().map(|m| m.to_ascii_lowercase()).collect(),
                pattern,
                receiver_pattern,
            });
        }

        let procedures = match &raw.procedures {
            None => None,
            Some(p) => {
                let mut routers = Vec::new();
                let mut members = String::new();
                for r in &p.routers {
                    let pattern = self.expression(r, family)?;
                    members = self.meta("members", &p.members, &pattern, r)?;
                    routers.push(pattern);
                }
                let mut serve = Vec::new();
                for s in &p.serve {
                    let pattern = self.expression(&s.pattern, family)?;
                    serve.push((
                        self.meta("router", &s.router, &pattern, &s.pattern)?,
                        self.meta("prefix", &s.prefix, &pattern, &s.pattern)?,
                        pattern,
                    ));
                }
                Some(Procedures {
                    routers,
                    members,
                    serve: serve.into_iter().map(|(r, x, p)| (p, r, x)).collect(),
                })
            }
        };

        let mut decorated = Vec::new();
        for d in &raw.decorated {
            let pattern = compile_decorator(&d.decorator, family.pattern_language())
                .map_err(|e| self.pattern_error(&d.decorator, e))?;
            decorated.push(Decorated {
                receiver: d
                    .receiver
                    .as_ref()
                    .map(|x| self.meta("receiver", x, &pattern, &d.decorator))
                    .transpose()?,
                method: self.value(
                    "method",
                    &ValueFile::Scalar(ScalarFile::Text(d.method.clone())),
                    &pattern,
                    &d.decorator,
                )?,
                methods: d.methods.iter().map(|m| m.to_ascii_lowercase()).collect(),
                path: if d.path.is_empty() {
                    String::new()
                } else {
                    self.meta("path", &d.path, &pattern, &d.decorator)?
                },
                status_decorator: d
                    .status_decorator
                    .as_ref()
                    .map(|p| {
                        compile_decorator(p, family.pattern_language())
                            .map_err(|e| self.pattern_error(p, e))
                    })
                    .transpose()?,
                default_status: d.default_status,
                class_prefix: d
                    .class_prefix
                    .as_ref()
                    .map(|cp| cp.items())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|p| {
                        compile_decorator(p, family.pattern_language())
                            .map_err(|e| self.pattern_error(p, e))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
                status: d
                    .status
                    .as_ref()
                    .map(|x| self.meta("status", x, &pattern, &d.decorator))
                    .transpose()?,
                body: d
                    .body
                    .as_ref()
                    .map(|x| self.meta("body", x, &pattern, &d.decorator))
                    .transpose()?,
                on_class: match d.target.as_deref() {
                    None | Some("function") => false,
                    Some("class") => true,
                    Some(other) => {
                        return Err(self.error(
                            &format!("target: {other}"),
                            format!("`target: {other}` is not known; write function or class"),
                        ));
                    }
                },
                decorator: pattern,
            });
        }

        let route_lists = raw
            .route_lists
            .as_ref()
            .map(|rl| self.route_lists(rl, family))
            .transpose()?;

        let mut input_defaults = Vec::with_capacity(raw.inputs.defaults.len());
        for d in &raw.inputs.defaults {
            let pattern = self.expression(&d.pattern, family)?;
            let field = match d.field.as_deref() {
                None => None,
                Some("name") => Some(FieldName::Name),
                Some("header") => Some(FieldName::Header),
                Some(m) if m.starts_with('$') => Some(FieldName::Meta(
                    self.meta("field", m, &pattern, &d.pattern)?,
                )),
                Some(other) => {
                    return Err(self.error(
                        &format!("field: {other}"),
                        format!("`field: {other}` is not known; write name, header or a metavariable of the pattern"),
                    ));
                }
            };
            input_defaults.push(InputDefault {
                pattern,
                role: d.role.clone(),
                field,
            });
        }

        if let Some(f) = raw
            .files
            .iter()
            .find(|f| f.exports.is_empty() && f.export_object.is_none())
        {
            return Err(self.error(
                &f.glob,
                format!(
                    "the file convention `{}` names no handler: give `exports` or `exportObject`",
                    f.glob
                ),
            ));
        }
        let files = raw
            .files
            .iter()
            .map(|f| FileConvention {
                glob: f.glob.clone(),
                exports: f.exports.clone(),
                method: f.method.clone(),
                prefix: f.prefix.clone(),
                file_name_segment: f.file_name_segment,
                index_names: f.index_names.clone(),
                method_suffixes: f.method_suffixes.clone(),
                export_object: f.export_object.clone(),
                export_methods: f.export_methods.clone(),
                unless_exports: f.unless_exports.clone(),
                separator: f.separator.clone(),
                flat_folder_suffix: f.flat_folder_suffix.clone(),
            })
            .collect();
        let mut segments = Vec::new();
        for rule in &raw.segments {
            let exact = !rule.from.contains("$NAME");
            let (before, after) = rule.from.split_once("$NAME").unwrap_or((&rule.from, ""));
            if exact && rule.to.contains("$NAME") {
                return Err(self.error(
                    &rule.from,
                    format!(
                        "the segment rule `from: {}` has no `$NAME` for `to: {}` to use",
                        rule.from, rule.to
                    ),
                ));
            }
            let to = match rule.to.split_once("$NAME") {
                Some((a, b)) => (a.to_owned(), Some(b.to_owned())),
                None => (rule.to.clone(), None),
            };
            segments.push(SegmentRule {
                before: before.to_owned(),
                after: after.to_owned(),
                to,
                within: rule.within,
                exact,
            });
        }

        let terminals = raw
            .terminals
            .iter()
            .map(|t| self.terminal(t, family))
            .collect::<Result<Vec<_>, _>>()?;
        if kind == UnitKind::Handler && terminals.is_empty() {
            return Err(self.error(
                "kind:",
                "a handler pack needs at least one entry under `terminals`",
            ));
        }

        let mut clients = Vec::new();
        for c in &raw.clients {
            let create = c
                .create
                .as_ref()
                .map(|p| self.expression(p, family))
                .transpose()?;
            let base_url = match (&c.base_url, &create, &c.create) {
                (Some(v), Some(pattern), Some(source)) => {
                    Some(self.value("baseUrl", v, pattern, source)?)
                }
                (Some(_), _, _) => {
                    return Err(self.error(
                        "baseUrl",
                        "`baseUrl` needs a `create` pattern to read it from",
                    ));
                }
                (None, _, _) => None,
            };
            if c.import.is_none() && create.is_none() && c.type_name.is_none() {
                return Err(self.error(
                    "clients:",
                    "each entry under `clients` needs `import`, `create` or `type`",
                ));
            }
            if c.from.is_some()
                && !matches!(&create, Some(PatternNode::Call { callee, .. })
                    if matches!(callee.as_ref(), PatternNode::Ident(_)))
            {
                return Err(self.error(
                    "from:",
                    "`from` needs a `create` pattern that calls a plain name (`createClient($C)`)",
                ));
            }
            clients.push(ClientObject {
                import: c.import.clone(),
                create,
                base_url,
                from: c.from.clone(),
                type_name: c.type_name.clone(),
            });
        }

        let mut calls = Vec::new();
        for c in &raw.calls {
            let pattern = self.expression(&c.pattern, family)?;
            calls.push(ClientCall {
                constraints: self.constraints(&c.where_, &pattern, &c.pattern)?,
                url: self.value("url", &c.url, &pattern, &c.pattern)?,
                method: self.value("method", &c.method, &pattern, &c.pattern)?,
                pattern,
            });
        }
        if kind == UnitKind::Client && calls.is_empty() {
            return Err(self.error(
                "kind:",
                "a client pack needs at least one entry under `calls`",
            ));
        }

        let accessor = |list: &[String]| -> Result<Vec<PatternNode>, PackError> {
            list.iter()
                .map(|p| {
                    let node = self.expression(p, family)?;
                    if node.metavariables().len() != 1 {
                        return Err(self.error(
                            p,
                            format!("the response accessor `{p}` must use exactly one metavariable, the response"),
                        ));
                    }
                    Ok(node)
                })
                .collect()
        };
        let response = ResponseAccessors {
            status: accessor(&raw.response.status)?,
            ok: accessor(&raw.response.ok)?,
            body: accessor(&raw.response.body)?,
            error_status: accessor(&raw.response.error_status)?,
            throws_on_failure: accessor(&raw.response.throws_on_failure)?,
        };
        let accesses = self.accesses(&raw.accesses, family)?;
        if kind == UnitKind::Store && accesses.is_empty() {
            return Err(self.error(
                "kind:",
                "a store pack needs at least one entry under `accesses`",
            ));
        }
        let client_sources = self.client_sources(&raw.client_sources, family)?;
        let environment = raw
            .environment
            .iter()
            .map(|p| self.expression(p, family))
            .collect::<Result<Vec<_>, _>>()?;

        Ok(Pack {
            recognition: raw
                .binding
                .recognition
                .clone()
                .unwrap_or_else(|| raw.name.clone()),
            name: raw.name,
            description: raw.description,
            origin,
            family,
            kind,
            transport: raw.binding.transport,
            protocol: raw.binding.protocol,
            detect,
            routers,
            router_prefixes,
            router_parents,
            global_prefixes,
            uri_versioning,
            mounts,
            routes,
            procedures,
            decorated,
            route_lists,
            files,
            segments,
            roles: raw.inputs.positional,
            input_defaults,
            path_parameter_role: raw.inputs.path_parameters,
            class_parameter_role: raw.inputs.class_parameters,
            plain_parameter_role: raw.inputs.plain_parameters,
            terminals,
            clients,
            calls,
            url_interceptors,
            import_aliases: raw.import_aliases.into_iter().collect(),
            response,
            environment,
            metadata: raw.metadata,
            accesses,
            client_sources,
        })
    }

    fn family(&self, languages: &[String]) -> Result<LanguageFamily, PackError> {
        let mut family = None;
        for l in languages {
            let this = match l.as_str() {
                "javascript" | "typescript" => LanguageFamily::JavaScript,
                "python" => LanguageFamily::Python,
                other => {
                    return Err(self.error(
                        "languages",
                        format!("`{other}` is not a language seam reads; write javascript, typescript or python"),
                    ));
                }
            };
            if family.is_some_and(|f| f != this) {
                return Err(self.error(
                    "languages",
                    "a pack's patterns are written in one language, so `languages` must not mix python with javascript/typescript; write two packs",
                ));
            }
            family = Some(this);
        }
        family.ok_or_else(|| {
            self.error(
                "languages",
                "`languages` is empty; write javascript, typescript or python",
            )
        })
    }

    fn terminal(&self, t: &TerminalFile, family: LanguageFamily) -> Result<Terminal, PackError> {
        let statement = match t.statement.as_deref() {
            None | Some("expression") => TerminalStatement::Expression,
            Some("return") => TerminalStatement::Return,
            Some("throw") => TerminalStatement::Throw,
            Some(other) => {
                return Err(self.error(
                    &format!("statement: {other}"),
                    format!("`statement: {other}` is not known; write expression, return or throw"),
                ));
            }
        };
        let output = match t.output.as_deref() {
            None | Some("response") => OutputKind::Response,
            Some("throw") => OutputKind::Throw,
            Some("return") => OutputKind::Return,
            Some(other) => {
                return Err(self.error(
                    &format!("output: {other}"),
                    format!("`output: {other}` is not known; write response, throw or return"),
                ));
            }
        };
        let pattern = match &t.pattern {
            Some(p) => Some(self.expression(p, family)?),
            None if statement == TerminalStatement::Expression => {
                return Err(self.error(
                    "terminals",
                    "a terminal written as an expression needs a `pattern`",
                ));
            }
            None => None,
        };
        let source = t.pattern.clone().unwrap_or_default();
        // With no pattern (`statement: return`), `$VALUE` is the returned or thrown value.
        let node = pattern
            .clone()
            .unwrap_or_else(|| PatternNode::Meta("VALUE".to_owned()));
        let status = t
            .status
            .as_ref()
            .map(|s| self.value("status", &ValueFile::Scalar(s.clone()), &node, &source))
            .transpose()?;
        let field = |name: &str, v: &Option<String>| -> Result<Option<String>, PackError> {
            v.as_ref()
                .map(|x| self.meta(name, x, &node, &source))
                .transpose()
        };
        Ok(Terminal {
            statement,
            output,
            status,
            body: field("body", &t.body)?,
            exception: field("exception", &t.exception)?,
            message: field("message", &t.message)?,
            sets_status: match t.part.as_deref() {
                None => false,
                Some("status") => true,
                Some(other) => {
                    return Err(self.error(
                        &format!("part: {other}"),
                        format!("`part: {other}` is not known; write status"),
                    ));
                }
            },
            route: t.route,
            constraints: self.constraints(&t.where_, &node, &source)?,
            pattern,
        })
    }
}

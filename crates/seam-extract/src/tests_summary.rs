//! Test summaries (`kind: test`): one per test case, for the covering-test walk of intent
//! checking.
//!
//! - **vitest / jest** (`*.test.*`, `*.spec.*`, files under `__tests__/`): `describe` /
//!   `context` / `suite` blocks and `it` / `test` cases, with `.skip`, `.todo`, `xit`, `xtest`,
//!   `xdescribe` marking a case (or every case of a block) skipped, and with `.only` (`fit`,
//!   `fdescribe`) in a file every other case of it skipped; `vi.mock(…)` /
//!   `jest.mock(…)` replace a module, `vi.spyOn(obj, "name")` / `jest.spyOn` a function.
//! - **pytest** (`test_*.py`, `*_test.py`): `test*` functions at module level and in `Test*`
//!   classes, `@pytest.mark.skip` on the function or its class (`skipif` is not a skip: it may
//!   run), `@pytest.mark.parametrize` (one summary: node ids with `[params]` name the same
//!   function), `mock.patch("a.b.c")` / `mocker.patch` as decorator, context manager or call,
//!   and `monkeypatch.setattr("a.b.c", …)` / `monkeypatch.setattr(obj, "name", …)`.
//!
//! A summary is named by its title path joined with ` > ` (`tests/orders.test.ts > orders >
//! archives`, `tests/test_orders.py > TestArchive > test_archive`). Its one transition lists
//! the calls the test makes as invocation effects (a method call on an instance whose class
//! is known says the class, `receiverClass`). `metadata.test` says `runner`, `titlePath`,
//! `skipped`, `mocks` (`{module?, name?, written}`) and `reaches`: every function the test's
//! calls lead to through the repository's imports (a few calls deep), and every HTTP route it
//! calls with a literal path (`request(app).post("/orders/1/archive")`,
//! `client.post("/orders/1")`), each with the calls on the way (`via`) and the mock that
//! replaces a call on the way (`mockedBy`), so the checker can tell a test that reaches its
//! subject from one that reaches it only through its mocks.

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::summary::{
    BehavioralSummary, CodeUnitIdentity, CodeUnitKind, ConfidenceInfo, ConfidenceLevel,
    ConfidenceSource, Effect, Gap, GapConsequence, GapType, InvocationEffect, LineRange, Output,
    SchemaVersion, SourceLocation, Transition, transition_id,
};
use seam_lang::model::{
    BindingKind, ExprId, ExprKind, FuncId, FunctionBody, ImportedItem, Language, LiteralValue,
    Model, Span,
};
use serde_json::{Value, json};

/// How many calls deep a test's reach is followed.
const REACH_DEPTH: usize = 6;

const HTTP_METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// Whether a file is a test file by its name.
pub fn is_test_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    if name.ends_with(".py") {
        return name.starts_with("test_") || name.ends_with("_test.py");
    }
    name.contains(".test.") || name.contains(".spec.") || path.contains("__tests__/")
}

/// One mock: what it replaces.
#[derive(Debug, Clone, PartialEq)]
struct Mock {
    /// The repository file of the module it replaces.
    module: Option<String>,
    /// The function it replaces.
    name: Option<String>,
    written: String,
}

impl Mock {
    fn replaces(&self, file: &str, name: &str) -> bool {
        match &self.module {
            None => self.name.as_deref() == Some(name),
            Some(module) => module == file && self.name.as_deref().is_none_or(|n| n == name),
        }
    }

    fn to_json(&self) -> Value {
        let mut out = serde_json::Map::new();
        if let Some(module) = &self.module {
            out.insert("module".into(), json!(module));
        }
        if let Some(name) = &self.name {
            out.insert("name".into(), json!(name));
        }
        out.insert("written".into(), json!(self.written));
        Value::Object(out)
    }
}

/// One test case found in a file.
struct Case {
    titles: Vec<String>,
    skipped: bool,
    /// The function holding the test's body.
    body: FuncId,
    /// The span of the whole registration (or definition).
    span: Span,
    runner: &'static str,
    /// Mocks that apply to this case only (decorators, calls in its body).
    own_mocks: Vec<Mock>,
}

/// The repository's models by path.
struct Repo<'a> {
    by_path: BTreeMap<&'a str, &'a Model>,
}

impl<'a> Repo<'a> {
    /// A module specifier resolved against `from` to a repository file (`../src/orders` →
    /// `src/orders.ts`).
    fn resolve_relative(&self, from: &str, spec: &str) -> Option<String> {
        if !spec.starts_with('.') {
            return None;
        }
        let mut parts: Vec<&str> = from.split('/').collect();
        parts.pop();
        for part in spec.split('/') {
            match part {
                "." | "" => {}
                ".." => {
                    parts.pop();
                }
                other => parts.push(other),
            }
        }
        let base = parts.join("/");
        let candidates = [
            String::new(),
            ".ts".into(),
            ".tsx".into(),
            ".js".into(),
            ".jsx".into(),
            ".mjs".into(),
            "/index.ts".into(),
            "/index.js".into(),
        ];
        candidates
            .iter()
            .map(|ext| format!("{base}{ext}"))
            .find(|p| self.by_path.contains_key(p.as_str()))
    }

    /// A dotted Python module (`app.orders`) to the repository file holding it.
    fn resolve_dotted(&self, module: &str) -> Option<String> {
        let rel = module.replace('.', "/");
        let ends = [format!("{rel}.py"), format!("{rel}/__init__.py")];
        self.by_path
            .keys()
            .find(|p| {
                ends.iter()
                    .any(|e| **p == e.as_str() || p.ends_with(&format!("/{e}")))
            })
            .map(|p| (*p).to_owned())
    }
}

fn string_literal(model: &Model, expr: ExprId) -> Option<String> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => Some(value.to_string()),
        ExprKind::Template(t) if t.tag.is_none() && t.exprs.is_empty() => t.quasis.first().cloned(),
        _ => None,
    }
}

fn function_of(model: &Model, expr: ExprId) -> Option<FuncId> {
    match &model.expr(expr).kind {
        ExprKind::Function { function } => Some(*function),
        _ => None,
    }
}

fn contains(outer: Span, inner: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// The call expressions inside a span, in source order.
fn calls_within(model: &Model, span: Span) -> Vec<ExprId> {
    let mut out: Vec<ExprId> = model
        .exprs
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, ExprKind::Call { .. }) && contains(span, e.span))
        .map(|(i, _)| ExprId::from_index(i))
        .collect();
    out.sort_by_key(|id| model.expr(*id).span.start);
    out
}

/// Names a test framework provides, whose calls are not the test's own.
const FRAMEWORK_ROOTS: [&str; 14] = [
    "describe",
    "it",
    "test",
    "expect",
    "vi",
    "jest",
    "beforeEach",
    "afterEach",
    "beforeAll",
    "afterAll",
    "assert",
    "pytest",
    "mocker",
    "monkeypatch",
];

/// Where a call goes: a function in a repository file, an HTTP route, or neither.
enum Target {
    Function {
        file: String,
        func: FuncId,
        name: String,
    },
    Route {
        method: String,
        path: String,
    },
    /// A repository module whose function the walk cannot find (a class method, a re-export).
    Unfollowed,
    Elsewhere,
}

fn callee_of(model: &Model, call: ExprId) -> Option<ExprId> {
    match &model.expr(call).kind {
        ExprKind::Call { callee, .. } => Some(*callee),
        _ => None,
    }
}

fn args_of(model: &Model, call: ExprId) -> &[seam_lang::model::Arg] {
    match &model.expr(call).kind {
        ExprKind::Call { args, .. } => args,
        _ => &[],
    }
}

/// A module-level function of `model` named `name`.
fn top_function(model: &Model, name: &str) -> Option<FuncId> {
    model
        .functions
        .iter()
        .position(|f| f.parent.is_none() && f.class.is_none() && f.name.as_deref() == Some(name))
        .map(FuncId::from_index)
}

fn target_of(repo: &Repo<'_>, model: &Model, call: ExprId) -> Target {
    let Some(callee) = callee_of(model, call) else {
        return Target::Elsewhere;
    };
    // `request(app).post("/x")`, `client.get("/x")`: a route with a literal path.
    if let ExprKind::Member {
        property: seam_lang::model::MemberProp::Name(method),
        ..
    } = &model.expr(callee).kind
        && HTTP_METHODS.contains(&method.as_str())
        && let Some(first) = args_of(model, call).first()
        && let Some(path) = string_literal(model, first.value)
        && path.starts_with('/')
    {
        return Target::Route {
            method: method.to_uppercase(),
            path: path.split('?').next().unwrap_or(&path).to_owned(),
        };
    }
    let (ident, property) = match &model.expr(callee).kind {
        ExprKind::Ident { .. } => (callee, None),
        ExprKind::Member {
            object,
            property: seam_lang::model::MemberProp::Name(p),
            ..
        } => (*object, Some(p.clone())),
        _ => return Target::Elsewhere,
    };
    let Some(binding) = model.resolved_binding(ident) else {
        return Target::Elsewhere;
    };
    let binding = model.binding(binding);
    match (&binding.kind, property) {
        (BindingKind::Function { function }, None) => Target::Function {
            file: model.path.clone(),
            func: *function,
            name: binding.name.to_string(),
        },
        (BindingKind::Import { import, name }, property) => {
            let Some(imp) = model.imports.get(*import as usize) else {
                return Target::Elsewhere;
            };
            let Some(imported) = imp.names.get(*name as usize) else {
                return Target::Elsewhere;
            };
            let Some(file) = imported.resolved.clone().or_else(|| imp.resolved.clone()) else {
                return Target::Elsewhere;
            };
            let wanted = match (&imported.imported, property) {
                (ImportedItem::Named(n), None) => n.clone(),
                (ImportedItem::Namespace | ImportedItem::Default, Some(p)) => p.to_string(),
                (ImportedItem::Default, None) => "default".to_owned(),
                // A method of an imported class or object: somewhere in the repository the
                // walk does not go.
                (ImportedItem::Named(_), Some(_)) if repo.by_path.contains_key(file.as_str()) => {
                    return Target::Unfollowed;
                }
                _ => return Target::Elsewhere,
            };
            let Some(target) = repo.by_path.get(file.as_str()) else {
                return Target::Elsewhere;
            };
            match top_function(target, &wanted) {
                Some(func) => Target::Function {
                    file,
                    func,
                    name: wanted,
                },
                None => Target::Unfollowed,
            }
        }
        _ => Target::Elsewhere,
    }
}

/// Everything a test reaches, breadth first, each with the calls on the way; and the calls
/// into the repository the walk could not follow.
fn reaches(
    repo: &Repo<'_>,
    model: &Model,
    body: FuncId,
    mocks: &[Mock],
) -> (Vec<Value>, Vec<String>) {
    let mut out = Vec::new();
    let mut unfollowed: Vec<String> = Vec::new();
    let mut seen: BTreeSet<(String, FuncId)> = BTreeSet::new();
    let mut routes: BTreeSet<(String, String)> = BTreeSet::new();
    // (model, function, via, mocked by)
    let mut queue: Vec<(&Model, FuncId, Vec<String>, Option<String>)> =
        vec![(model, body, Vec::new(), None)];
    let mut depth = 0;
    while !queue.is_empty() && depth < REACH_DEPTH {
        let mut next = Vec::new();
        for (m, func, via, mocked) in queue {
            let span = m.function(func).span;
            for call in calls_within(m, span) {
                let Some(callee) = callee_of(m, call) else {
                    continue;
                };
                let text = m.text_collapsed(m.expr(callee).span);
                let root = text.split(['.', '(']).next().unwrap_or("");
                if FRAMEWORK_ROOTS.contains(&root) {
                    continue;
                }
                let mut hop = via.clone();
                hop.push(text.clone());
                match target_of(repo, m, call) {
                    Target::Route { method, path } => {
                        if routes.insert((method.clone(), path.clone())) {
                            let mut entry = json!({ "method": method, "path": path, "via": hop });
                            if let Some(by) = &mocked {
                                entry["mockedBy"] = json!(by);
                            }
                            out.push(entry);
                        }
                    }
                    Target::Function { file, func, name } => {
                        if !seen.insert((file.clone(), func)) {
                            continue;
                        }
                        let Some(target) = repo.by_path.get(file.as_str()) else {
                            continue;
                        };
                        let mocked = mocked.clone().or_else(|| {
                            mocks
                                .iter()
                                .find(|mock| mock.replaces(&file, &name))
                                .map(|mock| mock.written.clone())
                        });
                        let (start, end) = target.line_range(target.function(func).span);
                        let mut entry = json!({
                            "file": file,
                            "name": name,
                            "range": { "start": start, "end": end },
                            "via": hop,
                        });
                        if let Some(by) = &mocked {
                            entry["mockedBy"] = json!(by);
                        }
                        out.push(entry);
                        next.push((*target, func, hop, mocked));
                    }
                    Target::Unfollowed => {
                        if !unfollowed.contains(&text) {
                            unfollowed.push(text);
                        }
                    }
                    Target::Elsewhere => {}
                }
            }
        }
        queue = next;
        depth += 1;
    }
    (out, unfollowed)
}

/// A mock written as `vi.mock(spec)`, `jest.mock(spec)`, `vi.spyOn(obj, "name")`.
fn js_mock(repo: &Repo<'_>, model: &Model, call: ExprId) -> Option<Mock> {
    let callee = callee_of(model, call)?;
    let chain = model.member_chain(callee)?;
    let args = args_of(model, call);
    let written = model.text_collapsed(model.expr(call).span);
    let written = if written.len() > 80 {
        format!(
            "{}({})",
            chain.join("."),
            args.first()
                .map(|a| model.text_collapsed(model.expr(a.value).span))
                .unwrap_or_default()
        )
    } else {
        written
    };
    match chain.as_slice() {
        ["vi" | "jest", "mock" | "doMock"] => {
            let spec = string_literal(model, args.first()?.value)?;
            Some(Mock {
                module: Some(repo.resolve_relative(&model.path, &spec).unwrap_or(spec)),
                name: None,
                written,
            })
        }
        ["vi" | "jest", "spyOn"] => {
            let name = string_literal(model, args.get(1)?.value)?;
            // `vi.spyOn(ns, "name")` on an imported namespace replaces that module's function.
            let module = model.resolved_binding(args.first()?.value).and_then(|b| {
                match &model.binding(b).kind {
                    BindingKind::Import { import, .. } => {
                        model.imports.get(*import as usize)?.resolved.clone()
                    }
                    _ => None,
                }
            });
            Some(Mock {
                module,
                name: Some(name),
                written,
            })
        }
        _ => None,
    }
}

/// A Python patch: `patch("a.b.c")`, `mock.patch(…)`, `mocker.patch(…)`,
/// `monkeypatch.setattr("a.b.c", …)` or `monkeypatch.setattr(obj, "name", …)`.
fn py_mock(repo: &Repo<'_>, model: &Model, call: ExprId) -> Option<Mock> {
    let callee = callee_of(model, call)?;
    let chain = model.member_chain(callee)?;
    let args = args_of(model, call);
    let written = model.text_collapsed(model.expr(call).span);
    let last = *chain.last()?;
    let is_patch = last == "patch" || (chain.len() >= 2 && chain[chain.len() - 2] == "patch");
    let is_setattr = chain.as_slice() == ["monkeypatch", "setattr"];
    if !is_patch && !is_setattr {
        return None;
    }
    let first = args.first()?;
    if let Some(target) = string_literal(model, first.value) {
        let (module, name) = target.rsplit_once('.')?;
        return Some(Mock {
            module: Some(
                repo.resolve_dotted(module)
                    .unwrap_or_else(|| module.to_owned()),
            ),
            name: Some(name.to_owned()),
            written,
        });
    }
    let name = string_literal(model, args.get(1)?.value)?;
    Some(Mock {
        module: None,
        name: Some(name),
        written,
    })
}

fn js_cases(repo: &Repo<'_>, model: &Model) -> (Vec<Case>, Vec<Mock>) {
    struct Block {
        title: String,
        skipped: bool,
        only: bool,
        span: Span,
    }
    let mut blocks = Vec::new();
    let mut found = Vec::new();
    let mut mocks = Vec::new();
    for (i, expr) in model.exprs.iter().enumerate() {
        let ExprKind::Call { callee, args, .. } = &expr.kind else {
            continue;
        };
        let call = ExprId::from_index(i);
        if let Some(mock) = js_mock(repo, model, call) {
            mocks.push(mock);
            continue;
        }
        let Some(chain) = model.member_chain(*callee) else {
            continue;
        };
        let (Some(head), rest) = (chain.first().copied(), &chain[1..]) else {
            continue;
        };
        let marked = rest.iter().any(|m| matches!(*m, "skip" | "todo"));
        let only = rest.contains(&"only") || matches!(head, "fit" | "fdescribe");
        let (Some(title), Some(body)) = (
            args.first().and_then(|a| string_literal(model, a.value)),
            args.get(1).and_then(|a| function_of(model, a.value)),
        ) else {
            continue;
        };
        match head {
            "describe" | "context" | "suite" | "xdescribe" | "fdescribe" => blocks.push(Block {
                title,
                skipped: marked || head == "xdescribe",
                only,
                span: expr.span,
            }),
            "it" | "test" | "xit" | "xtest" | "fit" => found.push((
                title,
                marked || head.starts_with('x'),
                only,
                body,
                expr.span,
            )),
            _ => {}
        }
    }
    // With `.only` anywhere in the file, only those cases (and the cases of those blocks) run.
    let focused =
        |only: bool, span: Span| only || blocks.iter().any(|b| b.only && contains(b.span, span));
    let any_focused = blocks.iter().any(|b| b.only) || found.iter().any(|case| case.2);
    let cases = found
        .into_iter()
        .map(|(title, skipped, only, body, span)| {
            let mut enclosing: Vec<&Block> =
                blocks.iter().filter(|b| contains(b.span, span)).collect();
            enclosing.sort_by_key(|b| b.span.start);
            let mut titles: Vec<String> = enclosing.iter().map(|b| b.title.clone()).collect();
            titles.push(title);
            Case {
                titles,
                skipped: skipped
                    || enclosing.iter().any(|b| b.skipped)
                    || (any_focused && !focused(only, span)),
                body,
                span,
                runner: "vitest",
                own_mocks: Vec::new(),
            }
        })
        .collect();
    (cases, mocks)
}

fn py_cases(repo: &Repo<'_>, model: &Model) -> Vec<Case> {
    let mut out = Vec::new();
    for (i, f) in model.functions.iter().enumerate() {
        let Some(name) = &f.name else { continue };
        if !name.starts_with("test") || f.parent.is_some() {
            continue;
        }
        let mut titles = Vec::new();
        let mut skipped = false;
        let mut own_mocks = Vec::new();
        if let Some(class) = f.class {
            let class = model.class(class);
            let Some(class_name) = class.name.as_deref() else {
                continue;
            };
            if !class_name.starts_with("Test") {
                continue;
            }
            skipped |= class.decorators.iter().any(|d| is_skip_mark(&d.name));
            for d in &class.decorators {
                own_mocks.extend(py_mock(repo, model, d.expr));
            }
            titles.push(class_name.to_owned());
        }
        titles.push(name.clone());
        skipped |= f.decorators.iter().any(|d| is_skip_mark(&d.name));
        for d in &f.decorators {
            own_mocks.extend(py_mock(repo, model, d.expr));
        }
        for call in calls_within(model, f.span) {
            own_mocks.extend(py_mock(repo, model, call));
        }
        out.push(Case {
            titles,
            skipped,
            body: FuncId::from_index(i),
            span: f.span,
            runner: "pytest",
            own_mocks,
        });
    }
    out
}

fn is_skip_mark(name: &str) -> bool {
    matches!(
        name,
        "pytest.mark.skip" | "mark.skip" | "skip" | "unittest.skip"
    )
}

fn is_body_empty(model: &Model, func: FuncId) -> bool {
    matches!(model.function(func).body, FunctionBody::None)
}

/// One `test` summary per test case in the repository's test files, sorted by file and
/// position, each with what it reaches.
pub fn extract_tests(models: &[Model]) -> Vec<BehavioralSummary> {
    extract_tests_reaching(models, &|_| true)
}

/// [`extract_tests`], following what a test reaches only for the tests whose title path
/// (`[file, suite, …, title]`) `follow` accepts: following every test of a large repository
/// costs time and memory, and a checker asks only about the tests a document names. The
/// others have no `reaches` in `metadata.test`.
pub fn extract_tests_reaching(
    models: &[Model],
    follow: &dyn Fn(&[String]) -> bool,
) -> Vec<BehavioralSummary> {
    let repo = Repo {
        by_path: models.iter().map(|m| (m.path.as_str(), m)).collect(),
    };
    // Reads the class a test's method calls run on.
    let files = crate::files::Files::new(models);
    let mut out = Vec::new();
    for (index, model) in models.iter().enumerate() {
        if !is_test_file(&model.path) {
            continue;
        }
        let (cases, file_mocks) = match model.language {
            Language::Python => (py_cases(&repo, model), Vec::new()),
            // Java (JUnit), Go (`testing`), Rust (`#[test]`), Ruby, PHP (PHPUnit) and C# test
            // files are not read yet.
            Language::Java
            | Language::Go
            | Language::Kotlin
            | Language::Rust
            | Language::Ruby
            | Language::Php
            | Language::CSharp => (Vec::new(), Vec::new()),
            Language::TypeScript | Language::Tsx | Language::JavaScript | Language::Jsx => {
                js_cases(&repo, model)
            }
        };
        let runner_js = if model.source.contains("vitest") {
            "vitest"
        } else {
            "jest"
        };
        for case in cases {
            if is_body_empty(model, case.body) {
                continue;
            }
            let mocks: Vec<Mock> = file_mocks
                .iter()
                .chain(case.own_mocks.iter())
                .cloned()
                .collect();
            let mut title_path = vec![model.path.clone()];
            title_path.extend(case.titles.iter().cloned());
            let name = title_path.join(" > ");
            let runner = if case.runner == "pytest" {
                "pytest"
            } else {
                runner_js
            };
            let body_span = model.function(case.body).span;
            let mut effects = Vec::new();
            for call in calls_within(model, body_span) {
                let Some(callee) = callee_of(model, call) else {
                    continue;
                };
                let text = model.text_collapsed(model.expr(callee).span);
                let root = text.split(['.', '(']).next().unwrap_or("");
                if FRAMEWORK_ROOTS.contains(&root) {
                    continue;
                }
                let (start, end) = model.line_range(model.expr(call).span);
                effects.push(Effect::Invocation(InvocationEffect {
                    callee: text,
                    args: Vec::new(),
                    is_async: None,
                    summary: None,
                    declared_at: None,
                    args_declared_at: None,
                    args_summary: None,
                    callee_parameter: None,
                    receiver_class: crate::receiver::receiver_class(&files, index, call),
                    receiver_constructions: None,
                    preconditions: None,
                    location: Some(LineRange { start, end }),
                    count: None,
                }));
            }
            let followed = follow(&title_path);
            let (reached, unfollowed) = if followed {
                reaches(&repo, model, case.body, &mocks)
            } else {
                (Vec::new(), Vec::new())
            };
            let gaps = unfollowed
                .into_iter()
                .map(|callee| Gap {
                    gap_type: GapType::UnfollowedCall,
                    conditions: Vec::new(),
                    consequence: GapConsequence::Unknown,
                    description: format!(
                        "The call to {callee} goes into the repository, but to nothing the walk could follow (a class method, a re-export), so what the test reaches through it is missing from this summary"
                    ),
                    callee: Some(callee),
                    used_as_value: None,
                })
                .collect();
            let (start, end) = model.line_range(case.span);
            let mut metadata = indexmap::IndexMap::new();
            let mut test = json!({
                "runner": runner,
                "titlePath": title_path,
                "skipped": case.skipped,
                "mocks": mocks.iter().map(Mock::to_json).collect::<Vec<_>>(),
            });
            if followed {
                test["reaches"] = json!(reached);
            }
            metadata.insert("test".to_owned(), test);
            let short = case.titles.last().cloned().unwrap_or_default();
            out.push(BehavioralSummary {
                kind: CodeUnitKind::Test,
                location: SourceLocation {
                    file: model.path.clone(),
                    range: LineRange { start, end },
                    span: None,
                    export_name: None,
                    workspace: None,
                    module: None,
                },
                identity: CodeUnitIdentity {
                    name: name.clone(),
                    name_kind: None,
                    export_path: None,
                    boundary_binding: None,
                    deployable_unit: None,
                    id: Some(format!("{}::{name}", model.path)),
                },
                inputs: Vec::new(),
                transitions: vec![Transition {
                    id: transition_id(&short, "return", "none", &[]),
                    conditions: Vec::new(),
                    output: Output::Void,
                    effects: effects.into_iter().map(std::sync::Arc::new).collect(),
                    location: LineRange { start, end },
                    is_default: true,
                    confidence: None,
                    expected_input: None,
                    provenance: None,
                    metadata: None,
                }],
                gaps,
                confidence: ConfidenceInfo {
                    source: ConfidenceSource::InferredStatic,
                    level: ConfidenceLevel::High,
                    corroboration: None,
                },
                definitions: None,
                input_reads: None,
                receiver_class: None,
                metadata: Some(metadata),
                schema_version: SchemaVersion,
            });
        }
    }
    out.sort_by(|a, b| {
        (&a.location.file, a.location.range.start, &a.identity.name).cmp(&(
            &b.location.file,
            b.location.range.start,
            &b.identity.name,
        ))
    });
    out
}

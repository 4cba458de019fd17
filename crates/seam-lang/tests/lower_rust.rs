//! The Rust lowering and Rust module resolution: items, `impl` methods as class members,
//! `self` as `this`, paths as member chains, tail expressions as returns, `match` as a switch,
//! `format!` as a template, `use`/`mod` across the files of a crate.
use seam_lang::lower::lower_file;
use seam_lang::model::*;
use seam_lang::project::{ProjectOptions, load_project_from_memory};
use std::path::Path;

const CLIENT: &str = r#"use reqwest::{Client as HttpClient, StatusCode};
use super::{error::ApiError, API_VERSION};

const TIMEOUT: u64 = 30;

#[derive(Debug, Clone)]
pub struct ApiClient {
    client: HttpClient,
    #[serde(rename = "baseUrl")]
    pub base_url: String,
}

impl ApiClient {
    pub fn new(base_url: &str) -> Self {
        let client = HttpClient::new();
        Self { client, base_url: base_url.to_string() }
    }

    pub async fn key(&self, id: u64) -> Result<String, ApiError> {
        let url = format!("{}/api/{API_VERSION}/key/{}", self.base_url, id);
        let response = self.client.get(&url).send().await?;
        match response.status() {
            StatusCode::OK => Ok(response.text().await?),
            StatusCode::NOT_FOUND | StatusCode::GONE => Err(ApiError::NotFound),
            status => Err(ApiError::from_status(status.as_u16())),
        }
    }
}

fn pick(flag: bool) -> &'static str {
    if flag { "a" } else { "b" }
}
"#;

fn lower(source: &str) -> Model {
    lower_file("app/src/api/client.rs", Language::Rust, source).expect("lowers")
}

fn class<'m>(m: &'m Model, name: &str) -> &'m Class {
    m.classes
        .iter()
        .find(|c| c.name.as_deref() == Some(name))
        .expect("the class")
}

fn function<'m>(m: &'m Model, name: &str) -> &'m Function {
    m.functions
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .expect("the function")
}

fn block(f: &Function) -> &[StmtId] {
    match &f.body {
        FunctionBody::Block(b) => b,
        other => panic!("not a block: {other:?}"),
    }
}

#[test]
fn language_by_extension() {
    assert_eq!(Language::from_path("src/main.rs"), Some(Language::Rust));
    assert_eq!(Language::Rust.short_id(), "rs");
    assert!(!Language::Rust.is_js_family());
}

#[test]
fn structs_are_classes_and_impl_functions_their_methods() {
    let m = lower(CLIENT);
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
    let c = class(&m, "ApiClient");
    let names: Vec<&str> = c.members.iter().filter_map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["client", "base_url", "new", "key"]);
    let MemberKind::Property {
        type_annotation: Some(t),
        ..
    } = &c.members[0].kind
    else {
        panic!("a field with a type");
    };
    // A type imported from another crate is qualified by its path, through the alias.
    assert_eq!(
        t.shape,
        TypeRef::Named {
            name: "reqwest.Client".into(),
            args: Box::default()
        }
    );
    assert_eq!(c.members[1].decorators[0].name, "serde");
    assert_eq!(
        c.members[1].decorators[0].args[0].name.as_deref(),
        Some("rename")
    );
    assert!(c.members[2].is_static, "`new` takes no self");
    assert!(!c.members[3].is_static);
    let key = function(&m, "key");
    assert!(key.is_async);
    assert_eq!(key.class, Some(ClassId(0)));
    // `self` is not a parameter.
    assert_eq!(key.params.len(), 1);
}

#[test]
fn format_is_a_template_and_self_is_this() {
    let m = lower(CLIENT);
    let key = function(&m, "key");
    let StmtKind::VarDecl { declarators, .. } = &m.stmt(block(key)[0]).kind else {
        panic!("a let");
    };
    let init = declarators[0].init.expect("a value");
    let ExprKind::Template(boxed) = &m.expr(init).kind else {
        panic!("not a ExprKind::Template")
    };
    let seam_lang::model::TemplateExpr { quasis, exprs, .. } = &**boxed;
    assert_eq!(quasis, &["", "/api/", "/key/", ""]);
    assert!(matches!(
        &m.expr(exprs[0]).kind,
        ExprKind::Member { object, property: MemberProp::Name(n), .. }
            if n == "base_url" && m.expr(*object).kind == ExprKind::This
    ));
    // `{API_VERSION}` is the imported name.
    let ExprKind::Ident {
        name,
        binding: Some(b),
    } = &m.expr(exprs[1]).kind
    else {
        panic!("a bound name");
    };
    assert_eq!(name, "API_VERSION");
    assert!(matches!(m.binding(*b).kind, BindingKind::Import { .. }));
}

#[test]
fn match_is_a_switch_whose_arms_return() {
    let m = lower(CLIENT);
    let key = function(&m, "key");
    let last = *block(key).last().expect("statements");
    let StmtKind::Switch {
        discriminant,
        cases,
    } = &m.stmt(last).kind
    else {
        panic!("a switch: {:?}", m.stmt(last).kind);
    };
    assert_eq!(m.expr_text(*discriminant), "response.status()");
    // `A | B` is two cases, the first falling through; a name is the default case.
    assert_eq!(cases.len(), 4);
    assert!(cases[1].falls_through && cases[1].body.is_empty());
    assert!(cases[3].test.is_none());
    let test = cases[0].test.expect("a test");
    assert_eq!(m.member_chain(test).expect("a chain"), ["StatusCode", "OK"]);
    assert!(matches!(
        m.stmt(cases[0].body[0]).kind,
        StmtKind::Return { value: Some(_) }
    ));
    // The `?` and `.await` around the send: an await of the call.
    let StmtKind::VarDecl { declarators, .. } = &m.stmt(block(key)[1]).kind else {
        panic!("a let");
    };
    assert!(matches!(
        m.expr(declarators[0].init.expect("a value")).kind,
        ExprKind::Await { .. }
    ));
}

#[test]
fn tails_return_and_if_values_are_conditionals() {
    let m = lower(CLIENT);
    let pick = function(&m, "pick");
    let StmtKind::If {
        consequent,
        alternate: Some(alternate),
        ..
    } = &m.stmt(block(pick)[0]).kind
    else {
        panic!("an if");
    };
    for branch in [consequent, alternate] {
        let StmtKind::Block { body } = &m.stmt(*branch).kind else {
            panic!("a block");
        };
        assert!(matches!(m.stmt(body[0]).kind, StmtKind::Return { .. }));
    }
    let new = function(&m, "new");
    let StmtKind::Return { value: Some(v) } = m.stmt(block(new)[1]).kind else {
        panic!("the tail returns");
    };
    let ExprKind::Object { props } = &m.expr(v).kind else {
        panic!("a struct literal is an object");
    };
    assert_eq!(props.len(), 2);
}

#[test]
fn uses_are_imports_by_name() {
    let m = lower(CLIENT);
    let imports: Vec<(&str, String)> = m
        .imports
        .iter()
        .map(|i| (i.specifier.as_str(), format!("{:?}", i.names[0].imported)))
        .collect();
    assert_eq!(
        imports,
        [
            ("reqwest", "Named(\"Client\")".to_string()),
            ("reqwest", "Named(\"StatusCode\")".to_string()),
            ("super::error", "Named(\"ApiError\")".to_string()),
            ("super", "Named(\"API_VERSION\")".to_string()),
        ]
    );
    assert_eq!(m.imports[0].names[0].local, "HttpClient");
    let exported: Vec<&str> = m.exports.iter().map(|e| e.exported.as_str()).collect();
    assert_eq!(exported, ["TIMEOUT", "ApiClient", "pick"]);
}

#[test]
fn router_chains_and_paths() {
    let m = lower_file(
        "src/route.rs",
        Language::Rust,
        r#"use axum::{routing::get, Router};
use crate::controller;

pub fn route() -> Router {
    Router::new()
        .route("/x/:id", get(controller::show).post(crate::controller::create))
        .with_state(())
}
"#,
    )
    .expect("lowers");
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
    let route = function(&m, "route");
    let StmtKind::Return { value: Some(v) } = m.stmt(block(route)[0]).kind else {
        panic!("the tail returns");
    };
    assert_eq!(
        m.expr_text(v).split_whitespace().collect::<String>(),
        "Router::new().route(\"/x/:id\",get(controller::show).post(crate::controller::create)).with_state(())"
    );
    // `crate::controller::create` is a member of the implicit import of `crate::controller`.
    assert!(
        m.imports.iter().any(|i| i.specifier == "crate::controller"
            && i.names[0].imported == ImportedItem::Namespace)
    );
}

#[test]
fn broken_input_is_recorded_not_fatal() {
    for source in [
        "fn (",
        "fn f() { let x = ; }\n",
        "\u{0}\u{1}garbage{{{{",
        "",
        "const X: &str = \"unterminated",
        "fn f() { format!(\"{\", a); format!(\"{}\"); vec![1; 3]; json!({\"a\": [1, {\"b\": null}]}); }",
        "impl<T> for {}",
        "fn f() { match x { Some(a) if a > 1 => {}, A::B { c, .. } => {}, x @ 1..=3 => {}, _ => {} } }",
    ] {
        let m = lower_file("x.rs", Language::Rust, source).expect("a model");
        let _ = m;
    }
    let deep = format!(
        "fn f() {{ let x = {}1{}; }}\n",
        "(".repeat(3000),
        ")".repeat(3000)
    );
    let m = std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(move || lower_file("deep.rs", Language::Rust, &deep).expect("a model"))
        .expect("spawns")
        .join()
        .expect("no overflow");
    assert!(m.diagnostics.iter().any(|d| d.message.contains("nested")));
}

#[test]
fn modules_resolve_across_the_crate() {
    let files: Vec<(String, Vec<u8>)> = vec![
        (
            "app/src/main.rs".into(),
            b"mod api;\nmod route;\nuse crate::route::route;\nfn main() { route(); }\n".to_vec(),
        ),
        (
            "app/src/route.rs".into(),
            b"use crate::{api, api::client::ApiClient};\npub fn route() {}\n".to_vec(),
        ),
        (
            "app/src/api/mod.rs".into(),
            b"pub mod client;\npub mod error;\npub const API_VERSION: &str = \"v1\";\n".to_vec(),
        ),
        ("app/src/api/client.rs".into(), CLIENT.as_bytes().to_vec()),
        (
            "app/src/api/error.rs".into(),
            b"pub enum ApiError { NotFound }\n".to_vec(),
        ),
    ];
    let p = load_project_from_memory(Path::new("/repo"), files, &ProjectOptions::default())
        .expect("loads");
    let model = |path: &str| p.models.iter().find(|m| m.path == path).expect("the model");
    let resolved = |path: &str| -> Vec<(String, Option<String>, String)> {
        model(path)
            .imports
            .iter()
            .map(|i| {
                (
                    i.specifier.clone(),
                    i.names[0].resolved.clone(),
                    format!("{:?}", i.names[0].imported),
                )
            })
            .collect()
    };
    let main = resolved("app/src/main.rs");
    assert_eq!(main[0].1.as_deref(), Some("app/src/api/mod.rs"));
    assert_eq!(main[1].1.as_deref(), Some("app/src/route.rs"));
    assert_eq!(main[2].1.as_deref(), Some("app/src/route.rs"));
    let route = resolved("app/src/route.rs");
    // `use crate::{api, …}`: the module itself, a namespace.
    assert_eq!(
        route[0],
        (
            "crate".to_string(),
            Some("app/src/api/mod.rs".to_string()),
            "Namespace".to_string()
        )
    );
    assert_eq!(route[1].1.as_deref(), Some("app/src/api/client.rs"));
    let client = resolved("app/src/api/client.rs");
    assert_eq!(client[0].1, None, "another crate");
    assert_eq!(client[2].1.as_deref(), Some("app/src/api/error.rs"));
    assert_eq!(client[3].1.as_deref(), Some("app/src/api/mod.rs"));
}

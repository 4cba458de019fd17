//! The Go lowering and Go module resolution: structs as classes with tags, methods as
//! members, the receiver as `this`, `:=` and multiple values, switches, package-level names
//! across files and imports through `go.mod`.
use seam_lang::lower::lower_file;
use seam_lang::model::*;
use seam_lang::project::{ProjectOptions, load_project_from_memory};
use std::path::Path;

const SERVER: &str = r#"package main

import (
	"net/http"
	api "example.com/shop/internal/api"

	"github.com/labstack/echo/v4"
	_ "embed"
)

type Item struct {
	ID   int    `json:"id"`
	Name string `json:"name,omitempty" db:"name"`
	*Base
}

type Store interface {
	Get(id int) (Item, error)
}

func (s *Server) getItem(c echo.Context) error {
	id, err := parseID(c.Param("id"))
	if err != nil {
		return c.JSON(http.StatusBadRequest, map[string]string{"error": "bad id"})
	}
	item, ok := s.items[id]
	if !ok {
		return echo.NewHTTPError(404, "not found")
	}
	switch {
	case id > 10, id < 0:
		return c.NoContent(http.StatusTeapot)
	}
	switch item.Name {
	case "a", "b":
	case "c":
		fallthrough
	default:
	}
	for i, v := range s.items {
		_ = i
		_ = v
	}
	api.Register(nil)
	return c.JSON(http.StatusOK, item)
}
"#;

fn lower(source: &str) -> Model {
    lower_file("srv/main.go", Language::Go, source).expect("lowers")
}

fn class<'m>(m: &'m Model, name: &str) -> &'m Class {
    m.classes
        .iter()
        .find(|c| c.name.as_deref() == Some(name))
        .expect("the class")
}

#[test]
fn language_by_extension() {
    assert_eq!(Language::from_path("a/b.go"), Some(Language::Go));
    assert_eq!(Language::Go.short_id(), "go");
    assert!(!Language::Go.is_js_family());
}

#[test]
fn structs_are_classes_with_tags_and_methods() {
    let m = lower(SERVER);
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
    let item = class(&m, "Item");
    let names: Vec<&str> = item
        .members
        .iter()
        .filter_map(|x| x.name.as_str())
        .collect();
    assert_eq!(names, ["ID", "Name", "Base"]);
    let tags: Vec<(&str, Vec<&str>)> = item
        .members
        .iter()
        .map(|x| {
            (
                x.name.as_str().unwrap_or(""),
                x.decorators.iter().map(|d| d.raw.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(tags[1].1, ["json:\"name,omitempty\"", "db:\"name\""]);
    let json = &item.members[0].decorators[0];
    assert_eq!(json.name, "json");
    assert!(matches!(
        &m.expr(json.args[0].value).kind,
        ExprKind::Literal { value: LiteralValue::String { value } } if value == "id"
    ));
    match &item.members[0].kind {
        MemberKind::Property {
            type_annotation: Some(t),
            ..
        } => assert_eq!(t.text, "int"),
        other => panic!("{other:?}"),
    }
    // The method's receiver type is declared in another file: a partial class.
    let server = class(&m, "Server");
    assert_eq!(server.name_source, NameSource::Variable);
    let f = m
        .functions
        .iter()
        .find(|f| f.name.as_deref() == Some("getItem"))
        .expect("the method");
    assert_eq!(f.kind, FunctionKind::Method);
    assert_eq!(f.params.len(), 1, "the receiver is no parameter");
    assert!(f.class.is_some());
    assert_eq!(
        m.type_decls
            .iter()
            .map(|t| (t.name.as_str(), t.kind))
            .collect::<Vec<_>>(),
        [("Store", TypeDeclKind::Interface)]
    );
    let exports: Vec<&str> = m.exports.iter().map(|e| e.exported.as_str()).collect();
    assert_eq!(exports, ["Item", "Store"]);
}

#[test]
fn imports_and_package_names() {
    let m = lower(SERVER);
    let imports: Vec<(&str, ImportKind, Vec<&str>)> = m
        .imports
        .iter()
        .map(|i| {
            (
                i.specifier.as_str(),
                i.kind,
                i.names.iter().map(|n| n.local.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        imports,
        [
            ("net/http", ImportKind::Static, vec!["http"]),
            (
                "example.com/shop/internal/api",
                ImportKind::Static,
                vec!["api"]
            ),
            (
                "github.com/labstack/echo/v4",
                ImportKind::Static,
                vec!["echo"]
            ),
            ("embed", ImportKind::SideEffect, vec![]),
            // Values of the package declared in other files (types are not values).
            (".", ImportKind::Static, vec!["parseID"]),
        ]
    );
}

/// Every call's callee text, and whether `s.items` reads through `this`.
#[test]
fn receiver_is_this_and_values_are_kept() {
    let m = lower(SERVER);
    let this_reads = m
        .exprs
        .iter()
        .filter(|e| {
            matches!(&e.kind, ExprKind::Member { object, property: MemberProp::Name(p), .. }
                if p == "items" && matches!(m.expr(*object).kind, ExprKind::This))
        })
        .count();
    assert_eq!(this_reads, 2);
    // `id, err := parseID(…)`: `id` is the call's value, `err` its second result.
    let id = m.bindings.iter().find(|b| b.name == "id").expect("id");
    let err = m.bindings.iter().find(|b| b.name == "err").expect("err");
    assert!(id.origin.path.is_empty());
    assert_eq!(err.origin.path[..], [PatternStep::Index(1)]);
    assert_eq!(id.origin.init, err.origin.init);
    let init = id.origin.init.expect("an init");
    assert_eq!(m.expr_text(init), "parseID(c.Param(\"id\"))");
    // `http.StatusOK` is a member of the import binding.
    let status = m
        .exprs
        .iter()
        .find(|e| m.text(e.span) == "http.StatusOK")
        .expect("the constant");
    match &status.kind {
        ExprKind::Member { object, .. } => {
            let b = m.resolved_binding(*object).expect("bound");
            assert!(matches!(m.binding(b).kind, BindingKind::Import { .. }));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn switches() {
    let m = lower(SERVER);
    let switch = m
        .stmts
        .iter()
        .find_map(|s| match &s.kind {
            StmtKind::Switch { cases, .. } => Some(cases),
            _ => None,
        })
        .expect("the switch on item.Name");
    let shape: Vec<(Option<String>, bool)> = switch
        .iter()
        .map(|c| (c.test.map(|t| m.expr_text(t).to_string()), c.falls_through))
        .collect();
    assert_eq!(
        shape,
        [
            (Some("\"a\"".into()), true),
            (Some("\"b\"".into()), false),
            (Some("\"c\"".into()), true),
            (None, false),
        ]
    );
    // The tagless switch is an `if` on `id > 10 || id < 0`.
    assert!(m.stmts.iter().any(|s| matches!(&s.kind,
        StmtKind::If { test, .. } if m.expr_text(*test) == "id > 10, id < 0"
            || matches!(m.expr(*test).kind, ExprKind::Logical { op: LogicalOp::Or, .. }))));
}

#[test]
fn broken_input_is_recorded_not_fatal() {
    for source in [
        "package main\nfunc (",
        "package main\nfunc f() { if x := ; {} }\n",
        "\u{0}\u{1}garbage{{{{",
        "",
        "package main\nvar x = `unterminated",
    ] {
        let m = lower_file("x.go", Language::Go, source).expect("a model");
        assert!(
            source.is_empty()
                || source.starts_with("package main\nvar")
                || !m.diagnostics.is_empty()
                || source.contains("func f")
        );
    }
    let deep = format!(
        "package main\nvar x = {}1{}\n",
        "(".repeat(3000),
        ")".repeat(3000)
    );
    let m = std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(move || lower_file("deep.go", Language::Go, &deep).expect("a model"))
        .expect("spawns")
        .join()
        .expect("no overflow");
    assert!(m.diagnostics.iter().any(|d| d.message.contains("nested")));
}

#[test]
fn packages_resolve_across_files_and_modules() {
    let files: Vec<(String, Vec<u8>)> = vec![
        ("go.mod".into(), b"module example.com/shop\n\ngo 1.22\n\nrequire (\n\tgithub.com/labstack/echo/v4 v4.11.0 // indirect\n)\n".to_vec()),
        ("srv/main.go".into(), SERVER.as_bytes().to_vec()),
        ("srv/server.go".into(), b"package main\n\ntype Server struct{ items map[int]Item }\n\nfunc parseID(s string) (int, error) { return 0, nil }\n".to_vec()),
        ("internal/api/a.go".into(), b"package api\n\nfunc helper() {}\n".to_vec()),
        ("internal/api/routes.go".into(), b"package api\n\nfunc Register(e any) { helper() }\n".to_vec()),
    ];
    let p = load_project_from_memory(Path::new("/repo"), files, &ProjectOptions::default())
        .expect("loads");
    let gomod = p
        .manifests
        .iter()
        .find(|m| m.path == "go.mod")
        .expect("go.mod");
    assert_eq!(gomod.name.as_deref(), Some("example.com/shop"));
    assert_eq!(gomod.dependencies, ["github.com/labstack/echo/v4"]);
    let model = |path: &str| p.models.iter().find(|m| m.path == path).expect("the model");
    let main = model("srv/main.go");
    let resolved: Vec<(&str, Option<&str>)> = main
        .imports
        .iter()
        .map(|i| (i.specifier.as_str(), i.resolved.as_deref()))
        .collect();
    assert_eq!(
        resolved,
        [
            ("net/http", None),
            ("example.com/shop/internal/api", Some("internal/api/a.go")),
            ("github.com/labstack/echo/v4", None),
            ("embed", None),
            (".", Some("srv/main.go")),
        ]
    );
    let own = main.imports.last().expect("the package import");
    assert_eq!(
        own.names
            .iter()
            .map(|n| n.resolved.as_deref())
            .collect::<Vec<_>>(),
        [Some("srv/server.go")]
    );
    // The front file of a package re-exports what its siblings declare.
    let front = model("internal/api/a.go");
    assert!(front.exports.iter().any(|e| e.exported == "Register"
        && e.from.as_ref().and_then(|f| f.resolved.as_deref()) == Some("internal/api/routes.go")));
    let routes = model("internal/api/routes.go");
    assert_eq!(
        routes.imports[0].names[0].resolved.as_deref(),
        Some("internal/api/a.go")
    );
}

#[test]
fn package_declaration_shadows_a_builtin_in_sibling_files() {
    let files: Vec<(String, Vec<u8>)> = vec![
        ("go.mod".into(), b"module example.com/shop\n\ngo 1.22\n".to_vec()),
        (
            "app.go".into(),
            b"package main\n\ntype app struct{}\n\nfunc new(name string) *app { return &app{} }\n"
                .to_vec(),
        ),
        (
            "main.go".into(),
            b"package main\n\nfunc main() {\n\ta := new(\"x\")\n\tn := len(\"x\")\n\t_, _ = a, n\n}\n"
                .to_vec(),
        ),
    ];
    let p = load_project_from_memory(Path::new("/repo"), files, &ProjectOptions::default())
        .expect("loads");
    let main = p
        .models
        .iter()
        .find(|m| m.path == "main.go")
        .expect("the model");
    let ident = |name: &str| {
        main.exprs
            .iter()
            .find_map(|e| match &e.kind {
                ExprKind::Ident { name: n, binding } if n == name => Some(*binding),
                _ => None,
            })
            .expect("read")
    };
    // `new` is the package's function: bound to the package import, resolved to app.go.
    let binding = ident("new").expect("bound");
    let BindingKind::Import { import, name } = main.binding(binding).kind else {
        panic!("an import binding");
    };
    let imported = &main.imports[import as usize];
    assert_eq!(imported.specifier, ".");
    assert_eq!(
        imported.names[name as usize].resolved.as_deref(),
        Some("app.go")
    );
    // `len`, which the package does not declare, stays the builtin.
    assert_eq!(ident("len"), None);
}

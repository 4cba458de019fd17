//! Pattern matching as pass/fail snippet lists: each snippet's first expression statement is
//! matched against the pattern.

use seam_lang::lower::lower_file;
use seam_lang::model::{Language, StmtKind};
use seam_packs::pattern::compile_expression;
use seam_packs::{Capture, Captures, match_expr};

fn matches(pattern: &str, snippet: &str) -> Option<Captures> {
    let p = compile_expression(pattern, Language::TypeScript).unwrap_or_else(|e| panic!("{e}"));
    let model = lower_file("t.ts", Language::TypeScript, snippet).expect("snippet lowers");
    let expr = model.body.iter().find_map(|s| match &model.stmt(*s).kind {
        StmtKind::Expr { expr } => Some(*expr),
        _ => None,
    })?;
    let mut caps = Captures::new();
    match_expr(&model, &p, expr, &mut caps).then_some(caps)
}

fn check(pattern: &str, pass: &[&str], fail: &[&str]) {
    for s in pass {
        assert!(
            matches(pattern, s).is_some(),
            "`{pattern}` should match `{s}`"
        );
    }
    for s in fail {
        assert!(
            matches(pattern, s).is_none(),
            "`{pattern}` should not match `{s}`"
        );
    }
}

#[test]
fn member_chains_and_calls() {
    check(
        "$RES.status($STATUS).json($BODY)",
        &[
            "res.status(404).json({ error: 'x' });",
            "reply.status(code).json(body);",
            "res\n  .status(1)\n  .json(x);",
        ],
        &[
            "res.status(404).send(x);",
            "res.json(x);",
            "res.status(404).json();",
            "res.status(404).json(a, b);",
        ],
    );
}

#[test]
fn metavariable_names_after_a_dot_and_lists() {
    check(
        "$APP.$METHOD($PATH, $$$HANDLERS)",
        &[
            "app.get('/x', h);",
            "router.post('/', auth, validate, handler);",
            "app.use('/x');",
        ],
        &["app.get();", "get('/x', h);"],
    );
    let caps = matches(
        "$APP.$METHOD($PATH, $$$HANDLERS)",
        "router.post('/', a, b);",
    )
    .unwrap();
    assert!(matches!(caps.get("METHOD"), Some(Capture::Name(n, _)) if n == "post"));
    assert!(matches!(caps.get("HANDLERS"), Some(Capture::List(l)) if l.len() == 2));
}

#[test]
fn literals_match_by_value_and_names_by_spelling() {
    check(
        "express.Router()",
        &["express.Router();"],
        &["express.router();", "Router();", "express.Router(opts);"],
    );
    check(
        "$R.redirect(301, $URL)",
        &["res.redirect(301, '/x');", "res.redirect(0x12D, u);"],
        &["res.redirect(302, '/x');", "res.redirect('/x');"],
    );
    check(
        "fetch($URL)",
        &["fetch(`/a/${b}`);"],
        &["window.fetch('/a');", "fetch('/a', {});"],
    );
}

#[test]
fn a_metavariable_used_twice_binds_equal_text() {
    check(
        "$A.pipe($A)",
        &["x.pipe(x);", "a.b.pipe(a.b);"],
        &["x.pipe(y);"],
    );
}

#[test]
fn object_patterns_match_a_subset_of_keys() {
    check(
        "axios({ method: $M, url: $U })",
        &["axios({ url: '/x', method: 'get', data: 1 });"],
        &["axios({ url: '/x' });", "axios(config);"],
    );
}

#[test]
fn placeholders_compile_in_python_too() {
    let p = compile_expression("$APP.include_router($R, prefix=$P)", Language::Python);
    if let Ok(p) = p {
        assert_eq!(p.metavariables(), ["APP", "R", "P"]);
    }
}

/// Matches a Java pattern against the first expression statement of a file (inside a method).
fn matches_java(pattern: &str, source: &str) -> bool {
    let p = compile_expression(pattern, Language::Java).unwrap_or_else(|e| panic!("{e}"));
    let model = lower_file("T.java", Language::Java, source).expect("snippet lowers");
    let Some(expr) = model.stmts.iter().find_map(|s| match &s.kind {
        StmtKind::Expr { expr } => Some(*expr),
        _ => None,
    }) else {
        panic!("no expression statement in {source}");
    };
    let mut caps = Captures::new();
    match_expr(&model, &p, expr, &mut caps)
}

#[test]
fn a_statically_imported_member_matches_its_class_member() {
    let java = |imports: &str, call: &str| {
        format!("package p;\n{imports}\nclass T {{\n  void f() {{\n    {call};\n  }}\n}}\n")
    };
    let pattern = "RouterFunctions.route()";
    // `import static …RouterFunctions.route;` makes `route()` that member.
    assert!(matches_java(
        pattern,
        &java(
            "import static org.springframework.web.reactive.function.server.RouterFunctions.route;",
            "route()"
        )
    ));
    assert!(matches_java(pattern, &java("", "RouterFunctions.route()")));
    // The same name from another class, or not imported at all, is not.
    assert!(!matches_java(
        pattern,
        &java(
            "import static org.springdoc.webflux.core.fn.SpringdocRouteBuilder.route;",
            "route()"
        )
    ));
    assert!(!matches_java(pattern, &java("", "route()")));
    // Inside a longer pattern too (`ServerResponse.ok().bodyValue($BODY)` with `ok` imported).
    assert!(matches_java(
        "ServerResponse.ok().bodyValue($BODY)",
        &java(
            "import static org.springframework.web.reactive.function.server.ServerResponse.ok;",
            "ok().bodyValue(user)"
        )
    ));
    assert!(!matches_java(
        "ServerResponse.ok().bodyValue($BODY)",
        &java(
            "import static org.springframework.http.ResponseEntity.ok;",
            "ok().bodyValue(user)"
        )
    ));
}

#[test]
fn a_wildcard_static_import_brings_every_member_of_its_class() {
    let java = |imports: &str, call: &str| {
        format!("package p;\n{imports}\nclass T {{\n  void f() {{\n    {call};\n  }}\n}}\n")
    };
    let pattern = "ServerResponse.ok().build()";
    assert!(matches_java(
        pattern,
        &java(
            "import static org.springframework.web.reactive.function.server.ServerResponse.*;",
            "ok().build()"
        )
    ));
    assert!(!matches_java(
        pattern,
        &java(
            "import static org.springframework.http.ResponseEntity.*;",
            "ok().build()"
        )
    ));
}

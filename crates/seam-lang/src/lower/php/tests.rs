use super::*;

fn lowered(src: &str) -> Model {
    lower("app/X.php", src).expect("lowers")
}

/// The expression of the `n`th statement of the file (an expression statement, a return or a
/// declaration's initial value).
fn stmt_expr(m: &Model, stmts: &[StmtId], n: usize) -> ExprId {
    match &m.stmt(stmts[n]).kind {
        StmtKind::Expr { expr } => *expr,
        StmtKind::Return { value: Some(v) } => *v,
        StmtKind::VarDecl { declarators, .. } => declarators[0].init.expect("init"),
        other => panic!("not an expression statement: {other:?}"),
    }
}

fn method_body(m: &Model, name: &str) -> Vec<StmtId> {
    let f = m
        .functions
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .expect("function");
    match &f.body {
        FunctionBody::Block(b) => b.clone(),
        other => panic!("no block: {other:?}"),
    }
}

#[test]
fn namespaces_imports_and_classes() {
    let m = lowered(
        "<html><?php\nnamespace App\\Http\\Controllers;\nuse App\\Models\\{Post, User as U};\nuse Illuminate\\Support\\Facades\\Route;\n#[Middleware('auth')]\nfinal class PostController extends Controller implements A {\n  private static ?int $count = 0;\n  const X = 'y';\n  public function __construct(private Repo $repo) {}\n  public function show(Request $request, int $id = 3) { return U::find($id); }\n}\n?><p>tail</p>\n",
    );
    assert_eq!(m.package.as_deref(), Some("App.Http.Controllers"));
    let specs: Vec<(&str, &str)> = m
        .imports
        .iter()
        .map(|i| (i.specifier.as_str(), i.names[0].local.as_str()))
        .collect();
    assert_eq!(
        specs,
        [
            ("App.Models.Post", "Post"),
            ("App.Models.User", "U"),
            ("Illuminate.Support.Facades.Route", "Route")
        ]
    );
    let class = &m.classes[0];
    assert_eq!(class.name.as_deref(), Some("PostController"));
    assert_eq!(class.decorators[0].name, "Middleware");
    assert_eq!(class.implements, ["A"]);
    assert_eq!(m.expr_text(class.extends[0]), "Controller");
    let members: Vec<&str> = class
        .members
        .iter()
        .filter_map(|m| m.name.as_str())
        .collect();
    assert_eq!(members, ["count", "X", "__construct", "repo", "show"]);
    // `U::find($id)`: a call of the member `find` of the import `U`, `$id` the parameter.
    let body = method_body(&m, "show");
    let call = stmt_expr(&m, &body, 0);
    let ExprKind::Call { callee, args, .. } = &m.expr(call).kind else {
        panic!("call")
    };
    assert_eq!(m.member_chain(*callee), Some(vec!["U", "find"]));
    let ExprKind::Ident { name, binding } = &m.expr(args[0].value).kind else {
        panic!("ident")
    };
    assert_eq!(name.as_str(), "id");
    assert!(matches!(
        m.binding(binding.expect("bound")).kind,
        BindingKind::Param { index: 1, .. }
    ));
    let ExprKind::Member { object, .. } = &m.expr(*callee).kind else {
        panic!("member")
    };
    let ExprKind::Ident { binding, .. } = &m.expr(*object).kind else {
        panic!("ident")
    };
    assert!(matches!(
        m.binding(binding.expect("bound")).kind,
        BindingKind::Import { .. }
    ));
    assert_eq!(m.exports[0].exported, "PostController");
}

#[test]
fn arrays_strings_and_class_constants() {
    let m = lowered(
        "<?php\n$a = ['data' => $p, 'n' => 2];\n$b = [C::class, 'index'];\n$c = \"/users/{$id}/x$y\";\n$d = 'it\\'s';\n$e = <<<EOT\n    a $x\n    b\n    EOT;\n$f = '/a' . $g;\n",
    );
    let e = |n| stmt_expr(&m, &m.body, n);
    let ExprKind::Object { props } = &m.expr(e(0)).kind else {
        panic!("object")
    };
    assert_eq!(props.len(), 2);
    let ExprKind::Array { elements, .. } = &m.expr(e(1)).kind else {
        panic!("array")
    };
    let ArrayElement::Expr(first) = elements[0] else {
        panic!("element")
    };
    // `C::class` is the class name itself.
    assert!(matches!(&m.expr(first).kind, ExprKind::Ident { name, .. } if name.as_str() == "C"));
    let ExprKind::Template(t) = &m.expr(e(2)).kind else {
        panic!("template")
    };
    assert_eq!(t.quasis, ["/users/", "/x", ""]);
    assert!(matches!(
        &m.expr(e(3)).kind,
        ExprKind::Literal { value: LiteralValue::String { value } } if value.as_str() == "it's"
    ));
    let ExprKind::Template(h) = &m.expr(e(4)).kind else {
        panic!("heredoc template")
    };
    assert_eq!(h.quasis, ["a ", "\nb"]);
    assert!(matches!(
        &m.expr(e(5)).kind,
        ExprKind::Binary {
            op: BinaryOp::Add,
            ..
        }
    ));
}

#[test]
fn closures_scopes_and_this() {
    let m = lowered(
        "<?php\nclass K { function f($x) {\n  $y = 1;\n  $g = function () use ($x) { return [$x, $y]; };\n  $h = fn () => $y;\n  return $this->repo->get($x);\n} }\n",
    );
    let g = m
        .functions
        .iter()
        .find(|f| f.kind == FunctionKind::Expression)
        .expect("closure");
    let FunctionBody::Block(body) = &g.body else {
        panic!("block")
    };
    let ExprKind::Array { elements, .. } = &m.expr(stmt_expr(&m, body, 0)).kind else {
        panic!("array")
    };
    let bound = |el: &ArrayElement| match el {
        ArrayElement::Expr(e) => matches!(
            m.expr(*e).kind,
            ExprKind::Ident {
                binding: Some(_),
                ..
            }
        ),
        _ => false,
    };
    // `$x` comes in through `use`; `$y` is not visible in the closure.
    assert!(bound(&elements[0]));
    assert!(!bound(&elements[1]));
    let h = m
        .functions
        .iter()
        .find(|f| f.kind == FunctionKind::Arrow)
        .expect("arrow");
    let FunctionBody::Expr(e) = h.body else {
        panic!("expr body")
    };
    // An arrow function sees the variables around it.
    assert!(matches!(
        m.expr(e).kind,
        ExprKind::Ident {
            binding: Some(_),
            ..
        }
    ));
    let body = method_body(&m, "f");
    let ret = stmt_expr(&m, &body, 3);
    let ExprKind::Call { callee, .. } = &m.expr(ret).kind else {
        panic!("call")
    };
    assert_eq!(m.member_chain(*callee), Some(vec!["this", "repo", "get"]));
}

#[test]
fn statements() {
    let m = lowered(
        "<?php\nfunction f($x) {\n  if ($x) { abort(404); } elseif ($x > 1) { throw new E('m'); } else { }\n  switch ($x) { case 1: case 2: return 1; default: break; }\n  try { g(); } catch (A|B $e) { } finally { }\n  foreach ($xs as $k => $v) { h($v); }\n  $r = match ($x) { 1, 2 => 'a', default => 'b' };\n  return response()->json(['ok' => true], 201);\n}\n",
    );
    let body = method_body(&m, "f");
    let kinds: Vec<&str> = body
        .iter()
        .map(|s| match &m.stmt(*s).kind {
            StmtKind::If { .. } => "if",
            StmtKind::Switch { .. } => "switch",
            StmtKind::Try(_) => "try",
            StmtKind::Loop(_) => "loop",
            StmtKind::VarDecl { .. } => "var",
            StmtKind::Return { .. } => "return",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["if", "switch", "try", "loop", "var", "return"]);
    let StmtKind::Switch { cases, .. } = &m.stmt(body[1]).kind else {
        panic!("switch")
    };
    assert!(cases[0].falls_through);
    assert!(cases[2].test.is_none());
    let StmtKind::Try(t) = &m.stmt(body[2]).kind else {
        panic!("try")
    };
    assert_eq!(t.handlers[0].types.len(), 2);
    assert!(t.finalizer.is_some());
    assert!(matches!(
        m.expr(stmt_expr(&m, &body, 4)).kind,
        ExprKind::Conditional { .. }
    ));
}

#[test]
fn named_arguments_and_static_calls() {
    let m = lowered(
        "<?php\nApplication::configure(basePath: dirname(__DIR__))->withRouting(api: __DIR__.'/../routes/api.php', apiPrefix: 'v1');\nRoute::prefix('api')->group(function () { Route::get('/x', X::class); });\n",
    );
    let call = stmt_expr(&m, &m.body, 0);
    let ExprKind::Call { args, .. } = &m.expr(call).kind else {
        panic!("call")
    };
    let names: Vec<&str> = args
        .iter()
        .filter_map(|a| a.name.as_ref().map(|n| n.as_str()))
        .collect();
    assert_eq!(names, ["api", "apiPrefix"]);
    assert_eq!(m.functions.len(), 1);
}

#[test]
fn broken_and_deep_input_never_panics() {
    let m = lowered("<?php\nfunction f( { return [1, 2;\n");
    assert!(!m.diagnostics.is_empty());
    // Deep nesting stops at the depth limit (on a thread with the stack seam's workers have).
    let handle = std::thread::Builder::new()
        .stack_size(crate::project::DEFAULT_STACK_SIZE)
        .spawn(|| {
            let deep = format!("<?php\n$x = {}1{};\n", "(".repeat(5_000), ")".repeat(5_000));
            let a = lower("a.php", &deep).expect("lowers");
            let chain = format!("<?php\n$x = $a{};\n", "->b()".repeat(3_000));
            let b = lower("b.php", &chain).expect("lowers");
            [a, b].iter().all(|m| {
                m.diagnostics
                    .iter()
                    .any(|d| d.message.contains("nested more than"))
            })
        })
        .expect("spawns");
    assert!(handle.join().expect("no overflow"));
}

#[test]
fn qualified_names_become_imports() {
    let m = lowered(
        "<?php\nnamespace App\\Http;\nuse BookStack\\Entities\\Controllers as Entity;\nRoute::get('p', [Entity\\PageApiController::class, 'list']);\nnew \\App\\Models\\Post();\nApi\\Ctl::x();\n",
    );
    let specs: Vec<(&str, &str)> = m
        .imports
        .iter()
        .map(|i| (i.specifier.as_str(), i.names[0].local.as_str()))
        .collect();
    assert_eq!(
        specs,
        [
            ("BookStack.Entities.Controllers", "Entity"),
            (
                "BookStack.Entities.Controllers.PageApiController",
                "Entity\\PageApiController"
            ),
            ("App.Models.Post", "\\App\\Models\\Post"),
            ("App.Http.Api.Ctl", "Api\\Ctl"),
        ]
    );
}

#[test]
fn values() {
    assert_eq!(single_quoted("a\\'b\\\\c\\n"), "a'b\\c\\n");
    assert_eq!(double_quoted("a\\tb\\$c\\q"), "a\tb$c\\q");
    assert_eq!(number_value("0x1F"), Some(31.0));
    assert_eq!(number_value("1_000"), Some(1000.0));
    assert_eq!(number_value("017"), Some(15.0));
    assert_eq!(dotted("\\App\\Models\\Post"), "App.Models.Post");
    assert_eq!(last_segment("\\App\\Models\\Post"), "Post");
}

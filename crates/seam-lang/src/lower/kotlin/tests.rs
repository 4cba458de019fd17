use super::*;

fn lower_ok(src: &str) -> Model {
    let m = lower("A.kt", src).expect("lowers");
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
    m
}

fn class<'m>(m: &'m Model, name: &str) -> &'m Class {
    m.classes
        .iter()
        .find(|c| c.name.as_deref() == Some(name))
        .expect("class")
}

fn function<'m>(m: &'m Model, name: &str) -> &'m Function {
    m.functions
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .expect("function")
}

/// The statement kinds of a block body, as short names.
fn shape(m: &Model, body: &[StmtId]) -> Vec<String> {
    body.iter()
        .map(|s| match &m.stmt(*s).kind {
            StmtKind::Return { value: Some(v) } => format!("return {}", m.expr_text(*v)),
            StmtKind::Return { value: None } => "return".to_owned(),
            StmtKind::If {
                test,
                consequent,
                alternate,
            } => format!(
                "if {} then {:?} else {:?}",
                m.expr_text(*test),
                shape(m, &[*consequent]),
                alternate.map(|a| shape(m, &[a]))
            ),
            StmtKind::Block { body } => format!("{{{}}}", shape(m, body).join("; ")),
            StmtKind::Throw { value: Some(v), .. } => format!("throw {}", m.expr_text(*v)),
            StmtKind::VarDecl { declarators, .. } => format!(
                "var {}",
                declarators
                    .iter()
                    .map(|d| m.text(m.pattern(d.pattern).span).to_owned())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            StmtKind::Switch { cases, .. } => format!(
                "switch [{}]",
                cases
                    .iter()
                    .map(|c| format!(
                        "{}: {}",
                        c.test
                            .map_or("else".to_owned(), |t| m.expr_text(t).to_owned()),
                        shape(m, &c.body).join("; ")
                    ))
                    .collect::<Vec<_>>()
                    .join(" | ")
            ),
            StmtKind::Expr { expr } => m.expr_text(*expr).to_owned(),
            other => format!("{other:?}"),
        })
        .collect()
}

fn body(f: &Function) -> &[StmtId] {
    match &f.body {
        FunctionBody::Block(b) => b,
        _ => &[],
    }
}

#[test]
fn package_imports_and_exports() {
    let m = lower_ok(
        "package a.b\n\nimport a.c.User\nimport a.d.*\nimport a.e.Thing as T\n\nclass X\nfun top() = 1\nval limit = 3\nobject Registry {\n    const val URL = \"/x\"\n}\n",
    );
    assert_eq!(m.package.as_deref(), Some("a.b"));
    let specs: Vec<(&str, &str, &ImportedItem)> = m
        .imports
        .iter()
        .map(|i| {
            (
                i.specifier.as_str(),
                i.names[0].local.as_str(),
                &i.names[0].imported,
            )
        })
        .collect();
    assert_eq!(
        specs,
        vec![
            ("a.c.User", "User", &ImportedItem::Named("User".into())),
            ("a.d", "*", &ImportedItem::All),
            ("a.e.Thing", "T", &ImportedItem::Named("Thing".into())),
        ]
    );
    let exports: Vec<&str> = m.exports.iter().map(|e| e.exported.as_str()).collect();
    assert_eq!(exports, vec!["X", "top", "limit", "Registry"]);
}

#[test]
fn spring_controller_annotations_constructor_properties_and_this() {
    let m = lower_ok(
        r#"
@RestController
@RequestMapping("/api/users")
class UserController(private val users: UserService, @Value("\${x}") base: String) {
    @GetMapping("/{id}")
    fun get(@PathVariable("id") id: Long): ResponseEntity<User> {
        val u = users.find(id) ?: return ResponseEntity.notFound().build()
        return ResponseEntity.ok(u)
    }

    @PostMapping(value = ["/a", "/b"], consumes = [MediaType.APPLICATION_JSON_VALUE])
    @ResponseStatus(HttpStatus.CREATED)
    fun create(@RequestBody body: User) = users.save(body)
}

data class User(val id: Long, var name: String?)
"#,
    );
    let c = class(&m, "UserController");
    let names: Vec<&str> = c.decorators.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, vec!["RestController", "RequestMapping"]);
    assert_eq!(m.expr_text(c.decorators[1].args[0].value), "\"/api/users\"");
    let ctor = c
        .members
        .iter()
        .find_map(|mb| match mb.kind {
            MemberKind::Constructor { function } => Some(m.function(function)),
            _ => None,
        })
        .expect("constructor");
    assert_eq!(ctor.name.as_deref(), Some("UserController"));
    let vis: Vec<Option<Visibility>> = ctor.params.iter().map(|p| p.property_visibility).collect();
    assert_eq!(vis, vec![Some(Visibility::Private), None]);
    assert!(
        c.members.iter().any(|mb| mb.name.as_str() == Some("users")
            && matches!(mb.kind, MemberKind::Property { .. }))
    );

    let get = function(&m, "get");
    assert_eq!(get.kind, FunctionKind::Method);
    assert_eq!(get.decorators[0].name, "GetMapping");
    assert_eq!(get.params[0].decorators[0].name, "PathVariable");
    assert_eq!(
        get.return_type.as_ref().map(|t| t.text.as_str()),
        Some("ResponseEntity<User>")
    );
    assert_eq!(
        shape(&m, body(get)),
        vec![
            "var u".to_owned(),
            "if users.find(id) ?: return ResponseEntity.notFound().build() then [\"return ResponseEntity.notFound().build()\"] else None".to_owned(),
            "return ResponseEntity.ok(u)".to_owned(),
        ]
    );
    // `users` is the property: `this.users`.
    let call = m
        .exprs
        .iter()
        .find_map(|e| match &e.kind {
            ExprKind::Call { callee, .. } if m.expr_text(*callee) == "users.find" => Some(*callee),
            _ => None,
        })
        .expect("users.find");
    let ExprKind::Member { object, .. } = &m.expr(call).kind else {
        panic!("member");
    };
    assert!(matches!(
        &m.expr(*object).kind,
        ExprKind::Member { object, .. } if matches!(m.expr(*object).kind, ExprKind::This)
    ));

    let create = function(&m, "create");
    let d = &create.decorators[0];
    assert_eq!(d.args[0].name.as_deref(), Some("value"));
    assert!(matches!(
        m.expr(d.args[0].value).kind,
        ExprKind::Array { .. }
    ));
    assert_eq!(shape(&m, body(create)), vec!["return users.save(body)"]);

    let user = class(&m, "User");
    let props: Vec<(&str, bool)> = user
        .members
        .iter()
        .filter(|mb| matches!(mb.kind, MemberKind::Property { .. }))
        .map(|mb| (mb.name.as_str().unwrap_or(""), mb.readonly))
        .collect();
    assert_eq!(props, vec![("id", true), ("name", false)]);
}

#[test]
fn returned_when_and_if_become_branches() {
    let m = lower_ok(
        r#"
fun status(x: Int): String = when (x) {
    1, 2 -> "small"
    in 3..9 -> "mid"
    else -> { log(x); "big" }
}
fun pick(a: Boolean) = if (a) "yes" else if (b()) "maybe" else throw IllegalStateException("no")
fun chain(n: Int): Int {
    return when {
        n < 0 -> -1
        n == 0 -> 0
        else -> 1
    }
}
"#,
    );
    assert_eq!(
        shape(&m, body(function(&m, "status"))),
        vec![
            "switch [1:  | 2: return \"small\" | in 3..9: return \"mid\" | else: log(x); return \"big\"]"
        ]
    );
    assert_eq!(
        shape(&m, body(function(&m, "pick"))),
        vec![
            "if a then [\"return \\\"yes\\\"\"] else Some([\"if b() then [\\\"return \\\\\\\"maybe\\\\\\\"\\\"] else Some([\\\"throw IllegalStateException(\\\\\\\"no\\\\\\\")\\\"])\"])"
        ]
    );
    assert_eq!(
        shape(&m, body(function(&m, "chain"))),
        vec![
            "if n < 0 then [\"return -1\"] else Some([\"if n == 0 then [\\\"return 0\\\"] else Some([\\\"return 1\\\"])\"])"
        ]
    );
}

#[test]
fn templates_collections_and_lambdas() {
    let m = lower_ok(
        r#"
class Client(private val base: String) {
    fun load(id: Long, q: String) {
        val url = "$base/items/${id}?q=$q"
        val plain = "a\tb"
        val xs = listOf(1, 2)
        val m = mapOf("a" to 1, "b" to id)
        xs.map { it + 1 }.filter { n -> n > 1 }
    }
}
"#,
    );
    let template = m
        .exprs
        .iter()
        .find_map(|e| match &e.kind {
            ExprKind::Template(t) => Some((t.quasis.clone(), t.exprs.clone())),
            _ => None,
        })
        .expect("template");
    assert_eq!(template.0, vec!["", "/items/", "?q=", ""]);
    // `$base` is the property.
    assert!(matches!(
        m.expr(template.1[0]).kind,
        ExprKind::Member { .. }
    ));
    assert!(m.exprs.iter().any(|e| matches!(
        &e.kind,
        ExprKind::Literal { value: LiteralValue::String { value } } if value == "a\tb"
    )));
    assert!(m.exprs.iter().any(|e| matches!(
        &e.kind,
        ExprKind::Array { elements, .. } if elements.len() == 2
    )));
    let keys: Vec<String> = m
        .exprs
        .iter()
        .find_map(|e| match &e.kind {
            ExprKind::Object { props } => Some(
                props
                    .iter()
                    .filter_map(|p| match p {
                        ObjectProp::KeyValue { key, .. } => key.as_str().map(str::to_owned),
                        _ => None,
                    })
                    .collect(),
            ),
            _ => None,
        })
        .expect("object");
    assert_eq!(keys, vec!["a", "b"]);
    // `it` is the lambda's parameter.
    let lambdas: Vec<&Function> = m
        .functions
        .iter()
        .filter(|f| f.kind == FunctionKind::Arrow)
        .collect();
    assert_eq!(lambdas.len(), 2);
    assert!(lambdas.iter().all(|f| f.params.len() == 1));
    assert!(matches!(lambdas[0].body, FunctionBody::Expr(_)));
}

#[test]
fn objects_companions_interfaces_enums_extensions() {
    let m = lower_ok(
        r#"
interface Repo {
    fun find(id: Long): User?
}
enum class Color { RED, GREEN }
class Svc {
    companion object {
        const val PATH = "/p"
        fun make() = Svc()
    }
    fun path() = PATH + "/x"
}
fun String.slug(): String = this.lowercase()
"#,
    );
    let repo = class(&m, "Repo");
    assert!(repo.is_abstract);
    assert!(matches!(function(&m, "find").body, FunctionBody::None));
    assert_eq!(m.type_decls[0].members, vec!["RED", "GREEN"]);
    let svc = class(&m, "Svc");
    assert!(
        svc.members
            .iter()
            .any(|mb| mb.name.as_str() == Some("make") && mb.is_static)
    );
    // A constant reads its binding, whose initialiser is the value.
    let path = function(&m, "path");
    let [ret] = body(path) else { panic!() };
    let StmtKind::Return { value: Some(v) } = &m.stmt(*ret).kind else {
        panic!()
    };
    let ExprKind::Binary { left, .. } = &m.expr(*v).kind else {
        panic!()
    };
    let binding = m.resolved_binding(*left).expect("constant");
    let init = m.binding(binding).origin.init.expect("init");
    assert_eq!(m.expr_text(init), "\"/p\"");
    assert_eq!(function(&m, "slug").kind, FunctionKind::Declaration);
}

#[test]
fn statements_try_loops_assignments() {
    let m = lower_ok(
        r#"
fun run(xs: List<Int>) {
    var total = 0
    for (x in xs) { total += x }
    while (total > 10) total--
    try {
        risky()
    } catch (e: IOException) {
        throw IllegalStateException("bad", e)
    } finally {
        done()
    }
}
"#,
    );
    let f = function(&m, "run");
    let kinds: Vec<&str> = body(f)
        .iter()
        .map(|s| match m.stmt(*s).kind {
            StmtKind::VarDecl { .. } => "var",
            StmtKind::Loop(_) => "loop",
            StmtKind::Try(_) => "try",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, vec!["var", "loop", "loop", "try"]);
    assert!(m.bindings.iter().any(|b| b.name == "total" && b.reassigned));
}

#[test]
fn broken_input_is_diagnosed_and_deep_nesting_is_safe() {
    let m = lower("A.kt", "class A {\n fun f( {\n").expect("lowers");
    assert!(!m.diagnostics.is_empty());
    let deep = format!("fun f() = {}1{}\n", "g(".repeat(3000), ")".repeat(3000));
    let handle = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || lower("B.kt", &deep).map(|m| m.diagnostics.len()))
        .expect("thread");
    let diagnostics = handle.join().expect("no panic").expect("lowers");
    assert!(diagnostics >= 1);
}

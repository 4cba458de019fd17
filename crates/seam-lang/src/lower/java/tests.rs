use super::*;

fn lower_ok(src: &str) -> Model {
    let m = lower("A.java", src).expect("lowers");
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
    m
}

fn class<'m>(m: &'m Model, name: &str) -> &'m Class {
    m.classes
        .iter()
        .find(|c| c.name.as_deref() == Some(name))
        .expect("class")
}

fn method<'m>(m: &'m Model, name: &str) -> &'m Function {
    m.functions
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .expect("method")
}

#[test]
fn imports_single_wildcard_and_static() {
    let m = lower_ok(
        "package a.b;\nimport a.c.User;\nimport a.d.*;\nimport static a.e.Util.helper;\nclass X {}\n",
    );
    let specs: Vec<(&str, &ImportedItem)> = m
        .imports
        .iter()
        .map(|i| (i.specifier.as_str(), &i.names[0].imported))
        .collect();
    assert_eq!(
        specs,
        vec![
            ("a.c.User", &ImportedItem::Named("User".into())),
            ("a.d", &ImportedItem::All),
            ("a.e.Util", &ImportedItem::Named("helper".into())),
        ]
    );
    assert_eq!(m.exports.len(), 1);
    assert_eq!(m.exports[0].exported, "X");
}

#[test]
fn annotations_become_decorators_with_named_arguments() {
    let m = lower_ok(
        r#"
@RestController
@RequestMapping("/api/users")
public class UserController {
    private final UserService users;

    public UserController(UserService users) { this.users = users; }

    @RequestMapping(value = "/{id}", method = RequestMethod.GET)
    public ResponseEntity<User> get(@PathVariable("id") Long id, @RequestParam(required = false) String q) {
        User u = users.find(id);
        if (u == null) {
            return ResponseEntity.notFound().build();
        }
        return ResponseEntity.ok(u);
    }
}
"#,
    );
    let c = class(&m, "UserController");
    let names: Vec<&str> = c.decorators.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, vec!["RestController", "RequestMapping"]);
    assert_eq!(c.decorators[1].args.len(), 1);
    let get = method(&m, "get");
    let d = &get.decorators[0];
    let arg_names: Vec<Option<&str>> = d.args.iter().map(|a| a.name.as_deref()).collect();
    assert_eq!(arg_names, vec![Some("value"), Some("method")]);
    assert!(matches!(m.expr(d.expr).kind, ExprKind::Call { .. }));
    assert_eq!(get.params.len(), 2);
    assert_eq!(get.params[0].decorators[0].name, "PathVariable");
    assert_eq!(
        get.params[0]
            .type_annotation
            .as_ref()
            .map(|t| t.text.as_str()),
        Some("Long")
    );
    // `users.find(id)` reads the field through `this`.
    let call = m
        .exprs
        .iter()
        .find_map(|e| match &e.kind {
            ExprKind::Call { callee, .. } if m.expr_text(*callee) == "users.find" => Some(*callee),
            _ => None,
        })
        .expect("call");
    let ExprKind::Member { object, .. } = &m.expr(call).kind else {
        panic!("member")
    };
    assert_eq!(m.member_chain(*object), Some(vec!["this", "users"]));
    let ctor = method(&m, "UserController");
    assert_eq!(ctor.kind, FunctionKind::Constructor);
    let FunctionBody::Block(body) = &get.body else {
        panic!("body")
    };
    assert_eq!(body.len(), 3);
    assert!(matches!(m.stmt(body[1]).kind, StmtKind::If { .. }));
}

#[test]
fn strings_concatenation_and_locals_resolve() {
    let m = lower_ok(
        r#"class C { String f(int id) { final String base = "/api"; String url = base + "/items/" + id; return url; } }"#,
    );
    let url = m.bindings.iter().find(|b| b.name == "url").expect("url");
    let init = url.origin.init.expect("init");
    let ExprKind::Binary { op, left, .. } = &m.expr(init).kind else {
        panic!("binary")
    };
    assert_eq!(*op, BinaryOp::Add);
    let ExprKind::Binary { left: base, .. } = &m.expr(*left).kind else {
        panic!("binary")
    };
    let b = m.resolved_binding(*base).expect("resolves");
    assert_eq!(m.binding(b).name, "base");
}

#[test]
fn interfaces_records_enums_switch_try_and_lambdas() {
    let m = lower_ok(
        r#"
@FeignClient(name = "users", url = "${users.url}")
interface UsersClient {
    @GetMapping("/users/{id}")
    User get(@PathVariable("id") long id);
}
record Point(int x, int y) {}
enum Color { RED, GREEN }
class D {
    int g(Color c, java.util.List<String> xs) {
        switch (c) {
            case RED: return 1;
            case GREEN:
            default: break;
        }
        try (var in = open()) {
            xs.forEach(x -> System.out.println(x));
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new RuntimeException(e);
        } finally {
            close();
        }
        int r = switch (c) { case RED -> 1; default -> 2; };
        return r;
    }
    Object open() { return null; }
    void close() {}
}
"#,
    );
    let i = class(&m, "UsersClient");
    assert!(i.is_abstract);
    let get = method(&m, "get");
    assert_eq!(get.body, FunctionBody::None);
    assert_eq!(class(&m, "Point").members.len(), 2);
    assert_eq!(m.type_decls[0].members, vec!["RED", "GREEN"]);
    let g = method(&m, "g");
    let FunctionBody::Block(body) = &g.body else {
        panic!("body")
    };
    let StmtKind::Switch { cases, .. } = &m.stmt(body[0]).kind else {
        panic!("switch")
    };
    assert_eq!(cases.len(), 3);
    assert!(!cases[0].falls_through);
    assert!(cases[1].falls_through);
    let StmtKind::Try(boxed) = &m.stmt(body[1]).kind else {
        panic!("not a StmtKind::Try")
    };
    let crate::model::TryStmt {
        handlers,
        finalizer,
        ..
    } = &**boxed;
    assert_eq!(handlers[0].types.len(), 2);
    assert!(finalizer.is_some());
    assert!(m.functions.iter().any(|f| f.kind == FunctionKind::Arrow));
}

#[test]
fn an_annotation_type_is_an_interface_keeping_its_annotations() {
    let m = lower_ok(
        r#"
@Target(ElementType.METHOD)
@RequestMapping(method = RequestMethod.GET)
public @interface ApiGetMapping {
    @AliasFor(annotation = RequestMapping.class)
    String[] value() default {};
}
"#,
    );
    let a = class(&m, "ApiGetMapping");
    assert!(a.is_abstract);
    let names: Vec<&str> = a.decorators.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, vec!["Target", "RequestMapping"]);
    assert!(m.type_decls.is_empty());
}

#[test]
fn a_broken_file_is_a_model_with_diagnostics() {
    let m = lower("B.java", "class B { void f( { int x = ; }").expect("lowers");
    assert!(!m.diagnostics.is_empty());
}

#[test]
fn deep_nesting_stops_at_the_limit() {
    let depth = 3000;
    let src = format!(
        "class C {{ int f() {{ return {}1{}; }} }}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let handle = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || lower("C.java", &src).map(|m| m.diagnostics.len()))
        .expect("thread");
    assert!(handle.join().expect("no panic").expect("lowers") >= 1);
}

#[test]
fn a_top_level_expression_is_a_statement_for_patterns() {
    let m = lower(
        "<pattern>.java",
        "(\nResponseEntity.status(__seam_meta_S)\n);\n",
    )
    .expect("lowers");
    assert_eq!(m.body.len(), 1);
    assert!(matches!(m.stmt(m.body[0]).kind, StmtKind::Expr { .. }));
}

/// The receivers of the calls in `name`, as written: `this.x` for a member of the instance,
/// the bare name otherwise.
fn call_receivers(m: &Model, name: &str) -> Vec<String> {
    let span = method(m, name).span;
    m.exprs
        .iter()
        .filter(|e| span.contains(e.span))
        .filter_map(|e| match &e.kind {
            ExprKind::Call { callee, .. } => Some(*callee),
            _ => None,
        })
        .filter_map(|callee| match &m.expr(callee).kind {
            ExprKind::Member { object, .. } => Some(match &m.expr(*object).kind {
                ExprKind::This => "this".to_owned(),
                ExprKind::Member {
                    object: inner,
                    property: MemberProp::Name(n),
                    ..
                } if matches!(m.expr(*inner).kind, ExprKind::This) => format!("this.{n}"),
                ExprKind::Ident { name, .. } => name.to_string(),
                _ => "?".to_owned(),
            }),
            ExprKind::Ident { name, .. } => Some(format!("bare {name}")),
            _ => None,
        })
        .collect()
}

#[test]
fn a_bare_name_a_subclass_does_not_declare_is_a_member_it_inherits() {
    // `restTemplate` and `execute` come from `Api` in another file; `Objects` is a type,
    // `java` a package, `local` a local, `List` an import.
    let m = lower_ok(
        r#"
import java.util.List;
public class AppApi extends Api {
  public Object load(String id) {
    Object local = null;
    java.util.Objects.requireNonNull(id);
    Objects.requireNonNull(local);
    List.of(id);
    execute(id);
    return restTemplate.get(id);
  }
}
class Plain {
  public Object fetch(String id) {
    return restTemplate.get(id);
  }
}
"#,
    );
    let mut receivers = call_receivers(&m, "load");
    receivers.sort();
    assert_eq!(
        receivers,
        vec!["?", "List", "Objects", "this", "this.restTemplate"]
    );
    // A class that extends nothing has no member it did not declare.
    assert_eq!(call_receivers(&m, "fetch"), vec!["restTemplate"]);
}

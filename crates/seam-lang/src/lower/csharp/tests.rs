use super::*;

fn lower_ok(src: &str) -> Model {
    let m = lower("A.cs", src).expect("lowers");
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

/// The expression a method's single statement returns (or its arrow body).
fn returned(m: &Model, name: &str) -> ExprId {
    match &method(m, name).body {
        FunctionBody::Expr(e) => *e,
        FunctionBody::Block(stmts) => stmts
            .iter()
            .find_map(|s| match &m.stmt(*s).kind {
                StmtKind::Return { value: Some(v) } => Some(*v),
                _ => None,
            })
            .expect("a return"),
        FunctionBody::None => panic!("no body"),
    }
}

fn string(m: &Model, e: ExprId) -> Option<&str> {
    match &m.expr(e).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => Some(value),
        _ => None,
    }
}

#[test]
fn namespaces_and_using_directives() {
    let m = lower_ok(
        "using System;\nglobal using A.B;\nusing static A.C.Util;\nusing P = A.D.Paging;\nnamespace Shop.Api;\nclass X {}\n",
    );
    assert_eq!(m.package.as_deref(), Some("Shop.Api"));
    let specs: Vec<(&str, &ImportedItem, &str)> = m
        .imports
        .iter()
        .map(|i| {
            (
                i.specifier.as_str(),
                &i.names[0].imported,
                i.names[0].local.as_str(),
            )
        })
        .collect();
    assert_eq!(
        specs,
        vec![
            ("System", &ImportedItem::All, "*"),
            ("A.B", &ImportedItem::All, "*"),
            ("A.C.Util", &ImportedItem::All, "*"),
            ("A.D.Paging", &ImportedItem::Named("Paging".into()), "P"),
        ]
    );
    assert_eq!(m.exports[0].exported, "X");
    // A block namespace, and a type nested in it.
    let m = lower_ok("namespace A.B { namespace C { class Y {} } }\n");
    assert_eq!(m.package.as_deref(), Some("A.B"));
    assert_eq!(m.exports[0].exported, "Y");
}

#[test]
fn attributes_become_decorators_with_named_arguments() {
    let m = lower_ok(
        r#"
[ApiController]
[Route("api/[controller]")]
public class ItemsController : ControllerBase, IDisposable
{
    [HttpGet("{id:int}", Name = "GetItem"), Authorize]
    public IActionResult Get([FromRoute] int id, [FromQuery(Name = "q")] string? q = null) => Ok(id);
}
"#,
    );
    let c = class(&m, "ItemsController");
    let names: Vec<&str> = c.decorators.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, vec!["ApiController", "Route"]);
    assert_eq!(c.decorators[1].args.len(), 1);
    assert_eq!(c.extends.len(), 1);
    assert_eq!(c.implements, vec!["IDisposable".to_owned()]);
    let get = method(&m, "Get");
    let names: Vec<&str> = get.decorators.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, vec!["HttpGet", "Authorize"]);
    let args = &get.decorators[0].args;
    assert_eq!(string(&m, args[0].value), Some("{id:int}"));
    assert_eq!(args[1].name.as_deref(), Some("Name"));
    assert_eq!(get.params.len(), 2);
    assert_eq!(get.params[0].decorators[0].name, "FromRoute");
    assert!(get.params[1].default.is_some());
    assert_eq!(
        get.params[1]
            .type_annotation
            .as_ref()
            .map(|t| t.text.as_str()),
        Some("string?")
    );
    // `Ok(id)`: a bare call of an inherited method stays a bare name.
    let ExprKind::Call { callee, args, .. } = &m.expr(returned(&m, "Get")).kind else {
        panic!("a call")
    };
    assert!(matches!(&m.expr(*callee).kind, ExprKind::Ident { name, .. } if name == "Ok"));
    assert!(matches!(
        &m.expr(args[0].value).kind,
        ExprKind::Ident {
            binding: Some(_),
            ..
        }
    ));
}

#[test]
fn members_fields_properties_and_constructors() {
    let m = lower_ok(
        r#"
public class S : Base {
    private const string Prefix = "/api";
    private readonly HttpClient _http;
    public string Name { get; set; } = "n";
    public int Count => _http.Count;
    public S(HttpClient http) : base(http) { _http = http; }
    public string Url() => Prefix + Name;
}
public record Item(int Id, string Name);
public enum Color { Red, Green = 2 }
interface IFoo { Task<int> Bar(); }
"#,
    );
    let s = class(&m, "S");
    let kinds: Vec<(&str, &str)> = s
        .members
        .iter()
        .map(|mem| {
            let MemberName::Ident(n) = &mem.name else {
                panic!()
            };
            let k = match mem.kind {
                MemberKind::Property { .. } => "property",
                MemberKind::Getter { .. } => "getter",
                MemberKind::Constructor { .. } => "constructor",
                MemberKind::Method { .. } => "method",
                _ => "other",
            };
            (n.as_str(), k)
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("Prefix", "property"),
            ("_http", "property"),
            ("Name", "property"),
            ("Count", "getter"),
            ("S", "constructor"),
            ("Url", "method"),
        ]
    );
    // The constructor calls `super(http)` first; a field reads as `this._http`.
    let ctor = method(&m, "S");
    let FunctionBody::Block(body) = &ctor.body else {
        panic!()
    };
    let StmtKind::Expr { expr } = &m.stmt(body[0]).kind else {
        panic!()
    };
    assert!(
        matches!(&m.expr(*expr).kind, ExprKind::Call { callee, .. } if matches!(m.expr(*callee).kind, ExprKind::Super))
    );
    // `Prefix + Name`: the constant resolves to its binding, the property is `this.Name`.
    let ExprKind::Binary { left, right, .. } = &m.expr(returned(&m, "Url")).kind else {
        panic!()
    };
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &m.expr(*left).kind
    else {
        panic!("the constant")
    };
    assert!(m.binding(*b).origin.init.is_some());
    assert!(
        matches!(&m.expr(*right).kind, ExprKind::Member { object, .. } if matches!(m.expr(*object).kind, ExprKind::This))
    );
    let item = class(&m, "Item");
    assert_eq!(item.members.len(), 2);
    assert_eq!(m.type_decls[0].members, vec!["Red", "Green"]);
    assert!(class(&m, "IFoo").is_abstract);
    assert!(matches!(method(&m, "Bar").body, FunctionBody::None));
}

#[test]
fn statements() {
    let m = lower_ok(
        r#"
class C {
    int F(int k, int[] xs) {
        var a = 1;
        if (k > 1) { return 1; } else if (k < 0) return 2; else { throw new ArgumentException("k"); }
        switch (k) { case 1: case 2: return 3; default: break; }
        foreach (var x in xs) { a += x; }
        for (int i = 0; i < 3; i++) { continue; }
        while (a > 0) a--;
        try { using var s = Open(); } catch (IOException e) when (e != null) { throw; } finally { a = 0; }
        using (var r = Open()) { a = 2; }
        int Local(int y) => y + a;
        return Local(a);
    }
    int Open() => 1;
}
"#,
    );
    let f = method(&m, "F");
    let FunctionBody::Block(body) = &f.body else {
        panic!()
    };
    let kinds: Vec<&str> = body
        .iter()
        .map(|s| match &m.stmt(*s).kind {
            StmtKind::VarDecl { .. } => "var",
            StmtKind::If { .. } => "if",
            StmtKind::Switch { .. } => "switch",
            StmtKind::Loop(_) => "loop",
            StmtKind::Try(_) => "try",
            StmtKind::Block { .. } => "block",
            StmtKind::FunctionDecl { .. } => "function",
            StmtKind::Return { .. } => "return",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            "var", "if", "switch", "loop", "loop", "loop", "try", "block", "function", "return"
        ]
    );
    let StmtKind::Switch { cases, .. } = &m.stmt(body[2]).kind else {
        panic!()
    };
    assert_eq!(cases.len(), 3);
    assert!(cases[0].falls_through && cases[0].body.is_empty());
    assert!(cases[2].test.is_none());
    let StmtKind::Try(t) = &m.stmt(body[6]).kind else {
        panic!()
    };
    assert_eq!(t.handlers.len(), 1);
    assert_eq!(t.handlers[0].types.len(), 1);
    assert!(t.handlers[0].param.is_some());
    assert!(t.finalizer.is_some());
    // The local function's call resolves to its binding.
    let ExprKind::Call { callee, .. } = &m.expr(returned(&m, "F")).kind else {
        panic!()
    };
    assert!(matches!(
        &m.expr(*callee).kind,
        ExprKind::Ident {
            binding: Some(_),
            ..
        }
    ));
}

#[test]
fn expressions() {
    let m = lower_ok(
        r#"
class C {
    object A(int id) => $"/api/items/{id}?x={{1}}";
    object B() => new { id = 1, name = "a" };
    object D() => new List<int> { 1, 2 };
    object E() => new Dictionary<string, int> { ["a"] = 1, { "b", 2 } };
    object F(HttpClient c) => c?.GetFromJsonAsync<List<Item>>("/x");
    object G(string u) => new HttpRequestMessage(HttpMethod.Get, u) { Content = null };
    object H(int k) => k switch { 1 => "one", _ => "many" };
    object I() => @"a\b" + "c\n" + """raw""";
    object J(string? s) => s ?? throw new ArgumentNullException(nameof(s));
    async Task<object> K(Func<int, int> f) { var x = await Task.FromResult(1); return x is int n ? n : f(2); }
    object L() => (x, y) => x + y;
    object M() => [1, 2];
}
"#,
    );
    let ExprKind::Template(t) = &m.expr(returned(&m, "A")).kind else {
        panic!("a template")
    };
    assert_eq!(
        t.quasis,
        vec!["/api/items/".to_owned(), "?x={1}".to_owned()]
    );
    let ExprKind::Object { props } = &m.expr(returned(&m, "B")).kind else {
        panic!("an object")
    };
    assert_eq!(props.len(), 2);
    assert!(matches!(
        &m.expr(returned(&m, "D")).kind,
        ExprKind::Array { elements, .. } if elements.len() == 2
    ));
    let ExprKind::Object { props } = &m.expr(returned(&m, "E")).kind else {
        panic!("a dictionary")
    };
    let keys: Vec<Option<&str>> = props
        .iter()
        .map(|p| match p {
            ObjectProp::KeyValue { key, .. } => key.as_str(),
            _ => None,
        })
        .collect();
    assert_eq!(keys, vec![Some("a"), Some("b")]);
    // `c?.GetFromJsonAsync<T>(u)`: a call of the member, type arguments dropped.
    let ExprKind::Call { callee, args, .. } = &m.expr(returned(&m, "F")).kind else {
        panic!("a call")
    };
    assert!(matches!(
        &m.expr(*callee).kind,
        ExprKind::Member { property: MemberProp::Name(n), optional: true, .. } if n == "GetFromJsonAsync"
    ));
    assert_eq!(string(&m, args[0].value), Some("/x"));
    let ExprKind::Call {
        args, is_new: true, ..
    } = &m.expr(returned(&m, "G")).kind
    else {
        panic!("a new call")
    };
    assert_eq!(args.len(), 3);
    assert_eq!(args[2].name.as_deref(), Some("Content"));
    assert!(matches!(
        &m.expr(returned(&m, "H")).kind,
        ExprKind::Conditional { .. }
    ));
    let ExprKind::Binary { left, right, .. } = &m.expr(returned(&m, "I")).kind else {
        panic!()
    };
    assert_eq!(string(&m, *right), Some("raw"));
    let ExprKind::Binary { left, right, .. } = &m.expr(*left).kind else {
        panic!()
    };
    assert_eq!(string(&m, *left), Some("a\\b"));
    assert_eq!(string(&m, *right), Some("c\n"));
    assert!(matches!(
        &m.expr(returned(&m, "J")).kind,
        ExprKind::Logical {
            op: LogicalOp::Nullish,
            ..
        }
    ));
    assert!(method(&m, "K").is_async);
    assert!(matches!(
        &m.expr(returned(&m, "L")).kind,
        ExprKind::Function { .. }
    ));
    assert!(matches!(
        &m.expr(returned(&m, "M")).kind,
        ExprKind::Array { elements, .. } if elements.len() == 2
    ));
}

#[test]
fn top_level_statements_and_minimal_api_lambdas() {
    let m = lower_ok(
        r#"
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
var api = app.MapGroup("/api");
api.MapGet("/items/{id}", async (int id, [FromServices] Db db) => await db.Find(id) is Item i ? Results.Ok(i) : Results.NotFound());
app.Run();
"#,
    );
    assert_eq!(m.body.len(), 5);
    // `api` is a module-level binding whose initialiser is the MapGroup call.
    let StmtKind::Expr { expr } = &m.stmt(m.body[3]).kind else {
        panic!()
    };
    let ExprKind::Call { callee, args, .. } = &m.expr(*expr).kind else {
        panic!()
    };
    let ExprKind::Member { object, .. } = &m.expr(*callee).kind else {
        panic!()
    };
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &m.expr(*object).kind
    else {
        panic!("api resolves")
    };
    assert!(m.binding(*b).origin.init.is_some());
    let ExprKind::Function { function } = &m.expr(args[1].value).kind else {
        panic!("a lambda")
    };
    let f = m.function(*function);
    assert!(f.is_async);
    assert_eq!(f.params.len(), 2);
    assert!(matches!(f.body, FunctionBody::Expr(_)));
}

#[test]
fn deep_nesting_stops_at_the_limit() {
    let depth = 3000;
    let src = format!(
        "class C {{ int F() {{ return {}1{}; }} }}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let handle = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || lower("C.cs", &src).map(|m| m.diagnostics.len()))
        .expect("thread");
    assert!(handle.join().expect("no panic").expect("lowers") >= 1);
}

#[test]
fn a_broken_file_is_a_model_with_diagnostics() {
    let m = lower("B.cs", "class B { void F( { int x = ; }").expect("lowers");
    assert!(!m.diagnostics.is_empty());
}

#[test]
fn a_top_level_expression_is_a_statement_for_patterns() {
    let m = lower("<pattern>.cs", "_ = (\nResults.Ok(__seam_meta_S)\n);\n").expect("lowers");
    assert_eq!(m.body.len(), 1);
    assert!(matches!(m.stmt(m.body[0]).kind, StmtKind::Expr { .. }));
}

//! The Python lowering, construct by construct. Shapes are compared as compact renderings
//! (see `lower_python_support`): `name#B` is an identifier resolved to binding B.
#[path = "lower_python_support/mod.rs"]
mod support;

use seam_lang::model::*;
use support::*;

#[test]
fn imports_every_form() {
    let m = lower(
        "import a.b\nimport a.b as c, d\nfrom x import y as z, w\nfrom . import y2\nfrom ..pkg import *\n\
         from .mod.sub import (p, q as r)\nfrom __future__ import annotations\n",
    );
    let got: Vec<String> = m
        .imports
        .iter()
        .map(|i| {
            let names: Vec<String> = i
                .names
                .iter()
                .map(|n| {
                    format!(
                        "{:?}->{}#{:?}",
                        n.imported,
                        n.local,
                        n.binding.map(|b| b.get())
                    )
                })
                .collect();
            format!("{}|{}|{}", i.specifier, i.level, names.join(","))
        })
        .collect();
    assert_eq!(
        got,
        [
            "a.b|0|Namespace->a#Some(0)",
            "a.b|0|Namespace->c#Some(1)",
            "d|0|Namespace->d#Some(2)",
            "x|0|Named(\"y\")->z#Some(3),Named(\"w\")->w#Some(4)",
            "|1|Named(\"y2\")->y2#Some(5)",
            "pkg|2|All->*#None",
            "mod.sub|1|Named(\"p\")->p#Some(6),Named(\"q\")->r#Some(7)",
            "__future__|0|Named(\"annotations\")->annotations#Some(8)",
        ]
    );
    assert!(
        m.imports
            .iter()
            .all(|i| i.kind == ImportKind::Static && i.resolved.is_none())
    );
    // `import a.b as c, d` is one statement in the source and two `Import`s in the model.
    assert_eq!(
        body_of(&m),
        "import#0\nimport#1\nimport#2\nimport#3\nimport#4\nimport#5\nimport#6\nimport#7\n"
    );
    assert_eq!(m.imports[1].span, m.imports[2].span);
    assert_eq!(m.text(m.imports[1].names[0].span), "a.b as c");
}

#[test]
fn imports_inside_functions_and_try_blocks_are_collected() {
    let m = lower(
        "try:\n    import ujson as json\nexcept ImportError:\n    import json\n\ndef f():\n    from os import path\n    return path\n",
    );
    let specs: Vec<&str> = m.imports.iter().map(|i| i.specifier.as_str()).collect();
    assert_eq!(specs, ["ujson", "json", "os"]);
    assert_eq!(
        bindings(&m),
        ["json:import@-!", "f:function@-", "path:import@f"]
    );
    assert_eq!(
        body_of(&m),
        "try\n  import#0\nexcept [ImportError#-]\n  import#1\ndef#0 f\n  import#2\n  return path#2\n"
    );
}

#[test]
fn exports_are_public_module_names_without_all() {
    let m = lower(
        "import os\nfrom x import y\nX = 1\n_private = 2\ndef handler(): pass\ndef _helper(): pass\n\
         class Model: pass\nfor i in range(3): pass\na, (b, _c) = t\nX = 3\n",
    );
    let got: Vec<String> = m
        .exports
        .iter()
        .map(|e| format!("{}:{:?}", e.exported, e.target))
        .collect();
    assert_eq!(
        got,
        [
            "X:Binding(BindingId(2))",
            "handler:Function(FuncId(0))",
            "Model:Class(ClassId(0))",
            "a:Binding(BindingId(8))",
            "b:Binding(BindingId(9))"
        ]
    );
    assert!(m.exports.iter().all(|e| e.from.is_none() && !e.type_only));
    assert_eq!(m.text(m.exports[1].span), "handler");
}

#[test]
fn exports_follow_a_literal_dunder_all() {
    let m = lower(
        "from .impl import run as go, Thing\nimport json\n__all__ = ['go', \"helper\"]\n__all__ += ('Thing', 'missing')\n\
         def helper(): pass\ndef other(): pass\n",
    );
    let got: Vec<String> = m
        .exports
        .iter()
        .map(|e| {
            let from = e
                .from
                .as_ref()
                .map(|f| format!(" from {}:{}", f.specifier, f.imported))
                .unwrap_or_default();
            format!("{}:{:?}{from}", e.exported, e.target)
        })
        .collect();
    assert_eq!(
        got,
        [
            "go:Binding(BindingId(0)) from .impl:run",
            "helper:Function(FuncId(0))",
            "Thing:Binding(BindingId(1)) from .impl:Thing",
            "missing:None",
        ]
    );
    assert_eq!(m.text(m.exports[1].span), "\"helper\"");
}

#[test]
fn a_dunder_all_that_is_not_literal_falls_back_to_public_names() {
    let m = lower("__all__ = names()\ndef f(): pass\n");
    let got: Vec<&str> = m.exports.iter().map(|e| e.exported.as_str()).collect();
    assert_eq!(got, ["f"]);
}

#[test]
fn functions_params_and_annotations() {
    let m = lower(
        "async def f(a, b=1, /, c: int = 2, *args: str, d, e: Optional[str] = None, **kw: Any) -> dict[str, Any]:\n    pass\n",
    );
    let f = function(&m, "f");
    assert!(f.is_async && !f.is_generator);
    assert_eq!(f.kind, FunctionKind::Declaration);
    assert_eq!(f.name_source, NameSource::Declared);
    assert_eq!(m.text(f.name_span.unwrap_or_default()), "f");
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| {
            let ann = p
                .type_annotation
                .as_ref()
                .map(|t| format!(": {}", t.text))
                .unwrap_or_default();
            let def = p
                .default
                .map(|d| format!(" = {}", expr(&m, d)))
                .unwrap_or_default();
            format!(
                "{:?} {}{ann}{def} opt={}",
                p.kind,
                pattern(&m, p.pattern),
                p.optional
            )
        })
        .collect();
    assert_eq!(
        params,
        [
            "PositionalOnly a#1 opt=false",
            "PositionalOnly b#2 = 1=1 opt=true",
            "Normal c#3: int = 2=2 opt=true",
            "Rest args#4: str opt=false",
            "KeywordOnly d#5 opt=false",
            "KeywordOnly e#6: Optional[str] = None opt=true",
            "KeywordRest kw#7: Any opt=false",
        ]
    );
    let ret = f
        .return_type
        .as_ref()
        .map(|t| serde_json::to_string(&t.shape).unwrap_or_default());
    assert_eq!(
        ret.as_deref(),
        Some(
            r#"{"type":"named","name":"dict","args":[{"type":"keyword","name":"str"},{"type":"keyword","name":"Any"}]}"#
        )
    );
    let b = &m.bindings[2];
    assert_eq!(
        b.kind,
        BindingKind::Param {
            function: FuncId(0),
            index: 1
        }
    );
    assert_eq!(b.origin.init.map(|i| expr(&m, i)).as_deref(), Some("1=1"));
}

fn shape(annotation: &str) -> String {
    let m = lower(&format!(
        "x: {annotation} = 1\nclass C:\n    y: {annotation}\n"
    ));
    let c = &m.classes[0];
    match &c.members[0].kind {
        MemberKind::Property {
            type_annotation: Some(t),
            ..
        } => {
            assert_eq!(t.text, annotation);
            serde_json::to_string(&t.shape).unwrap_or_default()
        }
        other => panic!("not an annotated property: {other:?}"),
    }
}

#[test]
fn type_annotations_have_syntactic_shapes() {
    assert_eq!(shape("str"), r#"{"type":"keyword","name":"str"}"#);
    assert_eq!(
        shape("Optional[str]"),
        r#"{"type":"named","name":"Optional","args":[{"type":"keyword","name":"str"}]}"#
    );
    assert_eq!(
        shape("typing.Optional[User]"),
        r#"{"type":"named","name":"typing.Optional","args":[{"type":"named","name":"User","args":[]}]}"#
    );
    assert_eq!(
        shape("list[int]"),
        r#"{"type":"named","name":"list","args":[{"type":"keyword","name":"int"}]}"#
    );
    assert_eq!(
        shape("str | None"),
        r#"{"type":"union","variants":[{"type":"keyword","name":"str"},{"type":"keyword","name":"None"}]}"#
    );
    assert_eq!(
        shape("int | str | None"),
        r#"{"type":"union","variants":[{"type":"keyword","name":"int"},{"type":"keyword","name":"str"},{"type":"keyword","name":"None"}]}"#
    );
    assert_eq!(
        shape("Literal[\"a\"]"),
        r#"{"type":"literal","value":{"type":"string","value":"a"}}"#
    );
    assert_eq!(
        shape("Literal['a', 2, -1, True]"),
        r#"{"type":"union","variants":[{"type":"literal","value":{"type":"string","value":"a"}},{"type":"literal","value":{"type":"number","value":2.0,"raw":"2"}},{"type":"literal","value":{"type":"number","value":-1.0,"raw":"-1"}},{"type":"literal","value":{"type":"bool","value":true}}]}"#
    );
    assert_eq!(
        shape("dict[str, Any]"),
        r#"{"type":"named","name":"dict","args":[{"type":"keyword","name":"str"},{"type":"keyword","name":"Any"}]}"#
    );
    assert_eq!(
        shape("Union[int, None]"),
        r#"{"type":"union","variants":[{"type":"keyword","name":"int"},{"type":"keyword","name":"None"}]}"#
    );
    assert_eq!(shape("Callable[[int], str]"), r#"{"type":"function"}"#);
    assert_eq!(
        shape("\"User\""),
        r#"{"type":"named","name":"User","args":[]}"#
    );
    assert_eq!(shape("'not a name'"), r#"{"type":"unknown"}"#);
}

#[test]
fn methods_constructors_properties_and_static_methods() {
    let m = lower(
        "class Svc(Base, metaclass=ABCMeta):\n    def __init__(self, repo):\n        self.repo = repo\n\
         \x20   @property\n    def name(self): return self._name\n    @name.setter\n    def name(self, v): self._name = v\n\
         \x20   @staticmethod\n    def make(): return Svc(None)\n    @classmethod\n    def build(cls): return cls(None)\n\
         \x20   def plain(self): pass\n",
    );
    let kinds: Vec<String> = m
        .functions
        .iter()
        .map(|f| {
            format!(
                "{}:{:?}:static={}:class={:?}",
                f.name.as_deref().unwrap_or("?"),
                f.kind,
                f.is_static,
                f.class.map(|c| c.get())
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "__init__:Constructor:static=false:class=Some(0)",
            "name:Getter:static=false:class=Some(0)",
            "name:Setter:static=false:class=Some(0)",
            "make:Method:static=true:class=Some(0)",
            "build:Method:static=true:class=Some(0)",
            "plain:Method:static=false:class=Some(0)",
        ]
    );
    let c = &m.classes[0];
    assert_eq!(c.name.as_deref(), Some("Svc"));
    assert!(c.is_abstract);
    assert_eq!(
        c.extends.iter().map(|e| expr(&m, *e)).collect::<Vec<_>>(),
        ["Base#-"]
    );
    assert_eq!(args(&m, &c.keywords), "metaclass=ABCMeta#-");
    let members: Vec<String> = c
        .members
        .iter()
        .map(|mb| {
            format!(
                "{}:{}",
                mb.name.as_str().unwrap_or("?"),
                serde_json::to_value(&mb.kind)
                    .map(|v| v["type"].to_string())
                    .unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        members,
        [
            "__init__:\"constructor\"",
            "name:\"getter\"",
            "name:\"setter\"",
            "make:\"method\"",
            "build:\"method\"",
            "plain:\"method\""
        ]
    );
    assert_eq!(c.members[2].decorators[0].name, "name.setter");
    // `self` is an ordinary first parameter.
    assert_eq!(pattern(&m, m.functions[0].params[0].pattern), "self#2");
    // The class name resolves from inside a method (module scope), `Svc#0`.
    assert!(
        stmts(
            &m,
            match &m.functions[3].body {
                FunctionBody::Block(b) => b,
                _ => panic!(),
            }
        )
        .contains("Svc#0(None)")
    );
}

#[test]
fn decorators_keep_name_args_and_raw_text() {
    let m = lower(
        "@app.get(\"/users/{id}\", status_code=201, response_model=list[User])\n@router.post\n@login_required\n\
         async def get_user(id: int): ...\n",
    );
    let f = function(&m, "get_user");
    let got: Vec<String> = f
        .decorators
        .iter()
        .map(|d| {
            format!(
                "{} | {} | {} | {}",
                d.name,
                args(&m, &d.args),
                d.raw,
                m.text(d.span)
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            "app.get | \"/users/{id}\", status_code=201=201, response_model=list#-[User#-] | app.get(\"/users/{id}\", status_code=201, response_model=list[User]) | @app.get(\"/users/{id}\", status_code=201, response_model=list[User])",
            "router.post |  | router.post | @router.post",
            "login_required |  | login_required | @login_required",
        ]
    );
    assert_eq!(f.decorators[0].args[1].name.as_deref(), Some("status_code"));
    // The function's span is the `def`, without its decorators.
    assert!(m.text(f.span).starts_with("async def get_user"));
}

#[test]
fn class_attributes_and_dataclass_fields() {
    let m = lower(
        "@dataclass(frozen=True)\nclass User(BaseModel):\n    \"\"\"Doc.\"\"\"\n    table = 'users'\n    id: int\n    \
         name: str = Field(..., max_length=10)\n    tags: ClassVar[list] = []\n    a, b = 1, 2\n    handler = lambda self: self.id\n    \
         class Config:\n        orm_mode = True\n",
    );
    let c = &m.classes[0];
    assert_eq!(c.decorators[0].name, "dataclass");
    assert_eq!(args(&m, &c.decorators[0].args), "frozen=True");
    let members: Vec<String> = c
        .members
        .iter()
        .map(|mb| {
            let detail = match &mb.kind {
                MemberKind::Property {
                    value,
                    type_annotation,
                    function,
                } => format!(
                    "value={} type={} fn={:?}",
                    value.map(|v| expr(&m, v)).unwrap_or("-".into()),
                    type_annotation.as_ref().map_or("-", |t| t.text.as_str()),
                    function.map(|f| f.get())
                ),
                other => format!("{other:?}"),
            };
            format!(
                "{} static={} {detail}",
                mb.name.as_str().unwrap_or("?"),
                mb.is_static
            )
        })
        .collect();
    assert_eq!(
        members,
        [
            "table static=true value=\"users\" type=- fn=None",
            "id static=false value=- type=int fn=None",
            "name static=false value=Field#-(other<...>, max_length=10=10) type=str fn=None",
            "tags static=true value=[] type=ClassVar[list] fn=None",
            "a static=true value=- type=- fn=None",
            "b static=true value=- type=- fn=None",
            "handler static=true value=fn#0 type=- fn=Some(0)",
            "Config static=true Other",
        ]
    );
    let lambda = &m.functions[0];
    assert_eq!(
        (lambda.name.as_deref(), lambda.name_source, lambda.kind),
        (Some("handler"), NameSource::Property, FunctionKind::Lambda)
    );
    assert_eq!(m.classes[1].name.as_deref(), Some("Config"));
    assert_eq!(m.classes[1].members.len(), 1);
}

#[test]
fn statements_if_elif_else_loops_and_jumps() {
    let m = lower(
        "if a:\n    x = 1\nelif b:\n    x = 2\nelif c:\n    pass\nelse:\n    x = 3\n\
         for i, (j, k) in items:\n    if i: break\n    continue\nelse:\n    done()\n\
         while n > 0:\n    n -= 1\nelse:\n    pass\n\
         async def g():\n    async for q in src:\n        yield q\n    async with lock as l, other():\n        return\n",
    );
    assert_eq!(
        body_of(&m),
        "if a#-\n  (x#0 = 1=1)\nelse\n  if b#-\n    (x#0 = 2=2)\n  else\n    if c#-\n      other<pass>\n    else\n      (x#0 = 3=3)\n\
         for [i#1, [j#2, k#3]] in items#-\n  if i#1\n    break\n  continue\nelse\n  done#-()\n\
         while (n#4 Gt 0=0)\n  (n#4 op= 1=1)\nelse\n  other<pass>\n\
         def#0 g\n  for q#6 in src#-\n    yield(q#6)\n  async with lock#- as l#7, other#-()\n    return\n"
    );
    assert!(m.functions[0].is_generator && m.functions[0].is_async);
    // elif chains nest in `alternate`; the nested If spans from `elif` to the end.
    let StmtKind::If {
        alternate: Some(alt),
        ..
    } = &m.stmt(m.body[0]).kind
    else {
        panic!()
    };
    assert!(m.text(m.stmt(*alt).span).starts_with("elif b:"));
    assert!(m.text(m.stmt(*alt).span).ends_with("x = 3"));
    assert_eq!(bindings(&m)[1..4], ["i:loop@-", "j:loop@-", "k:loop@-"]);
    assert_eq!(
        m.bindings[3].origin.path[..],
        [PatternStep::Index(1), PatternStep::Index(1)]
    );
    assert!(m.bindings[0].reassigned);
}

#[test]
fn try_except_else_finally_and_raise() {
    let m = lower(
        "try:\n    run()\nexcept (KeyError, ValueError) as e:\n    raise AppError('bad') from e\nexcept* OSError as eg:\n    raise\n\
         except Exception:\n    log()\nexcept:\n    pass\nelse:\n    ok()\nfinally:\n    close()\n",
    );
    assert_eq!(
        body_of(&m),
        "try\n  run#-()\nexcept [KeyError#-, ValueError#-] as e#0\n  raise AppError#-(\"bad\") from e#0\nexcept [OSError#-] as eg#1\n  raise\n\
         except [Exception#-]\n  log#-()\nexcept []\n  other<pass>\nelse\n  ok#-()\nfinally\n  close#-()\n"
    );
    assert_eq!(bindings(&m), ["e:catch@-", "eg:catch@-"]);
}

#[test]
fn with_match_assert_and_other_statements() {
    let m = lower(
        "with open(p) as f, ctx() as (a, b):\n    pass\n\
         match command.split():\n    case [\"go\", direction] if direction:\n        go(direction)\n    case \"quit\" | \"exit\":\n        pass\n    \
         case Color.RED:\n        pass\n    case 404:\n        pass\n    case -1:\n        pass\n    case None:\n        pass\n    \
         case Point(x=0, y=yy) as pt:\n        use(yy, pt)\n    case {\"k\": v, **rest}:\n        use(v, rest)\n    case [first, *others]:\n        use(first, others)\n    \
         case name:\n        use(name)\n    case _:\n        pass\n\
         assert x, 'msg'\nassert y\ndel f\nglobal g\npass\n",
    );
    assert_eq!(
        body_of(&m),
        "with open#-(p#-) as f#0, ctx#-() as [a#1, b#2]\n  other<pass>\n\
         match command#-.split()\n  case <[\"go\", direction]> if direction#3\n    go#-(direction#3)\n  case <\"quit\" | \"exit\">\n    other<pass>\n  \
         case Color#-.RED\n    other<pass>\n  case 404=404\n    other<pass>\n  case Minus(1=1)\n    other<pass>\n  case None\n    other<pass>\n  \
         case <Point(x=0, y=yy) as pt>\n    use#-(yy#4, pt#5)\n  case <{\"k\": v, **rest}>\n    use#-(v#6, rest#7)\n  case <[first, *others]>\n    use#-(first#8, others#9)\n  \
         case <name>\n    use#-(name#10)\n  case <_>\n    other<pass>\n\
         assert x#-, \"msg\"\nassert y#-\nother<del f>\nother<global g>\nother<pass>\n"
    );
    assert_eq!(m.bindings[0].kind, BindingKind::WithTarget);
    assert_eq!(
        m.bindings[0].origin.init.map(|i| expr(&m, i)).as_deref(),
        Some("open#-(p#-)")
    );
    assert_eq!(m.bindings[2].origin.path[..], [PatternStep::Index(1)]);
}

#[test]
fn assignments_every_form() {
    let m = lower(
        "x = y\na, b = t\nfirst, *rest, last = seq\nn: int = 1\nobj.attr = c\nd[k] = v\nm = q = r\nm += 1\n(p) = 2\n",
    );
    assert_eq!(
        body_of(&m),
        "(x#0 = y#-)\n([a#1, b#2] = t#-)\n([first#3, last#5, *rest#4] = seq#-)\n(n#6 = 1=1)\n(obj#-.attr = c#-)\n\
         (d#-[k#-] = v#-)\n(m#7 = (q#8 = r#-))\n(m#7 op= 1=1)\n(p#9 = 2=2)\n"
    );
}

#[test]
fn assignment_bindings_record_origin_paths_and_reassignment() {
    let m = lower("a, (b, c) = f()\nfirst, *rest, last = seq\nm = q = r\nm += 1\nn: int\nn = 2\n");
    let got: Vec<String> = m
        .bindings
        .iter()
        .map(|b| {
            format!(
                "{} init={} path={:?} re={}",
                b.name,
                b.origin.init.map(|i| expr(&m, i)).unwrap_or("-".into()),
                b.origin.path,
                b.reassigned
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            "a init=f#-() path=[Index(0)] re=false",
            "b init=f#-() path=[Index(1), Index(0)] re=false",
            "c init=f#-() path=[Index(1), Index(1)] re=false",
            "first init=seq#- path=[Index(0)] re=false",
            "rest init=seq#- path=[Rest] re=false",
            "last init=seq#- path=[Computed] re=false",
            "m init=r#- path=[] re=true",
            "q init=r#- path=[] re=false",
            // A bare annotation declares without assigning: `n = 2` is the first assignment.
            "n init=2=2 path=[] re=false",
        ]
    );
    assert_eq!(m.text(m.bindings[8].span), "n");
    assert_eq!(m.bindings[8].span.start, 65);
}

#[test]
fn expressions_names_members_calls() {
    assert_eq!(value_of("x = a.b.c"), "a#-.b.c");
    assert_eq!(value_of("x = d['k'][0]"), "d#-[\"k\"][0=0]");
    assert_eq!(value_of("x = m[1, 2]"), "m#-[(1=1, 2=2)]");
    assert_eq!(value_of("x = s[1:2]"), "s#-[other<1:2>]");
    assert_eq!(
        value_of("x = f(a, *rest, key=1, **opts)"),
        "f#-(a#-, *rest#-, key=1=1, **opts#-)"
    );
    assert_eq!(
        value_of("x = sum(i for i in xs)"),
        "sum#-(comp(i#1 in [xs#-] if []))"
    );
    assert_eq!(
        value_of("x = app.route('/x').get(1)"),
        "app#-.route(\"/x\").get(1=1)"
    );
    assert_eq!(value_of("x = ((a))"), "a#-");
    assert_eq!(value_of("x = ..."), "other<...>");
}

#[test]
fn expressions_literals() {
    assert_eq!(value_of("x = 'a\\n\\x41'"), "\"a\\nA\"");
    assert_eq!(value_of("x = r'a\\n'"), "\"a\\\\n\"");
    assert_eq!(value_of("x = b'\\x00ab'"), "\"\\0ab\"");
    assert_eq!(value_of("x = 'a' \"b\" '''c'''"), "\"abc\"");
    assert_eq!(value_of("x = '''l1\r\nl2'''"), "\"l1\\nl2\"");
    assert_eq!(value_of("x = 1_000"), "1_000=1000");
    assert_eq!(value_of("x = 0x1F"), "0x1F=31");
    assert_eq!(value_of("x = 1e3"), "1e3=1000");
    assert_eq!(value_of("x = 1j"), "1j=1");
    assert_eq!(value_of("x = 3.25"), "3.25=3.25");
    assert_eq!(value_of("x = True"), "True");
    assert_eq!(value_of("x = False"), "False");
    assert_eq!(value_of("x = None"), "None");
    assert_eq!(value_of("x = [1, *a]"), "[1=1, *a#-]");
    assert_eq!(value_of("x = (1,)"), "(1=1)");
    assert_eq!(value_of("x = ()"), "()");
    assert_eq!(value_of("x = 1, 2"), "(1=1, 2=2)");
    assert_eq!(value_of("x = {1, *s}"), "set{1=1, *s#-}");
    assert_eq!(
        value_of("x = {'a': 1, 2: b, k: 3, f'{k}': 4, **rest}"),
        "{\"a\": 1=1, 2: b#-, [k#-]: 3=3, [f[\"\" {k#-} \"\"]]: 4=4, **rest#-}"
    );
}

#[test]
fn f_strings_are_templates_with_holes() {
    assert_eq!(value_of("x = f'a{b}c'"), "f[\"a\" {b#-} \"c\"]");
    // Format specs and conversions are dropped; the hole's expression is kept.
    assert_eq!(
        value_of("x = f'{v!r:>{width}} {{lit}}'"),
        "f[\"\" {v#-} \" {lit}\"]"
    );
    // Nested f-strings, and `{x=}` puts the expression text in the quasi.
    assert_eq!(
        value_of("x = f\"out {f'in {y}'} {z=}\""),
        "f[\"out \" {f[\"in \" {y#-} \"\"]} \" z=\" {z#-} \"\"]"
    );
    // Implicit concatenation with a plain string merges into the template.
    assert_eq!(
        value_of("x = f'{a}' 'b' rf'\\d{c}'"),
        "f[\"\" {a#-} \"b\\\\d\" {c#-} \"\"]"
    );
    // An f-string without holes is a plain string.
    assert_eq!(value_of("x = f'plain {{}}'"), "\"plain {}\"");
    assert_eq!(value_of("x = f'{a, b}'"), "f[\"\" {(a#-, b#-)} \"\"]");
}

#[test]
fn expressions_operators() {
    assert_eq!(value_of("x = not a"), "Not(a#-)");
    assert_eq!(
        value_of("x = -a + +b - ~c"),
        "((Minus(a#-) Add Plus(b#-)) Sub BitNot(c#-))"
    );
    assert_eq!(
        value_of("x = a // b % c ** d @ e"),
        "(((a#- FloorDiv b#-) Rem (c#- Exp d#-)) MatMul e#-)"
    );
    assert_eq!(
        value_of("x = a & b | c ^ d << 1 >> 2"),
        "((a#- BitAnd b#-) BitOr (c#- BitXor ((d#- ShiftLeft 1=1) ShiftRight 2=2)))"
    );
    assert_eq!(value_of("x = a in b"), "(a#- In b#-)");
    assert_eq!(value_of("x = a not in b"), "(a#- NotIn b#-)");
    assert_eq!(value_of("x = a is b"), "(a#- Is b#-)");
    assert_eq!(value_of("x = a is not None"), "(a#- IsNot None)");
    assert_eq!(
        value_of("x = a == b != c"),
        "((a#- Eq b#-) And (b#- NotEq c#-))"
    );
    assert_eq!(value_of("x = a and b or c"), "((a#- And b#-) Or c#-)");
    assert_eq!(value_of("x = a if c else b"), "(c#- ? a#- : b#-)");
}

#[test]
fn chained_comparisons_share_the_middle_operand() {
    let m = lower("x = a < b <= c\n");
    let StmtKind::Expr { expr: assign } = m.stmt(m.body[0]).kind else {
        panic!()
    };
    let ExprKind::Assign { value, .. } = m.expr(assign).kind else {
        panic!()
    };
    assert_eq!(expr(&m, value), "((a#- Lt b#-) And (b#- LtEq c#-))");
    let ExprKind::Logical {
        op: LogicalOp::And,
        left,
        right,
    } = m.expr(value).kind
    else {
        panic!()
    };
    let (ExprKind::Binary { right: b1, .. }, ExprKind::Binary { left: b2, .. }) =
        (&m.expr(left).kind, &m.expr(right).kind)
    else {
        panic!()
    };
    assert_eq!(b1, b2);
    assert_eq!(m.text(m.expr(left).span), "a < b");
    assert_eq!(m.text(m.expr(right).span), "b <= c");
    assert_eq!(m.text(m.expr(value).span), "a < b <= c");
}

#[test]
fn expressions_functions_await_yield_walrus() {
    let m = lower(
        "async def f(xs):\n    r = await g()\n    y = yield r\n    yield from xs\n    if (n := len(xs)) > 1:\n        return n\n    h = lambda a, b=1: a + b\n    return h\n",
    );
    assert_eq!(
        body_of(&m),
        "def#0 f\n  (r#2 = await(g#-()))\n  (y#3 = yield(r#2))\n  yield from(xs#1)\n  if ((n#4 = len#-(xs#1)) Gt 1=1)\n    return n#4\n  (h#7 = fn#1)\n  return h#7\n"
    );
    let f = &m.functions[0];
    assert!(f.is_async && f.is_generator);
    let lambda = &m.functions[1];
    assert_eq!(
        (lambda.kind, lambda.name.as_deref(), lambda.name_source),
        (FunctionKind::Lambda, Some("h"), NameSource::Variable)
    );
    assert_eq!(lambda.parent, Some(FuncId(0)));
    let FunctionBody::Expr(body) = lambda.body else {
        panic!()
    };
    assert_eq!(expr(&m, body), "(a#5 Add b#6)");
    assert_eq!(
        lambda.params[1].default.map(|d| expr(&m, d)).as_deref(),
        Some("1=1")
    );
    assert_eq!(bindings(&m)[4], "n:assigned@f");
}

#[test]
fn comprehensions_of_every_kind() {
    assert_eq!(
        value_of("x = [i * 2 for i in xs if i if i > 1]"),
        "comp((i#1 Mul 2=2) in [xs#-] if [i#1, (i#1 Gt 1=1)])"
    );
    assert_eq!(value_of("x = {i for i in xs}"), "comp(i#1 in [xs#-] if [])");
    assert_eq!(
        value_of("x = {k: v for k, v in d.items()}"),
        "comp(k#1: v#2 in [d#-.items()] if [])"
    );
    assert_eq!(
        value_of("x = (a for row in rows for a in row)"),
        "comp(a#2 in [rows#-, row#1] if [])"
    );
}

#[test]
fn scope_function_locals_global_and_nonlocal() {
    let m = lower(
        "count = 0\ndef bump():\n    global count\n    count += 1\n    return count\n\
         def outer():\n    total = 0\n    def add(n):\n        nonlocal total\n        total += n\n        return total\n    return add\n\
         def shadow():\n    print(count)\n    count = 5\n",
    );
    assert_eq!(
        bindings(&m),
        [
            "count:assigned@-!",
            "bump:function@-",
            "outer:function@-",
            "shadow:function@-",
            "total:assigned@outer!",
            "add:function@outer",
            "n:param0@add",
            "count:assigned@shadow",
        ]
    );
    assert_eq!(
        body_of(&m),
        "(count#0 = 0=0)\ndef#0 bump\n  other<global count>\n  (count#0 op= 1=1)\n  return count#0\n\
         def#1 outer\n  (total#4 = 0=0)\n  def#2 add\n    other<nonlocal total>\n    (total#4 op= n#6)\n    return total#4\n  return add#5\n\
         def#3 shadow\n  print#-(count#7)\n  (count#7 = 5=5)\n"
    );
}

#[test]
fn scope_class_bodies_are_not_visible_to_methods() {
    let m = lower(
        "size = 1\nclass C:\n    size = 2\n    double = size * 2\n    def m(self):\n        return size\n    items = [size for _ in range(3)]\n",
    );
    let method = function(&m, "m");
    let FunctionBody::Block(body) = &method.body else {
        panic!()
    };
    // `size` inside the method is the module's (binding 0), not the class attribute.
    assert_eq!(stmts(&m, body), "return size#0\n");
    // The class attribute `double` reads the class's own `size`.
    let class_size = m
        .bindings
        .iter()
        .position(|b| b.name == "size" && b.span.start > 10)
        .map(BindingId::from_index);
    assert!(class_size.is_some());
    let member = |name: &str| {
        let mb = m.classes[0]
            .members
            .iter()
            .find(|mb| mb.name.as_str() == Some(name));
        match mb.map(|d| &d.kind) {
            Some(MemberKind::Property { value: Some(v), .. }) => *v,
            other => panic!("no property {name}: {other:?}"),
        }
    };
    let ExprKind::Binary { left, .. } = m.expr(member("double")).kind else {
        panic!()
    };
    assert_eq!(m.resolved_binding(left), class_size);
    // The comprehension element skips the class scope: the module's `size`.
    assert!(expr(&m, member("items")).starts_with("comp(size#0 in [range#-(3=3)]"));
    // Module-level lookups find the module binding first.
    assert_eq!(m.module_binding("size"), Some(BindingId(0)));
}

#[test]
fn scope_comprehension_variables_do_not_leak() {
    let m = lower(
        "x = 1\nys = [x for x in range(3)]\nprint(x)\nzs = [w for w in range(x) if (last := w)]\nprint(last)\n",
    );
    assert_eq!(
        body_of(&m),
        "(x#0 = 1=1)\n(ys#1 = comp(x#4 in [range#-(3=3)] if []))\nprint#-(x#0)\n\
         (zs#3 = comp(w#5 in [range#-(x#0)] if [(last#2 = w#5)]))\nprint#-(last#2)\n"
    );
    // The walrus binds in the module, and before `zs` (the value is evaluated first).
    assert_eq!(
        bindings(&m)[2..],
        ["last:assigned@-", "zs:assigned@-", "x:loop@-", "w:loop@-"]
    );
}

#[test]
fn scope_lambdas_except_with_and_imports() {
    let m = lower(
        "import os\nf = lambda os: os.path\ndef g():\n    try:\n        pass\n    except E as err:\n        return err\n    with open(os.sep) as fh:\n        return fh\n",
    );
    assert_eq!(
        body_of(&m),
        "import#0\n(f#1 = fn#0)\ndef#1 g\n  try\n    other<pass>\n  except [E#-] as err#4\n    return err#4\n  with open#-(os#0.sep) as fh#5\n    return fh#5\n"
    );
    let FunctionBody::Expr(body) = m.functions[0].body else {
        panic!()
    };
    assert_eq!(expr(&m, body), "os#3.path");
    assert_eq!(bindings(&m)[3], "os:param0@f");
    assert_eq!(m.imports[0].names[0].binding, Some(BindingId(0)));
}

#[test]
fn class_body_keeps_every_statement_in_order() {
    let m = lower(
        "class Repo(Base):\n    \"\"\"Doc.\"\"\"\n    if TYPE_CHECKING:\n        from x import Y\n    \
         table = 'repos'\n    def get(self): pass\n    class Meta:\n        pass\n    print('side')\n",
    );
    let render = |c: &Class| -> Vec<String> {
        c.body
            .iter()
            .map(|s| {
                let st = m.stmt(*s);
                let kind = match &st.kind {
                    StmtKind::Expr { .. } => "expr",
                    StmtKind::If { .. } => "if",
                    StmtKind::FunctionDecl { .. } => "def",
                    StmtKind::ClassDecl { .. } => "class",
                    _ => "other",
                };
                format!("{kind}: {}", m.text_collapsed(st.span))
            })
            .collect()
    };
    let repo = &m.classes[0];
    assert_eq!(
        render(repo),
        [
            "expr: \"\"\"Doc.\"\"\"",
            "if: if TYPE_CHECKING: from x import Y",
            "expr: table = 'repos'",
            "def: def get(self): pass",
            "class: class Meta: pass",
            "expr: print('side')",
        ]
    );
    // Members are unchanged: the body adds the statements, it does not replace them.
    let members: Vec<String> = repo
        .members
        .iter()
        .map(|mb| format!("{:?}", mb.name))
        .collect();
    assert_eq!(
        members,
        ["Ident(\"table\")", "Ident(\"get\")", "Ident(\"Meta\")"]
    );
    assert_eq!(m.classes[1].name.as_deref(), Some("Meta"));
    assert_eq!(render(&m.classes[1]), ["other: pass"]);
}

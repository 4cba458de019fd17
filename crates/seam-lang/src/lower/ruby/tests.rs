use super::*;

fn lower_ok(src: &str) -> Model {
    let m = lower("app/a.rb", src).expect("lowers");
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
    m
}

fn function<'m>(m: &'m Model, name: &str) -> &'m Function {
    m.functions
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .expect("function")
}

fn block(f: &Function) -> &[StmtId] {
    match &f.body {
        FunctionBody::Block(b) => b,
        _ => &[],
    }
}

/// The value of the return statement at the end of a body.
fn last_return(m: &Model, body: &[StmtId]) -> ExprId {
    match &m.stmt(*body.last().expect("a statement")).kind {
        StmtKind::Return { value: Some(v) } => *v,
        other => panic!("not a return: {other:?}"),
    }
}

const CONTROLLER: &str = "module Api
  class PostsController < Api::BaseController
    before_action :set_post, only: [:show]

    def show
      render json: @post, status: :not_found
    end

    def self.build(x = 1, *rest, key: 2, **opts, &blk)
      new
    end

    private

    def set_post
      @post = Post.find(params[:id])
    end
  end
end
";

#[test]
fn classes_methods_and_class_body_calls() {
    let m = lower_ok(CONTROLLER);
    assert_eq!(m.classes.len(), 1);
    let c = &m.classes[0];
    assert_eq!(c.name.as_deref(), Some("PostsController"));
    assert_eq!(m.expr_text(c.extends[0]), "Api::BaseController");
    assert_eq!(
        m.member_chain(c.extends[0]),
        Some(vec!["Api", "BaseController"])
    );
    let names: Vec<_> = c.members.iter().filter_map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["show", "build", "set_post"]);
    assert!(c.members[1].is_static);
    assert_eq!(c.decorators.len(), 1);
    assert_eq!(c.decorators[0].name, "before_action");
    assert_eq!(c.decorators[0].args.len(), 2);
    let build = function(&m, "build");
    let kinds: Vec<_> = build.params.iter().map(|p| p.kind).collect();
    assert_eq!(
        kinds,
        [
            ParamKind::Normal,
            ParamKind::Rest,
            ParamKind::KeywordOnly,
            ParamKind::KeywordRest,
            ParamKind::Normal
        ]
    );
    assert_eq!(m.exports.len(), 1);
}

#[test]
fn keyword_arguments_are_one_object_and_symbols_strings() {
    let m = lower_ok(CONTROLLER);
    let show = function(&m, "show");
    let v = last_return(&m, block(show));
    let ExprKind::Call { callee, args, .. } = &m.expr(v).kind else {
        panic!("a call");
    };
    assert_eq!(m.expr_text(*callee), "render");
    assert_eq!(args.len(), 1);
    let ExprKind::Object { props } = &m.expr(args[0].value).kind else {
        panic!("an object");
    };
    let ObjectProp::KeyValue { key, value, .. } = &props[0] else {
        panic!()
    };
    assert_eq!(key.as_str(), Some("json"));
    // `@post` is `this.post`.
    assert_eq!(m.member_chain(*value), Some(vec!["this", "post"]));
    let ObjectProp::KeyValue { key, value, .. } = &props[1] else {
        panic!()
    };
    assert_eq!(key.as_str(), Some("status"));
    assert!(matches!(
        &m.expr(*value).kind,
        ExprKind::Literal { value: LiteralValue::String { value } } if value.as_str() == "not_found"
    ));
}

#[test]
fn own_methods_are_calls_on_this_and_locals_bind() {
    let m = lower_ok(
        "class A\n  def a\n    x = 1\n    x += b\n    helper(x)\n  end\n  def b; 2; end\n  def helper(y) = y\nend\n",
    );
    let a = function(&m, "a");
    let body = block(a);
    let v = last_return(&m, body);
    let ExprKind::Call { callee, args, .. } = &m.expr(v).kind else {
        panic!()
    };
    assert_eq!(m.member_chain(*callee), Some(vec!["this", "helper"]));
    assert!(m.resolved_binding(args[0].value).is_some());
    let x = m.bindings.iter().find(|b| b.name == "x").expect("x");
    assert!(x.reassigned);
    assert_eq!(block(function(&m, "helper")).len(), 1);
}

#[test]
fn tails_return_through_branches_and_modifiers_are_ifs() {
    let m = lower_ok(
        "def f(a)\n  return 1 if a\n  head :no_content unless a\n  case a\n  when 1, 2 then :x\n  else :y\n  end\nend\ndef g(a)\n  if a then 1 elsif a > 2 then 2 else 3 end\nend\n",
    );
    let f = function(&m, "f");
    let body = block(f);
    assert_eq!(body.len(), 3);
    let StmtKind::If { test, .. } = &m.stmt(body[1]).kind else {
        panic!()
    };
    assert!(matches!(
        m.expr(*test).kind,
        ExprKind::Unary {
            op: UnaryOp::Not,
            ..
        }
    ));
    let StmtKind::Switch { cases, .. } = &m.stmt(body[2]).kind else {
        panic!()
    };
    assert_eq!(cases.len(), 3);
    assert!(cases[0].falls_through);
    assert!(matches!(
        m.stmt(cases[1].body[0]).kind,
        StmtKind::Return { .. }
    ));
    let g = function(&m, "g");
    let StmtKind::If { alternate, .. } = &m.stmt(block(g)[0]).kind else {
        panic!()
    };
    assert!(matches!(
        m.stmt(alternate.expect("elsif")).kind,
        StmtKind::If { .. }
    ));
}

#[test]
fn blocks_are_closures_and_strings_templates() {
    let m = lower_ok(
        "def f(items)\n  respond_to do |format|\n    format.json { render json: items.map { |i| \"#{i.id}/x\" } }\n  end\nend\n",
    );
    let closures = m
        .functions
        .iter()
        .filter(|f| f.kind == FunctionKind::Arrow)
        .count();
    assert_eq!(closures, 3);
    let t = m
        .exprs
        .iter()
        .find_map(|e| match &e.kind {
            ExprKind::Template(t) => Some(t),
            _ => None,
        })
        .expect("a template");
    assert_eq!(t.quasis, ["", "/x"]);
    let inner = m.functions.last().expect("a closure");
    assert_eq!(inner.params.len(), 1);
}

#[test]
fn begin_rescue_and_raise() {
    let m = lower_ok(
        "def f\n  begin\n    g\n  rescue ActiveRecord::RecordNotFound => e\n    raise NotFound, 'missing'\n  ensure\n    done\n  end\nend\n",
    );
    let f = function(&m, "f");
    let StmtKind::Try(t) = &m.stmt(block(f)[0]).kind else {
        panic!("a try")
    };
    assert_eq!(t.handlers.len(), 1);
    assert_eq!(
        m.member_chain(t.handlers[0].types[0]),
        Some(vec!["ActiveRecord", "RecordNotFound"])
    );
    assert!(t.handlers[0].param.is_some());
    let StmtKind::Throw { value: Some(v), .. } = &m.stmt(t.handlers[0].body[0]).kind else {
        panic!("a throw")
    };
    assert!(matches!(
        m.expr(*v).kind,
        ExprKind::Call { is_new: true, .. }
    ));
    assert!(t.finalizer.is_some());
}

#[test]
fn hashes_arrays_and_literals() {
    let m = lower_ok("x = { 'a' => 1, :b => nil, c: [1, 2.5], **d }\ny = %w[a b]\nz = %i[c]\n");
    let obj = m
        .exprs
        .iter()
        .find_map(|e| match &e.kind {
            ExprKind::Object { props } => Some(props),
            _ => None,
        })
        .expect("object");
    let keys: Vec<_> = obj
        .iter()
        .filter_map(|p| match p {
            ObjectProp::KeyValue { key, .. } => key.as_str(),
            _ => None,
        })
        .collect();
    assert_eq!(keys, ["a", "b", "c"]);
    assert!(matches!(obj[3], ObjectProp::Spread { .. }));
    let arrays = m
        .exprs
        .iter()
        .filter(|e| matches!(e.kind, ExprKind::Array { .. }))
        .count();
    assert_eq!(arrays, 3);
}

#[test]
fn broken_input_is_recorded_not_fatal() {
    for src in [
        "def (",
        "class A\n  def x(\nend",
        "x = [1,,2]",
        "\"#{",
        "if x then",
    ] {
        let m = lower("b.rb", src).expect("a model");
        assert!(!m.diagnostics.is_empty(), "{src}");
    }
}

#[test]
fn deep_nesting_is_capped() {
    let deep = format!("x = {}1{}\n", "[".repeat(3000), "]".repeat(3000));
    let m = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || crate::lower::lower_file("deep.rb", Language::Ruby, &deep).expect("a model"))
        .expect("thread")
        .join()
        .expect("no overflow");
    assert!(m.diagnostics.iter().any(|d| d.message.contains("nested")));
}

#[test]
fn language_by_extension() {
    assert_eq!(
        Language::from_path("app/models/post.rb"),
        Some(Language::Ruby)
    );
    assert_eq!(
        Language::from_path("lib/tasks/x.rake"),
        Some(Language::Ruby)
    );
    assert_eq!(Language::Ruby.short_id(), "rb");
}

#[test]
fn private_and_protected_methods() {
    let m = lower_ok(
        "class A\n  def a; end\n  private def b; end\n  def c; end\n  private :c\n  protected\n  def d; end\n  public\n  def e; end\n  private\n  def f; end\nend\n",
    );
    let vis: Vec<_> = m.classes[0]
        .members
        .iter()
        .map(|x| (x.name.as_str().unwrap_or(""), x.visibility))
        .collect();
    assert_eq!(
        vis,
        [
            ("a", None),
            ("b", Some(Visibility::Private)),
            ("c", Some(Visibility::Private)),
            ("d", Some(Visibility::Protected)),
            ("e", None),
            ("f", Some(Visibility::Private)),
        ]
    );
}

//! `def`, `async def`, `lambda`, classes, parameters, decorators and type annotations.
use super::Lowerer;
use super::cst::{self, field, named, span};
use super::scopes::{Decl, DeclSite, ScopeKind};
use crate::model::*;
use tree_sitter::Node;

/// Names that read as keywords in an annotation.
const TYPE_KEYWORDS: &[&str] = &[
    "str", "int", "float", "complex", "bool", "bytes", "object", "None", "Any", "NoReturn", "Never",
];

/// What a `def` needs after its body is lowered.
struct FunctionHead {
    function: FuncId,
    scope: usize,
    /// The class member it becomes, added once the body is lowered (source order).
    member: Option<(ClassId, ClassMember)>,
}

impl<'s> Lowerer<'s> {
    /// Lowers the decorators of a `decorated_definition`, in the enclosing scope.
    pub(super) fn decorators(&mut self, node: Node<'_>) -> Vec<Decorator> {
        cst::named_of_kind(node, "decorator")
            .into_iter()
            .map(|d| self.decorator(d))
            .collect()
    }

    fn decorator(&mut self, node: Node<'_>) -> Decorator {
        let inner = named(node).first().copied();
        let expr = match inner {
            Some(e) => self.expr(e),
            None => self.other(node),
        };
        let raw = inner.map_or("", |e| self.text(e)).trim().to_string();
        let (callee, args) = match &self.m.expr(expr).kind {
            ExprKind::Call { callee, args, .. } => (*callee, args.clone()),
            _ => (expr, Vec::new()),
        };
        let name = match self.m.member_chain(callee) {
            Some(parts) => parts.join("."),
            None => self.m.text_collapsed(self.m.expr(callee).span),
        };
        Decorator {
            name,
            expr,
            args,
            raw,
            span: span(node),
        }
    }

    /// `def` / `async def`, with the decorators already lowered. The head and tail are
    /// separate functions so the frame that stays on the stack while the body is lowered
    /// is small (nested `def`s recurse through it).
    pub(super) fn function_def(&mut self, node: Node<'_>, decorators: Vec<Decorator>) -> FuncId {
        let head = self.function_head(node, decorators);
        let body = match field(node, self.f.body) {
            Some(b) => self.within(head.scope, Some(head.function), None, |lw| lw.block(b)),
            None => Vec::new(),
        };
        self.function_tail(head, body)
    }

    fn function_head(&mut self, node: Node<'_>, decorators: Vec<Decorator>) -> FunctionHead {
        let name_node = field(node, self.f.name);
        let name = name_node.map(|n| self.text(n).to_string());
        let class = self.class_body();
        let has = |d: &[Decorator], names: &[&str]| {
            d.iter().any(|x| {
                names
                    .iter()
                    .any(|n| x.name == *n || x.name.ends_with(&format!(".{n}")))
            })
        };
        let kind = match (class, name.as_deref()) {
            (None, _) => FunctionKind::Declaration,
            (Some(_), Some("__init__")) => FunctionKind::Constructor,
            _ if has(&decorators, &["property", "cached_property"]) => FunctionKind::Getter,
            _ if decorators.iter().any(|d| d.name.ends_with(".setter")) => FunctionKind::Setter,
            _ => FunctionKind::Method,
        };
        let is_static = class.is_some() && has(&decorators, &["staticmethod", "classmethod"]);
        let type_params = self.type_params(node);
        let function = self.m.push_function(Function {
            name: name.clone(),
            name_source: if name.is_some() {
                NameSource::Declared
            } else {
                NameSource::Anonymous
            },
            kind,
            params: Vec::new(),
            is_async: cst::has_token(node, "async"),
            is_generator: false,
            decorators: decorators.clone(),
            body: FunctionBody::None,
            return_type: None,
            type_params,
            class,
            parent: self.func,
            is_static,
            visibility: None,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: name_node.map(span),
        });
        if let (Some(n), Some(name)) = (name_node, &name) {
            self.scopes.declare(Decl {
                scope: self.scope,
                name: name.clone(),
                kind: BindingKind::Function { function },
                span: span(n),
                origin: BindingOrigin::none(),
                assigns: true,
                site: DeclSite::None,
            });
        }
        let fn_scope = self
            .scopes
            .push(ScopeKind::Function, self.scope, Some(function));
        // Defaults and annotations are evaluated where the `def` is; the names bind inside.
        let params = match field(node, self.f.parameters) {
            Some(p) => self.params(p, function, fn_scope),
            None => Vec::new(),
        };
        let return_type = field(node, self.f.return_type).map(|t| self.annotation(t));
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.return_type = return_type;
        }
        let member = match (class, name) {
            (Some(class), Some(name)) => {
                let member_kind = match kind {
                    FunctionKind::Constructor => MemberKind::Constructor { function },
                    FunctionKind::Getter => MemberKind::Getter { function },
                    FunctionKind::Setter => MemberKind::Setter { function },
                    _ => MemberKind::Method { function },
                };
                Some((
                    class,
                    ClassMember {
                        name: MemberName::Ident(name),
                        kind: member_kind,
                        is_static,
                        visibility: None,
                        decorators,
                        readonly: false,
                        optional: false,
                        span: span(node),
                    },
                ))
            }
            _ => None,
        };
        FunctionHead {
            function,
            scope: fn_scope,
            member,
        }
    }

    fn function_tail(&mut self, head: FunctionHead, body: Vec<StmtId>) -> FuncId {
        if let Some(f) = self.m.functions.get_mut(head.function.index()) {
            f.body = FunctionBody::Block(body);
        }
        if let Some((class, member)) = head.member {
            self.push_member(class, member);
        }
        head.function
    }

    pub(super) fn push_member(&mut self, class: ClassId, member: ClassMember) {
        if let Some(c) = self.m.classes.get_mut(class.index()) {
            c.members.push(member);
        }
    }

    /// `lambda params: body`.
    pub(super) fn lambda(&mut self, node: Node<'_>) -> ExprId {
        let function = self.m.push_function(Function {
            name: None,
            name_source: NameSource::Anonymous,
            kind: FunctionKind::Lambda,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: Vec::new(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class: self.class_body(),
            parent: self.func,
            is_static: false,
            visibility: None,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: None,
        });
        let fn_scope = self
            .scopes
            .push(ScopeKind::Function, self.scope, Some(function));
        let params = match field(node, self.f.parameters) {
            Some(p) => self.params(p, function, fn_scope),
            None => Vec::new(),
        };
        let body = match field(node, self.f.body) {
            Some(b) => self.within(fn_scope, Some(function), None, |lw| lw.expr(b)),
            None => self.other(node),
        };
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.body = FunctionBody::Expr(body);
        }
        self.m
            .push_expr(ExprKind::Function { function }, span(node))
    }

    /// Parameters: `/` makes the ones before it positional-only, `*` or `*args` the ones
    /// after it keyword-only.
    fn params(&mut self, list: Node<'_>, function: FuncId, fn_scope: usize) -> Vec<Param> {
        let mut out: Vec<Param> = Vec::new();
        let mut after_star = false;
        for p in named(list) {
            let (name_node, type_node, default_node, mut kind) = match cst::kind_of(p) {
                "positional_separator" => {
                    for q in out.iter_mut().filter(|q| q.kind == ParamKind::Normal) {
                        q.kind = ParamKind::PositionalOnly;
                    }
                    continue;
                }
                "keyword_separator" => {
                    after_star = true;
                    continue;
                }
                "default_parameter" | "typed_default_parameter" => (
                    field(p, self.f.name),
                    field(p, self.f.type_),
                    field(p, self.f.value),
                    ParamKind::Normal,
                ),
                "typed_parameter" => {
                    let inner = named(p).into_iter().find(|c| cst::kind_of(*c) != "type");
                    (inner, field(p, self.f.type_), None, ParamKind::Normal)
                }
                _ => (Some(p), None, None, ParamKind::Normal),
            };
            // `*args` / `**kwargs` may sit inside a typed parameter.
            let mut name_node = name_node;
            if let Some(n) = name_node {
                match cst::kind_of(n) {
                    "list_splat_pattern" => {
                        kind = ParamKind::Rest;
                        name_node = named(n).first().copied();
                    }
                    "dictionary_splat_pattern" => {
                        kind = ParamKind::KeywordRest;
                        name_node = named(n).first().copied();
                    }
                    _ => {}
                }
            }
            if kind == ParamKind::Normal && after_star {
                kind = ParamKind::KeywordOnly;
            }
            if kind == ParamKind::Rest {
                after_star = true;
            }
            let default = default_node.map(|d| self.expr(d));
            let type_annotation = type_node.map(|t| self.annotation(t));
            let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
            let bind = super::patterns::Bind {
                kind: BindingKind::Param { function, index },
                init: default,
                scope: fn_scope,
            };
            let pattern = match name_node {
                Some(n) if cst::kind_of(n) == "identifier" => self.bind_name(n, &bind, Vec::new()),
                Some(n) => {
                    // Python 2 tuple parameters.
                    self.within(fn_scope, Some(function), None, |lw| {
                        lw.target(n, &bind, &mut Vec::new())
                    })
                }
                None => {
                    let expr = self.other(p);
                    self.m.push_pattern(PatternKind::Expr { expr }, span(p))
                }
            };
            out.push(Param {
                pattern,
                default,
                kind,
                type_annotation,
                decorators: Vec::new(),
                property_visibility: None,
                optional: default.is_some(),
                span: span(p),
            });
        }
        out
    }

    /// PEP 695 type parameters (`def f[T]`, `class C[T]`), as written.
    fn type_params(&self, node: Node<'_>) -> Vec<String> {
        field(node, self.f.type_parameters)
            .map(|tp| {
                named(tp)
                    .into_iter()
                    .map(|t| collapse_whitespace(self.text(t)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `class Name(bases, keyword=…):`, with the decorators already lowered.
    pub(super) fn class_def(&mut self, node: Node<'_>, decorators: Vec<Decorator>) -> ClassId {
        let (class, class_scope) = self.class_head(node, decorators);
        if let Some(body) = field(node, self.f.body) {
            // Class-body statements are lowered for their members and names, and kept in
            // order as the class's body (docstrings, `if TYPE_CHECKING:` blocks, …).
            let stmts = self.within(class_scope, self.func, Some(class), |lw| lw.block(body));
            if let Some(c) = self.m.classes.get_mut(class.index()) {
                c.body = stmts;
            }
        }
        class
    }

    fn class_head(&mut self, node: Node<'_>, decorators: Vec<Decorator>) -> (ClassId, usize) {
        let name_node = field(node, self.f.name);
        let name = name_node.map(|n| self.text(n).to_string());
        let mut extends = Vec::new();
        let mut keywords = Vec::new();
        if let Some(list) = field(node, self.f.superclasses) {
            for arg in self.args(list) {
                if arg.name.is_some() || arg.keyword_spread {
                    keywords.push(arg);
                } else {
                    extends.push(arg.value);
                }
            }
        }
        let chain_ends = |m: &Model, id: ExprId, last: &str| {
            m.member_chain(id)
                .is_some_and(|c| c.last().is_some_and(|l| *l == last))
        };
        let is_abstract = extends.iter().any(|e| chain_ends(&self.m, *e, "ABC"))
            || keywords.iter().any(|k| {
                k.name.as_deref() == Some("metaclass") && chain_ends(&self.m, k.value, "ABCMeta")
            });
        let outer_class = self.class_body();
        let class = self.m.push_class(Class {
            name: name.clone(),
            name_source: NameSource::Declared,
            extends,
            implements: Vec::new(),
            keywords,
            members: Vec::new(),
            body: Vec::new(),
            decorators: decorators.clone(),
            type_params: self.type_params(node),
            is_abstract,
            parent: self.func,
            span: span(node),
            name_span: name_node.map(span),
        });
        if let (Some(n), Some(name)) = (name_node, &name) {
            self.scopes.declare(Decl {
                scope: self.scope,
                name: name.clone(),
                kind: BindingKind::Class { class },
                span: span(n),
                origin: BindingOrigin::none(),
                assigns: true,
                site: DeclSite::None,
            });
        }
        if let (Some(outer), Some(name)) = (outer_class, name) {
            self.push_member(
                outer,
                ClassMember {
                    name: MemberName::Ident(name),
                    kind: MemberKind::Other,
                    is_static: true,
                    visibility: None,
                    decorators,
                    readonly: false,
                    optional: false,
                    span: span(node),
                },
            );
        }
        let class_scope = self.scopes.push(ScopeKind::Class, self.scope, self.func);
        (class, class_scope)
    }

    /// A type annotation: its text, and its shape where the syntax shows one.
    pub(super) fn annotation(&mut self, node: Node<'_>) -> TypeAnnotation {
        TypeAnnotation {
            text: collapse_whitespace(self.text(node)),
            shape: self.type_shape(node),
            span: span(node),
        }
    }

    fn type_shape(&mut self, node: Node<'_>) -> TypeRef {
        if !self.descend(node) {
            return TypeRef::Unknown;
        }
        let shape = self.type_shape_kind(node);
        self.ascend();
        shape
    }

    fn type_shape_kind(&mut self, node: Node<'_>) -> TypeRef {
        match cst::kind_of(node) {
            "type" | "parenthesized_expression" => match named(node).first() {
                Some(inner) => self.type_shape(*inner),
                None => TypeRef::Unknown,
            },
            "none" => TypeRef::Keyword {
                name: "None".into(),
            },
            "identifier" | "attribute" => self.named_type(self.dotted(node), Vec::new()),
            "generic_type" => {
                let parts = named(node);
                let base = parts
                    .iter()
                    .find(|p| cst::kind_of(**p) != "type_parameter")
                    .map(|b| self.dotted(*b))
                    .unwrap_or_default();
                let args: Vec<Node<'_>> = parts
                    .iter()
                    .filter(|p| cst::kind_of(**p) == "type_parameter")
                    .flat_map(|tp| named(*tp))
                    .collect();
                self.generic(base, &args)
            }
            "subscript" => {
                let base = field(node, self.f.value)
                    .map(|b| self.dotted(b))
                    .unwrap_or_default();
                let args = cst::fields(node, self.f.subscript);
                self.generic(base, &args)
            }
            "binary_operator" if field(node, self.f.operator).map(cst::kind_of) == Some("|") => {
                let mut variants = Vec::new();
                for side in [field(node, self.f.left), field(node, self.f.right)]
                    .into_iter()
                    .flatten()
                {
                    push_union(&mut variants, self.type_shape(side));
                }
                TypeRef::Union { variants }
            }
            "union_type" => {
                let mut variants = Vec::new();
                for t in named(node) {
                    push_union(&mut variants, self.type_shape(t));
                }
                TypeRef::Union { variants }
            }
            "member_type" => self.named_type(collapse_whitespace(self.text(node)), Vec::new()),
            // A forward reference: `"User"`.
            "string" => match self.static_string(node) {
                Some(s) if is_dotted_name(s.trim()) => {
                    self.named_type(s.trim().to_string(), Vec::new())
                }
                _ => TypeRef::Unknown,
            },
            _ => TypeRef::Unknown,
        }
    }

    /// `Base[args]`: `Literal[...]` gives literals, `Union[...]` a union, `Callable[...]` a
    /// function; everything else (including `Optional[X]`, `list[int]`) is `Named`.
    fn generic(&mut self, base: String, args: &[Node<'_>]) -> TypeRef {
        let last = base.rsplit('.').next().unwrap_or("");
        match last {
            "Literal" => {
                let mut variants = Vec::new();
                for a in args {
                    let shape = match self.literal_value(*a) {
                        Some(value) => TypeRef::Literal { value },
                        None => self.type_shape(*a),
                    };
                    variants.push(shape);
                }
                if variants.len() == 1 {
                    variants.pop().unwrap_or(TypeRef::Unknown)
                } else {
                    TypeRef::Union { variants }
                }
            }
            "Union" => {
                let mut variants = Vec::new();
                for a in args {
                    push_union(&mut variants, self.type_shape(*a));
                }
                TypeRef::Union { variants }
            }
            "Callable" => TypeRef::Function,
            _ => {
                let args = args.iter().map(|a| self.type_shape(*a)).collect();
                self.named_type(base, args)
            }
        }
    }

    fn named_type(&self, name: String, args: Vec<TypeRef>) -> TypeRef {
        if args.is_empty() && TYPE_KEYWORDS.contains(&name.as_str()) {
            TypeRef::Keyword { name }
        } else {
            TypeRef::Named { name, args }
        }
    }

    /// A literal inside `Literal[...]`.
    fn literal_value(&self, node: Node<'_>) -> Option<LiteralValue> {
        let node = if cst::kind_of(node) == "type" {
            named(node).first().copied()?
        } else {
            node
        };
        match cst::kind_of(node) {
            "string" | "concatenated_string" => self
                .static_string(node)
                .map(|value| LiteralValue::String { value }),
            "integer" | "float" => {
                let raw = self.text(node).to_string();
                Some(LiteralValue::Number {
                    value: super::strings::number_value(&raw),
                    raw,
                })
            }
            "unary_operator" => {
                let arg = field(node, self.f.argument)?;
                let negative = field(node, self.f.operator).map(cst::kind_of) == Some("-");
                match self.literal_value(arg)? {
                    LiteralValue::Number { value, .. } => Some(LiteralValue::Number {
                        value: if negative { -value } else { value },
                        raw: collapse_whitespace(self.text(node)),
                    }),
                    _ => None,
                }
            }
            "true" => Some(LiteralValue::Bool { value: true }),
            "false" => Some(LiteralValue::Bool { value: false }),
            "none" => Some(LiteralValue::Null),
            _ => None,
        }
    }

    /// The dotted text of a name or attribute chain, without whitespace.
    fn dotted(&self, node: Node<'_>) -> String {
        self.text(node).split_whitespace().collect()
    }
}

fn push_union(variants: &mut Vec<TypeRef>, shape: TypeRef) {
    match shape {
        TypeRef::Union { variants: inner } => variants.extend(inner),
        other => variants.push(other),
    }
}

fn is_dotted_name(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|part| {
            let mut chars = part.chars();
            chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
                && chars.all(|c| c.is_alphanumeric() || c == '_')
        })
}

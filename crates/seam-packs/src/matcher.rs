//! Structural matching of a compiled pattern against the model.
//!
//! Member chains match by name, calls by callee and arguments, literals by value; `$X` binds
//! any one expression (or, after a `.`, the property name) and `$$$X` zero or more positional
//! arguments or elements. A metavariable used twice must bind the same source text
//! (whitespace collapsed). A name matches also a local name that holds the whole module of that
//! name (`import http from "axios"` matches `axios`), and a member of a class matches the bare
//! name a Java static import brings in (`import static a.b.RouterFunctions.route;` makes
//! `route()` match `RouterFunctions.route()`; `import static a.b.RouterFunctions.*;` too, for a
//! name the file declares nowhere). Keyword arguments (Python) match by name, in any order; keyword
//! arguments the pattern does not mention are ignored. Object patterns match an object that has
//! at least the listed keys.

use std::collections::BTreeMap;

use seam_lang::model::{
    Arg, ArrayElement, AssignOp, BindingKind, ExprId, ExprKind, ImportedItem, LiteralValue,
    MemberProp, Model, ObjectProp, PatternKind, Span,
};

use crate::pattern::{PatternArg, PatternLiteral, PatternNode, PatternProp};

/// What one metavariable bound to.
#[derive(Debug, Clone, PartialEq)]
pub enum Capture {
    /// `$X` in an expression position.
    Expr(ExprId),
    /// `$$$X`: the matched arguments or elements, in order.
    List(Vec<ExprId>),
    /// `$X` after a `.`: the property name and the span of the member expression.
    Name(String, Span),
}

/// Metavariable name → capture, ordered by name.
pub type Captures = BTreeMap<String, Capture>;

impl Capture {
    /// The single expression a capture holds, when it holds one.
    pub fn expr(&self) -> Option<ExprId> {
        match self {
            Capture::Expr(e) => Some(*e),
            _ => None,
        }
    }
}

/// Matches `pattern` against the expression `id`, extending `captures` on success. On failure
/// `captures` is left as it was.
pub fn match_expr(
    model: &Model,
    pattern: &PatternNode,
    id: ExprId,
    captures: &mut Captures,
) -> bool {
    if !may_match_call(model, pattern, id) {
        return false;
    }
    Bound::all_or_nothing(captures, |bound| match_node(model, pattern, id, bound))
}

/// A cheap test a call pattern's match needs to pass, before any binding: the expression is a
/// call (or `new`) like the pattern's, with room for its positional arguments, and a callee
/// the pattern names (`x.get(…)`, `fetch(…)`) has that name. Only at the top of a match, where
/// a failure leaves the captures as they were either way.
fn may_match_call(model: &Model, pattern: &PatternNode, id: ExprId) -> bool {
    let PatternNode::Call {
        callee,
        args,
        is_new,
    } = pattern
    else {
        return true;
    };
    let ExprKind::Call {
        callee: target_callee,
        args: target_args,
        is_new: target_new,
        ..
    } = &model.expr(id).kind
    else {
        return false;
    };
    if is_new != target_new {
        return false;
    }
    let name_ok = match (callee.as_ref(), &model.expr(*target_callee).kind) {
        (PatternNode::Ident(want), ExprKind::Ident { name, .. }) => {
            (want == name && !is_own_name(model, *target_callee))
                || imports_module(model, *target_callee, want)
        }
        (PatternNode::Ident(_), _) => false,
        (
            PatternNode::Member {
                property: PatternProp::Name(want),
                ..
            },
            ExprKind::Member {
                property: MemberProp::Name(name),
                ..
            },
        ) => want == name,
        (PatternNode::Member { .. }, ExprKind::Member { .. }) => true,
        (PatternNode::Member { object, property }, ExprKind::Ident { name, .. }) => {
            statically_imported(model, *target_callee, object, property, name)
        }
        (PatternNode::Member { .. }, _) => false,
        _ => true,
    };
    if !name_ok {
        return false;
    }
    // Positional arguments: keyword arguments are matched by name, the rest line up.
    let fixed = args
        .iter()
        .filter(|a| matches!(a, PatternArg::One { name: None, .. }))
        .count();
    let open = args.iter().any(|a| matches!(a, PatternArg::Many(_)));
    let positional = target_args.iter().filter(|a| a.name.is_none()).count();
    if open {
        positional >= fixed
    } else {
        positional == fixed
    }
}

/// The captures of a match in progress and the names bound so far, in order, so a failed
/// alternative is undone by removing what it added rather than by copying the map before it.
/// Binding only ever adds a name, so removing the names added since a mark restores the map
/// exactly as it was at the mark.
struct Bound<'c, 'p> {
    captures: &'c mut Captures,
    trail: Vec<&'p str>,
}

impl<'c, 'p> Bound<'c, 'p> {
    /// Runs a match that binds into `captures`; on failure every name it bound is removed, so
    /// `captures` is left as it was.
    fn all_or_nothing(
        captures: &'c mut Captures,
        run: impl FnOnce(&mut Bound<'c, 'p>) -> bool,
    ) -> bool {
        let mut bound = Bound {
            captures,
            trail: Vec::new(),
        };
        if run(&mut bound) {
            true
        } else {
            bound.undo(0);
            false
        }
    }

    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo(&mut self, mark: usize) {
        for name in self.trail.drain(mark..) {
            self.captures.remove(name);
        }
    }
}

fn bind<'p>(model: &Model, bound: &mut Bound<'_, 'p>, name: &'p str, value: Capture) -> bool {
    match bound.captures.get(name) {
        None => {
            bound.captures.insert(name.to_owned(), value);
            bound.trail.push(name);
            true
        }
        Some(existing) => capture_text(model, existing) == capture_text(model, &value),
    }
}

fn capture_text(model: &Model, capture: &Capture) -> String {
    match capture {
        Capture::Expr(e) => model.text_collapsed(model.expr(*e).span),
        Capture::Name(n, _) => n.clone(),
        Capture::List(items) => items
            .iter()
            .map(|e| model.text_collapsed(model.expr(*e).span))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Whether a name is the code's own rather than the one a pattern means: a pattern's name
/// (`fetch`, `jsonify`) is a global or an import, and a parameter of that name (`function
/// search(fetch) { fetch(q) }`) is whatever the caller passed, not it; so is a function the
/// file declares under that name (a page's own `function fetch(key, callback)` around an
/// XMLHttpRequest).
fn is_own_name(model: &Model, id: ExprId) -> bool {
    model.resolved_binding(id).is_some_and(|b| {
        matches!(
            model.binding(b).kind,
            BindingKind::Param { .. } | BindingKind::Function { .. }
        )
    })
}

/// Whether a name holds the whole of the module `module` under another local name
/// (`import http from "axios"`, `import * as http from "axios"`, Python `import requests as r`,
/// Go `R "github.com/go-pkgz/rest"`): a pattern naming the module (`axios.create(…)`) matches it as it matches the plain name.
fn imports_module(model: &Model, id: ExprId, module: &str) -> bool {
    let Some(b) = model.resolved_binding(id) else {
        return false;
    };
    let BindingKind::Import { import, name } = &model.binding(b).kind else {
        return false;
    };
    model.imports.get(*import as usize).is_some_and(|imp| {
        // A Go package imported under another name (`R "github.com/go-pkgz/rest"`) is the
        // package its path names (`rest`).
        (imp.specifier == module
            || (model.language == seam_lang::model::Language::Go
                && seam_lang::lower::go::package_name(&imp.specifier) == module))
            && imp.names.get(*name as usize).is_some_and(|n| {
                matches!(n.imported, ImportedItem::Default | ImportedItem::Namespace)
            })
    })
}

/// Whether a bare name is the member a pattern `Class.member` names, brought in by a static
/// import of that member from a class of that name (Java's `import static a.b.Class.member;`,
/// or `import static a.b.Class.*;` for a name the file declares nowhere): the name is that
/// member, as if written `Class.member`.
fn statically_imported(
    model: &Model,
    id: ExprId,
    object: &PatternNode,
    property: &PatternProp,
    name: &str,
) -> bool {
    let (PatternNode::Ident(class), PatternProp::Name(member)) = (object, property) else {
        return false;
    };
    if member != name || model.language != seam_lang::model::Language::Java {
        return false;
    }
    let from_class = |specifier: &str| specifier.rsplit('.').next() == Some(class.as_str());
    // A name the file declares nowhere, with every static member of the class imported
    // (`import static a.b.ServerResponse.*;`).
    let Some(b) = model.resolved_binding(id) else {
        return model.imports.iter().any(|imp| {
            from_class(&imp.specifier)
                && imp
                    .names
                    .iter()
                    .any(|n| matches!(n.imported, ImportedItem::All))
        });
    };
    let BindingKind::Import { import, name } = &model.binding(b).kind else {
        return false;
    };
    model.imports.get(*import as usize).is_some_and(|imp| {
        from_class(&imp.specifier)
            && imp
                .names
                .get(*name as usize)
                .is_some_and(|n| matches!(&n.imported, ImportedItem::Named(m) if m == member))
    })
}

fn match_node<'p>(
    model: &Model,
    pattern: &'p PatternNode,
    id: ExprId,
    captures: &mut Bound<'_, 'p>,
) -> bool {
    let expr = model.expr(id);
    match (pattern, &expr.kind) {
        (PatternNode::Meta(name), _) => bind(model, captures, name, Capture::Expr(id)),
        (PatternNode::Ident(want), ExprKind::Ident { name, .. }) => {
            (want == name && !is_own_name(model, id)) || imports_module(model, id, want)
        }
        (PatternNode::This, ExprKind::This) => true,
        (PatternNode::Member { object, property }, ExprKind::Ident { name, .. }) => {
            statically_imported(model, id, object, property, name)
        }
        (
            PatternNode::Member { object, property },
            ExprKind::Member {
                object: target_object,
                property: MemberProp::Name(name),
                ..
            },
        ) => {
            let property_ok = match property {
                PatternProp::Name(want) => want == name,
                PatternProp::Meta(m) => bind(
                    model,
                    captures,
                    m,
                    Capture::Name(name.to_string(), expr.span),
                ),
                PatternProp::Computed(_) => false,
            };
            property_ok && match_node(model, object, *target_object, captures)
        }
        (
            PatternNode::Member {
                object,
                property: PatternProp::Computed(key),
            },
            ExprKind::Member {
                object: target_object,
                property: MemberProp::Computed(target_key),
                ..
            },
        ) => {
            match_node(model, key, *target_key, captures)
                && match_node(model, object, *target_object, captures)
        }
        (
            PatternNode::Call {
                callee,
                args,
                is_new,
            },
            ExprKind::Call {
                callee: target_callee,
                args: target_args,
                is_new: target_new,
                ..
            },
        ) => {
            is_new == target_new
                && match_node(model, callee, *target_callee, captures)
                && match_args(model, args, target_args, captures)
        }
        (PatternNode::Literal(want), ExprKind::Literal { value }) => literal_matches(want, value),
        (PatternNode::Object(props), ExprKind::Object { props: target }) => {
            props.iter().all(|(key, value_pattern)| {
                target.iter().any(|p| match p {
                    ObjectProp::KeyValue { key: k, value, .. } => {
                        k.as_str() == Some(key.as_str())
                            && match_node(model, value_pattern, *value, captures)
                    }
                    _ => false,
                })
            })
        }
        (PatternNode::Array(items), ExprKind::Array { elements, .. }) => {
            let mut exprs = Vec::with_capacity(elements.len());
            for e in elements {
                match e {
                    ArrayElement::Expr(x) => exprs.push(*x),
                    // A spread or a hole cannot be lined up with pattern elements.
                    _ => return false,
                }
            }
            let items: Vec<&PatternArg> = items.iter().collect();
            match_sequence(model, &items, &exprs, captures)
        }
        (PatternNode::Await(inner), ExprKind::Await { arg }) => {
            match_node(model, inner, *arg, captures)
        }
        (
            PatternNode::Assign { target, value },
            ExprKind::Assign {
                op: AssignOp::Assign,
                target: target_pattern,
                value: target_value,
            },
        ) => {
            let target_ok = match &model.pattern(*target_pattern).kind {
                PatternKind::Expr { expr } => match_node(model, target, *expr, captures),
                PatternKind::Ident { name, .. } => {
                    matches!(target.as_ref(), PatternNode::Ident(want) if want == name)
                }
                _ => false,
            };
            target_ok && match_node(model, value, *target_value, captures)
        }
        (PatternNode::Text(text), _) => *text == model.text_collapsed(expr.span),
        _ => false,
    }
}

fn literal_matches(want: &PatternLiteral, value: &LiteralValue) -> bool {
    match (want, value) {
        (PatternLiteral::String(a), LiteralValue::String { value }) => a == value,
        (PatternLiteral::Number(a), LiteralValue::Number(number)) => *a == number.value,
        (PatternLiteral::Bool(a), LiteralValue::Bool { value }) => a == value,
        (PatternLiteral::Null, LiteralValue::Null) => true,
        (PatternLiteral::Undefined, LiteralValue::Undefined) => true,
        _ => false,
    }
}

fn match_args<'p>(
    model: &Model,
    pattern: &'p [PatternArg],
    target: &[Arg],
    captures: &mut Bound<'_, 'p>,
) -> bool {
    // Keyword arguments match by name; the rest line up positionally.
    let mut positional_patterns: Vec<&PatternArg> = Vec::with_capacity(pattern.len());
    for p in pattern {
        match p {
            PatternArg::One {
                node,
                name: Some(kw),
            } => {
                let Some(arg) = target.iter().find(|a| a.name.as_deref() == Some(kw)) else {
                    return false;
                };
                if !match_node(model, node, arg.value, captures) {
                    return false;
                }
            }
            other => positional_patterns.push(other),
        }
    }
    let mut positional = Vec::with_capacity(target.len());
    for a in target {
        if a.name.is_some() {
            continue;
        }
        if a.spread || a.keyword_spread {
            // A spread argument could fill any number of positions; only `$$$` can take it.
            positional.push(a.value);
            continue;
        }
        positional.push(a.value);
    }
    match_sequence(model, &positional_patterns, &positional, captures)
}

/// Lines up pattern positions with expressions, backtracking over `$$$` lengths.
fn match_sequence<'p>(
    model: &Model,
    pattern: &[&'p PatternArg],
    target: &[ExprId],
    captures: &mut Bound<'_, 'p>,
) -> bool {
    let Some((first, rest)) = pattern.split_first() else {
        return target.is_empty();
    };
    match first {
        PatternArg::One { node, .. } => {
            let Some((head, tail)) = target.split_first() else {
                return false;
            };
            let mark = captures.mark();
            if match_node(model, node, *head, captures)
                && match_sequence(model, rest, tail, captures)
            {
                true
            } else {
                captures.undo(mark);
                false
            }
        }
        PatternArg::Many(name) => {
            // Fixed positions after the list need at least that many expressions.
            let min_rest = rest
                .iter()
                .filter(|p| matches!(p, PatternArg::One { .. }))
                .count();
            let max_take = target.len().saturating_sub(min_rest);
            for take in (0..=max_take).rev() {
                let mark = captures.mark();
                let list = Capture::List(target[..take].to_vec());
                if bind(model, captures, name, list)
                    && match_sequence(model, rest, &target[take..], captures)
                {
                    return true;
                }
                captures.undo(mark);
            }
            false
        }
    }
}

/// Matches a call pattern against the call `id` as if its callee were `callee` of
/// `callee_model`: a project class instantiated in place of the framework class it extends
/// (`APIRouterV2(prefix="/x")` with `class APIRouterV2(APIRouter)` matches
/// `APIRouter($$$ARGS, prefix=$P)`). The callee binds no metavariable; the arguments are
/// matched as usual. On failure `captures` is left as it was.
pub fn match_call_with_callee(
    model: &Model,
    pattern: &PatternNode,
    id: ExprId,
    callee_model: &Model,
    callee: ExprId,
    captures: &mut Captures,
) -> bool {
    match_call_with_callee_as(model, pattern, id, (callee_model, callee), None, captures)
}

/// Matches a call pattern against a call made of parts of one model: `callee` as the callee
/// and `args` as the arguments. A client's method handed over as a function value
/// (`safe(http.post, url, data)`, called inside as `call(url, data)`) is read as the call
/// `http.post(url, data)` from the member handed over and the caller's arguments. Only a plain
/// call (no `new`) matches. On failure `captures` is left as it was.
pub fn match_call_parts(
    model: &Model,
    pattern: &PatternNode,
    callee: ExprId,
    args: &[Arg],
    captures: &mut Captures,
) -> bool {
    let PatternNode::Call {
        callee: pattern_callee,
        args: pattern_args,
        is_new: false,
    } = pattern
    else {
        return false;
    };
    Bound::all_or_nothing(captures, |bound| {
        match_node(model, pattern_callee, callee, bound)
            && match_args(model, pattern_args, args, bound)
    })
}

/// [`match_call_with_callee`] for a call that constructs an instance of the callee whatever
/// its own form (`super({ prefix })` in a subclass's constructor stands for `new Base({ prefix
/// })`): `new` in the pattern is not compared.
pub fn match_constructor_call(
    model: &Model,
    pattern: &PatternNode,
    id: ExprId,
    (callee_model, callee): (&Model, ExprId),
    captures: &mut Captures,
) -> bool {
    let is_new = match pattern {
        PatternNode::Call { is_new, .. } => *is_new,
        _ => return false,
    };
    match_call_with_callee_as(
        model,
        pattern,
        id,
        (callee_model, callee),
        Some(is_new),
        captures,
    )
}

fn match_call_with_callee_as(
    model: &Model,
    pattern: &PatternNode,
    id: ExprId,
    (callee_model, callee): (&Model, ExprId),
    target_new_as: Option<bool>,
    captures: &mut Captures,
) -> bool {
    let PatternNode::Call {
        callee: pattern_callee,
        args,
        is_new,
    } = pattern
    else {
        return false;
    };
    let ExprKind::Call {
        args: target_args,
        is_new: target_new,
        ..
    } = &model.expr(id).kind
    else {
        return false;
    };
    if *is_new != target_new_as.unwrap_or(*target_new) {
        return false;
    }
    if !match_expr(callee_model, pattern_callee, callee, &mut Captures::new()) {
        return false;
    }
    Bound::all_or_nothing(captures, |bound| {
        match_args(model, args, target_args, bound)
    })
}

//! Patterns: code with metavariables, parsed by seam's own front end into a small tree that
//! the matcher compares with the model.
//!
//! `$X` stands for one node (an expression, or a name after a `.`), `$$$X` for zero or more
//! arguments or elements. Metavariable names are `$` then capitals, digits and `_`; any other
//! `$name` is an ordinary identifier. Before parsing, every metavariable is replaced by a
//! placeholder identifier (`__seam_meta_X`, `__seam_many_X`), which is valid in every
//! language seam reads (`$` is not valid Python), so one code path serves every language.

use seam_lang::model::{
    ArrayElement, AssignOp, ExprId, ExprKind, Language, LiteralValue, MemberProp, Model,
    ObjectProp, PatternKind, StmtKind, VarDeclarator, collapse_whitespace,
};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use seam_lang::project::lower_text_on_stack;

const META_PREFIX: &str = "__seam_meta_";
const MANY_PREFIX: &str = "__seam_many_";

thread_local! {
    /// The stack of the current thread when a pack loader started it with a known size; 0
    /// when unknown (then a JS/TS pattern is parsed on a thread sized for it).
    static KNOWN_STACK: Cell<usize> = const { Cell::new(0) };
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum PatternForm {
    Expression,
    Decorator,
}

type CompiledPatterns = HashMap<(PatternForm, Language, String), Result<PatternNode, PatternError>>;

/// A pattern's compiled form depends only on its text, form and language, and the built-in
/// packs repeat the same patterns many times (3,250 compiled per load, 1,450 distinct): each is
/// parsed once per load.
static COMPILED: OnceLock<Mutex<CompiledPatterns>> = OnceLock::new();

/// Forgets the compiled patterns once a set of packs is compiled: they serve the packs of one
/// load (the repository's own packs, compiled later, repeat few of them).
pub(crate) fn forget_compiled() {
    if let Some(memo) = COMPILED.get() {
        *memo.lock().unwrap_or_else(|e| e.into_inner()) = HashMap::new();
    }
}

fn memoized(
    form: PatternForm,
    pattern: &str,
    language: Language,
    compile: fn(&str, Language) -> Result<PatternNode, PatternError>,
) -> Result<PatternNode, PatternError> {
    let memo = COMPILED.get_or_init(Default::default);
    let key = (form, language, pattern.to_owned());
    if let Some(done) = memo.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return done.clone();
    }
    let done = compile(pattern, language);
    memo.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, done.clone());
    done
}

/// Runs `f` with patterns parsed on the current thread, whose stack is `stack_size` bytes.
pub(crate) fn with_known_stack<R>(stack_size: usize, f: impl FnOnce() -> R) -> R {
    let before = KNOWN_STACK.with(|k| k.replace(stack_size));
    let result = f();
    KNOWN_STACK.with(|k| k.set(before));
    result
}

/// One node of a compiled pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum PatternNode {
    /// `$X`: any one expression.
    Meta(String),
    /// A name, matched by spelling.
    Ident(String),
    This,
    Member {
        object: Box<PatternNode>,
        property: PatternProp,
    },
    Call {
        callee: Box<PatternNode>,
        args: Vec<PatternArg>,
        is_new: bool,
    },
    Literal(PatternLiteral),
    /// An object literal: matches an object that has at least these keys with matching values.
    Object(Vec<(String, PatternNode)>),
    Array(Vec<PatternArg>),
    Await(Box<PatternNode>),
    /// `target = value`: an assignment (`$CTX.status = $STATUS`).
    Assign {
        target: Box<PatternNode>,
        value: Box<PatternNode>,
    },
    /// Anything else, compared by its whitespace-collapsed source text (`import.meta`).
    Text(String),
}

/// The name after a `.`: a fixed name or a metavariable that binds the name.
#[derive(Debug, Clone, PartialEq)]
pub enum PatternProp {
    Name(String),
    Meta(String),
    /// `[…]`: a computed member, its key matched as an expression (`process.env[$NAME]`).
    Computed(Box<PatternNode>),
}

/// One argument or element position.
#[derive(Debug, Clone, PartialEq)]
pub enum PatternArg {
    /// One node; `name` is a Python keyword argument (`prefix=$P`), matched by name.
    One {
        node: PatternNode,
        name: Option<String>,
    },
    /// `$$$X`: zero or more positional arguments.
    Many(String),
}

#[derive(Debug, Clone, PartialEq)]
pub enum PatternLiteral {
    String(String),
    /// Compared by value, so `404` and `404.0` match.
    Number(f64),
    Bool(bool),
    Null,
    Undefined,
}

/// Why a pattern could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    #[error("the pattern `{pattern}` is not valid code: {reason}")]
    Parse { pattern: String, reason: String },
    #[error("the pattern `{pattern}` is not one expression")]
    NotAnExpression { pattern: String },
    #[error(
        "the pattern `{pattern}` uses `$$${name}` where only one node fits; `$$$` is for arguments and elements"
    )]
    ManyOutsideList { pattern: String, name: String },
}

/// Replaces metavariables with placeholder identifiers, outside string literals too: a pack
/// never needs a literal `$X` in a pattern, and a literal `$x` (lower case) is left alone.
fn substitute_metavariables(pattern: &str) -> String {
    let bytes = pattern.as_bytes();
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'$' {
            let many = pattern[i..].starts_with("$$$");
            let name_start = if many { i + 3 } else { i + 1 };
            let name_len = pattern[name_start..]
                .bytes()
                .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
                .count();
            let first_ok = pattern[name_start..]
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_uppercase() || b == b'_');
            if name_len > 0 && first_ok {
                out.push_str(if many { MANY_PREFIX } else { META_PREFIX });
                out.push_str(&pattern[name_start..name_start + name_len]);
                i = name_start + name_len;
                continue;
            }
        }
        // Copy one whole character.
        let ch_len = pattern[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&pattern[i..i + ch_len]);
        i += ch_len;
    }
    out
}

/// Compiles an expression pattern written in `language`.
pub fn compile_expression(pattern: &str, language: Language) -> Result<PatternNode, PatternError> {
    memoized(
        PatternForm::Expression,
        pattern,
        language,
        compile_expression_now,
    )
}

fn compile_expression_now(pattern: &str, language: Language) -> Result<PatternNode, PatternError> {
    let substituted = substitute_metavariables(pattern);
    let source = match language {
        Language::Python => format!("(\n{substituted}\n)\n"),
        // Go has no expression statements at package level: the pattern initialises `_`.
        Language::Go => format!("package p\nvar _ = (\n{substituted}\n)\n"),
        // Kotlin reads top-level statements (script form), as Java's lowering does.
        Language::Kotlin => format!("(\n{substituted}\n)\n"),
        // Rust: tree-sitter-rust reads an expression statement at the top of a file.
        Language::Rust => format!("(\n{substituted}\n);\n"),
        // Ruby: one statement; a call without parentheses (`render json: $X`) stays a call.
        Language::Ruby => format!("{substituted}\n"),
        Language::Php => format!("<?php\n(\n{substituted}\n);\n"),
        // C#: a top-level statement (C# 9) assigning the discard: a parenthesised name alone
        // reads as the start of a cast.
        Language::CSharp => format!("_ = (\n{substituted}\n);\n"),
        // Java: a top-level statement, which tree-sitter-java reads (patterns only).
        Language::Java
        | Language::TypeScript
        | Language::Tsx
        | Language::JavaScript
        | Language::Jsx => format!("(\n{substituted}\n);\n"),
    };
    let model = parse(pattern, language, &source)?;
    let expr = match model.body.as_slice() {
        [stmt] => match &model.stmt(*stmt).kind {
            StmtKind::Expr { expr } if language == Language::CSharp => {
                match &model.expr(*expr).kind {
                    ExprKind::Assign { value, .. } => *value,
                    _ => {
                        return Err(PatternError::NotAnExpression {
                            pattern: pattern.to_owned(),
                        });
                    }
                }
            }
            StmtKind::Expr { expr } => *expr,
            StmtKind::VarDecl { declarators, .. } if language == Language::Go => {
                match &declarators[..] {
                    [VarDeclarator { init: Some(e), .. }] => *e,
                    _ => {
                        return Err(PatternError::NotAnExpression {
                            pattern: pattern.to_owned(),
                        });
                    }
                }
            }
            _ => {
                return Err(PatternError::NotAnExpression {
                    pattern: pattern.to_owned(),
                });
            }
        },
        _ => {
            return Err(PatternError::NotAnExpression {
                pattern: pattern.to_owned(),
            });
        }
    };
    convert(&model, expr, pattern)
}

/// Compiles a decorator pattern (`@$APP.get($PATH)`; the `@` is optional) into the pattern of
/// the decorator's expression.
pub fn compile_decorator(pattern: &str, language: Language) -> Result<PatternNode, PatternError> {
    memoized(
        PatternForm::Decorator,
        pattern,
        language,
        compile_decorator_now,
    )
}

fn compile_decorator_now(pattern: &str, language: Language) -> Result<PatternNode, PatternError> {
    let body = pattern.trim().trim_start_matches('@');
    let substituted = substitute_metavariables(body);
    let source = match language {
        Language::Python => format!("@{substituted}\ndef __seam_decorated():\n    pass\n"),
        Language::Java => {
            format!("class __SeamDecorated {{\n  @{substituted}\n  void m() {{}}\n}}\n")
        }
        Language::Kotlin => {
            format!("class __SeamDecorated {{\n  @{substituted}\n  fun m() {{}}\n}}\n")
        }
        Language::Rust => format!("#[{substituted}]\nfn __seam_decorated() {{}}\n"),
        // Ruby: a call in a class body is the class's decorator (`before_action :x`).
        Language::Ruby => format!("class SeamDecorated\n  {substituted}\n  def m; end\nend\n"),
        Language::Php => format!("<?php\n#[{substituted}]\nfunction __seam_decorated() {{}}\n"),
        // C#: an attribute, written with or without its brackets (`[HttpGet($PATH)]`).
        Language::CSharp => {
            let inner = substituted
                .trim()
                .strip_prefix('[')
                .and_then(|s| s.strip_suffix(']'))
                .unwrap_or(substituted.trim());
            format!("class __SeamDecorated {{\n  [{inner}]\n  void m() {{}}\n}}\n")
        }
        // Go has no decorators: the class form fails to parse as Go, a clear pattern error.
        Language::Go
        | Language::TypeScript
        | Language::Tsx
        | Language::JavaScript
        | Language::Jsx => {
            format!("class __SeamDecorated {{\n  @{substituted}\n  m() {{}}\n}}\n")
        }
    };
    let model = parse(pattern, language, &source)?;
    let decorator = model
        .functions
        .iter()
        .find_map(|f| f.decorators.first())
        .ok_or_else(|| PatternError::NotAnExpression {
            pattern: pattern.to_owned(),
        })?;
    convert(&model, decorator.expr, pattern)
}

fn parse(pattern: &str, language: Language, source: &str) -> Result<Model, PatternError> {
    let path = match language {
        Language::Python => "<pattern>.py",
        Language::Go => "<pattern>.go",
        Language::Java => "<pattern>.java",
        Language::Kotlin => "<pattern>.kt",
        Language::Rust => "<pattern>.rs",
        Language::Ruby => "<pattern>.rb",
        Language::Php => "<pattern>.php",
        Language::CSharp => "<pattern>.cs",
        Language::TypeScript | Language::Tsx | Language::JavaScript | Language::Jsx => {
            "<pattern>.ts"
        }
    };
    // Same guards as a source file: a pattern nested thousands of levels deep is parsed on a
    // thread with a stack sized for it, then refused at the lowering's depth limit.
    let stack = KNOWN_STACK.with(Cell::get);
    let model = lower_text_on_stack(path, language, source, stack).map_err(|reason| {
        PatternError::Parse {
            pattern: shortened(pattern),
            reason,
        }
    })?;
    if let Some(d) = model.diagnostics.first() {
        return Err(PatternError::Parse {
            pattern: shortened(pattern),
            reason: d.message.clone(),
        });
    }
    Ok(model)
}

/// A pattern as an error message quotes it: the first 80 characters of a long one.
fn shortened(pattern: &str) -> String {
    match pattern.char_indices().nth(80) {
        Some((end, _)) => format!("{}… ({} bytes)", &pattern[..end], pattern.len()),
        None => pattern.to_owned(),
    }
}

fn meta_name(name: &str) -> Option<&str> {
    name.strip_prefix(META_PREFIX)
}

fn many_name(name: &str) -> Option<&str> {
    name.strip_prefix(MANY_PREFIX)
}

fn convert(model: &Model, id: ExprId, pattern: &str) -> Result<PatternNode, PatternError> {
    let expr = model.expr(id);
    Ok(match &expr.kind {
        ExprKind::Ident { name, .. } => {
            if let Some(m) = meta_name(name) {
                PatternNode::Meta(m.to_owned())
            } else if let Some(m) = many_name(name) {
                return Err(PatternError::ManyOutsideList {
                    pattern: pattern.to_owned(),
                    name: m.to_owned(),
                });
            } else {
                PatternNode::Ident(name.to_string())
            }
        }
        ExprKind::This => PatternNode::This,
        ExprKind::Member {
            object,
            property: MemberProp::Computed(key),
            ..
        } => PatternNode::Member {
            object: Box::new(convert(model, *object, pattern)?),
            property: PatternProp::Computed(Box::new(convert(model, *key, pattern)?)),
        },
        ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } => PatternNode::Member {
            object: Box::new(convert(model, *object, pattern)?),
            property: match meta_name(name) {
                Some(m) => PatternProp::Meta(m.to_owned()),
                None => PatternProp::Name(name.to_string()),
            },
        },
        ExprKind::Call {
            callee,
            args,
            is_new,
            ..
        } => {
            let mut out = Vec::with_capacity(args.len());
            for a in args {
                out.push(convert_arg(
                    model,
                    a.value,
                    a.name.as_deref().map(str::to_string),
                    pattern,
                )?);
            }
            PatternNode::Call {
                callee: Box::new(convert(model, *callee, pattern)?),
                args: out,
                is_new: *is_new,
            }
        }
        ExprKind::Literal { value } => PatternNode::Literal(match value {
            LiteralValue::String { value } => PatternLiteral::String(value.to_string()),
            LiteralValue::Number(number) => PatternLiteral::Number(number.value),
            LiteralValue::Bool { value } => PatternLiteral::Bool(*value),
            LiteralValue::Null => PatternLiteral::Null,
            LiteralValue::Undefined => PatternLiteral::Undefined,
            _ => PatternLiteral::String(model.expr_text(id).to_owned()),
        }),
        ExprKind::Object { props } => {
            let mut out = Vec::new();
            for p in props {
                if let ObjectProp::KeyValue { key, value, .. } = p
                    && let Some(k) = key.as_str()
                {
                    out.push((k.to_owned(), convert(model, *value, pattern)?));
                }
            }
            PatternNode::Object(out)
        }
        ExprKind::Array { elements, .. } => {
            let mut out = Vec::new();
            for e in elements {
                if let ArrayElement::Expr(x) = e {
                    out.push(convert_arg(model, *x, None, pattern)?);
                }
            }
            PatternNode::Array(out)
        }
        ExprKind::Await { arg } => PatternNode::Await(Box::new(convert(model, *arg, pattern)?)),
        ExprKind::Assign {
            op: AssignOp::Assign,
            target,
            value,
        } => match &model.pattern(*target).kind {
            PatternKind::Expr { expr } => PatternNode::Assign {
                target: Box::new(convert(model, *expr, pattern)?),
                value: Box::new(convert(model, *value, pattern)?),
            },
            PatternKind::Ident { name, .. } => PatternNode::Assign {
                target: Box::new(match meta_name(name) {
                    Some(m) => PatternNode::Meta(m.to_owned()),
                    None => PatternNode::Ident(name.to_string()),
                }),
                value: Box::new(convert(model, *value, pattern)?),
            },
            _ => PatternNode::Text(collapse_whitespace(model.expr_text(id))),
        },
        _ => PatternNode::Text(collapse_whitespace(model.expr_text(id))),
    })
}

fn convert_arg(
    model: &Model,
    value: ExprId,
    name: Option<String>,
    pattern: &str,
) -> Result<PatternArg, PatternError> {
    if name.is_none()
        && let ExprKind::Ident { name: ident, .. } = &model.expr(value).kind
        && let Some(m) = many_name(ident)
    {
        return Ok(PatternArg::Many(m.to_owned()));
    }
    Ok(PatternArg::One {
        node: convert(model, value, pattern)?,
        name,
    })
}

impl PatternNode {
    /// Every metavariable the pattern binds, `$$$` ones included, in first-use order.
    pub fn metavariables(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_metavariables(&mut out);
        out
    }

    fn collect_metavariables(&self, out: &mut Vec<String>) {
        let mut push = |n: &str| {
            if !out.iter().any(|x| x == n) {
                out.push(n.to_owned());
            }
        };
        match self {
            PatternNode::Meta(m) => push(m),
            PatternNode::Member { object, property } => {
                object.collect_metavariables(out);
                match property {
                    PatternProp::Meta(m) if !out.contains(m) => out.push(m.clone()),
                    PatternProp::Computed(key) => key.collect_metavariables(out),
                    _ => {}
                }
            }
            PatternNode::Call { callee, args, .. } => {
                callee.collect_metavariables(out);
                collect_args(args, out);
            }
            PatternNode::Array(args) => collect_args(args, out),
            PatternNode::Object(props) => {
                for (_, v) in props {
                    v.collect_metavariables(out);
                }
            }
            PatternNode::Await(inner) => inner.collect_metavariables(out),
            PatternNode::Assign { target, value } => {
                target.collect_metavariables(out);
                value.collect_metavariables(out);
            }
            PatternNode::Ident(_)
            | PatternNode::This
            | PatternNode::Literal(_)
            | PatternNode::Text(_) => {}
        }
    }

    /// The name a matching call must end in (`json` for `$RES.status($S).json($B)`, `fetch`
    /// for `fetch($URL)`), used to skip most calls without trying the whole pattern.
    pub fn call_anchor(&self) -> Option<&str> {
        match self {
            PatternNode::Call { callee, .. } => match callee.as_ref() {
                PatternNode::Ident(name) => Some(name),
                PatternNode::Member {
                    property: PatternProp::Name(name),
                    ..
                } => Some(name),
                _ => None,
            },
            _ => None,
        }
    }
}

fn collect_args(args: &[PatternArg], out: &mut Vec<String>) {
    for a in args {
        match a {
            PatternArg::One { node, .. } => node.collect_metavariables(out),
            PatternArg::Many(m) => {
                if !out.contains(m) {
                    out.push(m.clone());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metavariables_become_placeholders_and_other_dollars_stay() {
        assert_eq!(
            substitute_metavariables("$RES.status($STATUS).json($$$REST)"),
            "__seam_meta_RES.status(__seam_meta_STATUS).json(__seam_many_REST)"
        );
        assert_eq!(substitute_metavariables("$(x).$foo"), "$(x).$foo");
        assert_eq!(substitute_metavariables("$ + $9"), "$ + $9");
    }

    #[test]
    fn kotlin_patterns_compile_as_expressions_and_decorators() {
        assert!(compile_expression("call.respond($STATUS, $BODY)", Language::Kotlin).is_ok());
        assert!(compile_expression("get($PATH) { $$$BODY }", Language::Kotlin).is_ok());
        assert!(compile_decorator("@GetMapping(value = [$PATH])", Language::Kotlin).is_ok());
        assert!(compile_expression("class {", Language::Kotlin).is_err());
    }
}

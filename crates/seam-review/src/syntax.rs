//! The normalised token stream the `syntax` fingerprint hashes, derived from the model.
//!
//! Each node is written as an S-expression `(kind child child …)`; names and literals are
//! leaves `(kind "text")` with JSON string escaping; operators are part of the node
//! (`(binary "Add" …)`), so `a + b` and `a - b` differ. Comments and layout never reach the
//! model, so they never reach the hash; any statement, identifier or literal change does.
//! Nodes the lowering kept only as text (`Other`) contribute their whitespace-collapsed
//! source text. The node vocabulary is the model's, which the lowering derives from the
//! parser's tree, so two syntax fingerprints are comparable only under the same
//! `grammarRevision` (`oxc@…` for JS/TS, `ruff_python_parser@…` for Python,
//! `tree-sitter-java@…` for Java).

use std::fmt::Write as _;

use seam_lang::model::*;

/// Writes the S-expression of a list of statements.
pub fn stmts(model: &Model, body: &[StmtId], out: &mut String) {
    out.push_str("(block");
    for s in body {
        out.push(' ');
        stmt(model, *s, out);
    }
    out.push(')');
}

fn leaf(out: &mut String, kind: &str, text: &str) {
    out.push('(');
    out.push_str(kind);
    out.push(' ');
    push_json_string(out, text);
    out.push(')');
}

/// `text` as a JSON string, escaped exactly as `serde_json` writes it (`"` `\\` and the
/// C0 controls, the short forms `\b \f \n \r \t` where they exist, `\u00xx` otherwise;
/// everything else as is), written straight into `out`.
pub(crate) fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x0C => "\\f",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x00..=0x1F => "",
            _ => continue,
        };
        // Only ASCII bytes are escaped, so every cut falls between characters.
        out.push_str(&text[start..i]);
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 0xF)] as char);
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&text[start..]);
    out.push('"');
}

fn open(out: &mut String, kind: &str) {
    out.push('(');
    out.push_str(kind);
}

fn child_expr(model: &Model, e: ExprId, out: &mut String) {
    out.push(' ');
    expr(model, e, out);
}

fn child_opt(model: &Model, e: Option<ExprId>, out: &mut String) {
    match e {
        Some(e) => child_expr(model, e, out),
        None => out.push_str(" (none)"),
    }
}

fn other(model: &Model, span: Span, out: &mut String) {
    leaf(out, "other", &model.text_collapsed(span));
}

/// One statement.
pub fn stmt(model: &Model, id: StmtId, out: &mut String) {
    let node = model.stmt(id);
    match &node.kind {
        StmtKind::Expr { expr: e } => {
            open(out, "expr");
            child_expr(model, *e, out);
        }
        StmtKind::VarDecl { kind, declarators } => {
            open(out, &format!("var-{kind:?}").to_lowercase());
            for d in declarators {
                out.push_str(" (declarator ");
                pattern(model, d.pattern, out);
                if let Some(t) = &d.type_annotation {
                    out.push(' ');
                    leaf(out, "type", &seam_lang::model::collapse_whitespace(&t.text));
                }
                child_opt(model, d.init, out);
                out.push(')');
            }
        }
        StmtKind::FunctionDecl { function: f } => {
            open(out, "function-decl");
            out.push(' ');
            function(model, *f, out);
        }
        StmtKind::ClassDecl { class } => {
            open(out, "class-decl");
            out.push(' ');
            class_node(model, *class, out);
        }
        StmtKind::TypeDecl { decl } => {
            open(out, "type-decl");
            out.push(' ');
            other(model, model.type_decl(*decl).span, out);
        }
        StmtKind::Import { .. } | StmtKind::Other => {
            open(out, "stmt");
            out.push(' ');
            other(model, node.span, out);
        }
        StmtKind::Export { decl } => {
            open(out, "export");
            match decl {
                Some(d) => {
                    out.push(' ');
                    stmt(model, *d, out);
                }
                None => {
                    out.push(' ');
                    other(model, node.span, out);
                }
            }
        }
        StmtKind::Block { body } => {
            open(out, "scope");
            out.push(' ');
            stmts(model, body, out);
        }
        StmtKind::If {
            test,
            consequent,
            alternate,
        } => {
            open(out, "if");
            child_expr(model, *test, out);
            out.push(' ');
            stmt(model, *consequent, out);
            if let Some(a) = alternate {
                out.push_str(" (else ");
                stmt(model, *a, out);
                out.push(')');
            }
        }
        StmtKind::Switch {
            discriminant,
            cases,
        } => {
            open(out, "switch");
            child_expr(model, *discriminant, out);
            for c in cases {
                out.push_str(" (case");
                child_opt(model, c.test, out);
                out.push(' ');
                stmts(model, &c.body, out);
                out.push(')');
            }
        }
        StmtKind::Match { subject, cases } => {
            open(out, "match");
            child_expr(model, *subject, out);
            for c in cases {
                out.push_str(" (case ");
                leaf(out, "pattern", &model.text_collapsed(c.pattern_span));
                child_opt(model, c.guard, out);
                out.push(' ');
                stmts(model, &c.body, out);
                out.push(')');
            }
        }
        StmtKind::Try(boxed) => {
            let seam_lang::model::TryStmt {
                block,
                handlers,
                orelse,
                finalizer,
            } = &**boxed;
            open(out, "try");
            out.push(' ');
            stmts(model, block, out);
            for h in handlers {
                out.push_str(" (catch");
                if let Some(p) = h.param {
                    out.push(' ');
                    pattern(model, p, out);
                }
                for t in &h.types {
                    child_expr(model, *t, out);
                }
                out.push(' ');
                stmts(model, &h.body, out);
                out.push(')');
            }
            if let Some(b) = orelse {
                out.push_str(" (else ");
                stmts(model, b, out);
                out.push(')');
            }
            if let Some(b) = finalizer {
                out.push_str(" (finally ");
                stmts(model, b, out);
                out.push(')');
            }
        }
        StmtKind::Loop(boxed) => {
            let seam_lang::model::LoopStmt {
                kind,
                init,
                left,
                iterable,
                test,
                update,
                body,
                orelse,
            } = &**boxed;
            open(out, &format!("loop-{kind:?}").to_lowercase());
            if let Some(i) = init {
                out.push(' ');
                stmt(model, *i, out);
            }
            if let Some(l) = left {
                out.push(' ');
                pattern(model, *l, out);
            }
            child_opt(model, *iterable, out);
            child_opt(model, *test, out);
            child_opt(model, *update, out);
            out.push(' ');
            stmt(model, *body, out);
            if let Some(b) = orelse {
                out.push_str(" (else ");
                stmts(model, b, out);
                out.push(')');
            }
        }
        StmtKind::Return { value } => {
            open(out, "return");
            child_opt(model, *value, out);
        }
        StmtKind::Throw { value, cause } => {
            open(out, "throw");
            child_opt(model, *value, out);
            child_opt(model, *cause, out);
        }
        StmtKind::Break { label } => {
            open(out, "break");
            if let Some(l) = label {
                out.push(' ');
                leaf(out, "label", l);
            }
        }
        StmtKind::Continue { label } => {
            open(out, "continue");
            if let Some(l) = label {
                out.push(' ');
                leaf(out, "label", l);
            }
        }
        StmtKind::With {
            items,
            body,
            is_async,
        } => {
            open(out, if *is_async { "async-with" } else { "with" });
            for item in items {
                child_expr(model, item.value, out);
                if let Some(t) = item.target {
                    out.push(' ');
                    pattern(model, t, out);
                }
            }
            out.push(' ');
            stmt(model, *body, out);
        }
        StmtKind::Labeled { label, body } => {
            open(out, "labeled");
            out.push(' ');
            leaf(out, "label", label);
            out.push(' ');
            stmt(model, *body, out);
        }
        StmtKind::Assert { test, message } => {
            open(out, "assert");
            child_expr(model, *test, out);
            child_opt(model, *message, out);
        }
    }
    out.push(')');
}

/// A function: parameters and body (used for nested functions; a Symbol's own syntax is its
/// body only, see [`function_body`]).
pub fn function(model: &Model, id: FuncId, out: &mut String) {
    let f = model.function(id);
    open(out, &format!("fn-{:?}", f.kind).to_lowercase());
    if f.is_async {
        out.push_str(" (async)");
    }
    if f.is_generator {
        out.push_str(" (generator)");
    }
    for p in &f.params {
        out.push(' ');
        pattern(model, p.pattern, out);
        child_opt(model, p.default, out);
    }
    out.push(' ');
    function_body(model, id, out);
    out.push(')');
}

/// The body of a function only: what the `syntax` axis of a function or method hashes.
pub fn function_body(model: &Model, id: FuncId, out: &mut String) {
    match &model.function(id).body {
        FunctionBody::Block(body) => stmts(model, body, out),
        FunctionBody::Expr(e) => {
            out.push_str("(expr-body");
            child_expr(model, *e, out);
            out.push(')');
        }
        FunctionBody::None => out.push_str("(no-body)"),
    }
}

/// A class: its members in order (names, field values and method bodies).
pub fn class_node(model: &Model, id: ClassId, out: &mut String) {
    let c = model.class(id);
    out.push_str("(class");
    for e in &c.extends {
        out.push_str(" (extends ");
        expr(model, *e, out);
        out.push(')');
    }
    for m in &c.members {
        out.push_str(" (member");
        if m.is_static {
            out.push_str(" (static)");
        }
        match &m.name {
            MemberName::Computed(e) => child_expr(model, *e, out),
            other_name => {
                out.push(' ');
                leaf(out, "name", other_name.as_str().unwrap_or(""));
            }
        }
        match &m.kind {
            MemberKind::Method { function: f }
            | MemberKind::Getter { function: f }
            | MemberKind::Setter { function: f }
            | MemberKind::Constructor { function: f } => {
                out.push(' ');
                function(model, *f, out);
            }
            MemberKind::Property {
                value,
                type_annotation,
                ..
            } => {
                if let Some(t) = type_annotation {
                    out.push(' ');
                    leaf(out, "type", &seam_lang::model::collapse_whitespace(&t.text));
                }
                child_opt(model, *value, out);
            }
            MemberKind::Other => {
                out.push(' ');
                other(model, m.span, out);
            }
        }
        out.push(')');
    }
    out.push(')');
}

fn pattern(model: &Model, id: PatternId, out: &mut String) {
    let p = model.pattern(id);
    match &p.kind {
        PatternKind::Ident { name, .. } => leaf(out, "bind", name),
        PatternKind::Object { props, rest } => {
            out.push_str("(object-pattern");
            for prop in props {
                out.push(' ');
                prop_key(model, &prop.key, out);
                out.push(' ');
                pattern(model, prop.value, out);
            }
            if let Some(r) = rest {
                out.push_str(" (rest ");
                pattern(model, *r, out);
                out.push(')');
            }
            out.push(')');
        }
        PatternKind::Array { elements, rest } => {
            out.push_str("(array-pattern");
            for e in elements {
                match e {
                    Some(e) => {
                        out.push(' ');
                        pattern(model, *e, out);
                    }
                    None => out.push_str(" (hole)"),
                }
            }
            if let Some(r) = rest {
                out.push_str(" (rest ");
                pattern(model, *r, out);
                out.push(')');
            }
            out.push(')');
        }
        PatternKind::Default { target, default } => {
            out.push_str("(default ");
            pattern(model, *target, out);
            child_expr(model, *default, out);
            out.push(')');
        }
        PatternKind::Expr { expr: e } => expr(model, *e, out),
    }
}

fn prop_key(model: &Model, key: &PropKey, out: &mut String) {
    match key {
        PropKey::Ident(s) => leaf(out, "key", s),
        PropKey::String(s) => leaf(out, "key-string", s),
        PropKey::Number(s) => leaf(out, "key-number", s),
        PropKey::Computed(e) => {
            out.push_str("(key-computed ");
            expr(model, *e, out);
            out.push(')');
        }
    }
}

fn args(model: &Model, list: &[Arg], out: &mut String) {
    for a in list {
        out.push_str(" (arg");
        if let Some(n) = &a.name {
            out.push(' ');
            leaf(out, "keyword", n);
        }
        if a.spread {
            out.push_str(" (spread)");
        }
        if a.keyword_spread {
            out.push_str(" (keyword-spread)");
        }
        child_expr(model, a.value, out);
        out.push(')');
    }
}

/// One expression.
pub fn expr(model: &Model, id: ExprId, out: &mut String) {
    let node = model.expr(id);
    match &node.kind {
        ExprKind::Ident { name, .. } => leaf(out, "ident", name),
        ExprKind::This => out.push_str("(this)"),
        ExprKind::Super => out.push_str("(super)"),
        ExprKind::Member {
            object,
            property,
            optional,
        } => {
            out.push_str(if *optional { "(member?" } else { "(member" });
            child_expr(model, *object, out);
            out.push(' ');
            match property {
                MemberProp::Name(n) => leaf(out, "name", n),
                MemberProp::Private(n) => leaf(out, "private-name", n),
                MemberProp::Computed(e) => {
                    out.push_str("(computed ");
                    expr(model, *e, out);
                    out.push(')');
                }
            }
            out.push(')');
        }
        ExprKind::Call {
            callee,
            args: list,
            optional,
            is_new,
        } => {
            out.push_str(match (is_new, optional) {
                (true, _) => "(new",
                (false, true) => "(call?",
                (false, false) => "(call",
            });
            child_expr(model, *callee, out);
            args(model, list, out);
            out.push(')');
        }
        ExprKind::Literal { value } => literal(value, out),
        ExprKind::Template(boxed) => {
            let seam_lang::model::TemplateExpr { quasis, exprs, tag } = &**boxed;
            out.push_str("(template");
            if let Some(t) = tag {
                child_expr(model, *t, out);
            }
            for (i, q) in quasis.iter().enumerate() {
                out.push(' ');
                leaf(out, "chars", q);
                if let Some(e) = exprs.get(i) {
                    child_expr(model, *e, out);
                }
            }
            out.push(')');
        }
        ExprKind::Object { props } => {
            out.push_str("(object");
            for p in props {
                out.push(' ');
                match p {
                    ObjectProp::KeyValue {
                        key,
                        value,
                        shorthand,
                    } => {
                        out.push_str(if *shorthand { "(shorthand " } else { "(pair " });
                        prop_key(model, key, out);
                        child_expr(model, *value, out);
                        out.push(')');
                    }
                    ObjectProp::Spread { value } => {
                        out.push_str("(spread");
                        child_expr(model, *value, out);
                        out.push(')');
                    }
                    ObjectProp::Method {
                        key, function: f, ..
                    } => {
                        out.push_str("(method ");
                        prop_key(model, key, out);
                        out.push(' ');
                        function(model, *f, out);
                        out.push(')');
                    }
                }
            }
            out.push(')');
        }
        ExprKind::Array { elements, kind } => {
            out.push_str(&format!("(array-{kind:?}").to_lowercase());
            for e in elements {
                match e {
                    ArrayElement::Expr(x) => child_expr(model, *x, out),
                    ArrayElement::Spread(x) => {
                        out.push_str(" (spread");
                        child_expr(model, *x, out);
                        out.push(')');
                    }
                    ArrayElement::Hole => out.push_str(" (hole)"),
                }
            }
            out.push(')');
        }
        ExprKind::Unary { op, arg } => {
            let _ = write!(out, "(unary \"{op:?}\"");
            child_expr(model, *arg, out);
            out.push(')');
        }
        ExprKind::Update { op, prefix, arg } => {
            let _ = write!(out, "(update \"{op:?}\" {prefix}");
            child_expr(model, *arg, out);
            out.push(')');
        }
        ExprKind::Binary { op, left, right } => {
            let _ = write!(out, "(binary \"{op:?}\"");
            child_expr(model, *left, out);
            child_expr(model, *right, out);
            out.push(')');
        }
        ExprKind::Logical { op, left, right } => {
            let _ = write!(out, "(logical \"{op:?}\"");
            child_expr(model, *left, out);
            child_expr(model, *right, out);
            out.push(')');
        }
        ExprKind::Conditional {
            test,
            consequent,
            alternate,
        } => {
            out.push_str("(conditional");
            child_expr(model, *test, out);
            child_expr(model, *consequent, out);
            child_expr(model, *alternate, out);
            out.push(')');
        }
        ExprKind::Assign { op, target, value } => {
            match op {
                // The compound operator is only in the source text between target and value.
                AssignOp::Compound => {
                    let t = model.pattern(*target).span;
                    let v = model.expr(*value).span;
                    let operator = model.text_collapsed(Span::new(t.end, v.start));
                    leaf(out, "assign-op", &operator);
                    out.pop();
                }
                AssignOp::Assign => out.push_str("(assign"),
            }
            out.push(' ');
            pattern(model, *target, out);
            child_expr(model, *value, out);
            out.push(')');
        }
        ExprKind::Await { arg } => {
            out.push_str("(await");
            child_expr(model, *arg, out);
            out.push(')');
        }
        ExprKind::Yield { arg, delegate } => {
            out.push_str(if *delegate { "(yield*" } else { "(yield" });
            child_opt(model, *arg, out);
            out.push(')');
        }
        ExprKind::Function { function: f } => function(model, *f, out),
        ExprKind::Class { class } => class_node(model, *class, out),
        ExprKind::Jsx { element } => jsx(model, element, out),
        ExprKind::Sequence { exprs } => {
            out.push_str("(sequence");
            for e in exprs {
                child_expr(model, *e, out);
            }
            out.push(')');
        }
        ExprKind::Comprehension(boxed) => {
            let seam_lang::model::ComprehensionExpr {
                element,
                value,
                iterables,
                conditions,
            } = &**boxed;
            out.push_str("(comprehension");
            child_expr(model, *element, out);
            child_opt(model, *value, out);
            for e in iterables {
                child_expr(model, *e, out);
            }
            for e in conditions {
                child_expr(model, *e, out);
            }
            out.push(')');
        }
        ExprKind::Other => other(model, node.span, out),
    }
}

fn literal(value: &LiteralValue, out: &mut String) {
    match value {
        LiteralValue::String { value } => leaf(out, "string", value),
        LiteralValue::Number(number) => leaf(out, "number", &number.raw),
        LiteralValue::BigInt { raw } => leaf(out, "bigint", raw),
        LiteralValue::Bool { value } => out.push_str(if *value { "(true)" } else { "(false)" }),
        LiteralValue::Null => out.push_str("(null)"),
        LiteralValue::Undefined => out.push_str("(undefined)"),
        LiteralValue::Regex(boxed) => {
            let seam_lang::model::RegexLiteral { pattern, flags } = &**boxed;
            leaf(out, "regex", &format!("/{pattern}/{flags}"));
        }
    }
}

fn jsx(model: &Model, element: &JsxElement, out: &mut String) {
    out.push_str("(jsx ");
    leaf(out, "tag", &element.tag);
    for a in &element.attributes {
        match a {
            JsxAttribute::Named { name, value } => {
                out.push_str(" (attr ");
                leaf(out, "name", name);
                child_opt(model, *value, out);
                out.push(')');
            }
            JsxAttribute::Spread { value } => {
                out.push_str(" (spread");
                child_expr(model, *value, out);
                out.push(')');
            }
        }
    }
    for c in &element.children {
        out.push(' ');
        match c {
            JsxChild::Text(t) => leaf(out, "text", t),
            JsxChild::Expr(e) => expr(model, *e, out),
        }
    }
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::push_json_string;

    #[test]
    fn leaves_are_escaped_as_serde_json_escapes_them() {
        let mut texts: Vec<String> = (0u32..0x80)
            .filter_map(char::from_u32)
            .map(|c| format!("a{c}b"))
            .collect();
        texts.extend(
            [
                "",
                "plain",
                "\"quoted\" \\ back",
                "tab\tnew\nline\r\u{0}\u{1f}\u{7f}",
                "é ü 漢字 \u{2028}\u{2029} 😀",
                "\u{8}\u{c}",
            ]
            .map(str::to_owned),
        );
        for text in texts {
            let mut out = String::new();
            push_json_string(&mut out, &text);
            assert_eq!(
                out,
                serde_json::Value::String(text.clone()).to_string(),
                "{text:?}"
            );
        }
    }
}

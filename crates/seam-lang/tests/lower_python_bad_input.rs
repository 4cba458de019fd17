//! Input the Python lowering must survive: empty, comments only, syntax errors, absurd
//! nesting, tabs, a BOM, CRLF line endings.
#[path = "lower_python_support/mod.rs"]
mod support;

use seam_lang::lower::python::MAX_DEPTH;
use seam_lang::model::*;
use support::*;

/// Runs `f` on a thread with a small stack, as a worker thread might have.
fn on_small_stack<T: Send + 'static>(stack: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    let handle = std::thread::Builder::new()
        .stack_size(stack)
        .spawn(f)
        .unwrap_or_else(|e| panic!("could not spawn a thread: {e}"));
    handle
        .join()
        .unwrap_or_else(|_| panic!("the lowering thread panicked"))
}

/// 5,000 levels of each kind of nesting, lowered on a 2 MB stack (the default for spawned
/// threads, and rayon's): one diagnostic, a model with the deep part as `Other`.
#[test]
fn five_thousand_levels_of_nesting_do_not_overflow_the_stack() {
    let depth = 5000;
    let block = |head: &str| {
        let mut s: String = (0..depth)
            .map(|i| format!("{}{head}\n", " ".repeat(i)))
            .collect();
        s.push_str(&" ".repeat(depth));
        s.push_str("pass\n");
        s
    };
    let cases = [
        (
            "parens",
            format!("x = {}1{}\n", "(".repeat(depth), ")".repeat(depth)),
        ),
        (
            "lists",
            format!("x = {}1{}\n", "[".repeat(depth), "]".repeat(depth)),
        ),
        (
            "dicts",
            format!("x = {}1{}\n", "{1: ".repeat(depth), "}".repeat(depth)),
        ),
        (
            "calls",
            format!("x = {}1{}\n", "f(".repeat(depth), ")".repeat(depth)),
        ),
        ("sum", format!("x = 1{}\n", " + 1".repeat(depth))),
        ("attributes", format!("x = a{}\n", ".b".repeat(depth))),
        ("subscripts", format!("x = a{}\n", "[1]".repeat(depth))),
        ("nots", format!("x = {}1\n", "not ".repeat(depth))),
        ("lambdas", format!("x = {}1\n", "lambda: ".repeat(depth))),
        ("ifs", block("if x:")),
        ("defs", block("def f():")),
    ];
    for (name, src) in cases {
        let messages = on_small_stack(2 << 20, move || {
            let m = lower(&src);
            assert!(!m.body.is_empty());
            m.diagnostics
                .into_iter()
                .map(|d| d.message)
                .collect::<Vec<_>>()
        });
        let deep: Vec<&String> = messages
            .iter()
            .filter(|m| m.contains("levels deep"))
            .collect();
        assert_eq!(deep.len(), 1, "{name}: {messages:?}");
        let tail = format!(
            "nested more than {MAX_DEPTH} levels deep; seam keeps the deeper part as text only."
        );
        assert!(deep[0].ends_with(&tail), "{name}");
    }
}

/// tree-sitter reads nested f-strings with the same quote as a syntax error (pre-3.12
/// rules); 5,000 of them still lower without a crash.
#[test]
fn deeply_nested_f_strings_do_not_crash() {
    let src = format!("x = {}1{}\n", "f'{".repeat(5000), "}'".repeat(5000));
    let m = on_small_stack(2 << 20, move || lower(&src));
    assert!(!m.diagnostics.is_empty());
}

#[test]
fn nesting_below_the_limit_is_lowered_whole() {
    let src = format!("x = {}1{}\n", "[".repeat(200), "]".repeat(200));
    let m = on_small_stack(2 << 20, move || lower(&src));
    assert!(m.diagnostics.is_empty());
    assert!(!m.exprs.iter().any(|e| matches!(e.kind, ExprKind::Other)));
}

#[test]
fn empty_file_and_comment_only_file() {
    for src in [
        "",
        "# just a comment\n# another\n",
        "\n\n   \n",
        "#!/usr/bin/env python\n",
    ] {
        let m = lower(src);
        assert!(m.diagnostics.is_empty(), "{src:?}");
        assert!(m.body.is_empty(), "{src:?}");
        assert!(m.imports.is_empty() && m.functions.is_empty() && m.bindings.is_empty());
    }
    assert_eq!(
        body_of(&lower("\"\"\"Docstring.\"\"\"\n")),
        "\"Docstring.\"\n"
    );
}

#[test]
fn syntax_errors_give_diagnostics_and_a_partial_model() {
    let m = lower("import os\ndef f(:\n    x = 1\n    return x\ny = (2\nz = 3\n");
    let messages: Vec<&str> = m.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(!messages.is_empty());
    assert!(
        messages
            .iter()
            .all(|d| d.starts_with("Syntax error at line ")),
        "{messages:?}"
    );
    // The import and the function survive.
    assert_eq!(m.imports.len(), 1);
    assert!(m.functions.iter().any(|f| f.name.as_deref() == Some("f")));
    assert!(
        m.diagnostics
            .iter()
            .all(|d| d.span.end as usize <= m.source.len())
    );

    // Ruff's parser says what it expected, and why it stopped (one or two errors).
    let m = lower("def f(:\n    pass\n");
    let messages: Vec<&str> = m.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(
        messages.contains(&"Syntax error at line 1: expected `)` here."),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .all(|d| d.starts_with("Syntax error at line 1: "))
    );
    assert!(
        m.diagnostics
            .iter()
            .all(|d| (6..=8).contains(&d.span.start))
    );

    let m = lower("x = = 1\nclass :\n");
    assert!(
        m.diagnostics
            .iter()
            .any(|d| d.message.contains("unexpected")),
        "{:?}",
        m.diagnostics
    );
}

#[test]
fn garbage_input_never_panics() {
    let inputs = [
        "\u{0}\u{1}\u{2}",
        ")))(((",
        "def",
        "class",
        "@",
        "lambda",
        "f'{",
        "'''unterminated",
        "match x:\n case",
        "try:\n",
        "x: = 1",
        "\\\n\\\n",
        "async",
        "from . import",
        "import",
        "global",
        "del",
        "é = ñ + 'ü'",
        "x = '\\",
        "for in :",
        "with as:",
        "except:",
        "yield",
        "*a, *b = c",
        "print 'py2'",
        "exec 'code'",
        "nonlocal x",
        "def f():\n    nonlocal y\n    y = 1\n",
    ];
    for src in inputs {
        let m = lower(src);
        for e in &m.exprs {
            let (s, t) = (e.span.start as usize, e.span.end as usize);
            assert!(
                m.source.is_char_boundary(s) && m.source.is_char_boundary(t),
                "{src:?}"
            );
        }
    }
}

#[test]
fn tabs_and_mixed_indentation() {
    let m = lower("if x:\n\tif y:\n\t\tpass\n\tz = 1\n");
    assert_eq!(
        body_of(&m),
        "if x#-\n  if y#-\n    other<pass>\n  (z#0 = 1=1)\n"
    );
    assert!(m.diagnostics.is_empty());
    // Tabs mixed with spaces so that the two readings (a tab to the next multiple of 8, or
    // one column) disagree is a `TabError` in CPython. Ruff's parser keeps every statement
    // (here `z = 1` ends up in the inner `if`); tree-sitter put it in the outer one.
    let m = lower("if x:\n\tif y:\n\t\tpass\n        z = 1\n");
    assert!(body_of(&m).contains("(z#0 = 1=1)"), "{}", body_of(&m));
}

#[test]
fn a_byte_order_mark_is_skipped_and_offsets_stay_in_the_file() {
    let m = lower("\u{feff}import os\nx = os.sep\n");
    assert!(m.diagnostics.is_empty());
    assert_eq!(m.imports[0].span, Span::new(3, 12));
    assert_eq!(m.text(m.imports[0].span), "import os");
    assert_eq!(body_of(&m), "import#0\n(x#1 = os#0.sep)\n");
}

#[test]
fn crlf_line_endings() {
    let m = lower(
        "def f(a):\r\n    if a:\r\n        return 'x'\r\n    return \"\"\"l1\r\nl2\"\"\"\r\n",
    );
    assert!(m.diagnostics.is_empty());
    assert_eq!(
        body_of(&m),
        "def#0 f\n  if a#1\n    return \"x\"\n  return \"l1\\nl2\"\n"
    );
    let FunctionBody::Block(body) = &m.functions[0].body else {
        panic!()
    };
    let (start, end) = m.position(m.stmt(body[1]).span);
    assert_eq!((start.line, start.column, end.line), (4, 4, 5));
}

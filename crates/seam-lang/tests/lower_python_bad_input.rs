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

#[test]
fn deep_nesting_probe() {
    let depth: usize = std::env::var("DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(5000);
    let stack: usize = std::env::var("STACK")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(8 << 20);
    let kind = std::env::var("KIND").unwrap_or_default();
    let src = match kind.as_str() {
        "list" => format!("x = {}1{}\n", "[".repeat(depth), "]".repeat(depth)),
        "add" => format!("x = 1{}\n", " + 1".repeat(depth)),
        "attr" => format!("x = a{}\n", ".b".repeat(depth)),
        "not" => format!("x = {}1\n", "not ".repeat(depth)),
        "call" => format!("x = {}1{}\n", "f(".repeat(depth), ")".repeat(depth)),
        "if" => {
            (0..depth)
                .map(|i| format!("{}if x:\n", " ".repeat(i)))
                .collect::<String>()
                + &" ".repeat(depth)
                + "pass\n"
        }
        "def" => {
            (0..depth)
                .map(|i| format!("{}def f():\n", " ".repeat(i)))
                .collect::<String>()
                + &" ".repeat(depth)
                + "pass\n"
        }
        "lambda" => format!("x = {}1\n", "lambda: ".repeat(depth)),
        "dict" => format!("x = {}1{}\n", "{1: ".repeat(depth), "}".repeat(depth)),
        "fstr" => format!("x = {}1{}\n", "f'{".repeat(depth), "}'".repeat(depth)),
        "sub" => format!("x = a{}\n", "[1]".repeat(depth)),
        _ => format!("x = {}1{}\n", "(".repeat(depth), ")".repeat(depth)),
    };
    let n = on_small_stack(stack, move || {
        lower(&src)
            .diagnostics
            .iter()
            .map(|d| d.message.clone())
            .collect::<Vec<_>>()
    });
    println!("diagnostics {n:?}");
}

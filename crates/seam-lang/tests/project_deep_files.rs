//! Pathologically nested JS/TS files through `load_project`: oxc recurses per nesting level
//! with no limit of its own, and a stack overflow would abort the whole process, so the
//! driver lowers a file whose stack bound exceeds the pool's stack on a thread sized for it.
//! Each file here needs more than the default 64 MiB pool stack in a debug build.
use seam_lang::model::{ExprKind, Model, StmtKind};
use seam_lang::project::{
    DEFAULT_STACK_SIZE, Project, ProjectOptions, js_stack_bound, load_project,
};
use std::path::Path;

fn load(root: &Path, threads: usize) -> Project {
    let options = ProjectOptions {
        threads: Some(threads),
        ..ProjectOptions::default()
    };
    load_project(root, &options).expect("the tree loads")
}

fn nesting_diagnostics(m: &Model) -> usize {
    m.diagnostics
        .iter()
        .filter(|d| d.message.contains("nested more than 1000 levels"))
        .count()
}

#[test]
fn a_100000_term_sum_and_100000_nested_brackets_lower_without_crashing() {
    let dir = tempfile::tempdir().unwrap();
    let terms = 100_000;
    let sum = format!("export const x = a{};\n", "+a".repeat(terms - 1));
    let parens = format!("y = {}1{};\n", "(".repeat(terms), ")".repeat(terms));
    let objects = format!("z = {}1{};\n", "{a:".repeat(terms), "}".repeat(terms));
    let nots = format!("w = {}a;\n", "!".repeat(terms));
    std::fs::write(dir.path().join("sum.js"), &sum).unwrap();
    std::fs::write(dir.path().join("parens.ts"), &parens).unwrap();
    std::fs::write(dir.path().join("objects.js"), &objects).unwrap();
    std::fs::write(dir.path().join("nots.ts"), &nots).unwrap();
    std::fs::write(dir.path().join("small.ts"), "export const s = 1 + 2;\n").unwrap();
    // Brackets go to a thread of their own in every build; the sum and the `!`s only in an
    // unoptimised one (an optimised build needs under 16 MiB for them, within the pool's).
    for text in [&parens, &objects] {
        assert!(js_stack_bound(text) > DEFAULT_STACK_SIZE);
    }
    if cfg!(debug_assertions) {
        for text in [&sum, &nots] {
            assert!(js_stack_bound(text) > DEFAULT_STACK_SIZE);
        }
    }

    let p = load(dir.path(), 2);
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    let paths: Vec<&str> = p.models.iter().map(|m| m.path.as_str()).collect();
    assert_eq!(
        paths,
        ["nots.ts", "objects.js", "parens.ts", "small.ts", "sum.js"]
    );

    // The sum: one statement, the lowering cut it at its depth limit with one diagnostic.
    let m = p.model("sum.js").unwrap();
    assert_eq!(m.body.len(), 1);
    assert_eq!(nesting_diagnostics(m), 1);
    assert_eq!(m.exports.len(), 1);
    assert_eq!(m.exports[0].exported, "x");
    // Parentheses are unwrapped, so the literal is all that is left of 100,000 levels.
    let m = p.model("parens.ts").unwrap();
    assert_eq!(nesting_diagnostics(m), 0);
    let StmtKind::Expr { expr } = &m.stmt(m.body[0]).kind else {
        panic!("an expression statement: {:?}", m.stmt(m.body[0]).kind);
    };
    let ExprKind::Assign { value, .. } = &m.expr(*expr).kind else {
        panic!("an assignment: {:?}", m.expr(*expr).kind);
    };
    assert_eq!(m.expr_text(*value), "1");
    for path in ["objects.js", "nots.ts"] {
        assert_eq!(nesting_diagnostics(p.model(path).unwrap()), 1, "{path}");
    }
    assert!(p.model("small.ts").unwrap().diagnostics.is_empty());

    // Same bytes on one thread.
    let one = serde_json::to_string(&load(dir.path(), 1)).unwrap();
    assert_eq!(one, serde_json::to_string(&p).unwrap());
}

#[test]
fn stack_bound_sums_a_worst_case_per_byte() {
    let base = 8 * 1024 * 1024;
    let factor = if cfg!(debug_assertions) { 16 } else { 1 };
    assert_eq!(js_stack_bound(""), base);
    // Blanks cost nothing; `(`, `[`, `{`, `<` and backquotes 4 KiB; `?`, `:`, `=`, `>`
    // 1 KiB; anything else 256 bytes.
    assert_eq!(js_stack_bound(" \t\r\n"), base);
    assert_eq!(js_stack_bound("(a)"), base + factor * (4096 + 256 + 256));
    assert_eq!(
        js_stack_bound("x => y"),
        base + factor * (256 + 1024 + 1024 + 256)
    );
    assert_eq!(
        js_stack_bound("`${é}`"),
        base + factor * (4096 + 256 + 4096 + 2 * 256 + 256 + 4096)
    );
}

#[test]
fn a_file_beyond_the_largest_dedicated_stack_is_parse_failed_with_a_reason() {
    use seam_lang::project::{MAX_DEDICATED_STACK, SkipReason, SkippedFile};
    let factor = if cfg!(debug_assertions) { 16 } else { 1 };
    // Enough `(` for the bound to pass the limit; it is refused before any thread starts.
    let opens = MAX_DEDICATED_STACK / (4096 * factor) + 1;
    let text = format!("x = {}", "(".repeat(opens));
    let bound = js_stack_bound(&text);
    assert!(bound > MAX_DEDICATED_STACK);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("wall.js"), &text).unwrap();
    let options = ProjectOptions {
        max_file_size: 64 * 1024 * 1024,
        ..ProjectOptions::default()
    };
    let p = load_project(dir.path(), &options).expect("the tree loads");
    assert!(p.models.is_empty());
    assert_eq!(
        p.skipped,
        [SkippedFile {
            path: "wall.js".into(),
            reason: SkipReason::ParseFailed {
                message: format!(
                    "the file is too deeply nested to parse safely: it could need {} MiB of \
                     stack, more than the 16384 MiB seam allows. Exclude it (it is most likely \
                     generated).",
                    bound.div_ceil(1024 * 1024)
                )
            }
        }]
    );
}

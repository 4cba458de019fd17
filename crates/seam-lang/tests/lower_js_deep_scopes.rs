//! Code nested deeper than 1,000 scopes (where the lowering stops anyway) is cut off before scope analysis (oxc_semantic resolves
//! each identifier by walking up its scope chain, so deep nesting cost time quadratic in the
//! file's size: 295,000 nested `if(a){` took 135 s). Each cut gets one diagnostic, and the
//! code around it is still lowered. The time itself is measured by scripts/bench_nesting.sh.
use seam_lang::model::{Language, Model};
use seam_lang::project::lower_text_guarded;

fn lower(path: &str, language: Language, text: &str) -> Model {
    lower_text_guarded(path, language, text).unwrap_or_else(|e| panic!("{e}"))
}

fn cuts(m: &Model) -> Vec<&str> {
    m.diagnostics
        .iter()
        .filter(|d| d.message.contains("scopes deep"))
        .map(|d| d.message.as_str())
        .collect()
}

#[test]
fn blocks_nested_past_the_limit_are_cut_once_with_a_diagnostic() {
    let depth = 3_000;
    let text = format!(
        "export const before = 1;\n{}{}\nexport const after = 2;\n",
        "if (a) {\n".repeat(depth),
        "}\n".repeat(depth)
    );
    let m = lower("deep.ts", Language::TypeScript, &text);
    // The lowering's own cut (an `if` and its block are two levels) comes first and covers
    // the scope cut, so one diagnostic says where the code stops being read.
    let messages: Vec<&str> = m.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        vec![
            "The code at line 502 is nested more than 1000 levels deep; seam keeps the deeper part as text only."
        ]
    );
    let exported: Vec<&str> = m.exports.iter().map(|e| e.exported.as_str()).collect();
    assert!(
        exported.contains(&"before") && exported.contains(&"after"),
        "{exported:?}"
    );
}

#[test]
fn functions_arrows_and_loops_are_cut_too() {
    let depth = 2_000;
    for (path, language, text) in [
        (
            "f.js",
            Language::JavaScript,
            format!(
                "{}{}",
                "function f() {\n".repeat(depth),
                "}\n".repeat(depth)
            ),
        ),
        (
            "a.ts",
            Language::TypeScript,
            format!("x = {}a;\n", "a => ".repeat(depth)),
        ),
        (
            "l.ts",
            Language::TypeScript,
            format!("{};\n", "for (let i of a) ".repeat(depth)),
        ),
    ] {
        let m = lower(path, language, &text);
        assert_eq!(cuts(&m).len(), 1, "{path}: {:?}", m.diagnostics);
    }
}

#[test]
fn nesting_within_the_limit_is_not_cut() {
    let depth = 900;
    let text = format!("{}{}", "if (a) {\n".repeat(depth), "}\n".repeat(depth));
    let m = lower("ok.ts", Language::TypeScript, &text);
    assert!(cuts(&m).is_empty(), "{:?}", m.diagnostics);
}

//! A `.sussignore.yml` nested thousands of brackets deep is refused at once with its line,
//! before the YAML parser spends time superquadratic in the nesting.

use seam_check::suppressions::parse_suppressions;

#[test]
fn deep_flow_nesting_is_refused_with_its_line() {
    let depth = 80_000;
    let text = format!(
        "version: 1\nrules:\n  - kind: {}{}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let error = parse_suppressions(&text, ".sussignore.yml", false)
        .expect_err("too deep")
        .to_string();
    assert!(
        error.contains(
            "the YAML is nested more than 120 brackets deep at line 3, column 131; seam reads at most 120 levels"
        ),
        "{error}"
    );
    assert!(error.contains(".sussignore.yml"), "{error}");
}

//! Fingerprint invariance on real scans: renaming a parameter leaves `api` alone; adding a
//! guard changes `logic`; a comment changes nothing; adding a decorator changes `api`;
//! a statement change moves `syntax` only.

mod support;

use seam_ir::review::Fingerprint;
use support::*;

fn fingerprint_of(file: &str, text: &str, id: &str) -> Fingerprint {
    let dir = repo(&[(file, text)]);
    let doc = scan_dir(dir.path(), 1);
    symbol(&doc, id).fingerprint.clone()
}

const BASE: &str = "export function charge(amount: number, note: string): number {\n  if (amount < 0) {\n    throw new RangeError('negative');\n  }\n  return amount * 2;\n}\n";
const ID: &str = "ts:src/pay.ts#charge";

#[test]
fn renaming_a_parameter_leaves_api_alone() {
    let base = fingerprint_of("src/pay.ts", BASE, ID);
    let renamed = fingerprint_of(
        "src/pay.ts",
        &BASE.replace("note: string", "memo: string"),
        ID,
    );
    assert_eq!(base.api, renamed.api);
    assert_eq!(base.logic, renamed.logic);
}

#[test]
fn adding_a_guard_changes_logic() {
    let base = fingerprint_of("src/pay.ts", BASE, ID);
    let guarded = fingerprint_of(
        "src/pay.ts",
        &BASE.replace(
            "  return amount",
            "  if (!note) {\n    return 0;\n  }\n  return amount",
        ),
        ID,
    );
    assert_eq!(base.api, guarded.api);
    assert_ne!(base.logic, guarded.logic);
    assert_ne!(base.syntax, guarded.syntax);
}

#[test]
fn a_comment_or_formatting_changes_nothing() {
    let base = fingerprint_of("src/pay.ts", BASE, ID);
    let commented = fingerprint_of(
        "src/pay.ts",
        &BASE
            .replace(
                "  return amount * 2;",
                "  // doubled on purpose\n  return   amount /* twice */ *\n     2; /* x */",
            )
            .replace(
                "if (amount < 0) {",
                "if (amount /* signed */ < 0)   {  // guard",
            ),
        ID,
    );
    assert_eq!(base, commented);
}

#[test]
fn adding_a_decorator_changes_api() {
    let class = "export class Pay {\n  charge(amount: number) {\n    return amount + 1;\n  }\n}\n";
    let decorated = class.replace("  charge(", "  @Audited()\n  charge(");
    let id = "ts:src/pay.ts#Pay.charge";
    let base = fingerprint_of("src/pay.ts", class, id);
    let with = fingerprint_of("src/pay.ts", &decorated, id);
    assert_ne!(base.api, with.api);
    assert_eq!(base.logic, with.logic);
}

#[test]
fn identifier_and_literal_changes_move_syntax_only() {
    let base = fingerprint_of("src/pay.ts", BASE, ID);
    let literal = fingerprint_of("src/pay.ts", &BASE.replace("amount * 2", "amount * 3"), ID);
    assert_ne!(base.syntax, literal.syntax);
    assert_eq!(base.api, literal.api);
    let operator = fingerprint_of("src/pay.ts", &BASE.replace("amount * 2", "amount + 2"), ID);
    assert_ne!(base.syntax, operator.syntax);
}

#[test]
fn python_comment_changes_nothing_and_body_change_moves_syntax() {
    let py = "def total(items):\n    if not items:\n        return 0\n    return sum(items) + 1\n";
    let id = "py:calc.py#total";
    let base = fingerprint_of("calc.py", py, id);
    let commented = fingerprint_of(
        "calc.py",
        &py.replace("    return 0\n", "    return 0  # empty\n\n"),
        id,
    );
    assert_eq!(base, commented);
    let changed = fingerprint_of("calc.py", &py.replace("+ 1", "+ 2"), id);
    assert_ne!(base.syntax, changed.syntax);
}

#[test]
fn no_rules_no_effects_is_the_known_logic_vector() {
    let fp = fingerprint_of(
        "src/a.ts",
        "export function f(): void {\n  g();\n}\n",
        "ts:src/a.ts#f",
    );
    assert_eq!(fp.logic, "a0af04270155");
}

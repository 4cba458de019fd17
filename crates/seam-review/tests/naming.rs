//! Symbol naming on real code that makes Aburi abort: `const X` + `type X`, getter/setter
//! pairs, overloads; and the §3.2 member-name rules.

mod support;

use support::*;

#[test]
fn const_and_type_with_one_name_get_distinct_ids() {
    let dir = repo(&[(
        "src/status.ts",
        "export const Status = { Active: 'active' } as const;\nexport type Status = typeof Status[keyof typeof Status];\nexport interface Shape { a: number }\nexport interface Shape { b: number }\n",
    )]);
    let text = scan_text(dir.path());
    let doc = seam_ir::review::read_document(&text).unwrap();
    assert_eq!(
        ids(&doc),
        vec![
            "ts:src/status.ts#Shape",
            "ts:src/status.ts#Status",
            "ts:src/status.ts#Status__type",
        ]
    );
    let ty = symbol(&doc, "ts:src/status.ts#Status__type");
    assert_eq!(ty.kind, seam_ir::review::SymbolKind::Type);
    assert!(
        ty.derived_by
            .contains(&"type-space-of-value-name".to_owned())
    );
    // Two interface declarations merge into one Symbol spanning both.
    let shape = symbol(&doc, "ts:src/status.ts#Shape");
    assert_eq!((shape.source.start_line, shape.source.end_line), (3, 4));
}

#[test]
fn getter_setter_pairs_fold_into_one_symbol() {
    let dir = repo(&[(
        "src/box.ts",
        "export class Box {\n  private v = 0;\n  get value(): number {\n    return this.v;\n  }\n  set value(next: number) {\n    if (next < 0) {\n      throw new Error('neg');\n    }\n    this.v = next;\n  }\n}\n",
    )]);
    let doc = scan_dir(dir.path(), 1);
    assert_eq!(
        ids(&doc),
        vec!["ts:src/box.ts#Box", "ts:src/box.ts#Box.value"]
    );
    let value = symbol(&doc, "ts:src/box.ts#Box.value");
    let sig = value.signature.as_ref().unwrap();
    assert_eq!(sig.outputs, vec!["number".to_owned()]);
    assert_eq!(sig.inputs[0].name, "next");
    assert_eq!(value.rules.len(), 2, "guard and throw from the setter");
    assert_eq!((value.source.start_line, value.source.end_line), (3, 11));
    assert!(value.derived_by.contains(&"merged-declaration".to_owned()));
}

#[test]
fn overloads_fold_onto_the_implementation() {
    let dir = repo(&[(
        "src/parse.ts",
        "export function parse(x: string): number;\nexport function parse(x: number): number;\nexport function parse(x: any): number {\n  return Number(x) + 1;\n}\n",
    )]);
    let doc = scan_dir(dir.path(), 1);
    assert_eq!(ids(&doc), vec!["ts:src/parse.ts#parse"]);
    let parse = symbol(&doc, "ts:src/parse.ts#parse");
    assert!(!parse.dropped);
    assert_eq!(parse.signature.as_ref().unwrap().inputs[0].type_text, "any");
    assert_eq!(parse.rules.len(), 1);
}

#[test]
fn member_names_follow_section_3_2() {
    let dir = repo(&[(
        "src/c.ts",
        "export class C {\n  static make() { return new C(); }\n  'quoted'() { go(); }\n  'a-b'() { go(); }\n  1() { go(); }\n  [Symbol.iterator]() { go(); }\n  #secret() { go(); }\n}\nexport default function () { go(); }\nexport const { a, b: renamed } = source();\nfunction go() {}\n",
    )]);
    let doc = scan_dir(dir.path(), 1);
    assert_eq!(
        ids(&doc),
        vec![
            "ts:src/c.ts#<default>",
            "ts:src/c.ts#C",
            "ts:src/c.ts#C.quoted",
            "ts:src/c.ts#C.secret",
            "ts:src/c.ts#C::make",
            "ts:src/c.ts#a",
            "ts:src/c.ts#go",
            "ts:src/c.ts#renamed",
        ]
    );
    assert_eq!(
        symbol(&doc, "ts:src/c.ts#C.secret").visibility,
        seam_ir::review::Visibility::Private
    );
    // `go` is empty: dropped, kept with its reason.
    let go = symbol(&doc, "ts:src/c.ts#go");
    assert_eq!(go.drop_reason.as_deref(), Some("empty body"));
    // Calls into a dropped Symbol stay unresolved.
    assert_eq!(
        symbol(&doc, "ts:src/c.ts#<default>").calls[0].resolved,
        None
    );
}

#[test]
fn dto_and_constant_classes_are_dropped() {
    let dir = repo(&[(
        "src/m.ts",
        "export class Dto { name: string; age?: number; }\nexport class Limits { static readonly MAX = 3; static readonly MIN = 1; }\nexport class Empty {}\n",
    )]);
    let doc = scan_dir(dir.path(), 1);
    assert_eq!(
        symbol(&doc, "ts:src/m.ts#Dto").drop_reason.as_deref(),
        Some("pure DTO")
    );
    assert_eq!(
        symbol(&doc, "ts:src/m.ts#Limits").drop_reason.as_deref(),
        Some("pure constants")
    );
    assert!(!symbol(&doc, "ts:src/m.ts#Empty").dropped);
    assert_eq!(doc.stats.dropped_symbols, 2);
}

#[test]
fn re_exports_are_dropped_and_calls_follow_them() {
    let dir = repo(&[
        (
            "src/impl.ts",
            "export function work(n: number) { return n * 2 + 1; }\n",
        ),
        (
            "src/index.ts",
            "export { work as run } from './impl';\nexport * from './impl';\n",
        ),
        (
            "src/main.ts",
            "import { run } from './index';\nexport function main() { return run(1); }\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let run = symbol(&doc, "ts:src/index.ts#run");
    assert_eq!(run.drop_reason.as_deref(), Some("re-export"));
    assert_eq!(
        symbol(&doc, "ts:src/main.ts#main").calls[0]
            .resolved
            .as_deref(),
        Some("ts:src/impl.ts#work")
    );
    assert_valid(&seam_ir::review::to_canonical_json(&doc, true).unwrap());
}

#[test]
fn constructor_assigned_fields_resolve_in_both_languages() {
    let dir = repo(&[
        (
            "app/repo.py",
            "class Repo:\n    def find(self, key):\n        return self.rows[key] + 1\n",
        ),
        (
            "app/svc.py",
            "from .repo import Repo\n\n\nclass Svc:\n    def __init__(self, repo: Repo):\n        self.repo = repo\n\n    def get(self, key):\n        return self.repo.find(key)\n",
        ),
        ("app/__init__.py", ""),
        (
            "src/repo.ts",
            "export class Repo {\n  find(key: string) { return key.length + 1; }\n}\n",
        ),
        (
            "src/svc.ts",
            "import { Repo } from './repo';\nexport class Svc {\n  private repo: Repo;\n  constructor(repo: Repo) {\n    this.repo = repo;\n  }\n  get(key: string) { return this.repo.find(key); }\n}\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    assert_eq!(
        symbol(&doc, "py:app/svc.py#Svc.get").calls[0]
            .resolved
            .as_deref(),
        Some("py:app/repo.py#Repo.find")
    );
    assert_eq!(
        symbol(&doc, "ts:src/svc.ts#Svc.get").calls[0]
            .resolved
            .as_deref(),
        Some("ts:src/repo.ts#Repo.find")
    );
}

//! Dependencies beyond call edges (spec §11): class heritage as `inherit` / `implement`
//! Symbol edges; and the `ambiguous` bucket of the call-resolution census (§2.6).

mod support;

use support::*;

fn edges(doc: &seam_ir::review::Document) -> Vec<(String, String, String)> {
    doc.dependencies
        .iter()
        .map(|d| (d.from.clone(), d.to.clone(), d.via.as_str().to_owned()))
        .collect()
}

fn e(from: &str, to: &str, via: &str) -> (String, String, String) {
    (from.to_owned(), to.to_owned(), via.to_owned())
}

#[test]
fn extends_and_implements_become_symbol_edges() {
    let dir = repo(&[
        (
            "src/contracts.ts",
            "export interface Repo { find(id: string): string }\nexport class Base { log(m: string) { return m + '!'; } }\n",
        ),
        (
            "src/users.ts",
            "import { Base, Repo } from './contracts';\nimport { External } from 'lib';\nexport class UserRepo extends Base implements Repo, External {\n  find(id: string) { return this.log(id); }\n}\n",
        ),
        (
            "app/models.py",
            "class Model:\n    def save(self):\n        return 1 + 1\n",
        ),
        (
            "app/user.py",
            "from app.models import Model\n\nclass User(Model):\n    def name(self):\n        return 'n' + 'm'\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    assert_eq!(
        edges(&doc),
        vec![
            e("py:app/user.py#User", "py:app/models.py#Model", "inherit"),
            e(
                "ts:src/users.ts#UserRepo",
                "ts:src/contracts.ts#Base",
                "inherit"
            ),
            e(
                "ts:src/users.ts#UserRepo",
                "ts:src/contracts.ts#Repo",
                "implement"
            ),
        ]
    );
    assert!(symbol(&doc, "ts:src/contracts.ts#Repo").dropped);
    assert_valid(&seam_ir::review::to_canonical_json(&doc, true).unwrap_or_else(|e| panic!("{e}")));
}

#[test]
fn conditional_imports_reaching_two_symbols_are_ambiguous() {
    let dir = repo(&[
        ("fast.py", "def encode(x):\n    return x * 2\n"),
        ("slow.py", "def encode(x):\n    return x + x\n"),
        (
            "main.py",
            "try:\n    from fast import encode\nexcept ImportError:\n    from slow import encode\n\ndef run(v):\n    return encode(v)\n",
        ),
        (
            "only.py",
            "try:\n    from fast import encode\nexcept ImportError:\n    from ujson import encode\n\ndef run(v):\n    return encode(v)\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let run = symbol(&doc, "py:main.py#run");
    assert_eq!(run.calls.len(), 1);
    assert_eq!(run.calls[0].resolved, None);
    // The other file's second way is a package: the one repository way wins.
    assert_eq!(
        symbol(&doc, "py:only.py#run").calls[0].resolved.as_deref(),
        Some("py:fast.py#encode")
    );
    let census = doc.stats.call_resolution.clone().unwrap_or_default();
    assert_eq!(census.total_calls, 2);
    assert_eq!(census.resolved_calls, 1);
    assert_eq!(census.unresolved.ambiguous, 1);
    assert_valid(&seam_ir::review::to_canonical_json(&doc, true).unwrap_or_else(|e| panic!("{e}")));
}

#[test]
fn a_member_call_on_a_union_of_classes_is_ambiguous() {
    let dir = repo(&[
        (
            "src/stores.ts",
            "export class MemStore { save(v: string) { return v + '1'; } }\nexport class DbStore { save(v: string) { return v + '2'; } }\n",
        ),
        (
            "src/service.ts",
            "import { MemStore, DbStore } from './stores';\nexport class Service {\n  constructor(private readonly store: MemStore | DbStore, private readonly mem: MemStore | null) {}\n  put(v: string) { return this.store.save(v); }\n  keep(v: string) { return this.mem.save(v); }\n}\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    assert_eq!(
        symbol(&doc, "ts:src/service.ts#Service.put").calls[0].resolved,
        None
    );
    assert_eq!(
        symbol(&doc, "ts:src/service.ts#Service.keep").calls[0]
            .resolved
            .as_deref(),
        Some("ts:src/stores.ts#MemStore.save")
    );
    let census = doc.stats.call_resolution.clone().unwrap_or_default();
    assert_eq!(census.unresolved.ambiguous, 1);
    assert_valid(
        &seam_ir::review::to_canonical_json(&doc, false).unwrap_or_else(|e| panic!("{e}")),
    );
}

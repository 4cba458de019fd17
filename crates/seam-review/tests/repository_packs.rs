//! A repository's own packs (`.seam/packs/*.yaml`) teach the review IR as the built-in ones
//! do: their `review:` section classifies decorators and effects, and names a plugin.

mod support;
use support::*;

const PACK: &str = r#"
name: acme-rpc
languages: [typescript]
kind: handler
binding: { transport: http, protocol: rest }
detect: { npm: ["@acme/rpc"] }
review:
  functionDecorators:
    - names: [Procedure]
      extKind: framework:acme-rpc:procedure
      boundary: true
  effects:
    - match: ["ledger.{debit,credit}"]
      effect: x-acme-rpc:ledger-write
"#;

const SOURCE: &str = r#"import { Procedure } from "@acme/rpc";
import { ledger } from "./ledger";

export class Payments {
  @Procedure("pay")
  pay(amount: number) {
    ledger.debit(amount);
  }
}
"#;

#[test]
fn a_repository_pack_classifies_symbols_and_effects() {
    let dir = repo(&[
        (".seam/packs/acme-rpc.yaml", PACK),
        (
            "package.json",
            r#"{"name":"shop","dependencies":{"@acme/rpc":"1"}}"#,
        ),
        ("src/payments.ts", SOURCE),
        (
            "src/ledger.ts",
            "export const ledger = { debit(n: number) {}, credit(n: number) {} };\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let pay = symbol(&doc, "ts:src/payments.ts#Payments.pay");
    assert_eq!(
        pay.ext_kind.as_deref(),
        Some("framework:acme-rpc:procedure")
    );
    assert!(pay.decorators[0].boundary);
    assert_eq!(pay.effects[0].id, "x-acme-rpc:ledger-write");
    assert_eq!(pay.effects[0].plugin, "framework-acme-rpc");
    assert!(
        doc.generator
            .plugins
            .iter()
            .any(|p| p.name == "framework-acme-rpc")
    );
    assert_eq!(doc.components[0].frameworks, vec!["acme-rpc".to_owned()]);
    assert_valid(&seam_ir::review::to_canonical_json(&doc, true).unwrap());
}

#[test]
fn a_broken_repository_pack_is_an_error_naming_the_file() {
    let dir = repo(&[
        (
            ".seam/packs/bad.yaml",
            "name: bad\nlanguages: [python]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { always: true }\nreview:\n  effects:\n    - match: [x]\n      effect: db.delete\n",
        ),
        ("app.py", "x()\n"),
    ]);
    let err = seam_review::scan(dir.path(), &seam_review::ScanOptions::default())
        .expect_err("the pack is refused");
    let message = err.to_string();
    assert!(message.contains("bad.yaml:9"), "{message}");
    assert!(message.contains("db.delete"), "{message}");
}

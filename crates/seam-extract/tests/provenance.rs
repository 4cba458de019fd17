//! Provenance: where each column a store access writes, or selects rows by, and each field a
//! request sends in its body, got its value, in the transition's `provenance` field (an input
//! path, a conversion of one, a literal, or where the reading stopped).

use std::path::Path;

use seam_lang::project::{ProjectOptions, load_project};
use seam_packs::Detection;

/// `unit slot effect name <- from (JSON)` for every provenance entry, in summary order.
fn provenance() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/provenance");
    let project = match load_project(&root, &ProjectOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("fixture does not load: {e}"),
    };
    let packs = match seam_packs::builtin_packs() {
        Ok(p) => p,
        Err(e) => panic!("built-in packs do not load: {e}"),
    };
    let detection = Detection::from_project(&project.manifests);
    let run = seam_extract::extract(
        &project.models,
        &detection,
        &packs,
        &seam_extract::ExtractOptions::default(),
    );
    let mut out = Vec::new();
    for s in &run.summaries {
        for t in &s.transitions {
            for p in t.provenance.iter().flatten() {
                out.push(format!(
                    "{} {} {} {} <- {}",
                    s.identity.name,
                    p.at.slot.as_str(),
                    p.at.effect,
                    p.at.name,
                    serde_json::to_string(&p.from).unwrap_or_default()
                ));
            }
        }
    }
    out
}

#[test]
fn written_and_selecting_columns_say_where_their_values_came_from() {
    assert_eq!(
        provenance(),
        [
            // A request body: fetch's `body` option through `JSON.stringify`, in the handler
            // and in the client unit of the call.
            r#"post field 2 orderId <- [{"type":"input","inputRef":"req","path":["params","id"]}]"#,
            r#"post field 2 amount <- [{"type":"derived","from":{"type":"input","inputRef":"req","path":["body","total"]},"derivation":{"type":"methodCall","method":"Number","args":[]}}]"#,
            r#"post field 2 currency <- [{"type":"literal","value":"EUR"}]"#,
            r#"anonymous field 2 orderId <- [{"type":"input","inputRef":"req","path":["params","id"]}]"#,
            r#"anonymous field 2 amount <- [{"type":"derived","from":{"type":"input","inputRef":"req","path":["body","total"]},"derivation":{"type":"methodCall","method":"Number","args":[]}}]"#,
            r#"anonymous field 2 currency <- [{"type":"literal","value":"EUR"}]"#,
            // axios's second argument, held in a local name, from the function's parameters.
            r#"refund field 0 orderId <- [{"type":"input","inputRef":"order","path":["id"]}]"#,
            r#"refund field 0 reason <- [{"type":"input","inputRef":"reason","path":[]}]"#,
            r#"post field 0 archivedAt <- [{"type":"literal","value":"now"}]"#,
            r#"post selector 0 id <- [{"type":"input","inputRef":"req","path":["body","id"]}]"#,
            r#"put field 2 note <- [{"type":"input","inputRef":"req","path":["body","note"]}]"#,
            r#"put field 2 tenant <- [{"type":"unresolved","sourceText":"tenantOf(req)"}]"#,
            r#"put field 2 status <- [{"type":"literal","value":"open"}]"#,
            r#"put selector 2 id <- [{"type":"derived","from":{"type":"input","inputRef":"req","path":["params","id"]},"derivation":{"type":"methodCall","method":"Number","args":[]}}]"#,
        ]
    );
}

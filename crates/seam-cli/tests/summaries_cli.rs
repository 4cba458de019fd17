//! `seam summaries` and `seam schema summaries`, run as the built binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn seam(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_seam")).args(args).output() {
        Ok(output) => output,
        Err(e) => panic!("could not run seam: {e}"),
    }
}

/// A fresh directory for one test under cargo's scratch space.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("summaries_cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("could not create {}: {e}", dir.display());
    }
    dir
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        panic!("could not write {}: {e}", path.display());
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A version-1 summary (no schemaVersion, "" for an unknown method, no id), indented.
const V1: &str = r#"[
  {
    "kind": "handler",
    "location": { "file": "src/a.ts", "range": { "start": 1, "end": 5 }, "exportName": "a" },
    "identity": {
      "name": "a",
      "exportPath": ["a"],
      "boundaryBinding": { "transport": "http", "semantics": { "name": "rest", "method": "", "path": "/a" }, "recognition": "express" }
    },
    "inputs": [],
    "transitions": [],
    "gaps": [],
    "confidence": { "source": "inferred_static", "level": "high" }
  }
]"#;

const V7_LINE: &str = r#"{"kind":"client","location":{"file":"src/b.ts","range":{"start":2,"end":3},"exportName":null},"identity":{"name":"b","exportPath":null,"boundaryBinding":null,"id":"src/b.ts::b"},"inputs":[],"transitions":[],"gaps":[],"confidence":{"source":"inferred_static","level":"high"},"schemaVersion":7}"#;

const V1_AS_V7: &str = r#"{"kind":"handler","location":{"file":"src/a.ts","range":{"start":1,"end":5},"exportName":"a"},"identity":{"name":"a","exportPath":["a"],"boundaryBinding":{"transport":"http","semantics":{"name":"rest","method":null,"path":"/a"},"recognition":"express"},"id":"src/a.ts::a"},"inputs":[],"transitions":[],"gaps":[],"confidence":{"$def":1,"$value":{"source":"inferred_static","level":"high"}},"schemaVersion":7}"#;

#[test]
fn files_of_any_version_become_one_v7_file_on_stdout() {
    let dir = scratch("stdout");
    let old = dir.join("old.json");
    let new = dir.join("new.json");
    write(&old, V1);
    write(&new, &format!("[\n{V7_LINE}\n]\n"));
    let output = seam(&["summaries", &old.to_string_lossy(), &new.to_string_lossy()]);
    assert_eq!(text(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
    let b_shared = V7_LINE.replace(
        r#""confidence":{"source":"inferred_static","level":"high"}"#,
        r#""confidence":{"$ref":1}"#,
    );
    assert_eq!(
        text(&output.stdout),
        format!("[\n{V1_AS_V7},\n{b_shared}\n]\n")
    );

    let expanded = seam(&[
        "summaries",
        "--expand",
        &old.to_string_lossy(),
        &new.to_string_lossy(),
    ]);
    assert_eq!(expanded.status.code(), Some(0));
    let a_expanded = V1_AS_V7.replace(
        r#"{"$def":1,"$value":{"source":"inferred_static","level":"high"}}"#,
        r#"{"source":"inferred_static","level":"high"}"#,
    );
    assert_eq!(
        text(&expanded.stdout),
        format!("[\n{a_expanded},\n{V7_LINE}\n]\n")
    );
}

#[test]
fn output_goes_to_the_named_file() {
    let dir = scratch("output");
    let input = dir.join("in.json");
    let out = dir.join("out.json");
    write(&input, &format!("[\n{V7_LINE}\n]\n"));
    let output = seam(&[
        "summaries",
        &input.to_string_lossy(),
        "-o",
        &out.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap_or_default(),
        format!("[\n{V7_LINE}\n]\n")
    );
}

#[test]
fn malformed_input_names_file_and_line_exits_2_and_writes_nothing() {
    let dir = scratch("malformed");
    let good = dir.join("good.json");
    let bad = dir.join("bad.json");
    let out = dir.join("out.json");
    write(&good, &format!("[\n{V7_LINE}\n]\n"));
    write(&out, "previous");
    write(&bad, &format!("[\n{V7_LINE},\n{V7_LINE}\n{V7_LINE}\n]\n"));
    let output = seam(&[
        "summaries",
        &good.to_string_lossy(),
        &bad.to_string_lossy(),
        "-o",
        &out.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout), "");
    assert_eq!(
        text(&output.stderr),
        format!(
            "seam summaries: {}, line 4: expected `,` or `]` after summary 2, found `{{`\nNothing was written. Fix the file, or regenerate it with the tool that wrote it.\n",
            bad.display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap_or_default(),
        "previous"
    );

    let missing = dir.join("missing.json");
    let output = seam(&["summaries", &missing.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).starts_with(&format!(
        "seam summaries: {}: the file could not be opened: ",
        missing.display()
    )));
    assert_eq!(text(&output.stdout), "");
}

#[test]
fn schema_summaries_prints_the_json_schema() {
    let output = seam(&["schema", "summaries"]);
    assert_eq!(output.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_default();
    assert_eq!(
        schema["title"],
        serde_json::json!("seam behavioural summary file (schemaVersion 7)")
    );
    assert_eq!(schema, seam_ir::summary::summary_json_schema());
}

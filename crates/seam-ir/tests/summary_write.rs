//! Writing summary files: the exact v7 layout, value sharing, and atomic replacement.

use seam_ir::summary::write::write_atomically;
use seam_ir::summary::{
    BehavioralSummary, WriteOptions, parse_summaries, write_summaries, write_summary_file,
};
use serde_json::{Value, json};

fn summary_value(name: &str, effects: Value) -> Value {
    json!({
        "kind": "client",
        "location": {"file": "src/o.ts", "range": {"start": 1, "end": 2}, "exportName": null},
        "identity": {"name": name, "exportPath": null, "boundaryBinding": null},
        "inputs": [],
        "transitions": [{"id": format!("{name}:return:none:da39a3e"), "conditions": [], "output": {"type": "void"},
            "effects": effects, "location": {"start": 2, "end": 2}, "isDefault": true}],
        "gaps": [],
        "confidence": {"source": "inferred_static", "level": "high"},
        "schemaVersion": 7
    })
}

fn typed(values: &[Value]) -> Vec<BehavioralSummary> {
    let text = serde_json::to_string(values).unwrap_or_default();
    match parse_summaries(&text, "fixture") {
        Ok(summaries) => summaries,
        Err(e) => panic!("fixture does not read: {e}"),
    }
}

fn written(summaries: &[BehavioralSummary], expand: bool) -> String {
    let mut out = Vec::new();
    if let Err(e) = write_summaries(&mut out, summaries, WriteOptions { expand }) {
        panic!("write failed: {e}");
    }
    String::from_utf8(out).unwrap_or_default()
}

fn prefix(name: &str) -> String {
    format!(
        r#"{{"kind":"client","location":{{"file":"src/o.ts","range":{{"start":1,"end":2}},"exportName":null}},"identity":{{"name":"{name}","exportPath":null,"boundaryBinding":null}},"inputs":[],"transitions":[{{"id":"{name}:return:none:da39a3e","conditions":[],"output":{{"type":"void"}},"effects":"#
    )
}

const SUFFIX: &str = r#","location":{"start":2,"end":2},"isDefault":true}],"gaps":[],"confidence":{"source":"inferred_static","level":"high"},"schemaVersion":7}"#;

#[test]
fn the_layout_is_one_summary_per_line_between_bracket_lines() {
    let summaries = typed(&[summary_value("a", json!([])), summary_value("b", json!([]))]);
    let expected = format!(
        "[\n{}[]{SUFFIX},\n{}[]{SUFFIX}\n]\n",
        prefix("a"),
        prefix("b")
    );
    assert_eq!(written(&summaries, true), expected);
    // Shared: the location and the confidence repeat and print to 32 characters or more.
    let shared = expected
        .replacen(
            r#""location":{"file":"src/o.ts","range":{"start":1,"end":2},"exportName":null}"#,
            r#""location":{"$def":1,"$value":{"file":"src/o.ts","range":{"start":1,"end":2},"exportName":null}}"#,
            1,
        )
        .replacen(
            r#""confidence":{"source":"inferred_static","level":"high"}"#,
            r#""confidence":{"$def":2,"$value":{"source":"inferred_static","level":"high"}}"#,
            1,
        )
        .replacen(
            r#""location":{"file":"src/o.ts","range":{"start":1,"end":2},"exportName":null}"#,
            r#""location":{"$ref":1}"#,
            1,
        )
        .replacen(
            r#""confidence":{"source":"inferred_static","level":"high"}"#,
            r#""confidence":{"$ref":2}"#,
            1,
        );
    assert_eq!(written(&summaries, false), shared);
    assert_eq!(written(&[], false), "[\n]\n");
}

#[test]
fn a_repeated_value_is_defined_once_and_referred_to_after() {
    let effect = json!({"type": "invocation", "callee": "fetchOrders", "args": [], "async": true});
    let summaries = typed(&[
        summary_value(
            "a",
            json!([effect.clone(), {"type": "mutation", "target": "cart", "operation": "update"}]),
        ),
        summary_value("b", json!([effect.clone()])),
        summary_value("c", json!([effect.clone()])),
    ]);
    // In order of first appearance: a's location (1), a's invocation (2), a's confidence (3);
    // then b's effects array, which repeats in c, is defined whole (4) around a reference to 2.
    let expected = concat!(
        "[\n",
        r#"{"kind":"client","location":{"$def":1,"$value":{"file":"src/o.ts","range":{"start":1,"end":2},"exportName":null}},"identity":{"name":"a","exportPath":null,"boundaryBinding":null},"inputs":[],"transitions":[{"id":"a:return:none:da39a3e","conditions":[],"output":{"type":"void"},"effects":[{"$def":2,"$value":{"type":"invocation","callee":"fetchOrders","args":[],"async":true}},{"type":"mutation","target":"cart","operation":"update"}],"location":{"start":2,"end":2},"isDefault":true}],"gaps":[],"confidence":{"$def":3,"$value":{"source":"inferred_static","level":"high"}},"schemaVersion":7},"#,
        "\n",
        r#"{"kind":"client","location":{"$ref":1},"identity":{"name":"b","exportPath":null,"boundaryBinding":null},"inputs":[],"transitions":[{"id":"b:return:none:da39a3e","conditions":[],"output":{"type":"void"},"effects":{"$def":4,"$value":[{"$ref":2}]},"location":{"start":2,"end":2},"isDefault":true}],"gaps":[],"confidence":{"$ref":3},"schemaVersion":7},"#,
        "\n",
        r#"{"kind":"client","location":{"$ref":1},"identity":{"name":"c","exportPath":null,"boundaryBinding":null},"inputs":[],"transitions":[{"id":"c:return:none:da39a3e","conditions":[],"output":{"type":"void"},"effects":{"$ref":4},"location":{"start":2,"end":2},"isDefault":true}],"gaps":[],"confidence":{"$ref":3},"schemaVersion":7}"#,
        "\n]\n"
    );
    assert_eq!(written(&summaries, false), expected);
    let round = parse_summaries(expected, "shared");
    assert_eq!(round.as_ref().ok(), Some(&summaries));
}

#[test]
fn a_summary_is_never_a_reference() {
    let one = summary_value("same", json!([]));
    let summaries = typed(&[one.clone(), one]);
    let text = written(&summaries, false);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(
        lines[1].starts_with(r#"{"kind":"client","location":{"$def":1,"$value":{"file""#),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(r#"{"kind":"client","location":{"$ref":1},"identity":{"$ref":2}"#),
        "{}",
        lines[2]
    );
    assert_eq!(parse_summaries(&text, "t").ok(), Some(summaries));
}

#[test]
fn a_count_of_one_is_never_written() {
    let summaries = typed(&[summary_value(
        "a",
        json!([{"type": "mutation", "target": "x", "operation": "create", "count": 1},
               {"type": "mutation", "target": "y", "operation": "delete", "count": 13}]),
    )]);
    let text = written(&summaries, true);
    assert!(text.contains(r#"{"type":"mutation","target":"x","operation":"create"}"#));
    assert!(text.contains(r#"{"type":"mutation","target":"y","operation":"delete","count":13}"#));
}

#[test]
fn writing_a_file_replaces_it_whole() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("out.json");
    std::fs::write(&path, "previous").unwrap_or_else(|e| panic!("{e}"));
    let summaries = typed(&[summary_value("a", json!([]))]);
    assert!(write_summary_file(&path, &summaries, WriteOptions::default()).is_ok());
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(text, written(&summaries, false));
    assert_eq!(entries(dir.path()), vec!["out.json".to_owned()]);
}

fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|read| {
            read.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_write_that_fails_part_way_leaves_the_previous_file() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("out.json");
    std::fs::write(&path, "previous").unwrap_or_else(|e| panic!("{e}"));
    let result = write_atomically(&path, |file| {
        use std::io::Write;
        file.write_all(b"[\n{\"kind\":")?;
        Err(std::io::Error::other("killed"))
    });
    assert!(result.is_err());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        "previous"
    );
    assert_eq!(entries(dir.path()), vec!["out.json".to_owned()]);
}

#[test]
fn a_failed_rename_leaves_the_previous_file() {
    // Renaming a file onto a non-empty directory fails on every platform.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let target = dir.path().join("out.json");
    std::fs::create_dir(&target).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(target.join("keep.txt"), "previous").unwrap_or_else(|e| panic!("{e}"));
    let summaries = typed(&[summary_value("a", json!([]))]);
    assert!(write_summary_file(&target, &summaries, WriteOptions::default()).is_err());
    assert_eq!(
        std::fs::read_to_string(target.join("keep.txt")).unwrap_or_default(),
        "previous"
    );
    assert_eq!(entries(dir.path()), vec!["out.json".to_owned()]);
}

#[cfg(unix)]
mod special_targets {
    //! `-o FILE` where FILE is not a plain file: the link, FIFO, device or other hard link
    //! stays what it was, and only the content changes.
    use super::*;
    use std::os::unix::fs::MetadataExt;

    fn summaries() -> Vec<BehavioralSummary> {
        typed(&[summary_value("a", json!([]))])
    }

    #[test]
    fn a_symbolic_link_is_written_through_to_its_target() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir(dir.path().join("real")).unwrap_or_else(|e| panic!("{e}"));
        let target = dir.path().join("real/out.json");
        std::fs::write(&target, "previous").unwrap_or_else(|e| panic!("{e}"));
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink("real/out.json", &link).unwrap_or_else(|e| panic!("{e}"));
        assert!(write_summary_file(&link, &summaries(), WriteOptions::default()).is_ok());
        let meta = std::fs::symlink_metadata(&link).unwrap_or_else(|e| panic!("{e}"));
        assert!(meta.file_type().is_symlink(), "the link is still a link");
        assert_eq!(
            std::fs::read_to_string(&target).unwrap_or_default(),
            written(&summaries(), false)
        );
        assert_eq!(entries(dir.path()), vec!["link.json", "real"]);
        assert_eq!(entries(&dir.path().join("real")), vec!["out.json"]);
    }

    #[test]
    fn a_dangling_link_creates_its_target() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink("new.json", &link).unwrap_or_else(|e| panic!("{e}"));
        assert!(write_summary_file(&link, &summaries(), WriteOptions::default()).is_ok());
        assert!(std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("new.json")).unwrap_or_default(),
            written(&summaries(), false)
        );
    }

    #[test]
    fn a_hard_link_keeps_sharing_the_file() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("out.json");
        let other = dir.path().join("other.json");
        std::fs::write(&path, "a much longer previous content than the new one will be, surely, since it goes on and on and on and on and on and on and on and on").unwrap_or_else(|e| panic!("{e}"));
        std::fs::hard_link(&path, &other).unwrap_or_else(|e| panic!("{e}"));
        assert!(write_summary_file(&path, &summaries(), WriteOptions::default()).is_ok());
        let expected = written(&summaries(), false);
        assert_eq!(std::fs::read_to_string(&path).unwrap_or_default(), expected);
        assert_eq!(
            std::fs::read_to_string(&other).unwrap_or_default(),
            expected
        );
        let inode = |p: &std::path::Path| std::fs::metadata(p).map(|m| m.ino()).ok();
        assert_eq!(inode(&path), inode(&other));
        assert_eq!(entries(dir.path()), vec!["other.json", "out.json"]);
    }

    #[test]
    fn a_fifo_is_written_in_place() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo is not available; skipped");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap_or_default())
        };
        assert!(write_summary_file(&fifo, &summaries(), WriteOptions::default()).is_ok());
        assert_eq!(
            reader.join().unwrap_or_default(),
            written(&summaries(), false)
        );
        let meta = std::fs::symlink_metadata(&fifo).unwrap_or_else(|e| panic!("{e}"));
        assert!(std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()));
        assert_eq!(entries(dir.path()), vec!["pipe"]);
    }

    #[test]
    fn a_full_device_is_an_error_and_stays_a_device() {
        let full = std::path::Path::new("/dev/full");
        if !full.exists() {
            return;
        }
        let error = write_summary_file(full, &summaries(), WriteOptions::default())
            .expect_err("/dev/full has no room");
        assert_eq!(error.raw_os_error(), Some(28), "ENOSPC: {error}");
        let meta = std::fs::symlink_metadata(full).unwrap_or_else(|e| panic!("{e}"));
        assert!(std::os::unix::fs::FileTypeExt::is_char_device(
            &meta.file_type()
        ));
    }
}

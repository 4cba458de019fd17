//! Documents written to hurt: `$ref` diamonds, references out of the repository or into
//! devices, and YAML nested thousands of brackets deep. Each ends quickly with an error
//! naming the file, the place and the reason (the work is bounded by the input's size, so
//! these tests need no timer); a `$ref` that may not be followed leaves out only the response
//! holding it, with a note saying so.

use std::path::Path;

use seam_contracts::{ContractFile, ContractKind, read_contract, read_contract_noting};

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

fn write(path: &Path, text: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
}

/// The one note of a document read with one response left out (`GET /a`'s 200).
fn only_note(file: &ContractFile, root: &Path) -> String {
    let read = read_contract_noting(file, root).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read.summaries.len(), 1);
    assert!(read.summaries[0].transitions.is_empty());
    assert_eq!(read.notes.len(), 1, "{:?}", read.notes);
    let note = read.notes[0].to_string();
    let tail = " The response `200` of GET /a is left out; the rest of the document is read.";
    assert!(note.ends_with(tail), "{note}");
    note[..note.len() - tail.len()].to_owned()
}

fn openapi(path: &Path, label: &str) -> ContractFile {
    ContractFile {
        label: label.to_owned(),
        kind: ContractKind::OpenApi,
        path: path.to_path_buf(),
    }
}

/// A document whose schema `S0` has two properties referring to `S1`, which has two referring
/// to `S2`, and so on: inlined in full, `S0` has 2^levels copies of the last schema.
fn diamond(levels: usize) -> String {
    let mut text = String::from(
        "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/S0'}\ncomponents:\n  schemas:\n",
    );
    for i in 0..levels {
        text.push_str(&format!(
            "    S{i}:\n      type: object\n      required: [l, r]\n      properties:\n        l: {{$ref: '#/components/schemas/S{n}'}}\n        r: {{$ref: '#/components/schemas/S{n}'}}\n",
            n = i + 1
        ));
    }
    text.push_str(&format!("    S{levels}: {{type: string}}\n"));
    text
}

#[test]
fn a_small_diamond_is_read_in_full() {
    let dir = scratch();
    let path = dir.path().join("openapi.yaml");
    write(&path, &diamond(6));
    let summaries =
        read_contract(&openapi(&path, "openapi.yaml")).unwrap_or_else(|e| panic!("{e}"));
    let text = serde_json::to_string(&summaries).unwrap_or_default();
    // 2^6 leaves, each a `text` shape, all inlined, in the body and in the declared contract.
    assert_eq!(text.matches(r#"{"type":"text"}"#).count(), 128, "{text}");
}

#[test]
fn a_diamond_that_doubles_forty_times_is_an_error_not_a_hang() {
    let dir = scratch();
    let path = dir.path().join("openapi.yaml");
    let text = diamond(40);
    assert!(text.len() < 8_000);
    write(&path, &text);
    let error = read_contract(&openapi(&path, "openapi.yaml"))
        .expect_err("the document expands to 2^40 nodes");
    let message = error.to_string();
    assert!(message.starts_with("openapi.yaml:"), "{message}");
    assert!(
        message.contains("Reading the schemas of this document takes more than 16 steps per byte"),
        "{message}"
    );
}

#[test]
fn a_ref_out_of_the_repository_is_not_followed_and_the_note_names_it() {
    let outside = scratch();
    write(
        &outside.path().join("secret.yaml"),
        "Secret: {type: string}\n",
    );
    let repo = scratch();
    let path = repo.path().join("api/openapi.yaml");
    let reference = outside.path().join("secret.yaml");
    let text = format!(
        "openapi: 3.0.0\ninfo: {{title: t, version: '1'}}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {{$ref: '{}#/Secret'}}\n",
        reference.display()
    );
    write(&path, &text);
    // Absolute, and relative with `..`: both leave the repository.
    for (text, shown) in [
        (text.clone(), reference.display().to_string()),
        (
            text.replace(&reference.display().to_string(), "../../outside.yaml"),
            "../../outside.yaml".to_owned(),
        ),
    ] {
        write(&path, &text);
        write(
            &repo.path().join("../outside.yaml"),
            "Secret: {type: string}\n",
        );
        let message = only_note(&openapi(&path, "api/openapi.yaml"), repo.path());
        assert!(
            message.starts_with(&format!(
                "api/openapi.yaml:11: The $ref `{shown}#/Secret` points into `{shown}`, which is outside "
            )),
            "{message}"
        );
        assert!(
            message.contains("seam reads $refs only to files inside the repository"),
            "{message}"
        );
    }
    let _ = std::fs::remove_file(repo.path().join("../outside.yaml"));
}

#[cfg(unix)]
#[test]
fn a_ref_to_a_device_or_a_link_out_is_not_followed() {
    let repo = scratch();
    let path = repo.path().join("openapi.yaml");
    std::os::unix::fs::symlink("/dev/zero", repo.path().join("zero.yaml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let head = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: 'zero.yaml#/X'}\n";
    write(&path, head);
    let message = only_note(&openapi(&path, "openapi.yaml"), repo.path());
    assert!(
        message.starts_with(
            "openapi.yaml:11: The $ref `zero.yaml#/X` points into `zero.yaml`, which is outside"
        ),
        "{message}"
    );
    // A device inside the boundary is not a regular file.
    let message = only_note(&openapi(&path, "openapi.yaml"), Path::new("/"));
    assert_eq!(
        message,
        "openapi.yaml:11: The $ref `zero.yaml#/X` points into `zero.yaml`, which is not a regular file."
    );
}

#[test]
fn yaml_nested_thousands_of_brackets_deep_is_refused_at_once() {
    let dir = scratch();
    let path = dir.path().join("openapi.yaml");
    let depth = 80_000;
    write(
        &path,
        &format!(
            "openapi: 3.0.0\nx: {}{}\n",
            "[".repeat(depth),
            "]".repeat(depth)
        ),
    );
    let message = read_contract(&openapi(&path, "openapi.yaml"))
        .expect_err("too deep")
        .to_string();
    assert_eq!(
        message,
        "openapi.yaml:2:124: The YAML does not parse: the YAML is nested more than 120 brackets deep at line 2, column 124; seam reads at most 120 levels."
    );
}

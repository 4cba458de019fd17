//! `seam contract --from openapi|prisma FILE [-o OUT]`, run as the built binary on the
//! seam-contracts fixtures.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use seam_ir::summary::{parse_summaries, read_summary_file};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../seam-contracts/tests/fixtures")
}

/// Runs seam in the fixtures folder, so labels are fixture-relative.
fn seam(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_seam"))
        .current_dir(fixtures())
        .args(args)
        .output()
    {
        Ok(output) => output,
        Err(e) => panic!("could not run seam: {e}"),
    }
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("contract_cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("could not create {}: {e}", dir.display());
    }
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn openapi_to_standard_output() {
    let out = seam(&[
        "contract",
        "--from",
        "openapi",
        "./openapi/petstore-3.0.yaml",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("[\n{\"kind\":\"handler\","), "{stdout}");
    let summaries = parse_summaries(&stdout, "stdout").unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<String> = summaries
        .iter()
        .filter_map(|s| s.identity.id.clone())
        .collect();
    assert_eq!(
        ids,
        [
            "openapi/petstore-3.0.yaml::listPets",
            "openapi/petstore-3.0.yaml::createPet",
            "openapi/petstore-3.0.yaml::GET (/v1|)/pets/{petId}",
            "openapi/petstore-3.0.yaml::getTree",
            "openapi/petstore-3.0.yaml::DELETE /(v2|v3)/a~b/{x}",
        ]
    );
    // The same summaries as the library's checked-in expectation.
    let expected = std::fs::read_to_string(fixtures().join("../expected/petstore-3.0.json"))
        .unwrap_or_default();
    let expected: serde_json::Value = serde_json::from_str(&expected).unwrap_or_default();
    assert_eq!(serde_json::to_value(&summaries).ok(), Some(expected));
}

#[test]
fn prisma_folder_to_a_file() {
    let dir = scratch("prisma_folder_to_a_file");
    let out_path = dir.join("db.json");
    let out_arg = out_path.to_string_lossy().into_owned();
    let out = seam(&[
        "contract",
        "--from",
        "prisma",
        "prisma/multi/prisma/schema/",
        "-o",
        &out_arg,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    let summaries = read_summary_file(&out_path).unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<String> = summaries
        .iter()
        .filter_map(|s| s.identity.id.clone())
        .collect();
    assert_eq!(
        ids,
        [
            "prisma/multi/prisma/schema/more/tag.prisma::Tag",
            "prisma/multi/prisma/schema/more/tag.prisma::ActiveUser",
            "prisma/multi/prisma/schema/post.prisma::Post",
            "prisma/multi/prisma/schema/user.prisma::User",
        ]
    );
}

#[test]
fn a_bad_document_writes_nothing_and_exits_2() {
    let dir = scratch("a_bad_document_writes_nothing_and_exits_2");
    let out_path = dir.join("out.json");
    let out_arg = out_path.to_string_lossy().into_owned();
    let out = seam(&[
        "contract",
        "--from",
        "openapi",
        "bad/bad-indent.yaml",
        "-o",
        &out_arg,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "seam contract: bad/bad-indent.yaml:6:4: The YAML does not parse: did not find expected key.\nNothing was written. Fix the document and run seam contract again.\n"
    );
    assert!(!out_path.exists());

    let out = seam(&["contract", "--from", "prisma", "bad/bad.prisma"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "seam contract: bad/bad.prisma:9:1: Expected `)` to close the arguments, found `}`.\nNothing was written. Fix the schema and run seam contract again.\n"
    );
}

#[test]
fn a_bad_spot_is_left_out_with_a_line_and_the_rest_is_written() {
    let out = seam(&["contract", "--from", "openapi", "bad/bad-ref.yaml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "seam contract: bad/bad-ref.yaml:12: The $ref `#/components/schemas/Missing` points at `/components/schemas/Missing`, which this document does not have. The response `200` of GET /a is left out; the rest of the document is read.\n\
         seam contract: bad/bad-ref.yaml:18: The $ref `#/components/parameters/Gone` points at `/components/parameters/Gone`, which this document does not have. The operation GET /b is left out; the rest of the document is read.\n\
         seam contract: bad/bad-ref.yaml:24: The response key `OK` of POST /b is not a status code, a class such as `4XX`, or `default`; that response is left out, the rest of the document is read.\n"
    );
    let summaries = parse_summaries(&text(&out.stdout), "stdout").unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<String> = summaries
        .into_iter()
        .filter_map(|s| s.identity.id)
        .collect();
    assert_eq!(
        ids,
        ["bad/bad-ref.yaml::GET /a", "bad/bad-ref.yaml::POST /b"]
    );
}

#[test]
fn a_missing_file_exits_2() {
    let out = seam(&["contract", "--from", "openapi", "nowhere.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("seam contract: nowhere.yaml: The file could not be read: "),
        "{stderr}"
    );
}

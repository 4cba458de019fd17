//! The Prisma reader on a single-file and a multi-file schema, checked against expected
//! files, plus focused assertions on what the storage pairing reads.

mod common;

use common::{assert_expected, fixtures};
use seam_contracts::{read_prisma_file, read_prisma_folder};

#[test]
fn single_file_schema_matches_expected() {
    let path = fixtures().join("prisma/single/schema.prisma");
    let summaries =
        read_prisma_file(&path, "prisma/single/schema.prisma").unwrap_or_else(|e| panic!("{e}"));
    assert_expected("prisma-single.json", &summaries);
}

#[test]
fn multi_file_schema_matches_expected() {
    let path = fixtures().join("prisma/multi/prisma/schema");
    let summaries = read_prisma_folder(&path, "prisma/schema").unwrap_or_else(|e| panic!("{e}"));
    assert_expected("prisma-multi.json", &summaries);
}

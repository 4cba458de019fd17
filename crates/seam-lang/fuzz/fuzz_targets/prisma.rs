//! Fuzzes the Prisma schema reader: any text must give summaries or a `ContractError`. A panic
//! or a hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seam_contracts::prisma::SchemaFile;

fuzz_target!(|data: &[u8]| {
    let file = SchemaFile {
        label: "schema.prisma".to_owned(),
        text: String::from_utf8_lossy(data).into_owned(),
    };
    let _ = seam_contracts::read_prisma_schema(std::slice::from_ref(&file));
});

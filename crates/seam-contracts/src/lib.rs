//! Readers of declared artifacts into v7 behavioural summaries: OpenAPI 3.0/3.1 and Swagger
//! 2.0 documents ([`openapi`]) and Prisma schemas ([`prisma`]), and their discovery in a repository
//! ([`find_contracts`], [`read_contract`]) so the checker can read them on its own.
//!
//! ```no_run
//! # use std::path::Path;
//! for file in seam_contracts::find_contracts(Path::new("examples/shop")) {
//!     match seam_contracts::read_contract(&file) {
//!         Ok(summaries) => println!("{}: {} summaries", file.label, summaries.len()),
//!         Err(unreadable) => eprintln!("{unreadable}"),
//!     }
//! }
//! ```

pub mod discover;
pub mod error;
pub mod openapi;
pub mod prisma;

pub use discover::{
    ContractFile, ContractKind, drop_twins, find_contracts, find_contracts_in, may_be_contract,
    read_contract, read_contract_noting, read_contract_within, read_contracts_in_memory,
};
pub use error::ContractError;
pub use openapi::{
    ContractRead, Dialect, read_openapi, read_openapi_noting, read_openapi_text,
    read_openapi_text_noting, read_openapi_within,
};
pub use prisma::{read_prisma_file, read_prisma_folder, read_prisma_schema};

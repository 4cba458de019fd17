//! Readers of declared artifacts into v7 behavioural summaries: OpenAPI 3.0/3.1 documents
//! ([`openapi`]) and Prisma schemas ([`prisma`]), and the discovery of both in a repository
//! ([`find_contracts`], [`read_contract`]) for the checker.

pub mod error;
pub mod openapi;

pub use error::ContractError;

//! One module per subcommand.
pub mod model;
pub mod schema;
pub mod summaries;

//! One module per subcommand.
pub mod check;
pub mod check_intent;
pub mod check_since;
pub mod contract;
pub mod diff;
pub mod explain;
pub mod extract;
pub mod inspect;
pub mod intent;
pub mod model;
pub mod packs;
pub mod scan;
pub mod schema;
pub mod summaries;

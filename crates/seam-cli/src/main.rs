//! The `seam` binary: argument parsing and exit codes; the work lives in the library crates.
use clap::Parser;

#[derive(Parser)]
#[command(name = "seam", version, about = "Finds where the two sides of each boundary in a repository disagree.")]
struct Cli {}

fn main() {
    let _cli = Cli::parse();
}

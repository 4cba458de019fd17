//! `seam explain <symbol-id | file | name> [DIR] [--ir FILE]`: one Symbol's card
//! (signature, rules, effects with propagation paths, callers and callees).
//!
//! The query is a full Symbol id (it holds `#`), a file path (every Symbol of the file), or a
//! name (exact qualified name, then exact last segment, then substring). Exit codes: 0 with
//! the card(s); 1 when nothing matches; 2 when a name matches several Symbols (they are
//! listed) or for a path or IR-file problem.

use std::path::PathBuf;

use crate::exit;

use seam_review::markdown::{self, Query};

#[derive(clap::Args)]
pub struct Args {
    /// A Symbol id, a file path, or a name.
    pub query: String,
    /// The repository to scan (default: the current directory).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// Read this aburi.ir.json instead of scanning.
    #[arg(long)]
    pub ir: Option<PathBuf>,
}

pub fn run(args: Args) -> u8 {
    let document = match &args.ir {
        Some(path) => match seam_ir::review::read_document_file(path) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        },
        None => match seam_review::scan(&args.dir, &seam_review::ScanOptions::default()) {
            Ok(r) => r.document,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        },
    };
    let found = match summary_id_query(&document, &args.query) {
        Some(found) => found,
        None => markdown::find(&document, &args.query),
    };
    match found {
        Query::Symbols(symbols) => {
            let cards: Vec<String> = symbols
                .iter()
                .map(|s| markdown::explain(&document, s))
                .collect();
            match crate::output::emit("the card", None, cards.join("\n---\n\n").as_bytes()) {
                Ok(()) => exit::OK,
                Err(code) => code,
            }
        }
        Query::Ambiguous(ids) => {
            let mut text = format!(
                "`{}` matches {} symbols; pass one of these ids:\n",
                args.query,
                ids.len()
            );
            for id in ids {
                text.push_str(&format!("  {id}\n"));
            }
            match crate::output::emit("the list of matching symbols", None, text.as_bytes()) {
                Ok(()) => exit::USAGE,
                Err(code) => code,
            }
        }
        Query::None => {
            eprintln!(
                "error: no symbol matches `{}`. Pass a symbol id (lang:file#name, as in aburi.ir.json), a summary id (file::name, as `seam check` prints), a file path, or a name.",
                args.query
            );
            exit::FOUND
        }
    }
}

/// A summary id as `seam check` prints it (`[workspace::]file::name`, the name perhaps followed
/// by a boundary label or `@2`): the symbols of that file with that name. `None` when the
/// query names no scanned file that way, so the other kinds of query are tried.
fn summary_id_query<'d>(document: &'d seam_ir::review::Document, query: &str) -> Option<Query<'d>> {
    if query.contains('#') || !query.contains("::") {
        return None;
    }
    let parts: Vec<&str> = query.split("::").collect();
    let at =
        (0..parts.len()).find(|&i| document.symbols.iter().any(|s| s.source.file == parts[i]))?;
    let file = parts[at];
    let rest = parts[at + 1..].join("::");
    let name = rest.split(['@', ' ']).next().unwrap_or("");
    let in_file = document.symbols.iter().filter(|s| s.source.file == file);
    let short = |full: &str| {
        full.rsplit("::")
            .next()
            .and_then(|x| x.rsplit('.').next())
            .unwrap_or("")
            .to_owned()
    };
    let hits: Vec<_> = in_file
        .filter(|s| !name.is_empty() && (s.name == name || short(&s.name) == name))
        .collect();
    Some(match hits.len() {
        0 => Query::None,
        1 => Query::Symbols(hits),
        _ => Query::Ambiguous(hits.iter().map(|s| s.id.as_str()).collect()),
    })
}

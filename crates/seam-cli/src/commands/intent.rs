//! `seam intent draft "GET /orders/:id" [DIR]`: write an inferred boundary intent from what the
//! code does, for a person to complete.
//!
//! Exit codes: 0 the draft was written; 1 no code provides the boundary, or the draft could not
//! be written; 2 bad usage (a boundary that is not a method and a path, a directory that is not
//! one).

use std::path::PathBuf;

#[derive(clap::Subcommand)]
pub enum Action {
    /// Write an inferred intent for one REST boundary (`"GET /orders/:id"`) from the code.
    Draft {
        /// The boundary: a method and a path.
        boundary: String,
        /// The repository (default `.`).
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Write the draft to this file instead of standard output.
        #[arg(
            short = 'o',
            long = "output",
            visible_alias = "out",
            value_name = "FILE"
        )]
        out: Option<PathBuf>,
    },
}

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

pub fn run(args: Args) -> u8 {
    let Action::Draft { boundary, dir, out } = args.action;
    if !matches!(
        seam_ir::vocab::BoundaryKey::parse(&boundary),
        seam_ir::vocab::BoundaryKey::Rest { .. }
    ) {
        eprintln!(
            "error: `{boundary}` is not a REST boundary; write it as a method and a path, as \"GET /orders/:id\"."
        );
        return 2;
    }
    if !dir.is_dir() {
        eprintln!("error: {} is not a directory.", dir.display());
        return 2;
    }
    let summaries = match super::extract::all_packs(&dir)
        .map_err(|e| e.to_string())
        .and_then(|packs| {
            let project =
                seam_lang::project::load_project(&dir, &seam_packs::project_options(&packs))
                    .map_err(|e| e.to_string())?;
            let detection = seam_packs::Detection::from_project(&project.manifests);
            Ok(seam_extract::extract(
                &project.models,
                &detection,
                &packs,
                &seam_extract::ExtractOptions::default(),
            )
            .summaries)
        }) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let text = match seam_intent::draft::draft(&boundary, &summaries) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    // Written in full before it replaces a file, through a symbolic link, quietly into a
    // closed pipe: as every command writes its output.
    match crate::output::emit("the draft", out.as_deref(), text.as_bytes()) {
        Ok(()) => 0,
        Err(code) => code,
    }
}

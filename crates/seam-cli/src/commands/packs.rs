//! `seam packs [DIR]`: every pack seam would use in a repository, with where it came from.

use std::path::PathBuf;

use crate::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The repository whose `.seam/packs/` to read as well (default: the current directory).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// `text`: one tab-separated line per pack (name, kind, language, detection, origin);
    /// `json`: an array of objects with those fields.
    #[arg(long, value_enum, default_value = "text")]
    pub format: crate::ui::Format,
}

pub fn run(args: Args) -> u8 {
    if !args.dir.is_dir() {
        eprintln!(
            "error: {} is not a directory. Pass the repository whose packs to list.",
            args.dir.display()
        );
        return exit::USAGE;
    }
    let packs = match super::extract::all_packs(&args.dir) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::USAGE;
        }
    };
    let mut lines = String::new();
    let mut json = Vec::new();
    for pack in &packs {
        let kind = match pack.kind {
            seam_packs::UnitKind::Handler => "handler",
            seam_packs::UnitKind::Client => "client",
            seam_packs::UnitKind::Store => "store",
        };
        let detect = if pack.detect.always {
            "always".to_owned()
        } else {
            let mut parts = Vec::new();
            if !pack.detect.npm.is_empty() {
                parts.push(format!("npm: {}", pack.detect.npm.join(", ")));
            }
            if !pack.detect.pypi.is_empty() {
                parts.push(format!("pypi: {}", pack.detect.pypi.join(", ")));
            }
            if !pack.detect.go.is_empty() {
                parts.push(format!("go: {}", pack.detect.go.join(", ")));
            }
            if !pack.detect.maven.is_empty() {
                parts.push(format!("maven: {}", pack.detect.maven.join(", ")));
            }
            if !pack.detect.cargo.is_empty() {
                parts.push(format!("cargo: {}", pack.detect.cargo.join(", ")));
            }
            if !pack.detect.nuget.is_empty() {
                parts.push(format!("nuget: {}", pack.detect.nuget.join(", ")));
            }
            parts.join("; ")
        };
        json.push(serde_json::json!({
            "name": pack.name,
            "kind": kind,
            "language": pack.family.as_str(),
            "detect": detect,
            "origin": pack.origin.to_string(),
        }));
        lines.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            pack.name,
            kind,
            pack.family.as_str(),
            detect,
            pack.origin
        ));
    }
    if args.format == crate::ui::Format::Json {
        lines = serde_json::to_string_pretty(&json).unwrap_or_default() + "\n";
    }
    match crate::output::emit("the list of packs", None, lines.as_bytes()) {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}

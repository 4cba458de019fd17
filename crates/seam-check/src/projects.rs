//! Which project each side belongs to, so that independent apps of one repository (a
//! monorepo of examples, two apps with the same routes and their own schemas) are not paired
//! with each other.
//!
//! A summary's project is its `location.workspace`: the name of the nearest `package.json` or
//! `pyproject.toml` above its file (seam-lang reads them). Two rules, both of which only
//! choose among partners that already meet:
//! - of the routes that fit a REST call equally well (the same route served by two apps), it
//!   meets the ones its own project serves, when there are any: a relative URL goes to the
//!   app's own server first. A route that fits better wins wherever it is (an app's
//!   catch-all proxy route does not hide the server it forwards to), and a call whose
//!   project serves none of them still meets the other projects' (a client app reaching a
//!   server app through a proxy or a base URL seam does not read);
//! - a store access meets only the schemas of projects its own can reach (the same project,
//!   one holding the other, or a declared dependency on the schema's package: see
//!   `seam_lang::project::membership`, given in `CheckInput::projects`), and of those the
//!   nearest: the one whose project folder (the folder holding its `prisma/` folder, or its
//!   own folder) holds the access's file most closely. A schema in a shared package serves
//!   the apps that depend on it.

use seam_ir::summary::BehavioralSummary;

/// The project a summary belongs to, when a named manifest encloses its file.
fn project_of(summary: &BehavioralSummary) -> Option<&str> {
    summary.location.workspace.as_deref()
}

/// Of `candidates` (providers, by summary index through `summary_of`), the ones in the
/// consumer's own project when there are any; all of them otherwise.
pub fn own_project_first(
    consumer: &BehavioralSummary,
    candidates: Vec<usize>,
    summary_of: impl Fn(usize) -> usize,
    summaries: &[BehavioralSummary],
) -> Vec<usize> {
    let Some(own) = project_of(consumer) else {
        return candidates;
    };
    let mine: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&c| project_of(&summaries[summary_of(c)]) == Some(own))
        .collect();
    if mine.is_empty() { candidates } else { mine }
}

/// The folder a schema file serves: the one holding its `prisma/` (or `prisma/schema/`)
/// folder, else its own folder (`""` for the repository root).
fn schema_home(file: &str) -> &str {
    let mut dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    for tail in ["prisma/schema", "prisma"] {
        if dir == tail {
            return "";
        }
        if let Some(parent) = dir.strip_suffix(tail).and_then(|d| d.strip_suffix('/')) {
            dir = parent;
            break;
        }
    }
    dir
}

/// How closely a schema's home holds `file`: the number of path segments of the home when it
/// holds the file, `None` when it does not (a sibling app's schema).
pub fn schema_nearness(schema_file: &str, file: &str) -> Option<usize> {
    let home = schema_home(schema_file);
    if home.is_empty() {
        return Some(0);
    }
    let inside =
        file.len() > home.len() && file.starts_with(home) && file.as_bytes()[home.len()] == b'/';
    inside.then(|| home.split('/').count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schema_serves_the_folder_holding_its_prisma_folder() {
        assert_eq!(schema_home("apps/a/prisma/schema.prisma"), "apps/a");
        assert_eq!(schema_home("apps/a/prisma/schema/user.prisma"), "apps/a");
        assert_eq!(schema_home("prisma/schema.prisma"), "");
        assert_eq!(schema_home("db/schema.prisma"), "db");
        assert_eq!(
            schema_nearness("apps/a/prisma/schema.prisma", "apps/a/src/x.ts"),
            Some(2)
        );
        assert_eq!(
            schema_nearness("apps/a/prisma/schema.prisma", "apps/ab/src/x.ts"),
            None
        );
        assert_eq!(
            schema_nearness("prisma/schema.prisma", "apps/b/x.ts"),
            Some(0)
        );
    }
}

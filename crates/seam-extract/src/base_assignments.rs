//! Base URLs set on a client after it is made (the packs' `baseAssignments`:
//! `axios.defaults.baseURL = getBasePath() + "/api"`, `api.defaults.baseURL = "/v1"`): every
//! call through that client goes under the base, as the library puts it in front of each
//! relative URL.
//!
//! The package's own object is one object for the whole program, so an assignment to it holds
//! for the calls of every module importing the package: the assignment nearest the call (the
//! one whose file shares the most folders with the call's file, at least one: a file in
//! another top folder may be another program, a server beside its web app) is the one read,
//! and where the nearest ones disagree the start of the URL is unknown. An assignment in test
//! code sets the base for tests only and is not read for the application's calls. A URL that
//! starts with a value seam could not read may be absolute, and then the library leaves the
//! base out: such a call keeps its own start.

use std::sync::Arc;

use seam_lang::model::{ExprId, ExprKind};
use seam_packs::{Capture, Captures, Pack, match_expr};

use crate::failure_interceptors::{Registered, registered_on};
use crate::files::Files;

/// One assignment of a base: the client it is made on, and where its value is written.
#[derive(Debug, Clone)]
pub struct Assigned {
    pub on: Registered,
    pub file: usize,
    pub value: ExprId,
}

/// Every base assignment of one pack in the project.
pub type Assignments = Arc<Vec<Assigned>>;

/// Every base assignment of the pack in the project, worked out once per pack.
pub fn base_assignments(files: &Files, pack: &Pack) -> Assignments {
    if pack.base_assignments.is_empty() {
        return Arc::new(Vec::new());
    }
    crate::files::once_per_pack(&files.base_assignments, &pack.name, || {
        let mut found = Vec::new();
        for file in 0..files.count() {
            let model = files.model(file);
            if !pack.family.includes(model.language) {
                continue;
            }
            for (i, e) in model.exprs.iter().enumerate() {
                if !matches!(e.kind, ExprKind::Assign { .. }) {
                    continue;
                }
                let expr = ExprId::from_index(i);
                for a in &pack.base_assignments {
                    let mut caps = Captures::new();
                    if !match_expr(model, &a.pattern, expr, &mut caps) {
                        continue;
                    }
                    let (Some(client), Some(value)) = (
                        caps.get(&a.client).and_then(Capture::expr),
                        caps.get(&a.base).and_then(Capture::expr),
                    ) else {
                        continue;
                    };
                    if let Some(on) = registered_on(files, file, client) {
                        found.push(Assigned { on, file, value });
                    }
                }
            }
        }
        Arc::new(found)
    })
}

/// The assignments of a base to the client `target` that a call in `file` goes through: for
/// the package's own object, those in the files nearest `file` (by folders shared), leaving
/// out test code unless `file` is test code; for an instance, every one made on it.
pub fn bases_for<'a>(
    files: &Files,
    assigned: &'a [Assigned],
    target: &Registered,
    file: usize,
) -> Vec<&'a Assigned> {
    let on_target: Vec<&Assigned> = assigned.iter().filter(|a| a.on == *target).collect();
    if !matches!(target, Registered::Module(_)) {
        return on_target;
    }
    let path = files.model(file).path.as_str();
    let testing = seam_ir::vocab::test_paths::is_test_path(path);
    let kept: Vec<&Assigned> = on_target
        .into_iter()
        .filter(|a| testing || !seam_ir::vocab::test_paths::is_test_path(&files.model(a.file).path))
        .collect();
    // A file in another top folder (`server/` beside `src/`) may be another program: only a
    // file sharing a folder with the call's, or both at the top of the repository, counts.
    let shared = |a: &Assigned| shared_folders(path, &files.model(a.file).path);
    let at_top = |p: &str| !p.contains('/');
    let kept: Vec<&Assigned> = kept
        .into_iter()
        .filter(|a| shared(a) > 0 || (at_top(path) && at_top(&files.model(a.file).path)))
        .collect();
    let Some(nearest) = kept.iter().map(|a| shared(a)).max() else {
        return Vec::new();
    };
    kept.into_iter().filter(|a| shared(a) == nearest).collect()
}

/// How many leading folders two repository paths have in common.
fn shared_folders(a: &str, b: &str) -> usize {
    let (fa, fb) = (
        a.rsplit_once('/').map_or("", |(d, _)| d),
        b.rsplit_once('/').map_or("", |(d, _)| d),
    );
    if fa.is_empty() || fb.is_empty() {
        return 0;
    }
    fa.split('/')
        .zip(fb.split('/'))
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests {
    use super::shared_folders;

    #[test]
    fn folders_shared_from_the_start() {
        assert_eq!(shared_folders("web/src/a.ts", "web/src/lib/b.ts"), 2);
        assert_eq!(shared_folders("a.ts", "b.ts"), 0);
        assert_eq!(shared_folders("admin/src/a.ts", "web/src/a.ts"), 0);
    }
}

//! The Prisma store pack: every way the fixture obtains a client (an imported instance, an
//! object holding it, a transaction callback, `this.prisma`, `ctx.db`, raw SQL) gives a
//! storage-access effect with the operation, the fields and the selector.

use std::path::Path;

use seam_ir::summary::{Effect, Interaction, Semantics};
use seam_lang::project::{ProjectOptions, load_project};
use seam_packs::Detection;

/// `unit callee kind container fields selector` for every storage access, in summary order.
fn accesses(variant: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../seam-packs/packs/prisma/fixtures")
        .join(format!("prisma-{variant}"));
    let project = match load_project(&root, &ProjectOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("fixture does not load: {e}"),
    };
    let packs = match seam_packs::builtin_packs() {
        Ok(p) => p,
        Err(e) => panic!("built-in packs do not load: {e}"),
    };
    let detection = Detection::from_project(&project.manifests);
    let run = seam_extract::extract(
        &project.models,
        &detection,
        &packs,
        &seam_extract::ExtractOptions::default(),
    );
    let mut out = Vec::new();
    for s in &run.summaries {
        for t in &s.transitions {
            for e in &t.effects {
                let Effect::Interaction(i) = &**e else {
                    continue;
                };
                let (Semantics::Storage(binding), Interaction::StorageAccess(a)) =
                    (&i.binding.semantics, &i.interaction)
                else {
                    continue;
                };
                let line = format!(
                    "{} {} {} {} {:?} {:?}",
                    s.identity.name,
                    i.callee.as_deref().unwrap_or("-"),
                    a.kind.as_str(),
                    binding.container.as_deref().unwrap_or("-"),
                    a.fields,
                    a.selector.as_deref().unwrap_or_default(),
                );
                if !out.contains(&line) {
                    out.push(line);
                }
            }
        }
    }
    out
}

#[test]
fn every_client_source_gives_its_accesses() {
    assert_eq!(
        accesses("single-agrees"),
        [
            r#"activeUsers prisma.user.findMany read user ["id", "email"] ["deletedAt"]"#,
            r#"rename db.client.user.update write user ["name"] ["id"]"#,
            r#"rename db.client.user.update read user ["id"] ["id"]"#,
            r#"publish.callback tx.user.findUnique read user ["name"] ["id"]"#,
            r#"publish.callback tx.post.create write post ["id", "title", "authorId"] []"#,
            r#"register this.prisma.user.create write user ["id", "email", "name"] []"#,
            r#"register this.prisma.user.create read user ["id", "email"] []"#,
            r#"postsOf ctx.db.post.findMany read post ["*"] ["authorId", "title"]"#,
            r#"countExampleUsers prisma.user.count read user [] ["email"]"#,
            r#"emailOf db.user.findUniqueOrThrow read user ["email"] ["id"]"#,
            r#"countUsers prisma.$queryRaw read - [] []"#,
        ]
    );
}

#[test]
fn a_multi_file_schema_changes_nothing_on_the_code_side() {
    assert_eq!(accesses("multi-agrees"), accesses("single-agrees"));
}

/// A client a project factory makes (`remember("prisma", () => new PrismaClient())`) under the
/// conventional name is a client; the keys of an object spread into `data` from a project
/// function that returns one (`...defaultSettings()`) are written fields.
#[test]
fn a_factory_made_client_and_spread_defaults_are_read() {
    assert_eq!(
        accesses("factory-spread"),
        [
            r#"createSettings.callback tx.settings.create write settings ["theme", "locale", "id"] []"#
        ]
    );
}

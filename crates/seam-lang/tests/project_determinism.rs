//! The output of `load_project` does not depend on the thread count: the whole project
//! (models, skips, manifests, counts) serialises to identical bytes on 1 thread and on 4,
//! each run inside a rayon pool of that size.
use seam_lang::project::{ProjectOptions, load_project};
use std::path::Path;

fn serialise(root: &Path, threads: usize, explicit: bool) -> String {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let options = ProjectOptions {
        threads: explicit.then_some(threads),
        ..ProjectOptions::default()
    };
    let project = pool
        .install(|| load_project(root, &options))
        .expect("loads");
    serde_json::to_string_pretty(&project).expect("serialises")
}

#[test]
fn fixture_trees_serialise_identically_on_1_and_4_threads() {
    for name in ["monorepo", "python-app"] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/projects")
            .join(name);
        // Once through the `threads` option, once through the enclosing pool's size.
        let one = serialise(&root, 1, true);
        assert_eq!(one, serialise(&root, 4, true), "{name}");
        assert_eq!(one, serialise(&root, 4, false), "{name}");
    }
}

#[test]
fn a_wider_generated_tree_serialises_identically() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..120 {
        let sub = dir.path().join(format!("pkg{}", i % 7));
        std::fs::create_dir_all(&sub).unwrap();
        let (name, body) = match i % 4 {
            0 => (
                format!("m{i}.ts"),
                format!(
                    "import {{ a }} from './m{}';\nexport const b{i} = a + {i};\n",
                    i + 4
                ),
            ),
            1 => (
                format!("m{i}.py"),
                format!(
                    "from .m{} import x\n\ndef f{i}(y):\n    return x + y\n",
                    i + 4
                ),
            ),
            2 => (
                format!("m{i}.js"),
                format!(
                    "const a = require('./m{}');\nmodule.exports = {{ a }};\n",
                    i + 4
                ),
            ),
            _ => (format!("m{i}.bin.js"), "\0binary".to_string()),
        };
        std::fs::write(sub.join(name), body).unwrap();
    }
    let one = serialise(dir.path(), 1, true);
    assert_eq!(one, serialise(dir.path(), 4, true));
}

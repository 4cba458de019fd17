//! Every fixture of every built-in pack (`crates/seam-packs/packs/<pack>/fixtures/<name>`),
//! extracted with the built-in packs, against its checked-in summaries
//! (`packs/<pack>/expected/<name>.snap`). A new fixture in a pack's folder is tested with
//! no change here: `INSTA_UPDATE=always cargo test -p seam-extract --test packs` writes its
//! snapshot, to be reviewed like any other.

mod support;
use support::{extract, pack_fixtures, text};

#[test]
fn every_pack_fixture_matches_its_expected_summaries() {
    let fixtures = pack_fixtures();
    assert!(!fixtures.is_empty(), "no pack fixture found");
    for fixture in fixtures {
        let run = extract(&fixture.name, &[]);
        insta::with_settings!({
            snapshot_path => fixture.expected.clone(),
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(fixture.name.as_str(), text(&run.summaries));
        });
    }
}

/// `seam check --summaries` keeps each summary as built instead of going through its text
/// (`extract_whole`): the summaries must be the ones read back from the text, field for field
/// (the check reads them, and the file written from them must be `seam extract`'s bytes).
#[test]
fn every_pack_fixture_gives_the_same_summaries_held_whole() {
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let options = seam_extract::ExtractOptions::default();
    for fixture in pack_fixtures() {
        let project =
            seam_lang::project::load_project(&fixture.dir, &seam_packs::project_options(&packs))
                .expect("fixture loads");
        let detection = seam_packs::Detection::from_project(&project.manifests);
        let through_text = seam_extract::extract(&project.models, &detection, &packs, &options);
        let whole =
            seam_extract::extract_whole(&project.models, &detection, &packs, &options).unpack();
        assert_eq!(
            whole.summaries.len(),
            through_text.summaries.len(),
            "{}",
            fixture.name
        );
        for (a, b) in whole.summaries.iter().zip(&through_text.summaries) {
            assert!(
                a == b,
                "{}: {:?} differs held whole",
                fixture.name,
                a.identity.id
            );
        }
        assert_eq!(whole.explain, through_text.explain, "{}", fixture.name);
        assert_eq!(
            whole.files_with_packs, through_text.files_with_packs,
            "{}",
            fixture.name
        );
    }
}

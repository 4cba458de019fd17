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

//! The main conformance gate: the committed PyTorch suite (`testing/golden/cases`) against the
//! portable library, through the runner's library API. Zero failures allowed; unsupported
//! cases (operators or dtypes not implemented yet) are skipped and counted.
//!
//! `ci/conformance.sh` runs the same suite through the `etk-conform` binary against every
//! library and ISA level.

use etk_testing::conform::{self, Target, coverage};

#[test]
fn golden_suite_passes_on_portable() {
    let dir = coverage::repo_root().join("testing/golden/cases");
    if !dir.is_dir() {
        eprintln!("no suite at {}; nothing to check", dir.display());
        return;
    }
    let r = conform::run(Target::portable(), &[dir], None).unwrap();
    eprint!("{}", r.table());
    eprintln!("{}", r.summary_line());
    let failures = r.failure_details();
    assert!(
        r.totals().failed == 0,
        "{} against portable:\n{failures}",
        r.summary_line()
    );
}

#[test]
fn committed_op_lists_match_shared() {
    let shared = coverage::repo_root().join("../shared/conformance");
    let mine = coverage::repo_root().join("testing/ops_lists");
    for (file, _) in coverage::LISTS {
        let copy = std::fs::read_to_string(mine.join(file)).unwrap();
        assert!(
            coverage::read_list(&mine.join(file)).unwrap().len() > 5,
            "{file} is nearly empty"
        );
        if let Ok(orig) = std::fs::read_to_string(shared.join(file)) {
            assert_eq!(
                copy, orig,
                "testing/ops_lists/{file} differs from ../shared/conformance/{file}"
            );
        }
    }
}

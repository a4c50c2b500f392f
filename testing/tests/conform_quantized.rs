//! The committed quantized golden cases (`testing/golden/cases/quantized_decomposed__*`)
//! through the default registry, where etk-optimized's vector paths of the quantized kernels
//! override etk-quantized's reference: zero failures, nothing skipped.

use etk_testing::conform::{self, Target, coverage};

#[test]
fn quantized_golden_cases_pass_on_default() {
    let dir = coverage::repo_root().join("testing/golden/cases");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("no suite at {}; nothing to check", dir.display());
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("quantized_decomposed__"))
        })
        .collect();
    files.sort();
    let r = conform::run(Target::default_lib(), &files, None).unwrap();
    eprint!("{}", r.table());
    eprintln!("{}", r.summary_line());
    let t = r.totals();
    assert!(
        t.failed == 0 && t.skipped == 0,
        "{} against default:\n{}",
        r.summary_line(),
        r.failure_details()
    );
}

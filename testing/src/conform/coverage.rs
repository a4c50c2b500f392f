//! `docs/coverage.md`: which operators of ExecuTorch's lists each library implements and how
//! they fare on the conformance suite, per input dtype.
//!
//! Deterministic: the output depends only on the lists, the registries and the suite's
//! results (run at the `ETK_ISA` level of the process: `etk-conform --coverage` sets `scalar`
//! unless given `--isa`, so the table reads the same on every machine; every level is gated by
//! the conformance runs of `ci/conformance.sh`).

use super::{COVERAGE_DTYPES, Outcome, Report, Target};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The lists, by file name, with their section titles.
pub const LISTS: [(&str, &str); 5] = [
    (
        "portable_ops.txt",
        "Portable operators (ExecuTorch's portable list)",
    ),
    (
        "optimized_ops.txt",
        "Optimized operators (ExecuTorch's optimized list)",
    ),
    ("quantized_ops.txt", "Quantized operators"),
    ("prim_ops.txt", "Prim ops"),
    (
        "beyond_ops.txt",
        "Beyond ExecuTorch's lists (Core ATen and requested operators)",
    ),
];

/// The repository root (the parent of this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("testing/ has a parent")
        .to_path_buf()
}

/// `../shared/conformance` beside the repository if it exists, else the committed copy under
/// `testing/ops_lists`.
pub fn default_lists_dir() -> PathBuf {
    let shared = repo_root().join("../shared/conformance");
    if shared.join("portable_ops.txt").is_file() {
        shared
    } else {
        repo_root().join("testing/ops_lists")
    }
}

/// The operator names of a list file (one a line; blank lines and `#` comments skipped).
pub fn read_list(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect())
}

#[derive(Default, Clone, Copy)]
struct Tally {
    cases: usize,
    passed: usize,
    failures: usize,
}

impl Tally {
    fn add(&mut self, o: Outcome) {
        self.cases += 1;
        if o == Outcome::Passed {
            self.passed += 1;
        } else if o.is_failure() {
            self.failures += 1;
        }
    }
}

/// Per op: the tally, and the tally per input dtype.
type Stats = BTreeMap<String, (Tally, BTreeMap<String, Tally>)>;

fn stats(r: &Report) -> Stats {
    let mut m: Stats = BTreeMap::new();
    for c in &r.cases {
        let e = m.entry(c.op.clone()).or_default();
        e.0.add(c.outcome);
        if let Some(d) = &c.dtype {
            e.1.entry(d.clone()).or_default().add(c.outcome);
        }
    }
    m
}

fn lib_cell(implemented: bool, t: Tally) -> String {
    match (implemented, t.cases) {
        (false, 0) => "—".into(),
        (false, n) => format!("— (0/{n})"),
        (true, 0) => "yes".into(),
        (true, n) if t.failures > 0 => format!("**yes {}/{n}**", t.passed),
        (true, n) => format!("yes {}/{n}", t.passed),
    }
}

fn dtype_cell(t: Option<&Tally>) -> &'static str {
    match t {
        None => "·",
        Some(t) if t.failures > 0 => "✗",
        Some(t) if t.passed == t.cases => "✓",
        Some(_) => "○",
    }
}

#[derive(Default)]
struct Summary {
    ops: usize,
    implemented: usize,
    all_pass: usize,
    failing: usize,
    no_cases: usize,
}

/// The optimized kernels whose results may differ from portable's in the last bits (another
/// summation order, the vector math, fused multiply-adds), as the optimized-vs-portable
/// harness compares them: every kernel it does not compare bit for bit.
fn differing_kernels(sections: &mut String) {
    use crate::harness::{Tol, generator};
    let _ = writeln!(
        sections,
        "## Optimized kernels that differ from portable in the last bits\n\n\
         The optimized-vs-portable harness (`testing/tests/optimized_vs_portable.rs`) compares \
         every other optimized kernel bit for bit. These it compares within `|got - want| <= \
         atol + rtol |want|` (both scaled to the out's unit in the last place for Half and \
         BFloat16; NaN where portable has NaN, infinities equal):\n\n\
         | op | rtol | atol |\n| --- | --: | --: |"
    );
    let mut ops: Vec<&str> = etk::optimized::TABLE.iter().map(|e| e.name).collect();
    ops.sort_unstable();
    ops.dedup();
    for op in ops {
        if let Some(Tol::Close { rtol, atol }) = generator(op).map(|g| g.tol) {
            let _ = writeln!(sections, "| `{op}` | {rtol:e} | {atol:e} |");
        }
    }
    sections.push('\n');
}

/// The fused chains (`etk_core::prepare::FusionEntry`) of the optimized library whose result
/// is not bit-identical to running their ops one by one.
fn differing_fusions(sections: &mut String) {
    use etk::optimized::table::prepared::within_one_step;
    let _ = writeln!(
        sections,
        "## Fused chains that differ from the ops one by one\n\n\
         Every other chain the optimized library fuses at prepare gives the bits of its ops \
         run one by one. These give a quantized out within one quantization step of them: {}\n\n\
         | a chain starting with | continued by any of |\n| --- | --- |",
        etk::optimized::quantized::chain::DIFFERENCE
    );
    let names = |ops: &[&str]| {
        let ops: Vec<String> = ops.iter().map(|o| format!("`{o}`")).collect();
        ops.join(", ")
    };
    for f in etk::optimized::EXTENSIONS
        .fusions
        .iter()
        .filter(|f| within_one_step(f))
    {
        let _ = writeln!(sections, "| {} | {} |", names(f.first), names(f.then));
    }
    sections.push('\n');
}

/// Generates the coverage page. `suite_label` is how the page names the suite.
pub fn generate(lists_dir: &Path, suite: &[PathBuf], suite_label: &str) -> Result<String, String> {
    let existing: Vec<PathBuf> = suite.iter().filter(|p| p.exists()).cloned().collect();
    let portable = super::run(Target::portable(), &existing, None)?;
    let optimized = super::run(Target::optimized(), &existing, None)?;
    let (ps, os) = (stats(&portable), stats(&optimized));
    let preg = etk::portable_registry();
    let in_optimized = |op: &str| etk::optimized::TABLE.iter().any(|e| e.name == op);

    let mut sections = String::new();
    let mut summary = Vec::new();
    let mut listed = BTreeSet::new();
    for (file, title) in LISTS {
        let ops = read_list(&lists_dir.join(file))?;
        let opt_section = file == "optimized_ops.txt";
        let mut sum = Summary::default();
        let _ = writeln!(sections, "## {title}\n");
        let _ = write!(sections, "| op | portable | optimized |");
        for d in COVERAGE_DTYPES {
            let _ = write!(sections, " {} |", d.name());
        }
        let _ = write!(sections, "\n| --- | --- | --- |");
        for _ in COVERAGE_DTYPES {
            let _ = write!(sections, " :-: |");
        }
        sections.push('\n');
        for op in &ops {
            listed.insert(op.clone());
            let (p_impl, o_impl) = (preg.lookup(op).is_some(), in_optimized(op));
            let none = (Tally::default(), BTreeMap::new());
            let p = ps.get(op).unwrap_or(&none);
            let o = os.get(op).unwrap_or(&none);
            let (implemented, mine) = if opt_section {
                (o_impl, o)
            } else {
                (p_impl, p)
            };
            sum.ops += 1;
            if implemented {
                sum.implemented += 1;
                match mine.0 {
                    t if t.cases == 0 => sum.no_cases += 1,
                    t if t.failures > 0 => sum.failing += 1,
                    t if t.passed == t.cases => sum.all_pass += 1,
                    _ => {}
                }
            }
            let _ = write!(
                sections,
                "| `{op}` | {} | {} |",
                lib_cell(p_impl, p.0),
                lib_cell(o_impl, if o_impl { o.0 } else { Tally::default() })
            );
            for d in COVERAGE_DTYPES {
                let _ = write!(sections, " {} |", dtype_cell(mine.1.get(d.name())));
            }
            sections.push('\n');
        }
        sections.push('\n');
        summary.push((file, sum));
    }

    differing_kernels(&mut sections);
    differing_fusions(&mut sections);

    let others: Vec<&String> = ps.keys().filter(|op| !listed.contains(*op)).collect();
    if !others.is_empty() {
        let _ = writeln!(sections, "## Other operators in the suite\n");
        let _ = writeln!(
            sections,
            "| op | portable | optimized |\n| --- | --- | --- |"
        );
        for op in others {
            let o_impl = in_optimized(op);
            let _ = writeln!(
                sections,
                "| `{op}` | {} | {} |",
                lib_cell(preg.lookup(op).is_some(), ps[op].0),
                lib_cell(
                    o_impl,
                    if o_impl {
                        os.get(op.as_str()).map(|x| x.0).unwrap_or_default()
                    } else {
                        Tally::default()
                    }
                )
            );
        }
        sections.push('\n');
    }
    let unlisted: BTreeSet<&str> = etk::registry()
        .entries()
        .map(|e| e.name)
        .filter(|n| !listed.contains(*n))
        .collect();
    if !unlisted.is_empty() {
        let _ = writeln!(sections, "## Registered operators not in any list\n");
        for op in unlisted {
            let _ = writeln!(sections, "- `{op}`");
        }
        sections.push('\n');
    }

    let mut s = String::new();
    let _ = writeln!(s, "# Operator coverage\n");
    let _ = writeln!(
        s,
        "Generated by `cargo run --release -p etk-testing --bin etk-conform -- --coverage` from \
         the kernel registries, the operator lists in `testing/ops_lists/` (copies of \
         `../shared/conformance/*_ops.txt`) and the conformance suite in `{suite_label}` \
         ({} files, {} cases). Do not edit by hand: `ci/conformance.sh` regenerates it and \
         fails when the committed copy is stale.\n",
        portable.files,
        portable.cases.len()
    );
    let _ = writeln!(s, "## Summary\n");
    if let Some((_, p)) = summary.first() {
        let _ = writeln!(
            s,
            "**{} of {} portable operators implemented; {} pass every suite case.**\n",
            p.implemented, p.ops, p.all_pass
        );
    }
    let _ = writeln!(
        s,
        "| list | operators | implemented | every suite case passes | some case fails | no suite cases |\n| --- | --: | --: | --: | --: | --: |"
    );
    for (file, sum) in &summary {
        let by = if *file == "optimized_ops.txt" {
            "by optimized"
        } else {
            "in the portable registry"
        };
        let _ = writeln!(
            s,
            "| `{file}` | {} | {} {by} | {} | {} | {} |",
            sum.ops, sum.implemented, sum.all_pass, sum.failing, sum.no_cases
        );
    }
    let _ = writeln!(
        s,
        "\nSuite against `--lib portable`: {}. Against `--lib optimized` (optimized over \
         portable): {}.\n",
        portable.summary_line(),
        optimized.summary_line()
    );
    let _ = writeln!(
        s,
        "Columns: **portable** is the portable registry (portable kernels, quantized kernels \
         and prim ops), **optimized** is etk-optimized's own table: `yes P/N` means the \
         library registers the operator and P of the suite's N cases for it pass (bold when \
         one fails), `—` that it does not register it (optimized then falls back to \
         portable). One column per input dtype (the dtype of the case's first tensor \
         argument, else of its out), from the portable registry's results (in the optimized \
         section, from `--lib optimized`'s): ✓ every case passes, ✗ some case fails, ○ none fails but \
         some are skipped (unsupported), · no cases.\n"
    );
    s.push_str(&sections);
    while s.ends_with("\n\n") {
        s.pop();
    }
    Ok(s)
}

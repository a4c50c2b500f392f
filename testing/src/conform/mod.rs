//! The conformance runner behind `etk-conform`: runs every case of a suite in the format of
//! `../shared/conformance/FORMAT.md` against a kernel registry and classifies each one.
//!
//! Classification of a case (exactly one of):
//! - **unsupported** (skipped): the operator is not registered, a tensor has a dtype etk does
//!   not name, the rank exceeds etk's, or
//!   the kernel returned `NotImplemented` / `OperatorMissing`;
//! - **panicked**: the kernel panicked (caught; never a crash of the runner);
//! - **failed**: the outs have the wrong shape or values, the kernel wrote outside its outs
//!   (an input changed, a guard canary around an out changed), or the case or its file is
//!   malformed;
//! - **wrongly rejected**: a value case on which the kernel returned an error;
//! - **wrongly accepted**: an `"error"` case on which the kernel returned `Ok`;
//! - **passed**: otherwise (the values match, or an `"error"` case returned an error).
//!
//! The summary's "failed" counts everything but passes and unsupported cases.

pub mod buffer;
pub mod case;
pub mod coverage;
pub mod exec;
pub mod report;

use etk::{BoxedKernel, KernelEntry, Registry, ScalarType};
use serde_json::Value;
use std::path::{Path, PathBuf};

pub use report::{OpCounts, Report, Totals};

/// What happened to one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    Passed,
    Failed,
    WronglyAccepted,
    WronglyRejected,
    Panicked,
    Unsupported,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Passed => "passed",
            Outcome::Failed => "failed",
            Outcome::WronglyAccepted => "wrongly accepted",
            Outcome::WronglyRejected => "wrongly rejected",
            Outcome::Panicked => "panicked",
            Outcome::Unsupported => "unsupported",
        }
    }

    /// Counts as a failure in the summary line.
    pub fn is_failure(self) -> bool {
        !matches!(self, Outcome::Passed | Outcome::Unsupported)
    }
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The file, as found under the given directory.
    pub file: String,
    /// The case's position in the file's `cases` array (`None` for a malformed file).
    pub index: Option<usize>,
    pub op: String,
    pub note: String,
    pub outcome: Outcome,
    /// The kernel's error, the first mismatch, the panic message or why it was skipped.
    pub detail: String,
    /// The dtype of the case's first tensor argument (or of its first out).
    pub dtype: Option<String>,
}

/// The op name reported for a file that cannot be read as a suite file.
pub const MALFORMED_FILE: &str = "(malformed file)";

/// A library to run a suite against: a registry and the named tables it stacks (later ones
/// override earlier ones), which say which library serves each operator.
#[derive(Clone, Copy)]
pub struct Target {
    pub name: &'static str,
    pub registry: Registry<'static>,
    pub layers: &'static [(&'static str, &'static [KernelEntry])],
}

const PORTABLE_LAYERS: &[(&str, &[KernelEntry])] = &[
    ("portable", etk::portable::TABLE),
    ("quantized", etk::quantized::TABLE),
    ("prim_ops", etk::prim_ops::TABLE),
];
const OPTIMIZED_LAYERS: &[(&str, &[KernelEntry])] = &[
    ("portable", etk::portable::TABLE),
    ("quantized", etk::quantized::TABLE),
    ("prim_ops", etk::prim_ops::TABLE),
    ("optimized", etk::optimized::TABLE),
];
const OPTIMIZED_OVER_PORTABLE: &[&[KernelEntry]] = &[
    etk::portable::TABLE,
    etk::quantized::TABLE,
    etk::prim_ops::TABLE,
    etk::optimized::TABLE,
];
const DEFAULT_LAYERS: &[(&str, &[KernelEntry])] = &[
    ("portable", etk::portable::TABLE),
    ("quantized", etk::quantized::TABLE),
    ("optimized", etk::optimized::TABLE),
    ("prim_ops", etk::prim_ops::TABLE),
];

impl Target {
    /// `etk::portable_registry()`: portable kernels (with quantized kernels and prim ops).
    pub fn portable() -> Target {
        Target {
            name: "portable",
            registry: etk::portable_registry(),
            layers: PORTABLE_LAYERS,
        }
    }

    /// Optimized kernels over the portable registry: every operator optimized registers runs
    /// optimized's kernel (at the `ETK_ISA` level), the others portable's. (The same kernels
    /// as `default`, stacked here rather than by the facade.)
    pub fn optimized() -> Target {
        Target {
            name: "optimized",
            registry: Registry::new(OPTIMIZED_OVER_PORTABLE),
            layers: OPTIMIZED_LAYERS,
        }
    }

    /// `etk::registry()`, the facade's default.
    pub fn default_lib() -> Target {
        Target {
            name: "default",
            registry: etk::registry(),
            layers: DEFAULT_LAYERS,
        }
    }

    /// `portable`, `optimized` or `default`.
    pub fn by_name(name: &str) -> Option<Target> {
        match name {
            "portable" => Some(Self::portable()),
            "optimized" => Some(Self::optimized()),
            "default" => Some(Self::default_lib()),
            _ => None,
        }
    }

    /// The library that serves `op`, if any.
    pub fn provider(&self, op: &str) -> Option<&'static str> {
        self.layers
            .iter()
            .rev()
            .find(|(_, t)| t.iter().any(|e| e.name == op))
            .map(|(n, _)| *n)
    }
}

/// Sets `ETK_ISA` for this process. Call it first thing in `main`, before any thread exists
/// and before anything asks `etk_simd` for the CPU's level (it is read once).
pub fn set_isa(isa: &str) -> Result<(), String> {
    if !matches!(isa, "scalar" | "avx2" | "avx512" | "neon") {
        return Err(format!(
            "unknown ISA level {isa:?} (scalar, avx2, avx512, neon)"
        ));
    }
    // SAFETY: called at the start of `main`, while the process has one thread.
    unsafe { std::env::set_var("ETK_ISA", isa) };
    Ok(())
}

/// One suite file, read whole.
pub struct FileData {
    bytes: Vec<u8>,
    header: usize,
    meta: safetensors::tensor::Metadata,
}

impl FileData {
    /// Reads and validates a safetensors file.
    pub fn parse(bytes: Vec<u8>) -> Result<FileData, String> {
        let (header, meta) = safetensors::SafeTensors::read_metadata(&bytes)
            .map_err(|e| format!("not a safetensors file: {e}"))?;
        Ok(FileData {
            bytes,
            header,
            meta,
        })
    }

    /// The `__metadata__["cases"]` array.
    pub fn cases(&self) -> Result<Vec<Value>, String> {
        let text = self
            .meta
            .metadata()
            .as_ref()
            .and_then(|m| m.get("cases"))
            .ok_or("no __metadata__[\"cases\"]")?;
        match serde_json::from_str(text) {
            Ok(Value::Array(a)) => Ok(a),
            Ok(_) => Err("__metadata__[\"cases\"] is not a JSON array".into()),
            Err(e) => Err(format!("__metadata__[\"cases\"] is not JSON: {e}")),
        }
    }

    /// A tensor's dtype, shape and bytes (logical order, unaligned).
    pub fn tensor(&self, name: &str) -> Option<(safetensors::Dtype, &[usize], &[u8])> {
        let info = self.meta.info(name)?;
        let data = self.bytes.get(8 + self.header..)?;
        let (a, b) = info.data_offsets;
        Some((info.dtype, &info.shape, data.get(a..b)?))
    }
}

/// Every `*.safetensors` file under `paths` (a path may also name a file), sorted.
pub fn suite_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let rd = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in rd {
            let p = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
            if p.is_dir() {
                walk(&p, out)?;
            } else if p.extension().is_some_and(|e| e == "safetensors") {
                out.push(p);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut here = Vec::new();
            walk(p, &mut here)?;
            here.sort();
            files.extend(here);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    Ok(files)
}

/// Matches an operator name against `--op`: a glob with `*` and `?` if it has one, otherwise
/// a substring.
pub fn op_matches(pattern: &str, op: &str) -> bool {
    fn glob(p: &[u8], s: &[u8]) -> bool {
        match (p.first(), s.first()) {
            (None, None) => true,
            (Some(b'*'), _) => glob(&p[1..], s) || (!s.is_empty() && glob(p, &s[1..])),
            (Some(b'?'), Some(_)) => glob(&p[1..], &s[1..]),
            (Some(a), Some(b)) if a == b => glob(&p[1..], &s[1..]),
            _ => false,
        }
    }
    if pattern.contains(['*', '?']) {
        glob(pattern.as_bytes(), op.as_bytes())
    } else {
        op.contains(pattern)
    }
}

/// The dtype a case's coverage is filed under: its first tensor argument's, else its first
/// out's.
fn case_dtype(case: &case::Case, file: &FileData) -> Option<String> {
    use case::Arg;
    let first = case.args.iter().find_map(|a| match a {
        Arg::Tensor(t) => Some(t),
        Arg::Tensors(ts) => ts.first(),
        Arg::OptTensors(ts) => ts.iter().flatten().next(),
        _ => None,
    });
    match first {
        Some(t) => {
            let (d, _, _) = file.tensor(&t.name)?;
            let st = exec::file_dtype(d)?;
            Some(if t.complex {
                st.to_complex().unwrap_or(st).name().to_string()
            } else {
                st.name().to_string()
            })
        }
        None => case.outs.first().map(|o| o.dtype.clone()),
    }
}

/// Runs suites against a target, reusing one scratch buffer.
pub struct Runner {
    target: Target,
    filter: Option<String>,
    scratch: Vec<u8>,
}

/// Scratch memory every kernel call gets.
pub const SCRATCH_BYTES: usize = 64 << 20;

impl Runner {
    pub fn new(target: Target, filter: Option<String>) -> Runner {
        Runner {
            target,
            filter,
            scratch: vec![0; SCRATCH_BYTES],
        }
    }

    /// Runs every case of every suite file under `paths`.
    pub fn run_paths(&mut self, paths: &[PathBuf]) -> Result<Report, String> {
        let files = suite_files(paths)?;
        let mut report = Report::new(self.target.name);
        for f in &files {
            let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
            self.run_file(&f.display().to_string(), bytes, &mut report);
        }
        report.files = files.len();
        for op in report.op_names() {
            if let Some(p) = self.target.provider(&op) {
                report.providers.insert(op, p.to_string());
            }
        }
        Ok(report)
    }

    /// Runs the cases of one file's bytes into `report`.
    pub fn run_file(&mut self, name: &str, bytes: Vec<u8>, report: &mut Report) {
        let file_failure = |report: &mut Report, detail: String| {
            if self.filter.is_none() {
                report.cases.push(CaseResult {
                    file: name.to_string(),
                    index: None,
                    op: MALFORMED_FILE.to_string(),
                    note: String::new(),
                    outcome: Outcome::Failed,
                    detail,
                    dtype: None,
                });
            }
        };
        let file = match FileData::parse(bytes) {
            Ok(f) => f,
            Err(e) => return file_failure(report, e),
        };
        let cases = match file.cases() {
            Ok(c) => c,
            Err(e) => return file_failure(report, e),
        };
        for (index, v) in cases.iter().enumerate() {
            let op = case::op_name(v).unwrap_or("(malformed case)").to_string();
            if let Some(p) = &self.filter
                && !op_matches(p, &op)
            {
                continue;
            }
            let mut r = CaseResult {
                file: name.to_string(),
                index: Some(index),
                op,
                note: v
                    .get("note")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                outcome: Outcome::Failed,
                detail: String::new(),
                dtype: None,
            };
            match case::parse_case(v) {
                Err(e) => r.detail = format!("malformed case: {e}"),
                Ok(c) => {
                    r.dtype = case_dtype(&c, &file);
                    let kernel = self.target.registry.lookup(&c.op);
                    (r.outcome, r.detail) = self.run_case(&c, &file, kernel);
                }
            }
            report.cases.push(r);
        }
    }

    fn run_case(
        &mut self,
        c: &case::Case,
        file: &FileData,
        kernel: Option<BoxedKernel>,
    ) -> (Outcome, String) {
        let Some(kernel) = kernel else {
            return (Outcome::Unsupported, "operator not registered".into());
        };
        let scratch = &mut self.scratch;
        // The kernel call catches its own panics; this catches the runner's, so that no case
        // can stop the run.
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            match exec::prepare(c, file) {
                Err(exec::Skip::Unsupported(why)) => (Outcome::Unsupported, why),
                Err(exec::Skip::Malformed(why)) => {
                    (Outcome::Failed, format!("malformed case: {why}"))
                }
                Ok(p) => exec::run(&p, kernel, scratch),
            }
        }));
        r.unwrap_or_else(|_| (Outcome::Failed, "the runner panicked on this case".into()))
    }
}

/// Runs the suite under `paths` against `target` (the library API of `etk-conform`).
pub fn run(target: Target, paths: &[PathBuf], filter: Option<&str>) -> Result<Report, String> {
    Runner::new(target, filter.map(str::to_string)).run_paths(paths)
}

/// The dtypes the coverage table has a column for, in its order.
pub const COVERAGE_DTYPES: [ScalarType; 10] = [
    ScalarType::Bool,
    ScalarType::Byte,
    ScalarType::Char,
    ScalarType::Short,
    ScalarType::Int,
    ScalarType::Long,
    ScalarType::Half,
    ScalarType::BFloat16,
    ScalarType::Float,
    ScalarType::Double,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn op_patterns() {
        assert!(op_matches("add", "aten::add.out"));
        assert!(op_matches("aten::add.*", "aten::add.Scalar_out"));
        assert!(!op_matches("aten::add.*", "aten::addmm.out"));
        assert!(op_matches("*.out", "aten::sin.out"));
        assert!(op_matches("aten::si?.out", "aten::sin.out"));
        assert!(!op_matches("sub", "aten::add.out"));
    }
}

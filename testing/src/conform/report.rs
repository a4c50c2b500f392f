//! What a run found: the per-operator table, the summary line, the failing cases and the JSON
//! report.

use super::{CaseResult, Outcome};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Counts per outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    pub cases: usize,
    pub passed: usize,
    pub failed: usize,
    pub wrongly_accepted: usize,
    pub wrongly_rejected: usize,
    pub panicked: usize,
    pub unsupported: usize,
}

impl OpCounts {
    pub fn add(&mut self, o: Outcome) {
        self.cases += 1;
        *match o {
            Outcome::Passed => &mut self.passed,
            Outcome::Failed => &mut self.failed,
            Outcome::WronglyAccepted => &mut self.wrongly_accepted,
            Outcome::WronglyRejected => &mut self.wrongly_rejected,
            Outcome::Panicked => &mut self.panicked,
            Outcome::Unsupported => &mut self.unsupported,
        } += 1;
    }

    /// Everything but passes and unsupported cases.
    pub fn failures(&self) -> usize {
        self.failed + self.wrongly_accepted + self.wrongly_rejected + self.panicked
    }

    fn json(&self) -> Value {
        json!({
            "cases": self.cases,
            "passed": self.passed,
            "failed": self.failed,
            "wrongly_accepted": self.wrongly_accepted,
            "wrongly_rejected": self.wrongly_rejected,
            "panicked": self.panicked,
            "unsupported": self.unsupported,
        })
    }
}

/// The summary line's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
}

/// The results of a run.
#[derive(Clone, Debug)]
pub struct Report {
    /// The library run (`portable`, `optimized`, `default`).
    pub lib: String,
    /// Suite files read.
    pub files: usize,
    pub cases: Vec<CaseResult>,
    /// The library that serves each registered operator seen.
    pub providers: BTreeMap<String, String>,
}

impl Report {
    pub fn new(lib: &str) -> Report {
        Report {
            lib: lib.to_string(),
            files: 0,
            cases: Vec::new(),
            providers: BTreeMap::new(),
        }
    }

    /// The operators seen, sorted.
    pub fn op_names(&self) -> Vec<String> {
        self.per_op().into_keys().collect()
    }

    pub fn per_op(&self) -> BTreeMap<String, OpCounts> {
        let mut m: BTreeMap<String, OpCounts> = BTreeMap::new();
        for c in &self.cases {
            m.entry(c.op.clone()).or_default().add(c.outcome);
        }
        m
    }

    pub fn totals(&self) -> Totals {
        let mut t = Totals::default();
        for c in &self.cases {
            match c.outcome {
                Outcome::Passed => t.passed += 1,
                Outcome::Unsupported => t.skipped += 1,
                _ => t.failed += 1,
            }
        }
        t
    }

    /// `N passed, N failed, N skipped`.
    pub fn summary_line(&self) -> String {
        let t = self.totals();
        format!(
            "{} passed, {} failed, {} skipped",
            t.passed, t.failed, t.skipped
        )
    }

    /// The cases that count as failures.
    pub fn failures(&self) -> impl Iterator<Item = &CaseResult> {
        self.cases.iter().filter(|c| c.outcome.is_failure())
    }

    /// The table per operator (no summary line).
    pub fn table(&self) -> String {
        let per_op = self.per_op();
        let w = per_op.keys().map(String::len).max().unwrap_or(2).max(2);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:<w$}  {:<9}  {:>5}  {:>6}  {:>6}  {:>8}  {:>8}  {:>8}  {:>11}",
            "op",
            "lib",
            "cases",
            "passed",
            "failed",
            "w.accept",
            "w.reject",
            "panicked",
            "unsupported"
        );
        let mut all = OpCounts::default();
        for (op, c) in &per_op {
            let lib = self.providers.get(op).map(String::as_str).unwrap_or("-");
            let _ = writeln!(
                s,
                "{op:<w$}  {lib:<9}  {:>5}  {:>6}  {:>6}  {:>8}  {:>8}  {:>8}  {:>11}",
                c.cases,
                c.passed,
                c.failed,
                c.wrongly_accepted,
                c.wrongly_rejected,
                c.panicked,
                c.unsupported
            );
            all.cases += c.cases;
            all.passed += c.passed;
            all.failed += c.failed;
            all.wrongly_accepted += c.wrongly_accepted;
            all.wrongly_rejected += c.wrongly_rejected;
            all.panicked += c.panicked;
            all.unsupported += c.unsupported;
        }
        let _ = writeln!(
            s,
            "{:<w$}  {:<9}  {:>5}  {:>6}  {:>6}  {:>8}  {:>8}  {:>8}  {:>11}",
            format!("total ({} ops)", per_op.len()),
            "",
            all.cases,
            all.passed,
            all.failed,
            all.wrongly_accepted,
            all.wrongly_rejected,
            all.panicked,
            all.unsupported
        );
        s
    }

    /// One block per failing case: where it is, what it is, and what went wrong.
    pub fn failure_details(&self) -> String {
        let mut s = String::new();
        for c in self.failures() {
            let idx = c.index.map(|i| format!("case {i}")).unwrap_or_default();
            let _ = writeln!(s, "{} {}: {} [{}]", c.file, idx, c.op, c.outcome.name());
            if !c.note.is_empty() {
                let _ = writeln!(s, "    note: {}", c.note);
            }
            let _ = writeln!(s, "    {}", c.detail);
        }
        s
    }

    /// Per-op and per-case results.
    pub fn to_json(&self, isa: Option<&str>) -> Value {
        let t = self.totals();
        let ops: Vec<Value> = self
            .per_op()
            .iter()
            .map(|(op, c)| {
                let mut v = c.json();
                v["op"] = json!(op);
                v["lib"] = json!(self.providers.get(op));
                v
            })
            .collect();
        let cases: Vec<Value> = self
            .cases
            .iter()
            .map(|c| {
                json!({
                    "file": c.file,
                    "index": c.index,
                    "op": c.op,
                    "note": c.note,
                    "dtype": c.dtype,
                    "outcome": c.outcome.name(),
                    "detail": c.detail,
                })
            })
            .collect();
        json!({
            "lib": self.lib,
            "isa": isa,
            "files": self.files,
            "summary": {"passed": t.passed, "failed": t.failed, "skipped": t.skipped},
            "ops": ops,
            "cases": cases,
        })
    }
}

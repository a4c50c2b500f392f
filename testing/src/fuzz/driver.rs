//! The fuzzer's processes. The parent lists the units (a kernel of a library, at an ISA level
//! for the SIMD libraries) and runs each in a child process with a watchdog, two at a time; a
//! child generates and checks its unit's calls and says on stdout which call it is on, so that
//! a crash or a hang names its call. The parent then runs the unit again up to that call to
//! print its reproducer.
//!
//! Child protocol, one line each: `C k` before call `k`; `F k KIND DETAIL` for a finding;
//! `P LINE` for a reproducer's lines; `W` while shrinking one; `S calls ok err not_a_view` at the
//! end.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use etk::{BoxedKernel, KernelContext, KernelEntry};

use super::args::{Arg, to_rust};
use super::check::{FindingKind, Verdict, check_call};
use super::mutate::{Rng, mutate, random_call};
use super::seed::seeds;
use super::shrink::shrink;
use super::{bad, lookup_table};

/// What one run fuzzes, and how hard.
#[derive(Clone, Debug)]
pub struct Config {
    /// `all` (portable, optimized, quantized, prim) or one of them, or `selftest`.
    pub lib: String,
    pub calls: usize,
    pub seed: u64,
    /// Every this-many-th call runs with a two-thread context (0: never).
    pub threads_every: usize,
    /// Seconds a child may go without finishing a call.
    pub timeout: u64,
    pub jobs: usize,
    /// Only operators whose name contains this.
    pub filter: Option<String>,
    pub suite: PathBuf,
    /// Stop a unit after this many findings.
    pub max_findings: usize,
    /// A child flushes its progress after every call (slower; names a crash's call exactly).
    pub sync: bool,
}

/// A kernel of a library at an ISA level (`None`: the level does not matter).
#[derive(Clone, Debug)]
pub struct Unit {
    pub lib: &'static str,
    pub op: &'static str,
    pub isa: Option<&'static str>,
}

impl Unit {
    fn label(&self) -> String {
        match self.isa {
            Some(isa) => format!("{} {} (isa {isa})", self.lib, self.op),
            None => format!("{} {}", self.lib, self.op),
        }
    }
}

const LIBS: &[&str] = &["portable", "optimized", "quantized", "prim"];

/// The ISA levels this machine runs (`ETK_ISA` alone when it is set).
fn isa_levels() -> Vec<&'static str> {
    if let Ok(forced) = std::env::var("ETK_ISA") {
        for l in ["scalar", "avx2", "avx512"] {
            if forced == l {
                return vec![l];
            }
        }
    }
    #[allow(unused_mut)]
    let mut v = vec!["scalar"];
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            v.push("avx2");
        }
        if is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512dq")
            && is_x86_feature_detected!("avx512vl")
        {
            v.push("avx512");
        }
    }
    v
}

pub fn units(cfg: &Config) -> Vec<Unit> {
    let libs: Vec<&'static str> = match cfg.lib.as_str() {
        "all" => LIBS.to_vec(),
        l => LIBS
            .iter()
            .chain(&["selftest"])
            .copied()
            .filter(|x| *x == l)
            .collect(),
    };
    let levels = isa_levels();
    let mut v = Vec::new();
    for lib in libs {
        for e in lookup_table(lib).unwrap_or(&[]) {
            if cfg
                .filter
                .as_ref()
                .is_some_and(|f| !e.name.contains(f.as_str()))
            {
                continue;
            }
            if matches!(lib, "optimized" | "quantized") {
                for &isa in &levels {
                    v.push(Unit {
                        lib,
                        op: e.name,
                        isa: Some(isa),
                    });
                }
            } else {
                v.push(Unit {
                    lib,
                    op: e.name,
                    isa: None,
                });
            }
        }
    }
    v
}

/// The number of boxed values a kernel takes: the one stack length of all-None values that is
/// not rejected for its length.
fn schema_arity(kernel: BoxedKernel) -> Option<usize> {
    (0..16).find(|&n| {
        let mut stack: Vec<etk::EValue<'_>> = (0..n).map(|_| etk::EValue::None).collect();
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            kernel(&mut KernelContext::serial(), &mut stack)
        })) {
            Ok(Err(e)) => !(e.kind == etk::ErrorKind::InvalidProgram && e.arg == "arguments"),
            Ok(Ok(())) | Err(_) => true,
        }
    })
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\n', "\\n")
}

/// Runs one unit's calls in this process (the child's side), printing the protocol lines.
/// With `repro = Some(k)` the reproducer of call `k` is printed before it runs.
pub fn run_child(
    lib: &str,
    op: &str,
    cfg: &Config,
    repro: Option<usize>,
    mut w: impl Write,
) -> std::io::Result<()> {
    let kernel = lookup_table(lib)
        .and_then(|t| t.iter().find(|e| e.name == op))
        .map(|e| e.kernel)
        .ok_or_else(|| std::io::Error::other(format!("no kernel {op} in {lib}")))?;
    etk::init();
    let mut corpus: Vec<Vec<Arg>> = seeds(&cfg.suite, op, 256);
    let n_seeds = corpus.len();
    // The committed cases end with exactly the schema's outs; without them, one out.
    let is_out = |a: &Arg| matches!(a, Arg::Out(_) | Arg::OutList(_) | Arg::AliasOut { .. });
    let n_outs = corpus
        .first()
        .map_or(1, |c| c.iter().rev().take_while(|a| is_out(a)).count());
    let arity = schema_arity(kernel);
    let mut r = Rng::new(cfg.seed ^ fnv(op));
    let (mut ok, mut err, mut not_view, mut findings) = (0, 0, 0, 0);
    let last = repro.map_or(cfg.calls, |k| k + 1);
    let mut last_flush = Instant::now();
    for k in 0..last {
        let mut args = if !corpus.is_empty() && r.below(10) < 8 {
            let mut a = corpus[r.below(corpus.len())].clone();
            if !r.one_in(8) {
                mutate(&mut r, &mut a);
            }
            a
        } else {
            let n = match arity {
                Some(n) if !r.one_in(10) => n,
                _ => r.below(9),
            };
            random_call(&mut r, n)
        };
        if args.len() > 64 {
            args.truncate(64);
        }
        let threads = if cfg.threads_every > 0 && k % cfg.threads_every == cfg.threads_every - 1 {
            2
        } else {
            1
        };
        if repro == Some(k) {
            for line in to_rust(op, lib, n_outs, threads, &args).lines() {
                writeln!(w, "P {line}")?;
            }
        }
        writeln!(w, "C {k}")?;
        // Every call's line is flushed in sync mode (finding a crash's call); otherwise a few
        // times a second, enough for the watchdog.
        if cfg.sync || last_flush.elapsed() > Duration::from_millis(250) {
            w.flush()?;
            last_flush = Instant::now();
        }
        let rep = check_call(kernel, op, n_outs, &args, threads);
        match &rep.verdict {
            Verdict::Ok => ok += 1,
            Verdict::Err(_) => err += 1,
            Verdict::NotAView(_) => not_view += 1,
            Verdict::Panicked => {}
        }
        if !rep.findings.is_empty() {
            for f in &rep.findings {
                writeln!(w, "F {k} {} {}", f.kind.name(), escape(&f.detail))?;
            }
            // Slow calls are not shrunk: each try would take as long.
            let kind = rep.findings[0].kind;
            let small = if kind == FindingKind::Slow {
                args
            } else {
                shrink(kernel, op, n_outs, &args, threads, kind, &mut || {
                    let _ = writeln!(w, "W");
                    let _ = w.flush();
                })
            };
            for line in to_rust(op, lib, n_outs, threads, &small).lines() {
                writeln!(w, "P {line}")?;
            }
            findings += 1;
            if findings >= cfg.max_findings {
                break;
            }
        } else if rep.verdict == Verdict::Ok {
            // Calls that succeeded seed further mutations (the committed cases stay).
            if corpus.len() < n_seeds + 256 {
                corpus.push(args);
            } else {
                let i = n_seeds + r.below(256);
                corpus[i] = args;
            }
        }
    }
    writeln!(w, "S {last} {ok} {err} {not_view}")?;
    w.flush()
}

/// A finding as the parent reports it.
#[derive(Clone, Debug)]
pub struct Report {
    pub unit: String,
    pub call: Option<usize>,
    pub kind: String,
    pub detail: String,
    pub repro: Vec<String>,
}

/// What a whole run found.
#[derive(Default, Debug)]
pub struct Summary {
    pub units: usize,
    pub calls: usize,
    pub ok: usize,
    pub err: usize,
    pub not_a_view: usize,
    pub findings: Vec<Report>,
    /// Kinds found per operator (for the self-test).
    pub by_op: BTreeMap<String, Vec<String>>,
}

struct ChildResult {
    lines: Vec<String>,
    last_call: Option<usize>,
    /// `None`: finished; else what went wrong with the process.
    died: Option<String>,
}

fn spawn_child(
    exe: &Path,
    unit: &Unit,
    cfg: &Config,
    repro: Option<usize>,
) -> std::io::Result<ChildResult> {
    let mut cmd = Command::new(exe);
    cmd.args(["--child", unit.lib, unit.op])
        .args(["--calls", &cfg.calls.to_string()])
        .args(["--seed", &cfg.seed.to_string()])
        .args(["--threads-every", &cfg.threads_every.to_string()])
        .args(["--max-findings", &cfg.max_findings.to_string()])
        .arg("--suite")
        .arg(&cfg.suite)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .stdin(Stdio::null());
    if let Some(k) = repro {
        cmd.args(["--repro", &k.to_string()]);
    }
    if cfg.sync || repro.is_some() {
        cmd.arg("--sync");
    }
    if let Some(isa) = unit.isa {
        cmd.env("ETK_ISA", isa);
    }
    let mut child = cmd.spawn()?;
    let out = child.stdout.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut res = ChildResult {
        lines: Vec::new(),
        last_call: None,
        died: None,
    };
    let timeout = Duration::from_secs(cfg.timeout);
    let mut since = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(line) => {
                since = Instant::now();
                if let Some(k) = line.strip_prefix("C ") {
                    res.last_call = k.trim().parse().ok();
                } else if line != "W" {
                    res.lines.push(line);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if since.elapsed() > timeout {
                    let _ = child.kill();
                    res.died = Some(format!("hang: no progress for {}s", cfg.timeout));
                    break;
                }
            }
        }
    }
    let status = child.wait()?;
    let _ = reader.join();
    if res.died.is_none() && !status.success() {
        res.died = Some(format!("crash: the child process ended with {status}"));
    }
    Ok(res)
}

/// Runs every unit of `cfg` in child processes of `exe` (this binary) and gathers the findings.
pub fn run_parent(exe: &Path, cfg: &Config, progress: bool) -> Summary {
    let units = units(cfg);
    let n_units = units.len();
    let queue = Arc::new(Mutex::new(units.clone().into_iter().enumerate()));
    let summary = Arc::new(Mutex::new(Summary {
        units: units.len(),
        ..Summary::default()
    }));
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1) {
            let (queue, summary) = (Arc::clone(&queue), Arc::clone(&summary));
            s.spawn(move || {
                loop {
                    let Some((i, unit)) = queue.lock().unwrap().next() else {
                        break;
                    };
                    let reports = run_unit(exe, &unit, cfg, &summary);
                    let mut sm = summary.lock().unwrap();
                    for r in reports {
                        sm.by_op
                            .entry(unit.op.to_string())
                            .or_default()
                            .push(r.kind.clone());
                        sm.findings.push(r);
                    }
                    if progress && (i + 1) % 25 == 0 {
                        eprintln!(
                            "etk-fuzz: {}/{} units, {} calls, {:.0?}",
                            i + 1,
                            n_units,
                            sm.calls,
                            started.elapsed()
                        );
                    }
                }
            });
        }
    });
    Arc::try_unwrap(summary)
        .map(|m| m.into_inner().unwrap())
        .unwrap_or_default()
}

fn run_unit(exe: &Path, unit: &Unit, cfg: &Config, summary: &Mutex<Summary>) -> Vec<Report> {
    let mut reports = Vec::new();
    let res = match spawn_child(exe, unit, cfg, None) {
        Ok(r) => r,
        Err(e) => {
            reports.push(Report {
                unit: unit.label(),
                call: None,
                kind: "spawn".into(),
                detail: e.to_string(),
                repro: Vec::new(),
            });
            return reports;
        }
    };
    let mut current: Option<Report> = None;
    for line in &res.lines {
        if let Some(rest) = line.strip_prefix("F ") {
            let mut it = rest.splitn(3, ' ');
            let call = it.next().and_then(|k| k.parse().ok());
            let kind = it.next().unwrap_or("?").to_string();
            let detail = it.next().unwrap_or("").to_string();
            if let Some(c) = current.take() {
                reports.push(c);
            }
            current = Some(Report {
                unit: unit.label(),
                call,
                kind,
                detail,
                repro: Vec::new(),
            });
        } else if let Some(p) = line.strip_prefix("P ") {
            if let Some(c) = current.as_mut() {
                c.repro.push(p.to_string());
            }
        } else if let Some(st) = line.strip_prefix("S ") {
            let n: Vec<usize> = st.split(' ').filter_map(|x| x.parse().ok()).collect();
            if let [calls, ok, err, nv] = n[..] {
                let mut sm = summary.lock().unwrap();
                sm.calls += calls;
                sm.ok += ok;
                sm.err += err;
                sm.not_a_view += nv;
            }
        }
    }
    // Several findings of one call share its reproducer.
    if let Some(c) = current.take() {
        reports.push(c);
    }
    let mut last_repro = Vec::new();
    for r in reports.iter_mut().rev() {
        if r.repro.is_empty() {
            r.repro = last_repro.clone();
        } else {
            last_repro = r.repro.clone();
        }
    }
    if let Some(why) = res.died {
        let (kind, detail) = why.split_once(": ").unwrap_or(("crash", why.as_str()));
        let mut rep = Report {
            unit: unit.label(),
            call: res.last_call,
            kind: kind.to_string(),
            detail: detail.to_string(),
            repro: Vec::new(),
        };
        // Progress lines come in batches: run the unit again flushing every call to learn
        // which call it was, then up to that call, printing its reproducer before it runs.
        let sync = Config {
            sync: true,
            ..cfg.clone()
        };
        if !cfg.sync
            && let Ok(again) = spawn_child(exe, unit, &sync, None)
            && again.died.is_some()
        {
            rep.call = again.last_call;
        }
        summary.lock().unwrap().calls += rep.call.map_or(0, |k| k + 1);
        if let Some(k) = rep.call
            && let Ok(again) = spawn_child(exe, unit, cfg, Some(k))
        {
            rep.repro = again
                .lines
                .iter()
                .filter_map(|l| l.strip_prefix("P "))
                .map(str::to_string)
                .collect();
        }
        reports.push(rep);
    }
    reports
}

/// Prints the findings (each with its reproducer) and the totals; the last line is
/// `N passed, N failed` over units.
pub fn print_summary(sm: &Summary, cfg: &Config, elapsed: Duration) {
    for f in &sm.findings {
        println!(
            "FAIL {}: call {}: {}: {}",
            f.unit,
            f.call.map_or("?".into(), |k| k.to_string()),
            f.kind,
            f.detail
        );
        if !f.repro.is_empty() {
            println!("  reproducer:");
            for l in &f.repro {
                println!("    {l}");
            }
        }
    }
    let failed_units: std::collections::BTreeSet<&str> =
        sm.findings.iter().map(|f| f.unit.as_str()).collect();
    println!(
        "etk-fuzz: {} units ({} lib), {} calls: {} ok, {} errors, {} not a view; {} findings; seed {}; {:.1?}",
        sm.units,
        cfg.lib,
        sm.calls,
        sm.ok,
        sm.err,
        sm.not_a_view,
        sm.findings.len(),
        cfg.seed,
        elapsed
    );
    println!(
        "{} passed, {} failed",
        sm.units - failed_units.len(),
        failed_units.len()
    );
}

/// The selftest table, for `lookup_table`.
pub fn selftest_table() -> &'static [KernelEntry] {
    bad::TABLE
}

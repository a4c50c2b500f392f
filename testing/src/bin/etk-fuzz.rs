//! `etk-fuzz`: random and mutated calls against every kernel of every library, each in a child
//! process with a watchdog; see `etk_testing::fuzz`. Build it with overflow checks (the test
//! profile, or `--profile fuzz`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use etk_testing::alloc;
use etk_testing::conform::coverage::repo_root;
use etk_testing::fuzz::driver::{Config, print_summary, run_child, run_parent};

#[global_allocator]
static GLOBAL: alloc::Counting = alloc::Counting;

const USAGE: &str = "\
usage: etk-fuzz [--lib all|portable|optimized|quantized|prim|selftest] [--calls N]
                [--seed S] [--threads-every K] [--timeout SECS] [--jobs J]
                [--filter SUBSTRING] [--suite DIR] [--max-findings N]

Throws N random and mutated calls (default 2000) at every kernel of the chosen libraries
(optimized ones once per ISA level this machine has, or at ETK_ISA alone), each kernel in a
child process with a watchdog (a crash or a call making no progress for SECS seconds, default
60, is reported with its call). Every call is checked for panics, writes outside the outs,
changed inputs, heap allocations, accepted aliases and slowness; every finding prints a
reproducer. Every K-th call (default 4) runs with a two-thread context. Seeds come from the
conformance suite (default testing/golden/cases). Exit status 1 when anything was found.
";

/// A child's unit: library, operator, and the call whose reproducer to print.
type ChildArgs = (String, String, Option<usize>);

fn parse() -> Result<(Config, Option<ChildArgs>), String> {
    let mut cfg = Config {
        lib: "all".into(),
        calls: 2000,
        seed: 0x5eed,
        threads_every: 4,
        timeout: 60,
        jobs: 2,
        filter: None,
        suite: repo_root().join("testing/golden/cases"),
        max_findings: 3,
        sync: false,
    };
    let mut child = None;
    let mut repro = None;
    let mut it = std::env::args().skip(1);
    let num = |v: Option<String>, what: &str| -> Result<u64, String> {
        v.and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{what} needs a number"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--lib" => cfg.lib = it.next().ok_or("--lib needs a name")?,
            "--calls" => cfg.calls = num(it.next(), "--calls")? as usize,
            "--seed" => cfg.seed = num(it.next(), "--seed")?,
            "--threads-every" => cfg.threads_every = num(it.next(), "--threads-every")? as usize,
            "--timeout" => cfg.timeout = num(it.next(), "--timeout")?,
            "--jobs" => cfg.jobs = num(it.next(), "--jobs")? as usize,
            "--max-findings" => cfg.max_findings = num(it.next(), "--max-findings")? as usize,
            "--filter" => cfg.filter = Some(it.next().ok_or("--filter needs a string")?),
            "--suite" => cfg.suite = PathBuf::from(it.next().ok_or("--suite needs a path")?),
            "--sync" => cfg.sync = true,
            "--repro" => repro = Some(num(it.next(), "--repro")? as usize),
            "--child" => {
                let lib = it.next().ok_or("--child needs a library")?;
                let op = it.next().ok_or("--child needs an operator")?;
                child = Some((lib, op));
            }
            "-h" | "--help" => return Err(String::new()),
            x => return Err(format!("unknown argument {x:?}")),
        }
    }
    Ok((cfg, child.map(|(l, o)| (l, o, repro))))
}

fn main() -> ExitCode {
    let (cfg, child) = match parse() {
        Ok(x) => x,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("etk-fuzz: {e}");
            }
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some((lib, op, repro)) = child {
        let out = std::io::BufWriter::new(std::io::stdout().lock());
        return match run_child(&lib, &op, &cfg, repro, out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("etk-fuzz child: {e}");
                ExitCode::from(3)
            }
        };
    }
    let exe = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("etk-fuzz: cannot find its own binary: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let sm = run_parent(&exe, &cfg, true);
    print_summary(&sm, &cfg, start.elapsed());
    if sm.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

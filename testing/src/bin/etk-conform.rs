//! `etk-conform`: runs conformance suites (`../shared/conformance/FORMAT.md`) against an etk
//! library and prints a table per operator, then `N passed, N failed, N skipped`; or, with
//! `--coverage`, generates `docs/coverage.md`.

use etk_testing::conform::{self, Target, coverage};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: etk-conform [--lib portable|optimized|default] [--isa scalar|avx2|avx512|neon]
                   [--op PATTERN] [--json FILE] [--verbose] DIR...
       etk-conform --coverage [--suite DIR] [--lists DIR] [--out FILE | --check]
                   [--isa scalar|avx2|avx512|neon]

Runs every *.safetensors case file under each DIR (recursively, in sorted order) against a
library, prints a table per operator and ends with `N passed, N failed, N skipped`. The exit
status is 1 when any case fails (wrong values or shape, wrongly accepted, wrongly rejected,
panicked, wrote outside its outs, malformed), 2 on usage errors.

  --lib portable    etk::portable_registry(): portable kernels (+ quantized, prim ops)
  --lib optimized   optimized kernels over the portable registry: operators etk-optimized
                    registers run its kernels, all others portable's (so the whole suite
                    runs; the `lib` column says which library served each operator)
  --lib default     etk::registry(), the facade's default (the default)
  --isa LEVEL       sets ETK_ISA=LEVEL before any kernel runs, forcing optimized kernels'
                    SIMD level down to scalar, avx2, avx512 or (aarch64) neon (default: the
                    best the CPU has)
  --op PATTERN      only operators matching PATTERN (a glob with * and ?, else a substring)
  --json FILE       also write per-operator and per-case results as JSON
  --verbose         print every failing case: file, index, op, note, first mismatching
                    element or the kernel's error

  --coverage        regenerate the coverage page from the registries and the suite
  --suite DIR       the suite for --coverage (default: testing/golden/cases)
  --lists DIR       the operator lists (default: ../shared/conformance beside the repository,
                    else testing/ops_lists)
  --out FILE        where to write it (default: docs/coverage.md); runs at --isa scalar
                    unless told otherwise, so the page is the same on every machine
  --check           do not write; exit 1 if FILE differs from what would be generated";

struct Args {
    lib: String,
    isa: Option<String>,
    op: Option<String>,
    json: Option<PathBuf>,
    verbose: bool,
    coverage: bool,
    suite: Option<PathBuf>,
    lists: Option<PathBuf>,
    out: Option<PathBuf>,
    check: bool,
    dirs: Vec<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        lib: "default".into(),
        isa: None,
        op: None,
        json: None,
        verbose: false,
        coverage: false,
        suite: None,
        lists: None,
        out: None,
        check: false,
        dirs: Vec::new(),
    };
    let mut it = std::env::args_os().skip(1);
    while let Some(arg) = it.next() {
        let arg = arg
            .into_string()
            .map_err(|a| format!("bad argument {a:?}"))?;
        let mut value = |name: &str| {
            it.next()
                .map(PathBuf::from)
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(PathBuf::from(v))),
            _ => (arg.clone(), None),
        };
        let mut take = |name: &str| inline.clone().map_or_else(|| value(name), Ok);
        let text = |p: PathBuf| p.to_string_lossy().into_owned();
        match flag.as_str() {
            "--lib" => a.lib = text(take("--lib")?),
            "--isa" => a.isa = Some(text(take("--isa")?)),
            "--op" => a.op = Some(text(take("--op")?)),
            "--json" => a.json = Some(take("--json")?),
            "--verbose" | "-v" => a.verbose = true,
            "--coverage" => a.coverage = true,
            "--suite" => a.suite = Some(take("--suite")?),
            "--lists" => a.lists = Some(take("--lists")?),
            "--out" => a.out = Some(take("--out")?),
            "--check" => a.check = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            f if f.starts_with('-') && f.len() > 1 => return Err(format!("unknown option {f}")),
            _ => a.dirs.push(PathBuf::from(arg)),
        }
    }
    if a.coverage && !a.dirs.is_empty() {
        return Err("--coverage takes the suite with --suite, not as DIR".into());
    }
    if !a.coverage && a.dirs.is_empty() {
        return Err("no suite directory given".into());
    }
    Ok(a)
}

fn coverage(a: &Args) -> Result<ExitCode, String> {
    let root = coverage::repo_root();
    let (suite, label) = match &a.suite {
        Some(s) => (s.clone(), s.display().to_string()),
        None => (
            root.join("testing/golden/cases"),
            "testing/golden/cases".to_string(),
        ),
    };
    let lists = a.lists.clone().unwrap_or_else(coverage::default_lists_dir);
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| root.join("docs/coverage.md"));
    let text = coverage::generate(&lists, &[suite], &label)?;
    if a.check {
        let old = std::fs::read_to_string(&out).unwrap_or_default();
        if old != text {
            eprintln!(
                "{} is stale: regenerate it with `cargo run --release -p etk-testing --bin etk-conform -- --coverage`",
                out.display()
            );
            return Ok(ExitCode::from(1));
        }
        println!("{} is up to date", out.display());
    } else {
        std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("wrote {}", out.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn conformance(a: &Args) -> Result<ExitCode, String> {
    let target = Target::by_name(&a.lib)
        .ok_or_else(|| format!("unknown library {:?} (portable, optimized, default)", a.lib))?;
    let report = conform::run(target, &a.dirs, a.op.as_deref())?;
    // The level optimized kernels actually run at (ETK_ISA never raises it above the CPU's).
    let isa = etk_simd::level().name();
    if let Some(path) = &a.json {
        let text =
            serde_json::to_string_pretty(&report.to_json(Some(isa))).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if report.cases.is_empty() {
        eprintln!("etk-conform: warning: no cases found");
    }
    let mut text = String::new();
    if a.verbose {
        text.push_str(&report.failure_details());
    }
    text.push_str(&format!(
        "etk-conform: lib {}, isa {isa}{}, {} files\n",
        report.lib,
        if a.isa.is_some() { "" } else { " (auto)" },
        report.files
    ));
    text.push_str(&report.table());
    text.push_str(&report.summary_line());
    text.push('\n');
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(if report.totals().failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("etk-conform: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // Before any kernel runs, so etk_simd's one-time detection sees it. The coverage page
    // defaults to scalar so that it reads the same on every machine.
    let isa = match (&args.isa, args.coverage) {
        (None, true) => Some("scalar".to_string()),
        (isa, _) => isa.clone(),
    };
    if let Some(isa) = &isa
        && let Err(e) = conform::set_isa(isa)
    {
        eprintln!("etk-conform: {e}");
        return ExitCode::from(2);
    }
    let r = if args.coverage {
        coverage(&args)
    } else {
        conformance(&args)
    };
    r.unwrap_or_else(|e| {
        eprintln!("etk-conform: {e}");
        ExitCode::from(2)
    })
}

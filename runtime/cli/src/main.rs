//! etk-run: runs an ExecuTorch program (`.pte`) on etk's kernels.
//!
//! Without `--io`, the inputs are read from `--input K=FILE` files (`.npy`, or safetensors) or
//! generated (floats in [-1, 1), integers all ones as ExecuTorch's runner fills them, bools
//! alternating), and the outputs' shapes and first values printed.
//! With `--io`, the test vectors (`../shared/models/FORMAT.md`) are the inputs and every output
//! is compared with the expected one; a mismatch exits with status 1, operators missing from
//! the library with status 2 (the message lists them, so scripts can skip such models until
//! the operators land), any other error with 3. An ExecuTorch bundled program (`.bpte`) is
//! both: given as the model, its program runs; given to `--io`, every test case of its suite
//! for the method is checked (`etk-run --io FILE.bpte` runs the bundle's own program).
//! `--iters` times the method (min / median / p90), `--profile` adds a table per operator,
//! `--ops` lists the operators the program needs and the library that serves each.

mod input;
mod io;

use etk::{KernelContext, KernelEntry, Registry, Serial};
use etk_runtime::{BundledProgram, Method, Options, Profile, Program};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage: etk-run MODEL.pte|MODEL.bpte [--io FILE | --input K=FILE...] [--iters N] [--warmup N]
               [--lib portable|optimized|default]
               [--profile] [--method NAME] [--threads N] [--no-fold] [--no-prepack] [--no-fuse]
               [--fuse-inexact]
       etk-run --io FILE.bpte [...]
       etk-run --ops MODEL.pte [--lib ...] [--method NAME]

  --io FILE     test vectors (NAME.io.safetensors) or a bundled program (NAME.bpte, whose test
                cases for the method are run): check every output, exit 1 on a mismatch
  --input K=FILE  input K (0-based) from FILE: a .npy array, or a safetensors file with one
                tensor or one named input_K; inputs not given are generated (floats in
                [-1, 1), integers 1, bools alternating)
  --iters N     time N calls after the check (min / median / p90), the inputs set again
                before each call, untimed
  --warmup N    untimed calls before timing (default 3 when --iters is given)
  --lib LIB     portable: etk::portable_registry(); optimized: optimized kernels over
                portable; default: etk::registry() (the default)
  --profile     time every instruction, and print a table per operator
  --method NAME the method to run (default: forward)
  --threads N   threads kernels may use (default 1)
  --ops         list the operators the method calls and the library serving each
  --no-fold     do not run calls on constants at prepare (constant folding)
  --no-prepack  do not let libraries prepare calls (packed constant weights)
  --no-fuse     do not let libraries run chains of calls as one
  --fuse-inexact  also the fusions that are not bit-identical to the calls one by one: the
                int8 quantized chains (dequantize -> convolution / addmm / mm -> [relu] ->
                quantize on int8 with i32 sums), within one quantization step of the Float
                ops, faster; off by default (every other switch leaves the outputs' bits)

exit status: 0 ok, 1 an output mismatch, 2 operators the library does not have (listed),
3 any other error";

struct Args {
    model: String,
    io: Option<String>,
    iters: usize,
    warmup: Option<usize>,
    lib: String,
    profile: bool,
    method: String,
    ops: bool,
    threads: usize,
    options: Options,
    inputs: Vec<input::Given>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        model: String::new(),
        io: None,
        iters: 0,
        warmup: None,
        lib: "default".into(),
        profile: false,
        method: "forward".into(),
        ops: false,
        threads: 1,
        options: Options::default(),
        inputs: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        let number = |s: String, name: &str| {
            s.parse::<usize>()
                .map_err(|_| format!("{name}: not a count: {s}"))
        };
        match arg.as_str() {
            "--io" => a.io = Some(value("--io")?),
            "--input" => a.inputs.push(input::Given::parse(&value("--input")?)?),
            "--iters" => a.iters = number(value("--iters")?, "--iters")?,
            "--warmup" => a.warmup = Some(number(value("--warmup")?, "--warmup")?),
            "--lib" => a.lib = value("--lib")?,
            "--method" => a.method = value("--method")?,
            "--threads" => a.threads = number(value("--threads")?, "--threads")?,
            "--profile" => a.profile = true,
            "--ops" => a.ops = true,
            "--no-fold" => a.options.fold = false,
            "--no-prepack" => a.options.prepack = false,
            "--no-fuse" => a.options.fuse = false,
            "--fuse-inexact" => a.options.fuse_inexact = true,
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s if a.model.is_empty() => a.model = s.into(),
            s => return Err(format!("unexpected argument {s}")),
        }
    }
    if a.model.is_empty() {
        // A bundled program carries its own model.
        a.model = a.io.clone().ok_or("no model file given")?;
    }
    if a.io.is_some() && !a.inputs.is_empty() {
        return Err("--input and --io: the test vectors hold the inputs".into());
    }
    Ok(a)
}

const PORTABLE: &[(&str, &[KernelEntry])] = &[
    ("portable", etk::portable::TABLE),
    ("quantized", etk::quantized::TABLE),
    ("prim_ops", etk::prim_ops::TABLE),
];
const OPTIMIZED: &[(&str, &[KernelEntry])] = &[
    ("portable", etk::portable::TABLE),
    ("quantized", etk::quantized::TABLE),
    ("prim_ops", etk::prim_ops::TABLE),
    ("optimized", etk::optimized::TABLE),
];
const DEFAULT: &[(&str, &[KernelEntry])] = &[
    ("portable", etk::portable::TABLE),
    ("quantized", etk::quantized::TABLE),
    ("optimized", etk::optimized::TABLE),
    ("prim_ops", etk::prim_ops::TABLE),
];
const OPTIMIZED_TABLES: &[&[KernelEntry]] = &[
    etk::portable::TABLE,
    etk::quantized::TABLE,
    etk::prim_ops::TABLE,
    etk::optimized::TABLE,
];

/// The optimized library's extensions beside its table (the last of `OPTIMIZED_TABLES`).
const OPTIMIZED_EXTENSIONS: &[(usize, &etk::Extensions)] = &[(3, &etk::optimized::EXTENSIONS)];

/// Library name and kernel table, in registry order.
type Layers = &'static [(&'static str, &'static [KernelEntry])];

/// The registry and its layers for `--lib`.
fn library(name: &str) -> Result<(Registry<'static>, Layers), String> {
    match name {
        "portable" => Ok((etk::portable_registry(), PORTABLE)),
        "optimized" => Ok((
            Registry::new(OPTIMIZED_TABLES).with_extensions(OPTIMIZED_EXTENSIONS),
            OPTIMIZED,
        )),
        "default" => Ok((etk::registry(), DEFAULT)),
        _ => Err(format!(
            "unknown library {name:?} (portable, optimized, default)"
        )),
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("etk-run: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(3);
        }
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Fail { missing, message }) => {
            eprintln!("etk-run: {message}");
            ExitCode::from(if missing { 2 } else { 3 })
        }
    }
}

/// Why a run stopped: `missing` when the library lacks some of the program's operators (a
/// script can skip such a model until they land), else any other error.
struct Fail {
    missing: bool,
    message: String,
}

impl From<String> for Fail {
    fn from(message: String) -> Fail {
        Fail {
            missing: false,
            message,
        }
    }
}

/// Returns whether every output matched (true without `--io`).
fn run(args: &Args) -> Result<bool, Fail> {
    etk::init();
    let bytes = etk_runtime::read_file(&args.model).map_err(|e| e.to_string())?;
    let in_file = |e: etk_runtime::Error| format!("{}: {e}", args.model);
    let program_bytes = if BundledProgram::is_bundle(&bytes) {
        BundledProgram::load(&bytes)
            .and_then(|b| b.program())
            .map_err(in_file)?
    } else {
        &bytes[..]
    };
    let program = Program::load(program_bytes).map_err(in_file)?;
    let (registry, layers) = library(&args.lib)?;
    if args.ops {
        return Ok(list_ops(&program, &args.method, layers)?);
    }
    let t0 = Instant::now();
    let mut method =
        Method::prepare_with(&program, &args.method, &registry, &args.options, Vec::new())
            .map_err(|e| Fail {
                missing: e.kind == etk_runtime::ErrorKind::OperatorMissing,
                message: format!("{}: {e}", args.model),
            })?;
    println!(
        "{}: method {:?}, {} inputs, {} outputs, {} operators, prepared in {:.2} ms (lib {})",
        args.model,
        method.name(),
        method.num_inputs(),
        method.num_outputs(),
        method.operator_names().len(),
        t0.elapsed().as_secs_f64() * 1e3,
        args.lib
    );
    let mut scratch = vec![0u8; 32 << 20];
    let pool = match args.threads {
        0 | 1 => None,
        n => Some(etk::ThreadPool::new(n).map_err(|e| e.to_string())?),
    };
    let threads: &dyn etk::Parallel = match &pool {
        Some(p) => p,
        None => &Serial,
    };
    let mut ctx = KernelContext::new(&mut scratch, threads);
    if args.profile {
        method.enable_profiling(Profile::wall_clock());
    }
    let mut inputs = io::Inputs::default();
    let ok = match &args.io {
        Some(path) => {
            let io_bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            if BundledProgram::is_bundle(&io_bytes) {
                let bundle = BundledProgram::load(&io_bytes).map_err(|e| format!("{path}: {e}"))?;
                io::check_bundle(&mut method, &mut ctx, &bundle, path, &mut inputs)?
            } else {
                io::check(&mut method, &mut ctx, &io_bytes, path, &mut inputs)?
            }
        }
        None => {
            input::set_inputs(&mut method, &args.inputs)?;
            inputs = io::Inputs::take(&method)?;
            method.execute(&mut ctx).map_err(|e| e.to_string())?;
            print_outputs(&method);
            true
        }
    };
    if args.iters > 0 {
        time(
            &mut method,
            &mut ctx,
            &inputs,
            args.iters,
            args.warmup.unwrap_or(3),
        )?;
    }
    if let Some(p) = method.profile() {
        print_profile(p, method.labels());
        let f = method.folded();
        println!(
            "constant folding: {} instructions run at prepare, their results {} bytes",
            f.instructions, f.bytes
        );
    }
    Ok(ok)
}

fn list_ops(
    program: &Program<'_>,
    method: &str,
    layers: &[(&str, &[KernelEntry])],
) -> Result<bool, String> {
    let (_, plan) = program.plan(method).map_err(|e| e.to_string())?;
    let names = etk_runtime::operator_names(plan);
    let mut all = true;
    for n in &names {
        let lib = layers
            .iter()
            .rev()
            .find(|(_, t)| t.iter().any(|e| e.name == n))
            .map(|(l, _)| *l);
        all &= lib.is_some();
        println!("{n:<40} {}", lib.unwrap_or("MISSING"));
    }
    println!(
        "{} operators, {}",
        names.len(),
        if all { "all served" } else { "some missing" }
    );
    Ok(all)
}

fn print_outputs(method: &Method<'_>) {
    for j in 0..method.num_outputs() {
        match method.output(j) {
            Ok(t) => {
                let vals = io::logical_f64(&t);
                let head: Vec<String> = vals.iter().take(6).map(|v| format!("{v:.6}")).collect();
                println!(
                    "output {j}: {} {:?} [{}{}]",
                    t.dtype(),
                    t.sizes(),
                    head.join(", "),
                    if vals.len() > 6 { ", ..." } else { "" }
                );
            }
            Err(_) => match method.output_scalar(j) {
                Ok(s) => println!("output {j}: {s:?}"),
                Err(e) => println!("output {j}: {e}"),
            },
        }
    }
}

fn time(
    method: &mut Method<'_>,
    ctx: &mut KernelContext<'_>,
    inputs: &io::Inputs,
    iters: usize,
    warmup: usize,
) -> Result<(), String> {
    for _ in 0..warmup {
        inputs.set(method)?;
        method.execute(ctx).map_err(|e| e.to_string())?;
    }
    method.reset_profile();
    let mut us: Vec<f64> = Vec::with_capacity(iters);
    for _ in 0..iters {
        inputs.set(method)?;
        let t = Instant::now();
        method.execute(ctx).map_err(|e| e.to_string())?;
        us.push(t.elapsed().as_secs_f64() * 1e6);
    }
    us.sort_by(f64::total_cmp);
    let at = |q: f64| us[((us.len() - 1) as f64 * q).round() as usize];
    println!(
        "latency over {iters} calls ({warmup} warm-up): min {:.2} us, median {:.2} us, p90 {:.2} us",
        us[0],
        at(0.5),
        at(0.9)
    );
    Ok(())
}

fn print_profile(p: &Profile, names: &[String]) {
    let rows = p.rows(names);
    let total: u64 = rows.iter().map(|r| r.tally.nanos).sum();
    println!(
        "{:<40} {:>8} {:>12} {:>10} {:>6}",
        "operator", "calls", "total us", "us/call", "%"
    );
    for r in rows {
        let t = r.tally;
        println!(
            "{:<40} {:>8} {:>12.1} {:>10.2} {:>6.1}",
            r.name,
            t.calls,
            t.nanos as f64 / 1e3,
            t.nanos as f64 / 1e3 / t.calls.max(1) as f64,
            100.0 * t.nanos as f64 / total.max(1) as f64
        );
    }
}

//! One line per measurement: op, lib, isa, threads, shape, median µs, throughput, and the
//! percentage of this machine's limit measured in the same process.
//!
//! ```text
//! opbench OP DTYPE SHAPE... [--other SHAPE] [--to DTYPE] [--lib portable|optimized]
//!         [--isa scalar|avx2|avx512] [--threads N]
//! opbench limits
//! ```
//! Shapes follow torch: `64x1024`. Binary ops take a second tensor with `--other` (default:
//! the same shape); `mm` takes two shapes (`256x512 512x128`); `linear` takes the input and the
//! weight `[N, K]`.

use etk_benches::cli::{Bench, parse_args};
use etk_benches::limits;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("limits") {
        #[cfg(feature = "openblas")]
        configure_openblas(1);
        print_limits();
        return;
    }
    let bench = match parse_args(&args) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("opbench: {e}\n{}", etk_benches::cli::USAGE);
            std::process::exit(2);
        }
    };
    #[cfg(feature = "openblas")]
    configure_openblas(bench.threads);
    if let Some(isa) = &bench.isa {
        // SAFETY: set before any thread exists and before etk_simd reads it.
        unsafe { std::env::set_var("ETK_ISA", isa) };
    }
    match run(&bench) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            eprintln!("opbench: {e}");
            std::process::exit(1);
        }
    }
}

/// OpenBLAS reads its configuration from the environment when the library loads, before
/// `main`, so opbench runs itself again with it set (unless the caller set it):
/// - `OPENBLAS_NUM_THREADS` = the threads asked for: the pool (one thread per core) otherwise
///   spins in `sched_yield` for a while, and on a 2-vCPU machine whose vCPUs share a core it
///   took a third of the measured thread's time, whatever `--lib` was;
/// - `OPENBLAS_CORETYPE=SkylakeX` on AVX-512 machines: Debian's build takes them for
///   "Prescott" and runs about 5x slower.
#[cfg(feature = "openblas")]
fn configure_openblas(threads: usize) {
    use std::os::unix::process::CommandExt;
    if std::env::var_os("OPENBLAS_NUM_THREADS").is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut cmd = std::process::Command::new(exe);
    cmd.args(std::env::args_os().skip(1))
        .env("OPENBLAS_NUM_THREADS", threads.max(1).to_string());
    if std::env::var_os("OPENBLAS_CORETYPE").is_none()
        && matches!(etk_simd::detected(), etk_simd::Isa::Avx512)
    {
        cmd.env("OPENBLAS_CORETYPE", "SkylakeX");
    }
    let err = cmd.exec();
    eprintln!("opbench: could not restart with OpenBLAS configured ({err}); measuring anyway");
}

fn run(b: &Bench) -> Result<String, String> {
    let m = b.measure()?;
    let limit = m.limit();
    Ok(format!(
        "{:<10} {:<8} lib={:<9} isa={:<7} threads={} shape={:<24} {:>10.2} us {:>9.2} {:<9} {:>5.1}% of {}",
        b.op,
        b.dtype_text(),
        b.lib,
        etk_simd::level().name(),
        b.threads,
        b.shape_text(),
        m.secs * 1e6,
        m.throughput(),
        m.unit(),
        100.0 * m.throughput_raw() / limit.value,
        limit.what,
    ))
}

fn print_limits() {
    println!(
        "peak f32 FMA, one core: {:.1} GFLOP/s",
        limits::peak_f32_flops() / 1e9
    );
    for kib in [16usize, 256, 1024, 8192, 65536, 262144] {
        let b = kib * 1024;
        println!(
            "working set {:>7} KiB: copy {:>6.1} GB/s  triad {:>6.1} GB/s  read {:>6.1} GB/s",
            kib,
            limits::copy_bandwidth(b) / 1e9,
            limits::triad_bandwidth(b) / 1e9,
            limits::read_bandwidth(b) / 1e9
        );
    }
}

//! The native half of `run.py`: entry points that the Python driver calls natively or runs
//! inside bochscpu, an x86 emulator with AVX-512, on this process's own memory (see
//! `README.md`). With it, the AVX-512 paths are checked on a host that lacks AVX-512.
//!
//! Order matters, and `run.py` keeps it: [`etk_emu_detect`] is emulated first, so the cached
//! detection reads the emulated CPU (AVX-512); from then on this library must not run a kernel
//! natively, since every call would pick AVX-512.

#![cfg(target_arch = "x86_64")]
#![allow(clippy::missing_safety_doc)]

use core::ffi::{c_char, c_void};
use core::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use etk::{BoxedKernel, EValue, KernelContext};
use etk_simd::{Isa, Level};
use etk_testing::conform::{self, FileData, Target, case, exec};
use std::ffi::CStr;

/// Runs the closure behind `data` (a `&mut &mut dyn FnMut()`): the function the emulator is
/// started on.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_emu_invoke(data: *mut c_void) {
    let f = unsafe { &mut *(data as *mut &mut dyn FnMut()) };
    f();
}

/// The best level the CPU running this call supports (`level`), caching it for the process.
#[unsafe(no_mangle)]
pub extern "C" fn etk_emu_detect() -> u32 {
    let _ = etk_simd::last_level_cache_bytes();
    level(etk_simd::detected())
}

/// Natively, after [`etk_emu_detect`] ran emulated: caches `etk_simd::level()` and creates the
/// thread-local level override's storage, which the emulator could not allocate.
#[unsafe(no_mangle)]
pub extern "C" fn etk_emu_warm() -> u32 {
    etk_simd::with_level(Level::SCALAR, || ());
    level(etk_simd::level().isa())
}

/// The number `run.py` reads for a level.
fn level(isa: Isa) -> u32 {
    match isa {
        Isa::Avx512 => 2,
        Isa::Avx2 => 1,
        _ => 0,
    }
}

/// `vrsqrt14ps` of 16 floats: `run.py` probes one of the emulator's known defects with it.
#[unsafe(no_mangle)]
#[target_feature(enable = "avx512f")]
pub unsafe extern "C" fn etk_emu_rsqrt14(x: *const f32, out: *mut f32) {
    use core::arch::x86_64::*;
    unsafe { _mm512_storeu_ps(out, _mm512_rsqrt14_ps(_mm512_loadu_ps(x))) }
}

/// `UnaryFn::ALL[f]` of `n` floats at AVX-512 (for the emulator) or, with `scalar`, on the
/// scalar path (natively, as the reference).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_emu_math(
    f: usize,
    scalar: bool,
    x: *const f32,
    out: *mut f32,
    n: usize,
) {
    // the emulated CPU's detection (AVX-512), cached by `etk_emu_detect`.
    let isa = if scalar {
        Level::SCALAR
    } else {
        Level::detected()
    };
    // SAFETY: run.py passes buffers of n floats.
    let (x, out) = unsafe {
        (
            core::slice::from_raw_parts(x, n),
            core::slice::from_raw_parts_mut(out, n),
        )
    };
    etk_simd::UnaryFn::ALL[f].apply(isa, x, out);
}

/// `vreduceps` keeping 3 fraction bits (the AVX-512 erf's interval split) of 16 floats:
/// `run.py` probes the emulator's other known defect with it.
#[unsafe(no_mangle)]
#[target_feature(enable = "avx512f,avx512dq")]
pub unsafe extern "C" fn etk_emu_reduce3(x: *const f32, out: *mut f32) {
    use core::arch::x86_64::*;
    // SAFETY: run.py passes 16 floats each.
    unsafe {
        let v = _mm512_loadu_ps(x);
        let r = _mm512_reduce_ps::<{ (3 << 4) | _MM_FROUND_TO_NEAREST_INT }>(v);
        _mm512_storeu_ps(out, r)
    }
}

static INVOKER: AtomicUsize = AtomicUsize::new(0);

/// Sets the callback that runs [`etk_emu_invoke`] on its argument inside the emulator.
#[unsafe(no_mangle)]
pub extern "C" fn etk_emu_set_invoker(cb: extern "C" fn(*mut c_void)) {
    INVOKER.store(cb as usize, Relaxed);
}

/// Calls `kernel` inside the emulator (an `etk_testing::harness::Invoke`).
fn emulated_call(
    kernel: BoxedKernel,
    ctx: &mut KernelContext<'_>,
    args: &mut [EValue<'_>],
) -> etk::Result<()> {
    // SAFETY: INVOKER holds the callback, set before any call.
    let invoke =
        unsafe { core::mem::transmute::<usize, extern "C" fn(*mut c_void)>(INVOKER.load(Relaxed)) };
    let mut result = None;
    let mut call = || result = Some(kernel(ctx, args));
    let mut f: &mut dyn FnMut() = &mut call;
    invoke(&mut f as *mut &mut dyn FnMut() as *mut c_void);
    result.expect("the emulated kernel call did not return")
}

/// The kernel [`emulated`] calls: `exec::run` takes a plain `BoxedKernel`, so the real one is
/// passed beside it.
static KERNEL: AtomicUsize = AtomicUsize::new(0);

/// A `BoxedKernel` whose call to [`KERNEL`] is made inside the emulator.
fn emulated(ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> etk::Result<()> {
    // SAFETY: KERNEL holds a BoxedKernel, set before exec::run calls this.
    let real = unsafe { core::mem::transmute::<usize, BoxedKernel>(KERNEL.load(Relaxed)) };
    emulated_call(real, ctx, args)
}

/// The last-level cache size the (emulated) detection cached, 0 if none.
#[unsafe(no_mangle)]
pub extern "C" fn etk_emu_llc() -> u64 {
    etk_simd::last_level_cache_bytes().unwrap_or(0) as u64
}

/// `aten::add.out` of an f32 `[rows, 1027]` and a `[1027]` row whose out and inputs together
/// outgrow the (emulated) last-level cache, so the out is written with streaming stores, each
/// row a run that starts at another alignment; the kernel call is emulated. Returns the number
/// of wrong elements (a misaligned streaming store stops the emulator instead).
#[unsafe(no_mangle)]
pub extern "C" fn etk_emu_add_past_the_cache() -> u32 {
    const W: usize = 1027;
    let Some(llc) = etk_simd::last_level_cache_bytes() else {
        return u32::MAX;
    };
    let rows = llc / (3 * 4 * W) + 2;
    let a: Vec<f32> = (0..rows * W).map(|i| (i % 1009) as f32 * 0.5).collect();
    let b: Vec<f32> = (0..W).map(|i| i as f32 - 3.0).collect();
    let ta = etk::OwnedTensor::from_slice(&a, &[rows, W]).expect("a");
    let tb = etk::OwnedTensor::from_slice(&b, &[W]).expect("b");
    let mut out = etk::OwnedTensor::zeros(etk::ScalarType::Float, &[rows, W]).expect("out");
    let Some(kernel) = Target::optimized().registry.lookup("aten::add.out") else {
        return u32::MAX;
    };
    let ok = {
        let mut args = [
            EValue::Tensor(ta.view()),
            EValue::Tensor(tb.view()),
            EValue::from(etk::Scalar::Int(1)),
            EValue::Tensor(out.view_mut().expect("out")),
        ];
        emulated_call(kernel, &mut KernelContext::serial(), &mut args).is_ok()
    };
    if !ok {
        return u32::MAX;
    }
    let got = out.to_logical::<f32>();
    (0..rows * W).filter(|&i| got[i] != a[i] + b[i % W]).count() as u32
}

/// The optimized-against-portable harness (`etk_testing::harness`, the driver of
/// `tests/optimized_vs_portable.rs`) at AVX-512, for kernels whose name contains `filter`
/// (empty: all) and is not in `excused` (whitespace-separated names, see `run.py`): each
/// optimized call emulated on one thread, portable's native. Returns the number of kernels
/// that failed; prints each failure.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_emu_harness(filter: *const c_char, excused: *const c_char) -> u32 {
    use etk_testing::harness;
    let filter = text(filter);
    let excused: Vec<&str> = text(excused).split_whitespace().collect();
    harness::set_optimized_invoke(emulated_call, 1);
    let (mut ok, mut failed) = (0u32, 0u32);
    for entry in etk_optimized::TABLE {
        if !entry.name.contains(filter) {
            continue;
        }
        if excused.contains(&entry.name) {
            println!("excused {} (emulator)", entry.name);
            continue;
        }
        let Some(g) = harness::generator(entry.name) else {
            println!("FAIL {}: no generator", entry.name);
            failed += 1;
            continue;
        };
        let r = std::panic::catch_unwind(|| harness::drive(entry, &g, &[Level::detected()]));
        match r {
            Ok(()) => ok += 1,
            Err(e) => {
                failed += 1;
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                println!("FAIL {}: {msg}", entry.name);
            }
        }
    }
    println!("harness at avx512 (emulated): {ok} kernels agree with portable, {failed} failed");
    failed
}

/// `aten::mm.out`, `linear.out`, `addmm.out` and `bmm.out` in Float, Half and BFloat16 at
/// shapes that cross the AVX-512 GEMM's tiles and blocks (12 x 32 register tiles, k blocks of
/// 256, n blocks of 1024, the GEMV forms at 1 to 8 rows), each kernel call emulated, against a native f64
/// product of the same (rounded) inputs. Returns the number of wrong calls; prints them.
#[unsafe(no_mangle)]
pub extern "C" fn etk_emu_gemm() -> u32 {
    use etk::{OwnedTensor, Scalar, ScalarType};
    let registry = Target::optimized().registry;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = |t: &mut OwnedTensor| {
        let v: Vec<f64> = (0..t.numel())
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
            })
            .collect();
        t.fill_logical(&v);
    };
    let shapes = [
        (1, 1, 1),
        (1, 300, 70),
        (3, 257, 33),
        (8, 520, 64),
        (12, 32, 32),
        (13, 256, 31),
        (24, 300, 96),
        (37, 513, 65),
        (13, 40, 1030),
    ];
    let mut scratch = vec![0u8; 8 << 20];
    let mut failed = 0;
    for dt in [ScalarType::Float, ScalarType::Half, ScalarType::BFloat16] {
        for &(m, k, n) in &shapes {
            for op in ["mm", "linear", "addmm", "bmm"] {
                let batch = if op == "bmm" { 2 } else { 1 };
                let a_sizes = if op == "bmm" {
                    vec![batch, m, k]
                } else {
                    vec![m, k]
                };
                let b_sizes = match op {
                    "bmm" => vec![batch, k, n],
                    "linear" => vec![n, k],
                    _ => vec![k, n],
                };
                let out_sizes = if op == "bmm" {
                    vec![batch, m, n]
                } else {
                    vec![m, n]
                };
                let mut a = OwnedTensor::zeros(dt, &a_sizes).expect("a");
                let mut b = OwnedTensor::zeros(dt, &b_sizes).expect("b");
                let mut bias = OwnedTensor::zeros(dt, &[n]).expect("bias");
                random(&mut a);
                random(&mut b);
                random(&mut bias);
                let mut out = OwnedTensor::zeros(dt, &out_sizes).expect("out");
                let (av, bv, cv) = (
                    a.to_logical::<f64>(),
                    b.to_logical::<f64>(),
                    bias.to_logical::<f64>(),
                );
                let (beta, alpha) = (0.5, 1.5);
                let Some(kernel) = registry.lookup(&format!("aten::{op}.out")) else {
                    println!("FAIL gemm: aten::{op}.out is not registered");
                    failed += 1;
                    continue;
                };
                let r = {
                    let mut args: Vec<EValue<'_>> = match op {
                        "linear" => vec![
                            EValue::Tensor(a.view()),
                            EValue::Tensor(b.view()),
                            EValue::Tensor(bias.view()),
                        ],
                        "addmm" => vec![
                            EValue::Tensor(bias.view()),
                            EValue::Tensor(a.view()),
                            EValue::Tensor(b.view()),
                            EValue::from(Scalar::Double(beta)),
                            EValue::from(Scalar::Double(alpha)),
                        ],
                        _ => vec![EValue::Tensor(a.view()), EValue::Tensor(b.view())],
                    };
                    args.push(EValue::Tensor(out.view_mut().expect("out")));
                    // packed panels come from scratch (without it the GEMM takes its
                    // unpacked path and the register tiles do not run)
                    emulated_call(
                        kernel,
                        &mut KernelContext::new(&mut scratch, &etk::Serial),
                        &mut args,
                    )
                };
                if let Err(e) = r {
                    println!("FAIL gemm {op} {dt:?} {m}x{k}x{n}: {e}");
                    failed += 1;
                    continue;
                }
                let got = out.to_logical::<f64>();
                let eps = match dt {
                    ScalarType::Float => f64::from(f32::EPSILON),
                    ScalarType::Half => 2f64.powi(-10),
                    _ => 2f64.powi(-7),
                };
                let mut worst = None;
                for p in 0..batch {
                    for i in 0..m {
                        for j in 0..n {
                            let (mut acc, mut mag) = (0.0, 0.0);
                            for q in 0..k {
                                let x = av[(p * m + i) * k + q];
                                let w = if op == "linear" {
                                    bv[j * k + q]
                                } else {
                                    bv[(p * k + q) * n + j]
                                };
                                acc += x * w;
                                mag += (x * w).abs();
                            }
                            let want = match op {
                                "linear" => acc + cv[j],
                                "addmm" => beta * cv[j] + alpha * acc,
                                _ => acc,
                            };
                            // f32 accumulation (a few K eps of the magnitude), then the out's
                            // rounding.
                            let tol =
                                2.0 * f64::from(f32::EPSILON) * (k as f64).sqrt() * (mag + 2.0)
                                    + eps * want.abs();
                            let g = got[(p * m + i) * n + j];
                            if (g - want).abs() > tol || g.is_nan() {
                                worst.get_or_insert((p, i, j, g, want));
                            }
                        }
                    }
                }
                if let Some((p, i, j, g, want)) = worst {
                    println!(
                        "FAIL gemm {op} {dt:?} {m}x{k}x{n}: [{p}, {i}, {j}] got {g}, want {want}"
                    );
                    failed += 1;
                }
            }
        }
    }
    println!("gemm at avx512 (emulated): {failed} wrong calls");
    failed
}

fn text<'a>(p: *const c_char) -> &'a str {
    // SAFETY: run.py passes NUL-terminated UTF-8.
    unsafe { CStr::from_ptr(p) }.to_str().expect("UTF-8")
}

/// Runs the suite under `path` against library `lib` (`etk-conform`'s `--lib` names), cases
/// of ops matching `filter` (empty: all), each kernel call emulated. `excused` lists
/// `op#index` cases whose failure is the emulator's (see `run.py`). Prints failures and
/// totals; returns the number of failed cases that were not excused, plus excused cases that
/// passed (the list is stale then).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_emu_conform(
    path: *const c_char,
    lib: *const c_char,
    filter: *const c_char,
    excused: *const c_char,
) -> u32 {
    let (path, lib, filter) = (text(path), text(lib), text(filter));
    let excused: Vec<&str> = text(excused).split_whitespace().collect();
    let Some(target) = Target::by_name(lib) else {
        println!("unknown library {lib}");
        return 1;
    };
    let files = match conform::suite_files(&[path.into()]) {
        Ok(f) => f,
        Err(e) => {
            println!("{e}");
            return 1;
        }
    };
    let mut scratch = vec![0u8; 64 << 20];
    let (mut passed, mut failed, mut excused_n, mut skipped) = (0u32, 0u32, 0u32, 0u32);
    for file in files {
        let fd = match std::fs::read(&file)
            .map_err(|e| e.to_string())
            .and_then(FileData::parse)
        {
            Ok(fd) => fd,
            Err(e) => {
                println!("FAIL {}: {e}", file.display());
                failed += 1;
                continue;
            }
        };
        let cases = fd.cases().unwrap_or_default();
        for (index, v) in cases.iter().enumerate() {
            let op = case::op_name(v).unwrap_or("(malformed)");
            if !filter.is_empty() && !conform::op_matches(filter, op) {
                continue;
            }
            let prepared = case::parse_case(v).ok().and_then(|c| {
                let kernel = target.registry.lookup(&c.op)?;
                Some((exec::prepare(&c, &fd).ok()?, kernel))
            });
            let Some((p, kernel)) = prepared else {
                skipped += 1;
                continue;
            };
            KERNEL.store(kernel as usize, Relaxed);
            let (outcome, detail) = exec::run(&p, emulated, &mut scratch);
            let key = format!("{op}#{index}");
            let excuse = excused.contains(&key.as_str());
            match (outcome.is_failure(), excuse) {
                (false, false) => passed += 1,
                (true, true) => {
                    excused_n += 1;
                    println!("excused {key}: {detail}");
                }
                (true, false) => {
                    failed += 1;
                    println!(
                        "FAIL {key} ({}): {} {detail}",
                        file.display(),
                        outcome.name()
                    );
                }
                (false, true) => {
                    failed += 1;
                    println!("FAIL {key}: excused, but passed (drop it from the list)");
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed, {excused_n} excused (emulator), {skipped} not run");
    failed
}

//! Running a call on both libraries (in-process, or through an installed invoker such as
//! `etk-emu`'s) and the property-test loop over levels, layout classes and dtypes.

use crate::harness::generators::generator;
use crate::harness::random::{DTYPES, Rng};
use crate::harness::tensors::{Arg, CLASSES, Call, Class, Gen, OutSpec};
use crate::harness::tolerance::{Outcome, compare_scaled};
use etk_core::{
    EValue, KernelContext, KernelEntry, OwnedTensor, ScalarType, ScopedThreads, Tensor,
};
use etk_simd::{Level, with_level};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

pub fn run(
    kernel: etk_core::BoxedKernel,
    call: &Call,
    threads: usize,
    invoke: Invoke,
) -> Result<Outcome, etk_core::Error> {
    // room past each out, filled with a pattern that must survive the call.
    let new_out = |o: &OutSpec| {
        let numel: usize = o.sizes.iter().product();
        let t =
            OwnedTensor::with_capacity(o.dtype, &o.sizes, &o.order, numel.max(4096) + 64).unwrap();
        if call.dynamic { t.dynamic() } else { t }
    };
    let listed = matches!(call.args.last(), Some(Arg::Outs(_)));
    let specs = match call.args.last() {
        Some(Arg::Outs(specs)) => specs.clone(),
        _ => vec![OutSpec {
            dtype: call.out_dtype,
            sizes: call.out_sizes.clone(),
            order: call.out_order.clone(),
        }],
    };
    let mut outs: Vec<OwnedTensor> = specs.iter().map(new_out).collect();
    let mut extra: Vec<OwnedTensor> = call
        .args
        .iter()
        .filter_map(|a| match a {
            Arg::Out(o) => Some(new_out(o)),
            _ => None,
        })
        .collect();
    let mut extra_views = extra
        .iter_mut()
        .map(|t| guarded_view(t, call.dynamic))
        .collect::<Vec<_>>()
        .into_iter();
    let mut extra_at = Vec::new();
    let mut stack: Vec<EValue<'_>> = Vec::new();
    let opt_views: Vec<Option<Tensor<'_>>> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::OptT(Some(t)) => Some(t.view()),
            _ => None,
        })
        .collect();
    let lists: Vec<Vec<Tensor<'_>>> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::Ts(l) => l.iter().map(|t| t.view()).collect(),
            _ => vec![],
        })
        .collect();
    let opt_lists: Vec<Vec<Option<Tensor<'_>>>> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::OptTs(l) => l.iter().map(|t| t.as_ref().map(|t| t.view())).collect(),
            _ => vec![],
        })
        .collect();
    for (i, (a, ov)) in call.args.iter().zip(&opt_views).enumerate() {
        stack.push(match a {
            Arg::T(t) => EValue::Tensor(t.view()),
            Arg::OptT(Some(_)) => EValue::Tensor(ov.as_ref().unwrap().view()),
            Arg::OptT(None) | Arg::OptS(None) | Arg::None => EValue::None,
            Arg::S(s) | Arg::OptS(Some(s)) => EValue::from(*s),
            Arg::Str(s) => EValue::String(s),
            Arg::Bool(b) => EValue::Bool(*b),
            Arg::Int(i) => EValue::Int(*i),
            Arg::Ints(l) => EValue::IntList(l),
            Arg::Floats(l) => EValue::DoubleList(l),
            Arg::Ts(_) => EValue::TensorList(&lists[i]),
            Arg::OptTs(_) => EValue::OptionalTensorList(&opt_lists[i]),
            Arg::Out(_) => {
                let (view, cap) = extra_views.next().unwrap();
                extra_at.push((stack.len(), cap));
                EValue::Tensor(view)
            }
            Arg::Outs(_) => continue,
        });
    }
    let (mut views, caps): (Vec<Tensor<'_>>, Vec<usize>) = outs
        .iter_mut()
        .map(|o| guarded_view(o, call.dynamic))
        .unzip();
    let threads_impl = ScopedThreads(threads);
    // NaN bytes: a kernel reading scratch it did not write shows in its out.
    let mut scratch = vec![0xffu8; 1 << 20];
    let mut ctx = KernelContext::new(&mut scratch, &threads_impl);
    if listed {
        stack.push(EValue::TensorListMut(&mut views));
    } else {
        stack.push(EValue::Tensor(views.pop().unwrap()));
    }
    invoke(kernel, &mut ctx, &mut stack)?;
    // The call's own out (or the list's first), then the `Arg::Out`s in argument order, then
    // the rest of a list out.
    let mut all: Vec<Outcome> = match stack.last() {
        Some(EValue::TensorListMut(l)) => {
            l.iter().zip(&caps).map(|(o, &c)| outcome(o, c)).collect()
        }
        Some(EValue::Tensor(o)) => vec![outcome(o, caps[0])],
        _ => unreachable!(),
    };
    let extra_outcomes = extra_at.iter().map(|&(i, cap)| match &stack[i] {
        EValue::Tensor(o) => outcome(o, cap),
        _ => unreachable!(),
    });
    let first = all.remove(0);
    Ok(Outcome {
        rest: extra_outcomes.chain(all).collect(),
        ..first
    })
}

/// A view of `t` with its whole buffer filled with [`GUARD`] (and, for a dynamic out, a wrong
/// shape the kernel must resize), and the buffer's size in bytes.
fn guarded_view<'t>(t: &'t mut OwnedTensor, dynamic: bool) -> (Tensor<'t>, usize) {
    let mut view = t.view_mut().unwrap();
    let (base, cap) = (view.as_mut_ptr("test", "out").unwrap(), view.capacity());
    // SAFETY: the view covers `cap` bytes of the owned buffer.
    unsafe { std::ptr::write_bytes(base, GUARD, cap) };
    if dynamic {
        // start from a wrong shape that the kernel must resize.
        let _ = view.resize("test", "out", &[1]);
    }
    (view, cap)
}

/// What a call left in one out whose buffer holds `cap` bytes.
fn outcome(o: &Tensor<'_>, cap: usize) -> Outcome {
    let n = o.numel();
    // SAFETY: the bytes past the out's elements belong to the same buffer of `cap` bytes.
    let past = unsafe { std::slice::from_raw_parts(o.as_ptr().add(o.nbytes()), cap - o.nbytes()) };
    let wrote_past = past.iter().position(|&b| b != GUARD);
    let (mut floats, mut ints) = (Vec::new(), Vec::new());
    if o.dtype().is_complex() {
        // the real and imaginary parts, in memory order: a real view of twice the elements
        // SAFETY: the out's `n` complex elements are its `nbytes` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(o.as_ptr(), o.nbytes()) };
        let parts = Tensor::from_bytes(o.dtype().to_real(), bytes, &[2 * n], &[0]).unwrap();
        floats.extend((0..2 * n).map(|i| parts.read::<f64>(i).unwrap()));
    }
    for i in (0..n).filter(|_| !o.dtype().is_complex()) {
        if o.dtype().is_floating_point() {
            floats.push(o.read::<f64>(i).unwrap());
        } else {
            ints.push(o.read::<i64>(i).unwrap());
        }
    }
    Outcome {
        sizes: o.sizes().to_vec(),
        dim_order: o.dim_order().to_vec(),
        dtype: o.dtype(),
        floats,
        ints,
        wrote_past,
        rest: vec![],
    }
}

/// The byte the memory past an out is filled with before a call.
pub const GUARD: u8 = 0xA5;

/// The reference of an optimized kernel: portable's, or etk-quantized's for the quantized ops.
pub fn portable_kernel(name: &str) -> etk_core::BoxedKernel {
    etk_portable::TABLE
        .iter()
        .chain(etk::quantized::TABLE)
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("{name}: no portable kernel of that name"))
        .kernel
}

pub fn describe(call: &Call) -> String {
    let args: Vec<String> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::T(t) | Arg::OptT(Some(t)) => {
                let v = t.view();
                format!("{}{:?}/{:?}", v.dtype(), v.sizes(), v.dim_order())
            }
            Arg::S(s) | Arg::OptS(Some(s)) => format!("{s:?}"),
            Arg::Str(s) => format!("{s:?}"),
            Arg::Bool(b) => format!("{b}"),
            Arg::Int(i) => format!("{i}"),
            Arg::Ints(l) => format!("{l:?}"),
            Arg::Out(o) => format!("out {}{:?}/{:?}", o.dtype, o.sizes, o.order),
            Arg::Floats(l) => format!("{l:?}"),
            Arg::Ts(l) => {
                let v: Vec<String> = l
                    .iter()
                    .map(|t| {
                        let v = t.view();
                        format!("{}{:?}/{:?}", v.dtype(), v.sizes(), v.dim_order())
                    })
                    .collect();
                format!("[{}]", v.join(", "))
            }
            Arg::OptTs(l) => {
                let v: Vec<String> = l
                    .iter()
                    .map(|t| match t {
                        Some(t) => {
                            let v = t.view();
                            format!("{}{:?}/{:?}", v.dtype(), v.sizes(), v.dim_order())
                        }
                        None => "None".into(),
                    })
                    .collect();
                format!("[{}]", v.join(", "))
            }
            Arg::Outs(l) => format!("outs {l:?}"),
            _ => "None".into(),
        })
        .collect();
    format!(
        "({}) -> {}{:?}/{:?}{}",
        args.join(", "),
        call.out_dtype,
        call.out_sizes,
        call.out_order,
        if call.dynamic { " dynamic" } else { "" }
    )
}

/// How a kernel is called: `invoke(kernel, ctx, args)`.
pub type Invoke =
    fn(etk_core::BoxedKernel, &mut KernelContext<'_>, &mut [EValue<'_>]) -> etk_core::Result<()>;

/// Calls the kernel.
pub fn direct(
    kernel: etk_core::BoxedKernel,
    ctx: &mut KernelContext<'_>,
    args: &mut [EValue<'_>],
) -> etk_core::Result<()> {
    kernel(ctx, args)
}

static OPTIMIZED_INVOKE: std::sync::Mutex<(Invoke, usize)> =
    std::sync::Mutex::new((direct, usize::MAX));

/// Replaces how [`check`] calls the optimized kernel, and the most threads it gives it:
/// `etk-emu` runs that call inside an emulated AVX-512 CPU, on one thread.
pub fn set_optimized_invoke(invoke: Invoke, max_threads: usize) {
    *OPTIMIZED_INVOKE.lock().unwrap() = (invoke, max_threads);
}

fn optimized_invoke() -> (Invoke, usize) {
    *OPTIMIZED_INVOKE.lock().unwrap()
}

/// Runs one call through both libraries and compares.
pub fn check(entry: &KernelEntry, g: &Gen, call: &Call, isa: Level) -> Result<(), TestCaseError> {
    let big = call.out_sizes.iter().product::<usize>() > 10_000;
    let threads = if big { 2 } else { 1 };
    let (invoke, max_threads) = optimized_invoke();
    let got = with_level(isa, || {
        run(entry.kernel, call, threads.min(max_threads), invoke)
    });
    let want = run(portable_kernel(entry.name), call, 1, direct);
    let verdict = match (&got, &want) {
        (Ok(g2), _) if wrote_past(g2).is_some() => Err(format!(
            "wrote outside the out: byte {} past its elements changed",
            wrote_past(g2).unwrap_or(0)
        )),
        (Ok(g2), Ok(w)) => compare_scaled(g.tol, &g.scale.map_or(vec![], |f| f(call)), g2, w),
        (Err(a), Err(b)) if a == b => Ok(()),
        _ => Err(format!(
            "results differ: optimized {got:?}\nportable {want:?}"
        )),
    };
    verdict.map_err(|e| {
        TestCaseError::fail(format!(
            "{} at {isa}: {}\n  {e}",
            entry.name,
            describe(call)
        ))
    })
}

/// The first byte written past an out's elements, in any out of the call.
fn wrote_past(o: &Outcome) -> Option<usize> {
    o.wrote_past.or_else(|| o.rest.iter().find_map(wrote_past))
}

/// The kernels that fail to be covered (no generator).
pub fn missing_generators() -> Vec<&'static str> {
    etk_optimized::TABLE
        .iter()
        .filter(|e| generator(e.name).is_none())
        .map(|e| e.name)
        .collect()
}

/// How many random mixes [`drive`] tries per kernel and level: `ETK_HARNESS_CASES`, or 64.
/// (A soak run sets thousands; CI keeps the default.)
pub fn random_cases() -> u32 {
    std::env::var("ETK_HARNESS_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

/// The random mixes' generator for `name` at `level`: seeded by `ETK_HARNESS_SEED` (0 when
/// unset), so that a run is repeatable and CI sees the same draws every time; a soak run sets
/// other seeds (a failure's message then names the seed to reproduce it with).
fn mixes_rng(name: &str, level: Level) -> (u64, TestRng) {
    let seed = std::env::var("ETK_HARNESS_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0u64);
    // FNV-1a over the name and level: every kernel and level draws its own stream.
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for b in name.bytes().chain(format!("{level:?}").bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut bytes = [0u8; 32];
    for (i, chunk) in bytes.chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&h.rotate_left(16 * i as u32).to_le_bytes());
    }
    (seed, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// Whether `ETK_HARNESS_ONLY` (a comma-separated list of substrings of operator names, for
/// working on a few kernels) selects `name`; unset selects every kernel.
pub fn selected(name: &str) -> bool {
    match std::env::var("ETK_HARNESS_ONLY") {
        Ok(only) => only.split(',').any(|s| name.contains(s.trim())),
        Err(_) => true,
    }
}

/// Every dtype (pair) and layout class once, deterministically, then random mixes.
pub fn drive(entry: &KernelEntry, g: &Gen, levels: &[Level]) {
    if !selected(entry.name) {
        return;
    }
    for &isa in levels {
        let mut rng = Rng::new(entry.name.len() as u64 * 7919 + isa.isa() as u64);
        let classes: &[Class] = if g.pointwise {
            &CLASSES
        } else {
            &[Class::Contiguous]
        };
        for (i, &dt) in DTYPES.iter().enumerate() {
            for (j, &class) in classes.iter().enumerate() {
                if class == Class::Big
                    && (dt != ScalarType::Float || isa != *levels.last().unwrap())
                {
                    continue;
                }
                let dt2 = if j % 3 == 0 { DTYPES[(i + j) % 10] } else { dt };
                let variant = i + j;
                if let Some(call) = (g.make)(&mut rng, class, [dt, dt2], variant)
                    && let Err(e) = check(entry, g, &call, isa)
                {
                    panic!("{e}");
                }
            }
        }
        // random mixes: dtypes, classes, variants (out dtype, dynamic outs, swapped operands).
        let (seed, rng) = mixes_rng(entry.name, isa);
        let mut runner = TestRunner::new_with_rng(
            Config {
                cases: random_cases(),
                failure_persistence: None,
                ..Config::default()
            },
            rng,
        );
        let strategy = (
            0..10usize,
            0..10usize,
            0..CLASSES.len() - 1,
            0..64usize,
            any::<u64>(),
        );
        runner
            .run(&strategy, |(a, b, c, v, seed)| {
                let mut rng = Rng::new(seed);
                let class = if g.pointwise {
                    CLASSES[c]
                } else {
                    Class::Contiguous
                };
                match (g.make)(&mut rng, class, [DTYPES[a], DTYPES[b]], v) {
                    Some(call) => check(entry, g, &call, isa),
                    None => Ok(()),
                }
            })
            .unwrap_or_else(|e| panic!("{e} (random mixes, ETK_HARNESS_SEED={seed})"));
    }
}

//! Every registered kernel, called with malformed boxed arguments: wrong arity, wrong EValue
//! kinds, mismatched dtypes and shapes, rank 16, huge sizes and values, read-only and too-small
//! outs. No call may panic, and no call may touch the heap (kernels allocate nothing, their
//! error paths included).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::Ordering;

use etk_testing::alloc;

use etk::{EValue, KernelContext, OwnedTensor, ScalarType, Tensor};

#[global_allocator]
static GLOBAL: alloc::Counting = alloc::Counting;

/// Runs `f` with allocation counting on for this thread; returns (allocations, result).
fn counted<R>(f: impl FnOnce() -> R) -> (usize, R) {
    // the one-time CPU detection (which reads ETK_ISA) happens at load time, not in a kernel
    etk::init();
    alloc::counted(f)
}

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Input tensors of every dtype in awkward shapes.
fn tensor_pool() -> Vec<OwnedTensor> {
    let shapes: &[(&[usize], &[usize])] = &[
        (&[], &[]),
        (&[3], &[0]),
        (&[2, 3], &[0, 1]),
        (&[3, 2], &[1, 0]),
        (&[0], &[0]),
        (&[2, 0, 3], &[0, 1, 2]),
        (
            &[1; 16],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        ),
        (&[2, 3, 2, 2], &[0, 2, 3, 1]),
        (&[5, 1], &[0, 1]),
    ];
    let mut pool = Vec::new();
    for (i, &dt) in ScalarType::REAL.iter().enumerate() {
        for (j, &(s, o)) in shapes.iter().enumerate() {
            if (i + j) % 2 == 0 || s.len() <= 1 {
                let mut t = OwnedTensor::with_capacity(dt, s, o, 0).unwrap();
                let n = t.numel();
                // values with zeros, negatives, large magnitudes and nan
                let vals: Vec<f64> = (0..n)
                    .map(|k| [0.0, -1.0, 3.0, 1e10, f64::NAN, -7.5][k % 6])
                    .collect();
                t.fill_logical(&vals);
                pool.push(t);
            }
        }
    }
    pool
}

/// Outs: every dtype, static and dynamic, right-ish and wrong shapes, tiny capacity.
fn out_specs() -> Vec<(ScalarType, Vec<usize>, usize, bool)> {
    let mut v = Vec::new();
    for &dt in &ScalarType::REAL {
        v.push((dt, vec![2, 3], 0, false));
        v.push((dt, vec![3], 0, true));
        v.push((dt, vec![0], 0, true));
        v.push((dt, vec![], 0, false));
        v.push((dt, vec![1], 64, true));
        v.push((dt, vec![2, 3, 2, 2], 0, false));
    }
    v
}

fn scalar_pool<'a>(i: usize) -> EValue<'a> {
    match i % 16 {
        0 => EValue::None,
        1 => EValue::Int(0),
        2 => EValue::Int(-1),
        3 => EValue::Int(i64::MAX),
        4 => EValue::Int(i64::MIN),
        5 => EValue::Double(f64::NAN),
        6 => EValue::Double(-2.5),
        7 => EValue::Bool(true),
        8 => EValue::String("tanh"),
        9 => EValue::String("\u{0}bogus"),
        10 => EValue::IntList(&[i64::MAX, 2]),
        11 => EValue::IntList(&[-1, 0]),
        12 => EValue::IntList(&[1 << 40, 1 << 40]),
        13 => EValue::DoubleList(&[f64::INFINITY]),
        14 => EValue::BoolList(&[true, false, true]),
        _ => EValue::Int(ScalarType::Float.code() as i64),
    }
}

/// The number of boxed values a kernel takes (arguments and outs): the one stack length of
/// all-None values that is not rejected for its length.
fn schema_arity(kernel: etk::BoxedKernel) -> Option<usize> {
    (0..12).find(|&n| {
        let mut stack: Vec<EValue<'_>> = (0..n).map(|_| EValue::None).collect();
        match catch_unwind(AssertUnwindSafe(|| {
            kernel(&mut KernelContext::serial(), &mut stack)
        })) {
            Ok(Err(e)) => !(e.kind == etk::ErrorKind::InvalidProgram && e.arg == "arguments"),
            Ok(Ok(())) | Err(_) => true,
        }
    })
}

#[test]
fn malformed_calls_never_panic_or_allocate() {
    let registry = etk::registry();
    let entries: Vec<etk::KernelEntry> = registry.entries().copied().collect();
    assert!(entries.len() > 2);
    let failures = malformed_calls(&entries);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn bad_panics(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> etk::Result<()> {
    etk::registry::check_arity("test::panics", stack, 2)?;
    let v: Vec<u8> = Vec::new();
    let _ = v[stack.len()];
    Ok(())
}

fn bad_allocates(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> etk::Result<()> {
    etk::registry::check_arity("test::allocates", stack, 3)?;
    std::hint::black_box(vec![0u8; 16]);
    Ok(())
}

/// The harness itself must be able to fail.
#[test]
fn the_harness_catches_panics_and_allocations() {
    let entries = [
        etk::KernelEntry {
            name: "test::panics",
            kernel: bad_panics,
        },
        etk::KernelEntry {
            name: "test::allocates",
            kernel: bad_allocates,
        },
    ];
    let failures = malformed_calls(&entries);
    assert!(
        failures
            .iter()
            .any(|f| f.starts_with("test::panics: panicked")),
        "{failures:?}"
    );
    assert!(
        failures
            .iter()
            .any(|f| f.starts_with("test::allocates: 1 heap allocations")),
        "{failures:?}"
    );
}

fn malformed_calls(entries: &[etk::KernelEntry]) -> Vec<String> {
    let pool = tensor_pool();
    let specs = out_specs();
    let mut outs: Vec<OwnedTensor> = specs
        .iter()
        .map(|(dt, s, cap, dynamic)| {
            let order: Vec<usize> = if s.len() == 4 {
                vec![0, 2, 3, 1]
            } else {
                (0..s.len()).collect()
            };
            let t = OwnedTensor::with_capacity(*dt, s, &order, *cap).unwrap();
            if *dynamic { t.dynamic() } else { t }
        })
        .collect();
    let mut scratch = vec![0u8; 1 << 20];
    let mut rng = Lcg(0x5eed);
    let mut failures = Vec::new();
    let mut calls = 0usize;
    let mut reached_kernel = 0usize;
    for entry in entries {
        let arity_ok = schema_arity(entry.kernel);
        for trial in 0..400 {
            let arity = match arity_ok {
                Some(n) if trial % 10 != 0 => n,
                _ => rng.next(8),
            };
            let out_idx = rng.next(outs.len());
            let read_only_out = trial % 37 == 0;
            let picks: Vec<usize> = (0..arity.saturating_sub(1))
                .map(|_| {
                    if rng.next(5) < 3 {
                        rng.next(pool.len())
                    } else {
                        pool.len() + rng.next(16)
                    }
                })
                .collect();
            let out = &mut outs[out_idx];
            let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
            let mut stack: Vec<EValue<'_>> = picks
                .iter()
                .map(|&p| {
                    if p < pool.len() {
                        EValue::Tensor(pool[p].view())
                    } else {
                        scalar_pool(p - pool.len())
                    }
                })
                .collect();
            if arity > 0 {
                let o: Tensor<'_> = if read_only_out {
                    out.view()
                } else {
                    out.view_mut().unwrap()
                };
                stack.push(EValue::Tensor(o));
            }
            calls += 1;
            let (allocs, r) =
                counted(|| catch_unwind(AssertUnwindSafe(|| (entry.kernel)(&mut ctx, &mut stack))));
            if let Ok(Err(e)) = &r {
                reached_kernel += (e.kind != etk::ErrorKind::InvalidProgram) as usize;
            } else {
                reached_kernel += 1;
            }
            match r {
                Err(_) => failures.push(format!(
                    "{}: panicked on trial {trial}: {stack:?}",
                    entry.name
                )),
                Ok(_) if allocs > 0 => failures.push(format!(
                    "{}: {allocs} heap allocations on trial {trial}",
                    entry.name
                )),
                Ok(_) => {}
            }
            if failures.len() > 20 {
                break;
            }
            if failures.iter().any(|f| f.starts_with(entry.name)) {
                break;
            }
        }
    }
    eprintln!(
        "{calls} calls over {} kernels, {reached_kernel} got past argument unpacking",
        entries.len()
    );
    failures
}

#[test]
fn thread_pool_runs_every_task_once() {
    use etk::Parallel;
    use std::sync::atomic::AtomicU64;
    let pool = etk::ThreadPool::new(2).unwrap();
    assert_eq!(pool.num_threads(), 2);
    let hits: Vec<AtomicU64> = (0..100).map(|_| AtomicU64::new(0)).collect();
    pool.run(100, &|i| {
        hits[i].fetch_add(1, Ordering::Relaxed);
    });
    assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == 1));
}

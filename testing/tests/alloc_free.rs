//! Every registered kernel, run on every case of the committed PyTorch suite under an
//! allocation-counting global allocator: a kernel call (error paths included) must not touch
//! the heap. Every kernel of portable and optimized must be reached by at least one case, so a
//! newly registered kernel without cases fails here.

use std::cell::Cell;
use std::collections::BTreeMap;

use etk::{BoxedKernel, EValue, KernelContext, Registry};
use etk_testing::alloc;
use etk_testing::conform::{FileData, case, coverage, exec, suite_files};

thread_local! {
    static REAL: Cell<Option<BoxedKernel>> = const { Cell::new(None) };
}

#[global_allocator]
static GLOBAL: alloc::Counting = alloc::Counting;

/// Calls the kernel stored in `REAL` with counting on: the runner prepares arguments (and may
/// allocate) outside, the kernel runs inside.
fn counted_trampoline(ctx: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> etk::Result<()> {
    let k = REAL.with(|r| r.get()).expect("REAL set before the call");
    alloc::start();
    let r = k(ctx, stack);
    alloc::stop();
    r
}

/// (library, op) → (calls, allocations)
fn run_suite(
    libs: &[(&'static str, Registry<'static>)],
) -> BTreeMap<(&'static str, String), (usize, usize)> {
    let dir = coverage::repo_root().join("testing/golden/cases");
    // the one-time CPU detection (which reads ETK_ISA) happens at load time, not in a kernel
    etk::init();
    let mut seen = BTreeMap::new();
    let mut scratch = vec![0u8; 64 << 20];
    for f in suite_files(&[dir]).unwrap() {
        let file = FileData::parse(std::fs::read(&f).unwrap()).unwrap();
        for v in file.cases().unwrap() {
            let Ok(case) = case::parse_case(&v) else {
                continue;
            };
            let Ok(prepared) = exec::prepare(&case, &file) else {
                continue;
            };
            for (lib, reg) in libs {
                let Some(k) = reg.lookup(&case.op) else {
                    continue;
                };
                REAL.with(|r| r.set(Some(k)));
                let before = alloc::allocations();
                let _ = exec::run(&prepared, counted_trampoline, &mut scratch);
                let n = alloc::allocations() - before;
                let e = seen.entry((*lib, case.op.clone())).or_insert((0, 0));
                e.0 += 1;
                e.1 += n;
            }
        }
    }
    seen
}

#[test]
fn every_kernel_runs_its_cases_without_allocating() {
    static PORTABLE: &[&[etk::KernelEntry]] = &[etk::portable::TABLE];
    static OPTIMIZED: &[&[etk::KernelEntry]] = &[etk::optimized::TABLE];
    let (portable, optimized) = (Registry::new(PORTABLE), Registry::new(OPTIMIZED));
    let seen = run_suite(&[("portable", portable), ("optimized", optimized)]);
    let mut problems = Vec::new();
    for (lib, table) in [
        ("portable", etk::portable::TABLE),
        ("optimized", etk::optimized::TABLE),
    ] {
        for e in table {
            match seen.get(&(lib, e.name.to_string())) {
                None => problems.push(format!("{lib} {}: no case in the suite reaches it", e.name)),
                Some(&(_, allocs)) if allocs > 0 => {
                    problems.push(format!("{lib} {}: {allocs} heap allocations", e.name))
                }
                Some(_) => {}
            }
        }
    }
    let calls: usize = seen.values().map(|v| v.0).sum();
    eprintln!(
        "{calls} kernel calls over {} (library, op) pairs",
        seen.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn allocating_kernel(_: &mut KernelContext<'_>, _: &mut [EValue<'_>]) -> etk::Result<()> {
    std::hint::black_box(vec![1u8; 8]);
    Ok(())
}

/// The counting must be able to fail: a kernel that allocates is reported.
#[test]
fn an_allocating_kernel_is_caught() {
    static BAD: &[etk::KernelEntry] = &[etk::KernelEntry {
        name: "aten::relu.out",
        kernel: allocating_kernel,
    }];
    static TABLES: &[&[etk::KernelEntry]] = &[BAD];
    let seen = run_suite(&[("bad", Registry::new(TABLES))]);
    let (calls, allocs) = seen[&("bad", "aten::relu.out".to_string())];
    assert!(
        calls > 0 && allocs >= calls,
        "{calls} calls, {allocs} allocations"
    );
}

//! One call with every check: no panic (on any thread), nothing written outside the outs (the
//! guard bytes around every buffer), inputs unchanged, no heap allocation on any thread, an
//! out that aliases an input rejected, and the time taken.

use std::cell::RefCell;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use etk::{BoxedKernel, KernelContext};

use super::args::{Arg, TSpec, with_stack};
use super::pool::Pool;
use crate::alloc;
use crate::conform::exec::is_in_place;

/// What a call did wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FindingKind {
    Panic,
    StrayWrite,
    InputMutated,
    Allocation,
    AcceptedAlias,
    Slow,
}

impl FindingKind {
    pub fn name(self) -> &'static str {
        match self {
            FindingKind::Panic => "panic",
            FindingKind::StrayWrite => "stray-write",
            FindingKind::InputMutated => "input-mutated",
            FindingKind::Allocation => "allocation",
            FindingKind::AcceptedAlias => "accepted-alias",
            FindingKind::Slow => "slow",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: FindingKind,
    pub detail: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.detail)
    }
}

/// How the kernel answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Ok,
    /// The kernel's error, as displayed.
    Err(String),
    /// A spec could not be made into a tensor view, so no kernel was called.
    NotAView(String),
    /// It panicked (see the findings).
    Panicked,
}

pub struct CallReport {
    pub verdict: Verdict,
    pub findings: Vec<Finding>,
    pub elapsed: Duration,
}

/// A call slower than this is reported (the generator's tensors have at most a few thousand
/// elements, so any kernel finishes them in milliseconds).
pub const SLOW: Duration = Duration::from_secs(5);

const SCRATCH_BYTES: usize = 16 << 20;

thread_local! {
    static SCRATCH: RefCell<Vec<u8>> = RefCell::new(vec![0u8; SCRATCH_BYTES]);
    static POOLS: RefCell<Vec<(usize, Pool)>> = const { RefCell::new(Vec::new()) };
}

static PANIC_MESSAGE: Mutex<String> = Mutex::new(String::new());

/// Panics are findings, reported once with the call: the hook records the message instead of
/// printing it.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let msg = info.to_string();
            // A child's stderr goes nowhere unless run by hand, where this helps.
            eprintln!("{msg}");
            let mut m = PANIC_MESSAGE.lock().unwrap_or_else(|e| e.into_inner());
            if m.is_empty() {
                *m = msg;
            }
        }));
    });
}

/// Runs `kernel` (the operator `op`, whose last `n_outs` values are its outs) on `args` with a
/// context of `threads` threads and checks everything the fuzzer checks.
pub fn check_call(
    kernel: BoxedKernel,
    op: &str,
    n_outs: usize,
    args: &[Arg],
    threads: usize,
) -> CallReport {
    install_panic_hook();
    // Made before counting starts: CPU detection reads the environment, a pool spawns threads.
    etk::init();
    if threads > 1 {
        POOLS.with(|p| {
            let mut p = p.borrow_mut();
            if !p.iter().any(|(n, _)| *n == threads) {
                p.push((threads, Pool::new(threads)));
            }
        });
    }
    let in_place = is_in_place(op);
    let r = with_stack(args, |stack, bufs| {
        let snapshots: Vec<Vec<u8>> = bufs.inputs.iter().map(|b| b.all().to_vec()).collect();
        PANIC_MESSAGE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        let start = Instant::now();
        let (allocs, result) = SCRATCH.with(|s| {
            let mut scratch = s.borrow_mut();
            POOLS.with(|pools| {
                let pools = pools.borrow();
                let par: &dyn etk::Parallel = match pools.iter().find(|(n, _)| *n == threads) {
                    Some((_, p)) => p,
                    None => &etk::Serial,
                };
                let mut ctx = KernelContext::new(&mut scratch, par);
                alloc::counted_all_threads(|| {
                    catch_unwind(AssertUnwindSafe(|| kernel(&mut ctx, stack)))
                })
            })
        });
        let elapsed = start.elapsed();
        let mut findings = Vec::new();
        let verdict = match result {
            Ok(Ok(())) => Verdict::Ok,
            Ok(Err(e)) => Verdict::Err(e.to_string()),
            Err(_) => {
                let msg = PANIC_MESSAGE
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clone();
                findings.push(Finding {
                    kind: FindingKind::Panic,
                    detail: msg,
                });
                Verdict::Panicked
            }
        };
        if allocs > 0 && verdict != Verdict::Panicked {
            findings.push(Finding {
                kind: FindingKind::Allocation,
                detail: format!("{allocs} heap allocations during the call"),
            });
        }
        for (i, (b, snap)) in bufs.inputs.iter().zip(&snapshots).enumerate() {
            let aliased = bufs.aliased.contains(&i);
            if !b.guards_intact() {
                findings.push(Finding {
                    kind: FindingKind::StrayWrite,
                    detail: format!("the guard bytes around input tensor {i} changed"),
                });
            } else if !aliased && b.all() != snap.as_slice() {
                findings.push(Finding {
                    kind: FindingKind::InputMutated,
                    detail: format!("input tensor {i} changed"),
                });
            }
        }
        for (i, b) in bufs.outs.iter().enumerate() {
            if !b.guards_intact() {
                findings.push(Finding {
                    kind: FindingKind::StrayWrite,
                    detail: format!("the guard bytes around out {i} changed"),
                });
            }
        }
        // `et_view` writes nothing: its out becomes a view of `self`, planned at its memory.
        let writes_outs = op != etk::prim_ops::et_view::OP;
        if verdict == Verdict::Ok && writes_outs && unintended_alias(args, n_outs, in_place) {
            findings.push(Finding {
                kind: FindingKind::AcceptedAlias,
                detail: "an out that aliases an input was accepted".into(),
            });
        }
        if elapsed > SLOW {
            findings.push(Finding {
                kind: FindingKind::Slow,
                detail: format!("the call took {elapsed:?}"),
            });
        }
        CallReport {
            verdict,
            findings,
            elapsed,
        }
    });
    r.unwrap_or_else(|e| CallReport {
        verdict: Verdict::NotAView(e),
        findings: Vec::new(),
        elapsed: Duration::ZERO,
    })
}

/// An out over an input's memory that shares bytes with it (both non-empty), other than an
/// in-place op's `self` passed as its out (the first input, same dtype, sizes and dim order).
/// Only the schema's outs (the last `n_outs` values) count: an alias among the arguments is
/// two inputs sharing memory, which is allowed.
fn unintended_alias(args: &[Arg], n_outs: usize, in_place: bool) -> bool {
    let inputs = input_specs(args);
    let first_out = args.len().saturating_sub(n_outs);
    args[first_out..].iter().any(|a| match a {
        Arg::AliasOut { input, spec } => {
            let Some(t) = inputs.get(*input) else {
                return false;
            };
            let intended = in_place
                && *input == 0
                && t.dtype == spec.dtype
                && t.sizes == spec.sizes
                && t.dim_order == spec.dim_order;
            // A dynamic out may be resized over all of the input's memory.
            let reach = if spec.dynamic {
                t.capacity
            } else {
                spec.nbytes()
            };
            !intended && t.nbytes() > 0 && reach > 0
        }
        _ => false,
    })
}

/// The call's input tensors in order (tensors and list members), as the buffers are made.
pub fn input_specs(args: &[Arg]) -> Vec<&TSpec> {
    let mut v = Vec::new();
    for a in args {
        match a {
            Arg::Tensor(t) => v.push(t),
            Arg::TensorList(l) => v.extend(l),
            Arg::OptTensorList(l) => v.extend(l.iter().flatten()),
            _ => {}
        }
    }
    v
}

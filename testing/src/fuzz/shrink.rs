//! Shrinking a failing call to a small reproducer: smaller sizes, fewer list members, zero
//! values, as long as the call still fails the same way.

use etk::BoxedKernel;

use super::args::{Arg, TSpec};
use super::check::{FindingKind, check_call};

/// Tries at most this many smaller calls.
const BUDGET: usize = 300;

/// The smallest call found from `args` that still has a finding of `kind`; `tick` is called
/// before every try (the child tells its watchdog it is alive).
pub fn shrink(
    kernel: BoxedKernel,
    op: &str,
    n_outs: usize,
    args: &[Arg],
    threads: usize,
    kind: FindingKind,
    tick: &mut dyn FnMut(),
) -> Vec<Arg> {
    let still_fails = |a: &[Arg]| {
        check_call(kernel, op, n_outs, a, threads)
            .findings
            .iter()
            .any(|f| f.kind == kind)
    };
    let mut best = args.to_vec();
    let mut tries = 0;
    let mut progress = true;
    while progress && tries < BUDGET {
        progress = false;
        for cand in candidates(&best) {
            tries += 1;
            tick();
            if still_fails(&cand) {
                best = cand;
                progress = true;
                break;
            }
            if tries >= BUDGET {
                break;
            }
        }
    }
    best
}

/// Every call one step smaller than `args`.
fn candidates(args: &[Arg]) -> Vec<Vec<Arg>> {
    let mut out = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let mut with = |new: Arg| {
            let mut c = args.to_vec();
            c[i] = new;
            out.push(c);
        };
        match a {
            Arg::Tensor(t) => smaller_specs(t)
                .into_iter()
                .for_each(|t| with(Arg::Tensor(t))),
            Arg::Out(t) => smaller_specs(t).into_iter().for_each(|t| with(Arg::Out(t))),
            Arg::AliasOut { input, spec } => smaller_specs(spec).into_iter().for_each(|spec| {
                with(Arg::AliasOut {
                    input: *input,
                    spec,
                })
            }),
            Arg::TensorList(l) | Arg::OutList(l) => {
                let rebuild = |l: Vec<TSpec>| match a {
                    Arg::TensorList(_) => Arg::TensorList(l),
                    _ => Arg::OutList(l),
                };
                for k in 0..l.len() {
                    let mut fewer = l.clone();
                    fewer.remove(k);
                    with(rebuild(fewer));
                    for t in smaller_specs(&l[k]) {
                        let mut m = l.clone();
                        m[k] = t;
                        with(rebuild(m));
                    }
                }
            }
            Arg::IntList(l) if !l.is_empty() => {
                let mut fewer = l.clone();
                fewer.pop();
                with(Arg::IntList(fewer));
            }
            _ => {}
        }
    }
    out
}

/// `t` with one dim halved (or made 1), or its values zeroed.
fn smaller_specs(t: &TSpec) -> Vec<TSpec> {
    let mut v = Vec::new();
    for d in 0..t.sizes.len() {
        for new in [t.sizes[d] / 2, 1] {
            if new < t.sizes[d] && new > 0 {
                let mut s = t.clone();
                s.sizes[d] = new;
                resize_data(&mut s);
                v.push(s);
            }
        }
    }
    if t.data.iter().any(|&b| b != 0) {
        let mut s = t.clone();
        s.data.iter_mut().for_each(|b| *b = 0);
        v.push(s);
    }
    v
}

/// Keeps the values that still fit (in logical order) and the capacity consistent.
fn resize_data(t: &mut TSpec) {
    let nbytes = t.nbytes();
    t.data.resize(nbytes, 0);
    if !t.writable || !t.dynamic {
        t.capacity = nbytes;
    } else {
        t.capacity = t.capacity.max(nbytes);
    }
}

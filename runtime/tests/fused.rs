//! The optimized library's fused chains give, bit for bit, what its kernels give one by one:
//! every producer (convolution, addmm, mm, linear, bmm, or none) followed by every pointwise
//! op it fuses, alone and in random chains, on random shapes with NaN, infinities and -0.0,
//! in every dim order the producer supports.

mod common;

use common::{bits, tensor, values};
use etk::prepare::{Chain, Known};
use etk::{EValue, KernelContext, OwnedTensor, Registry, Scalar, ScalarType};

/// An argument of an op in a test chain.
#[derive(Clone)]
enum A {
    /// The first out of op `k` of the chain.
    Prev(usize),
    /// Tensor `k` of the test's pool, and whether it is a constant.
    T(usize, bool),
    S(Scalar),
    None,
    Ints(Vec<i64>),
    Bool(bool),
    F(f64),
    Str(&'static str),
}

struct Op {
    name: &'static str,
    args: Vec<A>,
    /// Sizes and dim order of its outs.
    outs: Vec<(Vec<usize>, Vec<usize>)>,
}

struct Case {
    pool: Vec<OwnedTensor>,
    ops: Vec<Op>,
}

fn out_tensors(op: &Op) -> Vec<OwnedTensor> {
    op.outs
        .iter()
        .map(|(s, o)| OwnedTensor::with_capacity(ScalarType::Float, s, o, 0).unwrap())
        .collect()
}

fn ev<'a>(a: &'a A, pool: &'a [OwnedTensor], prev: &dyn Fn(usize) -> EValue<'a>) -> EValue<'a> {
    match a {
        A::Prev(k) => prev(*k),
        A::T(k, _) => EValue::Tensor(pool[*k].view()),
        A::S(s) => EValue::from(*s),
        A::None => EValue::None,
        A::Ints(v) => EValue::IntList(v),
        A::Bool(b) => EValue::Bool(*b),
        A::F(d) => EValue::Double(*d),
        A::Str(s) => EValue::String(s),
    }
}

/// Runs `case` one op at a time and fused; compares the chain's out. `false` when the library
/// declined the chain. With `shared_input`, the fused call is told that the first op's inputs
/// share memory with the out (as when the memory plan reuses a dead input for it; here they
/// do not, but the call must take the path that is safe if they did).
fn check(reg: &Registry<'_>, case: &Case, what: &str) -> bool {
    check_with(reg, case, what, false)
}

fn check_with(reg: &Registry<'_>, case: &Case, what: &str, shared_input: bool) -> bool {
    let mut scratch = vec![0u8; 16 << 20];
    let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
    // one by one
    let mut outs: Vec<Vec<OwnedTensor>> = case.ops.iter().map(out_tensors).collect();
    for (i, op) in case.ops.iter().enumerate() {
        let (done, rest) = outs.split_at_mut(i);
        let mut args: Vec<EValue<'_>> = op
            .args
            .iter()
            .map(|a| ev(a, &case.pool, &|k| EValue::Tensor(done[k][0].view())))
            .collect();
        for t in rest[0].iter_mut() {
            args.push(EValue::Tensor(t.view_mut().unwrap()));
        }
        reg.lookup(op.name).unwrap()(&mut ctx, &mut args)
            .unwrap_or_else(|e| panic!("{what}: {} failed: {e}", op.name));
    }
    let want = bits(&outs.last().unwrap()[0]);
    // fused: every out as the runtime passes it, writable (the intermediates are not
    // written), the linked inputs as read-only views of the same memory.
    let mut fouts: Vec<Vec<OwnedTensor>> = case.ops.iter().map(out_tensors).collect();
    let raw: Vec<Vec<(*mut u8, usize)>> = fouts
        .iter_mut()
        .map(|o| {
            o.iter_mut()
                .map(|t| {
                    let cap = t.view().capacity();
                    (
                        t.view_mut().unwrap().as_mut_ptr("test", "out").unwrap(),
                        cap,
                    )
                })
                .collect()
        })
        .collect();
    let view = |i: usize, j: usize, writable: bool| {
        let (sizes, order) = &case.ops[i].outs[j];
        let (p, cap) = raw[i][j];
        // SAFETY: the memory of `fouts[i][j]`, which is not otherwise used until the end.
        unsafe { etk::Tensor::from_raw_parts(ScalarType::Float, sizes, order, p, cap, writable) }
            .unwrap()
    };
    let (mut args, mut known, mut from, mut starts) = (Vec::new(), Vec::new(), Vec::new(), vec![0]);
    let names: Vec<&str> = case.ops.iter().map(|o| o.name).collect();
    let n = case.ops.len();
    for (i, op) in case.ops.iter().enumerate() {
        for a in &op.args {
            args.push(ev(a, &case.pool, &|k| EValue::Tensor(view(k, 0, false))));
            known.push(match a {
                A::T(_, false) | A::Prev(_) => Known::Shape,
                _ => Known::Constant,
            });
            from.push(match a {
                A::Prev(k) => Some(*k),
                _ => None,
            });
        }
        for j in 0..op.outs.len() {
            args.push(EValue::Tensor(view(i, j, true)));
            known.push(Known::Shape);
            from.push(None);
        }
        starts.push(args.len());
    }
    let (_, entry) = reg
        .fusions()
        .find(|(_, f)| f.first.contains(&names[0]) && names[1..].iter().all(|o| f.then.contains(o)))
        .unwrap_or_else(|| panic!("{what}: no fusion entry"));
    let first_outs = case.ops[0].outs.len();
    let shares: Vec<bool> = (0..args.len())
        .map(|k| shared_input && k + first_outs < starts[1] && matches!(args[k], EValue::Tensor(_)))
        .collect();
    let chain = Chain {
        ops: &names,
        args: &args,
        known: &known,
        starts: &starts,
        from: &from,
        shares: &shares,
    };
    let Some(mut fused) = (entry.prepare)(&chain).unwrap() else {
        return false;
    };
    fused.run(&mut ctx, &mut args).unwrap();
    drop(args);
    let got = bits(&fouts[n - 1][0]);
    assert!(got == want, "{what}: fused and one by one differ");
    true
}

/// Adds a Float tensor of `sizes` in `order` to the pool.
fn push(pool: &mut Vec<OwnedTensor>, sizes: &[usize], order: &[usize], seed: u64) -> usize {
    pool.push(tensor(sizes, order, seed));
    pool.len() - 1
}

/// A one-element Float tensor holding `v`.
fn push_value(pool: &mut Vec<OwnedTensor>, sizes: &[usize], v: f32) -> usize {
    let order: Vec<usize> = (0..sizes.len()).collect();
    let mut t = OwnedTensor::with_capacity(ScalarType::Float, sizes, &order, 0).unwrap();
    t.fill_logical(&[v]);
    pool.push(t);
    pool.len() - 1
}

/// The pointwise ops the optimized library fuses, in the variants its kernels take.
const TAILS: usize = 18;

/// Tail op `kind` reading `x` (op `prev`'s out) of `sizes` in `order`.
fn tail(kind: usize, x: A, sizes: &[usize], order: &[usize], pool: &mut Vec<OwnedTensor>) -> Op {
    let seed = 1000 + pool.len() as u64 * 7 + kind as u64;
    let one = |name, args| Op {
        name,
        args,
        outs: vec![(sizes.to_vec(), order.to_vec())],
    };
    let d = |v: f64| A::S(Scalar::Double(v));
    match kind {
        0 => {
            let c = sizes[1];
            let mut p = |s: u64| A::T(push(pool, &[c], &[0], seed + s), true);
            let (w, b, mean) = (
                p(1),
                if seed.is_multiple_of(2) {
                    p(2)
                } else {
                    A::None
                },
                p(3),
            );
            // variances mostly positive, some zero or negative (NaN out)
            let mut var = tensor(&[c], &[0], seed + 4);
            let v: Vec<f32> = values(c, seed + 4).iter().map(|x| x * x + 0.5).collect();
            var.fill_logical(&v);
            if c > 2 {
                let mut v = v;
                v[1] = -1.0;
                var.fill_logical(&v);
            }
            pool.push(var);
            let var = A::T(pool.len() - 1, true);
            Op {
                name: "aten::_native_batch_norm_legit_no_training.out",
                args: vec![x, w, b, mean, var, A::F(0.1), A::F(1e-5)],
                outs: vec![
                    (sizes.to_vec(), order.to_vec()),
                    (vec![0], vec![0]),
                    (vec![0], vec![0]),
                ],
            }
        }
        1 | 2 | 4 | 16 | 17 => {
            let r = A::T(push(pool, sizes, order, seed), false);
            match kind {
                1 => one("aten::add.out", vec![x, r, A::S(Scalar::Int(1))]),
                2 => one("aten::add.out", vec![r, x, A::S(Scalar::Int(1))]),
                4 => one("aten::sub.out", vec![x, r, A::S(Scalar::Int(2))]),
                16 => one("aten::mul.out", vec![x, r]),
                _ => one("aten::div.out", vec![r, x]),
            }
        }
        3 => {
            let c = A::T(push_value(pool, &[], 3.0), true);
            one("aten::add.out", vec![x, c, d(0.5)])
        }
        5 => one("aten::relu.out", vec![x]),
        6 => one("aten::hardtanh.out", vec![x, d(0.0), d(6.0)]),
        7 => one("aten::clamp.out", vec![x, A::S(Scalar::Int(0)), A::None]),
        8 => one("aten::clamp.out", vec![x, A::None, d(0.5)]),
        9 => one("aten::sigmoid.out", vec![x]),
        10 => one("aten::tanh.out", vec![x]),
        11 => one("aten::gelu.out", vec![x, A::Str("none")]),
        12 => one("aten::gelu.out", vec![x, A::Str("tanh")]),
        13 => {
            let c = A::T(push_value(pool, &[1], 0.75), true);
            one("aten::mul.out", vec![x, c])
        }
        14 => one("aten::mul.Scalar_out", vec![x, d(0.25)]),
        _ => {
            let c = A::T(push_value(pool, &[], 6.0), true);
            one("aten::div.out", vec![x, c])
        }
    }
}

/// A producer: its op and its out's sizes and dim order.
type Producer = fn(&mut Vec<OwnedTensor>, usize) -> Option<Op>;

fn conv(pool: &mut Vec<OwnedTensor>, variant: usize) -> Option<Op> {
    // (n, c, h, w, o, k, stride, pad, groups, channels-last)
    let configs = [
        (1, 4, 7, 6, 8, 3, 1, 1, 1),
        (2, 6, 5, 5, 6, 3, 2, 1, 6),
        (1, 8, 4, 5, 12, 1, 1, 0, 1),
        (1, 4, 6, 6, 6, 3, 1, 0, 2),
        // im2col and the GEMM (more output channels than the direct kernel takes), handing
        // the chain one band of positions; then two bands
        (1, 3, 10, 9, 36, 3, 1, 1, 1),
        (1, 64, 12, 40, 33, 3, 1, 1, 1),
        // a 1x1 kernel computed in bands of positions (NCHW) for the chain
        (2, 3, 30, 30, 40, 1, 1, 0, 1),
    ];
    let (n, c, h, w, o, k, s, p, g) = *configs.get(variant / 2)?;
    let order = if variant % 2 == 1 {
        vec![0, 2, 3, 1]
    } else {
        vec![0, 1, 2, 3]
    };
    let x = push(pool, &[n, c, h, w], &order, variant as u64);
    let wt = push(pool, &[o, c / g, k, k], &[0, 1, 2, 3], 50 + variant as u64);
    let b = if variant.is_multiple_of(3) {
        A::None
    } else {
        A::T(push(pool, &[o], &[0], 60), true)
    };
    let (oh, ow) = ((h + 2 * p - k) / s + 1, (w + 2 * p - k) / s + 1);
    let ints = |v: i64| A::Ints(vec![v, v]);
    Some(Op {
        name: "aten::convolution.out",
        args: vec![
            A::T(x, false),
            A::T(wt, true),
            b,
            ints(s as i64),
            ints(p as i64),
            ints(1),
            A::Bool(false),
            ints(0),
            A::S(Scalar::Int(g as i64)),
        ],
        outs: vec![(vec![n, o, oh, ow], order)],
    })
}

fn addmm(pool: &mut Vec<OwnedTensor>, variant: usize) -> Option<Op> {
    let (m, k, n) = [(5, 33, 17), (20, 16, 40), (3, 300, 9)]
        .get(variant / 2)
        .copied()?;
    let order = if variant % 2 == 1 {
        vec![1, 0]
    } else {
        vec![0, 1]
    };
    let bias = push(pool, &[n], &[0], 70);
    let a = push(pool, &[m, k], &[0, 1], 71);
    let b = push(pool, &[k, n], &order, 72);
    let beta = if variant.is_multiple_of(2) {
        Scalar::Int(1)
    } else {
        Scalar::Double(0.5)
    };
    Some(Op {
        name: "aten::addmm.out",
        args: vec![
            A::T(bias, true),
            A::T(a, false),
            A::T(b, true),
            A::S(beta),
            A::S(Scalar::Int(1)),
        ],
        outs: vec![(vec![m, n], vec![0, 1])],
    })
}

fn mm(pool: &mut Vec<OwnedTensor>, variant: usize) -> Option<Op> {
    let (m, k, n) = [(4, 16, 8), (30, 20, 10)].get(variant)?.to_owned();
    let a = push(pool, &[m, k], &[0, 1], 80);
    let b = push(pool, &[k, n], &[0, 1], 81);
    Some(Op {
        name: "aten::mm.out",
        args: vec![A::T(a, false), A::T(b, true)],
        outs: vec![(vec![m, n], vec![0, 1])],
    })
}

fn linear(pool: &mut Vec<OwnedTensor>, variant: usize) -> Option<Op> {
    let input = [vec![2, 5, 16], vec![12, 16]].get(variant)?.clone();
    let order: Vec<usize> = (0..input.len()).collect();
    let x = push(pool, &input, &order, 90);
    let w = push(pool, &[12, 16], &[0, 1], 91);
    let b = push(pool, &[12], &[0], 92);
    let mut out = input.clone();
    *out.last_mut().unwrap() = 12;
    Some(Op {
        name: "aten::linear.out",
        args: vec![A::T(x, false), A::T(w, true), A::T(b, true)],
        outs: vec![(out, order)],
    })
}

fn bmm(pool: &mut Vec<OwnedTensor>, variant: usize) -> Option<Op> {
    if variant > 0 {
        return None;
    }
    let a = push(pool, &[3, 5, 8], &[0, 1, 2], 100);
    let b = push(pool, &[3, 8, 6], &[0, 1, 2], 101);
    Some(Op {
        name: "aten::bmm.out",
        args: vec![A::T(a, false), A::T(b, true)],
        outs: vec![(vec![3, 5, 6], vec![0, 1, 2])],
    })
}

/// No producer: an add of two tensors of a 4-D shape, contiguous or channels-last.
fn pointwise(pool: &mut Vec<OwnedTensor>, variant: usize) -> Option<Op> {
    let order = [vec![0, 1, 2, 3], vec![0, 2, 3, 1]].get(variant)?.clone();
    let sizes = vec![2, 5, 3, 7];
    let a = push(pool, &sizes, &order, 110);
    let b = push(pool, &sizes, &order, 111);
    Some(Op {
        name: "aten::add.out",
        args: vec![A::T(a, false), A::T(b, false), A::S(Scalar::Int(1))],
        outs: vec![(sizes, order)],
    })
}

const PRODUCERS: &[(&str, Producer)] = &[
    ("convolution", conv),
    ("addmm", addmm),
    ("mm", mm),
    ("linear", linear),
    ("bmm", bmm),
    ("pointwise", pointwise),
];

/// A chain: the producer, then `tails` each reading the one before.
fn chain(producer: Producer, variant: usize, tails: &[usize]) -> Option<Case> {
    let mut pool = Vec::new();
    let first = producer(&mut pool, variant)?;
    let (sizes, order) = first.outs[0].clone();
    let mut ops = vec![first];
    for &t in tails {
        if t == 0 && sizes.len() < 2 {
            continue;
        }
        let x = A::Prev(ops.len() - 1);
        ops.push(tail(t, x, &sizes, &order, &mut pool));
    }
    Some(Case { pool, ops })
}

#[test]
fn every_producer_with_every_fused_op_gives_the_ops_bits() {
    let reg = etk::registry();
    let mut fused = 0;
    for &(name, producer) in PRODUCERS {
        for variant in 0.. {
            let Some(_) = producer(&mut Vec::new(), variant) else {
                break;
            };
            for t in 0..TAILS {
                let case = chain(producer, variant, &[t]).unwrap();
                let what = format!("{name} #{variant} + tail {t}");
                assert!(check(&reg, &case, &what), "{what}: not fused");
                fused += 1;
                if name != "pointwise" {
                    // the producer writing its own out, read by the rest
                    let what = format!("{what}, input shared with the out");
                    assert!(check_with(&reg, &case, &what, true), "{what}: not fused");
                }
            }
        }
    }
    assert!(fused > 200, "{fused}");
}

#[test]
fn longer_chains_give_the_ops_bits() {
    let reg = etk::registry();
    let mut seed = 7u64;
    for &(name, producer) in PRODUCERS {
        for variant in 0.. {
            let Some(_) = producer(&mut Vec::new(), variant) else {
                break;
            };
            for _ in 0..6 {
                let tails: Vec<usize> = (0..4)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (seed >> 33) as usize % TAILS
                    })
                    .collect();
                let case = chain(producer, variant, &tails).unwrap();
                let what = format!("{name} #{variant} + {tails:?}");
                assert!(check(&reg, &case, &what), "{what}: not fused");
            }
        }
    }
}

#[test]
fn hardswish_and_silu_as_exported_give_the_ops_bits() {
    // x * clamp(x + 3, 0, 6) / 6 and x * sigmoid(x): the producer's out read twice.
    let reg = etk::registry();
    for variant in 0.. {
        let mut pool = Vec::new();
        let Some(first) = conv(&mut pool, variant) else {
            break;
        };
        let (sizes, order) = first.outs[0].clone();
        let out = || vec![(sizes.clone(), order.clone())];
        let three = A::T(push_value(&mut pool, &[], 3.0), true);
        let six = A::T(push_value(&mut pool, &[], 6.0), true);
        let bn = tail(0, A::Prev(0), &sizes, &order, &mut pool);
        let ops = vec![
            first,
            bn,
            Op {
                name: "aten::add.out",
                args: vec![A::Prev(1), three, A::S(Scalar::Int(1))],
                outs: out(),
            },
            Op {
                name: "aten::clamp.out",
                args: vec![A::Prev(2), A::S(Scalar::Int(0)), A::None],
                outs: out(),
            },
            Op {
                name: "aten::clamp.out",
                args: vec![A::Prev(3), A::None, A::S(Scalar::Int(6))],
                outs: out(),
            },
            Op {
                name: "aten::mul.out",
                args: vec![A::Prev(1), A::Prev(4)],
                outs: out(),
            },
            Op {
                name: "aten::div.out",
                args: vec![A::Prev(5), six],
                outs: out(),
            },
        ];
        let case = Case { pool, ops };
        assert!(check(&reg, &case, &format!("hardswish #{variant}")));
        let mut pool = Vec::new();
        let first = conv(&mut pool, variant).unwrap();
        let ops = vec![
            first,
            Op {
                name: "aten::sigmoid.out",
                args: vec![A::Prev(0)],
                outs: out(),
            },
            Op {
                name: "aten::mul.out",
                args: vec![A::Prev(0), A::Prev(1)],
                outs: out(),
            },
        ];
        assert!(check(
            &reg,
            &Case { pool, ops },
            &format!("silu #{variant}")
        ));
    }
}

/// A layout op on pool tensor `x` (of `sizes`, contiguous), giving `out` sizes.
fn layout(name: &'static str, x: A, args: Vec<A>, out: Vec<usize>) -> Op {
    let order = (0..out.len()).collect();
    let mut a = vec![x];
    a.extend(args);
    Op {
        name,
        args: a,
        outs: vec![(out, order)],
    }
}

#[test]
fn layout_ops_read_in_place_by_the_gemm_give_the_ops_bits() {
    let reg = etk::registry();
    let ints = |v: &[i64]| A::Ints(v.to_vec());
    let mut cases = 0;
    // rows: the dot-product path (few rows) and the blocked one
    for m in [1usize, 4, 9, 40] {
        let (k, n) = (24usize, 20usize);
        // linear on a weight that is not a constant: permute_copy(W) -> mm(x, W^T)
        let mut pool = Vec::new();
        let x = push(&mut pool, &[m, k], &[0, 1], 1);
        let w = push(&mut pool, &[n, k], &[0, 1], 2);
        let ops = vec![
            layout(
                "aten::permute_copy.out",
                A::T(w, false),
                vec![ints(&[1, 0])],
                vec![k, n],
            ),
            Op {
                name: "aten::mm.out",
                args: vec![A::T(x, false), A::Prev(0)],
                outs: vec![(vec![m, n], vec![0, 1])],
            },
        ];
        let case = Case { pool, ops };
        assert!(
            check(&reg, &case, &format!("permute -> mm, m {m}")),
            "m {m}"
        );
        // t_copy into addmm's mat2, with a bias and scalars
        let mut pool = Vec::new();
        let bias = push(&mut pool, &[n], &[0], 3);
        let x = push(&mut pool, &[m, k], &[0, 1], 4);
        let w = push(&mut pool, &[n, k], &[0, 1], 5);
        let ops = vec![
            layout("aten::t_copy.out", A::T(w, false), vec![], vec![k, n]),
            Op {
                name: "aten::addmm.out",
                args: vec![
                    A::T(bias, true),
                    A::T(x, false),
                    A::Prev(0),
                    A::S(Scalar::Double(0.5)),
                    A::S(Scalar::Int(2)),
                ],
                outs: vec![(vec![m, n], vec![0, 1])],
            },
        ];
        assert!(check(
            &reg,
            &Case { pool, ops },
            &format!("t -> addmm, m {m}")
        ));
        // the first operand transposed in, and a reshape of the second
        let mut pool = Vec::new();
        let xt = push(&mut pool, &[k, m], &[0, 1], 6);
        let w = push(&mut pool, &[k * n], &[0], 7);
        let ops = vec![
            layout(
                "aten::permute_copy.out",
                A::T(xt, false),
                vec![ints(&[-1, 0])],
                vec![m, k],
            ),
            layout(
                "aten::view_copy.out",
                A::T(w, false),
                vec![ints(&[k as i64, -1])],
                vec![k, n],
            ),
            Op {
                name: "aten::mm.out",
                args: vec![A::Prev(0), A::Prev(1)],
                outs: vec![(vec![m, n], vec![0, 1])],
            },
        ];
        assert!(check(
            &reg,
            &Case { pool, ops },
            &format!("permute, view -> mm, m {m}")
        ));
        // attention: keys transposed and a broadcast batch into bmm
        let b = 3;
        let mut pool = Vec::new();
        let q = push(&mut pool, &[b, m, k], &[0, 1, 2], 8);
        let keys = push(&mut pool, &[b, n, k], &[0, 1, 2], 9);
        let v1 = push(&mut pool, &[1, k, n], &[0, 1, 2], 10);
        let ops = vec![
            layout(
                "aten::permute_copy.out",
                A::T(keys, false),
                vec![ints(&[0, 2, 1])],
                vec![b, k, n],
            ),
            Op {
                name: "aten::bmm.out",
                args: vec![A::T(q, false), A::Prev(0)],
                outs: vec![(vec![b, m, n], vec![0, 1, 2])],
            },
        ];
        assert!(check(
            &reg,
            &Case { pool, ops },
            &format!("permute -> bmm, m {m}")
        ));
        let mut pool2 = Vec::new();
        let q = push(&mut pool2, &[b, m, k], &[0, 1, 2], 11);
        let v1b = push(&mut pool2, &[1, k, n], &[0, 1, 2], 10);
        let _ = v1;
        let ops = vec![
            layout(
                "aten::expand_copy.out",
                A::T(v1b, false),
                vec![ints(&[b as i64, -1, -1]), A::Bool(false)],
                vec![b, k, n],
            ),
            Op {
                name: "aten::bmm.out",
                args: vec![A::T(q, false), A::Prev(0)],
                outs: vec![(vec![b, m, n], vec![0, 1, 2])],
            },
        ];
        assert!(check(
            &reg,
            &Case { pool: pool2, ops },
            &format!("expand -> bmm, m {m}")
        ));
        cases += 5;
    }
    assert_eq!(cases, 20);
}

/// A Float tensor of `sizes` in `order`: [`values`] spread over [-8, 8] (so that `x + 3` meets
/// both clamps), with -inf, the largest finite value, a subnormal and -3 among them.
fn spread(pool: &mut Vec<OwnedTensor>, sizes: &[usize], order: &[usize], seed: u64) -> usize {
    let n: usize = sizes.iter().product();
    let v: Vec<f32> = values(n, seed)
        .iter()
        .enumerate()
        .map(|(i, &x)| match i % 89 {
            7 => f32::NEG_INFINITY,
            13 => f32::MAX,
            17 => -f32::MAX,
            29 => 1e-40,
            31 => -3.0,
            _ => x * 4.0,
        })
        .collect();
    let mut t = OwnedTensor::with_capacity(ScalarType::Float, sizes, order, 0).unwrap();
    t.fill_logical(&v);
    pool.push(t);
    pool.len() - 1
}

#[test]
fn hardswish_and_hardsigmoid_on_their_own_give_the_ops_bits() {
    // as torch exports them: add(x, 3) -> clamp(min=0) -> clamp(max=6) -> [mul(x, .)] -> div(., 6),
    // the whole chain one lane-wise body; and the forms it must not take for one (`mul` of
    // another tensor, a divisor without a usable reciprocal) or takes in part (no `div`).
    let reg = etk::registry();
    let shapes: [(&[usize], &[usize]); 5] = [
        (&[1, 8], &[0, 1]),
        (&[3, 37], &[0, 1]),
        (&[2, 5, 3, 7], &[0, 2, 3, 1]),
        (&[4099], &[0]),
        (&[0, 5], &[0, 1]),
    ];
    for (sizes, order) in shapes {
        for form in 0..6 {
            let mut pool = Vec::new();
            let x = spread(&mut pool, sizes, order, 7 + form as u64);
            let other = spread(&mut pool, sizes, order, 99);
            let three = A::T(push_value(&mut pool, &[], 3.0), true);
            let divisor = match form {
                4 => 0.0,
                5 => 1e-30,
                _ => 6.0,
            };
            let six = A::T(push_value(&mut pool, &[], divisor), true);
            let out = || vec![(sizes.to_vec(), order.to_vec())];
            let op = |name, args| Op {
                name,
                args,
                outs: out(),
            };
            let mut ops = vec![
                op(
                    "aten::add.out",
                    vec![A::T(x, false), three, A::S(Scalar::Int(1))],
                ),
                op(
                    "aten::clamp.out",
                    vec![A::Prev(0), A::S(Scalar::Int(0)), A::None],
                ),
                op(
                    "aten::clamp.out",
                    vec![A::Prev(1), A::None, A::S(Scalar::Int(6))],
                ),
            ];
            // 0: hardswish, 1: hardsigmoid, 2: mul of another tensor, 3: no div, 4 and 5:
            // divisors the multiplication does not serve
            if form != 1 {
                let m = if form == 2 { other } else { x };
                ops.push(op("aten::mul.out", vec![A::T(m, false), A::Prev(2)]));
            }
            if form != 3 {
                let last = ops.len() - 1;
                ops.push(op("aten::div.out", vec![A::Prev(last), six]));
            }
            let case = Case { pool, ops };
            let what = format!("form {form} on {sizes:?} in {order:?}");
            assert!(check(&reg, &case, &what), "{what}: not fused");
        }
    }
}

#[test]
fn batch_norm_then_a_clamp_give_the_ops_bits() {
    // batch norm's affine and a clamp reading it run as one pass, unless a later op reads
    // the affine too
    let reg = etk::registry();
    for &(name, producer) in PRODUCERS {
        for variant in 0.. {
            if producer(&mut Vec::new(), variant).is_none() {
                break;
            }
            for tails in [&[0, 6][..], &[0, 5, 1], &[0, 7, 0, 8], &[0]] {
                let case = chain(producer, variant, tails).unwrap();
                let what = format!("{name} #{variant} + {tails:?}");
                assert!(check(&reg, &case, &what), "{what}: not fused");
            }
        }
    }
    for variant in 0.. {
        let mut pool = Vec::new();
        let Some(first) = conv(&mut pool, variant) else {
            break;
        };
        let (sizes, order) = first.outs[0].clone();
        let bn = tail(0, A::Prev(0), &sizes, &order, &mut pool);
        let relu = tail(5, A::Prev(1), &sizes, &order, &mut pool);
        let mul = Op {
            name: "aten::mul.out",
            args: vec![A::Prev(1), A::Prev(2)],
            outs: vec![(sizes.clone(), order.clone())],
        };
        let case = Case {
            pool,
            ops: vec![first, bn, relu, mul],
        };
        assert!(check(&reg, &case, &format!("bn, relu, mul #{variant}")));
    }
}

#[test]
fn batch_norm_then_a_residual_add_and_a_clamp_give_the_ops_bits() {
    // batch norm, the add of a residual (either side), a clamp: one pass in registers
    let reg = etk::registry();
    for &(name, producer) in PRODUCERS {
        for variant in 0.. {
            if producer(&mut Vec::new(), variant).is_none() {
                break;
            }
            for tails in [&[0, 1, 5][..], &[0, 2, 6], &[0, 1], &[0, 2, 8]] {
                let case = chain(producer, variant, tails).unwrap();
                let what = format!("{name} #{variant} + {tails:?}");
                assert!(check(&reg, &case, &what), "{what}: not fused");
            }
        }
    }
    // channels-last with one channel, fewer than the lanes, and a count that leaves every
    // vector starting at another channel; NCHW planes shorter than a vector
    for sizes in [
        [2, 1, 3, 7],
        [1, 3, 5, 5],
        [1, 17, 3, 5],
        [3, 33, 2, 3],
        [2, 20, 1, 1],
    ] {
        for order in [vec![0, 1, 2, 3], vec![0, 2, 3, 1]] {
            let mut pool = Vec::new();
            let a = push(&mut pool, &sizes, &order, 120);
            let b = push(&mut pool, &sizes, &order, 121);
            let first = Op {
                name: "aten::add.out",
                args: vec![A::T(a, false), A::T(b, false), A::S(Scalar::Int(1))],
                outs: vec![(sizes.to_vec(), order.clone())],
            };
            let mut ops = vec![first];
            for t in [0, 2, 5] {
                let x = A::Prev(ops.len() - 1);
                ops.push(tail(t, x, &sizes, &order, &mut pool));
            }
            let what = format!("{sizes:?} in {order:?}");
            assert!(check(&reg, &Case { pool, ops }, &what), "{what}: not fused");
        }
    }
}

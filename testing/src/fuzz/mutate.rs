//! Random calls and mutations of calls: every `EValue` kind with edge values, tensors of every
//! dtype, ranks 0-6 and 16, sizes 0, 1 and huge, every dim order, outs too small, dynamic with
//! little capacity, of the wrong dtype, read-only or aliasing an input, wrong arity; and the
//! ints of a call set together to zero, huge or negative values beside emptied tensors.

use etk::ScalarType;

use super::args::{Arg, TSpec, numel};

/// xorshift64*: small, fast, and the same sequence on every machine.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n` (0 for `n == 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

pub const EDGE_INTS: &[i64] = &[
    0,
    1,
    -1,
    2,
    -2,
    3,
    4,
    5,
    7,
    8,
    15,
    16,
    17,
    63,
    64,
    255,
    256,
    1 << 31,
    -(1 << 31),
    (1 << 31) - 1,
    1 << 32,
    1 << 40,
    1 << 62,
    i64::MAX,
    i64::MIN,
    i64::MAX - 1,
    i64::MIN + 1,
];

pub const EDGE_DOUBLES: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -2.5,
    2.0,
    3.0,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    1e308,
    -1e308,
    5e-324,
    1e-40,
    3.5e38,
    65504.0,
    65536.0,
    255.0,
    4294967296.0,
    9.3e18,
    -9.3e18,
];

const STRINGS: &[&str] = &[
    "none", "tanh", "sum", "prod", "mean", "amax", "amin", "floor", "trunc", "left", "right",
    "reflect", "", "bogus", "\u{0}x",
];

const SIZES: &[usize] = &[0, 1, 1, 2, 2, 3, 3, 4, 5, 7, 8, 16, 17];

/// Largest number of elements a generated tensor holds (its memory is real).
const MAX_NUMEL: usize = 4096;

pub fn random_dtype(r: &mut Rng) -> ScalarType {
    if r.one_in(8) {
        *r.pick(&ScalarType::ALL)
    } else {
        *r.pick(&ScalarType::REAL)
    }
}

/// Sizes of a random rank (0-6 mostly, sometimes 16), at most `MAX_NUMEL` elements; now and
/// then a zero-element shape with a huge dim, some right at the largest extent a view allows.
pub fn random_sizes(r: &mut Rng, esize: usize) -> Vec<usize> {
    let rank = match r.below(20) {
        0 => 16,
        1 => 0,
        n => 1 + n % 6,
    };
    let mut sizes: Vec<usize> = (0..rank)
        .map(|_| {
            if rank == 16 {
                1 + r.below(2)
            } else {
                *r.pick(SIZES)
            }
        })
        .collect();
    while numel(&sizes) > MAX_NUMEL {
        let i = r.below(sizes.len());
        sizes[i] = sizes[i].div_ceil(2);
    }
    if rank > 0 && r.one_in(12) {
        huge_empty(r, &mut sizes, esize);
    }
    sizes
}

/// One dim 0, another huge: extents at, just under, or far past what a view allows.
pub fn huge_empty(r: &mut Rng, sizes: &mut [usize], esize: usize) {
    let z = r.below(sizes.len());
    sizes[z] = 0;
    let h = r.below(sizes.len());
    let others: usize = sizes
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != h)
        .map(|(_, &s)| s.max(1))
        .fold(1usize, |a, s| a.saturating_mul(s));
    let limit = (isize::MAX as usize / esize.max(1)) / others.max(1);
    sizes[h] = match r.below(5) {
        0 => limit,
        1 => limit.saturating_add(1),
        2 => 1 << 60,
        3 => usize::MAX,
        _ => 1 << (20 + r.below(30)),
    }
    .max(1);
}

pub fn random_dim_order(r: &mut Rng, rank: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..rank).collect();
    match r.below(4) {
        0 | 1 => {}
        2 if rank == 4 => order = vec![0, 2, 3, 1],
        2 if rank == 5 => order = vec![0, 2, 3, 4, 1],
        _ => {
            for i in (1..rank).rev() {
                order.swap(i, r.below(i + 1));
            }
        }
    }
    order
}

/// One element's bytes: small integers mostly (plausible indices), edge values, random bits.
pub fn random_element(r: &mut Rng, dtype: ScalarType) -> Vec<u8> {
    use ScalarType::*;
    let es = dtype.element_size();
    if dtype == Bool {
        return vec![r.below(2) as u8];
    }
    let bits = |r: &mut Rng| r.next_u64().to_le_bytes()[..es.min(8)].to_vec();
    if dtype.is_complex() {
        return (0..es).map(|_| r.below(256) as u8).collect();
    }
    match r.below(10) {
        0 | 1 => bits(r),
        2..=4 => {
            let v = *r.pick(EDGE_DOUBLES);
            float_bytes(dtype, v).unwrap_or_else(|| int_bytes(dtype, *r.pick(EDGE_INTS)))
        }
        _ => {
            let v = r.below(12) as i64 - 3;
            float_bytes(dtype, v as f64).unwrap_or_else(|| int_bytes(dtype, v))
        }
    }
}

fn float_bytes(dtype: ScalarType, v: f64) -> Option<Vec<u8>> {
    use ScalarType::*;
    Some(match dtype {
        Half => half::f16::from_f64(v).to_le_bytes().to_vec(),
        BFloat16 => half::bf16::from_f64(v).to_le_bytes().to_vec(),
        Float => (v as f32).to_le_bytes().to_vec(),
        Double => v.to_le_bytes().to_vec(),
        _ => return None,
    })
}

fn int_bytes(dtype: ScalarType, v: i64) -> Vec<u8> {
    v.to_le_bytes()[..dtype.element_size().min(8)].to_vec()
}

pub fn random_values(r: &mut Rng, dtype: ScalarType, n: usize) -> Vec<u8> {
    let n = n.min(MAX_NUMEL);
    let mut v = Vec::with_capacity(n * dtype.element_size());
    for _ in 0..n {
        v.extend(random_element(r, dtype));
    }
    v
}

pub fn random_tensor(r: &mut Rng) -> TSpec {
    let dtype = random_dtype(r);
    let sizes = random_sizes(r, dtype.element_size());
    tensor_of(r, dtype, sizes)
}

/// A tensor of `dtype` and `sizes` with random values in a random dim order.
pub fn tensor_of(r: &mut Rng, dtype: ScalarType, sizes: Vec<usize>) -> TSpec {
    let order = random_dim_order(r, sizes.len());
    let data = random_values(r, dtype, numel(&sizes));
    TSpec::new(dtype, &sizes, data).order(&order)
}

/// An out: random dtype and shape, static or dynamic with some capacity.
pub fn random_out(r: &mut Rng) -> TSpec {
    let t = random_tensor(r);
    let nbytes = t.nbytes();
    let dynamic = r.one_in(2);
    let cap = if dynamic {
        nbytes.max(r.below(4) * 64)
    } else {
        nbytes
    };
    t.out(cap, dynamic)
}

pub fn random_int_list(r: &mut Rng) -> Vec<i64> {
    let n = match r.below(10) {
        0 => 0,
        1 => 17,
        2 => 100,
        _ => 1 + r.below(4),
    };
    (0..n)
        .map(|_| {
            if r.one_in(3) {
                *r.pick(EDGE_INTS)
            } else {
                r.below(8) as i64 - 3
            }
        })
        .collect()
}

/// Any boxed value.
pub fn random_arg(r: &mut Rng) -> Arg {
    match r.below(16) {
        0 => Arg::None,
        1 | 2 => Arg::Int(if r.one_in(2) {
            *r.pick(EDGE_INTS)
        } else {
            r.below(8) as i64 - 3
        }),
        3 => Arg::Double(*r.pick(EDGE_DOUBLES)),
        4 => Arg::Bool(r.one_in(2)),
        5 => Arg::Str(r.pick(STRINGS).to_string()),
        6 => Arg::IntList(random_int_list(r)),
        7 => Arg::DoubleList((0..r.below(4)).map(|_| *r.pick(EDGE_DOUBLES)).collect()),
        8 => Arg::BoolList((0..r.below(5)).map(|_| r.one_in(2)).collect()),
        9 => Arg::TensorList((0..r.below(4)).map(|_| random_tensor(r)).collect()),
        10 => Arg::OptTensorList(
            (0..r.below(4))
                .map(|_| (!r.one_in(3)).then(|| random_tensor(r)))
                .collect(),
        ),
        11 => Arg::Out(random_out(r)),
        12 => Arg::OutList((0..r.below(4)).map(|_| random_out(r)).collect()),
        _ => Arg::Tensor(random_tensor(r)),
    }
}

/// A random call of `arity` values (inputs then one out, mostly).
pub fn random_call(r: &mut Rng, arity: usize) -> Vec<Arg> {
    let mut args: Vec<Arg> = (0..arity.saturating_sub(1))
        .map(|_| {
            if r.one_in(2) {
                Arg::Tensor(random_tensor(r))
            } else {
                random_arg(r)
            }
        })
        .collect();
    if arity > 0 {
        args.push(if r.one_in(8) {
            random_arg(r)
        } else {
            Arg::Out(random_out(r))
        });
    }
    args
}

fn input_tensor_count(args: &[Arg]) -> usize {
    args.iter()
        .map(|a| match a {
            Arg::Tensor(_) => 1,
            Arg::TensorList(l) => l.len(),
            Arg::OptTensorList(l) => l.iter().flatten().count(),
            _ => 0,
        })
        .sum()
}

/// Applies one to three random mutations to `args`; now and then [`mutate_int_bounds`].
pub fn mutate(r: &mut Rng, args: &mut Vec<Arg>) {
    if r.one_in(8) {
        mutate_int_bounds(r, args);
        return;
    }
    for _ in 0..1 + r.below(3) {
        mutate_once(r, args);
    }
}

/// Int values a kernel may take as a loop bound: zero, huge (products of them overflow) and
/// negative.
const BOUND_INTS: &[i64] = &[
    0,
    0,
    1,
    -1,
    2,
    65536,
    1 << 31,
    1 << 40,
    1 << 61,
    1 << 62,
    i64::MAX,
    i64::MIN,
    -(1 << 40),
];

/// The ints of a call (counts, channels, sizes, repeats, lengths, output sizes: whatever a
/// kernel may loop over) set together to zero, huge or negative values, and often every input
/// tensor emptied (one dim 0, the rank kept), so that checks like `numel == N * C * HxW` pass
/// with `C` huge and only the kernel's own bounds stand between it and a loop of 2^62 steps
/// (issue 28 item 10: `native_group_norm` of a `[2, 4, 0]` input with `C = 2^62`). Each int is
/// changed with probability 1/2, so the call keeps some of its seed's values.
pub fn mutate_int_bounds(r: &mut Rng, args: &mut [Arg]) {
    let empty = r.one_in(2);
    for a in args.iter_mut() {
        match a {
            Arg::Int(v) if r.one_in(2) => *v = *r.pick(BOUND_INTS),
            Arg::IntList(l) => {
                for x in l.iter_mut() {
                    if r.one_in(2) {
                        *x = *r.pick(BOUND_INTS);
                    }
                }
            }
            Arg::Tensor(t) if empty => empty_tensor(r, t),
            Arg::TensorList(l) if empty => l.iter_mut().for_each(|t| empty_tensor(r, t)),
            _ => {}
        }
    }
}

/// One dim of `t` set to 0 (a 0-dim tensor stays as it is).
fn empty_tensor(r: &mut Rng, t: &mut TSpec) {
    if t.sizes.is_empty() {
        return;
    }
    let k = r.below(t.sizes.len());
    t.sizes[k] = 0;
    t.data.clear();
    t.capacity = t.nbytes();
}

fn mutate_once(r: &mut Rng, args: &mut Vec<Arg>) {
    if args.is_empty() || r.one_in(25) {
        let at = r.below(args.len() + 1);
        args.insert(at, random_arg(r));
        return;
    }
    if r.one_in(25) {
        let at = r.below(args.len());
        args.remove(at);
        return;
    }
    let n_inputs = input_tensor_count(args);
    let i = r.below(args.len());
    match &mut args[i] {
        Arg::Tensor(t) => mutate_tensor(r, t),
        Arg::Out(t) => {
            if n_inputs > 0 && r.one_in(6) {
                let spec = t.clone();
                args[i] = Arg::AliasOut {
                    input: r.below(n_inputs),
                    spec,
                };
            } else {
                mutate_out(r, t)
            }
        }
        Arg::AliasOut { spec, .. } => mutate_tensor(r, spec),
        Arg::TensorList(l) | Arg::OutList(l) => match r.below(4) {
            0 => l.push(random_tensor(r)),
            1 if !l.is_empty() => {
                l.remove(r.below(l.len()));
            }
            _ if !l.is_empty() => {
                let k = r.below(l.len());
                mutate_tensor(r, &mut l[k]);
            }
            _ => l.push(random_tensor(r)),
        },
        Arg::OptTensorList(l) => match r.below(3) {
            0 => l.push(None),
            1 if !l.is_empty() => {
                let k = r.below(l.len());
                l[k] = None;
            }
            _ => {
                let k = r.below(l.len() + 1);
                let t = random_tensor(r);
                if k < l.len() {
                    l[k] = Some(t);
                } else {
                    l.push(Some(t));
                }
            }
        },
        Arg::Int(v) => {
            *v = match r.below(3) {
                0 => *r.pick(EDGE_INTS),
                1 => v.wrapping_neg(),
                _ => v.wrapping_add(r.below(5) as i64 - 2),
            }
        }
        Arg::Double(d) => *d = *r.pick(EDGE_DOUBLES),
        Arg::Bool(b) => *b = !*b,
        Arg::IntList(l) => match r.below(5) {
            0 => *l = random_int_list(r),
            1 => l.push(*r.pick(EDGE_INTS)),
            2 if !l.is_empty() => {
                let k = r.below(l.len());
                l[k] = *r.pick(EDGE_INTS);
            }
            3 if !l.is_empty() => {
                let k = r.below(l.len());
                l.push(l[k]);
            }
            _ => {
                l.pop();
            }
        },
        _ => args[i] = random_arg(r),
    }
    // Sometimes the value becomes another kind altogether.
    if r.one_in(12) {
        let k = r.below(args.len());
        args[k] = random_arg(r);
    }
}

/// New dtype, sizes, dim order, huge empty dims, edge values or rank 16.
pub fn mutate_tensor(r: &mut Rng, t: &mut TSpec) {
    let writable = t.writable;
    match r.below(8) {
        0 => {
            t.dtype = random_dtype(r);
            t.data = random_values(r, t.dtype, t.numel());
        }
        1 => t.dim_order = random_dim_order(r, t.sizes.len()),
        2 => {
            t.sizes = random_sizes(r, t.dtype.element_size());
            t.dim_order = random_dim_order(r, t.sizes.len());
            t.data = random_values(r, t.dtype, t.numel());
        }
        3 if !t.sizes.is_empty() => {
            huge_empty(r, &mut t.sizes, t.dtype.element_size());
            t.data.clear();
        }
        4 if t.data.len() >= t.dtype.element_size() => {
            let es = t.dtype.element_size();
            for _ in 0..1 + r.below(4) {
                let k = r.below(t.data.len() / es);
                let e = random_element(r, t.dtype);
                t.data[k * es..(k + 1) * es].copy_from_slice(&e);
            }
        }
        5 => {
            // one dim more or less, values kept where they still fit
            if t.sizes.is_empty() || r.one_in(2) {
                t.sizes.insert(r.below(t.sizes.len() + 1), 1 + r.below(3));
            } else {
                t.sizes.remove(r.below(t.sizes.len()));
            }
            t.dim_order = (0..t.sizes.len()).collect();
            t.data = random_values(r, t.dtype, t.numel());
        }
        6 => {
            t.sizes = vec![1; 16];
            t.sizes[r.below(16)] = 2 + r.below(3);
            t.dim_order = random_dim_order(r, 16);
            t.data = random_values(r, t.dtype, t.numel());
        }
        _ => {
            let k = r.below(t.sizes.len() + 1);
            if k < t.sizes.len() {
                t.sizes[k] = *r.pick(&[0, 1]);
                t.data = random_values(r, t.dtype, t.numel());
            }
        }
    }
    let nbytes = t.nbytes();
    if writable {
        t.capacity = if t.dynamic {
            t.capacity.max(nbytes)
        } else {
            nbytes
        };
    } else {
        t.capacity = nbytes;
    }
}

/// Wrong dtype or shape, too small, dynamic with little room, read-only.
pub fn mutate_out(r: &mut Rng, t: &mut TSpec) {
    let es = t.dtype.element_size();
    match r.below(6) {
        0 => {
            t.dtype = random_dtype(r);
            t.capacity = t
                .nbytes()
                .max((t.capacity / es).saturating_mul(t.dtype.element_size()));
        }
        1 => {
            // dynamic, room for a few elements only
            t.dynamic = true;
            t.sizes = vec![r.below(3)];
            t.dim_order = vec![0];
            t.capacity = r.below(4) * es;
        }
        2 => {
            t.dynamic = !t.dynamic;
        }
        3 => t.writable = false,
        _ => {
            mutate_tensor(r, t);
            t.writable = true;
        }
    }
    if t.capacity < t.nbytes() {
        t.capacity = t.nbytes();
    }
}

//! The padding index maps (reflect, replicate) and the one kernel behind `reflection_pad{1,2,3}d`
//! and `replication_pad{1,2,3}d`.
//!
//! The last `k` dims of `self` are padded; `padding` holds `(left, right)` pairs starting from the
//! last dim, as in ATen. Each out coordinate `o` of a padded dim reads input coordinate
//! `j = o - left`, mapped into `[0, in)`: reflect mirrors about the edges without repeating
//! them (`-1 -> 1`, `in -> in - 2`), replicate clamps. Negative pads crop. ATen's rules, checked
//! in torch 2.13:
//!
//! - `self` has rank `k + 1` or `k + 2` (a batch dim); only the batch dim may be 0.
//! - reflect needs every pad `< in` of its dim (so the mirror lands inside the input).
//! - every out dim `in + left + right` must be `>= 0`, and not all of them 0; pads below -2^62
//!   (not a concrete `SymInt`) are rejected.
//! - dtypes: every real dtype but Bool and the unsigned 16/32/64-bit ones, plus ComplexFloat and
//!   ComplexDouble. The out has `self`'s dtype and shape (resized); any dim order is written.
//!
//! Values only move, so the copy dispatches on the element size, never on the dtype.

use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

/// How an out coordinate outside the input finds its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadMode {
    /// Mirror about the edge element, which is not repeated.
    Reflect,
    /// Repeat the edge element.
    Replicate,
}

/// The input coordinate read by out coordinate `o` of a dim of size `size` padded by `left`
/// on the left. `o - left` is computed in `i128` because pads are arbitrary user `i64`s (a huge
/// negative left pad with a huge right pad still gives a small, valid out). The caller has
/// checked `size >= 1` and, for reflect, `left, right < size`, which keeps the mirrored
/// coordinate inside `[0, size)`.
#[inline]
pub fn source_index(mode: PadMode, o: usize, left: i64, size: usize) -> usize {
    let j = o as i128 - left as i128;
    let last = size as i128 - 1;
    let m = match mode {
        PadMode::Replicate => j.clamp(0, last),
        PadMode::Reflect => {
            let r = if j < 0 { -j } else { j };
            if r > last { 2 * last - r } else { r }
        }
    };
    // Guards the contract above; an out-of-range coordinate is never used to address memory.
    m.clamp(0, last) as usize
}

/// The smallest int a `SymInt` holds as a plain integer.
const MIN_CONCRETE_SYMINT: i64 = -(1 << 62);

fn dtype_supported(dtype: ScalarType) -> bool {
    !matches!(
        dtype,
        ScalarType::Bool
            | ScalarType::UInt16
            | ScalarType::UInt32
            | ScalarType::UInt64
            | ScalarType::ComplexHalf
    )
}

/// `out = pad(self, padding)` over the last `k` dims with `mode`: the whole of
/// `reflection_pad{k}d.out` and `replication_pad{k}d.out`.
pub fn pad_out(
    op: &'static str,
    mode: PadMode,
    k: usize,
    self_: &Tensor<'_>,
    padding: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    if rank != k + 1 && rank != k + 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "self")
            .expected(
                "a tensor of rank (or one more, with a batch dim)",
                Info::Int(k as i64 + 1),
            )
            .got(Info::Int(rank as i64)));
    }
    let first_nonzero = if rank == k + 2 { 1 } else { 0 };
    if self_.sizes()[first_nonzero..].contains(&0) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "self")
            .expected_text("non-zero sizes in every dim but the batch dim")
            .got(Info::Shape(self_.shape())));
    }
    if padding.len() != 2 * k {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "padding")
            .expected("a list of length", Info::Int(2 * k as i64))
            .got(Info::Int(padding.len() as i64)));
    }
    // ATen takes `SymInt[]`: ints below -2^62 are its tags for symbolic values and a concrete
    // call rejects them.
    if let Some(&p) = padding.iter().find(|&&p| p < MIN_CONCRETE_SYMINT) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "padding")
            .expected("pads of at least", Info::Int(MIN_CONCRETE_SYMINT))
            .got(Info::Int(p)));
    }
    if !dtype_supported(self_.dtype()) {
        return Err(Error::new(ErrorKind::InvalidType, op, "self")
            .expected_text("a dtype ATen pads (not Bool, UInt16/32/64 or ComplexHalf)")
            .got(Info::Dtype(self_.dtype())));
    }

    let first = rank - k;
    let mut sizes = [0usize; MAX_DIM];
    sizes[..rank].copy_from_slice(self_.sizes());
    // `lefts[d]` is the left pad of dim `first + d`.
    let mut lefts = [0i64; 3];
    let mut all_zero = true;
    for (d, left_of_dim) in lefts.iter_mut().enumerate().take(k) {
        let dim = first + d;
        let pair = 2 * (k - 1 - d);
        let (left, right) = (padding[pair], padding[pair + 1]);
        let size = self_.size(dim);
        if mode == PadMode::Reflect
            && (left as i128 >= size as i128 || right as i128 >= size as i128)
        {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "padding")
                .expected(
                    "pads smaller than the padded dim's size",
                    Info::Int(size as i64),
                )
                .got(Info::Int(if left as i128 >= size as i128 {
                    left
                } else {
                    right
                })));
        }
        let n = size as i128 + left as i128 + right as i128;
        if n < 0 || n > isize::MAX as i128 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "padding")
                .expected_text("an out size in [0, isize::MAX] for every padded dim")
                .got(Info::Int(n.clamp(i64::MIN as i128, i64::MAX as i128) as i64)));
        }
        all_zero &= n == 0;
        sizes[dim] = n as usize;
        *left_of_dim = left;
    }
    if all_zero {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "padding")
            .expected_text("an out with at least one non-zero padded dim")
            .got(Info::Shape(self_.shape())));
    }
    check_dtype(op, "out", out, self_.dtype())?;
    resize_out(op, out, &sizes[..rank])?;
    if out.numel() == 0 {
        return Ok(());
    }
    let dst = out.as_mut_ptr(op, "out")?;
    let plan = Plan {
        mode,
        rank,
        first,
        lefts,
        in_sizes: self_.sizes(),
        in_strides: self_.strides(),
        out_sizes: out.sizes(),
        out_strides: out.strides(),
    };
    let src = self_.as_ptr();
    // SAFETY (all arms): `src` and `dst` address `self_` and `out`, dense views of the element
    // size matched here; `Plan::run` only forms offsets of in-range indices of each tensor.
    unsafe {
        match self_.element_size() {
            1 => plan.run::<1>(src, dst),
            2 => plan.run::<2>(src, dst),
            4 => plan.run::<4>(src, dst),
            8 => plan.run::<8>(src, dst),
            16 => plan.run::<16>(src, dst),
            _ => return Err(Error::unsupported_dtype(op, "self", self_.dtype())),
        }
    }
    Ok(())
}

struct Plan<'a> {
    mode: PadMode,
    rank: usize,
    first: usize,
    lefts: [i64; 3],
    in_sizes: &'a [usize],
    in_strides: &'a [usize],
    out_sizes: &'a [usize],
    out_strides: &'a [usize],
}

impl Plan<'_> {
    /// Walks every out index (the last dim innermost) and copies its source element.
    ///
    /// # Safety
    /// `src` / `dst` point to dense tensors with `in_*` / `out_*` metadata and `N`-byte elements;
    /// the out is non-empty.
    unsafe fn run<const N: usize>(&self, src: *const u8, dst: *mut u8) {
        let src = src as *const [u8; N];
        let dst = dst as *mut [u8; N];
        let last = self.rank - 1;
        let mut idx = [0usize; MAX_DIM];
        loop {
            // Offsets of the row `idx[..last]` in each tensor.
            let mut in_base = 0usize;
            let mut out_base = 0usize;
            for (d, &i) in idx[..last].iter().enumerate() {
                let j = if d >= self.first {
                    source_index(self.mode, i, self.lefts[d - self.first], self.in_sizes[d])
                } else {
                    i
                };
                in_base += j * self.in_strides[d];
                out_base += i * self.out_strides[d];
            }
            let (w_in, w_out) = (self.in_sizes[last], self.out_sizes[last]);
            let (s_in, s_out) = (self.in_strides[last], self.out_strides[last]);
            let left = self.lefts[last - self.first];
            for o in 0..w_out {
                let j = source_index(self.mode, o, left, w_in);
                // SAFETY: `j < w_in`, `o < w_out` and the row indices are in range.
                unsafe {
                    let v = src.add(in_base + j * s_in).read_unaligned();
                    dst.add(out_base + o * s_out).write_unaligned(v);
                }
            }
            // Advance the row index (dims before the last), odometer style.
            let mut d = last;
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                idx[d] += 1;
                if idx[d] < self.out_sizes[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
    }
}

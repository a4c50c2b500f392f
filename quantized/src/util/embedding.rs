//! The quantized embeddings' shared kernel: rows of an 8-, 4- or 2-bit weight, dequantized
//! group-wise and gathered by index, as ExecuTorch's reference ops compute them (unpack,
//! then torch's `dequantize_per_channel_group`, then `aten::embedding`).
//!
//! Packing (ExecuTorch's): a 4-bit byte holds column `2k` in its high nibble and `2k + 1` in
//! its low nibble (`byte.div(16, trunc)` and `byte.remainder(16)`), values offset by 8; a
//! 2-bit byte holds columns `4k .. 4k + 3` from its lowest bit pair up (`(byte & (3 << 2j))
//! >> 2j`, an arithmetic shift for Char weights), offset by 2.

use crate::util::groups::{Dequant, groups};
use crate::util::{check_float, logical_offset};
use etk_core::element::storer;
use etk_core::iter::CHUNK;
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

/// What [`Embedding::prepare`] found: the out's dtype, the weight's rows and unpacked
/// columns, and the number of columns sharing one scale.
#[derive(Clone, Copy, Debug)]
pub struct Prepared {
    pub to: ScalarType,
    pub rows: usize,
    pub cols: usize,
    pub group_size: usize,
}

/// An embedding call's arguments.
pub struct Embedding<'t, 'a> {
    pub op: &'static str,
    /// Bits per weight value: 8, 4 or 2.
    pub bits: u32,
    pub weight: &'t Tensor<'a>,
    pub weight_scales: &'t Tensor<'a>,
    pub weight_zero_points: Option<&'t Tensor<'a>>,
    pub weight_quant_min: i64,
    pub weight_quant_max: i64,
    pub indices: &'t Tensor<'a>,
    /// The `.dtype` overloads' dtype; `None` means the scales' dtype.
    pub dtype: Option<ScalarType>,
}

impl Embedding<'_, '_> {
    fn checks(&self) -> Result<()> {
        let op = self.op;
        let (w, s) = (self.weight, self.weight_scales);
        if !matches!(w.dtype(), ScalarType::Byte | ScalarType::Char) {
            return Err(Error::dtype(op, "weight", "Byte or Char", w.dtype()));
        }
        if w.dim() != 2 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "weight")
                .expected_text("a 2-D tensor")
                .got(Info::Shape(w.shape())));
        }
        if !matches!(
            s.dtype(),
            ScalarType::Half | ScalarType::Float | ScalarType::BFloat16
        ) {
            return Err(Error::dtype(
                op,
                "weight_scales",
                "Half, Float or BFloat16",
                s.dtype(),
            ));
        }
        for (arg, t) in [
            ("weight_scales", Some(s)),
            ("weight_zero_points", self.weight_zero_points),
        ] {
            if let Some(t) = t
                && (!(1..=2).contains(&t.dim()) || t.size(0) != w.size(0))
            {
                return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                    .expected(
                        "a rank 1 or 2 tensor with one row per weight row; rows:",
                        Info::Int(w.size(0) as i64),
                    )
                    .got(Info::Shape(t.shape())));
            }
        }
        if let Some(z) = self.weight_zero_points
            && z.dtype() != s.dtype()
        {
            return Err(Error::dtype(
                op,
                "weight_zero_points",
                "the dtype of weight_scales",
                z.dtype(),
            ));
        }
        let range = match self.bits {
            4 => Some((-8, 7)),
            2 => Some((-2, 1)),
            _ => None,
        };
        if let Some((lo, hi)) = range {
            if self.weight_quant_min != lo {
                return Err(
                    Error::new(ErrorKind::InvalidArgument, op, "weight_quant_min")
                        .expected("", Info::Int(lo))
                        .got(Info::Int(self.weight_quant_min)),
                );
            }
            if self.weight_quant_max != hi {
                return Err(
                    Error::new(ErrorKind::InvalidArgument, op, "weight_quant_max")
                        .expected("", Info::Int(hi))
                        .got(Info::Int(self.weight_quant_max)),
                );
            }
        }
        if !matches!(self.indices.dtype(), ScalarType::Long | ScalarType::Int) {
            return Err(Error::dtype(
                op,
                "indices",
                "Long or Int",
                self.indices.dtype(),
            ));
        }
        Ok(())
    }

    /// Weight value `col` (unpacked) of row `row`, as the int8 / uint8 torch dequantizes.
    #[inline(always)]
    fn q(&self, base: *const u8, stride: [usize; 2], row: usize, col: usize) -> i64 {
        let per = (8 / self.bits) as usize;
        // SAFETY: `row < rows` and `col / per < packed columns` were checked by the caller.
        let byte = unsafe { *base.add(row * stride[0] + (col / per) * stride[1]) };
        let signed = self.weight.dtype() == ScalarType::Char;
        let j = col % per;
        match self.bits {
            8 => {
                if signed {
                    byte as i8 as i64
                } else {
                    byte as i64
                }
            }
            4 => {
                let v = if signed {
                    let b = byte as i8;
                    if j == 0 { b / 16 } else { b.rem_euclid(16) }
                } else if j == 0 {
                    (byte / 16) as i8
                } else {
                    (byte % 16) as i8
                };
                v as i64 - 8
            }
            _ => {
                let shift = 2 * j as u32;
                let v = if signed {
                    ((byte as i8) & ((3u8 << shift) as i8)) >> shift
                } else {
                    ((byte & (3 << shift)) >> shift) as i8
                };
                v as i64 - 2
            }
        }
    }

    /// Every check of the call, then the out resized to `[*indices.shape, cols]`: what is
    /// left is filling it (the optimized library fills it its own way).
    pub fn prepare(&self, out: &mut Tensor<'_>) -> Result<Prepared> {
        let op = self.op;
        self.checks()?;
        let (w, s) = (self.weight, self.weight_scales);
        let to = self.dtype.unwrap_or(s.dtype());
        check_float(op, "dtype", to)?;
        check_dtype(op, "out", out, to)?;
        let per = (8 / self.bits) as usize;
        let (rows, cols) = (w.size(0), w.size(1).saturating_mul(per));
        // torch: group_size = cols // (scales.size(1) if 2-D else 1), a Python division.
        let per_row = if s.dim() == 2 { s.size(1) } else { 1 };
        if per_row == 0 {
            return Err(Error::invalid(
                op,
                "weight_scales",
                "at least one group per row",
            ));
        }
        let gs_arg = (cols / per_row) as i64;
        let (gs, _) = groups(op, rows, cols, s, self.weight_zero_points, gs_arg)?;
        // indices: every one in range before anything is written.
        let n_idx = self.indices.numel();
        for p in 0..n_idx {
            let i = self
                .indices
                .read::<i64>(logical_offset(self.indices, p))
                .unwrap_or(-1);
            if i < 0 || i as u64 >= rows as u64 {
                return Err(Error::new(ErrorKind::InvalidArgument, op, "indices")
                    .expected("indices in [0, rows), rows", Info::Int(rows as i64))
                    .got(Info::Int(i)));
            }
        }
        let mut shape = [0usize; MAX_DIM];
        let rank = self.indices.dim() + 1;
        if rank > MAX_DIM {
            return Err(Error::invalid(op, "indices", "rank below 16"));
        }
        shape[..rank - 1].copy_from_slice(self.indices.sizes());
        shape[rank - 1] = cols;
        resize_out(op, out, &shape[..rank])?;
        Ok(Prepared {
            to,
            rows,
            cols,
            group_size: gs,
        })
    }

    /// Runs the call (the reference kernel).
    pub fn run(&self, out: &mut Tensor<'_>) -> Result<()> {
        let op = self.op;
        let Prepared {
            to,
            cols,
            group_size: gs,
            ..
        } = self.prepare(out)?;
        let w = self.weight;
        let s = self.weight_scales;
        let n_idx = self.indices.numel();
        let rank = self.indices.dim() + 1;
        let store = storer::<f64>(to).ok_or(Error::unsupported_dtype(op, "out", to))?;
        // torch views the unpacked 4- and 2-bit values as int8.
        let qdtype = if self.bits == 8 {
            w.dtype()
        } else {
            ScalarType::Char
        };
        let d = Dequant::new(qdtype, s, self.weight_zero_points);
        let groups_per_row = cols / gs.max(1);
        let stride = [w.strides()[0], w.strides()[1]];
        let (base, esz) = (w.as_ptr(), to.element_size());
        let last_stride = out.strides()[rank - 1] as isize;
        let dst = out.as_mut_ptr(op, "out")?;
        let mut buf = [0f64; CHUNK];
        for p in 0..n_idx {
            let row = self
                .indices
                .read::<i64>(logical_offset(self.indices, p))
                .unwrap_or(0) as usize;
            let row_off = logical_offset(out, p * cols);
            let mut c0 = 0;
            while c0 < cols {
                let n = (cols - c0).min(CHUNK);
                let mut last = (usize::MAX, 0.0, 0i64, 0.0);
                for (k, v) in buf[..n].iter_mut().enumerate() {
                    let c = c0 + k;
                    let g = row * groups_per_row + c / gs;
                    if g != last.0 {
                        last = d.params(g);
                    }
                    *v = d.value(self.q(base, stride, row, c), last.1, last.2, last.3);
                }
                // SAFETY: the out was resized to `[*indices.shape, cols]`; this run of `n`
                // elements of row `p` lies within it.
                unsafe {
                    store(
                        dst.add((row_off + c0 * last_stride as usize) * esz),
                        last_stride,
                        &buf[..n],
                    )
                };
                c0 += n;
            }
        }
        Ok(())
    }
}

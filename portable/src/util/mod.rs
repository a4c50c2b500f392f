//! The shared mechanics every portable kernel reuses; the strided iteration itself lives in
//! `etk_core::iter`.
//!
//! - [`dispatch`]: the compute type of a dtype (`i64`, `f32`, `f64`) and the math on it.
//! - [`pointwise`]: ATen's dtype and shape rules for pointwise ops (promotion, broadcast
//!   resizing, dtype checks) and the per-element adapters for `etk_core::iter`'s maps.
//! - [`scalar`]: Scalars converted as c10 converts them, with its overflow check.
//! - [`copy`]: `static_cast` copies (clone, `_to_copy`, copy, the `*_copy` ops).
//! - [`index`]: index tensors, element moves by size, the odometer walk; [`scatter`]: the
//!   scatter/gather shape rules and reductions; [`advanced`]: ATen's advanced indexing;
//!   [`sort`]: the stable merge sort of rows behind `sort` and `topk`.
//! - [`movement`]: views over a tensor's memory (permute, select, slice, expand, ...) and
//!   the one strided copy that moves their elements; the shape, copy and view-like ops.
//! - [`moments`]: the mean/variance algorithms of ATen's var and norm kernels (Welford, its
//!   vectorized row form, sums), each with its kernel's NaN and infinity behaviour.
//! - [`random`]: the random kernels' fill of float components and normal draws.
//! - [`fft`]: discrete Fourier transforms of any length (mixed radix, Bluestein) and the
//!   tensor-level loads and stores of the real FFT ops.
//! - [`pad`]: the reflect / replicate padding index maps and the padding kernel.
//! - [`conv`]: convolution geometry (checks, output size, tap positions) shared by the
//!   forward and backward convolution.
//! - [`window`]: sliding-window arithmetic (parameter lists, output sizes, pooling windows)
//!   shared by convolution and pooling; [`pool`]: the max / average / adaptive pooling kernels.
//! - [`resample`]: ATen's interpolation coordinate maps and the upsampling shape rules.
//! - [`matmul`]: the strided matrix product and the checks `mm`, `bmm`, `addmm` and `linear`
//!   share.
//! - [`variance`]: the variance kernel of `var` and `var_mean`; [`extreme`]: the max/min,
//!   argmax/argmin and amax/amin kernels; [`clamp`]: Scalar-bound clamping (clamp, relu,
//!   hardtanh); [`division`]: `div`'s rounding modes (also `floor_divide`); [`region`]: slice
//!   bounds and the `*_scatter` contract; [`shuffle`]: pixel (un)shuffle's views; [`search`]:
//!   searchsorted (also `bucketize`).
//! - [`unary`], [`arith`], [`compare`]: the shapes of the unary, binary arithmetic and
//!   comparison/bitwise/logical families, each op file supplying its elementwise rule.

pub mod access;
pub mod advanced;
pub mod arith;
pub mod clamp;
pub mod compare;
pub mod complex;
pub mod complex_math;
pub mod conv;
pub mod copy;
pub mod dispatch;
pub mod dist;
pub mod division;
pub mod extreme;
pub mod fft;
pub mod index;
pub mod matmul;
pub mod moments;
pub mod movement;
pub mod norm;
pub mod pad;
pub mod pointwise;
pub mod pool;
pub mod random;
pub mod reduce;
pub mod region;
pub mod resample;
pub mod scalar;
pub mod scatter;
pub mod search;
pub mod shuffle;
pub mod sort;
pub mod unary;
pub mod variance;
pub mod window;

//! One module per operator.

/// The six comparisons share one body: the frame's compare (Float, Half and BFloat16 in f32,
/// the integer dtypes, into a Bool out) for `OP.Tensor_out` and `OP.Scalar_out`, portable's kernel
/// when the frame declines. Names are spelled out so that `grep` finds every definition.
macro_rules! comparison {
    ($op:ident, $cmp:ident, $tensor_out:ident, $scalar_out:ident, $tensor_boxed:ident, $scalar_boxed:ident) => {
        use crate::pointwise::bodies::{Cmp, Compare};
        use crate::pointwise::entry::{compare_scalar, compare_tensors};
        use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
        use etk_portable::ops::$op as portable;

        pub const OP_TENSOR: &str = concat!("aten::", stringify!($op), ".Tensor_out");
        pub const OP_SCALAR: &str = concat!("aten::", stringify!($op), ".Scalar_out");

        const C: Compare<{ Cmp::$cmp.code() }> = Compare;

        pub fn $tensor_out(
            ctx: &mut KernelContext<'_>,
            self_: &Tensor<'_>,
            other: &Tensor<'_>,
            out: &mut Tensor<'_>,
        ) -> Result<()> {
            match compare_tensors(ctx, OP_TENSOR, C, self_, other, out) {
                Some(r) => r,
                None => portable::$tensor_out(ctx, self_, other, out),
            }
        }

        pub fn $scalar_out(
            ctx: &mut KernelContext<'_>,
            self_: &Tensor<'_>,
            other: Scalar,
            out: &mut Tensor<'_>,
        ) -> Result<()> {
            match compare_scalar(ctx, OP_SCALAR, C, self_, &other, out) {
                Some(r) => r,
                None => portable::$scalar_out(ctx, self_, other, out),
            }
        }

        boxed_kernel!(pub fn $tensor_boxed = OP_TENSOR => $tensor_out(self_: &Tensor, other: &Tensor) -> (out));
        boxed_kernel!(pub fn $scalar_boxed = OP_SCALAR => $scalar_out(self_: &Tensor, other: Scalar) -> (out));
    };
}

// linalg (on the packed GEMM; see `crate::gemm`)
pub mod addmm;
pub mod bmm;
pub mod convolution;
pub mod linear;
pub mod mm;

// normalization and softmax (on `crate::norm`)
pub mod _log_softmax;
pub mod _native_batch_norm_legit_no_training;
pub mod _softmax;
pub mod native_group_norm;
pub mod native_layer_norm;

// pooling and resampling (on `crate::pool`)
pub mod _adaptive_avg_pool2d;
pub mod avg_pool2d;
pub mod grid_sampler_2d;
pub mod max_pool2d_with_indices;
pub mod upsample_bilinear2d;

// quantized (vector paths over `crate::quantized`; the reference is etk-quantized)
pub mod dequantize_per_channel;
pub mod dequantize_per_tensor;
pub mod embedding_4bit;
pub mod embedding_byte;
pub mod quantize_per_channel;
pub mod quantize_per_tensor;

// movement (portable's shape and copy ops on the movement engine; see `crate::movement`)
pub mod cat;
pub mod clone;
pub mod clone_dim_order;
pub mod constant_pad_nd;
pub mod embedding;
pub mod expand_copy;
pub mod index;
pub mod index_put;
pub mod index_select;
pub mod permute_copy;
pub mod pixel_shuffle;
pub mod pixel_unshuffle;
pub mod select_copy;
pub mod slice_copy;
pub mod split_copy;
pub mod split_with_sizes_copy;
pub mod squeeze_copy;
pub mod stack;
pub mod t_copy;
pub mod to_dim_order_copy;
pub mod transpose_copy;
pub mod unsqueeze_copy;
pub mod upsample_nearest2d;
pub mod view_copy;

// reductions (on `crate::reduce`)
pub mod amax;
pub mod amin;
pub mod any;
pub mod argmax;
pub mod argmin;
pub mod mean;
pub mod sum;
pub mod var;
pub mod var_mean;

// spectral (on `crate::fft`)
pub mod fft_c2r;
pub mod fft_r2c;

// pointwise (the optimized pointwise family; see `crate::pointwise`)
pub mod abs;
pub mod add;
pub mod clamp;
pub mod div;
pub mod elu;
pub mod eq;
pub mod erf;
pub mod exp;
pub mod ge;
pub mod gelu;
pub mod gt;
pub mod hardtanh;
pub mod le;
pub mod leaky_relu;
pub mod log;
pub mod lt;
pub mod maximum;
pub mod minimum;
pub mod mul;
pub mod ne;
pub mod neg;
pub mod relu;
pub mod rsqrt;
pub mod sigmoid;
pub mod sqrt;
pub mod sub;
pub mod tanh;
pub mod to_copy;
pub mod where_;

//! Every op's generator, by name: the families' tables (`harness_<family>.rs`) in turn.

use crate::harness::tensors::Gen;

/// The generator for an op, by full name. A new kernel needs an entry in its family's table.
pub fn generator(name: &str) -> Option<Gen> {
    crate::harness_pointwise::generator(name)
        .or_else(|| crate::harness_gemm::generator(name))
        .or_else(|| crate::harness_quantized::generator(name))
        .or_else(|| crate::harness_conv::generator(name))
        .or_else(|| crate::harness_norm::generator(name))
        .or_else(|| crate::harness_movement::generator(name))
        .or_else(|| crate::harness_pool::generator(name))
        .or_else(|| crate::harness_reduce::generator(name))
        .or_else(|| crate::harness_activation::generator(name))
        .or_else(|| crate::harness_fft::generator(name))
}

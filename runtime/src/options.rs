//! The settings of preparing a method ([`Options`]), read by `method` and `prepared`.

/// Limits and settings for preparing a method.
///
/// Folding, prepared kernels and fusion are each exact (the outputs are bit-identical with or
/// without them, on the same registry) and on by default; each can be turned off, to bisect a
/// difference or measure what it gains. Fusions a library declares inexact are off unless
/// `fuse_inexact` asks for them.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most bytes the method may allocate: planned memory, buffers for tensors set at run
    /// time, folded constants, and its value table (whose length a file sets).
    pub max_planned_bytes: usize,
    /// Stop `execute` with an error after this many instructions (a guard against programs
    /// whose jumps never end); `None` for no limit.
    pub max_instructions: Option<u64>,
    /// Run kernel calls whose inputs are all constants once, at prepare (see `fold::Folded`).
    pub fold: bool,
    /// Let libraries prepare kernel calls (`etk_core::prepare`): packed constant weights.
    pub prepack: bool,
    /// Let libraries run chains of kernel calls as one (`etk_core::prepare::FusionEntry`).
    pub fuse: bool,
    /// Also the fusions a library declares inexact (`FusionEntry::exact` false: the
    /// optimized library's int8 quantized chains, within one quantization step of the ops one
    /// by one). Off by default: the only option that changes outputs.
    pub fuse_inexact: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            // 4 GiB, or what a 32-bit target can address.
            max_planned_bytes: usize::try_from(1u64 << 32).unwrap_or(usize::MAX),
            max_instructions: None,
            fold: true,
            prepack: true,
            fuse: true,
            fuse_inexact: false,
        }
    }
}

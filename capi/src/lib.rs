//! etk-capi: etk from C. The kernels of etk's default registry (optimized over portable, plus
//! quantized kernels and prim ops) and etk's runtime for ExecuTorch programs (`.pte`), behind
//! a C ABI whose header is `include/etk.h` (generated from this crate by cbindgen;
//! `tests/header.rs` checks it is fresh).
//!
//! - **Kernels**: [`etk_kernel_count`], [`etk_kernel_name`], [`etk_kernel_find`], and
//!   [`etk_kernel_call`], which takes a stack of [`etk_value`] pointers in ExecuTorch's
//!   convention: the schema's arguments, then one slot per return (an out variant's outs come
//!   twice, as the same pointer; several outs may instead be returned as one trailing tensor
//!   list of them). Tensors are [`etk_tensor`]s (dtype in c10's codes, sizes, dim order, shape
//!   dynamism, capacity, writable); an [`etk_context`] gives scratch memory, a parallel-for
//!   callback (the host's threads run etk's tasks), a resize callback (the host follows and
//!   bounds dynamic outs), the random state and an error message buffer.
//! - **Programs**: [`etk_program_load`], [`etk_method_prepare`], [`etk_method_set_input`],
//!   [`etk_method_execute`], [`etk_method_output_tensor`]: etk's runtime through
//!   `etk-runtime`'s public API.
//!
//! Every function returns an [`etk_status`] whose numbers are ExecuTorch's `Error` codes, and
//! writes a message for the last failure on the calling thread ([`etk_last_error`]). Bad
//! input — null pointers, wrong tags, short stacks, bad dtype codes, negative or overflowing
//! sizes — is an error, never a crash; no panic unwinds across the boundary (each entry catches
//! one and reports [`ETK_INTERNAL`]). What cannot be checked is the caller's promise: pointers
//! point to what the header says, data pointers to `capacity` bytes.
#![allow(non_camel_case_types)]

mod call;
mod context;
mod convert;
mod kernels;
mod program;
mod status;

pub use context::{etk_context, etk_context_default, etk_parallel_fn, etk_resize_fn, etk_task_fn};
pub use kernels::{
    etk_abi_version, etk_kernel_call, etk_kernel_count, etk_kernel_find, etk_kernel_name,
};
pub use program::{
    etk_method, etk_method_execute, etk_method_free, etk_method_input_tensor,
    etk_method_num_inputs, etk_method_num_outputs, etk_method_options, etk_method_output_scalar,
    etk_method_output_tag, etk_method_output_tensor, etk_method_prepare, etk_method_set_input,
    etk_program, etk_program_free, etk_program_load, etk_program_load_file,
};
pub use status::*;

use core::ffi::{c_char, c_void};

/// The version of this ABI: changes whenever a struct's layout or a function's meaning does.
pub const ETK_ABI_VERSION: u32 = 1;

/// The largest rank a tensor may have.
pub const ETK_MAX_DIM: usize = 16;
const _: () = assert!(ETK_MAX_DIM == etk::MAX_DIM);

/// What an [`etk_value`] holds: ExecuTorch's `Tag` numbers.
pub type etk_tag = u32;
pub const ETK_TAG_NONE: etk_tag = 0;
pub const ETK_TAG_TENSOR: etk_tag = 1;
pub const ETK_TAG_STRING: etk_tag = 2;
pub const ETK_TAG_DOUBLE: etk_tag = 3;
pub const ETK_TAG_INT: etk_tag = 4;
pub const ETK_TAG_BOOL: etk_tag = 5;
pub const ETK_TAG_LIST_BOOL: etk_tag = 6;
pub const ETK_TAG_LIST_DOUBLE: etk_tag = 7;
pub const ETK_TAG_LIST_INT: etk_tag = 8;
pub const ETK_TAG_LIST_TENSOR: etk_tag = 9;
/// Not accepted: no etk kernel takes a list of scalars.
pub const ETK_TAG_LIST_SCALAR: etk_tag = 10;
pub const ETK_TAG_LIST_OPTIONAL_TENSOR: etk_tag = 11;

/// Element types: c10's `ScalarType` codes.
pub type etk_dtype = i32;
pub const ETK_DTYPE_BYTE: etk_dtype = 0;
pub const ETK_DTYPE_CHAR: etk_dtype = 1;
pub const ETK_DTYPE_SHORT: etk_dtype = 2;
pub const ETK_DTYPE_INT: etk_dtype = 3;
pub const ETK_DTYPE_LONG: etk_dtype = 4;
pub const ETK_DTYPE_HALF: etk_dtype = 5;
pub const ETK_DTYPE_FLOAT: etk_dtype = 6;
pub const ETK_DTYPE_DOUBLE: etk_dtype = 7;
pub const ETK_DTYPE_COMPLEX_HALF: etk_dtype = 8;
pub const ETK_DTYPE_COMPLEX_FLOAT: etk_dtype = 9;
pub const ETK_DTYPE_COMPLEX_DOUBLE: etk_dtype = 10;
pub const ETK_DTYPE_BOOL: etk_dtype = 11;
pub const ETK_DTYPE_BFLOAT16: etk_dtype = 15;
pub const ETK_DTYPE_UINT16: etk_dtype = 27;
pub const ETK_DTYPE_UINT32: etk_dtype = 28;
pub const ETK_DTYPE_UINT64: etk_dtype = 29;

/// Whether a kernel may resize an out: ExecuTorch's `TensorShapeDynamism` numbers. etk never
/// reallocates, so a dynamic out of either kind grows only within its capacity (or as far as
/// the context's resize callback lets it).
pub type etk_dynamism = u32;
pub const ETK_STATIC: etk_dynamism = 0;
pub const ETK_DYNAMIC_BOUND: etk_dynamism = 1;
pub const ETK_DYNAMIC_UNBOUND: etk_dynamism = 2;

/// A dense tensor over memory the caller owns. A kernel writes only tensors marked writable
/// and, after a call, etk writes back the metadata of those that changed: sizes (a dynamic out
/// resized), and data and capacity (an out that became a view of another tensor's memory,
/// as `executorch_prim::et_view` makes).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_tensor {
    /// The first element in memory; null only when the tensor has no elements.
    pub data: *mut c_void,
    /// Bytes available at `data`: at least the elements' bytes; a dynamic out may grow into
    /// all of it.
    pub capacity: usize,
    /// The sizes of the `dim` logical dims (entries past `dim` are ignored).
    pub sizes: [i64; ETK_MAX_DIM],
    /// The dims from outermost to innermost in memory: `0, 1, ..., dim - 1` is contiguous,
    /// `0, 2, 3, 1` channels-last.
    pub dim_order: [u8; ETK_MAX_DIM],
    pub dim: u32,
    pub dtype: etk_dtype,
    pub dynamism: etk_dynamism,
    /// Nonzero when kernels may write the tensor (an out, or `self` of an in-place op).
    pub writable: u32,
    /// The caller's own handle for this tensor: etk never reads it (a resize callback can).
    pub host: *mut c_void,
}

/// A string argument (not NUL-terminated; UTF-8).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_string {
    pub data: *const c_char,
    pub len: usize,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_int_list {
    pub items: *const i64,
    pub len: usize,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_double_list {
    pub items: *const f64,
    pub len: usize,
}

/// Bools as bytes, each 0 or 1.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_bool_list {
    pub items: *const u8,
    pub len: usize,
}

/// Tensors by pointer, so that one tensor can appear in several places (a list member that is
/// also an argument). In an optional tensor list a null entry is None.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_tensor_list {
    pub items: *const *mut etk_tensor,
    pub len: usize,
}

/// What an [`etk_value`] carries; the tag says which member.
#[repr(C)]
#[derive(Clone, Copy)]
pub union etk_payload {
    pub as_int: i64,
    pub as_double: f64,
    /// 0 or 1 (any other byte reads as true).
    pub as_bool: u8,
    pub as_tensor: *mut etk_tensor,
    pub as_string: etk_string,
    pub as_int_list: etk_int_list,
    pub as_double_list: etk_double_list,
    pub as_bool_list: etk_bool_list,
    /// For `ETK_TAG_LIST_TENSOR` and `ETK_TAG_LIST_OPTIONAL_TENSOR`.
    pub as_tensor_list: etk_tensor_list,
}

/// A boxed argument or result, as ExecuTorch's `EValue`: a tag and a payload. A kernel that
/// returns a scalar (`aten::sym_size.int`, `executorch_prim::add.Scalar`) writes it, tag and
/// payload, into the value of its return slot.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct etk_value {
    pub tag: etk_tag,
    pub payload: etk_payload,
}

/// The message of the last call that failed on this thread (empty if none has), NUL-terminated
/// and valid until the next failing call on this thread.
#[unsafe(no_mangle)]
pub extern "C" fn etk_last_error() -> *const c_char {
    status::last_error_ptr()
}

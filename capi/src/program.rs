//! Programs from C: load a `.pte`, prepare a method on etk's default registry, set its inputs,
//! execute it, read its outputs, through `etk-runtime`'s public API.

use crate::context::{Host, etk_context};
use crate::convert;
use crate::status::{ETK_INVALID_TYPE, Failure, etk_status, guard, guard_plain};
use crate::{
    ETK_TAG_BOOL, ETK_TAG_DOUBLE, ETK_TAG_INT, ETK_TAG_LIST_BOOL, ETK_TAG_LIST_DOUBLE,
    ETK_TAG_LIST_INT, ETK_TAG_LIST_OPTIONAL_TENSOR, ETK_TAG_LIST_TENSOR, ETK_TAG_NONE,
    ETK_TAG_STRING, ETK_TAG_TENSOR, etk_tag, etk_tensor, etk_value,
};
use core::ffi::{CStr, c_char};
use etk::{Scalar, Tensor};
use etk_runtime::{Method, Options, Program, ValueKind};
use std::sync::Arc;

/// Scratch memory a method gives its kernels when the caller's context has none.
const DEFAULT_SCRATCH: usize = 32 << 20;

/// A program file's bytes, copied once into 64-byte aligned memory (constants are used in
/// place where aligned) and shared by the program and its methods.
struct Bytes {
    blocks: Vec<Block>,
    len: usize,
}

#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Block([u8; 64]);

impl Bytes {
    fn copy(data: &[u8]) -> Arc<Bytes> {
        let mut blocks = vec![Block([0; 64]); data.len().div_ceil(64)];
        for (b, chunk) in blocks.iter_mut().zip(data.chunks(64)) {
            b.0[..chunk.len()].copy_from_slice(chunk);
        }
        Arc::new(Bytes {
            blocks,
            len: data.len(),
        })
    }

    /// The bytes, for as long as the `Arc` that holds them lives.
    ///
    /// # Safety
    /// The caller keeps a clone of the `Arc` alive for as long as it uses the slice.
    unsafe fn as_static(&self) -> &'static [u8] {
        // SAFETY: `len` bytes of the blocks, which are heap memory that never moves or
        // changes; the caller keeps them alive.
        unsafe { core::slice::from_raw_parts(self.blocks.as_ptr().cast::<u8>(), self.len) }
    }
}

/// A loaded program. Its methods keep its bytes alive, so it may be freed before them.
pub struct etk_program {
    // Declared before the bytes it borrows, so it is dropped first.
    program: Program<'static>,
    bytes: Arc<Bytes>,
}

/// A prepared method: planned memory allocated, operators resolved. Not for use from two
/// threads at once.
pub struct etk_method {
    method: Method<'static>,
    /// For a context without scratch memory; allocated on the first such call.
    scratch: Vec<u8>,
    _bytes: Arc<Bytes>,
}

/// Limits for preparing a method; zero means the default.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_method_options {
    /// The most bytes the method may allocate (planned memory and its tables); default 4 GiB.
    pub max_planned_bytes: usize,
    /// Stop `etk_method_execute` with an error after this many instructions (a guard against
    /// programs whose jumps never end); default no limit.
    pub max_instructions: u64,
}

fn out_ptr<T>(p: *mut T, what: &str) -> Result<*mut T, Failure> {
    if p.is_null() {
        Err(Failure::invalid(format!("{what}: null pointer")))
    } else {
        Ok(p)
    }
}

fn load(data: &[u8], out: *mut *mut etk_program) -> Result<(), Failure> {
    let out = out_ptr(out, "etk_program_load: out")?;
    let bytes = Bytes::copy(data);
    // SAFETY: the program keeps `bytes` alive.
    let program = Program::load(unsafe { bytes.as_static() })?;
    let p = Box::new(etk_program { program, bytes });
    // SAFETY: checked non-null; the caller's promise.
    unsafe { *out = Box::into_raw(p) };
    Ok(())
}

/// Loads a program from `len` bytes at `data` (copied: the caller may free them) and stores
/// it in `*out`; free it with `etk_program_free`.
///
/// # Safety
/// `data` must point to `len` readable bytes (or be null), `out` be null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_program_load(
    data: *const u8,
    len: usize,
    out: *mut *mut etk_program,
) -> etk_status {
    guard_plain(|| {
        // SAFETY: the caller's promise.
        let data = unsafe { convert::slice(data, len, &|| "etk_program_load: data".into()) }?;
        load(data, out)
    })
}

/// Loads the program file at `path` (NUL-terminated) into `*out`.
///
/// # Safety
/// `path` must be null or NUL-terminated; `out` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_program_load_file(
    path: *const c_char,
    out: *mut *mut etk_program,
) -> etk_status {
    guard_plain(|| {
        if path.is_null() {
            return Err(Failure::invalid("etk_program_load_file: null path"));
        }
        // SAFETY: the caller's promise.
        let path = unsafe { CStr::from_ptr(path) }
            .to_string_lossy()
            .into_owned();
        let bytes = std::fs::read(&path)
            .map_err(|e| Failure::new(crate::ETK_NOT_FOUND, format!("cannot read {path}: {e}")))?;
        load(&bytes, out)
    })
}

/// Frees a program (null is ignored). Its methods stay usable.
///
/// # Safety
/// `program` must be null or from `etk_program_load*`, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_program_free(program: *mut etk_program) {
    if !program.is_null() {
        // SAFETY: the caller's promise; dropping cannot panic (plain memory).
        drop(unsafe { Box::from_raw(program) });
    }
}

/// Prepares method `name` (NUL-terminated; null for `forward`) of `program` on etk's default
/// kernels and stores it in `*out`; `options` may be null. Every operator the method names
/// that etk lacks is reported in one message (`ETK_OPERATOR_MISSING`).
///
/// # Safety
/// `program` null or valid; `name` null or NUL-terminated; `options` null or valid; `out` null
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_prepare(
    program: *const etk_program,
    name: *const c_char,
    options: *const etk_method_options,
    out: *mut *mut etk_method,
) -> etk_status {
    guard_plain(|| {
        if program.is_null() {
            return Err(Failure::invalid("etk_method_prepare: null program"));
        }
        let out = out_ptr(out, "etk_method_prepare: out")?;
        // SAFETY: the caller's promise.
        let p = unsafe { &*program };
        let name = if name.is_null() {
            "forward".to_string()
        } else {
            // SAFETY: the caller's promise.
            unsafe { CStr::from_ptr(name) }
                .to_string_lossy()
                .into_owned()
        };
        let mut opts = Options::default();
        if !options.is_null() {
            // SAFETY: the caller's promise.
            let o = unsafe { *options };
            if o.max_planned_bytes != 0 {
                opts.max_planned_bytes = o.max_planned_bytes;
            }
            if o.max_instructions != 0 {
                opts.max_instructions = Some(o.max_instructions);
            }
        }
        etk::init();
        let method = Method::prepare_with(&p.program, &name, &etk::registry(), &opts, Vec::new())?;
        let m = Box::new(etk_method {
            method,
            scratch: Vec::new(),
            _bytes: p.bytes.clone(),
        });
        // SAFETY: checked non-null; the caller's promise.
        unsafe { *out = Box::into_raw(m) };
        Ok(())
    })
}

/// Frees a method (null is ignored).
///
/// # Safety
/// `method` must be null or from `etk_method_prepare`, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_free(method: *mut etk_method) {
    if !method.is_null() {
        // SAFETY: the caller's promise.
        drop(unsafe { Box::from_raw(method) });
    }
}

/// The method's number of inputs (0 for null).
///
/// # Safety
/// `method` null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_num_inputs(method: *const etk_method) -> usize {
    // SAFETY: the caller's promise.
    unsafe { method.as_ref() }.map_or(0, |m| m.method.num_inputs())
}

/// The method's number of outputs (0 for null).
///
/// # Safety
/// `method` null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_num_outputs(method: *const etk_method) -> usize {
    // SAFETY: the caller's promise.
    unsafe { method.as_ref() }.map_or(0, |m| m.method.num_outputs())
}

fn method_ref<'m>(m: *const etk_method, what: &str) -> Result<&'m etk_method, Failure> {
    // SAFETY: the caller's promise (null or valid).
    unsafe { m.as_ref() }.ok_or_else(|| Failure::invalid(format!("{what}: null method")))
}

fn method_mut<'m>(m: *mut etk_method, what: &str) -> Result<&'m mut etk_method, Failure> {
    // SAFETY: the caller's promise (null or valid, used by one thread).
    unsafe { m.as_mut() }.ok_or_else(|| Failure::invalid(format!("{what}: null method")))
}

fn tag_of(kind: ValueKind) -> etk_tag {
    match kind {
        ValueKind::None => ETK_TAG_NONE,
        ValueKind::Int => ETK_TAG_INT,
        ValueKind::Double => ETK_TAG_DOUBLE,
        ValueKind::Bool => ETK_TAG_BOOL,
        ValueKind::String => ETK_TAG_STRING,
        ValueKind::Tensor => ETK_TAG_TENSOR,
        ValueKind::IntList => ETK_TAG_LIST_INT,
        ValueKind::DoubleList => ETK_TAG_LIST_DOUBLE,
        ValueKind::BoolList => ETK_TAG_LIST_BOOL,
        ValueKind::TensorList => ETK_TAG_LIST_TENSOR,
        ValueKind::OptionalTensorList => ETK_TAG_LIST_OPTIONAL_TENSOR,
    }
}

/// A read-only C tensor describing a view of the method's memory.
fn describe(t: &Tensor<'_>, out: *mut etk_tensor) -> Result<(), Failure> {
    let out = out_ptr(out, "tensor out")?;
    let mut c = crate::etk_tensor {
        data: core::ptr::null_mut(),
        capacity: 0,
        sizes: [0; crate::ETK_MAX_DIM],
        dim_order: [0; crate::ETK_MAX_DIM],
        dim: 0,
        dtype: 0,
        dynamism: crate::ETK_STATIC,
        writable: 0,
        host: core::ptr::null_mut(),
    };
    convert::store_meta(&mut c, t);
    c.capacity = t.nbytes();
    // SAFETY: checked non-null; the caller's promise.
    unsafe { *out = c };
    Ok(())
}

/// Describes tensor input `i` as the method holds it now (dtype, sizes, dim order: how to lay
/// out the data for `etk_method_set_input`). Its data pointer is the method's memory: read-only.
///
/// # Safety
/// `method` null or valid; `out` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_input_tensor(
    method: *const etk_method,
    i: usize,
    out: *mut etk_tensor,
) -> etk_status {
    guard_plain(|| {
        let m = method_ref(method, "etk_method_input_tensor")?;
        describe(&m.method.input(i)?, out)
    })
}

/// Sets input `i`: a tensor (copied into the method; its dtype and dim order must be the
/// program's, its sizes within the program's bounds) or an Int, Double or Bool (which must be
/// the value the program was exported with).
///
/// # Safety
/// `method` null or valid; `value` null or a valid value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_set_input(
    method: *mut etk_method,
    i: usize,
    value: *const etk_value,
) -> etk_status {
    guard_plain(|| {
        let m = method_mut(method, "etk_method_set_input")?;
        if value.is_null() {
            return Err(Failure::invalid("etk_method_set_input: null value"));
        }
        // SAFETY: the caller's promise.
        let v = unsafe { *value };
        let what = || format!("etk_method_set_input: input {i}");
        // SAFETY (each arm): the tag says which member is set.
        let scalar = match v.tag {
            ETK_TAG_TENSOR => {
                let t = unsafe { convert::tensor(v.payload.as_tensor, &what) }?;
                return Ok(m.method.set_input(i, &t.view())?);
            }
            ETK_TAG_INT => Scalar::Int(unsafe { v.payload.as_int }),
            ETK_TAG_DOUBLE => Scalar::Double(unsafe { v.payload.as_double }),
            ETK_TAG_BOOL => Scalar::Bool(unsafe { v.payload.as_bool } != 0),
            tag => {
                return Err(Failure::new(
                    ETK_INVALID_TYPE,
                    format!("{}: tag {tag} is not a Tensor, Int, Double or Bool", what()),
                ));
            }
        };
        Ok(m.method.set_input_scalar(i, scalar)?)
    })
}

/// Runs the method once. `ctx` gives scratch memory (without any, the method uses 32 MiB of its
/// own), threads and the random state (its `rng_offset` advances); it may be null.
///
/// # Safety
/// `method` null or valid; `ctx` null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_execute(
    method: *mut etk_method,
    ctx: *mut etk_context,
) -> etk_status {
    // SAFETY: the caller's promise.
    let mut host = unsafe { Host::read(ctx) };
    let (error, error_len) = (host.c.error, host.c.error_len);
    guard(
        // SAFETY: the context's buffer, as the caller promised.
        |msg| unsafe { crate::status::write_message(error, error_len, msg) },
        || {
            let m = method_mut(method, "etk_method_execute")?;
            if !host.has_scratch() {
                if m.scratch.is_empty() {
                    m.scratch = vec![0u8; DEFAULT_SCRATCH];
                }
                host.use_scratch(&mut m.scratch);
            }
            let mut kctx = host.kernel_context();
            let r = m.method.execute(&mut kctx);
            let offset = kctx.rng.offset();
            // SAFETY: as above.
            unsafe { Host::store_rng(ctx, offset) };
            Ok(r?)
        },
    )
}

/// Stores the tag of output `i` (`ETK_TAG_TENSOR`, `ETK_TAG_INT`, ...).
///
/// # Safety
/// `method` null or valid; `tag` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_output_tag(
    method: *const etk_method,
    i: usize,
    tag: *mut etk_tag,
) -> etk_status {
    guard_plain(|| {
        let m = method_ref(method, "etk_method_output_tag")?;
        let tag = out_ptr(tag, "etk_method_output_tag: tag")?;
        let kind = m.method.output_kind(i).ok_or_else(|| {
            Failure::invalid(format!(
                "etk_method_output_tag: output {i} of {}",
                m.method.num_outputs()
            ))
        })?;
        // SAFETY: checked non-null; the caller's promise.
        unsafe { *tag = tag_of(kind) };
        Ok(())
    })
}

/// Describes tensor output `i`: its data is the method's memory, read-only, valid until the
/// method is executed again or freed.
///
/// # Safety
/// `method` null or valid; `out` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_output_tensor(
    method: *const etk_method,
    i: usize,
    out: *mut etk_tensor,
) -> etk_status {
    guard_plain(|| {
        let m = method_ref(method, "etk_method_output_tensor")?;
        describe(&m.method.output(i)?, out)
    })
}

/// Stores scalar output `i` (Int, Double or Bool) in `*out`.
///
/// # Safety
/// `method` null or valid; `out` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_method_output_scalar(
    method: *const etk_method,
    i: usize,
    out: *mut etk_value,
) -> etk_status {
    guard_plain(|| {
        let m = method_ref(method, "etk_method_output_scalar")?;
        let out = out_ptr(out, "etk_method_output_scalar: out")?;
        let v = match m.method.output_scalar(i)? {
            Scalar::Int(x) => etk_value {
                tag: ETK_TAG_INT,
                payload: crate::etk_payload { as_int: x },
            },
            Scalar::Double(x) => etk_value {
                tag: ETK_TAG_DOUBLE,
                payload: crate::etk_payload { as_double: x },
            },
            Scalar::Bool(x) => etk_value {
                tag: ETK_TAG_BOOL,
                payload: crate::etk_payload {
                    as_bool: u8::from(x),
                },
            },
        };
        // SAFETY: checked non-null; the caller's promise.
        unsafe { *out = v };
        Ok(())
    })
}

//! The kernel entry points: the ABI version, the kernels of etk's default registry by index and
//! name, and a call.

use crate::context::{Host, etk_context};
use crate::status::{ETK_NOT_FOUND, ETK_OPERATOR_MISSING, Failure, etk_status, guard, guard_plain};
use crate::{ETK_ABI_VERSION, etk_value};
use core::ffi::{CStr, c_char};
use etk::BoxedKernel;
use std::collections::HashMap;
use std::ffi::CString;
use std::sync::OnceLock;

struct Entry {
    name: CString,
    kernel: BoxedKernel,
    /// `self` is the out (`add_.Tensor`): the stack's return slot is not dropped.
    in_place: bool,
}

struct Table {
    entries: Vec<Entry>,
    by_name: HashMap<&'static str, usize>,
}

/// etk's default registry, its names NUL-terminated, built on first use (which also detects
/// the CPU and reads `ETK_ISA`, as `etk::init` does).
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        etk::init();
        let entries: Vec<Entry> = etk::registry()
            .entries()
            .map(|e| Entry {
                name: CString::new(e.name).unwrap_or_default(),
                kernel: e.kernel,
                in_place: e.name.split('.').next().is_some_and(|b| b.ends_with('_')),
            })
            .collect();
        let by_name = etk::registry()
            .entries()
            .enumerate()
            .map(|(i, e)| (e.name, i))
            .collect();
        Table { entries, by_name }
    })
}

/// [`ETK_ABI_VERSION`] of the library linked: a caller compiled against another header must
/// not use it.
#[unsafe(no_mangle)]
pub extern "C" fn etk_abi_version() -> u32 {
    ETK_ABI_VERSION
}

/// How many kernels there are (indices `0 .. count`).
#[unsafe(no_mangle)]
pub extern "C" fn etk_kernel_count() -> usize {
    std::panic::catch_unwind(|| table().entries.len()).unwrap_or(0)
}

/// Kernel `index`'s full operator name (`aten::add.out`), NUL-terminated and valid for the
/// life of the process; null when `index` is out of range.
#[unsafe(no_mangle)]
pub extern "C" fn etk_kernel_name(index: usize) -> *const c_char {
    std::panic::catch_unwind(|| {
        table()
            .entries
            .get(index)
            .map_or(core::ptr::null(), |e| e.name.as_ptr())
    })
    .unwrap_or(core::ptr::null())
}

/// Finds the kernel named `name` (NUL-terminated: `aten::add.out`) and stores its index;
/// `ETK_OPERATOR_MISSING` when there is none.
///
/// # Safety
/// `name` must be null or a NUL-terminated string; `index` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_kernel_find(name: *const c_char, index: *mut usize) -> etk_status {
    guard_plain(|| {
        if name.is_null() || index.is_null() {
            return Err(Failure::invalid("etk_kernel_find: null name or index"));
        }
        // SAFETY: the caller's promise.
        let name = unsafe { CStr::from_ptr(name) };
        let found = name.to_str().ok().and_then(|n| table().by_name.get(n));
        match found {
            Some(&i) => {
                // SAFETY: checked non-null; the caller's promise.
                unsafe { *index = i };
                Ok(())
            }
            None => Err(Failure::new(
                ETK_OPERATOR_MISSING,
                format!("etk has no kernel named {}", name.to_string_lossy()),
            )),
        }
    })
}

/// Calls kernel `index` on `n` values in ExecuTorch's stack convention: the schema's
/// arguments, then one slot per return (an out variant's outs twice, as the same pointer, or
/// all its outs again as one trailing tensor list). On success, outs a kernel resized or
/// re-pointed, and scalar returns, are written back into their values. `ctx` may be null (a
/// serial context without scratch memory); its `rng_offset` advances.
///
/// # Safety
/// `stack` must be null or point to `n` pointers, each null or pointing to an `etk_value` whose
/// pointers point to what the header describes; `ctx` null or a valid context.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn etk_kernel_call(
    index: usize,
    ctx: *mut etk_context,
    stack: *const *mut etk_value,
    n: usize,
) -> etk_status {
    // SAFETY: the caller's promise.
    let mut host = unsafe { Host::read(ctx) };
    let (error, error_len) = (host.c.error, host.c.error_len);
    guard(
        // SAFETY: the context's buffer, as the caller promised.
        |m| unsafe { crate::status::write_message(error, error_len, m) },
        || {
            let Some(e) = table().entries.get(index) else {
                return Err(Failure::new(
                    ETK_NOT_FOUND,
                    format!(
                        "etk_kernel_call: no kernel {index} (there are {})",
                        table().entries.len()
                    ),
                ));
            };
            // SAFETY: the caller's promise.
            let offset = unsafe { crate::call::call(e.kernel, e.in_place, &mut host, stack, n) }
                .map_err(|f| {
                    // A kernel's own error names its operator already.
                    let name = e.name.to_string_lossy();
                    if f.message.starts_with(&*name) {
                        f
                    } else {
                        Failure::new(f.status, format!("{name}: {}", f.message))
                    }
                })?;
            // SAFETY: as above.
            unsafe { Host::store_rng(ctx, offset) };
            Ok(())
        },
    )
}

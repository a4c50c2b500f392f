//! Status codes (ExecuTorch's `Error` numbers), the failure every entry point reports, the
//! per-thread last error, and the guard that keeps panics from unwinding into C.

use core::ffi::c_char;
use std::cell::RefCell;
use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A function's result: `ETK_OK` or one of ExecuTorch's `Error` numbers.
pub type etk_status = u32;
pub const ETK_OK: etk_status = 0x00;
/// etk itself failed (a panic was caught, or a host callback broke its contract).
pub const ETK_INTERNAL: etk_status = 0x01;
pub const ETK_INVALID_STATE: etk_status = 0x02;
pub const ETK_NOT_SUPPORTED: etk_status = 0x10;
/// A case ATen supports that etk does not implement.
pub const ETK_NOT_IMPLEMENTED: etk_status = 0x11;
/// A value, shape or dim is not what the operator accepts (also: an out too small).
pub const ETK_INVALID_ARGUMENT: etk_status = 0x12;
/// A dtype is not what the operator accepts.
pub const ETK_INVALID_TYPE: etk_status = 0x13;
/// No kernel of that name.
pub const ETK_OPERATOR_MISSING: etk_status = 0x14;
pub const ETK_NOT_FOUND: etk_status = 0x20;
/// Scratch memory (or memory the runtime may allocate) ran out.
pub const ETK_MEMORY_ALLOCATION_FAILED: etk_status = 0x21;
/// The call does not match the operator's schema (arity, value kinds), or the program file is
/// malformed.
pub const ETK_INVALID_PROGRAM: etk_status = 0x23;

/// A failed call: its status and what went wrong, in words.
#[derive(Debug)]
pub(crate) struct Failure {
    pub status: etk_status,
    pub message: String,
}

impl Failure {
    pub fn new(status: etk_status, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure::new(ETK_INVALID_ARGUMENT, message)
    }
}

/// A kernel's error as a status: what ExecuTorch's kernels report for the same check
/// (a resize that does not fit is `InvalidArgument` there).
pub(crate) fn kernel_status(kind: etk::ErrorKind) -> etk_status {
    use etk::ErrorKind as K;
    match kind {
        K::InvalidArgument | K::OutOfCapacity => ETK_INVALID_ARGUMENT,
        K::InvalidType => ETK_INVALID_TYPE,
        K::InvalidProgram => ETK_INVALID_PROGRAM,
        K::MemoryAllocationFailed => ETK_MEMORY_ALLOCATION_FAILED,
        K::NotImplemented => ETK_NOT_IMPLEMENTED,
        K::OperatorMissing => ETK_OPERATOR_MISSING,
    }
}

impl From<etk::Error> for Failure {
    fn from(e: etk::Error) -> Failure {
        Failure::new(kernel_status(e.kind), e.to_string())
    }
}

impl From<etk_runtime::Error> for Failure {
    fn from(e: etk_runtime::Error) -> Failure {
        use etk_runtime::ErrorKind as K;
        let status = match (e.kind, e.kernel) {
            (_, Some(k)) => kernel_status(k.kind),
            (K::Malformed, _) => ETK_INVALID_PROGRAM,
            (K::NotSupported | K::Delegate, _) => ETK_NOT_SUPPORTED,
            (K::OperatorMissing, _) => ETK_OPERATOR_MISSING,
            (K::Memory, _) => ETK_MEMORY_ALLOCATION_FAILED,
            (K::InvalidArgument, _) => ETK_INVALID_ARGUMENT,
            (K::Execution, _) => ETK_INVALID_STATE,
        };
        let message = match e.kernel {
            Some(k) => format!("{e}: {k}"),
            None => e.to_string(),
        };
        Failure::new(status, message)
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_last_error(message: &str) {
    // Interior NULs would cut the message short in C; they cannot come from etk's own text.
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            *l = text;
        }
    });
}

pub(crate) fn last_error_ptr() -> *const c_char {
    // The pointer stays valid until the next failure on this thread replaces the string (the
    // thread-local lives as long as the thread).
    LAST_ERROR.with(|l| match l.try_borrow() {
        Ok(l) => l.as_ptr(),
        Err(_) => c"".as_ptr(),
    })
}

/// Copies `message` into a caller's buffer of `len` bytes, cut to fit and NUL-terminated.
///
/// # Safety
/// `buf` must be null or point to `len` writable bytes.
pub(crate) unsafe fn write_message(buf: *mut c_char, len: usize, message: &str) {
    if buf.is_null() || len == 0 {
        return;
    }
    let mut n = message.len().min(len - 1);
    // Cut at a character boundary, so the buffer holds valid UTF-8.
    while !message.is_char_boundary(n) {
        n -= 1;
    }
    // SAFETY: `n + 1 <= len` bytes of the caller's buffer.
    unsafe {
        core::ptr::copy_nonoverlapping(message.as_ptr(), buf.cast::<u8>(), n);
        *buf.add(n) = 0;
    }
}

/// Runs an entry point's body: a failure becomes its status (and the thread's last error, and
/// `on_fail`'s message), a panic becomes `ETK_INTERNAL`, never an unwind into C.
pub(crate) fn guard(
    on_fail: impl FnOnce(&str),
    body: impl FnOnce() -> Result<(), Failure>,
) -> etk_status {
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => return ETK_OK,
        Ok(Err(f)) => f,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Failure::new(ETK_INTERNAL, format!("etk panicked: {what}"))
        }
    };
    set_last_error(&failure.message);
    // A callback that panics while reporting must not unwind either.
    let _ = catch_unwind(AssertUnwindSafe(|| on_fail(&failure.message)));
    failure.status
}

/// [`guard`] for functions that only report through the last error.
pub(crate) fn guard_plain(body: impl FnOnce() -> Result<(), Failure>) -> etk_status {
    guard(|_| {}, body)
}

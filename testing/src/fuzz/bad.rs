//! Kernels that are wrong on purpose, one per thing the fuzzer must catch (`--lib selftest`):
//! the fuzzer's own test runs them and checks that each is reported.

use etk::{EValue, KernelContext, KernelEntry, Result, Tensor, boxed_kernel};

/// Panics on rank-3 inputs whose middle dim is 0: a rare shape.
fn panics_on_rare_shape(
    _: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    _out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dim() == 3 && self_.size(1) == 0 {
        panic!("a rank-3 tensor with an empty middle dim");
    }
    Ok(())
}
boxed_kernel!(fn panics_boxed = "selftest::panics_on_rare_shape" => panics_on_rare_shape(self_: &Tensor) -> (out));

/// Writes one byte past the end of its out's memory.
fn writes_past_out(
    _: &mut KernelContext<'_>,
    _self: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let cap = out.capacity();
    let p = out.as_mut_ptr("selftest::writes_past_out", "out")?;
    // SAFETY: none; this kernel exists to be caught. The fuzzer's buffers have guard bytes
    // after the capacity, so the write lands there.
    unsafe { p.add(cap).write(0x5A) };
    Ok(())
}
boxed_kernel!(fn writes_past_boxed = "selftest::writes_past_out" => writes_past_out(self_: &Tensor) -> (out));

/// Changes the first byte of its input.
fn mutates_input(
    _: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    _out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.nbytes() > 0 {
        // SAFETY: none; this kernel exists to be caught.
        unsafe { (self_.as_ptr() as *mut u8).write(!*self_.as_ptr()) };
    }
    Ok(())
}
boxed_kernel!(fn mutates_boxed = "selftest::mutates_input" => mutates_input(self_: &Tensor) -> (out));

/// Allocates on every call.
fn allocates(_: &mut KernelContext<'_>, self_: &Tensor<'_>, _out: &mut Tensor<'_>) -> Result<()> {
    std::hint::black_box(vec![0u8; 1 + self_.dim()]);
    Ok(())
}
boxed_kernel!(fn allocates_boxed = "selftest::allocates" => allocates(self_: &Tensor) -> (out));

/// Aborts the process on a Double input tensor.
fn aborts(_: &mut KernelContext<'_>, self_: &Tensor<'_>, _out: &mut Tensor<'_>) -> Result<()> {
    if self_.dtype() == etk::ScalarType::Double {
        std::process::abort();
    }
    Ok(())
}
boxed_kernel!(fn aborts_boxed = "selftest::aborts" => aborts(self_: &Tensor) -> (out));

/// Never returns on rank-5 inputs.
fn hangs(_: &mut KernelContext<'_>, self_: &Tensor<'_>, _out: &mut Tensor<'_>) -> Result<()> {
    while self_.dim() == 5 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Ok(())
}
boxed_kernel!(fn hangs_boxed = "selftest::hangs" => hangs(self_: &Tensor) -> (out));

/// Takes its out without the boxed layer's alias check.
fn accepts_alias_boxed(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    const OP: &str = "selftest::accepts_alias";
    etk::registry::check_arity(OP, stack, 2)?;
    match stack {
        [EValue::Tensor(_), EValue::Tensor(_)] => Ok(()),
        _ => Err(etk::Error::invalid(OP, "arguments", "two tensors")),
    }
}

/// A panic on a worker thread of a multi-threaded context.
fn panics_on_worker(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    _out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    ctx.parallel.run(2, &|i| {
        if i == 1 && rank == 2 {
            panic!("task 1 of a rank-2 call");
        }
    });
    Ok(())
}
boxed_kernel!(fn panics_on_worker_boxed = "selftest::panics_on_worker" => panics_on_worker(self_: &Tensor) -> (out));

/// Checks `self.numel() == n * c` as ATen checks `N * C * HxW` (an int64 product that may
/// wrap), then never returns when `c` is huge and `self` empty: a loop bounded by an int
/// argument instead of the tensor (issue 28 item 10's class).
fn loops_over_int_arg(
    _: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    n: i64,
    c: i64,
    _out: &mut Tensor<'_>,
) -> Result<()> {
    if n < 0 || c < 0 || self_.numel() as i64 != n.wrapping_mul(c) {
        return Err(etk::Error::invalid(
            "selftest::loops_over_int_arg",
            "self",
            "n * c elements",
        ));
    }
    while self_.numel() == 0 && c >= 1 << 40 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Ok(())
}
boxed_kernel!(fn loops_over_int_arg_boxed = "selftest::loops_over_int_arg" => loops_over_int_arg(self_: &Tensor, n: i64, c: i64) -> (out));

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: "selftest::loops_over_int_arg",
        kernel: loops_over_int_arg_boxed,
    },
    KernelEntry {
        name: "selftest::panics_on_rare_shape",
        kernel: panics_boxed,
    },
    KernelEntry {
        name: "selftest::writes_past_out",
        kernel: writes_past_boxed,
    },
    KernelEntry {
        name: "selftest::mutates_input",
        kernel: mutates_boxed,
    },
    KernelEntry {
        name: "selftest::allocates",
        kernel: allocates_boxed,
    },
    KernelEntry {
        name: "selftest::aborts",
        kernel: aborts_boxed,
    },
    KernelEntry {
        name: "selftest::hangs",
        kernel: hangs_boxed,
    },
    KernelEntry {
        name: "selftest::accepts_alias",
        kernel: accepts_alias_boxed,
    },
    KernelEntry {
        name: "selftest::panics_on_worker",
        kernel: panics_on_worker_boxed,
    },
];

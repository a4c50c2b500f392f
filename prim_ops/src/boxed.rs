//! The calling convention of prim ops: the inputs, then one more `EValue` that the result is
//! written into (as ExecuTorch's instruction format passes it), and the kind checks every
//! scalar op shares.

use crate::num::Num;
use etk_core::{Error, ErrorKind, Info, Result, Scalar};

/// An `Int` or `Double` operand; a `Bool` is rejected as ExecuTorch's arithmetic rejects it.
pub fn num(op: &'static str, arg: &'static str, s: Scalar) -> Result<Num> {
    match s {
        Scalar::Int(i) => Ok(Num::Int(i)),
        Scalar::Double(d) => Ok(Num::Double(d)),
        Scalar::Bool(_) => Err(Error::new(ErrorKind::InvalidType, op, arg)
            .expected_text("an Int or a Double")
            .got(Info::Text("Bool"))),
    }
}

/// An `Int` operand (the ops whose schema says `int` or `SymInt`).
pub fn int(op: &'static str, arg: &'static str, s: Scalar) -> Result<i64> {
    match s {
        Scalar::Int(i) => Ok(i),
        _ => Err(Error::new(ErrorKind::InvalidType, op, arg)
            .expected_text("an Int")
            .got(Info::Text(if s.is_bool() { "Bool" } else { "Double" }))),
    }
}

pub fn from_num(n: Num) -> Scalar {
    match n {
        Num::Int(i) => Scalar::Int(i),
        Num::Double(d) => Scalar::Double(d),
    }
}

/// Generates the boxed entry of a typed prim op `fn(args...) -> Result<Scalar>`: checks the
/// arity (inputs plus the result's slot), unpacks each input with `FromEValue` and writes the
/// result into the last `EValue`, whatever it held.
macro_rules! prim_kernel {
    ($vis:vis fn $name:ident = $op:expr => $typed:ident ( $($arg:ident : $ty:ty),* $(,)? )) => {
        $vis fn $name(
            _ctx: &mut etk_core::KernelContext<'_>,
            stack: &mut [etk_core::EValue<'_>],
        ) -> etk_core::Result<()> {
            const OP: &str = $op;
            const N_IN: usize = etk_core::__count!($($arg)*);
            etk_core::registry::check_arity(OP, stack, N_IN + 1)?;
            let (ins, out) = stack.split_at_mut(N_IN);
            let mut _next = ins.iter();
            $(
                let $arg: $ty = etk_core::FromEValue::from_evalue(
                    _next.next().ok_or(etk_core::Error::invalid(OP, "arguments", "more arguments"))?,
                    OP,
                    stringify!($arg),
                )?;
            )*
            let r: etk_core::Scalar = $typed($($arg),*)?;
            out[0] = etk_core::EValue::from(r);
            Ok(())
        }
    };
}
pub(crate) use prim_kernel;

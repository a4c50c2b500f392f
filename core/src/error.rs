//! The error every kernel returns: which check failed, in the user's terms, without allocating.

use crate::dims::Dims;
use crate::dtype::ScalarType;
use core::fmt;

pub type Result<T> = core::result::Result<T, Error>;

/// What kind of check failed (ExecuTorch's `Error` codes that kernels use).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A value, shape or dim is not what the operator accepts.
    InvalidArgument,
    /// A dtype is not what the operator accepts.
    InvalidType,
    /// An out is too small to be resized to the result, or static with the wrong shape.
    OutOfCapacity,
    /// The boxed call does not match the schema: arity or argument kinds.
    InvalidProgram,
    /// Scratch memory from the context ran out.
    MemoryAllocationFailed,
    /// A case ATen supports that this kernel does not implement.
    NotImplemented,
    /// No kernel is registered under the name.
    OperatorMissing,
}

/// A value an error reports, stored inline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Info {
    None,
    Text(&'static str),
    Dtype(ScalarType),
    Int(i64),
    Float(f64),
    Shape(Dims),
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Info::None => Ok(()),
            Info::Text(s) => f.write_str(s),
            Info::Dtype(t) => write!(f, "{t}"),
            Info::Int(i) => write!(f, "{i}"),
            Info::Float(x) => write!(f, "{x}"),
            Info::Shape(d) => write!(f, "{d}"),
        }
    }
}

/// A failed check: the operator, the argument, what was expected and what came.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Error {
    pub kind: ErrorKind,
    /// The operator's full name (`aten::add.out`).
    pub op: &'static str,
    /// The argument's schema name (`self`, `other`, `out`, ...).
    pub arg: &'static str,
    /// What the check wanted, in words, followed by `expected_value` if any.
    pub expected: &'static str,
    pub expected_value: Info,
    pub got: Info,
}

impl Error {
    pub const fn new(kind: ErrorKind, op: &'static str, arg: &'static str) -> Error {
        Error {
            kind,
            op,
            arg,
            expected: "",
            expected_value: Info::None,
            got: Info::None,
        }
    }

    pub const fn expected(mut self, what: &'static str, value: Info) -> Error {
        self.expected = what;
        self.expected_value = value;
        self
    }

    pub const fn expected_text(mut self, what: &'static str) -> Error {
        self.expected = what;
        self
    }

    pub const fn got(mut self, got: Info) -> Error {
        self.got = got;
        self
    }

    /// A dtype check failed on `arg`.
    pub const fn dtype(
        op: &'static str,
        arg: &'static str,
        expected: &'static str,
        got: ScalarType,
    ) -> Error {
        Error::new(ErrorKind::InvalidType, op, arg)
            .expected_text(expected)
            .got(Info::Dtype(got))
    }

    /// A dtype ATen supports here that this kernel does not implement.
    pub const fn unsupported_dtype(op: &'static str, arg: &'static str, got: ScalarType) -> Error {
        Error::new(ErrorKind::NotImplemented, op, arg)
            .expected_text("a dtype this kernel implements")
            .got(Info::Dtype(got))
    }

    /// An invalid argument value.
    pub const fn invalid(op: &'static str, arg: &'static str, expected: &'static str) -> Error {
        Error::new(ErrorKind::InvalidArgument, op, arg).expected_text(expected)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `self_` is how Rust spells ATen's `self`.
        write!(
            f,
            "{}: argument `{}`: ",
            self.op,
            self.arg.trim_end_matches('_')
        )?;
        if !self.expected.is_empty() {
            write!(f, "expected {}", self.expected)?;
            if self.expected_value != Info::None {
                write!(f, " {}", self.expected_value)?;
            }
        }
        if self.got != Info::None {
            write!(f, ", got {}", self.got)?;
        }
        write!(f, " ({:?})", self.kind)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

//! The runtime's error: what kind of failure, where (a part of the file such as
//! `execution_plan[0].values[7]`, or an instruction), and what is wrong.

use alloc::string::String;
use core::fmt;

pub type Result<T> = core::result::Result<T, Error>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file is truncated, corrupted or inconsistent.
    Malformed,
    /// A valid program uses something etk's runtime does not implement.
    NotSupported,
    /// Operators the program calls are not in the registry.
    OperatorMissing,
    /// The program delegates to a backend.
    Delegate,
    /// Planned memory or a copy would exceed the allowed size.
    Memory,
    /// An input, output or method name given by the caller is wrong.
    InvalidArgument,
    /// A kernel returned an error, or an instruction failed at run time.
    Execution,
}

/// A failure while loading, preparing or executing a program.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    pub kind: ErrorKind,
    /// Where: the part of the file, the instruction, the input.
    pub part: String,
    /// What is wrong.
    pub message: String,
    /// The kernel's own error, when a kernel failed.
    pub kernel: Option<etk_core::Error>,
}

impl Error {
    pub fn new(kind: ErrorKind, part: impl Into<String>, message: impl Into<String>) -> Error {
        Error {
            kind,
            part: part.into(),
            message: message.into(),
            kernel: None,
        }
    }

    pub fn malformed(part: impl Into<String>, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Malformed, part, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.part, self.message)?;
        if let Some(k) = &self.kernel {
            write!(f, ": {k}")?;
        }
        write!(f, " ({:?})", self.kind)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

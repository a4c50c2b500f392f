//! `EValue`: a boxed argument, with ExecuTorch's tags, and the typed unpacking kernels'
//! boxed wrappers use.

use crate::dtype::ScalarType;
use crate::error::{Error, ErrorKind, Info, Result};
use crate::scalar::Scalar;
use crate::tensor::Tensor;

/// A boxed argument or out of an operator call.
#[derive(Debug)]
pub enum EValue<'a> {
    None,
    Int(i64),
    Double(f64),
    Bool(bool),
    String(&'a str),
    Tensor(Tensor<'a>),
    IntList(&'a [i64]),
    DoubleList(&'a [f64]),
    BoolList(&'a [bool]),
    TensorList(&'a [Tensor<'a>]),
    OptionalTensorList(&'a [Option<Tensor<'a>>]),
    /// An out of type `Tensor(a!)[]` (e.g. `split_copy.Tensor_out`).
    TensorListMut(&'a mut [Tensor<'a>]),
}

impl<'a> EValue<'a> {
    /// The tag's name, for error messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            EValue::None => "None",
            EValue::Int(_) => "Int",
            EValue::Double(_) => "Double",
            EValue::Bool(_) => "Bool",
            EValue::String(_) => "String",
            EValue::Tensor(_) => "Tensor",
            EValue::IntList(_) => "IntList",
            EValue::DoubleList(_) => "DoubleList",
            EValue::BoolList(_) => "BoolList",
            EValue::TensorList(_) => "TensorList",
            EValue::OptionalTensorList(_) => "OptionalTensorList",
            EValue::TensorListMut(_) => "TensorList",
        }
    }

    /// Calls `f` on every tensor this value holds (inputs only: lists included).
    pub fn for_each_tensor(&self, mut f: impl FnMut(&Tensor<'a>)) {
        match self {
            EValue::Tensor(t) => f(t),
            EValue::TensorList(l) => l.iter().for_each(f),
            EValue::OptionalTensorList(l) => l.iter().flatten().for_each(f),
            EValue::TensorListMut(l) => l.iter().for_each(f),
            _ => {}
        }
    }
}

impl From<Scalar> for EValue<'_> {
    fn from(s: Scalar) -> Self {
        match s {
            Scalar::Bool(b) => EValue::Bool(b),
            Scalar::Int(i) => EValue::Int(i),
            Scalar::Double(d) => EValue::Double(d),
        }
    }
}

impl<'a> From<Tensor<'a>> for EValue<'a> {
    fn from(t: Tensor<'a>) -> Self {
        EValue::Tensor(t)
    }
}

/// ATen's `MemoryFormat` argument (codes as in `c10::MemoryFormat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryFormat {
    Contiguous = 0,
    Preserve = 1,
    ChannelsLast = 2,
    ChannelsLast3d = 3,
}

/// Unpacks one boxed argument into the type a typed kernel takes.
pub trait FromEValue<'e, 'a>: Sized {
    fn from_evalue(v: &'e EValue<'a>, op: &'static str, arg: &'static str) -> Result<Self>;
}

fn wrong_kind(v: &EValue<'_>, op: &'static str, arg: &'static str, want: &'static str) -> Error {
    Error::new(ErrorKind::InvalidProgram, op, arg)
        .expected_text(want)
        .got(Info::Text(v.kind_name()))
}

macro_rules! from_evalue {
    ($t:ty, $want:literal, $($pat:pat => $val:expr),+) => {
        impl<'e, 'a> FromEValue<'e, 'a> for $t {
            fn from_evalue(v: &'e EValue<'a>, op: &'static str, arg: &'static str) -> Result<Self> {
                match v {
                    $($pat => Ok($val),)+
                    _ => Err(wrong_kind(v, op, arg, $want)),
                }
            }
        }
        impl<'e, 'a> FromEValue<'e, 'a> for Option<$t> {
            fn from_evalue(v: &'e EValue<'a>, op: &'static str, arg: &'static str) -> Result<Self> {
                match v {
                    EValue::None => Ok(None),
                    _ => <$t>::from_evalue(v, op, arg).map(Some),
                }
            }
        }
    };
}

from_evalue!(&'e Tensor<'a>, "a Tensor", EValue::Tensor(t) => t);
from_evalue!(Scalar, "a Scalar (Int, Double or Bool)",
    EValue::Int(i) => Scalar::Int(*i),
    EValue::Double(d) => Scalar::Double(*d),
    EValue::Bool(b) => Scalar::Bool(*b));
from_evalue!(i64, "an Int", EValue::Int(i) => *i);
from_evalue!(f64, "a Double", EValue::Double(d) => *d, EValue::Int(i) => *i as f64);
from_evalue!(bool, "a Bool", EValue::Bool(b) => *b);
from_evalue!(&'e str, "a String", EValue::String(s) => s);
from_evalue!(&'e [i64], "an IntList", EValue::IntList(l) => l);
from_evalue!(&'e [f64], "a DoubleList", EValue::DoubleList(l) => l);
from_evalue!(&'e [bool], "a BoolList", EValue::BoolList(l) => l);
from_evalue!(&'e [Tensor<'a>], "a TensorList", EValue::TensorList(l) => l);
from_evalue!(&'e [Option<Tensor<'a>>], "an OptionalTensorList", EValue::OptionalTensorList(l) => l);

impl<'e, 'a> FromEValue<'e, 'a> for ScalarType {
    fn from_evalue(v: &'e EValue<'a>, op: &'static str, arg: &'static str) -> Result<Self> {
        match v {
            EValue::Int(code) => ScalarType::from_code(*code).ok_or(
                Error::new(ErrorKind::InvalidArgument, op, arg)
                    .expected_text("a ScalarType code")
                    .got(Info::Int(*code)),
            ),
            _ => Err(wrong_kind(v, op, arg, "a ScalarType (Int)")),
        }
    }
}

impl<'e, 'a> FromEValue<'e, 'a> for Option<ScalarType> {
    fn from_evalue(v: &'e EValue<'a>, op: &'static str, arg: &'static str) -> Result<Self> {
        match v {
            EValue::None => Ok(None),
            _ => ScalarType::from_evalue(v, op, arg).map(Some),
        }
    }
}

impl<'e, 'a> FromEValue<'e, 'a> for Option<MemoryFormat> {
    fn from_evalue(v: &'e EValue<'a>, op: &'static str, arg: &'static str) -> Result<Self> {
        match v {
            EValue::None => Ok(None),
            EValue::Int(0) => Ok(Some(MemoryFormat::Contiguous)),
            EValue::Int(1) => Ok(Some(MemoryFormat::Preserve)),
            EValue::Int(2) => Ok(Some(MemoryFormat::ChannelsLast)),
            EValue::Int(3) => Ok(Some(MemoryFormat::ChannelsLast3d)),
            EValue::Int(c) => Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected_text("a MemoryFormat code 0..=3")
                .got(Info::Int(*c))),
            _ => Err(wrong_kind(v, op, arg, "a MemoryFormat (Int) or None")),
        }
    }
}

/// The out tensor a boxed call writes.
pub fn out_tensor<'e, 'a>(
    v: &'e mut EValue<'a>,
    op: &'static str,
    arg: &'static str,
) -> Result<&'e mut Tensor<'a>> {
    match v {
        EValue::Tensor(t) => Ok(t),
        _ => Err(wrong_kind(v, op, arg, "an out Tensor")),
    }
}

/// The out tensor list a boxed call writes.
pub fn out_tensor_list<'e, 'a>(
    v: &'e mut EValue<'a>,
    op: &'static str,
    arg: &'static str,
) -> Result<&'e mut [Tensor<'a>]> {
    match v {
        EValue::TensorListMut(l) => Ok(l),
        _ => Err(wrong_kind(v, op, arg, "an out TensorList")),
    }
}

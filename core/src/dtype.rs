//! `ScalarType`: the element type of a tensor, with ATen's numeric codes and names.

use core::fmt;

/// A tensor's element type. The discriminants are ATen's `c10::ScalarType` codes, so a runtime
/// can pass codes straight from a program file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(i8)]
pub enum ScalarType {
    Byte = 0,
    Char = 1,
    Short = 2,
    Int = 3,
    Long = 4,
    Half = 5,
    Float = 6,
    Double = 7,
    ComplexHalf = 8,
    ComplexFloat = 9,
    ComplexDouble = 10,
    Bool = 11,
    BFloat16 = 15,
    UInt16 = 27,
    UInt32 = 28,
    UInt64 = 29,
}

impl ScalarType {
    /// Every dtype the enum knows, in code order.
    pub const ALL: [ScalarType; 16] = [
        Self::Byte,
        Self::Char,
        Self::Short,
        Self::Int,
        Self::Long,
        Self::Half,
        Self::Float,
        Self::Double,
        Self::ComplexHalf,
        Self::ComplexFloat,
        Self::ComplexDouble,
        Self::Bool,
        Self::BFloat16,
        Self::UInt16,
        Self::UInt32,
        Self::UInt64,
    ];

    /// The ten dtypes that have an element type (and so kernels) today.
    pub const REAL: [ScalarType; 10] = [
        Self::Bool,
        Self::Byte,
        Self::Char,
        Self::Short,
        Self::Int,
        Self::Long,
        Self::Half,
        Self::BFloat16,
        Self::Float,
        Self::Double,
    ];

    pub const fn code(self) -> i8 {
        self as i8
    }

    pub fn from_code(code: i64) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.code() as i64 == code)
    }

    /// ATen's name (`Float`, `BFloat16`, ...), as used in the conformance format.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Byte => "Byte",
            Self::Char => "Char",
            Self::Short => "Short",
            Self::Int => "Int",
            Self::Long => "Long",
            Self::Half => "Half",
            Self::Float => "Float",
            Self::Double => "Double",
            Self::ComplexHalf => "ComplexHalf",
            Self::ComplexFloat => "ComplexFloat",
            Self::ComplexDouble => "ComplexDouble",
            Self::Bool => "Bool",
            Self::BFloat16 => "BFloat16",
            Self::UInt16 => "UInt16",
            Self::UInt32 => "UInt32",
            Self::UInt64 => "UInt64",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.name() == name)
    }

    /// Bytes per element.
    pub const fn element_size(self) -> usize {
        match self {
            Self::Byte | Self::Char | Self::Bool => 1,
            Self::Short | Self::Half | Self::BFloat16 | Self::UInt16 => 2,
            Self::Int | Self::Float | Self::UInt32 | Self::ComplexHalf => 4,
            Self::Long | Self::Double | Self::UInt64 | Self::ComplexFloat => 8,
            Self::ComplexDouble => 16,
        }
    }

    /// Half, BFloat16, Float, Double (ATen's `isFloatingType`).
    pub const fn is_floating_point(self) -> bool {
        matches!(
            self,
            Self::Half | Self::BFloat16 | Self::Float | Self::Double
        )
    }

    pub const fn is_complex(self) -> bool {
        matches!(
            self,
            Self::ComplexHalf | Self::ComplexFloat | Self::ComplexDouble
        )
    }

    /// ATen's `isIntegralType(t, include_bool)`.
    pub const fn is_integral(self, include_bool: bool) -> bool {
        match self {
            Self::Byte
            | Self::Char
            | Self::Short
            | Self::Int
            | Self::Long
            | Self::UInt16
            | Self::UInt32
            | Self::UInt64 => true,
            Self::Bool => include_bool,
            _ => false,
        }
    }

    /// The barely-supported unsigned types (ATen's `isBarebonesUnsignedType`).
    pub const fn is_barebones_unsigned(self) -> bool {
        matches!(self, Self::UInt16 | Self::UInt32 | Self::UInt64)
    }

    pub const fn is_signed(self) -> bool {
        !matches!(
            self,
            Self::Bool | Self::Byte | Self::UInt16 | Self::UInt32 | Self::UInt64
        )
    }

    /// The complex type with this real type as its parts (ATen's `toComplexType`).
    pub const fn to_complex(self) -> Option<Self> {
        match self {
            Self::Half | Self::ComplexHalf => Some(Self::ComplexHalf),
            Self::Float | Self::ComplexFloat => Some(Self::ComplexFloat),
            Self::Double | Self::ComplexDouble => Some(Self::ComplexDouble),
            _ => None,
        }
    }

    /// The real type of a complex type's parts (ATen's `toRealValueType`).
    pub const fn to_real(self) -> Self {
        match self {
            Self::ComplexHalf => Self::Half,
            Self::ComplexFloat => Self::Float,
            Self::ComplexDouble => Self::Double,
            t => t,
        }
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

//! `Scalar`: a number argument whose kind (bool, integer, floating) takes part in type
//! promotion, exactly as in ATen.

use crate::dtype::ScalarType;
use crate::element::{Compute, Element};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Bool(bool),
    Int(i64),
    Double(f64),
}

impl Scalar {
    /// The dtype ATen gives a wrapped scalar before promotion: Bool, Long or Double.
    pub fn dtype(&self) -> ScalarType {
        match self {
            Scalar::Bool(_) => ScalarType::Bool,
            Scalar::Int(_) => ScalarType::Long,
            Scalar::Double(_) => ScalarType::Double,
        }
    }

    pub fn is_floating_point(&self) -> bool {
        matches!(self, Scalar::Double(_))
    }

    pub fn is_integral(&self, include_bool: bool) -> bool {
        match self {
            Scalar::Int(_) => true,
            Scalar::Bool(_) => include_bool,
            Scalar::Double(_) => false,
        }
    }

    pub fn is_bool(&self) -> bool {
        matches!(self, Scalar::Bool(_))
    }

    pub fn to_f64(&self) -> f64 {
        match *self {
            Scalar::Bool(b) => b as u8 as f64,
            Scalar::Int(i) => i as f64,
            Scalar::Double(d) => d,
        }
    }

    /// The value as `int64` (C++ `static_cast` for a double).
    pub fn to_i64(&self) -> i64 {
        match *self {
            Scalar::Bool(b) => b as i64,
            Scalar::Int(i) => i,
            Scalar::Double(d) => d as i64,
        }
    }

    pub fn to_bool(&self) -> bool {
        match *self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::Double(d) => d != 0.0,
        }
    }

    /// The value converted to a compute type, directly (no intermediate dtype).
    pub fn to_compute<C: Compute>(&self) -> C {
        match *self {
            Scalar::Bool(b) => C::load(b),
            Scalar::Int(i) => C::load(i),
            Scalar::Double(d) => C::load(d),
        }
    }

    /// The value as ATen holds it after casting to `dtype` (`static_cast`: integers wrap,
    /// Half rounds, ...), observed in compute type `C`. Dtypes without an element type get
    /// the direct conversion.
    pub fn cast_to<C: Compute>(&self, dtype: ScalarType) -> C {
        crate::match_element!(dtype, E => C::load(self.to_element::<E>()), _ => self.to_compute())
    }

    /// `static_cast<E>(value)`.
    pub fn to_element<E: Element>(&self) -> E {
        match *self {
            Scalar::Bool(b) => E::from_bool(b),
            Scalar::Int(i) => E::from_i64(i),
            Scalar::Double(d) => E::from_f64(d),
        }
    }
}

impl From<bool> for Scalar {
    fn from(v: bool) -> Self {
        Scalar::Bool(v)
    }
}
impl From<i64> for Scalar {
    fn from(v: i64) -> Self {
        Scalar::Int(v)
    }
}
impl From<f64> for Scalar {
    fn from(v: f64) -> Self {
        Scalar::Double(v)
    }
}

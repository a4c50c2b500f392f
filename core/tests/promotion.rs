//! Type promotion checked against tables generated from torch 2.13.

mod promotion_table;
use etk_core::promote::{ResultTypeState, can_cast, promote_types};
use etk_core::{Scalar, ScalarType};
use promotion_table::{CAN_CAST, PROMOTE, RESULT_TYPE};

fn dt(name: &str) -> ScalarType {
    ScalarType::from_name(name).unwrap()
}

#[test]
fn promote_types_matches_torch() {
    let mut wrong = Vec::new();
    for &(a, b, want) in PROMOTE {
        let got = promote_types(dt(a), dt(b)).map(|t| t.name());
        if got != want {
            wrong.push(format!("{a} {b}: got {got:?}, torch {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn can_cast_matches_torch() {
    for &(a, b, want) in CAN_CAST {
        assert_eq!(can_cast(dt(a), dt(b)), want, "{a} -> {b}");
    }
}

#[test]
fn result_type_matches_torch() {
    for &(a, ad, b, bd, want) in RESULT_TYPE {
        let s = ResultTypeState::new().dtype(dt(a), ad as usize);
        let s = if bd < 0 {
            let scalar = match b {
                "True" => Scalar::Bool(true),
                "3" => Scalar::Int(3),
                _ => Scalar::Double(2.5),
            };
            s.scalar(&scalar)
        } else {
            s.dtype(dt(b), bd as usize)
        };
        assert_eq!(
            s.result().map(|t| t.name()),
            Some(want),
            "{a}/{ad} with {b}/{bd}"
        );
    }
}

#[test]
fn codes_and_names_round_trip() {
    for t in ScalarType::ALL {
        assert_eq!(ScalarType::from_code(t.code() as i64), Some(t));
        assert_eq!(ScalarType::from_name(t.name()), Some(t));
    }
    assert_eq!(ScalarType::BFloat16.code(), 15);
    assert_eq!(ScalarType::UInt64.code(), 29);
    assert_eq!(ScalarType::from_code(12), None);
}

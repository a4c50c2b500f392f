//! Parsing the case objects of `../shared/conformance/FORMAT.md` from a file's
//! `__metadata__["cases"]` JSON.

use serde_json::Value;

/// A tensor argument: its name in the file, the dim order to lay it out in, and whether it is
/// a complex tensor stored as real pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorRef {
    pub name: String,
    pub dim_order: Option<Vec<usize>>,
    pub complex: bool,
}

/// One argument of a case, decoded from its JSON encoding.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    None,
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(String),
    Tensor(TensorRef),
    Tensors(Vec<TensorRef>),
    OptTensors(Vec<Option<TensorRef>>),
    Ints(Vec<i64>),
    Floats(Vec<f64>),
    Bools(Vec<bool>),
    /// A `ScalarType` argument, by name (resolved to its code when the case is prepared).
    Dtype(String),
    /// A `MemoryFormat` argument, as its `c10::MemoryFormat` code.
    MemoryFormat(i64),
    /// A complex scalar or another encoding the runner knows but etk cannot take.
    Unsupported(String),
}

/// How an out must be allocated before the call.
#[derive(Clone, Debug, PartialEq)]
pub struct OutSpec {
    pub dtype: String,
    pub shape: Vec<usize>,
    pub dim_order: Option<Vec<usize>>,
    /// A scalar result (`{"scalar": "int"|"float"|"bool"}`, the prim ops' return value): the
    /// call gets an `EValue::None` in its place, which the kernel replaces by an Int, Double
    /// or Bool, compared with a 0-dim expected tensor of `dtype` (Long, Double or Bool).
    pub scalar: bool,
    /// `"static": true` (an extension of FORMAT.md): the out is static with exactly `shape`,
    /// even in an `"error"` case, whose outs are otherwise dynamic-bound; such a case checks
    /// that a kernel rejects a static out of the wrong shape instead of writing it.
    pub fixed: bool,
}

/// What the call must produce.
#[derive(Clone, Debug, PartialEq)]
pub enum Expected {
    /// ATen rejects the call: the kernel must return an error.
    Error,
    /// One tensor name per out.
    Tensors(Vec<String>),
}

/// How values are compared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tol {
    /// Bitwise equal; any NaN equals any NaN; `-0.0 == 0.0` only without `signed_zero`.
    Exact { signed_zero: bool },
    /// `|got - want| <= atol + rtol * |want|`.
    Close { rtol: f64, atol: f64 },
    /// `"shape"`: the values are random draws (`rand`, `randn`, `native_dropout` in training),
    /// which no implementation can share with PyTorch's generator: the outs' dtypes and shapes
    /// are checked, their values not.
    Shape,
    /// `"multiset"`: the out holds exactly the expected values in some order (`randperm`),
    /// compared bitwise.
    Multiset,
}

/// One operator call and PyTorch's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub op: String,
    pub args: Vec<Arg>,
    pub outs: Vec<OutSpec>,
    pub expected: Expected,
    pub tol: Tol,
    pub note: String,
    /// Inputs the operator writes (`Tensor(a!)` arguments that are not outs, such as the
    /// running statistics of `_native_batch_norm_legit.out`), with their expected values
    /// after the call: `"mutated": [{"arg": 3, "expected": NAME}, ...]` (an extension of
    /// FORMAT.md; cases without it do not compare the written inputs).
    pub mutated: Vec<(usize, String)>,
}

/// The operator name of a case object, if it has one (for reporting malformed cases).
pub fn op_name(v: &Value) -> Option<&str> {
    v.get("op")?.as_str()
}

fn usizes(v: &Value, what: &str) -> Result<Vec<usize>, String> {
    v.as_array()
        .ok_or_else(|| format!("{what}: expected an array of non-negative integers"))?
        .iter()
        .map(|x| {
            x.as_u64()
                .and_then(|x| usize::try_from(x).ok())
                .ok_or_else(|| format!("{what}: {x} is not a non-negative integer"))
        })
        .collect()
}

/// A float in the format's encoding: a number or `"nan"`, `"inf"`, `"-inf"`.
fn float(v: &Value, what: &str) -> Result<f64, String> {
    match v {
        Value::Number(n) => n.as_f64().ok_or_else(|| format!("{what}: bad number {n}")),
        Value::String(s) => match s.as_str() {
            "nan" | "NaN" => Ok(f64::NAN),
            "inf" | "Infinity" => Ok(f64::INFINITY),
            "-inf" | "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => Err(format!("{what}: unknown float string {s:?}")),
        },
        _ => Err(format!("{what}: expected a number, got {v}")),
    }
}

fn int(v: &Value, what: &str) -> Result<i64, String> {
    v.as_i64()
        .ok_or_else(|| format!("{what}: expected a 64-bit integer, got {v}"))
}

fn tensor_ref(v: &Value, what: &str) -> Result<TensorRef, String> {
    match v {
        Value::String(name) => Ok(TensorRef {
            name: name.clone(),
            dim_order: None,
            complex: false,
        }),
        Value::Object(m) => {
            let name = m
                .get("tensor")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("{what}: expected {{\"tensor\": NAME}}"))?;
            let dim_order = match m.get("dim_order") {
                None | Some(Value::Null) => None,
                Some(d) => Some(usizes(d, &format!("{what}.dim_order"))?),
            };
            let complex = match m.get("complex") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(x) => return Err(format!("{what}.complex: expected a bool, got {x}")),
            };
            Ok(TensorRef {
                name: name.to_string(),
                dim_order,
                complex,
            })
        }
        _ => Err(format!("{what}: expected a tensor name or object, got {v}")),
    }
}

fn parse_arg(v: &Value, what: &str) -> Result<Arg, String> {
    let m = match v {
        Value::Null => return Ok(Arg::None),
        Value::Object(m) => m,
        _ => return Err(format!("{what}: expected an object or null, got {v}")),
    };
    if m.contains_key("tensor") {
        return tensor_ref(v, what).map(Arg::Tensor);
    }
    if m.len() != 1 {
        return Err(format!("{what}: expected one key, got {v}"));
    }
    let (key, x) = m.iter().next().expect("one key");
    let list = |x: &Value| {
        x.as_array()
            .cloned()
            .ok_or_else(|| format!("{what}.{key}: expected an array"))
    };
    Ok(match key.as_str() {
        "int" => Arg::Int(int(x, what)?),
        "float" => Arg::Float(float(x, what)?),
        "bool" => Arg::Bool(
            x.as_bool()
                .ok_or_else(|| format!("{what}: expected a bool, got {x}"))?,
        ),
        "str" => Arg::Str(
            x.as_str()
                .ok_or_else(|| format!("{what}: expected a string, got {x}"))?
                .to_string(),
        ),
        "tensors" => Arg::Tensors(
            list(x)?
                .iter()
                .enumerate()
                .map(|(i, t)| tensor_ref(t, &format!("{what}.tensors[{i}]")))
                .collect::<Result<_, _>>()?,
        ),
        "opt_tensors" => Arg::OptTensors(
            list(x)?
                .iter()
                .enumerate()
                .map(|(i, t)| match t {
                    Value::Null => Ok(None),
                    t => tensor_ref(t, &format!("{what}.opt_tensors[{i}]")).map(Some),
                })
                .collect::<Result<_, _>>()?,
        ),
        "ints" => Arg::Ints(
            list(x)?
                .iter()
                .map(|i| int(i, what))
                .collect::<Result<_, _>>()?,
        ),
        "floats" => Arg::Floats(
            list(x)?
                .iter()
                .map(|f| float(f, what))
                .collect::<Result<_, _>>()?,
        ),
        "bools" => Arg::Bools(
            list(x)?
                .iter()
                .map(|b| {
                    b.as_bool()
                        .ok_or_else(|| format!("{what}: expected bools, got {b}"))
                })
                .collect::<Result<_, _>>()?,
        ),
        "dtype" => Arg::Dtype(
            x.as_str()
                .ok_or_else(|| format!("{what}: expected a dtype name, got {x}"))?
                .to_string(),
        ),
        "memory_format" => Arg::MemoryFormat(
            match x
                .as_str()
                .ok_or_else(|| format!("{what}: expected a memory format name, got {x}"))?
            {
                "contiguous" | "contiguous_format" => 0,
                "preserve" | "preserve_format" => 1,
                "channels_last" => 2,
                "channels_last_3d" => 3,
                other => return Err(format!("{what}: unknown memory format {other:?}")),
            },
        ),
        "complex" => Arg::Unsupported(format!("{what}: complex scalar")),
        other => return Err(format!("{what}: unknown argument encoding {other:?}")),
    })
}

fn parse_out(v: &Value, what: &str) -> Result<OutSpec, String> {
    if let Some(k) = v.get("scalar") {
        let dtype = match k.as_str() {
            Some("int") => "Long",
            Some("float") => "Double",
            Some("bool") => "Bool",
            _ => {
                return Err(format!(
                    "{what}.scalar: expected \"int\", \"float\" or \"bool\""
                ));
            }
        };
        return Ok(OutSpec {
            dtype: dtype.into(),
            shape: Vec::new(),
            dim_order: None,
            scalar: true,
            fixed: false,
        });
    }
    let dtype = v
        .get("dtype")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{what}: missing \"dtype\""))?
        .to_string();
    let shape = usizes(
        v.get("shape")
            .ok_or_else(|| format!("{what}: missing \"shape\""))?,
        &format!("{what}.shape"),
    )?;
    let dim_order = match v.get("dim_order") {
        None | Some(Value::Null) => None,
        Some(d) => Some(usizes(d, &format!("{what}.dim_order"))?),
    };
    Ok(OutSpec {
        dtype,
        shape,
        dim_order,
        scalar: false,
        fixed: v.get("static").and_then(Value::as_bool).unwrap_or(false),
    })
}

fn parse_tol(v: Option<&Value>, signed_zero: bool) -> Result<Tol, String> {
    match v {
        None | Some(Value::Null) => Ok(Tol::Exact { signed_zero }),
        Some(Value::String(s)) if s == "exact" => Ok(Tol::Exact { signed_zero }),
        Some(Value::String(s)) if s == "shape" => Ok(Tol::Shape),
        Some(Value::String(s)) if s == "multiset" => Ok(Tol::Multiset),
        Some(Value::Object(m)) => {
            let get = |k: &str| match m.get(k) {
                None => Ok(0.0),
                Some(x) => float(x, &format!("tol.{k}")),
            };
            let (rtol, atol) = (get("rtol")?, get("atol")?);
            if rtol.is_nan() || atol.is_nan() || rtol < 0.0 || atol < 0.0 {
                return Err(format!("tol: bad tolerance rtol={rtol} atol={atol}"));
            }
            Ok(Tol::Close { rtol, atol })
        }
        Some(x) => Err(format!(
            "tol: expected \"exact\", \"shape\", \"multiset\" or {{rtol, atol}}, got {x}"
        )),
    }
}

/// Decodes one case object.
pub fn parse_case(v: &Value) -> Result<Case, String> {
    let op = op_name(v)
        .ok_or_else(|| "missing \"op\"".to_string())?
        .to_string();
    let args = v
        .get("args")
        .and_then(Value::as_array)
        .ok_or_else(|| "missing \"args\" array".to_string())?
        .iter()
        .enumerate()
        .map(|(i, a)| parse_arg(a, &format!("args[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let outs = v
        .get("outs")
        .and_then(Value::as_array)
        .ok_or_else(|| "missing \"outs\" array".to_string())?
        .iter()
        .enumerate()
        .map(|(i, o)| parse_out(o, &format!("outs[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let expected = match v.get("expected") {
        Some(Value::String(s)) if s == "error" => Expected::Error,
        Some(Value::Array(names)) => Expected::Tensors(
            names
                .iter()
                .map(|n| {
                    n.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| format!("expected: {n} is not a tensor name"))
                })
                .collect::<Result<_, _>>()?,
        ),
        _ => return Err("\"expected\" must be \"error\" or a list of tensor names".into()),
    };
    if let Expected::Tensors(names) = &expected
        && names.len() != outs.len()
    {
        return Err(format!(
            "{} expected tensors for {} outs",
            names.len(),
            outs.len()
        ));
    }
    let signed_zero = match v.get("signed_zero") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(x) => return Err(format!("signed_zero: expected a bool, got {x}")),
    };
    let tol = parse_tol(v.get("tol"), signed_zero)?;
    let note = v
        .get("note")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let mutated = match v.get("mutated") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|m| {
                let arg = m.get("arg").and_then(Value::as_u64).map(|a| a as usize);
                let name = m.get("expected").and_then(Value::as_str);
                match (arg, name) {
                    (Some(a), Some(n)) if a < args.len() => Ok((a, n.to_string())),
                    _ => Err(format!(
                        "mutated: {m} is not {{\"arg\": INDEX, \"expected\": NAME}}"
                    )),
                }
            })
            .collect::<Result<_, _>>()?,
        Some(x) => return Err(format!("mutated: expected an array, got {x}")),
    };
    Ok(Case {
        op,
        args,
        outs,
        expected,
        tol,
        note,
        mutated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_format_example() {
        let v: Value = serde_json::from_str(
            r#"{
              "op": "aten::add.out",
              "args": [ {"tensor": "0.self"}, {"tensor": "0.other", "dim_order": [1, 0]}, {"float": "-inf"} ],
              "outs": [ {"dtype": "Float", "shape": [2, 3]} ],
              "expected": ["0.expected.0"],
              "tol": {"rtol": 1.3e-6, "atol": 1e-5},
              "note": "float alpha"
            }"#,
        )
        .unwrap();
        let c = parse_case(&v).unwrap();
        assert_eq!(c.op, "aten::add.out");
        assert_eq!(c.args.len(), 3);
        assert_eq!(
            c.args[1],
            Arg::Tensor(TensorRef {
                name: "0.other".into(),
                dim_order: Some(vec![1, 0]),
                complex: false
            })
        );
        assert_eq!(c.args[2], Arg::Float(f64::NEG_INFINITY));
        assert_eq!(
            c.tol,
            Tol::Close {
                rtol: 1.3e-6,
                atol: 1e-5
            }
        );
        assert_eq!(c.expected, Expected::Tensors(vec!["0.expected.0".into()]));
    }

    #[test]
    fn parses_scalar_outs() {
        let v: Value = serde_json::from_str(
            r#"{"op": "executorch_prim::add.Scalar", "args": [{"int": 1}, {"float": 4500000000000000.5}],
                "outs": [{"scalar": "float"}], "expected": ["0.expected.0"]}"#,
        )
        .unwrap();
        let c = parse_case(&v).unwrap();
        assert_eq!(c.args[1], Arg::Float(4500000000000000.5));
        assert!(c.outs[0].scalar && c.outs[0].dtype == "Double" && c.outs[0].shape.is_empty());
        let bad: Value = serde_json::from_str(
            r#"{"op": "x", "args": [], "outs": [{"scalar": "complex"}], "expected": "error"}"#,
        )
        .unwrap();
        assert!(parse_case(&bad).is_err());
    }

    #[test]
    fn rejects_malformed_cases() {
        for bad in [
            r#"{"args": [], "outs": [], "expected": []}"#,
            r#"{"op": "x", "args": [{"wat": 1}], "outs": [], "expected": []}"#,
            r#"{"op": "x", "args": [], "outs": [{"dtype": "Float"}], "expected": ["a"]}"#,
            r#"{"op": "x", "args": [], "outs": [], "expected": ["a"]}"#,
            r#"{"op": "x", "args": [], "outs": [], "expected": "nope"}"#,
            r#"{"op": "x", "args": [{"float": "big"}], "outs": [], "expected": []}"#,
        ] {
            let v: Value = serde_json::from_str(bad).unwrap();
            assert!(parse_case(&v).is_err(), "{bad}");
        }
    }
}

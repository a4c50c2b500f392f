//! Inputs for a run without test vectors: `--input K=FILE` (a `.npy` file, or a safetensors
//! file holding one tensor or one named `input_K`), and otherwise generated values — floats
//! in [-1, 1), integer inputs all ones (as ExecuTorch's runner fills them: a program taking
//! token ids or indices then runs instead of failing on a random negative one), bools
//! alternating.

use crate::io::{Expected, Values, decode, set_input};
use etk::{OwnedTensor, ScalarType};
use etk_runtime::{Method, ValueKind};
use safetensors::SafeTensors;

/// A parsed `--input K=FILE`.
pub struct Given {
    pub index: usize,
    pub path: String,
}

impl Given {
    pub fn parse(s: &str) -> Result<Given, String> {
        let (k, path) = s
            .split_once('=')
            .ok_or_else(|| format!("--input {s}: expected K=FILE (K the input's position)"))?;
        let index = k
            .parse()
            .map_err(|_| format!("--input {s}: {k:?} is not an input position"))?;
        Ok(Given {
            index,
            path: path.into(),
        })
    }
}

/// Sets every tensor input: from its `--input` file, else generated.
pub fn set_inputs(method: &mut Method<'_>, given: &[Given]) -> Result<(), String> {
    for g in given {
        if g.index >= method.num_inputs() {
            return Err(format!(
                "--input {}={}: the method has {} inputs",
                g.index,
                g.path,
                method.num_inputs()
            ));
        }
    }
    for i in 0..method.num_inputs() {
        if let Some(g) = given.iter().rev().find(|g| g.index == i) {
            let e = read(&g.path, i)?;
            set_input(method, i, &e, None).map_err(|e| format!("{}: {e}", g.path))?;
        } else if method.input_kind(i) == Some(ValueKind::Tensor) {
            generated(method, i)?;
        }
    }
    Ok(())
}

/// Input `i` filled with generated values at the program's shape.
fn generated(method: &mut Method<'_>, i: usize) -> Result<(), String> {
    let t = method.input(i).map_err(|e| e.to_string())?;
    let (dtype, sizes, order) = (t.dtype(), t.sizes().to_vec(), t.dim_order().to_vec());
    let mut o = OwnedTensor::with_capacity(dtype, &sizes, &order, 0).map_err(|e| e.to_string())?;
    let n = o.numel();
    let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ i as u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    if dtype.is_floating_point() {
        let v: Vec<f64> = (0..n)
            .map(|_| (next() >> 11) as f64 / (1u64 << 52) as f64 - 1.0)
            .collect();
        o.fill_logical(&v);
    } else if dtype == ScalarType::Bool {
        let v: Vec<i64> = (0..n).map(|k| (k % 2) as i64).collect();
        o.fill_logical(&v);
    } else {
        o.fill_logical(&vec![1i64; n]);
    }
    method.set_input(i, &o.view()).map_err(|e| e.to_string())
}

/// The tensor of `path` for input `i`.
fn read(path: &str, i: usize) -> Result<Expected, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if bytes.starts_with(b"\x93NUMPY") {
        return npy(&bytes).map_err(|e| format!("{path}: {e}"));
    }
    let st = SafeTensors::deserialize(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let want = format!("input_{i}");
    let names = st.names();
    let name = if names.iter().any(|n| **n == want) {
        want
    } else if let [only] = names.as_slice() {
        only.to_string()
    } else {
        return Err(format!(
            "{path}: holds {} tensors and none is named {want}",
            names.len()
        ));
    };
    let v = st.tensor(&name).map_err(|e| format!("{path}: {e}"))?;
    decode(&name, &v)
}

/// A `.npy` file (format 1.0 to 3.0): little-endian or byte-sized dtypes, C order.
fn npy(b: &[u8]) -> Result<Expected, String> {
    let major = *b.get(6).ok_or("truncated header")?;
    let (len, at) = match major {
        1 => (u16::from_le_bytes([b[8], b[9]]) as usize, 10),
        2 | 3 => (
            u32::from_le_bytes(
                b.get(8..12)
                    .ok_or("truncated")?
                    .try_into()
                    .unwrap_or([0; 4]),
            ) as usize,
            12,
        ),
        v => return Err(format!("npy format version {v}")),
    };
    let header = std::str::from_utf8(b.get(at..at + len).ok_or("truncated header")?)
        .map_err(|_| "header is not text")?;
    let field = |key: &str| -> Option<&str> {
        let start = header.find(&format!("'{key}'"))? + key.len() + 2;
        let rest = header[start..].trim_start().strip_prefix(':')?.trim_start();
        Some(rest)
    };
    let descr = field("descr")
        .and_then(|r| r.strip_prefix('\''))
        .and_then(|r| r.split('\'').next())
        .ok_or("no descr")?;
    if field("fortran_order").is_some_and(|r| r.starts_with("True")) {
        return Err("Fortran-ordered arrays are not read (save with order='C')".into());
    }
    let shape_text = field("shape")
        .and_then(|r| r.strip_prefix('('))
        .and_then(|r| r.split(')').next())
        .ok_or("no shape")?;
    let shape = shape_text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<usize>().map_err(|_| format!("shape entry {s:?}")))
        .collect::<Result<Vec<_>, _>>()?;
    let data = &b[at + len..];
    let n: usize = shape.iter().product();
    let take = |size: usize| -> Result<Vec<&[u8]>, String> {
        let need = n * size;
        if data.len() < need {
            return Err(format!("{} data bytes for {n} elements", data.len()));
        }
        Ok(data[..need].chunks_exact(size).collect())
    };
    let arr = |c: &[u8]| -> [u8; 8] {
        let mut a = [0u8; 8];
        a[..c.len()].copy_from_slice(c);
        a
    };
    let (dtype, values) = match descr {
        "<f4" => (
            ScalarType::Float,
            Values::Float(
                take(4)?
                    .iter()
                    .map(|c| f32::from_le_bytes(arr(c)[..4].try_into().unwrap_or([0; 4])) as f64)
                    .collect(),
            ),
        ),
        "<f8" => (
            ScalarType::Double,
            Values::Float(
                take(8)?
                    .iter()
                    .map(|c| f64::from_le_bytes(arr(c)))
                    .collect(),
            ),
        ),
        "<f2" => (
            ScalarType::Half,
            Values::Float(
                take(2)?
                    .iter()
                    .map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f64())
                    .collect(),
            ),
        ),
        "<i8" => (
            ScalarType::Long,
            Values::Int(
                take(8)?
                    .iter()
                    .map(|c| i64::from_le_bytes(arr(c)))
                    .collect(),
            ),
        ),
        "<i4" => (
            ScalarType::Int,
            Values::Int(
                take(4)?
                    .iter()
                    .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64)
                    .collect(),
            ),
        ),
        "<i2" => (
            ScalarType::Short,
            Values::Int(
                take(2)?
                    .iter()
                    .map(|c| i16::from_le_bytes([c[0], c[1]]) as i64)
                    .collect(),
            ),
        ),
        "|i1" => (
            ScalarType::Char,
            Values::Int(take(1)?.iter().map(|c| c[0] as i8 as i64).collect()),
        ),
        "|u1" => (
            ScalarType::Byte,
            Values::Int(take(1)?.iter().map(|c| c[0] as i64).collect()),
        ),
        "|b1" => (
            ScalarType::Bool,
            Values::Int(take(1)?.iter().map(|c| i64::from(c[0] != 0)).collect()),
        ),
        d => {
            return Err(format!(
                "dtype {d:?} (little-endian f2/f4/f8, i1/i2/i4/i8, u1, b1)"
            ));
        }
    };
    Ok(Expected {
        dtype,
        shape,
        values,
    })
}

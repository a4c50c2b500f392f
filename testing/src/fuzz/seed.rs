//! Seeds: the committed conformance cases of an operator as fuzzer calls, so that mutations
//! start from calls that reach deep into a kernel.

use std::path::Path;

use etk::ScalarType;

use super::args::{Arg, TSpec, numel};
use crate::conform::case::{self, Arg as CaseArg, Case, Expected, TensorRef};
use crate::conform::exec::{FIRST_ARG_OUT_OPS, LIST_OUT_OPS, file_dtype, is_in_place};
use crate::conform::{FileData, suite_files};

/// The case file an operator's cases are in by the suite's naming convention.
fn file_name(op: &str) -> String {
    format!("{}.safetensors", op.replace("::", "__"))
}

/// Up to `max` calls of `op` from the suite under `suite` (evenly spread over its cases).
pub fn seeds(suite: &Path, op: &str, max: usize) -> Vec<Vec<Arg>> {
    let direct = suite.join(file_name(op));
    let files = if direct.is_file() {
        vec![direct]
    } else {
        suite_files(&[suite.to_path_buf()]).unwrap_or_default()
    };
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let Ok(file) = FileData::parse(bytes) else {
            continue;
        };
        let Ok(cases) = file.cases() else { continue };
        for v in cases {
            if case::op_name(&v) != Some(op) {
                continue;
            }
            if let Some(call) = case::parse_case(&v).ok().and_then(|c| to_call(&c, &file)) {
                out.push(call);
            }
        }
    }
    if out.len() > max {
        let step = out.len().div_ceil(max);
        out = out.into_iter().step_by(step).collect();
    }
    out
}

fn tensor(file: &FileData, t: &TensorRef) -> Option<TSpec> {
    let (fd, shape, bytes) = file.tensor(&t.name)?;
    let mut dtype = file_dtype(fd)?;
    let mut sizes = shape.to_vec();
    if t.complex {
        dtype = dtype.to_complex()?;
        sizes.pop();
    }
    let mut spec = TSpec::new(dtype, &sizes, bytes.to_vec());
    if let Some(o) = &t.dim_order {
        spec = spec.order(o);
    }
    Some(spec)
}

/// The case as a call: its arguments, then its outs (allocated as the runner would, dynamic
/// with room for the expected result where the shapes differ).
fn to_call(c: &Case, file: &FileData) -> Option<Vec<Arg>> {
    let mut args = Vec::with_capacity(c.args.len() + c.outs.len());
    for a in &c.args {
        args.push(match a {
            CaseArg::None => Arg::None,
            CaseArg::Int(i) => Arg::Int(*i),
            CaseArg::Float(f) => Arg::Double(*f),
            CaseArg::Bool(b) => Arg::Bool(*b),
            CaseArg::Str(s) => Arg::Str(s.clone()),
            CaseArg::Tensor(t) => Arg::Tensor(tensor(file, t)?),
            CaseArg::Tensors(l) => {
                Arg::TensorList(l.iter().map(|t| tensor(file, t)).collect::<Option<_>>()?)
            }
            CaseArg::OptTensors(l) => Arg::OptTensorList(
                l.iter()
                    .map(|t| match t {
                        Some(t) => tensor(file, t).map(Some),
                        None => Some(None),
                    })
                    .collect::<Option<_>>()?,
            ),
            CaseArg::Ints(l) => Arg::IntList(l.clone()),
            CaseArg::Floats(l) => Arg::DoubleList(l.clone()),
            CaseArg::Bools(l) => Arg::BoolList(l.clone()),
            CaseArg::Dtype(name) => Arg::Int(ScalarType::from_name(name)?.code() as i64),
            CaseArg::MemoryFormat(m) => Arg::Int(*m),
            CaseArg::Unsupported(_) => return None,
        });
    }
    let expected_numel = |k: usize| match &c.expected {
        Expected::Tensors(names) => names
            .get(k)
            .and_then(|n| file.tensor(n))
            .map(|(_, shape, _)| numel(shape)),
        Expected::Error => None,
    };
    let mut outs = Vec::with_capacity(c.outs.len());
    let mut scalar_outs = 0;
    for (k, o) in c.outs.iter().enumerate() {
        if o.scalar {
            // a prim op's result slot: the kernel replaces the value, it has no memory
            scalar_outs += 1;
            continue;
        }
        let dtype = ScalarType::from_name(&o.dtype)?;
        let n = numel(&o.shape);
        let want = expected_numel(k).unwrap_or(n);
        let mut spec = TSpec::new(dtype, &o.shape, Vec::new());
        if let Some(d) = &o.dim_order {
            spec = spec.order(d);
        }
        let es = dtype.element_size();
        outs.push(spec.out(n.max(want).saturating_mul(es), want != n));
    }
    if FIRST_ARG_OUT_OPS.contains(&c.op.as_str()) {
        // the written first argument is the out; nothing follows the arguments
        let first = args.iter().position(|a| matches!(a, Arg::Tensor(_)))?;
        args[first] = Arg::Out(outs.into_iter().next()?);
    } else if is_in_place(&c.op) {
        let self_spec = match args.iter().find(|a| matches!(a, Arg::Tensor(_))) {
            Some(Arg::Tensor(t)) => t.clone(),
            _ => return None,
        };
        args.push(Arg::AliasOut {
            input: 0,
            spec: self_spec,
        });
    } else if LIST_OUT_OPS.contains(&c.op.as_str()) {
        args.push(Arg::OutList(outs));
    } else {
        args.extend(outs.into_iter().map(Arg::Out));
        args.extend((0..scalar_outs).map(|_| Arg::None));
    }
    Some(args)
}

//! ExecuTorch bundled programs (`.bpte`): a flatbuffer (file identifier `BP08`) wrapping a
//! program file and, per method, test cases of inputs and expected outputs.
//!
//! Schema facts (ExecuTorch's `bundled_program_schema.fbs`, version 2): the root
//! `BundledProgram` holds `version`, `method_test_suites` and `program` (the `.pte` bytes,
//! 32-byte aligned in the buffer); a suite holds `method_name` and `test_cases`; a case holds
//! `inputs` and `expected_outputs`, each a `Value` whose union is `Tensor` (1), `Int` (2),
//! `Bool` (3) or `Double` (4). A bundled tensor carries `scalar_type`, `sizes`, `data` (the
//! elements laid out in `dim_order`) and `dim_order`; the bundle carries no tolerances.
//!
//! As with programs, the whole flatbuffer is verified before any field is read, and every
//! tensor is checked (dtype, rank, dim order, byte size against its data) before it is
//! handed out, so a hostile bundle is an error, never a panic or an out-of-bounds read.

use crate::error::{Error, ErrorKind, Result};
use crate::schema::{self, Tables, table, union_table};
use alloc::format;
use etk_core::{Dims, MAX_DIM, ScalarType};
use flatbuffers::{
    Follow, ForwardsUOffset, InvalidFlatbuffer, Table, Vector, Verifiable, Verifier,
};

type Res = core::result::Result<(), InvalidFlatbuffer>;

const IDENTIFIER: &[u8; 4] = b"BP08";

table!(Root<'a> {
    version: u32 = 4,
    method_test_suites: ForwardsUOffset<Tables<'a, Suite<'a>>> = 6,
    program: ForwardsUOffset<Vector<'a, u8>> = 8,
});

table!(Suite<'a> {
    method_name: ForwardsUOffset<&'a str> = 4,
    test_cases: ForwardsUOffset<Tables<'a, Case<'a>>> = 6,
});

table!(Case<'a> {
    inputs: ForwardsUOffset<Tables<'a, Value<'a>>> = 4,
    expected_outputs: ForwardsUOffset<Tables<'a, Value<'a>>> = 6,
});

table!(BTensor<'a> {
    scalar_type: i8 = 4,
    sizes: ForwardsUOffset<Vector<'a, i32>> = 6,
    data: ForwardsUOffset<Vector<'a, u8>> = 8,
    dim_order: ForwardsUOffset<Vector<'a, u8>> = 10,
});

union_table!(Value<'a> { val_type, val:
    1 => BTensor, 2 => Int, 3 => Bool, 4 => Double,
});

/// Casts the union value to the table its tag names (see `schema::cast`).
fn cast<'a, T: Follow<'a, Inner = T>>(v: &Value<'a>, tag: u8) -> Option<T> {
    if v.val_type() != tag {
        return None;
    }
    // SAFETY: the verifier checked the value as the table `tag` names, which is `T` at every
    // call site below.
    v.val().map(|t| unsafe { T::follow(t.buf(), t.loc()) })
}

use schema::{Bool, Double, Int};

/// A loaded bundle: its verified flatbuffer, borrowed from the caller's bytes.
pub struct BundledProgram<'b> {
    root: Root<'b>,
}

/// One method's test cases.
#[derive(Clone, Copy)]
pub struct TestSuite<'b> {
    index: usize,
    suite: Suite<'b>,
}

/// One call: its inputs and the outputs expected from it.
#[derive(Clone, Copy)]
pub struct TestCase<'b> {
    part: (usize, usize),
    case: Case<'b>,
}

/// A checked bundled value.
#[derive(Clone, Copy, Debug)]
pub enum BundledValue<'b> {
    Tensor(BundledTensor<'b>),
    Int(i64),
    Bool(bool),
    Double(f64),
}

/// A checked bundled tensor: `data` is exactly the bytes of a dense tensor of `sizes` laid
/// out in `dim_order` (not necessarily aligned for `dtype`).
#[derive(Clone, Copy, Debug)]
pub struct BundledTensor<'b> {
    pub dtype: ScalarType,
    pub sizes: Dims,
    pub dim_order: Dims,
    pub data: &'b [u8],
}

impl<'b> BundledProgram<'b> {
    /// Whether `data` starts like a bundled program (identifier `BP08` at byte 4).
    pub fn is_bundle(data: &[u8]) -> bool {
        data.get(4..8) == Some(IDENTIFIER)
    }

    /// Checks the identifier and verifies the whole flatbuffer.
    pub fn load(data: &'b [u8]) -> Result<BundledProgram<'b>> {
        const PART: &str = "bundled program";
        if !Self::is_bundle(data) {
            return Err(Error::malformed(
                PART,
                "not an ExecuTorch bundled program (no BP08 identifier at byte 4)",
            ));
        }
        // The same limits as a program's verification (see `schema::root`).
        let opts = flatbuffers::VerifierOptions {
            max_tables: data.len() / 4 + 1024,
            max_apparent_size: data.len().saturating_mul(4).saturating_add(1 << 20),
            ..Default::default()
        };
        let root = flatbuffers::root_with_opts::<Root<'_>>(&opts, data)
            .map_err(|e| Error::malformed(PART, format!("{e}")))?;
        Ok(BundledProgram { root })
    }

    /// The schema version the bundle declares.
    pub fn version(&self) -> u32 {
        self.root.version().unwrap_or(0)
    }

    /// The wrapped program file, for [`crate::Program::load`].
    pub fn program(&self) -> Result<&'b [u8]> {
        self.root
            .program()
            .map(|v| v.bytes())
            .filter(|b| !b.is_empty())
            .ok_or_else(|| Error::malformed("bundled program", "no program bytes"))
    }

    pub fn num_suites(&self) -> usize {
        self.root.method_test_suites().map_or(0, |s| s.len())
    }

    /// Test suite `index`.
    pub fn suite(&self, index: usize) -> Result<TestSuite<'b>> {
        self.root
            .method_test_suites()
            .filter(|s| index < s.len())
            .map(|s| TestSuite {
                index,
                suite: s.get(index),
            })
            .ok_or_else(|| {
                Error::malformed(
                    format!("method_test_suites[{index}]"),
                    format!("past its {} entries", self.num_suites()),
                )
            })
    }
}

impl<'b> TestSuite<'b> {
    pub fn method_name(&self) -> &'b str {
        self.suite.method_name().unwrap_or("")
    }

    pub fn num_cases(&self) -> usize {
        self.suite.test_cases().map_or(0, |c| c.len())
    }

    /// Test case `index`.
    pub fn case(&self, index: usize) -> Result<TestCase<'b>> {
        self.suite
            .test_cases()
            .filter(|c| index < c.len())
            .map(|c| TestCase {
                part: (self.index, index),
                case: c.get(index),
            })
            .ok_or_else(|| {
                Error::malformed(
                    format!("method_test_suites[{}].test_cases[{index}]", self.index),
                    format!("past its {} entries", self.num_cases()),
                )
            })
    }
}

impl<'b> TestCase<'b> {
    pub fn num_inputs(&self) -> usize {
        self.case.inputs().map_or(0, |v| v.len())
    }

    pub fn num_expected_outputs(&self) -> usize {
        self.case.expected_outputs().map_or(0, |v| v.len())
    }

    /// Input `index`, checked.
    pub fn input(&self, index: usize) -> Result<BundledValue<'b>> {
        self.value(self.case.inputs(), "inputs", index)
    }

    /// Expected output `index`, checked.
    pub fn expected_output(&self, index: usize) -> Result<BundledValue<'b>> {
        self.value(self.case.expected_outputs(), "expected_outputs", index)
    }

    fn value(
        &self,
        list: Option<Tables<'b, Value<'b>>>,
        field: &str,
        index: usize,
    ) -> Result<BundledValue<'b>> {
        let (s, c) = self.part;
        let part = format!("method_test_suites[{s}].test_cases[{c}].{field}[{index}]");
        let len = list.map_or(0, |l| l.len());
        let v = list
            .filter(|_| index < len)
            .map(|l| l.get(index))
            .ok_or_else(|| Error::malformed(&*part, format!("past its {len} entries")))?;
        let missing = || Error::malformed(&*part, "a value without its table");
        Ok(match v.val_type() {
            1 => BundledValue::Tensor(tensor(
                cast::<BTensor<'b>>(&v, 1).ok_or_else(missing)?,
                &part,
            )?),
            2 => BundledValue::Int(
                cast::<Int<'b>>(&v, 2)
                    .ok_or_else(missing)?
                    .int_val()
                    .unwrap_or(0),
            ),
            3 => BundledValue::Bool(
                cast::<Bool<'b>>(&v, 3)
                    .ok_or_else(missing)?
                    .bool_val()
                    .unwrap_or(false),
            ),
            4 => BundledValue::Double(
                cast::<Double<'b>>(&v, 4)
                    .ok_or_else(missing)?
                    .double_val()
                    .unwrap_or(0.0),
            ),
            t => return Err(Error::malformed(part, format!("unknown value type {t}"))),
        })
    }
}

fn tensor<'b>(t: BTensor<'b>, part: &str) -> Result<BundledTensor<'b>> {
    let bad = |m: alloc::string::String| Error::malformed(part, m);
    let code = t.scalar_type().unwrap_or(0);
    let dtype = ScalarType::from_code(code as i64).ok_or_else(|| {
        Error::new(
            ErrorKind::NotSupported,
            part,
            format!("scalar type code {code}"),
        )
    })?;
    let sizes_fb = t
        .sizes()
        .ok_or_else(|| bad("a tensor without sizes".into()))?;
    if sizes_fb.len() > MAX_DIM {
        return Err(bad(format!("rank {} is above {MAX_DIM}", sizes_fb.len())));
    }
    let mut sizes = Dims::EMPTY;
    for s in sizes_fb.iter() {
        sizes.push(usize::try_from(s).map_err(|_| bad(format!("negative size {s}")))?);
    }
    // Bundles written before dim orders were recorded hold contiguous data.
    let dim_order = match t.dim_order().filter(|d| !d.is_empty() || sizes.is_empty()) {
        Some(d) if d.len() == sizes.len() => {
            let mut o = Dims::EMPTY;
            for x in d.iter() {
                o.push(x as usize);
            }
            o
        }
        Some(d) => {
            return Err(bad(format!(
                "dim_order has {} entries for rank {}",
                d.len(),
                sizes.len()
            )));
        }
        None => etk_core::shape::contiguous_dim_order(sizes.len()),
    };
    if !etk_core::shape::is_valid_dim_order(&dim_order) {
        return Err(bad(format!(
            "dim_order {dim_order} is not a permutation of 0..rank"
        )));
    }
    let nbytes = etk_core::shape::numel(&sizes)
        .and_then(|n| n.checked_mul(dtype.element_size()))
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or_else(|| bad(format!("sizes {sizes} overflow")))?;
    let data = t.data().map_or(&[][..], |d| d.bytes());
    // A tensor serialized from a larger storage carries more bytes than it needs.
    let data = data.get(..nbytes).ok_or_else(|| {
        bad(format!(
            "{} bytes of data, {dtype} {sizes} needs {nbytes}",
            data.len()
        ))
    })?;
    Ok(BundledTensor {
        dtype,
        sizes,
        dim_order,
        data,
    })
}

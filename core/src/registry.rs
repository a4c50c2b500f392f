//! Kernel tables and the registry that merges them.
//!
//! A library exposes `TABLE: &[KernelEntry]`, a `const` list of (full operator name, boxed
//! kernel). A [`Registry`] stacks tables, later ones overriding earlier ones (optimized over
//! portable). [`select_kernels!`](crate::select_kernels) builds a table from a list of names at compile time, so a
//! program links only the kernels it names.

use crate::context::KernelContext;
use crate::error::{Error, ErrorKind, Info, Result};
use crate::evalue::EValue;

/// A kernel called with boxed arguments: the schema's arguments in order, then its outs.
pub type BoxedKernel = fn(&mut KernelContext<'_>, &mut [EValue<'_>]) -> Result<()>;

/// One row of a kernel table.
#[derive(Clone, Copy)]
pub struct KernelEntry {
    /// The full operator name with overload (`aten::add.out`).
    pub name: &'static str,
    pub kernel: BoxedKernel,
}

impl core::fmt::Debug for KernelEntry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name)
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The entry named `name` in `table` (usable in constants).
pub const fn find_entry(table: &[KernelEntry], name: &str) -> Option<KernelEntry> {
    let mut i = 0;
    while i < table.len() {
        if str_eq(table[i].name, name) {
            return Some(table[i]);
        }
        i += 1;
    }
    None
}

/// The entry named `name`, or a compile-time error when used in a constant.
pub const fn require_entry(table: &[KernelEntry], name: &str) -> KernelEntry {
    match find_entry(table, name) {
        Some(e) => e,
        None => panic!("select_kernels!: a name is not in the table"),
    }
}

/// `entries![OP => kernel, ...]`: a kernel table, `&[KernelEntry]` rows of (full operator name,
/// boxed kernel), usable in a `const`. Every library writes its tables with it.
///
/// ```
/// use etk_core::{entries, EValue, KernelContext, KernelEntry, Result};
/// fn noop_boxed(_: &mut KernelContext<'_>, _: &mut [EValue<'_>]) -> Result<()> {
///     Ok(())
/// }
/// const TABLE: &[KernelEntry] = entries!["my::noop" => noop_boxed];
/// assert_eq!(TABLE[0].name, "my::noop");
/// ```
#[macro_export]
macro_rules! entries {
    ($($name:expr => $kernel:expr),* $(,)?) => {
        &[$($crate::KernelEntry { name: $name, kernel: $kernel }),*]
    };
}

/// A table holding only the named kernels of `$table` (a `const`), resolved at compile time:
/// an unknown name is a compile error, and kernels not named are not linked.
///
/// ```
/// use etk_core::{select_kernels, KernelEntry};
/// const ALL: &[KernelEntry] = &[];
/// static MINE: &[KernelEntry] = select_kernels!(ALL; );
/// assert!(MINE.is_empty());
/// ```
#[macro_export]
macro_rules! select_kernels {
    ($table:path; $($name:literal),* $(,)?) => {
        &[$({
            const E: $crate::KernelEntry = $crate::registry::require_entry($table, $name);
            E
        }),*]
    };
}

fn placeholder_kernel(_: &mut KernelContext<'_>, _: &mut [EValue<'_>]) -> Result<()> {
    Err(Error::new(ErrorKind::OperatorMissing, "", ""))
}

/// The total number of entries of `tables` (for sizing [`concat_tables`]'s result).
pub const fn total_entries(tables: &[&[KernelEntry]]) -> usize {
    let (mut t, mut n) = (0, 0);
    while t < tables.len() {
        n += tables[t].len();
        t += 1;
    }
    n
}

/// `tables` concatenated into one array, at compile time: a library keeps one table per
/// family of operators and exposes their concatenation.
pub const fn concat_tables<const N: usize>(tables: &[&[KernelEntry]]) -> [KernelEntry; N] {
    let mut out = [KernelEntry {
        name: "",
        kernel: placeholder_kernel,
    }; N];
    let (mut t, mut k) = (0, 0);
    while t < tables.len() {
        let mut i = 0;
        while i < tables[t].len() {
            out[k] = tables[t][i];
            k += 1;
            i += 1;
        }
        t += 1;
    }
    assert!(k == N, "concat_tables: N must be total_entries(tables)");
    out
}

/// Tables stacked in order; a name in a later table overrides the same name in earlier ones.
/// With `alloc`, a library's [`Extensions`](crate::prepare::Extensions) (prepared kernels,
/// fusable chains) ride along with its table.
#[derive(Clone, Copy)]
pub struct Registry<'t> {
    tables: &'t [&'t [KernelEntry]],
    /// (index of the table the extensions belong to, the extensions)
    #[cfg(feature = "alloc")]
    extensions: &'t [(usize, &'t crate::prepare::Extensions)],
}

impl<'t> Registry<'t> {
    pub const fn new(tables: &'t [&'t [KernelEntry]]) -> Registry<'t> {
        Registry {
            tables,
            #[cfg(feature = "alloc")]
            extensions: &[],
        }
    }

    /// This registry with libraries' extensions, each paired with the index of its kernel
    /// table in this registry: an entry applies to an operator only where that table serves
    /// it (a later table overriding the operator turns the entry off), and a fusable chain
    /// only where that table serves its first operator and no table above it serves the others
    /// (the library vouches for its chains against its own fallbacks, the tables below it).
    #[cfg(feature = "alloc")]
    pub const fn with_extensions(
        self,
        extensions: &'t [(usize, &'t crate::prepare::Extensions)],
    ) -> Registry<'t> {
        Registry {
            tables: self.tables,
            extensions,
        }
    }

    /// The prepare step for `name`, if the library serving it declares one.
    #[cfg(feature = "alloc")]
    pub fn prepared(&self, name: &str) -> Option<crate::prepare::PrepareFn> {
        let provider = self.provider(name)?;
        self.extensions
            .iter()
            .filter(|(t, _)| *t == provider)
            .find_map(|(_, e)| e.prepared.iter().find(|p| p.name == name))
            .map(|p| p.prepare)
    }

    /// The fusions of this registry's libraries, each with the table its library serves (see
    /// [`Registry::with_extensions`] and [`Registry::fuses`]).
    #[cfg(feature = "alloc")]
    pub fn fusions(&self) -> impl Iterator<Item = (usize, &'t crate::prepare::FusionEntry)> + '_ {
        self.extensions
            .iter()
            .flat_map(|&(t, e)| e.fusions.iter().map(move |f| (t, f)))
    }

    /// Whether a fusion of table `table`'s library applies to a chain of `ops` in this
    /// registry: the library serves the first op and no table above it serves the others
    /// (see [`Registry::with_extensions`]).
    pub fn fuses(&self, table: usize, ops: &[&str]) -> bool {
        ops.first().is_some_and(|o| self.provider(o) == Some(table))
            && ops
                .iter()
                .all(|o| self.provider(o).is_some_and(|p| p <= table))
    }

    /// The kernel registered last under `name`.
    pub fn lookup(&self, name: &str) -> Option<BoxedKernel> {
        self.tables
            .iter()
            .rev()
            .find_map(|t| t.iter().find(|e| e.name == name))
            .map(|e| e.kernel)
    }

    /// Looks `name` up and calls it.
    pub fn call(
        &self,
        name: &str,
        ctx: &mut KernelContext<'_>,
        args: &mut [EValue<'_>],
    ) -> Result<()> {
        match self.lookup(name) {
            Some(k) => k(ctx, args),
            None => Err(
                Error::new(ErrorKind::OperatorMissing, "etk::Registry", "name")
                    .expected_text("a registered operator"),
            ),
        }
    }

    /// Every visible entry (an overridden entry is skipped), in table order.
    pub fn entries(&self) -> impl Iterator<Item = &'t KernelEntry> + '_ {
        self.tables.iter().enumerate().flat_map(move |(i, t)| {
            t.iter().filter(move |e| {
                !self.tables[i + 1..]
                    .iter()
                    .any(|l| l.iter().any(|x| x.name == e.name))
            })
        })
    }

    /// The number of the table that provides `name` (0 = first), if any.
    pub fn provider(&self, name: &str) -> Option<usize> {
        self.tables
            .iter()
            .rposition(|t| t.iter().any(|e| e.name == name))
    }
}

/// Fails unless the boxed call has exactly `n` values.
pub fn check_arity(op: &'static str, stack: &[EValue<'_>], n: usize) -> Result<()> {
    if stack.len() != n {
        return Err(Error::new(ErrorKind::InvalidProgram, op, "arguments")
            .expected("this many values:", Info::Int(n as i64))
            .got(Info::Int(stack.len() as i64)));
    }
    Ok(())
}

/// Fails when an out's memory, as far as the kernel may write it (its capacity if it can be
/// resized), overlaps an input's.
///
/// Every boxed call makes this check, so it is written for the common case of a few plain
/// tensors: a match per value rather than a closure per tensor pair.
pub fn check_no_alias(op: &'static str, ins: &[EValue<'_>], outs: &[EValue<'_>]) -> Result<()> {
    let bad = outs.iter().any(|o| match o {
        EValue::Tensor(t) => out_overlaps(t, ins),
        EValue::TensorListMut(l) => l.iter().any(|t| out_overlaps(t, ins)),
        _ => false,
    });
    if bad {
        return Err(Error::invalid(
            op,
            "out",
            "an out that does not alias any input",
        ));
    }
    Ok(())
}

/// Whether out `o` may write over any tensor of `ins`.
#[inline]
fn out_overlaps(o: &crate::Tensor<'_>, ins: &[EValue<'_>]) -> bool {
    ins.iter().any(|i| match i {
        EValue::Tensor(t) => o.may_write_over(t),
        EValue::TensorList(l) => l.iter().any(|t| o.may_write_over(t)),
        EValue::TensorListMut(l) => l.iter().any(|t| o.may_write_over(t)),
        EValue::OptionalTensorList(l) => l.iter().flatten().any(|t| o.may_write_over(t)),
        _ => false,
    })
}

#[doc(hidden)]
#[macro_export]
macro_rules! __count {
    () => { 0usize };
    ($x:tt $($rest:tt)*) => { 1usize + $crate::__count!($($rest)*) };
}

/// Generates the boxed entry of a typed kernel: checks arity and out aliasing, unpacks each
/// argument with [`FromEValue`](crate::FromEValue) (a wrong kind is an error naming the
/// argument), and calls the typed kernel with the outs last. `-> [out]` takes one out of type
/// `Tensor(a!)[]` as a `&mut [Tensor]`.
///
/// ```ignore
/// boxed_kernel!(pub fn add_out_boxed = "aten::add.out" =>
///     add_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
/// ```
#[macro_export]
macro_rules! boxed_kernel {
    ($vis:vis fn $name:ident = $op:expr => $typed:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> ( $($out:ident),+ $(,)? )) => {
        $vis fn $name(
            ctx: &mut $crate::KernelContext<'_>,
            stack: &mut [$crate::EValue<'_>],
        ) -> $crate::Result<()> {
            const __OP: &str = $op;
            const N_IN: usize = $crate::__count!($($arg)*);
            $crate::registry::check_arity(__OP, stack, N_IN + $crate::__count!($($out)*))?;
            let (ins, outs) = stack.split_at_mut(N_IN);
            $crate::registry::check_no_alias(__OP, ins, outs)?;
            let mut _next_in = ins.iter();
            $(
                let $arg: $ty = $crate::FromEValue::from_evalue(
                    _next_in.next().ok_or($crate::Error::invalid(__OP, "arguments", "more arguments"))?,
                    __OP,
                    stringify!($arg),
                )?;
            )*
            let mut _next_out = outs.iter_mut();
            $(
                let $out = $crate::evalue::out_tensor(
                    _next_out.next().ok_or($crate::Error::invalid(__OP, "arguments", "more outs"))?,
                    __OP,
                    stringify!($out),
                )?;
            )+
            $typed(ctx, $($arg,)* $($out),+)
        }
    };
    // An out of type `Tensor(a!)[]` (`split_copy.Tensor_out`): one `TensorListMut`.
    ($vis:vis fn $name:ident = $op:expr => $typed:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> [ $out:ident ]) => {
        $vis fn $name(
            ctx: &mut $crate::KernelContext<'_>,
            stack: &mut [$crate::EValue<'_>],
        ) -> $crate::Result<()> {
            const __OP: &str = $op;
            const N_IN: usize = $crate::__count!($($arg)*);
            $crate::registry::check_arity(__OP, stack, N_IN + 1)?;
            let (ins, outs) = stack.split_at_mut(N_IN);
            $crate::registry::check_no_alias(__OP, ins, outs)?;
            let mut _next_in = ins.iter();
            $(
                let $arg: $ty = $crate::FromEValue::from_evalue(
                    _next_in.next().ok_or($crate::Error::invalid(__OP, "arguments", "more arguments"))?,
                    __OP,
                    stringify!($arg),
                )?;
            )*
            let $out = $crate::evalue::out_tensor_list(&mut outs[0], __OP, stringify!($out))?;
            $typed(ctx, $($arg,)* $out)
        }
    };
}

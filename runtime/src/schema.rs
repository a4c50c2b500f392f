//! The part of ExecuTorch's program schema (`program.fbs`, file identifier `ET12`) that etk
//! reads, as flatbuffer table accessors.
//!
//! Each table is declared once below with its fields' vtable slots; the macro generates both
//! the accessors and the verifier that `flatbuffers` runs over the whole buffer before any
//! accessor is used. That pairing is what makes the accessors sound on a hostile file: a field
//! is read only through the type it was verified as, so an offset, vector length, string or
//! union the verifier accepted cannot point outside the buffer. Fields etk does not read are
//! not declared (and so neither verified nor reachable).
//!
//! Why Google's `flatbuffers` crate with accessors written here, rather than `planus` or
//! `flatc`-generated code: its verifier is the reference implementation (offsets, vector
//! lengths, UTF-8, unions, alignment, with limits on depth, table count and apparent size so
//! a hostile file cannot make verification itself run long) and works without `std`; reading
//! 25 tables needs a few lines each, with no code generator in the build and no generated
//! file copied from ExecuTorch's schema to keep in sync; and once verified, every access is a
//! plain read with no `Result` to thread through the executor.
//!
//! Slot numbers follow flatbuffers' rule: field `k` of a table (counting a union as two fields,
//! its type tag then its value) lives at vtable offset `4 + 2k`.

use flatbuffers::{
    Follow, ForwardsUOffset, InvalidFlatbuffer, Table, Vector, Verifiable, Verifier,
};

type Res = core::result::Result<(), InvalidFlatbuffer>;

/// A vector of offsets to tables of type `T`.
pub type Tables<'a, T> = Vector<'a, ForwardsUOffset<T>>;

macro_rules! table {
    ($(#[$m:meta])* $name:ident<$lt:lifetime> { $($field:ident : $ty:ty = $slot:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy)]
        #[allow(dead_code)]
        pub struct $name<$lt>(Table<$lt>);

        impl<$lt> Follow<$lt> for $name<$lt> {
            type Inner = Self;
            unsafe fn follow(buf: &$lt [u8], loc: usize) -> Self {
                // SAFETY: the caller (a verified parent) guarantees a table at `loc`.
                $name(unsafe { Table::new(buf, loc) })
            }
        }

        impl<$lt> Verifiable for $name<$lt> {
            fn run_verifier(v: &mut Verifier, pos: usize) -> Res {
                v.visit_table(pos)?
                    $(.visit_field::<$ty>(stringify!($field), $slot, false)?)*
                    .finish();
                Ok(())
            }
        }

        #[allow(dead_code)]
        impl<$lt> $name<$lt> {
            $(
                pub fn $field(&self) -> Option<<$ty as Follow<$lt>>::Inner> {
                    // SAFETY: the verifier checked this slot as `$ty`.
                    unsafe { self.0.get::<$ty>($slot, None) }
                }
            )*
        }
    };
}

/// A table whose first field is a union's type tag and second its value (`EValue.val`,
/// `Instruction.instr_args`): the verifier checks the value as the table the tag names.
macro_rules! union_table {
    ($(#[$m:meta])* $name:ident<$lt:lifetime> { $tag:ident, $val:ident: $($code:literal => $variant:ident),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy)]
        pub struct $name<$lt>(Table<$lt>);

        impl<$lt> Follow<$lt> for $name<$lt> {
            type Inner = Self;
            unsafe fn follow(buf: &$lt [u8], loc: usize) -> Self {
                // SAFETY: the caller (a verified parent) guarantees a table at `loc`.
                $name(unsafe { Table::new(buf, loc) })
            }
        }

        impl Verifiable for $name<'_> {
            fn run_verifier(v: &mut Verifier, pos: usize) -> Res {
                v.visit_table(pos)?
                    .visit_union::<u8, _>(stringify!($tag), 4, stringify!($val), 6, false, |tag, v, pos| {
                        match tag {
                            $($code => v.verify_union_variant::<ForwardsUOffset<$variant>>(stringify!($variant), pos),)*
                            // An unknown tag is reported when the value is used; its
                            // value is never read.
                            _ => Ok(()),
                        }
                    })?
                    .finish();
                Ok(())
            }
        }

        impl<$lt> $name<$lt> {
            /// The union's type tag (0 = none).
            pub fn $tag(&self) -> u8 {
                // SAFETY: verified as `u8`.
                unsafe { self.0.get::<u8>(4, Some(0)) }.unwrap_or(0)
            }
            /// The union's value as a bare table; `as_*` casts it once the tag is known.
            fn $val(&self) -> Option<Table<$lt>> {
                // SAFETY: verified as an offset to a table when the tag is known.
                unsafe { self.0.get::<ForwardsUOffset<Table<$lt>>>(6, None) }
            }
        }
    };
}

pub(crate) use {table, union_table};

table!(Program<'a> {
    version: u32 = 4,
    execution_plan: ForwardsUOffset<Tables<'a, ExecutionPlan<'a>>> = 6,
    constant_buffer: ForwardsUOffset<Tables<'a, Buffer<'a>>> = 8,
    segments: ForwardsUOffset<Tables<'a, DataSegment<'a>>> = 12,
    constant_segment: ForwardsUOffset<SubsegmentOffsets<'a>> = 14,
    mutable_data_segments: ForwardsUOffset<Tables<'a, SubsegmentOffsets<'a>>> = 16,
});

table!(Buffer<'a> {
    storage: ForwardsUOffset<Vector<'a, u8>> = 4,
});

table!(DataSegment<'a> {
    offset: u64 = 4,
    size: u64 = 6,
});

table!(SubsegmentOffsets<'a> {
    segment_index: u32 = 4,
    offsets: ForwardsUOffset<Vector<'a, u64>> = 6,
});

table!(ExecutionPlan<'a> {
    name: ForwardsUOffset<&'a str> = 4,
    values: ForwardsUOffset<Tables<'a, EValue<'a>>> = 8,
    inputs: ForwardsUOffset<Vector<'a, i32>> = 10,
    outputs: ForwardsUOffset<Vector<'a, i32>> = 12,
    chains: ForwardsUOffset<Tables<'a, Chain<'a>>> = 14,
    operators: ForwardsUOffset<Tables<'a, Operator<'a>>> = 16,
    delegates: ForwardsUOffset<Tables<'a, BackendDelegate<'a>>> = 18,
    non_const_buffer_sizes: ForwardsUOffset<Vector<'a, i64>> = 20,
});

table!(Chain<'a> {
    inputs: ForwardsUOffset<Vector<'a, i32>> = 4,
    outputs: ForwardsUOffset<Vector<'a, i32>> = 6,
    instructions: ForwardsUOffset<Tables<'a, Instruction<'a>>> = 8,
});

table!(Operator<'a> {
    name: ForwardsUOffset<&'a str> = 4,
    overload: ForwardsUOffset<&'a str> = 6,
});

table!(BackendDelegate<'a> {
    id: ForwardsUOffset<&'a str> = 4,
});

table!(Tensor<'a> {
    scalar_type: i8 = 4,
    storage_offset: i32 = 6,
    sizes: ForwardsUOffset<Vector<'a, i32>> = 8,
    dim_order: ForwardsUOffset<Vector<'a, u8>> = 10,
    data_buffer_idx: u32 = 14,
    allocation_info: ForwardsUOffset<AllocationDetails<'a>> = 16,
    shape_dynamism: i8 = 20,
    extra_tensor_info: ForwardsUOffset<ExtraTensorInfo<'a>> = 22,
});

table!(AllocationDetails<'a> {
    memory_id: u32 = 4,
    memory_offset_low: u32 = 6,
    memory_offset_high: u32 = 8,
});

table!(ExtraTensorInfo<'a> {
    mutable_data_segments_idx: u64 = 4,
    fully_qualified_name: ForwardsUOffset<&'a str> = 6,
    location: i8 = 8,
});

table!(Int<'a> { int_val: i64 = 4 });
table!(Bool<'a> { bool_val: bool = 4 });
table!(Double<'a> { double_val: f64 = 4 });
table!(Str<'a> { string_val: ForwardsUOffset<&'a str> = 4 });
table!(IntList<'a> { items: ForwardsUOffset<Vector<'a, i64>> = 4 });
table!(DoubleList<'a> { items: ForwardsUOffset<Vector<'a, f64>> = 4 });
table!(BoolList<'a> { items: ForwardsUOffset<Vector<'a, bool>> = 4 });
table!(
    /// `TensorList` and `OptionalTensorList`: value indices.
    IndexList<'a> { items: ForwardsUOffset<Vector<'a, i32>> = 4 });
table!(
    /// The empty `Null` table.
    Null<'a> {}
);

table!(KernelCall<'a> {
    op_index: i32 = 4,
    args: ForwardsUOffset<Vector<'a, i32>> = 6,
});
table!(DelegateCall<'a> {
    delegate_index: i32 = 4,
    args: ForwardsUOffset<Vector<'a, i32>> = 6,
});
table!(MoveCall<'a> {
    move_from: i32 = 4,
    move_to: i32 = 6,
});
table!(JumpFalseCall<'a> {
    cond_value_index: i32 = 4,
    destination_instruction: i32 = 6,
});
table!(FreeCall<'a> { value_index: i32 = 4 });

/// `KernelTypes` tags.
pub mod value_tag {
    pub const NULL: u8 = 1;
    pub const INT: u8 = 2;
    pub const BOOL: u8 = 3;
    pub const DOUBLE: u8 = 4;
    pub const TENSOR: u8 = 5;
    pub const STRING: u8 = 6;
    pub const INT_LIST: u8 = 7;
    pub const DOUBLE_LIST: u8 = 8;
    pub const BOOL_LIST: u8 = 9;
    pub const TENSOR_LIST: u8 = 10;
    pub const OPTIONAL_TENSOR_LIST: u8 = 11;
}

/// `InstructionArguments` tags.
pub mod instr_tag {
    pub const KERNEL_CALL: u8 = 1;
    pub const DELEGATE_CALL: u8 = 2;
    pub const MOVE_CALL: u8 = 3;
    pub const JUMP_FALSE_CALL: u8 = 4;
    pub const FREE_CALL: u8 = 5;
}

union_table!(EValue<'a> { val_type, val:
    1 => Null, 2 => Int, 3 => Bool, 4 => Double, 5 => Tensor, 6 => Str, 7 => IntList,
    8 => DoubleList, 9 => BoolList, 10 => IndexList, 11 => IndexList,
});

union_table!(Instruction<'a> { instr_args_type, instr_args:
    1 => KernelCall, 2 => DelegateCall, 3 => MoveCall, 4 => JumpFalseCall, 5 => FreeCall,
});

/// Casts a union value to the table its tag names. Only called after matching the tag, so
/// the verifier checked the table as `T`.
fn cast<'a, T: Follow<'a, Inner = T>>(t: Option<Table<'a>>) -> Option<T> {
    // SAFETY: `t` was verified as a `T` (see the callers: each matches the tag first).
    t.map(|t| unsafe { T::follow(t.buf(), t.loc()) })
}

macro_rules! union_casts {
    ($ty:ident . $val:ident . $tagf:ident { $($fn:ident : $tag:expr => $t:ident),* $(,)? }) => {
        impl<'a> $ty<'a> {
            $(
                pub fn $fn(&self) -> Option<$t<'a>> {
                    if self.$tagf() == $tag { cast::<$t<'a>>(self.$val()) } else { None }
                }
            )*
        }
    };
}

union_casts!(EValue.val.val_type {
    as_int: value_tag::INT => Int,
    as_bool: value_tag::BOOL => Bool,
    as_double: value_tag::DOUBLE => Double,
    as_tensor: value_tag::TENSOR => Tensor,
    as_string: value_tag::STRING => Str,
    as_int_list: value_tag::INT_LIST => IntList,
    as_double_list: value_tag::DOUBLE_LIST => DoubleList,
    as_bool_list: value_tag::BOOL_LIST => BoolList,
    as_tensor_list: value_tag::TENSOR_LIST => IndexList,
    as_optional_tensor_list: value_tag::OPTIONAL_TENSOR_LIST => IndexList,
});

union_casts!(Instruction.instr_args.instr_args_type {
    as_kernel_call: instr_tag::KERNEL_CALL => KernelCall,
    as_delegate_call: instr_tag::DELEGATE_CALL => DelegateCall,
    as_move_call: instr_tag::MOVE_CALL => MoveCall,
    as_jump_false_call: instr_tag::JUMP_FALSE_CALL => JumpFalseCall,
    as_free_call: instr_tag::FREE_CALL => FreeCall,
});

/// Verifies `buf` (the flatbuffer part of a program file) and returns its root `Program`.
pub fn root(buf: &[u8]) -> core::result::Result<Program<'_>, InvalidFlatbuffer> {
    // A flatbuffer may point many offsets at one table or vector; the verifier counts every
    // visit. A serializer's file visits each about once, so capping the visits (tables of at
    // least 4 bytes; apparent bytes) at a small multiple of the file's size bounds both the
    // verification's time and everything the runtime later builds per entry, whatever the
    // file shares.
    let opts = flatbuffers::VerifierOptions {
        max_tables: buf.len() / 4 + 1024,
        max_apparent_size: buf.len().saturating_mul(4).saturating_add(1 << 20),
        ..Default::default()
    };
    flatbuffers::root_with_opts::<Program<'_>>(&opts, buf)
}

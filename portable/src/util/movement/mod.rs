//! Moving elements between strided index spaces: the one path behind every shape, copy and
//! view-like op (permute, transpose, expand, select, slice, split, cat, stack, ...).
//!
//! A [`View`] describes elements of one tensor's memory as sizes, element strides (any sign,
//! 0 for a repeated element) and an element offset. Every view-like op builds its view from
//! [`View::of`] with the transforms below, then [`copy_between`] moves the elements into the
//! out (or into a region of the out, itself a `View`). Transforms do no checking of their
//! own: `copy_between` checks that every index of both views lands inside its tensor (one
//! O(rank) test), so a wrong view is an error, never an access out of bounds, and ops only
//! have to get ATen's argument checks right.
//!
//! The walk puts the dims in the destination's memory order, drops size-1 dims and merges
//! dims that step evenly in both views, then hands out runs `(dst, src, len)`: contiguous runs
//! of one dtype are one `copy_nonoverlapping` of `len * element_size` bytes, strided runs move
//! elements by size (1/2/4/8/16 bytes, whatever the dtype), and runs between dtypes convert
//! through the compute type of the source (C++ `static_cast`, as `util::copy` does).
//!
//! The files, by concept: [`view`] (the [`View`] and its transforms), [`walk`] (the planned
//! walk over two views and the run movers), [`moves`] (the checked moves between views, flat
//! ranges and fills), [`mover`] (the [`Mover`] engine contract and the op contracts built on
//! it), [`args`] (the dim, index and size arguments of the view-like ops).

pub mod args;
pub mod mover;
pub mod moves;
pub mod view;
pub mod walk;

pub use args::{check_rank, dim_arg, index_arg, size_arg, sizes_arg};
pub use mover::{Mover, Portable, split_into, view_into_out};
pub use moves::{
    check_between, check_region, copy_between, copy_flat, copy_flat_range, copy_into, copy_view,
    fill_view, zero_view,
};
pub use view::View;
pub use walk::{Pair, Space, for_each_logical_run};

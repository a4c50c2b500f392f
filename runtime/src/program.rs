//! A loaded program file: the headers, the verified flatbuffer and the segments, all borrowed
//! from the caller's bytes.
//!
//! Layout (all numbers little-endian): bytes 0..4 are the flatbuffer's root offset, 4..8 the
//! file identifier `ET12`; an optional extended header follows at 8: `eh00`, its own length
//! (at least 24), the size of the flatbuffer part (from byte 0), and the offset of the first
//! segment (0 when there are none). Segment offsets in the program are relative to that base.

use crate::error::{Error, Result};
use crate::schema;
use alloc::format;

const IDENTIFIER: &[u8; 4] = b"ET12";
const EXT_MAGIC: &[u8; 4] = b"eh00";
/// Magic, length, program size, segment base offset.
const EXT_MIN_LEN: usize = 24;

/// A program file: borrowed bytes, checked once at load.
pub struct Program<'b> {
    data: &'b [u8],
    root: schema::Program<'b>,
    /// Where segment offsets count from (0: no segments).
    segment_base: usize,
}

fn le_u32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn le_u64(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

fn usize_of(v: u64, part: &str, what: &str) -> Result<usize> {
    usize::try_from(v).map_err(|_| Error::malformed(part, format!("{what} {v} does not fit")))
}

impl<'b> Program<'b> {
    /// Checks the headers, verifies the flatbuffer and the segment table.
    pub fn load(data: &'b [u8]) -> Result<Program<'b>> {
        const HEADER: &str = "header";
        if data.len() < 8 {
            return Err(Error::malformed(
                HEADER,
                format!("{} bytes is too short for a program file", data.len()),
            ));
        }
        let ident = &data[4..8];
        if ident != IDENTIFIER {
            let msg = if ident.starts_with(b"ET") {
                format!(
                    "unsupported program format {:?} (etk reads ET12)",
                    core::str::from_utf8(ident).unwrap_or("ET??")
                )
            } else {
                "not an ExecuTorch program (no ET12 identifier at byte 4)".into()
            };
            return Err(Error::malformed(HEADER, msg));
        }
        let (program_size, segment_base) = Self::extended_header(data)?;
        let fb = &data[..program_size];
        let root =
            schema::root(fb).map_err(|e| Error::malformed("program flatbuffer", format!("{e}")))?;
        let p = Program {
            data,
            root,
            segment_base,
        };
        p.check_segments()?;
        Ok(p)
    }

    /// (size of the flatbuffer part, segment base offset).
    fn extended_header(data: &[u8]) -> Result<(usize, usize)> {
        const EXT: &str = "extended header";
        if data.get(8..10) != Some(b"eh") {
            return Ok((data.len(), 0));
        }
        if data.get(8..12) != Some(EXT_MAGIC) {
            return Err(Error::malformed(
                EXT,
                "unsupported extended header version (etk reads eh00)",
            ));
        }
        let len = le_u32(data, 12)
            .ok_or_else(|| Error::malformed(EXT, "truncated before its length"))?
            as usize;
        if len < EXT_MIN_LEN {
            return Err(Error::malformed(
                EXT,
                format!("length {len} is below {EXT_MIN_LEN}"),
            ));
        }
        let (Some(size), Some(base)) = (le_u64(data, 16), le_u64(data, 24)) else {
            return Err(Error::malformed(EXT, "truncated"));
        };
        let size = usize_of(size, EXT, "program size")?;
        let base = usize_of(base, EXT, "segment base offset")?;
        if size < 8 || size > data.len() {
            return Err(Error::malformed(
                EXT,
                format!(
                    "program size {size} is outside the file's {} bytes",
                    data.len()
                ),
            ));
        }
        if base != 0 && (base < size || base > data.len()) {
            return Err(Error::malformed(
                EXT,
                format!(
                    "segment base offset {base} is not between the program's end {size} and the file's end {}",
                    data.len()
                ),
            ));
        }
        Ok((size, base))
    }

    fn check_segments(&self) -> Result<()> {
        let Some(segs) = self.root.segments() else {
            return Ok(());
        };
        for i in 0..segs.len() {
            self.segment(i)?;
        }
        Ok(())
    }

    /// The verified flatbuffer root.
    pub fn root(&self) -> schema::Program<'b> {
        self.root
    }

    /// The whole file.
    pub fn bytes(&self) -> &'b [u8] {
        self.data
    }

    /// The names of the program's methods, in file order.
    pub fn method_names(&self) -> impl Iterator<Item = &'b str> + '_ {
        let plans = self.root.execution_plan();
        (0..plans.map_or(0, |p| p.len()))
            .map(move |i| plans.and_then(|p| p.get(i).name()).unwrap_or(""))
    }

    /// The execution plan named `name`, with its index.
    pub fn plan(&self, name: &str) -> Result<(usize, schema::ExecutionPlan<'b>)> {
        let plans = self.root.execution_plan();
        for i in 0..plans.map_or(0, |p| p.len()) {
            let p = plans.map(|p| p.get(i));
            if let Some(p) = p.filter(|p| p.name() == Some(name)) {
                return Ok((i, p));
            }
        }
        Err(Error::new(
            crate::ErrorKind::InvalidArgument,
            "method",
            format!("the program has no method named {name:?}"),
        ))
    }

    /// Segment `index`'s bytes.
    pub fn segment(&self, index: usize) -> Result<&'b [u8]> {
        let part = || format!("segments[{index}]");
        let seg = self
            .root
            .segments()
            .filter(|s| index < s.len())
            .map(|s| s.get(index))
            .ok_or_else(|| Error::malformed(part(), "no such segment"))?;
        let offset = usize_of(seg.offset().unwrap_or(0), &part(), "offset")?;
        let size = usize_of(seg.size().unwrap_or(0), &part(), "size")?;
        // The serializer lists an empty constant segment even in files it writes without an
        // extended header (no segment data follows the program).
        if size == 0 {
            return Ok(&[]);
        }
        if self.segment_base == 0 {
            return Err(Error::malformed(
                part(),
                "the file has segments but no extended header giving their base offset",
            ));
        }
        let start = self.segment_base.checked_add(offset);
        let end = start.and_then(|s| s.checked_add(size));
        match (start, end) {
            (Some(s), Some(e)) if e <= self.data.len() => Ok(&self.data[s..e]),
            _ => Err(Error::malformed(
                part(),
                format!(
                    "offset {offset} + size {size} from base {} runs past the file's {} bytes",
                    self.segment_base,
                    self.data.len()
                ),
            )),
        }
    }

    /// `nbytes` of constant `index` (`Tensor.data_buffer_idx`): in the constant segment, or
    /// in the flatbuffer's inline `constant_buffer` in older files.
    pub fn constant(&self, index: u32, nbytes: usize) -> Result<&'b [u8]> {
        let cs = self.root.constant_segment();
        if let Some(offsets) = cs.and_then(|c| c.offsets()).filter(|o| !o.is_empty()) {
            let seg = cs.and_then(|c| c.segment_index()).unwrap_or(0) as usize;
            let data = self.segment(seg)?;
            return Self::subsegment(data, offsets, index, nbytes, "constant_segment");
        }
        let part = || format!("constant_buffer[{index}]");
        let bufs = self.root.constant_buffer();
        let buf = bufs
            .filter(|b| (index as usize) < b.len())
            .map(|b| b.get(index as usize))
            .ok_or_else(|| Error::malformed(part(), "no such constant"))?;
        let storage = buf.storage().map_or(&[][..], |s| s.bytes());
        storage.get(..nbytes).ok_or_else(|| {
            Error::malformed(
                part(),
                format!("{} bytes, tensor needs {nbytes}", storage.len()),
            )
        })
    }

    /// `nbytes` of the initial state of mutable buffer `index`: ExecuTorch reads entry `index`
    /// of `mutable_data_segments[0]`.
    pub fn mutable_data(&self, index: u32, nbytes: usize) -> Result<&'b [u8]> {
        let part = "mutable_data_segments[0]";
        let sub = self
            .root
            .mutable_data_segments()
            .filter(|m| !m.is_empty())
            .map(|m| m.get(0))
            .ok_or_else(|| Error::malformed(part, "missing, but a tensor has an initial state"))?;
        let offsets = sub
            .offsets()
            .ok_or_else(|| Error::malformed(part, "has no offsets"))?;
        let data = self.segment(sub.segment_index().unwrap_or(0) as usize)?;
        Self::subsegment(data, offsets, index, nbytes, part)
    }

    fn subsegment(
        data: &'b [u8],
        offsets: flatbuffers::Vector<'b, u64>,
        index: u32,
        nbytes: usize,
        part: &str,
    ) -> Result<&'b [u8]> {
        let i = index as usize;
        if i >= offsets.len() {
            return Err(Error::malformed(
                format!("{part}.offsets[{index}]"),
                format!("index past its {} entries", offsets.len()),
            ));
        }
        let off = offsets.get(i);
        usize::try_from(off)
            .ok()
            .and_then(|o| Some(o..o.checked_add(nbytes)?))
            .and_then(|r| data.get(r))
            .ok_or_else(|| {
                Error::malformed(
                    format!("{part}.offsets[{index}]"),
                    format!(
                        "offset {off} + {nbytes} bytes runs past the segment's {} bytes",
                        data.len()
                    ),
                )
            })
    }
}

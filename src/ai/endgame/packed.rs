//! Tables kept deflated in memory, a block at a time: five pieces on 12×12 are
//! 12.3 G cells, more than a game can hold a byte each, but a few GB deflated.
//! A probe inflates the block that holds its cell into a small cache of the
//! thread's own, so that the positions a search visits together (which share
//! their men and differ in a king or two, neighbours in a group) cost one
//! inflating between them. They are packed and read by the lab alone.
#![cfg_attr(not(feature = "lab"), allow(dead_code))]

use super::Cell;
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Cells a block holds: small enough to inflate in microseconds, large enough
/// that deflating it keeps most of what deflating the whole would.
pub(crate) const BLOCK: usize = 4096;

/// Blocks a thread keeps inflated (32 MB): with 512 a search of english
/// endings of seven and eight pieces, every probe deflated, took 2.7 times as
/// long as with the cells a byte each; with 8,192, 1.4 times.
const SLOTS: usize = 8192;

/// Cells deflated a block at a time.
#[derive(Clone)]
pub(crate) struct Packed {
    len: usize,
    /// Where each block's bytes start in `data`, then where the last ends.
    starts: Vec<usize>,
    data: Vec<u8>,
    /// Tells these tables' blocks from another's in the threads' caches.
    id: u64,
}

/// Each thread's inflated blocks, by (tables, block), and its inflater.
struct Cache {
    keys: Vec<(u64, usize)>,
    cells: Vec<Cell>,
    inflate: Decompress,
}

thread_local! {
    static CACHE: RefCell<Option<Cache>> = const { RefCell::new(None) };
}

impl Packed {
    /// Blocks deflated by [`pack`], of `len` cells in all: one length for each
    /// block, adding up to `data`'s. `None` if they do not (the file is
    /// damaged); a block that does not inflate is found when probed.
    pub(crate) fn new(len: usize, lengths: &[u32], data: Vec<u8>) -> Option<Packed> {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        if lengths.len() != len.div_ceil(BLOCK) {
            return None;
        }
        let mut starts = Vec::with_capacity(lengths.len() + 1);
        let mut at = 0usize;
        starts.push(0);
        for &n in lengths {
            at = at.checked_add(n as usize)?;
            starts.push(at);
        }
        if at != data.len() {
            return None;
        }
        Some(Packed {
            len,
            starts,
            data,
            id: NEXT.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// The number of cells.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The deflated bytes, as the file keeps them.
    pub(crate) fn bytes(&self) -> usize {
        self.data.len()
    }

    /// Each block's deflated length and the blocks' bytes, as [`pack`] made them.
    pub(crate) fn parts(&self) -> (Vec<u32>, &[u8]) {
        let lengths = self.starts.windows(2).map(|w| (w[1] - w[0]) as u32);
        (lengths.collect(), &self.data)
    }

    /// The cells of block `b`.
    fn block_len(&self, b: usize) -> usize {
        BLOCK.min(self.len - b * BLOCK)
    }

    /// Cell `i`, inflating its block unless the thread has it; `None` past the
    /// end or where a block does not inflate.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<Cell> {
        if i >= self.len {
            return None;
        }
        let b = i / BLOCK;
        let hash = (b as u64 ^ self.id << 40).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = (hash >> (64 - SLOTS.trailing_zeros())) as usize;
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            let c = c.get_or_insert_with(|| Cache {
                keys: vec![(0, 0); SLOTS],
                cells: vec![0; SLOTS * BLOCK],
                inflate: Decompress::new(false),
            });
            let at = slot * BLOCK;
            if c.keys[slot] != (self.id, b) {
                let n = self.block_len(b);
                let input = &self.data[self.starts[b]..self.starts[b + 1]];
                if !inflate(&mut c.inflate, input, &mut c.cells[at..at + n]) {
                    c.keys[slot] = (0, 0);
                    return None;
                }
                c.keys[slot] = (self.id, b);
            }
            Some(c.cells[at + i % BLOCK])
        })
    }
}

/// Inflates one block's bytes, `input`, into `out`, which is as long as the
/// block; false if they do not inflate to exactly that.
pub(crate) fn inflate(inflate: &mut Decompress, input: &[u8], out: &mut [Cell]) -> bool {
    inflate.reset(false);
    matches!(
        inflate.decompress(input, out, FlushDecompress::Finish),
        Ok(Status::StreamEnd)
    ) && inflate.total_out() == out.len() as u64
        && inflate.total_in() == input.len() as u64
}

/// `cells` deflated a [`BLOCK`] at a time, on every core: the blocks' bytes
/// end to end, appended to `data` (a file's bytes, so that twelve GB of cells
/// are not copied once more), and each block's length. `progress` hears the
/// share done.
pub(crate) fn pack(cells: &[Cell], data: &mut Vec<u8>, progress: &mut dyn FnMut(f64)) -> Vec<u32> {
    // Rounds of one run of blocks per thread, so that the caller hears the
    // progress between rounds on its own thread.
    const RUN: usize = 1024 * BLOCK;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut lengths = Vec::with_capacity(cells.len().div_ceil(BLOCK));
    data.reserve(cells.len() / 4);
    let runs: Vec<&[Cell]> = cells.chunks(RUN).collect();
    let mut done = 0;
    for round in runs.chunks(jobs) {
        let packed: Vec<(Vec<u32>, Vec<u8>)> = std::thread::scope(|s| {
            let handles: Vec<_> = round.iter().map(|run| s.spawn(|| deflate(run))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("deflating does not panic"))
                .collect()
        });
        for (l, d) in packed {
            lengths.extend(l);
            data.extend(d);
        }
        done += round.iter().map(|r| r.len()).sum::<usize>();
        progress(done as f64 / cells.len().max(1) as f64);
    }
    lengths
}

/// One run of cells, deflated a block at a time.
fn deflate(run: &[Cell]) -> (Vec<u32>, Vec<u8>) {
    let mut compress = Compress::new(Compression::default(), false);
    let mut lengths = Vec::with_capacity(run.len().div_ceil(BLOCK));
    let mut data = Vec::with_capacity(run.len() / 4);
    for block in run.chunks(BLOCK) {
        compress.reset();
        let before = data.len();
        loop {
            data.reserve(BLOCK + 256);
            let read = compress.total_in() as usize;
            let status = compress
                .compress_vec(&block[read..], &mut data, FlushCompress::Finish)
                .expect("deflating to memory does not fail");
            if status == Status::StreamEnd {
                break;
            }
        }
        lengths.push((data.len() - before) as u32);
    }
    (lengths, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_cells_read_back_in_any_order_and_bad_lengths_are_refused() {
        // Runs and noise, over several blocks and a short last one.
        let cells: Vec<Cell> = (0..5 * BLOCK + 123)
            .map(|i| {
                if i % 700 < 400 {
                    0
                } else {
                    (i * 7 % 31) as Cell
                }
            })
            .collect();
        let mut data = Vec::new();
        let lengths = pack(&cells, &mut data, &mut |_| {});
        assert_eq!(lengths.len(), 6);
        assert!(data.len() < cells.len() / 2, "{} bytes", data.len());
        let p = Packed::new(cells.len(), &lengths, data.clone()).unwrap();
        let q = Packed::new(cells.len(), &lengths, data.clone()).unwrap();
        for i in (0..cells.len()).rev().step_by(97).chain(0..cells.len()) {
            assert_eq!(p.get(i), Some(cells[i]), "cell {i}");
            // Two tables share the thread's cache without mixing their blocks.
            assert_eq!(q.get(cells.len() - 1 - i), Some(cells[cells.len() - 1 - i]));
        }
        assert_eq!(p.get(cells.len()), None);
        // Lengths that do not add up to the data, or too few blocks, are refused.
        assert!(Packed::new(cells.len(), &lengths[1..], data.clone()).is_none());
        assert!(Packed::new(cells.len(), &lengths, data[1..].to_vec()).is_none());
    }
}

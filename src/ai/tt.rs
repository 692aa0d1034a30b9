//! The transposition table: search results keyed by the position's Zobrist hash.

use super::search::MATE_BOUND;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One stored result. The move is kept as its index in the generator's list,
/// which is deterministic for a position, so an entry stays 16 bytes.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
    pub best: u8,
}

/// A fixed-size table, one entry per slot, replaced when the new result is at
/// least as deep or comes from a different position.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two of entries).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let entries = (bytes / std::mem::size_of::<Option<Entry>>()).next_power_of_two() / 2;
        let entries = entries.max(1024);
        // Advised before the first write, while no page is backed yet.
        let mut slots = Vec::with_capacity(entries);
        advise_huge_pages(
            slots.as_ptr() as usize,
            entries * std::mem::size_of::<Option<Entry>>(),
        );
        slots.resize(entries, None);
        Table {
            slots,
            mask: entries - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// Starts loading the slot of `key` into the cache, so that the probe made
    /// when the search reaches that position finds it there: the table is far
    /// larger than the cache, and waiting for its memory was a third of the
    /// search's time.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot = &self.slots[key as usize & self.mask];
            // SAFETY: a prefetch is only a hint: it never faults and changes no
            // state a program can see, and SSE is part of every x86_64 target.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const Option<Entry>).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key == entry.key && old.depth > entry.depth => {}
            _ => *slot = Some(entry),
        }
    }
}

/// Asks Linux to back the table with 2 MB pages: a probe lands anywhere in it,
/// and with 4 KB pages nearly every probe also missed the address cache (TLB).
/// Only advice: where the kernel declines, the table works the same.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: usize, bytes: usize) {
    const PAGE: usize = 4096;
    let first = start.next_multiple_of(PAGE);
    let end = start + bytes;
    if end > first {
        let len = (end - first) / PAGE * PAGE;
        // SAFETY: the range lies inside memory this table owns, and
        // MADV_HUGEPAGE changes how it is backed, never what it holds.
        unsafe { libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: usize, _: usize) {}

/// Mate scores are stored relative to the node, so they stay right when the
/// same position is reached at another ply.
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

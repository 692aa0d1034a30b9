//! The transposition table: search results keyed by the position's Zobrist hash.

use super::search::MATE_BOUND;
use std::sync::atomic::{AtomicU64, Ordering};

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
///
/// Searches on several threads share it without locks: a slot holds the entry
/// packed in one word and the key XORed with that word in another, so a slot
/// torn by two writers at once fails the key check and reads as a miss
/// instead of returning one position's result for another.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Set in every stored word, so that an empty slot (all zeros) never matches.
const FILLED: u64 = 1 << 26;

impl Entry {
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.score as u16)
            | u64::from(self.depth as u8) << 16
            | bound << 24
            | FILLED
            | u64::from(self.best) << 32
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u16 as i16,
            depth: (data >> 16) as u8 as i8,
            bound: match (data >> 24) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (data >> 32) as u8,
        }
    }
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two of entries).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        // Rounded down: a power of two already is the size asked for (it
        // was halved until 2026-12-04, so `--hash 64` gave 32 MB).
        let slots = bytes / std::mem::size_of::<Slot>();
        let entries = 1usize << (usize::BITS - 1 - slots.leading_zeros());
        // Advised before the first write, while no page is backed yet.
        let mut slots = Vec::with_capacity(entries);
        advise_huge_pages(
            slots.as_ptr() as usize,
            entries * std::mem::size_of::<Slot>(),
        );
        slots.extend((0..entries).map(|_| Slot::default()));
        Table {
            slots,
            mask: entries - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for s in &mut self.slots {
            *s = Slot::default();
        }
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
            unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const Slot).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (data & FILLED != 0 && check ^ data == key).then(|| Entry::unpack(key, data))
    }

    #[inline]
    pub fn store(&self, entry: Entry) {
        if let Some(old) = self.probe(entry.key) {
            if old.depth > entry.depth {
                return;
            }
        }
        let slot = &self.slots[entry.key as usize & self.mask];
        let data = entry.pack();
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(entry.key ^ data, Ordering::Relaxed);
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

#[cfg(test)]
mod tests {
    use super::{Bound, Entry, Table};

    #[test]
    fn an_entry_comes_back_as_it_was_stored_and_only_for_its_own_key() {
        let t = Table::new(1);
        let e = Entry {
            key: 0xdead_beef_1234_5678,
            score: -29_977,
            depth: -3,
            bound: Bound::Upper,
            best: 201,
        };
        assert!(t.probe(e.key).is_none());
        t.store(e);
        let got = t.probe(e.key).expect("stored");
        assert_eq!(
            (got.key, got.score, got.depth, got.bound, got.best),
            (e.key, e.score, e.depth, e.bound, e.best)
        );
        // Same slot, another position.
        assert!(t.probe(e.key ^ (1 << 63)).is_none());
    }

    /// `--hash 64` and the hub's `hash` are megabytes: a power of two is the
    /// size given, anything else the power of two below it.
    #[test]
    fn a_table_holds_the_megabytes_asked_for_rounded_down_to_a_power_of_two() {
        let mb = |t: &Table| (t.slots.len() * std::mem::size_of::<super::Slot>()) >> 20;
        assert_eq!(mb(&Table::new(1)), 1);
        assert_eq!(mb(&Table::new(64)), 64);
        assert_eq!(mb(&Table::new(100)), 64);
        assert_eq!(mb(&Table::new(0)), 1);
    }

    #[test]
    fn a_deeper_result_for_the_same_position_is_kept() {
        let t = Table::new(1);
        let deep = Entry {
            key: 42,
            score: 10,
            depth: 9,
            bound: Bound::Exact,
            best: 1,
        };
        t.store(deep);
        t.store(Entry { depth: 4, ..deep });
        assert_eq!(t.probe(42).map(|e| e.depth), Some(9));
        t.store(Entry {
            key: 42 + (1 << 40),
            ..deep
        });
        assert!(t.probe(42).is_none(), "another position replaces it");
    }
}

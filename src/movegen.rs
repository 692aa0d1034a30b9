//! Legal move generation for every combination of the ruleset settings.
//!
//! The six settings that shape move generation become const generics of a
//! [`Kernel`], so the compiler builds one specialised generator per combination
//! and no setting is tested in the inner loops; [`dispatch`] picks the generator
//! once per call from the ruleset. Every combination is compiled on 8×8; on
//! 10×10 and 12×12 the international settings are, and one general kernel per
//! board ([`Any`]) reads the others at run time. Nothing here knows a variant's
//! name.

use crate::bitboard::{Geometry, Word, MAX_SIZE};
use crate::moves::{Move, MoveList, MAX_INTERMEDIATE};
use crate::position::Position;
use crate::rules::{GenFlags, Ruleset};
use crate::square::Color;

/// One step of every square of `b` in the direction of rotation `r` (one of
/// `Word::ROT`), kept on the board `G`. On 10×10, which fills its 64-bit word
/// to the top bit, a rotation would carry the last rank's squares round to
/// the first rank's and back, so the rank a step leaves the board from is
/// dropped first.
#[inline(always)]
fn sh<G: Kernel>(b: G::W, r: u32) -> G::W {
    let b = if G::GEO.size == 10 {
        let edge = if r < G::W::WIDTH / 2 {
            G::GEO.ranks[G::GEO.size as usize - 1]
        } else {
            G::GEO.ranks[0]
        };
        b & !G::W::narrow(edge)
    } else {
        b
    };
    b.rotate(r) & G::valid()
}

/// The rotations of the four diagonal directions in the kernel's word.
#[inline(always)]
fn dirs<G: Kernel>() -> [u32; 4] {
    G::W::ROT
}

/// The generator settings as compile-time constants.
pub(crate) trait Kernel {
    /// The word the board fits.
    type W: Word;
    /// The board.
    const GEO: Geometry;
    /// The board's squares in the kernel's word.
    #[inline(always)]
    fn valid() -> Self::W {
        Self::W::narrow(Self::GEO.valid)
    }
    /// The row where `color`'s men are crowned, in the kernel's word.
    #[inline(always)]
    fn promotion_row(color: Color) -> Self::W {
        Self::W::narrow(Self::GEO.promotion_row(color))
    }
    /// Men capture backwards.
    fn men_back() -> bool;
    /// Kings move any distance.
    fn king_long_move() -> bool;
    /// Kings capture from any distance.
    fn king_long_capture() -> bool;
    /// A flying king lands on any empty square beyond the piece it takes.
    fn land_any() -> bool;
    /// The capture that takes the most pieces must be played.
    fn most() -> bool;
    /// 0: crowned, move ends; 1: continue as a man; 2: continue as a king.
    fn promo() -> u8;
    /// Men may take kings.
    fn men_take_kings() -> bool;
    /// The criteria after the most-pieces rule ([`GenFlags::precedence`]).
    fn precedence() -> u16;
    /// Each piece taken leaves the board as it is jumped, not when the move ends.
    fn removed_at_once() -> bool;
}

/// A compiled kernel: `A`–`P` the six settings of the first model, `T`, `Q`
/// and `R` the later ones (men take kings, the further criteria, pieces
/// leave at once).
pub(crate) struct K<
    W,
    const N: u8,
    const A: bool,
    const B: bool,
    const C: bool,
    const D: bool,
    const E: bool,
    const P: u8,
    const T: bool = true,
    const Q: u16 = 0,
    const R: bool = false,
>(std::marker::PhantomData<W>);

impl<
        W: Word,
        const N: u8,
        const A: bool,
        const B: bool,
        const C: bool,
        const D: bool,
        const E: bool,
        const P: u8,
        const T: bool,
        const Q: u16,
        const R: bool,
    > Kernel for K<W, N, A, B, C, D, E, P, T, Q, R>
{
    type W = W;
    const GEO: Geometry = Geometry::new(N);
    #[inline(always)]
    fn men_back() -> bool {
        A
    }
    #[inline(always)]
    fn king_long_move() -> bool {
        B
    }
    #[inline(always)]
    fn king_long_capture() -> bool {
        C
    }
    #[inline(always)]
    fn land_any() -> bool {
        D
    }
    #[inline(always)]
    fn most() -> bool {
        E
    }
    #[inline(always)]
    fn promo() -> u8 {
        P
    }
    #[inline(always)]
    fn men_take_kings() -> bool {
        T
    }
    #[inline(always)]
    fn precedence() -> u16 {
        Q
    }
    #[inline(always)]
    fn removed_at_once() -> bool {
        R
    }
}

std::thread_local! {
    /// The settings [`Any`] plays by: set by [`dispatch`] for the work it runs.
    static SETTINGS: std::cell::Cell<GenFlags> = const { std::cell::Cell::new(GenFlags::INTERNATIONAL) };
}

/// The general kernel of a board: its settings are read at run time, from
/// what [`dispatch`] set on this thread before running the work. Compiling
/// every combination on 10×10 and 12×12 as on 8×8 would cost megabytes of
/// code for settings no built-in ruleset uses; this one is slower instead.
/// Kernels run only inside `dispatch`, on its thread (nothing keeps a kernel
/// type to use later or elsewhere), so the settings are always the ruleset's.
pub(crate) struct Any<W, const N: u8>(std::marker::PhantomData<W>);

impl<W: Word, const N: u8> Kernel for Any<W, N> {
    type W = W;
    const GEO: Geometry = Geometry::new(N);
    #[inline(always)]
    fn men_back() -> bool {
        SETTINGS.with(|s| s.get().men_back)
    }
    #[inline(always)]
    fn king_long_move() -> bool {
        SETTINGS.with(|s| s.get().king_long_move)
    }
    #[inline(always)]
    fn king_long_capture() -> bool {
        SETTINGS.with(|s| s.get().king_long_capture)
    }
    #[inline(always)]
    fn land_any() -> bool {
        SETTINGS.with(|s| s.get().land_any)
    }
    #[inline(always)]
    fn most() -> bool {
        SETTINGS.with(|s| s.get().most)
    }
    #[inline(always)]
    fn promo() -> u8 {
        SETTINGS.with(|s| s.get().promo)
    }
    #[inline(always)]
    fn men_take_kings() -> bool {
        SETTINGS.with(|s| s.get().men_take_kings)
    }
    #[inline(always)]
    fn precedence() -> u16 {
        SETTINGS.with(|s| s.get().precedence)
    }
    #[inline(always)]
    fn removed_at_once() -> bool {
        SETTINGS.with(|s| s.get().removed_at_once)
    }
}

/// Runs `work` with `f` as the settings of [`Any`] on this thread.
pub(crate) fn with_settings<T>(f: GenFlags, work: impl FnOnce() -> T) -> T {
    /// Puts back the settings of an enclosing dispatch, even if the work panics.
    struct Restore(GenFlags);
    impl Drop for Restore {
        fn drop(&mut self) {
            SETTINGS.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(SETTINGS.with(|s| s.replace(f)));
    work()
}

/// The compiled kernel of the settings `$f`, a constant, on the board of `$n`
/// squares a side in the word `$w`.
macro_rules! kernel {
    ($w:ty, $n:literal, $f:expr) => {
        K<
            $w,
            $n,
            { $f.men_back },
            { $f.king_long_move },
            { $f.king_long_capture },
            { $f.land_any },
            { $f.most },
            { $f.promo },
            { $f.men_take_kings },
            { $f.precedence },
            { $f.removed_at_once },
        >
    };
}

/// Work to run with the generator of one ruleset.
pub(crate) trait Run {
    type Out;
    fn run<G: Kernel>(self) -> Self::Out;
}

/// Runs `r` with the kernel that matches `f`.
pub(crate) fn dispatch<R: Run>(f: GenFlags, r: R) -> R::Out {
    fn d1<R: Run, const A: bool>(f: GenFlags, r: R) -> R::Out {
        if f.king_long_move {
            d2::<R, A, true>(f, r)
        } else {
            d2::<R, A, false>(f, r)
        }
    }
    fn d2<R: Run, const A: bool, const B: bool>(f: GenFlags, r: R) -> R::Out {
        if f.king_long_capture {
            d3::<R, A, B, true>(f, r)
        } else {
            d3::<R, A, B, false>(f, r)
        }
    }
    fn d3<R: Run, const A: bool, const B: bool, const C: bool>(f: GenFlags, r: R) -> R::Out {
        if f.land_any {
            d4::<R, A, B, C, true>(f, r)
        } else {
            d4::<R, A, B, C, false>(f, r)
        }
    }
    fn d4<R: Run, const A: bool, const B: bool, const C: bool, const D: bool>(
        f: GenFlags,
        r: R,
    ) -> R::Out {
        if f.most {
            d5::<R, A, B, C, D, true>(f, r)
        } else {
            d5::<R, A, B, C, D, false>(f, r)
        }
    }
    // Every combination of settings on 8×8.
    fn d5<R: Run, const A: bool, const B: bool, const C: bool, const D: bool, const E: bool>(
        f: GenFlags,
        r: R,
    ) -> R::Out {
        if !f.men_take_kings || f.precedence != 0 || f.removed_at_once {
            return with_settings(f, || r.run::<Any<u64, 8>>());
        }
        match f.promo {
            0 => r.run::<K<u64, 8, A, B, C, D, E, 0>>(),
            1 => r.run::<K<u64, 8, A, B, C, D, E, 1>>(),
            _ => r.run::<K<u64, 8, A, B, C, D, E, 2>>(),
        }
    }
    if f.size >= 10 {
        return dispatch_large(f, r);
    }
    if f.men_back {
        d1::<R, true>(f, r)
    } else {
        d1::<R, false>(f, r)
    }
}

/// [`dispatch`] on 10×10 and 12×12.
fn dispatch_large<R: Run>(f: GenFlags, r: R) -> R::Out {
    // Each kernel is compiled once per program that uses it (the search,
    // perft, the table solver…), so every combination on every board would
    // cost megabytes of code. On 10×10 and 12×12 the international rules
    // are compiled; other settings (among them the international ones with
    // any capture allowed, which explain a refused shorter capture) run in
    // the general kernel.
    let international = GenFlags { size: 10, ..f } == GenFlags::INTERNATIONAL;
    match (f.size, international) {
        (10, true) => r.run::<kernel!(u64, 10, GenFlags::INTERNATIONAL)>(),
        (_, true) => r.run::<kernel!(u128, 12, GenFlags::INTERNATIONAL)>(),
        (10, false) => with_settings(f, || r.run::<Any<u64, 10>>()),
        (_, false) => with_settings(f, || r.run::<Any<u128, 12>>()),
    }
}

/// Runs `r` with a compiled kernel where a built-in ruleset's settings are
/// `f`'s, else with the general one: for work whose code is large (the
/// search, the table solver), where a copy for each of the 96 combinations
/// on 8×8 would cost megabytes (the search alone 2.4 MB) for settings only
/// a user's ruleset file asks for.
pub(crate) fn dispatch_builtin<R: Run>(f: GenFlags, r: R) -> R::Out {
    if f.size != 8 {
        return dispatch_large(f, r);
    }
    match BUILTIN_8.iter().position(|b| *b == f) {
        Some(0) => r.run::<kernel!(u64, 8, BUILTIN_8[0])>(),
        Some(1) => r.run::<kernel!(u64, 8, BUILTIN_8[1])>(),
        Some(2) => r.run::<kernel!(u64, 8, BUILTIN_8[2])>(),
        Some(3) => r.run::<kernel!(u64, 8, BUILTIN_8[3])>(),
        Some(4) => r.run::<kernel!(u64, 8, BUILTIN_8[4])>(),
        Some(5) => r.run::<kernel!(u64, 8, BUILTIN_8[5])>(),
        Some(6) => r.run::<kernel!(u64, 8, BUILTIN_8[6])>(),
        Some(7) => r.run::<kernel!(u64, 8, BUILTIN_8[7])>(),
        Some(8) => r.run::<kernel!(u64, 8, BUILTIN_8[8])>(),
        Some(9) => r.run::<kernel!(u64, 8, BUILTIN_8[9])>(),
        _ => with_settings(f, || r.run::<Any<u64, 8>>()),
    }
}

/// The settings of the built-in 8×8 rulesets, in [`dispatch_builtin`]'s
/// order: english, dammen64, brazilian, russian, german, italian, czech,
/// spanish and portuguese (one kernel: they move alike), pool, thai (a test
/// checks them against the files).
pub(crate) const BUILTIN_8: [GenFlags; 10] = [
    on_8(false, false, false, false, false, 0),
    on_8(false, false, false, false, true, 0),
    on_8(true, true, true, true, true, 1),
    on_8(true, true, true, true, false, 2),
    on_8(false, true, true, false, false, 0),
    // Most pieces, then with a king (2), the most kings (3), a king first (4).
    later(
        on_8(false, false, false, false, true, 0),
        false,
        4 << 6 | 3 << 3 | 2,
        false,
    ),
    later(on_8(false, true, true, true, false, 0), true, 2, false),
    later(on_8(false, true, true, true, true, 0), true, 3, false),
    on_8(true, true, true, true, false, 1),
    later(on_8(false, true, true, false, false, 0), true, 0, true),
];

/// `f` with the later settings: whether men take kings, the packed further
/// criteria ([`GenFlags::precedence`]) and whether pieces leave at once.
const fn later(f: GenFlags, men_take_kings: bool, precedence: u16, at_once: bool) -> GenFlags {
    GenFlags {
        men_take_kings,
        precedence,
        removed_at_once: at_once,
        ..f
    }
}

/// The settings of an 8×8 ruleset with the six of the first model, the later
/// ones at their defaults (men take kings, no further criteria, pieces leave
/// at the end).
pub(crate) const fn on_8(
    men_back: bool,
    king_long_move: bool,
    king_long_capture: bool,
    land_any: bool,
    most: bool,
    promo: u8,
) -> GenFlags {
    GenFlags {
        size: 8,
        men_back,
        king_long_move,
        king_long_capture,
        land_any,
        most,
        promo,
        men_take_kings: true,
        precedence: 0,
        removed_at_once: false,
    }
}

/// The legal moves of `pos` under `rules`.
pub fn legal_moves(pos: &Position, rules: &Ruleset) -> MoveList {
    struct Gen<'a>(&'a Position);
    impl Run for Gen<'_> {
        type Out = MoveList;
        fn run<G: Kernel>(self) -> MoveList {
            let mut list = MoveList::new();
            generate::<G>(self.0, &mut list);
            list
        }
    }
    dispatch(rules.gen_flags(), Gen(pos))
}

/// The directions a man of White (`white`) or Black steps in.
#[inline(always)]
fn forward<G: Kernel>(white: bool) -> [u32; 2] {
    let r = G::W::ROT;
    if white {
        [r[0], r[1]]
    } else {
        [r[2], r[3]]
    }
}

/// Fills `list` (which must be empty) with the legal moves of `pos`.
#[inline]
pub(crate) fn generate<G: Kernel>(pos: &Position, list: &mut MoveList) {
    let white = pos.side_to_move() == Color::White;
    if !captures::<G>(pos, list, white) {
        quiet::<G>(pos, list, white);
    }
}

/// The number of legal moves of `pos`: the length of the list [`generate`]
/// would fill, with quiet moves counted by population count instead of listed.
#[inline]
pub(crate) fn count<G: Kernel>(pos: &Position) -> u64 {
    let white = pos.side_to_move() == Color::White;
    let mut list = MoveList::new();
    if captures::<G>(pos, &mut list, white) {
        return list.len() as u64;
    }
    let (own, opp, kings) = pos.raw::<G::W>();
    let empty = G::valid() & !(own | opp);
    let men = own & !kings;
    let own_kings = own & kings;
    let fwd = forward::<G>(white);
    let mut n =
        (sh::<G>(men, fwd[0]) & empty).count_ones() + (sh::<G>(men, fwd[1]) & empty).count_ones();
    if !own_kings.is_zero() {
        for d in dirs::<G>() {
            let mut t = sh::<G>(own_kings, d) & empty;
            n += t.count_ones();
            if G::king_long_move() {
                // Each step of the flood is one more square along every king's ray;
                // two kings never reach the same square at the same distance.
                while !t.is_zero() {
                    t = sh::<G>(t, d) & empty;
                    n += t.count_ones();
                }
            }
        }
    }
    n as u64
}

/// Fills `list` (which must be empty) with the captures of `pos` only; returns
/// whether there was one. For the search's horizon, where quiet moves are not
/// played.
#[inline]
pub(crate) fn generate_captures<G: Kernel>(pos: &Position, list: &mut MoveList) -> bool {
    captures::<G>(pos, list, pos.side_to_move() == Color::White)
}

/// Fills `list` (which must be empty) with the quiet moves of the side to
/// move's kings, as if it had no capture. For the endgame solver, which undoes
/// a king's slide by sliding it back.
#[cfg(feature = "lab")]
#[inline]
pub(crate) fn generate_king_slides<G: Kernel>(pos: &Position, list: &mut MoveList) {
    let (own, opp, kings) = pos.raw::<G::W>();
    king_slides::<G>(own & kings, G::valid() & !(own | opp), list);
}

/// Whether the side to move has a quiet move; with no capture, whether it can move at all.
#[inline]
pub(crate) fn has_quiet<G: Kernel>(pos: &Position) -> bool {
    let white = pos.side_to_move() == Color::White;
    let (own, opp, kings) = pos.raw::<G::W>();
    let empty = G::valid() & !(own | opp);
    let men = own & !kings;
    let fwd = forward::<G>(white);
    if !((sh::<G>(men, fwd[0]) | sh::<G>(men, fwd[1])) & empty).is_zero() {
        return true;
    }
    let k = own & kings;
    dirs::<G>()
        .iter()
        .any(|&d| !(sh::<G>(k, d) & empty).is_zero())
}

/// Whether the side *not* to move could capture if it were its turn: a threat the
/// side to move must answer. The search asks this at its horizon, where a quiet
/// position with a piece en prise is not quiet at all; it needs only a yes or no,
/// so no move is built.
#[inline]
pub(crate) fn threatened<G: Kernel>(pos: &Position) -> bool {
    let (victims, attackers, kings) = pos.raw::<G::W>();
    let empty = G::valid() & !(victims | attackers);
    let men = attackers & !kings;
    let their_kings = attackers & kings;
    // The attacker is the side not to move.
    let forward = forward::<G>(pos.side_to_move() != Color::White);
    let jumps = |from: G::W, d: u32, victims: G::W| {
        !(sh::<G>(sh::<G>(from, d) & victims, d) & empty).is_zero()
    };
    let men_victims = if G::men_take_kings() {
        victims
    } else {
        victims & !kings
    };
    if G::men_back() {
        if dirs::<G>().iter().any(|&d| jumps(men, d, men_victims)) {
            return true;
        }
    } else if forward.iter().any(|&d| jumps(men, d, men_victims)) {
        return true;
    }
    if their_kings.is_zero() {
        return false;
    }
    if !G::king_long_capture() {
        return dirs::<G>().iter().any(|&d| jumps(their_kings, d, victims));
    }
    dirs::<G>().iter().any(|&d| {
        // Slide along the empty squares; the first piece met decides.
        let mut ray = sh::<G>(their_kings, d);
        while !ray.is_zero() {
            if !(sh::<G>(ray & victims, d) & empty).is_zero() {
                return true;
            }
            ray = sh::<G>(ray & empty, d);
        }
        false
    })
}

/// Generates the quiet moves; called only when no capture exists.
#[inline(always)]
fn quiet<G: Kernel>(pos: &Position, list: &mut MoveList, white: bool) {
    let (own, opp, kings) = pos.raw::<G::W>();
    let empty = G::valid() & !(own | opp);
    let men = own & !kings;
    let own_kings = own & kings;
    let fwd = forward::<G>(white);
    let promo_row = G::promotion_row(if white { Color::White } else { Color::Black });
    for d in fwd {
        let mut t = sh::<G>(men, d) & empty;
        while !t.is_zero() {
            let to = t.trailing_zeros();
            t = t.clear_lowest();
            let promotes = !(promo_row & G::W::bit(to)).is_zero();
            list.push(Move::quiet(G::W::back(to, d) as u8, to as u8, promotes));
        }
    }
    king_slides::<G>(own_kings, empty, list);
}

/// Generates the quiet moves of `own_kings` onto the `empty` squares.
#[inline(always)]
fn king_slides<G: Kernel>(own_kings: G::W, empty: G::W, list: &mut MoveList) {
    if own_kings.is_zero() {
        return;
    }
    if G::king_long_move() {
        let mut k = own_kings;
        while !k.is_zero() {
            let from = k.trailing_zeros();
            k = k.clear_lowest();
            for d in dirs::<G>() {
                let mut x = sh::<G>(G::W::bit(from), d) & empty;
                while !x.is_zero() {
                    list.push(Move::quiet(from as u8, x.trailing_zeros() as u8, false));
                    x = sh::<G>(x, d) & empty;
                }
            }
        }
    } else {
        for d in dirs::<G>() {
            let mut t = sh::<G>(own_kings, d) & empty;
            while !t.is_zero() {
                let to = t.trailing_zeros();
                t = t.clear_lowest();
                list.push(Move::quiet(G::W::back(to, d) as u8, to as u8, false));
            }
        }
    }
}

/// State of a capture search from one start square, in the board's word `W`.
struct Capture<'a, W> {
    list: &'a mut MoveList,
    from: u8,
    /// Empty squares; the start square counts as empty for the whole move.
    empty: W,
    /// Enemy pieces. Taken ones stay here until the move ends: they block.
    opp: W,
    /// The enemy pieces a man may take: all, or the men alone.
    man_opp: W,
    promo_row: W,
    /// Directions a man may capture in, as rotations.
    man_dirs: &'a [u32],
    path: [u8; MAX_INTERMEDIATE + 1],
    /// The most pieces taken by any move emitted so far.
    best: u32,
}

impl<W: Word> Capture<'_, W> {
    #[inline(always)]
    fn emit<G: Kernel<W = W>>(&mut self, to: u32, captured: W, depth: usize, promotes: bool) {
        let n = captured.count_ones();
        if n < self.best {
            if G::most() {
                return;
            }
        } else if n > self.best {
            if G::most() {
                self.list.clear();
            }
            self.best = n;
        }
        self.list.push(Move::capture(
            self.from,
            to as u8,
            captured,
            &self.path[..depth],
            promotes,
        ));
    }

    /// The squares a piece may pass and land on, with `captured` taken so far:
    /// where pieces leave the board as they are jumped, theirs too.
    #[inline(always)]
    fn empty_with<G: Kernel<W = W>>(&self, captured: W) -> W {
        if G::removed_at_once() {
            self.empty | captured
        } else {
            self.empty
        }
    }

    /// Continues a man's capture from `sq`; returns whether it could take anything.
    fn man<G: Kernel<W = W>>(&mut self, sq: u32, captured: W, depth: usize) -> bool {
        let mut found = false;
        let victims = self.man_opp & !captured;
        for i in 0..self.man_dirs.len() {
            let d = self.man_dirs[i];
            let mid = sh::<G>(W::bit(sq), d);
            if (mid & victims).is_zero() {
                continue;
            }
            let land = sh::<G>(mid, d) & self.empty_with::<G>(captured);
            if land.is_zero() {
                continue;
            }
            found = true;
            let to = land.trailing_zeros();
            let cap = captured | mid;
            self.path[depth] = to as u8;
            if !(land & self.promo_row).is_zero() {
                match G::promo() {
                    0 => self.emit::<G>(to, cap, depth, true),
                    1 => {
                        if !self.man::<G>(to, cap, depth + 1) {
                            self.emit::<G>(to, cap, depth, true);
                        }
                    }
                    _ => {
                        if !self.king::<G>(to, cap, depth + 1, true, 4) {
                            self.emit::<G>(to, cap, depth, true);
                        }
                    }
                }
            } else if !self.man::<G>(to, cap, depth + 1) {
                self.emit::<G>(to, cap, depth, false);
            }
        }
        found
    }

    /// The first occupied square from `sq` in direction `d`, within a king's capture reach.
    #[inline(always)]
    fn target<G: Kernel<W = W>>(&self, sq: u32, d: u32, captured: W) -> W {
        let mut x = sh::<G>(W::bit(sq), d);
        if G::king_long_capture() {
            let empty = self.empty_with::<G>(captured);
            while !(x & empty).is_zero() {
                x = sh::<G>(x, d);
            }
        }
        x
    }

    /// Whether a king on `sq` could take a piece, with `captured` already taken.
    #[inline(always)]
    fn king_can_capture<G: Kernel<W = W>>(&self, sq: u32, captured: W) -> bool {
        let victims = self.opp & !captured;
        let empty = self.empty_with::<G>(captured);
        dirs::<G>().iter().any(|&d| {
            let x = self.target::<G>(sq, d, captured);
            !(x & victims).is_zero() && !(sh::<G>(x, d) & empty).is_zero()
        })
    }

    /// Continues a king's capture from `sq`, skipping direction index `skip`
    /// (4 for none); returns whether it could take anything.
    fn king<G: Kernel<W = W>>(
        &mut self,
        sq: u32,
        captured: W,
        depth: usize,
        promotes: bool,
        skip: usize,
    ) -> bool {
        let mut found = false;
        let victims = self.opp & !captured;
        for (i, d) in dirs::<G>().into_iter().enumerate() {
            if i == skip {
                continue;
            }
            let x = self.target::<G>(sq, d, captured);
            if (x & victims).is_zero() {
                continue;
            }
            let empty = self.empty_with::<G>(captured);
            let mut land = sh::<G>(x, d) & empty;
            if land.is_zero() {
                continue;
            }
            found = true;
            let cap = captured | x;
            if G::land_any() {
                let mut lands = [0u32; MAX_SIZE - 2];
                let mut n = 0;
                while !land.is_zero() {
                    lands[n] = land.trailing_zeros();
                    n += 1;
                    land = sh::<G>(land, d) & empty;
                }
                let mut go_on = [false; MAX_SIZE - 2];
                let mut any = false;
                for k in 0..n {
                    go_on[k] = self.king_can_capture::<G>(lands[k], cap);
                    any |= go_on[k];
                }
                for k in 0..n {
                    self.path[depth] = lands[k] as u8;
                    if !any {
                        self.emit::<G>(lands[k], cap, depth, promotes);
                    } else if go_on[k] {
                        // Where kings capture from afar, going on straight ahead is
                        // the same move from every landing square, so only the first
                        // one may go on in direction `d`; where they take only what
                        // is next to them, each landing square meets another square.
                        let skip = if k == 0 || !G::king_long_capture() {
                            4
                        } else {
                            i
                        };
                        self.king::<G>(lands[k], cap, depth + 1, promotes, skip);
                    }
                }
            } else {
                let to = land.trailing_zeros();
                self.path[depth] = to as u8;
                if !self.king::<G>(to, cap, depth + 1, promotes, 4) {
                    self.emit::<G>(to, cap, depth, promotes);
                }
            }
        }
        found
    }
}

/// Generates every capture into `list`; returns whether there was one.
#[inline(always)]
fn captures<G: Kernel>(pos: &Position, list: &mut MoveList, white: bool) -> bool {
    let (own, opp, kings) = pos.raw::<G::W>();
    let empty = G::valid() & !(own | opp);
    let men = own & !kings;
    let own_kings = own & kings;
    let rot = &G::W::ROT;
    let man_dirs: &[u32] = match (G::men_back(), white) {
        (true, _) => rot,
        (false, true) => &rot[..2],
        (false, false) => &rot[2..],
    };
    let man_opp = if G::men_take_kings() {
        opp
    } else {
        opp & !kings
    };
    // Men that can take something: a victim one step away with an empty square behind it.
    let mut capturing_men = G::W::ZERO;
    for &d in man_dirs {
        let back_d = G::W::opposite(d);
        capturing_men |= sh::<G>(man_opp & sh::<G>(empty, back_d), back_d);
    }
    capturing_men &= men;
    if capturing_men.is_zero() && own_kings.is_zero() {
        return false;
    }
    let promo_row = G::promotion_row(if white { Color::White } else { Color::Black });
    let mut cap = Capture {
        list,
        from: 0,
        empty,
        opp,
        man_opp,
        promo_row,
        man_dirs,
        path: [0; MAX_INTERMEDIATE + 1],
        best: 0,
    };
    while !capturing_men.is_zero() {
        let from = capturing_men.trailing_zeros();
        capturing_men = capturing_men.clear_lowest();
        cap.from = from as u8;
        cap.empty = empty | G::W::bit(from);
        cap.man::<G>(from, G::W::ZERO, 0);
    }
    let mut k = own_kings;
    while !k.is_zero() {
        let from = k.trailing_zeros();
        k = k.clear_lowest();
        cap.from = from as u8;
        cap.empty = empty | G::W::bit(from);
        cap.king::<G>(from, G::W::ZERO, 0, false, 4);
    }
    let best = cap.best;
    if G::precedence() != 0 && list.len() > 1 {
        prefer::<G>(pos, list);
    }
    // Where pieces leave at once, a flying king may turn back over one it has
    // taken and reach the same end from two landing squares: two captures.
    if best >= 3 || (best == 2 && G::removed_at_once()) {
        dedupe(list);
    }
    !list.is_empty()
}

/// Keeps, criterion by criterion of the ruleset's precedence, the captures
/// that score best on it (docs/RULES.md, capture-precedence). Before
/// [`dedupe`], so that of the ways to play one move the one kept is one that
/// passes: a king met first is a property of the way, not of the move.
fn prefer<G: Kernel>(pos: &Position, list: &mut MoveList) {
    use crate::rules::Criterion;
    let kings = pos.kings(pos.side_to_move().opposite());
    let own_kings = pos.kings(pos.side_to_move());
    let mut codes = G::precedence();
    while codes != 0 && list.len() > 1 {
        let Some(c) = Criterion::of_code(codes & 7) else {
            break;
        };
        codes >>= 3;
        // Higher is better on every criterion.
        let score = |m: &Move| -> u32 {
            match c {
                Criterion::MostPieces => m.capture_count(),
                Criterion::WithKing => own_kings.contains(m.from()) as u32,
                Criterion::MostKings => (m.captured() & kings).count(),
                Criterion::KingFirst => {
                    let first = taken_in_order(&G::GEO, m)
                        .iter()
                        .position(|&sq| kings.contains(sq));
                    first.map_or(0, |i| MAX_INTERMEDIATE as u32 + 2 - i as u32)
                }
            }
        };
        // Scored once each: a king met first walks the move's path.
        let scores: Vec<u32> = list.iter().map(score).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut each = scores.into_iter();
        list.retain(|_| each.next() == Some(best));
    }
}

/// The pieces a capture takes, in the order it takes them: on each leg of its
/// path, the one piece it jumps.
fn taken_in_order(geo: &Geometry, m: &Move) -> Vec<crate::square::Square> {
    let captured = m.captured();
    m.path()
        .windows(2)
        .filter_map(|leg| {
            geo.between(leg[0], leg[1])
                .find(|&sq| captured.contains(sq))
        })
        .collect()
}

/// Drops sequences that repeat an earlier one's start, end and captured set.
/// Such repeats need at least three captures (two with flying kings are ruled
/// out by construction in `king`, unless pieces leave as they are jumped), so
/// the caller runs this only then.
fn dedupe(list: &mut MoveList) {
    let moves = list.as_slice();
    let has_dup = (1..moves.len()).any(|i| moves[..i].iter().any(|m| m.same_move(&moves[i])));
    if !has_dup {
        return;
    }
    let mut seen: Vec<Move> = Vec::with_capacity(moves.len());
    list.retain(|m| {
        if seen.iter().any(|s| s.same_move(m)) {
            false
        } else {
            seen.push(*m);
            true
        }
    });
}

#[cfg(test)]
mod tests;

//! Structured mutations of valid input, for the fuzz tests: a valid FEN, PDN game,
//! ruleset, config file, command line or Hub session with bytes flipped, inserted,
//! deleted, spans duplicated or cut, and tokens that readers trip on spliced in.
//! Noise alone rarely gets past a reader's first check; an edited valid input
//! reaches its deepest branches. Shared by the integration tests and the binary's
//! own fuzz tests (`src/main.rs`, `#[path]`), so that it depends on proptest alone.
#![allow(dead_code)]

use proptest::prelude::*;

/// What readers trip on: control characters, quotes and brackets, numbers that do not
/// fit, separators of each format, and characters of several bytes.
pub const TOKENS: &[&str] = &[
    "\u{1b}[2J",
    "\u{1b}]0;x\u{7}",
    "\u{0}",
    "\u{7f}",
    "\u{9b}",
    "\"",
    "'",
    "\\",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "=",
    "\n",
    "\r",
    "\t",
    " ",
    "99999999999999999999999",
    "4294967296",
    "18446744073709551616",
    "-1",
    "-0",
    "1e308",
    "1e20",
    "nan",
    "inf",
    "0",
    "00",
    "33",
    ":",
    ",",
    ";",
    "x",
    "-",
    "/",
    "*",
    "%",
    "$",
    "K",
    "W",
    "B",
    "w",
    "b",
    "e",
    "é",
    "€",
    "𝄞",
    "\u{200b}",
    "#",
    "'''",
    "\"\"\"",
    "[[",
    "]]",
    "..",
    "1-0",
    "0-1",
    "1/2-1/2",
    "true",
    "false",
    "moves=",
    "pos=",
    "value=",
    "--",
    "-h",
];

/// One edit: where (a fraction of the length, so any input can take it), what, and
/// with which character or token.
type Edit = (u16, u8, u16, char);

fn apply(base: &str, edits: &[Edit]) -> String {
    let mut c: Vec<char> = base.chars().collect();
    for &(at, op, arg, ch) in edits {
        let n = c.len();
        let i = (at as usize * (n + 1)) >> 16;
        let len = 1 + (arg as usize % 16);
        match op % 8 {
            0 if i < n => c[i] = ch,
            1 => c.insert(i, ch),
            2 if i < n => {
                c.remove(i);
            }
            3 | 4 => {
                let t = TOKENS[arg as usize % TOKENS.len()];
                for (k, tc) in t.chars().enumerate() {
                    c.insert(i + k, tc);
                }
            }
            5 => {
                let end = (i + len).min(n);
                let span: Vec<char> = c[i.min(n)..end].to_vec();
                for (k, sc) in span.into_iter().enumerate() {
                    c.insert(end + k, sc);
                }
            }
            6 => {
                let end = (i + len).min(n);
                c.drain(i.min(n)..end);
            }
            7 if i < n => {
                // A flipped bit that keeps the character a character.
                if let Some(f) = char::from_u32(c[i] as u32 ^ (1 << (arg % 8))) {
                    c[i] = f;
                }
            }
            _ => {}
        }
    }
    c.into_iter().collect()
}

/// One of `bases` with up to `max_edits` random edits.
pub fn mutated(bases: &'static [&'static str], max_edits: usize) -> impl Strategy<Value = String> {
    (
        0..bases.len(),
        prop::collection::vec(
            (any::<u16>(), any::<u8>(), any::<u16>(), any::<char>()),
            0..=max_edits,
        ),
    )
        .prop_map(move |(b, edits)| apply(bases[b], &edits))
}

/// As [`mutated`], for input read as bytes: the text's bytes, then a few bytes set
/// to anything (which may leave it no longer UTF-8).
pub fn mutated_bytes(
    bases: &'static [&'static str],
    max_edits: usize,
) -> impl Strategy<Value = Vec<u8>> {
    (
        mutated(bases, max_edits),
        prop::collection::vec((any::<u16>(), any::<u8>()), 0..3),
    )
        .prop_map(|(text, flips)| {
            let mut bytes = text.into_bytes();
            for (at, b) in flips {
                if !bytes.is_empty() {
                    let i = (at as usize * bytes.len()) >> 16;
                    bytes[i] = b;
                }
            }
            bytes
        })
}

/// The number of cases of a fuzz property: `default`, or the share `weight` (in
/// hundredths; every reader's shares add up to 100) of `FUZZ_CASES`, the total
/// of a long run.
pub fn cases(default: u32, weight: u32) -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(default, |n| {
            (n * weight as u64 / 100).clamp(1, u32::MAX as u64) as u32
        })
}

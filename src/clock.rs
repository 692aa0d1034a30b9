//! Game clocks: a time control, how the AI divides what is left of it, and
//! clock times as PDN writes them.
//!
//! A time control is a base time and an increment per move (Fischer): each
//! player's clock starts at the base plus one increment, the increment of the
//! first move being given before it as electronic clocks give it, so that
//! `0+1` (nothing but the increment) is a game of a second a move and not a
//! loss before the first one. A player whose clock runs out loses
//! (docs/RULES.md, flag-fall).

use std::fmt;
use std::time::Duration;

/// The longest base time or increment accepted: a day.
const MOST: Duration = Duration::from_secs(24 * 3600);

/// A base time and an increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each player's time for the whole game, before increments.
    pub base: Duration,
    /// Added to a player's clock with each of their moves.
    pub increment: Duration,
}

impl TimeControl {
    /// A control as players write it: `MIN+INC`, minutes of base time and
    /// seconds of increment (`5+3`, `0+1`, `0.5+0`; `15` alone has no increment).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let number = |s: &str, what: &str| -> Result<f64, String> {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("`{s}` is not a number of {what}"))
        };
        let base = number(base, "minutes")? * 60.0;
        let inc = number(inc, "seconds")?;
        let control = TimeControl {
            base: seconds(base)?,
            increment: seconds(inc)?,
        };
        if control.start().is_zero() {
            return Err("a clock needs some time: a base, an increment or both".into());
        }
        Ok(control)
    }

    /// A control as PDN's `TimeControl` tag writes it: seconds of base time and
    /// seconds of increment (`300+3`, or `300` without one). `None` for any
    /// other form (`40/7200:3600`, `?`, `-`), which this clock cannot keep.
    pub fn from_pdn(text: &str) -> Option<TimeControl> {
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base: u64 = base.parse().ok()?;
        let inc: u64 = inc.parse().ok()?;
        let control = TimeControl {
            base: Duration::from_secs(base),
            increment: Duration::from_secs(inc),
        };
        (control.base <= MOST && control.increment <= MOST && !control.start().is_zero())
            .then_some(control)
    }

    /// The `TimeControl` tag's value: `300+3`.
    pub fn pdn(&self) -> String {
        let (base, inc) = (self.base.as_secs(), self.increment.as_secs());
        if self.increment.is_zero() {
            base.to_string()
        } else {
            format!("{base}+{inc}")
        }
    }

    /// What each clock shows before the first move: the base and one increment.
    pub fn start(&self) -> Duration {
        self.base + self.increment
    }
}

impl fmt::Display for TimeControl {
    /// As [`TimeControl::parse`] reads it: `5+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        let inc = self.increment.as_secs_f64();
        write!(f, "{}+{}", trim(minutes), trim(inc))
    }
}

/// A number without a needless fraction: `5`, `0.5`.
fn trim(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn seconds(v: f64) -> Result<Duration, String> {
    let d = Duration::from_secs_f64(v.min(MOST.as_secs_f64() + 1.0));
    if d > MOST {
        return Err("a clock of more than a day".into());
    }
    Ok(d)
}

/// The time to spend on this move with `left` on the clock and `increment` to
/// come with it, when `moves` more moves (30 if unknown) must be played in it:
/// an even share of the time plus most of the increment, never more than half
/// of what is left and the increment, so a fast game never runs out.
pub fn move_time(left: Duration, increment: Duration, moves: Option<u32>) -> Duration {
    let share = left / moves.unwrap_or(30).max(1) + increment.mul_f64(0.8);
    share.min(left / 2 + increment)
}

/// The time for this move by the clock, as [`move_time`] with the same
/// arguments gives it (the share), and the most it may take when the search
/// asks for more: three shares, but never more than a fifth of what is left and
/// most of the increment, so that a long think early cannot starve the moves
/// after it.
pub fn budget(left: Duration, increment: Duration, moves: Option<u32>) -> (Duration, Duration) {
    let share = move_time(left, increment, moves);
    let most = (share * 3)
        .min(left / 5 + increment.mul_f64(0.8))
        .max(share);
    (share, most)
}

/// A clock time as it is shown: `4:57`, `1:02:03`, and tenths under ten
/// seconds (`0:09.3`), when every tenth counts. Never below zero.
pub fn show(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    let secs = tenths / 10;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if secs < 10 {
        format!("{m}:{s:02}.{}", tenths % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

/// The clock comment written after a move, PDN's `[%clk h:mm:ss]`: the time
/// left to the player who made it (wiegerw/pdn, "PDN Extensions").
pub fn clk(d: Duration) -> String {
    let secs = d.as_secs();
    format!(
        "[%clk {}:{:02}:{:02}]",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// The time a comment gives the player who made the move before it: the first
/// `[%clk h:mm:ss]` in it, or the `[%clock …]` form's time for `mover` (`w`/`W`
/// for White, `b`/`B` for Black, or a time with no letter).
pub fn read_clk(comment: &str, mover: crate::Color) -> Option<Duration> {
    let mut rest = comment;
    while let Some(at) = rest.find("[%") {
        rest = &rest[at + 2..];
        let end = rest.find(']')?;
        let body = &rest[..end];
        rest = &rest[end..];
        let mut words = body.split_whitespace();
        match words.next() {
            Some("clk") => return words.next().and_then(hms),
            Some("clock") => {
                for w in words {
                    let (letter, time) = match w.chars().next() {
                        Some(c @ ('w' | 'W' | 'b' | 'B')) => {
                            (Some(c.to_ascii_lowercase()), &w[1..])
                        }
                        _ => (None, w),
                    };
                    let ours = match mover {
                        crate::Color::White => 'w',
                        crate::Color::Black => 'b',
                    };
                    if letter.is_none_or(|l| l == ours) {
                        return hms(time);
                    }
                }
                return None;
            }
            _ => {}
        }
    }
    None
}

/// `h:mm:ss` or `m:ss`, with an optional fraction of a second.
fn hms(text: &str) -> Option<Duration> {
    let mut total = 0.0;
    let parts: Vec<&str> = text.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for (i, p) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let v: f64 = if last {
            p.parse().ok()?
        } else {
            p.parse::<u32>().ok()? as f64
        };
        if !v.is_finite() || v < 0.0 || (i > 0 && v >= 60.0) {
            return None;
        }
        total = total * 60.0 + v;
    }
    (total <= MOST.as_secs_f64()).then(|| Duration::from_secs_f64(total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    #[test]
    fn a_control_is_minutes_and_seconds_of_increment() {
        let c = TimeControl::parse("5+3").unwrap();
        assert_eq!(c.base, Duration::from_secs(300));
        assert_eq!(c.increment, Duration::from_secs(3));
        assert_eq!(c.to_string(), "5+3");
        assert_eq!(c.pdn(), "300+3");
        assert_eq!(
            TimeControl::parse("0.5+0").unwrap().base,
            Duration::from_secs(30)
        );
        assert_eq!(TimeControl::parse("15").unwrap().increment, Duration::ZERO);
        assert_eq!(
            TimeControl::parse("0+1").unwrap().start(),
            Duration::from_secs(1)
        );
        for bad in ["0+0", "x+1", "5+", "-1+2", "5+inf", "2000+0", "NaN"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_pdn_tag_is_seconds() {
        let c = TimeControl::from_pdn("60+5").unwrap();
        assert_eq!((c.base.as_secs(), c.increment.as_secs()), (60, 5));
        assert_eq!(TimeControl::from_pdn("300").unwrap().pdn(), "300");
        for other in ["?", "-", "40/7200:3600", "0", "0+0", ""] {
            assert_eq!(TimeControl::from_pdn(other), None, "{other}");
        }
    }

    #[test]
    fn the_ai_spends_a_share_and_never_half_its_time() {
        let s = Duration::from_secs;
        assert_eq!(move_time(s(300), s(0), None), s(10));
        assert_eq!(
            move_time(s(60), s(2), Some(30)),
            Duration::from_millis(3600)
        );
        // Nearly out of time: half of what is left, and the increment.
        assert_eq!(move_time(s(1), s(1), Some(1)), Duration::from_millis(1500));
        assert!(move_time(s(0), s(0), None).is_zero());
        // Three shares when there is time for them, a fifth of the clock when not.
        assert_eq!(budget(s(300), s(0), None), (s(10), s(30)));
        assert_eq!(budget(s(20), s(0), Some(5)), (s(4), s(4)));
        assert_eq!(
            budget(s(20), s(1), Some(20)),
            (Duration::from_millis(1800), Duration::from_millis(4800))
        );
    }

    #[test]
    fn times_show_tenths_only_when_they_count() {
        let ms = Duration::from_millis;
        assert_eq!(show(ms(297_000)), "4:57");
        assert_eq!(show(ms(9_340)), "0:09.3");
        assert_eq!(show(ms(3_723_000)), "1:02:03");
        assert_eq!(show(Duration::ZERO), "0:00.0");
    }

    #[test]
    fn clock_comments_read_back() {
        let d = Duration::from_secs(297);
        assert_eq!(clk(d), "[%clk 0:04:57]");
        assert_eq!(read_clk(&clk(d), Color::White), Some(d));
        assert_eq!(
            read_clk("good move [%clk 1:55:21] here", Color::Black),
            Some(Duration::from_secs(6921))
        );
        let both = "[%clock w0:00:10 B0:00:03]";
        assert_eq!(read_clk(both, Color::White), Some(Duration::from_secs(10)));
        assert_eq!(read_clk(both, Color::Black), Some(Duration::from_secs(3)));
        for none in [
            "",
            "no clock",
            "[%clk soon]",
            "[%clk 1:75:00]",
            "[%eval 0.3]",
            "[%clk",
        ] {
            assert_eq!(read_clk(none, Color::White), None, "{none}");
        }
    }
}

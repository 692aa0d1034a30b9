//! The sequential probability ratio test: a match that stops as soon as its
//! games say which of two Elo differences is the likelier, so that a change is
//! accepted or rejected in as few games as the evidence allows.
//!
//! The games come in pairs (each opening with both colours), and the two games
//! of a pair are not independent: an opening that favours one colour gives each
//! side one win. So the test counts pairs, each scoring 0, ¼, ½, ¾ or 1 for the
//! first player (the pentanomial model fishtest uses), and takes the log-likelihood
//! ratio of the two hypotheses under the normal approximation of the mean pair
//! score (the generalised SPRT, M. Van den Bergh, "A practical introduction to
//! the GSPRT"). Elo is logistic, as `checkers match` reports it.

/// A test of `elo0` (H0) against `elo1` (H1), with error rates `alpha` (accepting
/// H1 when H0 holds) and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The difference is `elo1` or more, as far as the test can tell.
    H1,
    /// The difference is `elo0` or less, as far as the test can tell.
    H0,
    /// Not yet decided.
    Open,
}

/// The expected score of a side `elo` points stronger.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Pairs the test counts before any game: one scoring ¼ and one ¾. Their mean
/// is even, so they favour neither side, and their spread keeps a handful of
/// identical pairs (all draws, say) from deciding a test on a spread of
/// nothing; over hundreds of pairs they weigh nothing.
const PRIOR: [f64; 5] = [0.0, 1.0, 0.0, 1.0, 0.0];

impl Sprt {
    /// `ELO0,ELO1` as `--sprt` takes it, with α = β = 0.05.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [a, b] = parts[..] else {
            return Err(format!(
                "`{text}`: give two Elo differences separated by a comma, such as 0,10"
            ));
        };
        let number = |s: &str| -> Result<f64, String> {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && x.abs() <= 1000.0)
                .ok_or_else(|| {
                    format!("`{s}` in `{text}` is not an Elo difference from -1000 to 1000")
                })
        };
        let (elo0, elo1) = (number(a)?, number(b)?);
        if elo1 <= elo0 {
            return Err(format!(
                "`{text}`: the second Elo difference (H1) must be above the first (H0)"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// The log-likelihood ratio below which H0 is accepted and above which H1 is.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these pairs, each the mean
    /// of its two games' scores for the first player (0, ¼, ½, ¾ or 1).
    pub fn llr(&self, pairs: &[f64]) -> f64 {
        if pairs.is_empty() {
            return 0.0;
        }
        let mut count = PRIOR;
        for &p in pairs {
            count[((p * 4.0).round() as usize).min(4)] += 1.0;
        }
        let n: f64 = count.iter().sum();
        let value = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| count[i] * value(i)).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| count[i] * (value(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        pairs.len() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Open
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test() -> Sprt {
        Sprt::parse("0,10").unwrap()
    }

    #[test]
    fn bounds_are_those_of_five_percent_errors() {
        let (low, high) = test().bounds();
        assert!((low + 2.944).abs() < 1e-3, "{low}");
        assert!((high - 2.944).abs() < 1e-3, "{high}");
    }

    #[test]
    fn a_clear_winner_is_accepted_and_a_clear_loser_rejected() {
        let t = test();
        // 60% in pairs that split often: well above +10 Elo.
        let good: Vec<f64> = (0..400)
            .map(|i| [1.0, 0.5, 0.75, 0.5, 0.25][i % 5])
            .collect();
        assert_eq!(t.verdict(t.llr(&good)), Verdict::H1);
        let bad: Vec<f64> = good.iter().map(|p| 1.0 - p).collect();
        assert_eq!(t.verdict(t.llr(&bad)), Verdict::H0);
    }

    #[test]
    fn even_play_leans_to_the_null_hypothesis_and_few_pairs_decide_nothing() {
        let t = test();
        let even: Vec<f64> = (0..21).map(|i| [0.5, 0.75, 0.25][i % 3]).collect();
        let llr = t.llr(&even);
        assert!(llr < 0.0, "{llr}");
        assert_eq!(t.verdict(llr), Verdict::Open);
        assert_eq!(t.llr(&[]), 0.0);
    }

    #[test]
    fn a_handful_of_alike_pairs_decides_nothing() {
        let t = test();
        for pairs in [&[0.5; 5][..], &[0.5, 0.5, 0.25, 0.5, 0.5], &[1.0; 3]] {
            assert_eq!(t.verdict(t.llr(pairs)), Verdict::Open, "{pairs:?}");
        }
    }

    #[test]
    fn all_draws_give_a_finite_ratio() {
        let t = test();
        let llr = t.llr(&[0.5; 50]);
        assert!(llr.is_finite() && llr < 0.0, "{llr}");
    }

    #[test]
    fn bad_text_is_refused_with_the_reason() {
        assert!(Sprt::parse("10")
            .unwrap_err()
            .contains("two Elo differences"));
        assert!(Sprt::parse("10,0").unwrap_err().contains("must be above"));
        assert!(Sprt::parse("0,x").unwrap_err().contains("`x`"));
        assert_eq!(Sprt::parse(" -5 , 5 ").unwrap().elo0, -5.0);
    }
}

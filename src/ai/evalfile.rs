//! Weight files: the learned evaluation's weights, written by `checkers train`,
//! compiled into the binary for the built-in variants and loaded with `--eval FILE`.
//!
//! The format, all little-endian: the magic `CKEV`, a version (u32), the ruleset's
//! id (u16 length, UTF-8), its fingerprint ([`super::learned::fingerprint`], u64),
//! the number of features (u32), the scale (f32: hundredths of a man per unit of
//! the trainer's logit), the weights (an opening and an endgame i16 per feature),
//! the network (its hidden units, u32, 0 for none, then its parameters as f32),
//! and an FNV-1a checksum (u64) of everything before it.
//!
//! From version 5 the weights are stored as runs, since most of them (window
//! arrangements self-play never met, material counts no game reaches) are zero:
//! a run is the number of zero features (u32), the number of features that
//! follow with their values (u32), then those values; runs follow each other
//! until every feature is accounted for.

use super::learned::{fingerprint, fnv, Layout};
use super::network::{Shape, HIDDEN_SIZES};
use crate::rules::{builtin, Ruleset};
use std::fmt;
use std::path::Path;

const MAGIC: &[u8; 4] = b"CKEV";
/// Version 2: the weights correct the hand-written evaluation instead of replacing it.
/// Version 3 adds the material table; a version 2 file still loads, with that
/// table empty, so weights trained before it keep playing as they did.
/// Version 4 adds the network, which older files do without.
/// Version 5 stores the weights as runs of zeros and values.
pub const VERSION: u32 = 5;
/// The oldest version still read.
pub const OLDEST: u32 = 2;
/// No weights file is larger than this; anything bigger is not one.
const MAX_BYTES: u64 = 16 << 20;

/// The built-in variants' trained weights (`weights/`, made by `checkers train`;
/// docs/TRAINING.md).
const BUILT_IN: &[(&str, &[u8])] = &[
    (
        builtin::ENGLISH,
        include_bytes!("../../weights/english.ckev"),
    ),
    (
        builtin::DAMMEN64,
        include_bytes!("../../weights/dammen64.ckev"),
    ),
    (
        builtin::BRAZILIAN,
        include_bytes!("../../weights/brazilian.ckev"),
    ),
    (
        builtin::RUSSIAN,
        include_bytes!("../../weights/russian.ckev"),
    ),
    (builtin::GERMAN, include_bytes!("../../weights/german.ckev")),
    (
        builtin::INTERNATIONAL,
        include_bytes!("../../weights/international.ckev"),
    ),
    (
        builtin::CANADIAN,
        include_bytes!("../../weights/canadian.ckev"),
    ),
    (
        builtin::ITALIAN,
        include_bytes!("../../weights/italian.ckev"),
    ),
    (
        builtin::SPANISH,
        include_bytes!("../../weights/spanish.ckev"),
    ),
    (
        builtin::PORTUGUESE,
        include_bytes!("../../weights/portuguese.ckev"),
    ),
    (builtin::CZECH, include_bytes!("../../weights/czech.ckev")),
    (builtin::THAI, include_bytes!("../../weights/thai.ckev")),
    (builtin::POOL, include_bytes!("../../weights/pool.ckev")),
];

/// A weights file's contents.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalFile {
    /// The id of the ruleset the weights were trained for.
    pub variant: String,
    /// Its fingerprint, so that a changed ruleset under the same id is refused.
    pub fingerprint: u64,
    /// Hundredths of a man per unit of the trainer's logit.
    pub scale: f32,
    /// An (opening, endgame) pair per feature, hundredths of a man.
    pub weights: Vec<[i16; 2]>,
    /// The network's parameters, if it has one.
    pub network: Option<Vec<f32>>,
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalFileError {
    /// Where the file came from.
    pub origin: String,
    /// What is wrong.
    pub problem: EvalProblem,
}

/// What is wrong with a weights file, as a kind a front end can word in its own
/// language; `Display` is the English sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalProblem {
    /// It could not be read; the system's reason.
    Unreadable(String),
    /// It does not start with the magic `CKEV`.
    NotAWeightsFile,
    /// It ends in the middle of its contents.
    Truncated,
    /// A version this program does not read.
    Version(u32),
    /// The checksum does not match the contents: the file is damaged.
    Checksum,
    /// The ruleset id in it is not valid UTF-8.
    VariantNotUtf8,
    /// A feature count that is not this version's.
    Features(usize),
    /// A network with another number of hidden units.
    Network(usize),
    /// A network parameter that is infinite or not a number.
    NotFinite,
    /// More bytes than its contents account for.
    TrailingBytes,
    /// The runs of weights do not add up to the number of features.
    Runs,
    /// Trained for the ruleset with this id, not the one asked for.
    TrainedFor {
        /// The id the file names.
        trained: String,
        /// The id of the ruleset it was loaded for.
        wanted: String,
    },
    /// Trained for an earlier version of the ruleset with this id.
    RulesChanged(String),
    /// Weights for one board loaded for rules played on another.
    Board {
        /// The side of the board the weights are for.
        weights: u8,
        /// The side of the board the rules are played on.
        rules: u8,
    },
}

impl fmt::Display for EvalProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalProblem::Unreadable(e) => write!(f, "cannot read it: {e}"),
            EvalProblem::NotAWeightsFile => write!(
                f,
                "not a weights file (it should start with CKEV; `checkers train` writes them)"
            ),
            EvalProblem::Truncated => {
                write!(f, "the file is truncated: train it again or copy it whole")
            }
            EvalProblem::Version(v) => write!(
                f,
                "weights file version {v}; this program reads versions {OLDEST} to {VERSION}: train it again"
            ),
            EvalProblem::Checksum => write!(
                f,
                "the checksum does not match: the file is truncated or damaged"
            ),
            EvalProblem::VariantNotUtf8 => write!(f, "the variant id is not UTF-8"),
            EvalProblem::Features(n) => write!(
                f,
                "{n} features; this program's evaluation has {}: train it again",
                expected_features()
            ),
            EvalProblem::Network(n) => write!(
                f,
                "a network of {n} hidden units; this program plays {}: train it again",
                hidden_sizes()
            ),
            EvalProblem::NotFinite => write!(
                f,
                "a network parameter is not a finite number: the file is damaged"
            ),
            EvalProblem::TrailingBytes => write!(f, "unexpected bytes after the weights"),
            EvalProblem::Runs => write!(
                f,
                "the runs of weights do not add up to its number of features: the file is damaged"
            ),
            // The id comes from the file.
            EvalProblem::TrainedFor { trained, wanted } => crate::text::write_printable(
                f,
                format_args!("these weights were trained for `{trained}`, not `{wanted}`"),
            ),
            EvalProblem::RulesChanged(id) => write!(
                f,
                "these weights were trained for another version of `{id}` (its rules have changed): train them again"
            ),
            EvalProblem::Board { weights: w, rules: n } => write!(
                f,
                "these weights are for games on {w}×{w}; these rules are played on {n}×{n}"
            ),
        }
    }
}

/// The feature counts of the boards this program has learned terms for, as
/// an error message gives them: `87646 (8×8) / 299511 (10×10) / 1087622 (12×12)`.
pub fn expected_features() -> String {
    crate::ai::learned::BOARDS
        .iter()
        .map(|g| format!("{} ({}×{})", Layout::of(g).features, g.size, g.size))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The hidden layers a weights file's network may have, as an error message
/// gives them: `32 / 64 / 128 / 256`.
pub fn hidden_sizes() -> String {
    let all: Vec<String> = HIDDEN_SIZES.iter().map(|h| h.to_string()).collect();
    all.join(" / ")
}

impl fmt::Display for EvalFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.origin, self.problem)
    }
}

impl std::error::Error for EvalFileError {}

impl EvalFile {
    /// Weights for `rules`, as the trainer makes them.
    pub fn new(rules: &Ruleset, scale: f32, weights: Vec<[i16; 2]>) -> EvalFile {
        EvalFile {
            variant: rules.id.clone(),
            fingerprint: fingerprint(rules),
            scale,
            weights,
            network: None,
        }
    }

    /// The compiled-in weights for `rules`, if it is a built-in variant that has
    /// some and its settings are the ones they were trained for.
    pub fn builtin(rules: &Ruleset) -> Option<EvalFile> {
        let (_, bytes) = BUILT_IN.iter().find(|(id, _)| *id == rules.id)?;
        let file = EvalFile::from_bytes(bytes, "built-in weights").ok()?;
        file.check(rules).ok()?;
        Some(file)
    }

    /// The file as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.write(VERSION)
    }

    /// The file as a version from 4 up writes it (older ones only in tests).
    fn write(&self, version: u32) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.weights.len() * 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        let id = self.variant.as_bytes();
        out.extend_from_slice(&(id.len() as u16).to_le_bytes());
        out.extend_from_slice(id);
        out.extend_from_slice(&self.fingerprint.to_le_bytes());
        out.extend_from_slice(&(self.weights.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.scale.to_le_bytes());
        let pair = |out: &mut Vec<u8>, w: &[i16; 2]| {
            out.extend_from_slice(&w[0].to_le_bytes());
            out.extend_from_slice(&w[1].to_le_bytes());
        };
        if version >= 5 {
            let mut at = 0;
            let zero = |w: &[i16; 2]| *w == [0, 0];
            while at < self.weights.len() {
                let zeros = self.weights[at..].iter().take_while(|w| zero(w)).count();
                // A value run ends at two zeros in a row: one costs less inside it
                // than a new run's eight bytes.
                let rest = &self.weights[at + zeros..];
                let mut values = 0;
                while values < rest.len()
                    && !(zero(&rest[values]) && rest.get(values + 1).is_none_or(zero))
                {
                    values += 1;
                }
                out.extend_from_slice(&(zeros as u32).to_le_bytes());
                out.extend_from_slice(&(values as u32).to_le_bytes());
                for w in &rest[..values] {
                    pair(&mut out, w);
                }
                at += zeros + values;
            }
        } else {
            for w in &self.weights {
                pair(&mut out, w);
            }
        }
        match &self.network {
            Some(params) => {
                let shape = Shape::with_params(&self.board(), params.len())
                    .expect("a network of a size this program plays");
                out.extend_from_slice(&(shape.hidden() as u32).to_le_bytes());
                for p in params {
                    out.extend_from_slice(&p.to_le_bytes());
                }
            }
            None => out.extend_from_slice(&0u32.to_le_bytes()),
        }
        let sum = fnv(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a file's bytes; `origin` names it in errors.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<EvalFile, EvalFileError> {
        let fail = |problem: EvalProblem| EvalFileError {
            origin: origin.to_string(),
            problem,
        };
        if bytes.len() < 4 || &bytes[..4] != MAGIC {
            return Err(fail(EvalProblem::NotAWeightsFile));
        }
        let truncated = || fail(EvalProblem::Truncated);
        if bytes.len() < 8 + 8 {
            return Err(truncated());
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut r = Reader { bytes: body, at: 4 };
        let version = r.u32().ok_or_else(truncated)?;
        if !(OLDEST..=VERSION).contains(&version) {
            return Err(fail(EvalProblem::Version(version)));
        }
        if u64::from_le_bytes(sum.try_into().expect("eight bytes")) != fnv(body) {
            return Err(fail(EvalProblem::Checksum));
        }
        let len = r.u16().ok_or_else(truncated)? as usize;
        let variant = String::from_utf8(r.take(len).ok_or_else(truncated)?.to_vec())
            .map_err(|_| fail(EvalProblem::VariantNotUtf8))?;
        let fingerprint = r.u64().ok_or_else(truncated)?;
        let count = r.u32().ok_or_else(truncated)? as usize;
        let layout = Layout::for_features(count, version)
            .ok_or_else(|| fail(EvalProblem::Features(count)))?;
        let scale = f32::from_le_bytes(r.take(4).ok_or_else(truncated)?.try_into().expect("4"));
        let pairs = |raw: &[u8]| {
            raw.chunks_exact(4)
                .map(|c| {
                    [
                        i16::from_le_bytes([c[0], c[1]]),
                        i16::from_le_bytes([c[2], c[3]]),
                    ]
                })
                .collect::<Vec<_>>()
        };
        let mut weights: Vec<[i16; 2]> = Vec::with_capacity(layout.features);
        if version >= 5 {
            while weights.len() < count {
                let zeros = r.u32().ok_or_else(truncated)? as usize;
                let values = r.u32().ok_or_else(truncated)? as usize;
                if zeros + values == 0 || weights.len() + zeros + values > count {
                    return Err(fail(EvalProblem::Runs));
                }
                weights.resize(weights.len() + zeros, [0, 0]);
                weights.extend(pairs(r.take(values * 4).ok_or_else(truncated)?));
            }
        } else {
            weights = pairs(r.take(count * 4).ok_or_else(truncated)?);
        }
        let mut network = None;
        if version >= 4 {
            let hidden = r.u32().ok_or_else(truncated)? as usize;
            if hidden != 0 {
                if !HIDDEN_SIZES.contains(&hidden) {
                    return Err(fail(EvalProblem::Network(hidden)));
                }
                let params = Shape::of(&layout.geo, hidden).params();
                let raw = r.take(params * 4).ok_or_else(truncated)?;
                let params: Vec<f32> = raw
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes(c.try_into().expect("4")))
                    .collect();
                if !params.iter().all(|p| p.is_finite()) {
                    return Err(fail(EvalProblem::NotFinite));
                }
                network = Some(params);
            }
        }
        if r.at != body.len() {
            return Err(fail(EvalProblem::TrailingBytes));
        }
        // Features a version did not have are appended after its own, at zero.
        weights.resize(layout.features, [0, 0]);
        Ok(EvalFile {
            variant,
            fingerprint,
            scale,
            weights,
            network,
        })
    }

    /// Reads a weights file from disk and checks it is for `rules`.
    pub fn load(path: &Path, rules: &Ruleset) -> Result<EvalFile, EvalFileError> {
        EvalFile::load_worded(path, rules, &|e| e.to_string())
    }

    /// [`EvalFile::load`], with a file that cannot be read explained by `why`
    /// (a front end words the system's reason in its own language).
    pub fn load_worded(
        path: &Path,
        rules: &Ruleset,
        why: &dyn Fn(&std::io::Error) -> String,
    ) -> Result<EvalFile, EvalFileError> {
        let file = EvalFile::read_worded(path, why)?;
        file.check(rules).map_err(|problem| EvalFileError {
            origin: path.display().to_string(),
            problem,
        })?;
        Ok(file)
    }

    /// Reads a weights file from disk, for whichever ruleset it names; only a
    /// regular file of a weights file's size is read.
    pub fn read(path: &Path) -> Result<EvalFile, EvalFileError> {
        EvalFile::read_worded(path, &|e| e.to_string())
    }

    /// [`EvalFile::read`], with a file that cannot be read explained by `why`.
    pub fn read_worded(
        path: &Path,
        why: &dyn Fn(&std::io::Error) -> String,
    ) -> Result<EvalFile, EvalFileError> {
        let origin = path.display().to_string();
        let bytes = crate::read_file(path, MAX_BYTES).map_err(|e| EvalFileError {
            origin: origin.clone(),
            problem: EvalProblem::Unreadable(why(&e)),
        })?;
        EvalFile::from_bytes(&bytes, &origin)
    }

    /// The board these weights are for, told by how many there are.
    pub fn board(&self) -> crate::Geometry {
        Layout::for_features(self.weights.len(), VERSION).map_or(crate::BOARD_8, |l| l.geo)
    }

    /// Whether these weights were trained for `rules`.
    pub fn check(&self, rules: &Ruleset) -> Result<(), EvalProblem> {
        if self.variant != rules.id {
            return Err(EvalProblem::TrainedFor {
                trained: self.variant.clone(),
                wanted: rules.id.clone(),
            });
        }
        if self.fingerprint != fingerprint(rules) {
            return Err(EvalProblem::RulesChanged(rules.id.clone()));
        }
        let board = self.board();
        if board.size != rules.geometry().size {
            return Err(EvalProblem::Board {
                weights: board.size,
                rules: rules.geometry().size,
            });
        }
        Ok(())
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let s = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(s)
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::learned::{FEATURES, FEATURES_V2};

    /// Parameters of the 8×8 network.
    const PARAMS: usize = Shape::of(&crate::BOARD_8, 64).params();

    /// The variant a weights file names is shown escaped (issue 33).
    #[test]
    fn a_foreign_variant_id_is_shown_with_its_control_characters_escaped() {
        let e = EvalProblem::TrainedFor {
            trained: "x\u{1b}[2J\u{7}".into(),
            wanted: "english".into(),
        };
        let shown = e.to_string();
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
    }

    fn sample(rules: &Ruleset) -> EvalFile {
        let weights = (0..FEATURES)
            .map(|i| [(i % 300) as i16 - 150, (i % 7) as i16])
            .collect();
        EvalFile::new(rules, 91.5, weights)
    }

    #[test]
    fn weights_round_trip() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let file = sample(&rules);
        let back = EvalFile::from_bytes(&file.to_bytes(), "x").unwrap();
        assert_eq!(back, file);
        assert!(back.check(&rules).is_ok());
    }

    #[test]
    fn a_network_round_trips_and_a_wrong_one_is_refused() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let mut file = sample(&rules);
        file.network = Some((0..PARAMS).map(|i| i as f32 / 1000.0 - 4.0).collect());
        let bytes = file.to_bytes();
        assert_eq!(EvalFile::from_bytes(&bytes, "n.ckev").unwrap(), file);
        let err = |b: &[u8]| EvalFile::from_bytes(b, "n.ckev").unwrap_err().to_string();
        // Rewrites the file with one change and a fresh checksum.
        let patched = |at: usize, new: &[u8]| {
            let mut b = bytes[..bytes.len() - 8].to_vec();
            b[at..at + new.len()].copy_from_slice(new);
            let sum = fnv(&b);
            b.extend_from_slice(&sum.to_le_bytes());
            b
        };
        let hidden_at = bytes.len() - 8 - PARAMS * 4 - 4;
        assert_eq!(
            err(&patched(hidden_at, &48u32.to_le_bytes())),
            "n.ckev: a network of 48 hidden units; this program plays 32 / 64 / 128 / 256: train it again"
        );
        assert!(
            err(&patched(hidden_at + 4, &f32::NAN.to_le_bytes())).contains("not a finite number")
        );
        let mut cut = bytes[..bytes.len() - 8 - 40].to_vec();
        let sum = fnv(&cut);
        cut.extend_from_slice(&sum.to_le_bytes());
        assert!(err(&cut).contains("truncated"));
    }

    #[test]
    fn a_version_3_file_loads_without_a_network() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let file = sample(&rules);
        let mut bytes = file.write(4);
        // Version 3 had no network count before the checksum.
        bytes.truncate(bytes.len() - 8 - 4);
        bytes[4..8].copy_from_slice(&3u32.to_le_bytes());
        let sum = fnv(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(EvalFile::from_bytes(&bytes, "v3.ckev").unwrap(), file);
    }

    #[test]
    fn a_version_2_file_loads_with_an_empty_material_table() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let file = sample(&rules);
        let mut bytes = file.write(4);
        // Rewrite it as version 2 wrote it: fewer features, then the checksum.
        bytes.truncate(bytes.len() - 8 - 4);
        bytes.truncate(bytes.len() - (FEATURES - FEATURES_V2) * 4);
        bytes[4..8].copy_from_slice(&2u32.to_le_bytes());
        let at = 8 + 2 + rules.id.len() + 8;
        bytes[at..at + 4].copy_from_slice(&(FEATURES_V2 as u32).to_le_bytes());
        let sum = fnv(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let back = EvalFile::from_bytes(&bytes, "old.ckev").unwrap();
        assert_eq!(back.weights.len(), FEATURES);
        assert_eq!(back.weights[..FEATURES_V2], file.weights[..FEATURES_V2]);
        assert!(back.weights[FEATURES_V2..].iter().all(|w| *w == [0, 0]));
    }

    #[test]
    fn bad_weight_files_are_refused_with_one_clear_line() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let bytes = sample(&rules).to_bytes();
        let err = |b: &[u8]| EvalFile::from_bytes(b, "w.ckev").unwrap_err().to_string();
        assert!(err(&bytes[..bytes.len() / 2]).contains("truncated or damaged"));
        assert!(err(&bytes[..6]).contains("truncated"));
        assert!(err(b"hello world").contains("not a weights file"));
        let mut v2 = bytes.clone();
        v2[4] = 1;
        assert!(err(&v2).contains("version 1"));
        let mut future = bytes.clone();
        future[4] = 9;
        assert!(err(&future).contains("version 9; this program reads versions 2 to 5"));
        let mut damaged = bytes.clone();
        damaged[100] ^= 1;
        assert!(err(&damaged).contains("checksum"));
        let russian = Ruleset::builtin(builtin::RUSSIAN).unwrap();
        let file = EvalFile::from_bytes(&bytes, "w.ckev").unwrap();
        assert_eq!(
            file.check(&russian).unwrap_err().to_string(),
            "these weights were trained for `english`, not `russian`"
        );
        let mut changed = rules.clone();
        changed.men_capture_backwards = true;
        assert!(file
            .check(&changed)
            .unwrap_err()
            .to_string()
            .contains("rules have changed"));
        for e in [err(&bytes[..6]), err(b"hello world"), err(&v2)] {
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn weights_are_stored_as_runs_and_version_4_files_still_load() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let mut weights = vec![[0i16, 0]; FEATURES];
        for (i, w) in [(0, [1, 2]), (1, [0, 0]), (2, [3, 0]), (500, [-4, 4])] {
            weights[i] = w;
        }
        *weights.last_mut().unwrap() = [7, 7];
        let file = EvalFile::new(&rules, 100.0, weights);
        let runs = file.to_bytes();
        assert!(runs.len() < 100, "{} bytes", runs.len());
        assert_eq!(EvalFile::from_bytes(&runs, "r.ckev").unwrap(), file);
        let dense = file.write(4);
        assert!(dense.len() > FEATURES * 4);
        assert_eq!(EvalFile::from_bytes(&dense, "d.ckev").unwrap(), file);
        // Runs that overrun the features, or go nowhere, are refused.
        let at = 8 + 2 + rules.id.len() + 8 + 4 + 4;
        for run in [[0u32, 0], [FEATURES as u32, 1]] {
            let mut b = runs[..at].to_vec();
            b.extend_from_slice(&run[0].to_le_bytes());
            b.extend_from_slice(&run[1].to_le_bytes());
            b.extend_from_slice(&[0; 8]);
            let sum = fnv(&b);
            b.extend_from_slice(&sum.to_le_bytes());
            assert!(EvalFile::from_bytes(&b, "r.ckev")
                .unwrap_err()
                .to_string()
                .contains("do not add up"));
        }
    }

    #[test]
    fn weights_for_10x10_and_12x12_round_trip_with_their_network_and_are_refused_on_8x8() {
        // 12×12's too: its network's rows run past bit 64.
        let canadian = Ruleset::builtin(builtin::CANADIAN).unwrap();
        let layout = Layout::of(canadian.geometry());
        let mut file = EvalFile::new(&canadian, 120.0, vec![[1, 2]; layout.features]);
        let params = Shape::of(canadian.geometry(), 128).params();
        file.network = Some((0..params).map(|i| (i % 7) as f32 / 100.0).collect());
        let back = EvalFile::from_bytes(&file.to_bytes(), "c.ckev").unwrap();
        assert_eq!(back, file);
        assert_eq!(back.board(), crate::BOARD_12);
        assert!(back.check(&canadian).is_ok());

        let international = Ruleset::builtin(builtin::INTERNATIONAL).unwrap();
        let layout = Layout::of(international.geometry());
        let mut file = EvalFile::new(
            &international,
            120.0,
            (0..layout.features).map(|i| [(i % 11) as i16, 3]).collect(),
        );
        let params = Shape::of(international.geometry(), 256).params();
        file.network = Some((0..params).map(|i| (i % 13) as f32 / 100.0).collect());
        let back = EvalFile::from_bytes(&file.to_bytes(), "i.ckev").unwrap();
        assert_eq!(back, file);
        assert_eq!(back.board(), crate::BOARD_10);
        assert!(back.check(&international).is_ok());
        // The same id and settings on 8×8 (a user's ruleset) is another board.
        let mut eight = international.clone();
        eight.notation.geometry = crate::BOARD_8;
        assert_eq!(
            back.check(&eight).unwrap_err().to_string(),
            "these weights are for games on 10×10; these rules are played on 8×8"
        );
        // A turned board is the same board: Italian's weights fit Italian.
        let italian = Ruleset::builtin(builtin::ITALIAN).unwrap();
        assert!(italian.geometry().face.turned);
        let features = Layout::of(italian.geometry()).features;
        let turned = EvalFile::new(&italian, 120.0, vec![[1, 2]; features]);
        let back = EvalFile::from_bytes(&turned.to_bytes(), "it.ckev").unwrap();
        assert!(back.check(&italian).is_ok());
        // A count that fits no board names the ones that are known.
        let mut odd = file.clone();
        odd.weights.truncate(1000);
        odd.network = None;
        assert_eq!(
            EvalFile::from_bytes(&odd.to_bytes(), "i.ckev")
                .unwrap_err()
                .to_string(),
            format!(
                "i.ckev: 1000 features; this program's evaluation has {FEATURES} (8×8) / {} (10×10) / {} (12×12): train it again",
                layout.features,
                Layout::of(&crate::BOARD_12).features
            )
        );
    }
}

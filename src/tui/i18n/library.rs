//! The engine's typed errors in the player's language. The library words its
//! errors in English and knows nothing of languages; where the game or the
//! command line shows one to a player, it is worded here from its kind, so that
//! no sentence is half in one language and half in another.

use super::Lang;
use checkers::ai::evalfile::{
    expected_features, hidden_sizes, EvalFileError, EvalProblem, OLDEST, VERSION,
};
use checkers::pdn::{OpenError, Refusal, ReplayError};
use checkers::{FenError, FenProblem, Illegal, RulesetError, Square};

/// A square as a FEN or PDN error names it: number and name, "22 (c3)".
fn both(number: u8, name: &str) -> String {
    format!("{number} ({name})")
}

impl Lang {
    /// The rule a move breaks; `square` names a square in the game's notation.
    pub fn illegal(self, why: Illegal, square: impl Fn(Square) -> String) -> String {
        match why {
            Illegal::NoPiece(sq) => self.f("illegal.no_piece", &[("square", &square(sq))]),
            Illegal::NotYourPiece => self.t("illegal.not_your_piece").to_string(),
            Illegal::NoLegalMove => self.t("illegal.no_legal_move").to_string(),
            Illegal::MustTakeMost(n) => self.f("illegal.must_take_most", &[("n", &n)]),
            Illegal::MenCannotTakeKings => self.t("illegal.men_take_no_kings").to_string(),
            Illegal::KingCapturesFirst => self.t("illegal.king_captures_first").to_string(),
            Illegal::MustTakeMostKings(n) => self.f("illegal.must_take_most_kings", &[("n", &n)]),
            Illegal::MustTakeKingFirst => self.t("illegal.must_take_king_first").to_string(),
            Illegal::CaptureMandatory => self.t("illegal.capture_mandatory").to_string(),
            Illegal::CaptureMustContinue => self.t("illegal.capture_must_continue").to_string(),
            Illegal::PieceCannotMove => self.t("illegal.piece_cannot_move").to_string(),
            Illegal::MenDoNotMoveBackwards => self.t("illegal.men_backwards").to_string(),
            Illegal::Occupied(sq) => self.f("illegal.occupied", &[("square", &square(sq))]),
            Illegal::CannotMoveThere => self.t("illegal.cannot_move_there").to_string(),
        }
    }

    /// What is wrong with a FEN, without the FEN.
    pub fn fen_problem(self, problem: &FenProblem) -> String {
        let text = |t: &String| checkers::printable(t).into_owned();
        match problem {
            FenProblem::Empty => self.t("fen.empty").to_string(),
            FenProblem::BadSide(t) => self.f("fen.bad_side", &[("text", &text(t))]),
            FenProblem::BadList(t) => self.f("fen.bad_list", &[("text", &text(t))]),
            FenProblem::ListedTwice(c) => self.f("fen.listed_twice", &[("side", &self.side(*c))]),
            FenProblem::NotASquare {
                item,
                color,
                squares,
            } => self.f(
                "fen.not_a_square",
                &[
                    ("text", &text(item)),
                    ("side", &self.side(*color)),
                    ("last", squares),
                ],
            ),
            FenProblem::SquareTwice { number, name, .. } => {
                self.f("fen.square_twice", &[("square", &both(*number, name))])
            }
            FenProblem::ManOnCrowningRow {
                color,
                number,
                name,
                ..
            } => self.f(
                "fen.crowning_row",
                &[
                    ("side", &self.side(*color)),
                    ("square", &both(*number, name)),
                    ("pdn", number),
                ],
            ),
            FenProblem::TooMany { color, count, most } => self.n(
                "fen.too_many",
                u64::from(*count),
                &[("side", &self.side(*color)), ("most", most)],
            ),
        }
    }

    /// A FEN that cannot be read: the FEN quoted (made printable) and why.
    /// English is the library's own sentence.
    pub fn fen_error(self, e: &FenError) -> String {
        if self == Lang::En {
            return checkers::printable(&e.to_string()).into_owned();
        }
        let fen = checkers::printable(&e.fen).into_owned();
        let reason = self.fen_problem(&e.problem);
        self.f("fen.bad", &[("fen", &fen), ("reason", &reason)])
    }

    /// Why a recorded game stops replaying: which move, where in the file, why.
    /// English is the library's own sentence, which also names the moves an
    /// ambiguous text fits.
    pub fn replay_error(self, e: &ReplayError) -> String {
        if self == Lang::En {
            return checkers::printable(&e.to_string()).into_owned();
        }
        let text = checkers::printable(&e.text).into_owned();
        let subject = match e.kind {
            Refusal::BadSetup => self.f("pdn.setup", &[("text", &text)]),
            _ => self.f("pdn.move", &[("n", &e.move_number), ("text", &text)]),
        };
        let reason = match (e.kind, e.illegal, &e.setup) {
            (Refusal::Illegal, Some(why), _) => {
                let board = checkers::Geometry::new(e.board).with_face(e.face);
                let reason =
                    self.illegal(why, |s| both(board.number(s).unwrap_or(0), &board.name(s)));
                self.f("illegal.typed", &[("text", &text), ("reason", &reason)])
            }
            (Refusal::Illegal, None, _) => self.f("pdn.no_such_move", &[("text", &text)]),
            (Refusal::Ambiguous, ..) => self.f("pdn.ambiguous", &[("text", &text)]),
            (Refusal::NotAMove, ..) => self.f("pdn.not_a_move", &[("text", &text)]),
            (Refusal::BadSetup, _, Some(problem)) => self.fen_problem(problem),
            (Refusal::BadSetup, _, None) => self.t("pdn.bad_setup").to_string(),
        };
        self.f(
            "pdn.at",
            &[
                ("what", &subject),
                ("line", &e.line),
                ("column", &e.column),
                ("reason", &reason),
            ],
        )
    }

    /// A ruleset file that cannot be used. That it cannot be read at all is
    /// worded here; what is wrong inside one stays the library's English, which
    /// quotes the TOML keys and the English example ruleset the README teaches.
    pub fn ruleset_error(self, e: &RulesetError) -> String {
        let Some(kind) = e.unreadable.filter(|_| self != Lang::En) else {
            return checkers::printable(&e.to_string()).into_owned();
        };
        let why = match kind {
            std::io::ErrorKind::NotFound => self.t("ruleset.no_such_file").to_string(),
            std::io::ErrorKind::InvalidData => self.t("ruleset.not_utf8").to_string(),
            _ => self.f("ruleset.cannot_read", &[("error", &e.message)]),
        };
        checkers::printable(&format!("{}: {why}", e.origin)).into_owned()
    }

    /// A weights file (`--eval FILE`) that cannot be used, with the file's name.
    /// English is the library's sentence.
    pub fn eval_error(self, e: &EvalFileError) -> String {
        if self == Lang::En {
            return checkers::printable(&e.to_string()).into_owned();
        }
        let why = match &e.problem {
            EvalProblem::Unreadable(error) => self.f("eval.unreadable", &[("error", error)]),
            EvalProblem::NotAWeightsFile => self.t("eval.not_weights").to_string(),
            EvalProblem::Truncated => self.t("eval.truncated").to_string(),
            EvalProblem::Version(found) => self.f(
                "eval.version",
                &[("found", found), ("oldest", &OLDEST), ("newest", &VERSION)],
            ),
            EvalProblem::Checksum => self.t("eval.checksum").to_string(),
            EvalProblem::VariantNotUtf8 => self.t("eval.variant_utf8").to_string(),
            EvalProblem::Features(found) => self.f(
                "eval.features",
                &[("found", found), ("expected", &expected_features())],
            ),
            EvalProblem::Network(found) => self.f(
                "eval.network",
                &[("found", found), ("expected", &hidden_sizes())],
            ),
            EvalProblem::NotFinite => self.t("eval.not_finite").to_string(),
            EvalProblem::TrailingBytes => self.t("eval.trailing").to_string(),
            EvalProblem::Runs => self.t("eval.runs").to_string(),
            EvalProblem::TrainedFor { trained, wanted } => self.f(
                "eval.trained_for",
                &[("trained", trained), ("wanted", wanted)],
            ),
            EvalProblem::RulesChanged(id) => self.f("eval.rules_changed", &[("id", id)]),
            EvalProblem::Board { weights, rules } => {
                self.f("eval.board", &[("w", weights), ("n", rules)])
            }
        };
        checkers::printable(&format!("{}: {why}", e.origin)).into_owned()
    }

    /// Why game `n` of a file cannot be opened, without the file name (English:
    /// the library's sentence).
    pub fn open_error(self, e: &OpenError) -> String {
        if self == Lang::En {
            return checkers::printable(&e.to_string()).into_owned();
        }
        match e {
            OpenError::Unreadable(p) => {
                // The system's own words stay as the system gave them.
                let message = match p.kind {
                    checkers::pdn::Unreadable::Utf16 => self.t("pdn.utf16").to_string(),
                    checkers::pdn::Unreadable::NotText => self.t("pdn.not_text").to_string(),
                    checkers::pdn::Unreadable::Io => checkers::printable(&p.message).into_owned(),
                };
                self.f(
                    "pdn.at",
                    &[
                        ("what", &self.t("pdn.file")),
                        ("line", &p.line),
                        ("column", &p.column),
                        ("reason", &message),
                    ],
                )
            }
            OpenError::NoSuchGame { count: 0, .. } => self.t("pdn.no_game").to_string(),
            OpenError::NoSuchGame { count, n } => {
                self.n("pdn.holds", *count as u64, &[("game", n)])
            }
            OpenError::Refused { n, error } => {
                let why = self.replay_error(error);
                self.f("pdn.game", &[("n", n), ("why", &why)])
            }
            OpenError::Unsupported { n, what } => {
                let name = checkers::printable(&what.game).into_owned();
                let why = self.f("pdn.unsupported", &[("game", &name)]);
                self.f("pdn.game", &[("n", n), ("why", &why)])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file that is not text, or UTF-16, is said so in the player's
    /// language, not in the library's English inside a translated line.
    #[test]
    fn an_unreadable_file_is_worded_in_each_language() {
        use checkers::pdn::{PdnError, Unreadable};
        for (kind, english) in [
            (Unreadable::NotText, "a NUL byte: this is not a text file"),
            (
                Unreadable::Utf16,
                "the file is UTF-16; save it as UTF-8 (or Latin-1) to read it",
            ),
        ] {
            let e = OpenError::Unreadable(PdnError {
                line: 1,
                column: 1,
                message: english.to_string(),
                kind,
            });
            assert_eq!(
                Lang::En.open_error(&e),
                format!("line 1, column 1: {english}")
            );
            for lang in [Lang::De, Lang::Nl, Lang::It, Lang::Ru] {
                let said = lang.open_error(&e);
                assert!(!said.contains(english), "{lang:?}: {said}");
            }
        }
    }

    /// Every reason a move is refused is worded in every language; the English
    /// is the library's own sentence.
    #[test]
    fn illegal_move_reasons_in_every_language() {
        let sq = checkers::BOARD_8.square_named("c3").unwrap();
        let reasons = [
            Illegal::NoPiece(sq),
            Illegal::NotYourPiece,
            Illegal::NoLegalMove,
            Illegal::MustTakeMost(3),
            Illegal::MenCannotTakeKings,
            Illegal::KingCapturesFirst,
            Illegal::MustTakeMostKings(2),
            Illegal::MustTakeKingFirst,
            Illegal::CaptureMandatory,
            Illegal::CaptureMustContinue,
            Illegal::PieceCannotMove,
            Illegal::MenDoNotMoveBackwards,
            Illegal::Occupied(sq),
            Illegal::CannotMoveThere,
        ];
        for why in reasons {
            assert_eq!(Lang::En.illegal(why, |s| s.algebraic()), why.to_string());
            for lang in Lang::ALL {
                let line = lang.illegal(why, |s| s.algebraic());
                assert!(
                    !line.is_empty() && !line.contains('{') && !line.contains('\n'),
                    "{lang:?}: {line}"
                );
                if lang != Lang::En {
                    assert_ne!(line, why.to_string(), "{lang:?} has its own words");
                }
            }
        }
    }

    fn fen(text: &str) -> FenError {
        checkers::fen::parse(text, &checkers::BOARD_8).expect_err("a bad FEN")
    }

    /// Every kind of FEN error is worded in every language, the FEN quoted; the
    /// English is the library's own sentence.
    #[test]
    fn fen_errors_in_every_language() {
        let bad = [
            "",
            "X:W21:B1",
            "W:Q21:B1",
            "W:W21:W22",
            "W:W99:B1",
            "W:W21,21:B1",
            "W:W1:B5",
            "W:WK1-13:B",
        ];
        for text in bad {
            let e = fen(text);
            assert_eq!(Lang::En.fen_error(&e), e.to_string(), "{text}");
            for lang in Lang::ALL {
                let line = lang.fen_error(&e);
                assert!(line.contains(&format!("\"{text}\"")), "{lang:?}: {line}");
                assert!(!line.contains('{'), "{lang:?}: {line}");
            }
        }
        assert_eq!(
            Lang::Ru.fen_error(&fen("W:WK1-13:B")),
            "неверный FEN \"W:WK1-13:B\": у стороны «Белые» 13 шашек; у стороны не больше 12"
        );
        assert_eq!(
            Lang::It.fen_error(&fen("W:WK1-13:B")),
            "FEN non valida \"W:WK1-13:B\": il Bianco ha 13 pezzi; un giocatore ne ha al massimo 12"
        );
        assert_eq!(
            Lang::De.fen_error(&fen("X:W21:B1")),
            "fehlerhafte FEN \"X:W21:B1\": wer am Zug ist, `X`, muss `W` oder `B` sein, wie in W:W21-32:B1-12"
        );
    }

    fn opened(pdn: &str, n: usize, lang: Lang) -> String {
        let assume = checkers::pdn::Assume {
            variant: checkers::Ruleset::builtin("english"),
            preferred: None,
        };
        let e = checkers::pdn::open_game(pdn.as_bytes(), n, &assume).expect_err("refused");
        lang.open_error(&e)
    }

    /// A record that stops replaying says which game and move, where and why,
    /// every word of it in the language (the move text as written).
    #[test]
    fn pdn_refusals_in_every_language() {
        let illegal = "[GameType \"21\"]\n\n1. 11-15 24-20 2. 15-19 23x16 3. 10-14 *\n";
        let en = opened(illegal, 1, Lang::En);
        assert!(
            en.starts_with("game 1, move 3 `10-14` (line 3, column "),
            "{en}"
        );
        assert!(
            en.ends_with("`10-14` is illegal: a capture is mandatory"),
            "{en}"
        );
        let nl = opened(illegal, 1, Lang::Nl);
        assert!(
            nl.starts_with("partij 1, zet 3 `10-14` (regel 3, kolom "),
            "{nl}"
        );
        assert!(nl.ends_with("`10-14` mag niet: slaan is verplicht"), "{nl}");
        let setup = "[GameType \"21\"]\n[FEN \"W:W1-13:B20\"]\n\n*\n";
        let ru = opened(setup, 1, Lang::Ru);
        assert!(
            ru.starts_with("партия 1, начальная позиция `W:W1-13:B20`"),
            "{ru}"
        );
        assert!(ru.contains("13 шашек"), "{ru}");
        let de = opened("1. 11-15 *\n", 2, Lang::De);
        assert_eq!(
            de,
            "die Datei enthält 1 Partie; eine Partie 2 gibt es nicht"
        );
        let it = opened(illegal, 1, Lang::It);
        assert!(
            it.starts_with("partita 1, mossa 3 `10-14` (riga 3, colonna "),
            "{it}"
        );
        assert!(
            it.ends_with("`10-14` non è legale: la presa è obbligatoria"),
            "{it}"
        );
        for lang in Lang::ALL {
            assert_eq!(opened("", 1, lang), lang.t("pdn.no_game"));
            let not_a_move = opened("[GameType \"21\"]\n1. 11-15 2x99 *\n", 1, lang);
            assert!(not_a_move.contains("`2x99`"), "{lang:?}: {not_a_move}");
        }
    }

    /// Every way a weights file is refused is worded in every language, naming
    /// the file; the English is the library's own sentence.
    #[test]
    fn weight_file_errors_in_every_language() {
        let problems = [
            EvalProblem::Unreadable("no such file".into()),
            EvalProblem::NotAWeightsFile,
            EvalProblem::Truncated,
            EvalProblem::Version(9),
            EvalProblem::Checksum,
            EvalProblem::VariantNotUtf8,
            EvalProblem::Features(7),
            EvalProblem::TrailingBytes,
            EvalProblem::TrainedFor {
                trained: "english".into(),
                wanted: "russian".into(),
            },
            EvalProblem::RulesChanged("english".into()),
            EvalProblem::Network(32),
            EvalProblem::NotFinite,
            EvalProblem::Runs,
            EvalProblem::Board {
                weights: 10,
                rules: 8,
            },
        ];
        for problem in problems {
            let e = EvalFileError {
                origin: "w.ckev".into(),
                problem,
            };
            assert_eq!(Lang::En.eval_error(&e), e.to_string());
            for lang in Lang::ALL {
                let line = lang.eval_error(&e);
                assert!(line.starts_with("w.ckev: "), "{lang:?}: {line}");
                assert!(
                    !line.contains('{') && !line.contains('\n'),
                    "{lang:?}: {line}"
                );
            }
        }
        let e = EvalFileError {
            origin: "w.ckev".into(),
            problem: EvalProblem::Version(9),
        };
        assert_eq!(
            Lang::Nl.eval_error(&e),
            "w.ckev: gewichtenbestand versie 9; dit programma leest versie 2 tot 5: train het opnieuw"
        );
    }
}

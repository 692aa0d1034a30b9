//! The words the terminal front end and the command line show a player, in
//! English, Dutch, Russian, German and Italian.
//!
//! One catalogue per language (`i18n/en.txt`, `nl.txt`, `ru.txt`, `de.txt`,
//! `it.txt`, and the command line's in `i18n/cli/`),
//! compiled in: `key = text` lines, `{name}` where a value goes, and for counted
//! words one key per plural form (`.one`, `.few`, `.many`, `.other`) as the
//! language needs them (Russian: 1 ход, 2 хода, 5 ходов). A test fails when a
//! key or a placeholder is missing in any language. Move notation, FEN and PDN
//! are never translated: they are the standards' own.

mod library;

use std::collections::HashMap;
use std::fmt::Display;
use std::sync::OnceLock;

/// A language of the front end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Nl,
    Ru,
    De,
    It,
}

/// Per language, the game's words and the command line's (`i18n/cli/`), which
/// are kept apart because the command line's help mirrors the code's doc comments.
const SOURCES: [(Lang, [&str; 2]); 5] = [
    (
        Lang::En,
        [include_str!("i18n/en.txt"), include_str!("i18n/cli/en.txt")],
    ),
    (
        Lang::Nl,
        [include_str!("i18n/nl.txt"), include_str!("i18n/cli/nl.txt")],
    ),
    (
        Lang::Ru,
        [include_str!("i18n/ru.txt"), include_str!("i18n/cli/ru.txt")],
    ),
    (
        Lang::De,
        [include_str!("i18n/de.txt"), include_str!("i18n/cli/de.txt")],
    ),
    (
        Lang::It,
        [include_str!("i18n/it.txt"), include_str!("i18n/cli/it.txt")],
    ),
];

type Catalogue = HashMap<&'static str, &'static str>;

fn parse(text: &'static str) -> Vec<(&'static str, &'static str)> {
    text.lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(" = "))
        .map(|(k, v)| (k.trim(), v))
        .collect()
}

fn catalogues() -> &'static HashMap<Lang, Catalogue> {
    static ALL: OnceLock<HashMap<Lang, Catalogue>> = OnceLock::new();
    ALL.get_or_init(|| {
        SOURCES
            .iter()
            .map(|&(l, texts)| (l, texts.into_iter().flat_map(parse).collect()))
            .collect()
    })
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Nl, Lang::Ru, Lang::De, Lang::It];

    /// The code `--lang` and the config take.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Nl => "nl",
            Lang::Ru => "ru",
            Lang::De => "de",
            Lang::It => "it",
        }
    }

    /// `nl`, `ru_RU.UTF-8`, `de-AT`, `EN`: the language of a code or locale name.
    pub fn parse(code: &str) -> Option<Lang> {
        let head: String = code
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect::<String>()
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == head)
    }

    /// The language of the locale, as POSIX reads it: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`; the first that is set decides.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name).filter(|v| !v.is_empty()))
            .map(|v| Lang::parse(&v))
            .next()
            .flatten()
    }

    /// The text of `key`; English where this language lacks it (the tests see
    /// that none does), the key itself where English does too.
    pub fn t(self, key: &str) -> &'static str {
        let all = catalogues();
        all[&self]
            .get(key)
            .or_else(|| all[&Lang::En].get(key))
            .copied()
            .unwrap_or_else(|| {
                debug_assert!(false, "no text for `{key}`");
                ""
            })
    }

    /// The text of `key` with each `{name}` replaced by its value.
    pub fn f(self, key: &str, args: &[(&str, &dyn Display)]) -> String {
        fill(self.t(key), args)
    }

    /// The form of `key` for the number `n` (which is also `{n}` in the text).
    pub fn n(self, key: &str, n: u64, args: &[(&str, &dyn Display)]) -> String {
        let form = format!("{key}.{}", self.plural(n));
        let mut all: Vec<(&str, &dyn Display)> = vec![("n", &n)];
        all.extend_from_slice(args);
        fill(self.t(&form), &all)
    }

    /// CLDR's plural category of `n` in this language (each language says
    /// which rule it follows, so that a new one cannot inherit a wrong one).
    fn plural(self, n: u64) -> &'static str {
        match self {
            Lang::Ru => {
                let (ten, hundred) = (n % 10, n % 100);
                if ten == 1 && hundred != 11 {
                    "one"
                } else if (2..=4).contains(&ten) && !(12..=14).contains(&hundred) {
                    "few"
                } else {
                    "many"
                }
            }
            // One for 1 alone, other for the rest, 0 included (1 mossa, 0 mosse).
            Lang::En | Lang::Nl | Lang::De | Lang::It if n == 1 => "one",
            Lang::En | Lang::Nl | Lang::De | Lang::It => "other",
        }
    }

    /// Whether a typed answer to a `[y/N]` question is yes: `y` or `yes` in
    /// every language, and the language's own word or its first letter (`j`
    /// and `s` as the game's dialogs take them for ja and sì; `д` for да, as a
    /// Russian keyboard types it).
    pub fn yes(self, answer: &str) -> bool {
        let answer = answer.trim().to_lowercase();
        let own: &[&str] = match self {
            Lang::En => &[],
            Lang::Nl | Lang::De => &["j", "ja"],
            Lang::It => &["s", "si", "sì"],
            Lang::Ru => &["д", "да"],
        };
        ["y", "yes"].contains(&answer.as_str()) || own.contains(&answer.as_str())
    }

    /// The name of a side: White or Black.
    pub fn side(self, c: checkers::Color) -> &'static str {
        match c {
            checkers::Color::White => self.t("side.white"),
            checkers::Color::Black => self.t("side.black"),
        }
    }

    /// A side as "… to move" names it: in Russian its genitive ("Ход белых").
    pub fn mover(self, c: checkers::Color) -> &'static str {
        match c {
            checkers::Color::White => self.t("mover.white"),
            checkers::Color::Black => self.t("mover.black"),
        }
    }

    /// A built-in variant's name as its players say it, or a ruleset file's own.
    pub fn variant_name(self, rules: &checkers::Ruleset) -> String {
        self.builtin_text(rules, "name")
            .unwrap_or_else(|| checkers::printable(&rules.name).into_owned())
    }

    /// A built-in variant's one-line description, or a ruleset file's own.
    pub fn variant_description(self, rules: &checkers::Ruleset) -> String {
        self.builtin_text(rules, "description")
            .unwrap_or_else(|| checkers::printable(&rules.description).into_owned())
    }

    fn builtin_text(self, rules: &checkers::Ruleset, what: &str) -> Option<String> {
        let builtin = checkers::Ruleset::builtin(&rules.id)?;
        (builtin == *rules).then(|| self.t(&format!("variant.{}.{what}", rules.id)).to_string())
    }
}

/// Whether English has `key`: for names that may or may not be built in.
pub fn has(key: &str) -> bool {
    catalogues()[&Lang::En].contains_key(key)
}

fn fill(text: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = text.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn placeholders(text: &str) -> BTreeSet<String> {
        text.split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name.to_string()))
            .collect()
    }

    /// The keys of `lang` with the plural suffixes its grammar does not share
    /// with English taken off.
    fn stems(lang: Lang) -> BTreeSet<String> {
        catalogues()[&lang]
            .keys()
            .map(|k| {
                for form in [".one", ".few", ".many", ".other"] {
                    if let Some(stem) = k.strip_suffix(form) {
                        return format!("{stem}.#");
                    }
                }
                k.to_string()
            })
            .collect()
    }

    #[test]
    fn every_language_has_every_key_with_the_same_placeholders() {
        let en = &catalogues()[&Lang::En];
        for lang in Lang::ALL {
            let cat = &catalogues()[&lang];
            assert_eq!(
                stems(lang),
                stems(Lang::En),
                "{lang:?}: keys differ from English"
            );
            for (key, text) in cat {
                assert!(!text.trim().is_empty(), "{lang:?}: `{key}` is empty");
                let stem = key.rsplit_once('.').map(|(s, _)| s).unwrap_or(key);
                let english = en.get(key).or_else(|| {
                    ["one", "other"]
                        .iter()
                        .find_map(|f| en.get(format!("{stem}.{f}").as_str()))
                });
                let english = english.unwrap_or_else(|| panic!("{lang:?}: `{key}` unknown"));
                let (mine, theirs) = (placeholders(text), placeholders(english));
                // A singular may write the number as a word ("one move").
                let mut theirs_without_n = theirs.clone();
                theirs_without_n.remove("n");
                assert!(
                    mine == theirs || mine == theirs_without_n,
                    "{lang:?}: `{key}` has {mine:?}, English {theirs:?}"
                );
            }
        }
    }

    /// Every built-in variant has a name and description, and every draw rule a
    /// name, in every language (those keys are built from the rulesets, not
    /// written in the code, so the key test alone would not see one missing).
    #[test]
    fn every_builtin_variant_and_draw_rule_has_its_words() {
        for id in checkers::Ruleset::builtin_ids() {
            let rules = checkers::Ruleset::builtin(id).unwrap();
            for what in ["name", "description"] {
                assert!(has(&format!("variant.{id}.{what}")), "{id} {what}");
            }
            for rule in &rules.no_progress {
                assert!(
                    has(&format!("rule.{}", rule.name.replace(' ', "_"))),
                    "{}",
                    rule.name
                );
            }
            for lang in Lang::ALL {
                assert!(!lang.variant_name(&rules).is_empty());
            }
        }
        assert_eq!(
            Lang::Ru.variant_name(&checkers::Ruleset::builtin("russian").unwrap()),
            "Русские шашки"
        );
        assert_eq!(
            Lang::De.variant_name(&checkers::Ruleset::builtin("german").unwrap()),
            "Dame"
        );
        assert_eq!(
            Lang::Nl.variant_name(&checkers::Ruleset::builtin("dammen64").unwrap()),
            "Dammen 64"
        );
        assert_eq!(
            Lang::It.variant_name(&checkers::Ruleset::builtin("italian").unwrap()),
            "Dama italiana"
        );
        // A ruleset file keeps its own name, made printable.
        let mut own = checkers::Ruleset::builtin("russian").unwrap();
        own.name = "My\u{1b}rules".into();
        own.description = "changed".into();
        assert_eq!(
            Lang::Ru.variant_name(&own),
            checkers::printable("My\u{1b}rules")
        );
    }

    /// Each language addresses the player one way (issue 31): German as `Sie`,
    /// Dutch as `je`, Italian as `tu`, in the game and on the command line
    /// alike. (Russian mixes `ты` and `вы` still.)
    #[test]
    fn each_language_addresses_the_player_one_way() {
        let words = |lang: Lang| -> Vec<(&'static str, String)> {
            catalogues()[&lang]
                .iter()
                .flat_map(|(key, text)| {
                    // Placeholders are names, not words.
                    let words: String = text
                        .split('{')
                        .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
                        .collect::<Vec<_>>()
                        .join(" ");
                    words
                        .split(|c: char| !c.is_alphabetic())
                        .map(move |w| (*key, w.to_string()))
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        for (lang, banned) in [
            (
                Lang::De,
                &["du", "dich", "dir", "dein", "deine", "deinen", "deiner"][..],
            ),
            // The bare `u` is also the undo key (`u terug`): the formal forms
            // show in the verbs and the possessive.
            (Lang::Nl, &["uw", "bedoelt", "kunt", "wilt"][..]),
            // `Lei`'s imperatives and verbs; `suo`, `sua` also mean "its".
            (
                Lang::It,
                &[
                    "lei",
                    "scelga",
                    "usi",
                    "indichi",
                    "scriva",
                    "esegua",
                    "aggiunga",
                    "imposti",
                    "intendeva",
                ][..],
            ),
        ] {
            for (key, word) in words(lang) {
                assert!(
                    !banned.contains(&word.to_lowercase().as_str()),
                    "{lang:?}: `{key}` says `{word}`"
                );
            }
        }
    }

    /// Russian names the side to move in the genitive: "Ход белых" (issue 31).
    #[test]
    fn russian_says_whose_move_it_is_in_the_genitive() {
        let l = Lang::Ru;
        let white = l.f(
            "status.to_move",
            &[("side", &l.mover(checkers::Color::White))],
        );
        assert_eq!(white, "Ход белых");
        let black = l.f(
            "panel.to_move",
            &[("glyph", &"●"), ("side", &l.mover(checkers::Color::Black))],
        );
        assert_eq!(black, "● Ход чёрных");
    }

    #[test]
    fn no_key_is_given_twice_in_a_catalogue() {
        // A second line with a key silently replaces the first.
        for (lang, texts) in SOURCES {
            let mut seen = BTreeSet::new();
            for (key, _) in texts.into_iter().flat_map(parse) {
                assert!(seen.insert(key), "{lang:?}: {key} is given twice");
            }
        }
    }

    #[test]
    fn plural_forms_follow_each_language() {
        let moves = |l: Lang, n| l.n("count.moves", n, &[]);
        assert_eq!(moves(Lang::En, 1), "1 move");
        assert_eq!(moves(Lang::En, 2), "2 moves");
        assert_eq!(moves(Lang::Nl, 1), "1 zet");
        assert_eq!(moves(Lang::Nl, 5), "5 zetten");
        assert_eq!(moves(Lang::De, 1), "1 Zug");
        assert_eq!(moves(Lang::De, 3), "3 Züge");
        assert_eq!(moves(Lang::Ru, 1), "1 ход");
        assert_eq!(moves(Lang::Ru, 3), "3 хода");
        assert_eq!(moves(Lang::Ru, 5), "5 ходов");
        assert_eq!(moves(Lang::Ru, 11), "11 ходов");
        assert_eq!(moves(Lang::Ru, 21), "21 ход");
        assert_eq!(moves(Lang::Ru, 112), "112 ходов");
    }

    /// A `[y/N]` question on the command line takes y in every language and
    /// the language's own yes; anything else, or nothing, keeps the default no.
    #[test]
    fn each_language_answers_yes_in_its_own_word_too() {
        for lang in Lang::ALL {
            for answer in ["y", "Y", "yes", " yes\n"] {
                assert!(lang.yes(answer), "{lang:?} {answer:?}");
            }
            for answer in ["", "\n", "n", "no", "nee", "nein", "нет", "yess"] {
                assert!(!lang.yes(answer), "{lang:?} {answer:?}");
            }
        }
        assert!(Lang::Nl.yes("ja") && Lang::De.yes("J\n"));
        assert!(Lang::It.yes("sì") && Lang::It.yes("s") && Lang::It.yes("Si"));
        assert!(Lang::Ru.yes("да") && Lang::Ru.yes("Д"));
        assert!(!Lang::En.yes("ja") && !Lang::De.yes("s") && !Lang::It.yes("j"));
    }

    /// Italian counts as CLDR has it: one for 1 alone, other for the rest,
    /// 0 included.
    #[test]
    fn italian_says_1_mossa_2_mosse_0_mosse() {
        let moves = |n| Lang::It.n("count.moves", n, &[]);
        assert_eq!(moves(1), "1 mossa");
        assert_eq!(moves(2), "2 mosse");
        assert_eq!(moves(0), "0 mosse");
        assert_eq!(moves(21), "21 mosse");
        assert_eq!(Lang::It.n("count.men", 1, &[]), "1 pedina");
        assert_eq!(Lang::It.n("count.kings", 3, &[]), "3 dame");
    }

    #[test]
    fn the_language_comes_from_a_code_or_the_locale() {
        assert_eq!(Lang::parse("nl"), Some(Lang::Nl));
        assert_eq!(Lang::parse("ru_RU.UTF-8"), Some(Lang::Ru));
        assert_eq!(Lang::parse("de-AT"), Some(Lang::De));
        assert_eq!(Lang::parse("EN"), Some(Lang::En));
        assert_eq!(Lang::parse("it_IT.UTF-8"), Some(Lang::It));
        assert_eq!(Lang::parse("it"), Some(Lang::It));
        assert_eq!(Lang::parse("fr_FR"), None);
        assert_eq!(Lang::parse("C"), None);
        let env = |pairs: &'static [(&str, &str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Lang::from_locale(env(&[("LANG", "de_DE.UTF-8")])),
            Some(Lang::De)
        );
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", "nl_NL"), ("LANG", "ru_RU")])),
            Some(Lang::Nl)
        );
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "ru_RU")])),
            Some(Lang::Ru)
        );
        assert_eq!(
            Lang::from_locale(env(&[("LC_MESSAGES", "it_IT.UTF-8"), ("LANG", "C")])),
            Some(Lang::It)
        );
        // The first locale set decides, even when it is a language not offered.
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", "fr_FR"), ("LANG", "ru_RU")])),
            None
        );
        assert_eq!(Lang::from_locale(env(&[])), None);
    }
}

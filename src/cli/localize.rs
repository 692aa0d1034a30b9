//! The command line in the player's language: the language is chosen before
//! clap reads the arguments (so that its help and its refusals can be in it),
//! the help texts come from the catalogues (`cli.help.*`, the doc comments on
//! the argument structs are their English), and clap's parse errors are worded
//! from their kind and context.
//!
//! Shell completions and the manual page stay English: they are generated for
//! the system (and its packagers), not for one player's locale.

use super::Cli;
use crate::tui::i18n::Lang;
use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command, CommandFactory};
use std::cell::Cell;
use std::ffi::OsString;
use std::fmt::Display;

thread_local! {
    /// Read by clap's value parsers and the commands' messages, which run on
    /// the thread that parsed the command line.
    static CHOSEN: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The language of this run's messages: the one [`choose`] found, English
/// before it ran.
pub(crate) fn current() -> Lang {
    CHOSEN.with(Cell::get)
}

fn set(lang: Lang) {
    CHOSEN.with(|c| c.set(lang));
}

/// The language for the command line `args` (program name first), decided as the
/// game decides it: `--lang` anywhere on the line, then the config's `lang`, then
/// the locale, then English. A `--lang` value that is not a language, or a config
/// that cannot be read, is passed over here: clap or the command refuses it after.
pub(super) fn choose(args: &[OsString]) -> Lang {
    let lang = flag(args)
        .or_else(|| crate::config::load().ok().and_then(|c| c.lang))
        .or_else(|| Lang::from_locale(|name| std::env::var(name).ok()))
        .unwrap_or_default();
    set(lang);
    lang
}

/// The first `--lang X` or `--lang=X` before a `--`.
fn flag(args: &[OsString]) -> Option<Lang> {
    let mut words = args.iter().skip(1).map(|a| a.to_str());
    while let Some(word) = words.next() {
        let value = match word {
            Some("--") => return None,
            Some("--lang") => words.next().flatten(),
            Some(w) => w.strip_prefix("--lang="),
            None => None,
        };
        if let Some(v) = value {
            return super::args::language_code(v);
        }
    }
    None
}

/// The command line's definition with its help in `lang`.
pub(super) fn command(lang: Lang) -> Command {
    let mut cmd = Cli::command();
    // Built first, so that clap's own --help, --version and `help` command exist
    // and are translated with the rest.
    cmd.build();
    localize(cmd, lang, "")
}

/// `path` is the subcommand's names joined by dots ("" for `checkers` itself).
fn localize(cmd: Command, lang: Lang, path: &str) -> Command {
    let mut cmd = match help_text(lang, path, "about") {
        Some(about) => cmd.about(about).long_about(None),
        None => cmd,
    };
    // A command that needs a subcommand (`checkers pdn`) says so in one line,
    // like every other refusal, instead of printing its help as an error.
    if cmd.is_subcommand_required_set() {
        cmd = cmd.arg_required_else_help(false);
    }
    cmd = page(cmd, lang).mut_args(|a| localize_arg(a, lang, path));
    each_subcommand(cmd, |s, name| {
        if name == "help" {
            localize_help_command(s, lang, path)
        } else {
            localize(s, lang, &join(path, name))
        }
    })
}

/// `cmd` with `f` applied to each of its subcommands, given with its name.
fn each_subcommand(mut cmd: Command, mut f: impl FnMut(Command, &str) -> Command) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |s| f(s, &name));
    }
    cmd
}

/// clap's headings of a help page, and its usage line's `[OPTIONS]`.
fn page(cmd: Command, lang: Lang) -> Command {
    let mut cmd = cmd
        .subcommand_help_heading(lang.t("cli.heading.commands"))
        .subcommand_value_name(lang.t("cli.value.command"));
    // clap writes "Usage: checkers play [OPTIONS]"; the line after the heading,
    // with the placeholder in the language (the command and flag names stay).
    let line = cmd.render_usage().to_string();
    let line = line.split_once(": ").map_or(line.as_str(), |(_, l)| l);
    let line = line.replace("[OPTIONS]", lang.t("cli.value.options"));
    let usage = *cmd.get_styles().get_usage();
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{usage}{}{usage:#} {{usage}}\n\n{{all-args}}{{after-help}}",
        lang.t("cli.heading.usage")
    );
    cmd.override_usage(line)
        .help_template(StyledStr::from(template))
}

/// clap's `help` command holds a copy of its siblings, to complete their names.
fn localize_help_command(cmd: Command, lang: Lang, parent: &str) -> Command {
    let cmd = page(cmd, lang)
        .about(lang.t("cli.help.help_command"))
        .mut_args(|a| localize_arg(a, lang, parent));
    each_subcommand(cmd, |s, name| {
        if name == "help" {
            page(s, lang).about(lang.t("cli.help.help_command"))
        } else {
            localize(s, lang, &join(parent, name))
        }
    })
}

fn localize_arg(a: Arg, lang: Lang, path: &str) -> Arg {
    let id = a.get_id().as_str().to_string();
    let heading = if a.is_positional() {
        "cli.heading.arguments"
    } else {
        "cli.heading.options"
    };
    let a = a.help_heading(lang.t(heading));
    let text = match id.as_str() {
        "help" => Some(lang.t("cli.help.help_flag").to_string()),
        "version" => Some(lang.t("cli.help.version_flag").to_string()),
        // clap's `help` command, where it lists the commands it can explain.
        "subcommand" => Some(lang.t("cli.help.help_subcommand").to_string()),
        _ => help_text(lang, path, &id),
    };
    let Some(mut text) = text else { return a };
    // clap writes "[default: 6]" and "[possible values: …]" in English: the same,
    // in the player's words.
    let mut a = a;
    let defaults: Vec<String> = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if a.get_action().takes_values() && !defaults.is_empty() {
        let value = defaults.join(" ");
        text.push(' ');
        text.push_str(&lang.f("cli.help.default", &[("value", &value)]));
        a = a.hide_default_value(true);
    }
    let possible: Vec<String> = a
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if !possible.is_empty() {
        let values = possible.join(", ");
        text.push(' ');
        text.push_str(&lang.f("cli.help.possible", &[("values", &values)]));
        a = a.hide_possible_values(true);
    }
    a.help(text).long_help(None)
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}.{name}")
    }
}

/// Flags whose help is word for word another command's, keyed by that one's
/// key: `match --force` is `review --force`, so the catalogues' translation
/// serves both without a second copy to keep in step.
const SAME_HELP: &[(&str, &str)] = &[("match.force", "review.force")];

/// The help of `what` (an argument's id, or `about`) in the command at `path`:
/// its own key, else the one [`SAME_HELP`] names, else the key shared by
/// every command (`--variant`, `--ascii`).
fn help_text(lang: Lang, path: &str, what: &str) -> Option<String> {
    let id = join(path, what);
    let own = format!("cli.help.{id}");
    let same = SAME_HELP
        .iter()
        .find(|(flag, _)| *flag == id)
        .map(|(_, like)| format!("cli.help.{like}"));
    let shared = format!("cli.help.any.{what}");
    let key = [Some(own), same, Some(shared)]
        .into_iter()
        .flatten()
        .find(|k| crate::tui::i18n::has(k))?;
    let or = lang.t("cli.word.or");
    let and = lang.t("cli.word.and");
    Some(lang.f(
        &key,
        &[
            ("variants_or", &super::variant_list(or)),
            ("variants_and", &super::variant_list(and)),
        ],
    ))
}

/// A clap error as the one line a player reads, in `lang`, with the hint to
/// `--help`; `None` for help and version, which are not errors.
pub(super) fn error_line(lang: Lang, e: &clap::Error) -> Option<String> {
    let value = |kind| context(e, kind);
    let arg = value(ContextKind::InvalidArg).unwrap_or_default();
    let whole = value(ContextKind::InvalidValue).unwrap_or_default();
    // A value of any length is quoted short, here and in the value parser's
    // reason, which quotes it too.
    let given = checkers::quoted(&whole).into_owned();
    let f = |key: &str, args: &[(&str, &dyn Display)]| lang.f(key, args);
    let mut line = match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => return None,
        ErrorKind::MissingRequiredArgument if names_rules_flags(&arg) => {
            let ids: Vec<&str> = checkers::Ruleset::builtin_ids().collect();
            f("cli.clap.say_which_rules", &[("ids", &ids.join(", "))])
        }
        ErrorKind::ArgumentConflict if names_rules_flags(&format!("{arg} {}", prior(e))) => {
            lang.t("cli.clap.rules_twice").to_string()
        }
        ErrorKind::MissingRequiredArgument => f("cli.clap.missing", &[("args", &arg)]),
        ErrorKind::ArgumentConflict => {
            f("cli.clap.conflict", &[("arg", &arg), ("prior", &prior(e))])
        }
        ErrorKind::InvalidValue if given.is_empty() => {
            f("cli.clap.value_required", &[("arg", &arg)])
        }
        ErrorKind::InvalidValue => {
            let valid = value(ContextKind::ValidValue).unwrap_or_default();
            f(
                "cli.clap.invalid_choice",
                &[("value", &given), ("arg", &arg), ("values", &valid)],
            )
        }
        ErrorKind::ValueValidation => {
            let reason = std::error::Error::source(e)
                .map(|s| s.to_string().replace(&whole, &given))
                .unwrap_or_default();
            f(
                "cli.clap.invalid_value",
                &[("value", &given), ("arg", &arg), ("reason", &reason)],
            )
        }
        ErrorKind::UnknownArgument => f("cli.clap.unknown_argument", &[("arg", &arg)]),
        ErrorKind::InvalidSubcommand => {
            let name = value(ContextKind::InvalidSubcommand).unwrap_or_default();
            f("cli.clap.unknown_command", &[("name", &name)])
        }
        ErrorKind::MissingSubcommand => {
            let name = value(ContextKind::InvalidSubcommand).unwrap_or_default();
            let valid = value(ContextKind::ValidSubcommand).unwrap_or_default();
            f(
                "cli.clap.missing_command",
                &[("name", &name), ("commands", &valid)],
            )
        }
        ErrorKind::TooManyValues => f(
            "cli.clap.unexpected_value",
            &[("value", &given), ("arg", &arg)],
        ),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            f("cli.clap.value_count", &[("arg", &arg)])
        }
        ErrorKind::NoEquals => f("cli.clap.no_equals", &[("arg", &arg)]),
        ErrorKind::InvalidUtf8 => lang.t("cli.clap.not_utf8").to_string(),
        // Help that cannot be written, or a kind a later clap adds: its own words.
        _ => e
            .to_string()
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .trim_start_matches("error: ")
            .to_string(),
    };
    // The rules are chosen for a command, not for the program: a variant's flag
    // or name before any command points to `play`, not to `--version`.
    let play_hint = match e.kind() {
        ErrorKind::UnknownArgument
            if ["--variant", "--ruleset"]
                .iter()
                .any(|flag| arg.split([' ', '=']).next() == Some(*flag)) =>
        {
            Some(format!("checkers play {arg}"))
        }
        ErrorKind::InvalidSubcommand => value(ContextKind::InvalidSubcommand)
            .filter(|name| checkers::Ruleset::builtin_ids().any(|id| id == name))
            .map(|name| format!("checkers play --variant {name}")),
        _ => None,
    };
    let suggested = play_hint.or_else(|| {
        [
            ContextKind::SuggestedArg,
            ContextKind::SuggestedSubcommand,
            ContextKind::SuggestedValue,
        ]
        .into_iter()
        .find_map(value)
    });
    if let Some(s) = suggested {
        line.push_str(&f("cli.clap.did_you_mean", &[("suggestion", &s)]));
    }
    let prefix = lang.t("cli.error");
    Some(format!("{prefix}: {line}{}", lang.t("cli.clap.see_help")))
}

fn prior(e: &clap::Error) -> String {
    context(e, ContextKind::PriorArg).unwrap_or_default()
}

/// `--variant NAME` and `--ruleset FILE` are one choice, worded as one.
fn names_rules_flags(args: &str) -> bool {
    args.contains("--variant") && args.contains("--ruleset")
}

/// A context value as text: a list joined by commas.
fn context(e: &clap::Error, kind: ContextKind) -> Option<String> {
    let text = match e.get(kind)? {
        ContextValue::String(s) => s.clone(),
        ContextValue::Strings(v) => v.join(", "),
        ContextValue::StyledStr(s) => s.to_string(),
        ContextValue::StyledStrs(v) => v
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        ContextValue::Number(n) => n.to_string(),
        ContextValue::Bool(b) => b.to_string(),
        _ => return None,
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command's about and every argument's help as the code writes them.
    fn texts(cmd: &Command, path: &str, out: &mut Vec<(String, String, String)>) {
        if let Some(about) = cmd.get_about() {
            out.push((path.into(), "about".into(), about.to_string()));
        }
        for a in cmd.get_arguments() {
            if let Some(h) = a.get_help() {
                out.push((path.into(), a.get_id().to_string(), h.to_string()));
            }
        }
        for s in cmd.get_subcommands() {
            texts(s, &join(path, s.get_name()), out);
        }
    }

    /// The English catalogue is the doc comments, word for word: a new flag
    /// without a key, or a doc comment changed without its key, fails here (and
    /// the catalogue test then wants the key in every language).
    #[test]
    fn the_english_help_is_the_doc_comments() {
        let mut all = Vec::new();
        texts(&Cli::command(), "", &mut all);
        assert!(all.len() > 90, "{}", all.len());
        for (path, what, text) in all {
            let ours = help_text(Lang::En, &path, &what);
            assert_eq!(ours.as_deref(), Some(text.as_str()), "{path} {what}");
        }
    }

    fn rendered(cmd: &mut Command, out: &mut Vec<String>) {
        out.push(cmd.render_help().to_string());
        for s in cmd.get_subcommands_mut() {
            rendered(s, out);
        }
    }

    /// Every command's help, clap's own words in it included, is in the
    /// language: none of English's help texts or headings is left.
    #[test]
    fn every_help_page_is_in_the_language() {
        let mut english = Vec::new();
        texts(&Cli::command(), "", &mut english);
        for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
            let mut pages = Vec::new();
            rendered(&mut command(lang), &mut pages);
            assert!(pages.len() > 20);
            for page in pages {
                assert!(
                    page.contains(lang.t("cli.heading.usage")),
                    "{lang:?}: {page}"
                );
                for word in [
                    "Usage:",
                    "Options:",
                    "Commands:",
                    "Arguments:",
                    "Print help",
                    "[default:",
                    "[possible values:",
                    "[OPTIONS]",
                    "[COMMAND]",
                    "<COMMAND>",
                ] {
                    assert!(!page.contains(word), "{lang:?}: {word} in {page}");
                }
                for (_, _, text) in &english {
                    // Names that read the same in every language ("Dammen 64").
                    if text.len() > 12 {
                        assert!(!page.contains(text.as_str()), "{lang:?}: {text} in {page}");
                    }
                }
            }
        }
    }

    /// `pdn check` has no `--ruleset`: its refusal of a variant offers none, in
    /// every language, and keeps the rest of the sentence.
    #[test]
    fn a_variant_refusal_offers_ruleset_only_where_the_command_takes_it() {
        let line = |id: &str, ruleset: bool| match super::super::unknown_variant(id, ruleset) {
            super::super::Fail::Input(line) => line,
            _ => unreachable!("bad input"),
        };
        for lang in Lang::ALL {
            set(lang);
            let with = line("bogus", true);
            let without = line("pool.toml", false);
            set(Lang::En);
            assert!(with.contains("--ruleset"), "{lang:?}: {with}");
            assert!(!without.contains("--ruleset"), "{lang:?}: {without}");
            assert!(
                without.contains("`pool.toml`") && without.contains("english, dammen64"),
                "{lang:?}: {without}"
            );
        }
    }

    fn refusal(lang: Lang, line: &str) -> String {
        set(lang);
        let args = std::iter::once("checkers").chain(line.split(' '));
        let e = command(lang)
            .try_get_matches_from(args)
            .expect_err("a bad command line");
        set(Lang::En);
        error_line(lang, &e).expect("an error, not help")
    }

    /// clap's refusals in the player's words: what is wrong, the argument quoted,
    /// the hint to --help, one line.
    #[test]
    fn parse_errors_are_in_the_language() {
        let cases: [(&str, Lang, &[&str]); 14] = [
            (
                "--bogus",
                Lang::De,
                &[
                    "Fehler: ",
                    "unerwartetes Argument '--bogus'",
                    "(siehe checkers --help)",
                ],
            ),
            (
                "perft --varient english",
                Lang::Nl,
                &["onverwacht argument '--varient'", "bedoel je '--variant'?"],
            ),
            (
                "frob",
                Lang::Ru,
                &["неизвестная команда 'frob'", "(см. checkers --help)"],
            ),
            (
                "play --ai red",
                Lang::Nl,
                &[
                    "ongeldige waarde 'red'",
                    "'--ai <SIDE>'",
                    "white, black, both, none",
                ],
            ),
            (
                "play --level 11",
                Lang::Ru,
                &[
                    "недопустимое значение '11'",
                    "`11` не целое число от 1 до 10",
                ],
            ),
            (
                "play --think-time soon",
                Lang::De,
                &["`soon` ist keine Anzahl Sekunden"],
            ),
            (
                "perft --variant english --depth 99",
                Lang::Nl,
                &["diepte 99 ligt boven de grens van 30"],
            ),
            (
                "moves --variant english --fen",
                Lang::De,
                &["'--fen <FEN>' braucht einen Wert"],
            ),
            (
                "perft --depth 2",
                Lang::Ru,
                &["укажите правила игры: --variant ИМЯ (english, dammen64"],
            ),
            (
                "play --fen W:W:B --load x",
                Lang::Nl,
                &["'--fen <FEN>' gaat niet samen met '--load <FILE>'"],
            ),
            (
                "pdn",
                Lang::De,
                &["'checkers pdn' braucht einen Befehl: check"],
            ),
            (
                "match --variant english --games 2",
                Lang::Ru,
                &["не указаны обязательные аргументы: --white-level"],
            ),
            (
                "perft --varient english",
                Lang::It,
                &[
                    "errore: ",
                    "argomento inatteso '--varient'",
                    "forse intendevi '--variant'?",
                    "(vedi checkers --help)",
                ],
            ),
            (
                "play --level 11",
                Lang::It,
                &[
                    "valore non valido '11'",
                    "`11` non è un numero intero da 1 a 10",
                ],
            ),
        ];
        for (line, lang, phrases) in cases {
            let got = refusal(lang, line);
            assert_eq!(got.lines().count(), 1, "{got}");
            for p in phrases {
                assert!(got.contains(p), "{line} in {lang:?}: {p:?} not in {got}");
            }
        }
        // English keeps the words scripts and the tests have read so far.
        let got = refusal(
            Lang::En,
            "perft --variant english --ruleset x.toml --depth 1",
        );
        assert!(
            got.contains("cannot be used with") && got.contains("not both"),
            "{got}"
        );
    }

    #[test]
    fn the_flag_is_found_anywhere_before_a_double_dash() {
        let os = |line: &str| -> Vec<OsString> { line.split(' ').map(OsString::from).collect() };
        assert_eq!(
            flag(&os("checkers play --lang ru --variant german")),
            Some(Lang::Ru)
        );
        assert_eq!(flag(&os("checkers --lang=de perft")), Some(Lang::De));
        assert_eq!(flag(&os("checkers perft --lang it")), Some(Lang::It));
        assert_eq!(flag(&os("checkers --lang fr")), None);
        assert_eq!(flag(&os("checkers play --lang")), None);
        assert_eq!(flag(&os("checkers pdn check -- --lang=nl")), None);
    }
}

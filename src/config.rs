//! The user's config file: defaults for the game, refused loudly when wrong.

use crate::tui::BoardColors;
use checkers::line_col;
use ratatui::style::Color as Rgb;
use serde::Deserialize;
use std::path::PathBuf;
use toml::Spanned;

/// The file `checkers config init` writes: every setting, commented.
pub fn default_text() -> String {
    TEMPLATE
        .replace("{VARIANTS}", &crate::cli::variant_list("or"))
        .replace("{DEFAULT}", checkers::rules::builtin::DEFAULT)
}

const TEMPLATE: &str = r##"# checkers configuration. Command-line flags override these settings.
# Remove the leading "# " of a line to change it.

# Variant of a new game: {VARIANTS}.
# variant = "{DEFAULT}"

# Opponent: "none" (hot-seat), or the side the AI plays: "white", "black" or "both".
# opponent = "none"

# AI level, 1 (beginner) to 10 (full strength within the think time).
# level = 5

# Seconds per move at level 10.
# think_time = 5.0

# Clocks for every new game: minutes each, then seconds added with every move
# ("5+3", "0+1"); none when unset.
# clock = "5+3"

# Plain ASCII glyphs instead of Unicode discs and crowns.
# ascii = false

# Language of the game: "en", "nl", "ru", "de" or "it" (default: from LANG/LC_ALL, else English).
# lang = "en"

# Square numbers on the board: true or false (default: on in numeric variants).
# board_numbers = true

# Touch-move where the rules have it (russian, brazilian); false for casual play.
# touch_move = true

# Capture separator in the PDN written for Russian games (:save, match --pdn):
# ":" as the PDN standard writes it, or "x" as lidraughts writes it.
# capture_separator = ":"

# Board colours as "#rrggbb".
[theme]
# light_square = "#dec496"
# dark_square = "#785434"
# must_capture = "#c4781e"
# most_capture = "#b23030"
# selected = "#325cb0"
# target = "#408c48"
# path = "#28828c"
# last_move = "#968028"
"##;

/// The settings read from the file; `None` where the file is silent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    pub variant: Option<String>,
    pub opponent: Option<String>,
    pub level: Option<u8>,
    pub think_time: Option<f64>,
    /// The time control of new games.
    pub clock: Option<checkers::clock::TimeControl>,
    pub ascii: bool,
    pub lang: Option<crate::tui::i18n::Lang>,
    pub board_numbers: Option<bool>,
    pub touch_move: bool,
    /// `:` or `x`: how PDN written for a variant with `:` captures separates them.
    pub capture_separator: Option<char>,
    pub colors: BoardColors,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Raw {
    variant: Option<Spanned<String>>,
    opponent: Option<Spanned<String>>,
    level: Option<Spanned<i64>>,
    think_time: Option<Spanned<f64>>,
    clock: Option<Spanned<String>>,
    ascii: Option<bool>,
    lang: Option<Spanned<String>>,
    board_numbers: Option<bool>,
    touch_move: Option<bool>,
    capture_separator: Option<Spanned<String>>,
    #[serde(default)]
    theme: RawTheme,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawTheme {
    light_square: Option<Spanned<String>>,
    dark_square: Option<Spanned<String>>,
    must_capture: Option<Spanned<String>>,
    most_capture: Option<Spanned<String>>,
    selected: Option<Spanned<String>>,
    target: Option<Spanned<String>>,
    path: Option<Spanned<String>>,
    last_move: Option<Spanned<String>>,
}

/// A base directory of the XDG spec: `$var` if it is an absolute path, else
/// `$HOME/fallback`. The spec says a relative path is invalid and must be ignored
/// (it would name a different folder from every working directory).
pub fn xdg_dir(var: &str, fallback: &str) -> Option<PathBuf> {
    xdg_dir_from(std::env::var_os(var), std::env::var_os("HOME"), fallback)
}

fn xdg_dir_from(
    value: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
    fallback: &str,
) -> Option<PathBuf> {
    value
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            home.filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(fallback))
        })
}

/// Where the config file lives: `$XDG_CONFIG_HOME/checkers/config.toml`, else
/// `~/.config/checkers/config.toml`.
pub fn path() -> Option<PathBuf> {
    Some(
        xdg_dir("XDG_CONFIG_HOME", ".config")?
            .join("checkers")
            .join("config.toml"),
    )
}

fn color(s: &str) -> Option<Rgb> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some(Rgb::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

/// Reads the config text; `origin` names the file in errors.
pub fn parse(text: &str, origin: &str) -> Result<Config, String> {
    let lang = crate::cli::language();
    let at = |offset: usize, msg: String| {
        let (l, c) = line_col(text, offset);
        format!("{origin}:{l}:{c}: {msg}")
    };
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let msg = e
            .message()
            .lines()
            .next()
            .unwrap_or("invalid TOML")
            .to_string();
        at(e.span().map_or(0, |s| s.start), msg)
    })?;
    let mut c = Config {
        touch_move: true,
        ..Config::default()
    };
    if let Some(v) = raw.variant {
        let id = v.get_ref();
        if checkers::Ruleset::builtin(id).is_none() {
            let ids: Vec<&str> = checkers::Ruleset::builtin_ids().collect();
            let ids = ids.join(", ");
            return Err(at(
                v.span().start,
                lang.f("config.variant", &[("value", &id), ("ids", &ids)]),
            ));
        }
        c.variant = Some(id.clone());
    }
    if let Some(o) = raw.opponent {
        let v = o.get_ref();
        if crate::cli::AiSide::parse(v).is_none() {
            return Err(at(
                o.span().start,
                lang.f("config.opponent", &[("value", &v)]),
            ));
        }
        c.opponent = Some(v.clone());
    }
    if let Some(l) = raw.level {
        let v = *l.get_ref();
        if !(1..=10).contains(&v) {
            return Err(at(l.span().start, lang.f("config.level", &[("value", &v)])));
        }
        c.level = Some(v as u8);
    }
    if let Some(t) = raw.think_time {
        let v = *t.get_ref();
        if !(v.is_finite() && (0.05..=3600.0).contains(&v)) {
            return Err(at(
                t.span().start,
                lang.f("config.think_time", &[("value", &v)]),
            ));
        }
        c.think_time = Some(v);
    }
    if let Some(t) = raw.clock {
        let v = t.get_ref();
        let control = checkers::clock::TimeControl::parse(v).map_err(|_| {
            at(
                t.span().start,
                lang.f("config.clock", &[("value", &checkers::printable(v))]),
            )
        })?;
        c.clock = Some(control);
    }
    if let Some(l) = raw.lang {
        let v = l.get_ref();
        let chosen = crate::tui::i18n::Lang::parse(v).filter(|_| v.len() == 2);
        c.lang = Some(chosen.ok_or_else(|| {
            at(
                l.span().start,
                lang.f("config.lang", &[("value", &checkers::printable(v))]),
            )
        })?);
    }
    if let Some(s) = raw.capture_separator {
        c.capture_separator = Some(match s.get_ref().as_str() {
            ":" => ':',
            "x" => 'x',
            other => {
                return Err(at(
                    s.span().start,
                    lang.f("config.capture_separator", &[("value", &other)]),
                ))
            }
        });
    }
    c.ascii = raw.ascii.unwrap_or(false);
    c.board_numbers = raw.board_numbers;
    c.touch_move = raw.touch_move.unwrap_or(true);
    let t = raw.theme;
    for (field, name, slot) in [
        (t.light_square, "light_square", &mut c.colors.light_square),
        (t.dark_square, "dark_square", &mut c.colors.dark_square),
        (t.must_capture, "must_capture", &mut c.colors.must_capture),
        (t.most_capture, "most_capture", &mut c.colors.most_capture),
        (t.selected, "selected", &mut c.colors.selected),
        (t.target, "target", &mut c.colors.target),
        (t.path, "path", &mut c.colors.path),
        (t.last_move, "last_move", &mut c.colors.last_move),
    ] {
        if let Some(v) = field {
            *slot = color(v.get_ref()).ok_or_else(|| {
                at(
                    v.span().start,
                    lang.f("config.colour", &[("name", &name), ("value", v.get_ref())]),
                )
            })?;
        }
    }
    Ok(c)
}

/// The user's config, or the defaults when there is no file.
pub fn load() -> Result<Config, String> {
    let Some(p) = path() else {
        return parse("", "config").inspect(keep);
    };
    match checkers::read_text(&p, crate::files::MAX_CONFIG_BYTES) {
        Ok(text) => parse(&text, &p.display().to_string()).inspect(keep),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => parse("", "config").inspect(keep),
        Err(e) => Err(crate::cli::language().f(
            "config.cannot_read",
            &[("path", &p.display()), ("error", &e)],
        )),
    }
}

/// The capture separator of the config as first loaded by this process, so that
/// the terminal game's `:save` knows it without reading a file mid-game.
static CAPTURE_SEPARATOR: std::sync::OnceLock<Option<char>> = std::sync::OnceLock::new();

fn keep(c: &Config) {
    let _ = CAPTURE_SEPARATOR.set(c.capture_separator);
}

/// The config's `capture_separator`, once [`load`] has read it.
pub fn capture_separator() -> Option<char> {
    CAPTURE_SEPARATOR.get().copied().flatten()
}

/// The default config file with every setting's line uncommented: each must
/// still parse (the tests and the config fuzzer start from it).
#[cfg(test)]
pub(crate) fn uncommented(text: &str) -> String {
    text.lines()
        .map(|l| {
            l.strip_prefix("# ")
                .filter(|r| r.contains(" = "))
                .unwrap_or(l)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use checkers::rules::builtin;

    #[test]
    fn the_default_file_is_valid_and_means_the_defaults() {
        let text = default_text();
        let c = parse(&text, "config.toml").unwrap();
        assert_eq!(c, parse("", "x").unwrap());
        assert!(c.touch_move && !c.ascii && c.level.is_none());
        // Uncommented, every line still parses.
        let on = uncommented(&text);
        let c = parse(&on, "config.toml").unwrap();
        assert_eq!(c.variant.as_deref(), Some(builtin::DEFAULT));
        assert_eq!(c.level, Some(5));
        assert_eq!(c.clock.map(|c| c.to_string()).as_deref(), Some("5+3"));
        assert_eq!(c.colors, BoardColors::default());
    }

    #[test]
    fn bad_settings_are_refused_with_file_line_and_fix() {
        let english_dammen64 = format!("{}, {}", builtin::ENGLISH, builtin::DAMMEN64);
        for (text, line, needle) in [
            ("levle = 3", 1, "levle"),
            ("\nlevel = 11", 2, "1 to 10"),
            ("level = \"high\"", 1, "invalid type"),
            ("variant = \"chess\"", 1, &english_dammen64),
            ("opponent = \"me\"", 1, "hot-seat"),
            ("think_time = 0.0", 1, "0.05 to 3600"),
            ("[theme]\ndark_square = \"brown\"", 2, "#rrggbb"),
            ("[theme]\nborder = \"#000000\"", 2, "border"),
            ("ascii = yes", 1, ""),
            (
                "\n\nlang = \"fr\"",
                3,
                "\"en\", \"nl\", \"ru\", \"de\" or \"it\"",
            ),
            ("capture_separator = \"-\"", 1, "\":\" or \"x\""),
            ("\nclock = \"fast\"", 2, "e.g. \"5+3\" or \"0+1\""),
        ] {
            let e = parse(text, "cfg.toml").unwrap_err();
            assert!(e.starts_with(&format!("cfg.toml:{line}:")), "{text:?}: {e}");
            assert!(e.contains(needle), "{text:?}: {e}");
        }
    }

    #[test]
    fn relative_xdg_paths_are_ignored_as_the_spec_says() {
        let dir = |v: Option<&str>, home: Option<&str>| {
            xdg_dir_from(v.map(Into::into), home.map(Into::into), ".config")
        };
        let home = Some("/home/u");
        assert_eq!(dir(Some("/x/cfg"), home), Some(PathBuf::from("/x/cfg")));
        for ignored in ["", "cfg", "./cfg", "../cfg"] {
            assert_eq!(
                dir(Some(ignored), home),
                Some(PathBuf::from("/home/u/.config")),
                "{ignored:?}"
            );
        }
        assert_eq!(dir(None, home), Some(PathBuf::from("/home/u/.config")));
        assert_eq!(dir(Some("cfg"), None), None);
    }

    #[test]
    fn the_language_is_read() {
        let c = parse("lang = \"nl\"", "x").unwrap();
        assert_eq!(c.lang, Some(crate::tui::i18n::Lang::Nl));
        assert_eq!(parse("", "x").unwrap().lang, None);
    }

    #[test]
    fn the_capture_separator_is_read() {
        assert_eq!(parse("", "x").unwrap().capture_separator, None);
        let c = parse("capture_separator = \"x\"", "x").unwrap();
        assert_eq!(c.capture_separator, Some('x'));
    }

    #[test]
    fn colours_are_read() {
        let c = parse("[theme]\ndark_square = \"#102030\"", "x").unwrap();
        assert_eq!(c.colors.dark_square, Rgb::Rgb(0x10, 0x20, 0x30));
    }
}

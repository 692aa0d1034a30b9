//! Colours and glyphs. Everything a colour says is also said by a glyph, so the
//! board reads the same with `NO_COLOR` or on a monochrome terminal.

use ratatui::style::{Color as Rgb, Modifier, Style};

/// The glyph set: Unicode discs and crowns, or plain ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    pub white_man: &'static str,
    pub black_man: &'static str,
    pub crown: &'static str,
    pub must_capture: &'static str,
    pub most_capture: &'static str,
    pub selected: &'static str,
    pub target: &'static str,
    pub taken: &'static str,
    pub last_move: &'static str,
    pub emptied: &'static str,
    pub light_fill: &'static str,
}

const UNICODE: Glyphs = Glyphs {
    white_man: "○",
    black_man: "●",
    crown: "♛",
    must_capture: "!",
    most_capture: "★",
    selected: "▶",
    target: "◆",
    taken: "×",
    last_move: "•",
    emptied: "∙",
    light_fill: " ",
};

const ASCII: Glyphs = Glyphs {
    white_man: "w",
    black_man: "b",
    crown: "^",
    must_capture: "!",
    most_capture: "*",
    selected: ">",
    target: "+",
    taken: "x",
    last_move: "'",
    emptied: ".",
    light_fill: " ",
};

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// 24-bit colour, where `COLORTERM` says `truecolor` or `24bit`.
    TrueColor,
    /// The xterm 256-colour palette: the usual case.
    Palette256,
    /// The 16 ANSI colours, where `TERM` names no more (`linux`, `xterm`, `vt100`…).
    Ansi16,
}

impl Depth {
    /// The depth the terminal described by `COLORTERM` and `TERM` shows.
    pub fn detect(colorterm: Option<&str>, term: Option<&str>) -> Depth {
        let colorterm = colorterm.unwrap_or_default().to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" {
            return Depth::TrueColor;
        }
        let term = term.unwrap_or_default();
        if term.contains("256color") || term.contains("direct") {
            Depth::Palette256
        } else if term.is_empty() || term.contains("color") || term.starts_with("tmux") {
            // Unknown or merely "colour" terminals: the palette most of them have.
            Depth::Palette256
        } else {
            Depth::Ansi16
        }
    }

    /// `c` as this depth can show it: the nearest palette entry below true colour.
    pub fn paint(self, c: Rgb) -> Rgb {
        let Rgb::Rgb(r, g, b) = c else {
            return c;
        };
        match self {
            Depth::TrueColor => c,
            Depth::Palette256 => Rgb::Indexed(palette256(r, g, b)),
            Depth::Ansi16 => ansi16(r, g, b),
        }
    }
}

/// The xterm 256-colour index nearest to (r, g, b): the 6×6×6 cube or the grey ramp.
fn palette256(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let level = |v: u8| {
        (0..6)
            .min_by_key(|&i| (LEVELS[i] as i32 - v as i32).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let cube = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let grey_i = ((r as u32 + g as u32 + b as u32) / 3)
        .saturating_sub(8)
        .min(238)
        / 10;
    let grey = (8 + 10 * grey_i) as u8;
    let dist = |(x, y, z): (u8, u8, u8)| {
        let d = |p: u8, q: u8| (p as i32 - q as i32).pow(2);
        d(x, r) + d(y, g) + d(z, b)
    };
    if dist((grey, grey, grey)) < dist(cube) {
        232 + grey_i as u8
    } else {
        16 + 36 * ri as u8 + 6 * gi as u8 + bi as u8
    }
}

/// The nearest of the 16 ANSI colours, by xterm's default values.
fn ansi16(r: u8, g: u8, b: u8) -> Rgb {
    const TABLE: [(Rgb, (u8, u8, u8)); 16] = [
        (Rgb::Black, (0, 0, 0)),
        (Rgb::Red, (205, 0, 0)),
        (Rgb::Green, (0, 205, 0)),
        (Rgb::Yellow, (205, 205, 0)),
        (Rgb::Blue, (0, 0, 238)),
        (Rgb::Magenta, (205, 0, 205)),
        (Rgb::Cyan, (0, 205, 205)),
        (Rgb::Gray, (229, 229, 229)),
        (Rgb::DarkGray, (127, 127, 127)),
        (Rgb::LightRed, (255, 0, 0)),
        (Rgb::LightGreen, (0, 255, 0)),
        (Rgb::LightYellow, (255, 255, 0)),
        (Rgb::LightBlue, (92, 92, 255)),
        (Rgb::LightMagenta, (255, 0, 255)),
        (Rgb::LightCyan, (0, 255, 255)),
        (Rgb::White, (255, 255, 255)),
    ];
    let d = |p: u8, q: u8| (p as i32 - q as i32).pow(2);
    TABLE
        .iter()
        .min_by_key(|(_, (x, y, z))| d(*x, r) + d(*y, g) + d(*z, b))
        .map(|(c, _)| *c)
        .unwrap_or(Rgb::Reset)
}

/// How the board and panels are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub glyphs: Glyphs,
    /// Plain ASCII glyphs: discs of letters instead of blocks.
    pub ascii: bool,
    pub color: bool,
    pub depth: Depth,
    pub colors: BoardColors,
}

/// The board's colours, each settable in the config file's `[theme]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardColors {
    pub light_square: Rgb,
    pub dark_square: Rgb,
    pub must_capture: Rgb,
    pub most_capture: Rgb,
    pub selected: Rgb,
    pub target: Rgb,
    pub path: Rgb,
    pub last_move: Rgb,
}

impl Default for BoardColors {
    fn default() -> Self {
        BoardColors {
            light_square: Rgb::Rgb(222, 196, 150),
            dark_square: Rgb::Rgb(120, 84, 52),
            must_capture: Rgb::Rgb(196, 120, 30),
            most_capture: Rgb::Rgb(178, 48, 48),
            selected: Rgb::Rgb(50, 92, 176),
            target: Rgb::Rgb(64, 140, 72),
            path: Rgb::Rgb(40, 130, 140),
            last_move: Rgb::Rgb(150, 128, 40),
        }
    }
}

impl Theme {
    /// `ascii` picks plain glyphs; `color` is false under `NO_COLOR`.
    pub fn new(ascii: bool, color: bool) -> Theme {
        let mut glyphs = if ascii { ASCII } else { UNICODE };
        if !color {
            // Without colours the light squares need a texture to tell them apart.
            glyphs.light_fill = if ascii { ":" } else { "░" };
        }
        Theme {
            glyphs,
            ascii,
            color,
            depth: Depth::TrueColor,
            colors: BoardColors::default(),
        }
    }

    fn bg(&self, rgb: Rgb) -> Style {
        if self.color {
            Style::default().bg(self.depth.paint(rgb))
        } else {
            Style::default()
        }
    }

    fn fg(&self, rgb: Rgb) -> Style {
        if self.color {
            Style::default().fg(self.depth.paint(rgb))
        } else {
            Style::default()
        }
    }

    /// A board colour as this terminal shows it. Under 16 colours the nearest
    /// colour of most of the default board colours is the same dark grey (the
    /// dark squares, the landing squares, the path, the last move and the
    /// selection), so there each default gets a colour of its own; a colour the
    /// player set in the config is shown as the nearest, as any other.
    fn board(&self, rgb: Rgb, default: Rgb, ansi: Rgb) -> Style {
        if self.color && self.depth == Depth::Ansi16 && rgb == default {
            Style::default().bg(ansi)
        } else {
            self.bg(rgb)
        }
    }

    fn piece_rgb(c: checkers::Color) -> Rgb {
        match c {
            checkers::Color::White => Rgb::Rgb(250, 250, 240),
            checkers::Color::Black => Rgb::Rgb(20, 20, 20),
        }
    }

    /// What is drawn on a disc (a crown, a number): the disc's colour behind it.
    pub fn piece_inset(&self, c: checkers::Color) -> Style {
        self.bg(Self::piece_rgb(c))
    }

    /// A crown: gold, on the disc, bold.
    pub fn crown(&self) -> Style {
        self.fg(Rgb::Rgb(212, 160, 23)).add_modifier(Modifier::BOLD)
    }

    /// A square's number written on a disc.
    pub fn number_on_piece(&self) -> Style {
        self.fg(Rgb::Rgb(128, 128, 128))
    }

    pub fn light_square(&self) -> Style {
        self.bg(self.colors.light_square)
            .patch(self.fg(Rgb::Rgb(150, 120, 80)))
    }
    pub fn dark_square(&self) -> Style {
        let d = BoardColors::default();
        self.board(self.colors.dark_square, d.dark_square, Rgb::DarkGray)
    }
    pub fn must_capture(&self) -> Style {
        let d = BoardColors::default();
        self.board(self.colors.must_capture, d.must_capture, Rgb::Yellow)
    }
    pub fn most_capture(&self) -> Style {
        let d = BoardColors::default();
        self.board(self.colors.most_capture, d.most_capture, Rgb::Red)
    }
    pub fn selected(&self) -> Style {
        let d = BoardColors::default();
        self.board(self.colors.selected, d.selected, Rgb::Blue)
    }
    pub fn target(&self) -> Style {
        let d = BoardColors::default();
        self.board(self.colors.target, d.target, Rgb::Green)
    }
    pub fn path(&self) -> Style {
        let d = BoardColors::default();
        self.board(self.colors.path, d.path, Rgb::Cyan)
    }
    pub fn last_move(&self) -> Style {
        let d = BoardColors::default();
        self.board(self.colors.last_move, d.last_move, Rgb::Magenta)
    }
    /// The cursor's brackets: reversed, so they stand out on every square's
    /// colour (a gold bracket on the gold last-move square would not), and
    /// without colour too.
    pub fn cursor(&self) -> Style {
        self.fg(Rgb::Rgb(255, 240, 120))
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }
    /// The character under the command line's cursor: shown reversed.
    pub fn command_cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }
    pub fn white_piece(&self) -> Style {
        self.fg(Self::piece_rgb(checkers::Color::White))
            .add_modifier(Modifier::BOLD)
    }
    pub fn black_piece(&self) -> Style {
        self.fg(Self::piece_rgb(checkers::Color::Black))
            .add_modifier(Modifier::BOLD)
    }
    pub fn mark(&self) -> Style {
        self.fg(Rgb::Rgb(255, 240, 120))
            .add_modifier(Modifier::BOLD)
    }
    /// A square's number on the square: a light tan, which 16 colours would
    /// show in the dark squares' own grey, so there it is light grey.
    pub fn number(&self) -> Style {
        if self.color && self.depth == Depth::Ansi16 {
            Style::default().fg(Rgb::Gray)
        } else {
            self.fg(Rgb::Rgb(200, 170, 130))
        }
    }
    pub fn label(&self) -> Style {
        self.fg(Rgb::Gray)
    }
    pub fn title(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    pub fn error(&self) -> Style {
        self.fg(Rgb::LightRed).add_modifier(Modifier::BOLD)
    }
    pub fn info(&self) -> Style {
        self.fg(Rgb::LightCyan)
    }
    pub fn dim(&self) -> Style {
        self.fg(Rgb::DarkGray)
    }
    pub fn highlight_row(&self) -> Style {
        if self.color {
            Style::default()
                .bg(self.depth.paint(Rgb::Rgb(50, 70, 110)))
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::REVERSED)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_depth_follows_colorterm_then_term() {
        assert_eq!(
            Depth::detect(Some("truecolor"), Some("xterm")),
            Depth::TrueColor
        );
        assert_eq!(Depth::detect(Some("24bit"), None), Depth::TrueColor);
        assert_eq!(
            Depth::detect(None, Some("xterm-256color")),
            Depth::Palette256
        );
        assert_eq!(
            Depth::detect(Some(""), Some("tmux-256color")),
            Depth::Palette256
        );
        assert_eq!(Depth::detect(None, Some("linux")), Depth::Ansi16);
        assert_eq!(Depth::detect(None, Some("xterm")), Depth::Ansi16);
        assert_eq!(Depth::detect(None, Some("vt100")), Depth::Ansi16);
    }

    #[test]
    fn colours_are_sent_at_the_depth_the_terminal_shows() {
        let c = Rgb::Rgb(120, 84, 52);
        assert_eq!(Depth::TrueColor.paint(c), c);
        assert!(matches!(Depth::Palette256.paint(c), Rgb::Indexed(16..=255)));
        assert!(!matches!(
            Depth::Ansi16.paint(c),
            Rgb::Rgb(..) | Rgb::Indexed(_)
        ));
        // The palette's own colours map to themselves.
        assert_eq!(palette256(255, 0, 0), 196);
        assert_eq!(palette256(0, 0, 0), 16);
        assert_eq!(palette256(128, 128, 128), 244);
        assert_eq!(ansi16(250, 250, 240), Rgb::White);
        assert_eq!(ansi16(20, 20, 20), Rgb::Black);
        // Named colours pass through at every depth.
        for d in [Depth::TrueColor, Depth::Palette256, Depth::Ansi16] {
            assert_eq!(d.paint(Rgb::LightRed), Rgb::LightRed);
        }
    }

    #[test]
    fn the_light_and_dark_squares_differ_at_every_depth() {
        let colors = BoardColors::default();
        for d in [Depth::TrueColor, Depth::Palette256, Depth::Ansi16] {
            assert_ne!(
                d.paint(colors.light_square),
                d.paint(colors.dark_square),
                "{d:?}"
            );
            assert_ne!(
                d.paint(colors.dark_square),
                d.paint(Rgb::Rgb(20, 20, 20)),
                "{d:?}"
            );
        }
    }

    /// Under 16 colours (`TERM=xterm`) every tint of a dark square differs from
    /// the square and from each other, and the square's number shows on it.
    #[test]
    fn under_16_colours_every_tint_and_the_numbers_show_on_the_dark_squares() {
        let mut theme = Theme::new(false, true);
        theme.depth = Depth::Ansi16;
        let bg = |s: Style| s.bg.expect("a background");
        let tints = [
            theme.dark_square(),
            theme.must_capture(),
            theme.most_capture(),
            theme.selected(),
            theme.target(),
            theme.path(),
            theme.last_move(),
        ];
        for (i, a) in tints.iter().enumerate() {
            for b in &tints[i + 1..] {
                assert_ne!(bg(*a), bg(*b), "{a:?} {b:?}");
            }
        }
        assert_ne!(theme.number().fg, Some(bg(theme.dark_square())));
        assert_ne!(bg(theme.dark_square()), bg(theme.light_square()));
        // A colour the player chose is kept, as near as 16 colours come.
        theme.colors.target = Rgb::Rgb(200, 0, 0);
        assert_eq!(bg(theme.target()), Rgb::Red);
    }
}

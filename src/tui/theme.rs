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
    /// Two-row discs for large squares: white top/bottom, black top/bottom.
    pub big_white: [&'static str; 2],
    pub big_black: [&'static str; 2],
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
    big_white: ["▄░░░▄", "▀░░░▀"],
    big_black: ["▄███▄", "▀███▀"],
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
    big_white: ["/www\\", "\\www/"],
    big_black: ["/bbb\\", "\\bbb/"],
};

/// How the board and panels are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub glyphs: Glyphs,
    pub color: bool,
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
            color,
            colors: BoardColors::default(),
        }
    }

    fn bg(&self, rgb: Rgb) -> Style {
        if self.color {
            Style::default().bg(rgb)
        } else {
            Style::default()
        }
    }

    fn fg(&self, rgb: Rgb) -> Style {
        if self.color {
            Style::default().fg(rgb)
        } else {
            Style::default()
        }
    }

    pub fn light_square(&self) -> Style {
        self.bg(self.colors.light_square)
            .patch(self.fg(Rgb::Rgb(150, 120, 80)))
    }
    pub fn dark_square(&self) -> Style {
        self.bg(self.colors.dark_square)
    }
    pub fn must_capture(&self) -> Style {
        self.bg(self.colors.must_capture)
    }
    pub fn most_capture(&self) -> Style {
        self.bg(self.colors.most_capture)
    }
    pub fn selected(&self) -> Style {
        self.bg(self.colors.selected)
    }
    pub fn target(&self) -> Style {
        self.bg(self.colors.target)
    }
    pub fn path(&self) -> Style {
        self.bg(self.colors.path)
    }
    pub fn last_move(&self) -> Style {
        self.bg(self.colors.last_move)
    }
    pub fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    pub fn white_piece(&self) -> Style {
        self.fg(Rgb::Rgb(250, 250, 240))
            .add_modifier(Modifier::BOLD)
    }
    pub fn black_piece(&self) -> Style {
        self.fg(Rgb::Rgb(20, 20, 20)).add_modifier(Modifier::BOLD)
    }
    pub fn mark(&self) -> Style {
        self.fg(Rgb::Rgb(255, 240, 120))
            .add_modifier(Modifier::BOLD)
    }
    pub fn number(&self) -> Style {
        self.fg(Rgb::Rgb(200, 170, 130))
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
                .bg(Rgb::Rgb(50, 70, 110))
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::REVERSED)
        }
    }
}

//! The application state and the one function that changes it.
//!
//! Elm shape: [`crate::tui::keymap`] turns input into an [`Action`], [`App::update`]
//! alone mutates, and the view only reads. Everything here is plain data, so the
//! tests drive it with synthetic actions and no terminal.

use super::layout::{self, Layout};
use super::theme::Theme;
use checkers::ai::{Info, Level, Limits};
use checkers::notation::{self, explain_illegal};
use checkers::rules::CaptureChoice;
use checkers::{Color, Game, Move, Piece, Position, Ruleset, Square};
use std::time::Duration;

/// What the player asked for, independent of which key or click said it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Enter or Space: select the piece or landing square under the cursor.
    Activate,
    /// Esc.
    Cancel,
    /// A mouse click at a terminal cell.
    Click {
        col: u16,
        row: u16,
    },
    Undo,
    Redo,
    Flip,
    ToggleNumbers,
    Help,
    /// `q`: asks first while a game is in progress.
    Quit,
    /// Ctrl-C or a termination signal: leave now.
    ForceQuit,
    OpenCommand,
    CommandInput(char),
    CommandBackspace,
    CommandSubmit,
    CommandComplete,
    Yes,
    No,
    NewGame,
    ScrollUp,
    ScrollDown,
    Resize(u16, u16),
    /// A message from outside the state, e.g. a failed save.
    Notice(String),
    /// Ask the AI for a move for the player to move.
    Hint,
    /// Start screen: continue the unfinished game.
    Resume,
    /// Start screen: a stronger or weaker AI, more or less time at level 10.
    LevelUp,
    LevelDown,
    ThinkLonger,
    ThinkShorter,
    /// A search reported a finished depth.
    AiInfo {
        id: u64,
        info: Info,
    },
    /// A search finished: its chosen move and score (for the side to move then).
    AiDone {
        id: u64,
        best: Option<Move>,
        score: i32,
    },
}

/// Who the AI plays and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSettings {
    pub white: bool,
    pub black: bool,
    /// 1 to 10.
    pub level: u8,
    /// Level 10's time per move.
    pub think_time: Duration,
}

impl Default for AiSettings {
    fn default() -> Self {
        AiSettings {
            white: false,
            black: false,
            level: 5,
            think_time: Duration::from_secs(5),
        }
    }
}

impl AiSettings {
    pub fn plays(&self, c: Color) -> bool {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn level(&self) -> Level {
        Level::get(self.level).unwrap_or(checkers::ai::LEVELS[4])
    }
}

/// Why a search was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's own move.
    Move,
    /// A suggestion for the human.
    Hint,
    /// Whether to accept the human's draw offer.
    DrawOffer,
}

/// A search for the event loop to run on another thread.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    pub id: u64,
    pub purpose: Purpose,
    pub rules: Ruleset,
    pub pos: Position,
    pub past: checkers::ai::Past,
    pub level: Level,
    pub limits: Limits,
    pub seed: u64,
}

/// Work that `update` asks the event loop to do; the state itself stays plain data.
#[derive(Clone, Debug)]
pub enum Effect {
    Search(Box<SearchRequest>),
    /// Stop the running search; its late answer will be dropped.
    Stop,
}

/// A search under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub id: u64,
    pub purpose: Purpose,
    /// The last finished depth, once there is one.
    pub info: Option<Info>,
}

/// Which keys mean what right now; derived from the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Start,
    Board,
    Command,
    Help,
    Confirm,
    GameOver,
}

/// A dialog over the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    ConfirmQuit,
    /// `by` offered a draw; the other player answers.
    DrawOffer {
        by: Color,
    },
    GameOver,
}

/// A piece chosen and the landing squares chosen so far in a multi-capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    pub from: Square,
    pub landings: Vec<Square>,
}

/// A one-line message under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// The typed command line opened with `:`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommandLine {
    pub text: String,
    /// The text Tab completes from, and which candidate it showed last.
    completion: Option<(String, usize)>,
}

/// The start screen: pick a variant and an opponent.
#[derive(Clone, Debug)]
pub struct StartMenu {
    pub variants: Vec<Ruleset>,
    pub selected: usize,
    /// Index into [`OPPONENTS`].
    pub opponent: usize,
    pub level: u8,
    /// Level 10's time per move.
    pub think_time: Duration,
    /// An unfinished game that `r` resumes.
    pub unfinished: Option<Game>,
}

/// The start screen's opponent choices: name, AI plays white, AI plays black.
pub const OPPONENTS: [(&str, bool, bool); 4] = [
    ("another person at this terminal (hot-seat)", false, false),
    ("the AI, which plays Black", false, true),
    ("the AI, which plays White", true, false),
    ("the AI against itself (watch)", true, true),
];

/// How the game was asked for on the command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub rules: Ruleset,
    pub start: Option<Position>,
    pub theme: Theme,
    /// `--no-touch-move`: casual play even where the rules have touch-move.
    pub no_touch_move: bool,
    /// Keep this side at the bottom instead of the side to move.
    pub fixed_bottom: Option<Color>,
    /// Open the start screen instead of a game.
    pub start_screen: bool,
    pub ai: AiSettings,
    /// Square numbers on or off; `None`: on in numeric variants.
    pub board_numbers: Option<bool>,
    /// A game to continue, with its history (`--resume`); replaces `rules` and `start`.
    pub resume: Option<Game>,
    /// Open in review: ←/→ step through the game's moves (`--load`).
    pub review: bool,
    /// The unfinished game the start screen offers to resume.
    pub unfinished: Option<Game>,
}

/// The whole state of the terminal program.
#[derive(Debug)]
pub struct App {
    pub game: Game,
    pub theme: Theme,
    pub start_menu: Option<StartMenu>,
    pub overlay: Option<Overlay>,
    pub command: Option<CommandLine>,
    pub selection: Option<Selection>,
    pub status: Option<Status>,
    /// The cursor as (file, rank), any of the 64 squares.
    pub cursor: (u8, u8),
    pub flipped: bool,
    pub fixed_bottom: Option<Color>,
    pub show_numbers: bool,
    pub no_touch_move: bool,
    /// Move-list lines scrolled back from the newest.
    pub scroll: usize,
    /// The terminal size, for mapping clicks to squares.
    pub size: (u16, u16),
    pub quit: bool,
    pub ai: AiSettings,
    pub thinking: Option<Thinking>,
    /// A move the AI suggested, marked until the next move.
    pub hint: Option<Move>,
    /// Work for the event loop, taken by it after each update.
    pub effects: Vec<Effect>,
    /// Reviewing a loaded game: ←/→ step back and forth through its moves.
    pub review: bool,
    next_id: u64,
}

impl App {
    pub fn new(opts: Options, size: (u16, u16)) -> App {
        let start_menu = opts.start_screen.then(|| {
            let variants = Ruleset::builtins();
            let selected = variants
                .iter()
                .position(|r| r.id == opts.rules.id)
                .unwrap_or(0);
            let opponent = OPPONENTS
                .iter()
                .position(|&(_, w, b)| w == opts.ai.white && b == opts.ai.black)
                .unwrap_or(0);
            StartMenu {
                variants,
                selected,
                opponent,
                level: opts.ai.level,
                think_time: opts.ai.think_time,
                unfinished: opts.unfinished.clone(),
            }
        });
        let game = match (opts.resume, opts.start) {
            (Some(g), _) => g,
            (None, Some(p)) => Game::from_position(opts.rules.clone(), p),
            (None, None) => Game::new(opts.rules.clone()),
        };
        let mut app = App {
            show_numbers: opts.board_numbers.unwrap_or(numeric(game.rules())),
            game,
            theme: opts.theme,
            start_menu,
            overlay: None,
            command: None,
            selection: None,
            status: None,
            cursor: (2, 2),
            flipped: false,
            fixed_bottom: opts.fixed_bottom,
            no_touch_move: opts.no_touch_move,
            scroll: 0,
            size,
            quit: false,
            ai: opts.ai,
            thinking: None,
            hint: None,
            effects: Vec::new(),
            review: opts.review,
            next_id: 0,
        };
        if app.review {
            app.info(
                "reviewing: ←/→ step through the moves; play a move to go on from here".to_string(),
            );
        }
        app.place_cursor();
        app.schedule_ai();
        app
    }

    /// Which keys mean what now.
    pub fn mode(&self) -> Mode {
        if self.start_menu.is_some() {
            return Mode::Start;
        }
        if self.command.is_some() {
            return Mode::Command;
        }
        match self.overlay {
            Some(Overlay::Help) => Mode::Help,
            Some(Overlay::ConfirmQuit | Overlay::DrawOffer { .. }) => Mode::Confirm,
            Some(Overlay::GameOver) => Mode::GameOver,
            None => Mode::Board,
        }
    }

    /// The side drawn at the bottom of the board.
    pub fn bottom(&self) -> Color {
        // Against the AI the human's side stays at the bottom; in hot-seat the
        // board turns to the player to move.
        let human = match (self.ai.white, self.ai.black) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        let base = self
            .fixed_bottom
            .or(human)
            .unwrap_or(self.game.position().side_to_move());
        if self.flipped {
            base.opposite()
        } else {
            base
        }
    }

    /// Whether the touched piece must be moved now.
    pub fn touch_move(&self) -> bool {
        self.game.rules().touch_move && !self.no_touch_move
    }

    pub fn layout(&self) -> Layout {
        layout::compute(self.size.0, self.size.1)
    }

    /// The only place the state changes.
    pub fn update(&mut self, action: Action) {
        if let Action::Resize(w, h) = action {
            self.size = (w, h);
            return;
        }
        if action == Action::ForceQuit {
            self.quit = true;
            return;
        }
        if let Action::Notice(text) = action {
            self.status = Some(Status { text, error: true });
            return;
        }
        match action {
            Action::AiInfo { id, info } => {
                if let Some(t) = self.thinking.as_mut().filter(|t| t.id == id) {
                    t.info = Some(info);
                }
                return;
            }
            Action::AiDone { id, best, score } => {
                // A search started for a position that has since changed is dropped.
                if let Some(t) = self.thinking.take_if(|t| t.id == id) {
                    self.ai_done(t.purpose, best, score);
                    self.schedule_ai();
                }
                return;
            }
            _ => {}
        }
        self.dispatch(action);
        if self.quit {
            self.stop_thinking();
        } else {
            self.schedule_ai();
        }
    }

    fn dispatch(&mut self, action: Action) {
        match self.mode() {
            Mode::Start => self.update_start(action),
            Mode::Command => self.update_command(action),
            Mode::Help => {
                if matches!(
                    action,
                    Action::Cancel | Action::Help | Action::Activate | Action::Quit
                ) {
                    self.overlay = None;
                }
            }
            Mode::Confirm => self.update_confirm(action),
            Mode::GameOver => match action {
                Action::NewGame => self.new_game(None),
                Action::Quit => self.quit = true,
                Action::Undo => {
                    self.overlay = None;
                    self.undo();
                }
                Action::Cancel => self.overlay = None,
                _ => {}
            },
            Mode::Board => self.update_board(action),
        }
    }

    fn update_start(&mut self, action: Action) {
        let Some(menu) = &mut self.start_menu else {
            return;
        };
        let n = menu.variants.len();
        match action {
            Action::Up | Action::ScrollUp => menu.selected = (menu.selected + n - 1) % n,
            Action::Down | Action::ScrollDown => menu.selected = (menu.selected + 1) % n,
            Action::Left => menu.opponent = (menu.opponent + OPPONENTS.len() - 1) % OPPONENTS.len(),
            Action::Right => menu.opponent = (menu.opponent + 1) % OPPONENTS.len(),
            Action::LevelUp => menu.level = (menu.level + 1).min(10),
            Action::LevelDown => menu.level = menu.level.saturating_sub(1).max(1),
            Action::ThinkLonger => {
                menu.think_time =
                    (menu.think_time + Duration::from_secs(1)).min(Duration::from_secs(60))
            }
            Action::ThinkShorter => {
                menu.think_time = menu
                    .think_time
                    .saturating_sub(Duration::from_secs(1))
                    .max(Duration::from_secs(1))
            }
            Action::Resume => {
                if let Some(game) = menu.unfinished.take() {
                    let (_, white, black) = OPPONENTS[menu.opponent];
                    self.ai.white = white;
                    self.ai.black = black;
                    self.ai.level = menu.level;
                    self.start_menu = None;
                    self.show_numbers = numeric(game.rules());
                    self.game = game;
                    self.place_cursor();
                    self.info("resumed the unfinished game".to_string());
                }
            }
            Action::Activate => {
                let rules = menu.variants[menu.selected].clone();
                let (_, white, black) = OPPONENTS[menu.opponent];
                self.ai.white = white;
                self.ai.black = black;
                self.ai.level = menu.level;
                self.ai.think_time = menu.think_time;
                self.start_menu = None;
                self.new_game(Some(rules));
            }
            Action::Quit | Action::Cancel => self.quit = true,
            _ => {}
        }
    }

    fn update_confirm(&mut self, action: Action) {
        match (self.overlay.clone(), action) {
            (Some(Overlay::ConfirmQuit), Action::Yes | Action::Quit) => self.quit = true,
            (Some(Overlay::ConfirmQuit), Action::No | Action::Cancel) => self.overlay = None,
            (Some(Overlay::DrawOffer { .. }), Action::Yes) => {
                self.game.agree_draw();
                self.overlay = Some(Overlay::GameOver);
            }
            (Some(Overlay::DrawOffer { by }), Action::No | Action::Cancel) => {
                self.overlay = None;
                self.info(format!(
                    "{} declines the draw offered by {by}",
                    by.opposite()
                ));
            }
            _ => {}
        }
    }

    fn update_board(&mut self, action: Action) {
        self.status = None;
        match action {
            Action::Left if self.review => self.undo(),
            Action::Right if self.review => self.redo(),
            Action::Up | Action::Down | Action::Left | Action::Right => self.move_cursor(&action),
            Action::Activate => {
                let (file, rank) = self.cursor;
                self.activate(file, rank);
            }
            Action::Click { col, row } => {
                if let Some((file, rank)) = self.layout().square_at(col, row, self.bottom()) {
                    self.cursor = (file, rank);
                    self.activate(file, rank);
                }
            }
            Action::Cancel => self.cancel(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Flip => self.flipped = !self.flipped,
            Action::ToggleNumbers => self.show_numbers = !self.show_numbers,
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Quit => {
                if self.in_progress() {
                    self.overlay = Some(Overlay::ConfirmQuit);
                } else {
                    self.quit = true;
                }
            }
            Action::OpenCommand => self.command = Some(CommandLine::default()),
            Action::ScrollUp => self.scroll += 1,
            Action::ScrollDown => self.scroll = self.scroll.saturating_sub(1),
            Action::NewGame => self.new_game(None),
            Action::Hint => self.ask_hint(),
            _ => {}
        }
    }

    fn update_command(&mut self, action: Action) {
        let Some(cmd) = &mut self.command else {
            return;
        };
        match action {
            Action::CommandInput(c) => {
                cmd.text.push(c);
                cmd.completion = None;
            }
            Action::CommandBackspace => {
                if cmd.text.pop().is_none() {
                    self.command = None;
                } else {
                    cmd.completion = None;
                }
            }
            Action::Cancel => self.command = None,
            Action::CommandComplete => self.complete(),
            Action::CommandSubmit => {
                let text = cmd.text.trim().to_string();
                self.command = None;
                self.status = None;
                if !text.is_empty() {
                    self.run_command(&text);
                }
            }
            _ => {}
        }
    }

    /// Tab: the next legal move, in the variant's notation, that starts with what was typed.
    fn complete(&mut self) {
        let legal = self.game.legal_moves();
        let rules = self.game.rules().clone();
        let Some(cmd) = &mut self.command else {
            return;
        };
        let (prefix, index) = match &cmd.completion {
            Some((prefix, i)) => (prefix.clone(), i + 1),
            None => (cmd.text.clone(), 0),
        };
        let mut options: Vec<String> = legal
            .iter()
            .map(|m| notation::write(m, &rules.notation))
            .filter(|t| t.starts_with(prefix.trim()))
            .collect();
        options.sort();
        if options.is_empty() {
            self.status = Some(Status {
                text: format!("no legal move starts with `{}`", prefix.trim()),
                error: true,
            });
            return;
        }
        let i = index % options.len();
        cmd.text = options[i].clone();
        cmd.completion = Some((prefix, i));
    }

    fn run_command(&mut self, text: &str) {
        let mut words = text.split_whitespace();
        let word = words.next().unwrap_or_default();
        match word {
            "undo" => self.undo(),
            "redo" => self.redo(),
            "flip" => self.flipped = !self.flipped,
            "help" => self.overlay = Some(Overlay::Help),
            "quit" | "q" => self.update_board(Action::Quit),
            "resign" => {
                if self.game.outcome().is_none() {
                    self.game.resign(self.game.position().side_to_move());
                    self.selection = None;
                    self.overlay = Some(Overlay::GameOver);
                }
            }
            "draw" => {
                if self.game.outcome().is_none() {
                    let by = self.game.position().side_to_move();
                    if self.ai.plays(by.opposite()) {
                        self.start_search(Purpose::DrawOffer);
                        self.info("draw offered: the AI is considering it".to_string());
                    } else {
                        self.overlay = Some(Overlay::DrawOffer { by });
                    }
                }
            }
            "hint" => self.ask_hint(),
            "fen" => {
                let f =
                    checkers::fen::write(self.game.position(), self.game.rules().notation.squares);
                self.info(format!("FEN {f}"));
            }
            "save" => match words.next() {
                Some(path) => self.save(path),
                None => self.error("save needs a file name: save FILE".to_string()),
            },
            "load" => match words.next() {
                Some(path) => self.load(path),
                None => self.error("load needs a file name: load FILE".to_string()),
            },
            "new" => match words.next() {
                None => self.new_game(None),
                Some(id) => match Ruleset::builtin(id) {
                    Some(rules) => self.new_game(Some(rules)),
                    None => {
                        let ids: Vec<&str> = Ruleset::builtin_ids().collect();
                        self.error(format!(
                            "unknown variant `{id}`; choose one of {}",
                            ids.join(", ")
                        ));
                    }
                },
            },
            _ => self.play_text(text),
        }
    }

    fn play_text(&mut self, text: &str) {
        if self.touch_move() {
            if let Some(sel) = &self.selection {
                let from = notation::MoveText::parse(text).ok().map(|t| t.squares[0]);
                if from.is_some_and(|f| f != sel.from) {
                    return self
                        .error("touch-move: you must move the piece you selected".to_string());
                }
            }
        }
        match self.game.play_text(text) {
            Ok(m) => self.after_move(m),
            Err(e) => self.error(e.to_string()),
        }
    }

    fn move_cursor(&mut self, action: &Action) {
        // Arrows move on the screen, so their board direction depends on the view.
        let sign: i8 = if self.bottom() == Color::White { 1 } else { -1 };
        let (df, dr) = match action {
            Action::Up => (0, sign),
            Action::Down => (0, -sign),
            Action::Left => (-sign, 0),
            Action::Right => (sign, 0),
            _ => (0, 0),
        };
        let f = (self.cursor.0 as i8 + df).clamp(0, 7) as u8;
        let r = (self.cursor.1 as i8 + dr).clamp(0, 7) as u8;
        self.cursor = (f, r);
    }

    fn activate(&mut self, file: u8, rank: u8) {
        if self.game.outcome().is_some() {
            self.overlay = Some(Overlay::GameOver);
            return;
        }
        let Some(square) = Square::from_coords(file, rank) else {
            return self.error("pieces stand on the dark squares only".to_string());
        };
        let pos = *self.game.position();
        let own = pos
            .piece_at(square)
            .is_some_and(|p| p.color() == pos.side_to_move());
        match self.selection.clone() {
            None => self.select(square),
            Some(sel) if sel.landings.is_empty() && square == sel.from => {
                if self.touch_move() {
                    self.error("touch-move: you must move the piece you selected".to_string());
                } else {
                    self.selection = None;
                }
            }
            Some(sel) if sel.landings.is_empty() && own => {
                if self.touch_move() {
                    self.error("touch-move: you must move the piece you selected".to_string());
                } else {
                    self.select(square);
                }
            }
            Some(sel) => self.land(sel, square),
        }
    }

    fn select(&mut self, square: Square) {
        let pos = *self.game.position();
        let legal = self.game.legal_moves();
        match pos.piece_at(square) {
            None => self.error(format!(
                "there is no piece on {}",
                self.game.rules().notation.squares.write(square)
            )),
            Some(p) if p.color() != pos.side_to_move() => {
                self.error("that is not your piece".to_string())
            }
            Some(_) if legal.iter().any(|m| m.from() == square) => {
                self.selection = Some(Selection {
                    from: square,
                    landings: Vec::new(),
                });
            }
            Some(_) => {
                let reason = explain_illegal(&pos, self.game.rules(), &[square, square]);
                self.error(reason);
            }
        }
    }

    /// The legal moves that agree with the selection so far.
    pub fn candidates(&self) -> Vec<Move> {
        let Some(sel) = &self.selection else {
            return Vec::new();
        };
        self.game
            .legal_moves()
            .iter()
            .filter(|m| {
                let path = m.path();
                path[0] == sel.from
                    && path.len() > sel.landings.len() + 1
                    && path[1..=sel.landings.len()] == sel.landings[..]
            })
            .copied()
            .collect()
    }

    fn land(&mut self, mut sel: Selection, square: Square) {
        let cands = self.candidates();
        let ends_here: Vec<&Move> = cands.iter().filter(|m| m.to() == square).collect();
        if let [only] = ends_here.as_slice() {
            let m = **only;
            return self.play(m);
        }
        let step = sel.landings.len() + 1;
        let next: Vec<&Move> = cands.iter().filter(|m| m.path()[step] == square).collect();
        if next.is_empty() {
            if ends_here.len() > 1 {
                return self.error(format!(
                    "{} captures end there: choose each landing square in turn",
                    ends_here.len()
                ));
            }
            let mut squares = vec![sel.from];
            squares.extend(&sel.landings);
            squares.push(square);
            let reason = explain_illegal(self.game.position(), self.game.rules(), &squares);
            return self.error(reason);
        }
        sel.landings.push(square);
        if let [only] = next.as_slice() {
            if only.path().len() == step + 1 {
                let m = **only;
                return self.play(m);
            }
        }
        self.selection = Some(sel);
        self.info("go on capturing: choose the next landing square".to_string());
    }

    fn play(&mut self, m: Move) {
        match self.game.play(&m) {
            Ok(()) => self.after_move(m),
            Err(e) => self.error(e.to_string()),
        }
    }

    fn after_move(&mut self, m: Move) {
        // A move played (not replayed) ends the review: the game goes on from here.
        if self.review && !self.game.can_redo() {
            self.review = false;
        }
        self.hint = None;
        self.selection = None;
        self.scroll = 0;
        self.cursor = (m.to().file(), m.to().rank());
        if self.game.outcome().is_some() {
            self.overlay = Some(Overlay::GameOver);
        }
    }

    fn cancel(&mut self) {
        let touch_move = self.touch_move();
        let Some(sel) = &mut self.selection else {
            return;
        };
        if touch_move {
            if sel.landings.is_empty() {
                self.error("touch-move: you must move the piece you selected".to_string());
            } else {
                sel.landings.clear();
            }
        } else {
            self.selection = None;
        }
    }

    fn undo(&mut self) {
        self.selection = None;
        self.hint = None;
        self.stop_thinking();
        let vs_ai = self.ai.white != self.ai.black;
        let taken = self.game.undo();
        // Against the AI, take back its reply too, so the human is to move again.
        let taken = match taken {
            Some(m) if vs_ai && self.ai.plays(self.game.position().side_to_move()) => {
                self.game.undo().or(Some(m))
            }
            other => other,
        };
        match taken {
            Some(m) => self.info(format!("took back {}", self.write(&m))),
            None if self.game.outcome().is_none() && self.overlay.is_none() => {
                self.info("nothing to take back".to_string())
            }
            None => {}
        }
    }

    fn redo(&mut self) {
        self.selection = None;
        match self.game.redo() {
            Some(m) => {
                self.info(format!("replayed {}", self.write(&m)));
                self.after_move(m);
            }
            None => self.info("nothing to replay".to_string()),
        }
    }

    fn new_game(&mut self, rules: Option<Ruleset>) {
        self.stop_thinking();
        self.hint = None;
        let rules = rules.unwrap_or_else(|| self.game.rules().clone());
        self.show_numbers = numeric(&rules);
        self.game = Game::new(rules);
        self.selection = None;
        self.overlay = None;
        self.flipped = false;
        self.scroll = 0;
        self.place_cursor();
        self.info(format!("new game: {}", self.game.rules().name));
    }

    fn place_cursor(&mut self) {
        // Start on a piece of the side to move, where the first click usually goes.
        let side = self.game.position().side_to_move();
        let legal = self.game.legal_moves();
        if let Some(m) = legal
            .iter()
            .find(|m| self.game.position().piece_at(m.from()).map(Piece::color) == Some(side))
        {
            self.cursor = (m.from().file(), m.from().rank());
        }
    }

    /// Whether quitting would abandon a game with moves in it.
    fn in_progress(&self) -> bool {
        self.game.moves().len() > 0 && self.game.outcome().is_none()
    }

    fn save(&mut self, path: &str) {
        let text = checkers::pdn::write_game(&self.game, &checkers::pdn::Tags::default());
        match crate::files::write_atomically(std::path::Path::new(path), &text) {
            Ok(()) => self.info(format!("saved to {path}")),
            Err(e) => self.error(format!("cannot save to {path}: {e}; the game goes on")),
        }
    }

    fn load(&mut self, path: &str) {
        use checkers::pdn;
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.error(format!("cannot read {path}: {e}")),
        };
        let fallback = self.game.rules().clone();
        match pdn::load_game(&text, 1, Some(&fallback)).map(|(_, game)| game) {
            Ok(game) => {
                self.stop_thinking();
                self.show_numbers = numeric(game.rules());
                self.game = game;
                self.selection = None;
                self.hint = None;
                self.overlay = None;
                self.scroll = 0;
                let n = self.game.moves().len();
                self.info(format!(
                    "loaded {path}: {}, {n} moves",
                    self.game.rules().name
                ));
                if self.game.outcome().is_some() {
                    self.overlay = Some(Overlay::GameOver);
                }
            }
            Err(e) => self.error(format!("{path}: {e}")),
        }
    }

    /// PDN tags naming the players, for saved games.
    pub fn pdn_tags(&self) -> checkers::pdn::Tags {
        let name = |c: Color| {
            if self.ai.plays(c) {
                format!("checkers level {}", self.ai.level)
            } else {
                "human".to_string()
            }
        };
        checkers::pdn::Tags {
            event: "checkers game".to_string(),
            site: "checkers".to_string(),
            white: name(Color::White),
            black: name(Color::Black),
            ..Default::default()
        }
    }

    /// Whether the AI is to move now.
    pub fn ai_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.ai.plays(self.game.position().side_to_move())
    }

    /// Starts the AI's move when it is its turn and nothing is in the way.
    fn schedule_ai(&mut self) {
        if self.start_menu.is_none()
            && self.thinking.is_none()
            && self.ai_to_move()
            && !matches!(self.overlay, Some(Overlay::GameOver))
        {
            self.start_search(Purpose::Move);
        }
    }

    fn start_search(&mut self, purpose: Purpose) {
        self.stop_thinking();
        self.next_id += 1;
        let id = self.next_id;
        let mut level = self.ai.level();
        if purpose != Purpose::Move {
            // Advice and draw decisions come from a sound search, not a beginner's.
            level = checkers::ai::LEVELS[7];
        }
        let limits = level.limits(self.ai.think_time);
        self.effects.push(Effect::Search(Box::new(SearchRequest {
            id,
            purpose,
            rules: self.game.rules().clone(),
            pos: *self.game.position(),
            past: checkers::ai::Past::of(&self.game),
            level,
            limits,
            seed: id.wrapping_mul(0x2545_F491) ^ self.game.moves().len() as u64,
        })));
        self.thinking = Some(Thinking {
            id,
            purpose,
            info: None,
        });
    }

    fn stop_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.effects.push(Effect::Stop);
        }
    }

    fn ask_hint(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        if self.ai_to_move() {
            return self.error("it is the AI's turn".to_string());
        }
        self.start_search(Purpose::Hint);
        self.info("looking for a good move…".to_string());
    }

    fn ai_done(&mut self, purpose: Purpose, best: Option<Move>, score: i32) {
        match purpose {
            Purpose::Move => {
                let side = self.game.position().side_to_move();
                if self.ai.level().resigns && score <= checkers::ai::arena::RESIGN_BELOW {
                    self.game.resign(side);
                    self.selection = None;
                    self.overlay = Some(Overlay::GameOver);
                    return;
                }
                let Some(m) = best else { return };
                self.selection = None;
                let cursor = self.cursor;
                self.play(m);
                // The human's cursor stays where the human left it.
                self.cursor = cursor;
            }
            Purpose::Hint => {
                if let Some(m) = best {
                    self.hint = Some(m);
                    self.info(format!("hint: {}", self.write(&m)));
                }
            }
            Purpose::DrawOffer => {
                // `score` is for the side that offered; the AI accepts when it
                // is not better itself.
                if -score <= 20 {
                    self.game.agree_draw();
                    self.overlay = Some(Overlay::GameOver);
                } else {
                    self.info("the AI declines the draw".to_string());
                }
            }
        }
    }

    fn error(&mut self, text: String) {
        self.status = Some(Status { text, error: true });
    }

    fn info(&mut self, text: String) {
        self.status = Some(Status { text, error: false });
    }

    /// `m` in the variant's notation.
    pub fn write(&self, m: &Move) -> String {
        notation::write(m, &self.game.rules().notation)
    }

    /// The largest number of pieces any legal capture takes, and whether that
    /// is a rule (most-pieces variants) or just the longest on offer.
    pub fn capture_summary(&self) -> Option<(u32, bool)> {
        let legal = self.game.legal_moves();
        let first = legal.first()?;
        if !first.is_capture() {
            return None;
        }
        let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
        Some((
            most,
            self.game.rules().capture_choice == CaptureChoice::MostPieces,
        ))
    }
}

fn numeric(rules: &Ruleset) -> bool {
    rules.notation.squares == checkers::SquareNotation::Numeric
}

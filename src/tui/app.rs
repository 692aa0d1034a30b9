//! The application state and the one function that changes it.
//!
//! Elm shape: [`crate::tui::keymap`] turns input into an [`Action`], [`App::update`]
//! alone mutates, and the view only reads. Everything here is plain data, so the
//! tests drive it with synthetic actions and no terminal. What `update` cannot do
//! itself (search, read and write files) it asks of the event loop as an
//! [`Effect`], and hears back as an action.
//!
//! The types and `update` are here; each area's part of `update` is a child module.

mod ai_turn;
pub use ai_turn::{AiSettings, DELAYS};
mod clock;
pub use clock::Clocks;
mod analysis;
mod editor;
mod endgame;
pub use analysis::{AnalyseRequest, Live, LINES};
pub use editor::{Edit, Editor};
pub use endgame::{Endgame, TablesFor};
mod review;
pub use review::{Analysis, ReviewRequest, REVIEW_TIME};
mod command_line;
mod dialogs;
mod history;
mod save_load;
pub(crate) use save_load::save_failure;
pub use save_load::{FileWork, Kept};
mod selection;
mod start_menu;
pub use start_menu::Unfinished;
#[cfg(test)]
mod tests;

use super::autosave::Autosave;
use super::i18n::Lang;
use super::layout::Layout;
use super::theme::Theme;
use checkers::ai::eval::Evaluator;
use checkers::ai::{Info, Level, Limits};
use checkers::notation;
use checkers::{Color, Game, Move, Position, Ruleset, Square};
use std::sync::Arc;
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
    /// Delete the character under the command line's cursor.
    CommandDelete,
    /// Move the command line's cursor: a character left or right, or to an end.
    CommandLeft,
    CommandRight,
    CommandHome,
    CommandEnd,
    CommandSubmit,
    CommandComplete,
    Yes,
    No,
    NewGame,
    ScrollUp,
    ScrollDown,
    /// PgUp and PgDn: the move list by a page.
    PageUp,
    PageDown,
    Resize(u16, u16),
    /// A message from outside the state, e.g. a failed autosave.
    Notice(String),
    /// What came of [`FileWork::Save`]: `error` says why the file was not written.
    Saved {
        path: String,
        error: Option<String>,
    },
    /// What came of [`FileWork::Load`]: the file's text, or why it could not be read.
    Loaded {
        path: String,
        text: Result<String, String>,
    },
    /// What came of [`FileWork::Keep`]: where the game is kept, or why it is not.
    Kept(Result<String, String>),
    /// What came of [`FileWork::Take`]: where the game is kept, or why it
    /// could not be taken (it is then played on as a copy).
    Taken(Result<String, String>),
    /// Ask the AI for a move for the player to move.
    Hint,
    /// Start screen: continue the most recent unfinished game.
    Resume,
    /// Start screen: continue the unfinished game numbered so (from 1).
    ResumeNth(usize),
    /// Start screen: a stronger or weaker AI, more or less time at level 10.
    LevelUp,
    LevelDown,
    ThinkLonger,
    ThinkShorter,
    /// Start screen: the next time control of [`CLOCKS`].
    NextClock,
    /// The start screen's `b`: English checkers from a ballot drawn at random, or not.
    ToggleBallot,
    /// A search reported a finished depth.
    AiInfo {
        id: u64,
        info: Info,
    },
    /// The game's tables, asked for by their key, are this percentage ready.
    TablesProgress {
        key: u64,
        percent: u8,
    },
    /// A search finished: its chosen move and score (for the side to move then).
    AiDone {
        id: u64,
        best: Option<Move>,
        score: i32,
    },
    /// Time has passed up to this moment: the event loop sends one before each
    /// event while a clock runs, and at least every tenth of a second.
    Tick(std::time::Instant),
    /// `p`: stop the clocks and the AI, or let them go on.
    Pause,
    /// `s`: watching with the game paused, one more move.
    Step,
    /// `+` / `-`: watching, a shorter or longer time between moves.
    Faster,
    Slower,
    /// Start screen: the next time between moves of [`DELAYS`].
    NextDelay,
    /// `v`: review the game, or stop the review.
    Review,
    /// `m`: the next move the review marked.
    NextMarked,
    /// `a`: analyse the position on the board, or stop.
    Analyse,
    /// `e`: set up a position.
    OpenEditor,
    /// A key of the position editor.
    Edit(Edit),
    /// The analysis finished a depth with these lines.
    Analysed {
        id: u64,
        depth: u32,
        lines: Vec<checkers::ai::analysis::Line>,
    },
    /// The review's verdict on one position of its line.
    Verdict {
        id: u64,
        ply: usize,
        verdict: checkers::ai::review::Verdict,
    },
    /// The review has been through its line, or was stopped.
    ReviewDone {
        id: u64,
    },
    /// The endgame tables asked for with [`Effect::LoadTables`] are ready.
    TablesReady(TablesFor),
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
    /// The evaluation to search with, instead of the ruleset's own.
    pub eval: Option<Arc<Evaluator>>,
    pub purpose: Purpose,
    pub rules: Ruleset,
    pub pos: Position,
    pub past: checkers::ai::Past,
    pub level: Level,
    pub limits: Limits,
    pub seed: u64,
    /// Under touch-move, the square of the piece touched: the answer is its
    /// best move (the root's moves are then scored exactly).
    pub touched: Option<checkers::Square>,
}

/// Work that `update` asks the event loop to do; the state itself stays plain data.
#[derive(Clone, Debug)]
pub enum Effect {
    Search(Box<SearchRequest>),
    /// Stop the running search; its late answer will be dropped.
    Stop,
    /// Read or write a file; `update` never touches the file system itself.
    File(FileWork),
    /// Review a game on another thread; its verdicts come back one by one.
    Review(Box<ReviewRequest>),
    /// Stop the review under way.
    StopReview,
    /// Analyse a position on another thread until stopped.
    Analyse(Box<AnalyseRequest>),
    /// Stop the analysis.
    StopAnalysis,
    /// Put this text on the terminal's clipboard (OSC 52).
    Clipboard(String),
    /// Read (or solve) the endgame tables of these rules on another thread.
    LoadTables(Box<Ruleset>),
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
    /// Setting up a position.
    Editor,
}

/// A dialog over the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Scrolled down by `scroll` wrapped lines where the terminal is too low for all.
    Help {
        scroll: usize,
    },
    ConfirmQuit,
    /// `new` (or `n`) with a game in progress: the variant the new game is of
    /// (`None`: this game's).
    ConfirmNew {
        variant: Option<String>,
    },
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
    /// Where typing goes: a byte offset into `text`, on a character boundary.
    pub cursor: usize,
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
    /// The time control of the game to start.
    pub clock: Option<checkers::clock::TimeControl>,
    /// The time between moves when the AI plays itself.
    pub delay: Duration,
    /// English checkers starts from a three-move ballot drawn at random.
    pub ballot: bool,
    /// Unfinished games from the library, the most recent first; `r` resumes
    /// the first, `1`…`9` the one numbered so.
    pub unfinished: Vec<Unfinished>,
    /// How many unfinished games are not listed because another terminal
    /// plays them now.
    pub open_elsewhere: usize,
}

/// The start screen's opponent choices: catalogue key of the name, AI plays
/// white, AI plays black.
pub const OPPONENTS: [(&str, bool, bool); 4] = [
    ("opponent.hot_seat", false, false),
    ("opponent.ai_black", false, true),
    ("opponent.ai_white", true, false),
    ("opponent.ai_both", true, true),
];

/// The start screen's time controls, as `--clock` writes them: blitz to
/// rapid, with the increments clubs use.
pub const CLOCKS: [&str; 6] = ["1+0", "3+2", "5+3", "10+5", "15+10", "30+20"];

/// How the game was asked for on the command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub rules: Ruleset,
    pub start: Option<Position>,
    pub theme: Theme,
    /// The language of every word shown.
    pub lang: Lang,
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
    /// The unfinished games the start screen offers to resume.
    pub unfinished: Vec<Unfinished>,
    /// How many more are open in another terminal, and so not offered.
    pub open_elsewhere: usize,
    /// The TOML text of the user's ruleset (`--ruleset FILE`), kept with the game.
    pub ruleset_text: Option<String>,
    /// Where `resume` is kept already (a game taken from the library).
    pub kept_at: Option<String>,
    /// What the PDN reader skipped or noticed in the `--load` file, shown on
    /// the status line.
    pub notes: Vec<String>,
    /// `--eval FILE`: the AI's evaluation for the ruleset with this id.
    pub eval: Option<(String, Arc<Evaluator>)>,
    /// The tags of a record opened from a file (`--load`, `--resume`), written
    /// again when it is saved; `None`: a new game, dated today.
    pub tags: Option<checkers::pdn::Tags>,
    /// `--clock`: the time control of new games (a record keeps its own).
    pub clock: Option<checkers::clock::TimeControl>,
    /// `checkers review`: review the game at once, searching each position so.
    pub analyse: Option<Limits>,
}

/// The whole state of the terminal program.
#[derive(Debug)]
pub struct App {
    pub game: Game,
    pub theme: Theme,
    pub lang: Lang,
    pub start_menu: Option<StartMenu>,
    pub overlay: Option<Overlay>,
    pub command: Option<CommandLine>,
    pub selection: Option<Selection>,
    pub status: Option<Status>,
    /// The cursor as (file, rank), always a dark square.
    pub cursor: (u8, u8),
    /// The file the cursor keeps to when it moves up or down.
    pub cursor_aim: u8,
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
    /// The game as it stood when `v` began reviewing it, while ←/→ and `m`
    /// step the board through its line: the library keeps this one, its
    /// result included, and the AI waits until the review is left.
    record: Option<Game>,
    next_id: u64,
    /// Varies the weak levels' noise from one run to the next, so that a line
    /// that beat level 1 once does not beat it every time.
    pub(super) noise_seed: u64,
    /// Which state of the game was last kept by the autosave.
    saver: Autosave,
    /// Where the game is kept, for the quit and new-game dialogs.
    pub kept: Kept,
    /// The user ruleset's TOML text the game is played under, if any.
    ruleset_text: Option<String>,
    /// `--eval FILE`, for the ruleset with this id.
    eval: Option<(String, Arc<Evaluator>)>,
    /// The PDN tags the game is written with: a record's own, or a new game's
    /// (its date, the day it started).
    pub(super) tags: checkers::pdn::Tags,
    /// Where the record read ends (plies, position): its result stands there.
    record_end: Option<(usize, u64)>,
    /// The game's clocks, if it is played with a time control.
    pub clocks: Option<Clocks>,
    /// The time control new games are played with.
    pub clock_control: Option<checkers::clock::TimeControl>,
    /// `p`: the clocks and the AI stand still.
    pub paused: bool,
    /// `s`: one move is to be played although the game is paused.
    step: bool,
    /// The moment of the last tick: the app's idea of now.
    now: Option<std::time::Instant>,
    /// When the last move was played (by the ticks' time).
    last_move_at: Option<std::time::Instant>,
    /// Watching: the AI's next move, found before its time to be played.
    pub watched: Option<Move>,
    /// The review of the game, if one was asked for.
    pub analysis: Option<Analysis>,
    /// How long a review searches each position.
    review_limits: Limits,
    /// Infinite analysis of the position on the board, while it runs.
    pub live: Option<Live>,
    /// The position editor, while a position is being set up.
    pub editor: Option<Editor>,
    /// The endgame tables, for their verdict on the position on the board.
    pub endgame: Endgame,
    /// The share of the game's tables read or solved so far, in percent,
    /// while the event loop prepares them.
    pub tables_percent: Option<u8>,
}

/// A seed that differs from one call and one run to the next, for draws that
/// want variety (the weak levels' noise, a ballot): the standard library's
/// per-process random keys, no crate.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

/// The tags of a game started now: its date; the players are named when it
/// is written.
fn new_game_tags() -> checkers::pdn::Tags {
    checkers::pdn::Tags {
        date: crate::games::pdn_date(std::time::SystemTime::now()),
        ..Default::default()
    }
}

/// A record opened for review that ended off the board (a resignation, an
/// agreed draw, a loss on time), kept as the review's record: ← steps over
/// its end, and back at the record's end the end is there again.
fn ended_off_board(game: &Game, review: bool) -> Option<Game> {
    let off = game.outcome().is_some_and(|o| o.reason.off_board());
    (review && off).then(|| game.clone())
}

impl App {
    pub fn new(opts: Options, size: (u16, u16)) -> App {
        let start_menu = opts.start_screen.then(|| StartMenu::new(&opts));
        let kept = opts.kept_at.clone().map_or(Kept::Nowhere, Kept::Saved);
        let game = match (opts.resume, opts.start) {
            (Some(g), _) => g,
            (None, Some(p)) => Game::from_position(opts.rules.clone(), p),
            (None, None) => Game::new(opts.rules.clone()),
        };
        let tags = opts.tags.unwrap_or_else(new_game_tags);
        let clocks = Clocks::of_record(&tags).or(opts.clock.map(Clocks::new));
        let record_end = Some((game.moves().len(), game.position().hash()));
        let record = ended_off_board(&game, opts.review);
        let mut app = App {
            show_numbers: opts.board_numbers.unwrap_or(numeric(game.rules())),
            game,
            theme: opts.theme,
            lang: opts.lang,
            start_menu,
            overlay: None,
            command: None,
            selection: None,
            status: None,
            cursor: (2, 2),
            cursor_aim: 2,
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
            record,
            next_id: 0,
            noise_seed: fresh_seed(),
            saver: Autosave::default(),
            kept,
            ruleset_text: opts.ruleset_text,
            eval: opts.eval,
            tags,
            record_end,
            clocks,
            clock_control: opts.clock,
            paused: false,
            step: false,
            now: None,
            last_move_at: None,
            watched: None,
            analysis: None,
            live: None,
            editor: None,
            endgame: Endgame::None,
            tables_percent: None,
            review_limits: opts.analyse.unwrap_or(Limits {
                movetime: Some(REVIEW_TIME),
                ..Limits::default()
            }),
        };
        if app.kept != Kept::Nowhere {
            app.saver.held(&app.game);
        }
        if app.review {
            app.info(app.lang.t("status.reviewing").to_string());
        }
        if let Some(notes) = save_load::notes_line(&opts.notes) {
            app.info(notes);
        }
        app.place_cursor();
        if opts.analyse.is_some() {
            app.start_review();
        }
        app.schedule_ai();
        app.want_tables();
        app.autosave();
        app
    }

    /// What a key, click or resize means now. While the notice to enlarge
    /// the terminal hides the game, keys act on nothing unseen (a hidden quit
    /// dialog was answered, a move taken back): only Ctrl-C and a resize count.
    pub fn input_action(&self, input: &crossterm::event::Event) -> Option<Action> {
        let action = crate::tui::keymap::action(self.mode(), input)?;
        let shown = !self.layout().too_small;
        (shown || matches!(action, Action::Resize(..) | Action::ForceQuit)).then_some(action)
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
            Some(Overlay::Help { .. }) => Mode::Help,
            Some(Overlay::ConfirmQuit | Overlay::ConfirmNew { .. } | Overlay::DrawOffer { .. }) => {
                Mode::Confirm
            }
            Some(Overlay::GameOver) => Mode::GameOver,
            None if self.editor.is_some() => Mode::Editor,
            None => Mode::Board,
        }
    }

    /// The side drawn at the bottom of the board.
    pub fn bottom(&self) -> Color {
        // Against the AI the human's side stays at the bottom; in hot-seat the
        // board turns to the player to move; watching the AI play itself, the
        // board keeps still, White at the bottom.
        let human = match (self.ai.white, self.ai.black) {
            (true, false) => Some(Color::Black),
            (false, true) | (true, true) => Some(Color::White),
            (false, false) => None,
        };
        // Stepping through a record, the board keeps still too.
        let still = self.review.then_some(Color::White);
        let base = self
            .fixed_bottom
            .or(human)
            .or(still)
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

    /// Where the board, panel and status go in the terminal, this game's board
    /// turned as [`App::bottom`] says.
    pub fn layout(&self) -> Layout {
        Layout::new(
            self.size.0,
            self.size.1,
            self.geometry().size,
            self.bottom(),
        )
    }

    /// The only place the state changes.
    pub fn update(&mut self, action: Action) {
        self.apply(action);
        self.want_tables();
        self.autosave();
    }

    fn apply(&mut self, action: Action) {
        if let Action::Resize(w, h) = action {
            self.size = (w, h);
            return;
        }
        if action == Action::ForceQuit {
            self.quit = true;
            self.retry_failed_save();
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
            Action::Verdict { id, ply, verdict } => return self.verdict(id, ply, verdict),
            Action::ReviewDone { id } => return self.review_done(id),
            Action::TablesReady(tables) => return self.tables_ready(tables),
            Action::TablesProgress { key, percent } => return self.tables_progress(key, percent),
            Action::Analysed { id, depth, lines } => return self.analysed(id, depth, lines),
            Action::Tick(now) => {
                self.tick(now);
                // A watched move played on time: the next search.
                self.schedule_ai();
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
            Action::Saved { path, error } => return self.saved(&path, error),
            Action::Kept(result) => return self.kept(result),
            Action::Taken(result) => return self.taken(result),
            Action::Loaded { path, text } => {
                self.loaded(&path, text);
                self.schedule_ai();
                return;
            }
            _ => {}
        }
        self.dispatch(action);
        if self.quit {
            self.stop_thinking();
            self.drop_analysis();
        } else {
            self.follow_analysis();
            self.schedule_ai();
        }
    }

    fn dispatch(&mut self, action: Action) {
        match self.mode() {
            Mode::Start => self.update_start(action),
            Mode::Command => self.update_command(action),
            Mode::Help => self.update_help(action),
            Mode::Confirm => self.update_confirm(action),
            Mode::GameOver => self.update_game_over(action),
            Mode::Board => self.update_board(action),
            Mode::Editor => self.update_editor(action),
        }
    }

    fn update_board(&mut self, action: Action) {
        self.status = None;
        match action {
            Action::Left if self.review => self.review_step(false),
            Action::Right if self.review => self.review_step(true),
            Action::Up | Action::Down | Action::Left | Action::Right => self.move_cursor(&action),
            Action::Activate => {
                let (file, rank) = self.cursor;
                self.activate(file, rank);
            }
            Action::Click { col, row } => {
                if let Some((file, rank)) = self.layout().square_at(col, row) {
                    if let Some(square) = self.geometry().seen_at(file, rank) {
                        self.set_cursor(square);
                    }
                    self.activate(file, rank);
                }
            }
            Action::Cancel => self.cancel(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Flip => self.flipped = !self.flipped,
            Action::ToggleNumbers => self.show_numbers = !self.show_numbers,
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::Quit => {
                if self.in_progress() {
                    // The dialog says whether the game is saved: try once more first.
                    self.retry_failed_save();
                    self.overlay = Some(Overlay::ConfirmQuit);
                } else {
                    self.quit = true;
                }
            }
            Action::OpenCommand => self.command = Some(CommandLine::default()),
            Action::ScrollUp => self.scroll_by(1),
            Action::ScrollDown => self.scroll = self.scroll.saturating_sub(1),
            Action::PageUp => self.scroll_by(super::view::move_list_page(self)),
            Action::PageDown => {
                self.scroll = self
                    .scroll
                    .saturating_sub(super::view::move_list_page(self))
            }
            Action::NewGame => self.ask_new_game(None),
            Action::Hint => self.ask_hint(),
            Action::Pause => self.toggle_pause(),
            Action::Step => self.step_once(),
            Action::Review => self.toggle_review(),
            Action::NextMarked => self.next_marked(),
            Action::Analyse => self.toggle_analysis(),
            Action::OpenEditor => self.open_editor(),
            Action::Faster => self.change_delay(true),
            Action::Slower => self.change_delay(false),
            _ => {}
        }
    }

    fn new_game(&mut self, rules: Option<Ruleset>) {
        // A user ruleset's text goes on with its rules, not with another variant.
        if rules.is_some() {
            self.ruleset_text = None;
        }
        let rules = rules.unwrap_or_else(|| self.game.rules().clone());
        self.show_numbers = numeric(&rules);
        self.flipped = false;
        self.start_game(Game::new(rules));
        let name = self.lang.variant_name(self.game.rules());
        self.info(self.lang.f("status.new_game", &[("variant", &name)]));
    }

    /// `game` takes the board as a game started now: the last one stays in the
    /// library, and what belonged to it (its search, clocks, review) goes.
    fn start_game(&mut self, game: Game) {
        self.leave_game();
        self.stop_thinking();
        self.hint = None;
        self.game = game;
        self.tags = new_game_tags();
        self.clocks = self.clock_control.map(Clocks::new);
        self.paused = false;
        self.watched = None;
        self.drop_review();
        self.selection = None;
        self.overlay = None;
        self.scroll = 0;
        self.place_cursor();
    }

    /// Whether quitting would abandon a game with moves in it.
    fn in_progress(&self) -> bool {
        self.game.moves().len() > 0 && self.game.outcome().is_none()
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
}

fn numeric(rules: &Ruleset) -> bool {
    rules.notation.squares == checkers::SquareNotation::Numeric
}

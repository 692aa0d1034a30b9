//! The saved-games library: every game the terminal game plays is kept in a PDN
//! file of its own under the data directory, finished or not, and is never
//! overwritten by another game. While an instance plays a game it holds an OS
//! lock on it, so a second instance (another terminal) cannot take it over.
//!
//! Layout: `DATA/checkers/games/ID.pdn`, and beside it the empty lock file
//! `.ID.lock`. An `ID` is the UTC time the game was first kept, the process id
//! and, when that name was taken, a counter: `20261123-040230-4711-2`.

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
mod text;

pub use text::{open_game, read_game, write_game, write_game_with};

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// `$XDG_DATA_HOME/checkers`, else `~/.local/share/checkers` (a relative
/// `XDG_DATA_HOME` is ignored, as the XDG spec asks).
pub fn data_dir() -> Option<PathBuf> {
    Some(crate::config::xdg_dir("XDG_DATA_HOME", ".local/share")?.join("checkers"))
}

const NO_DATA_DIR: &str = "cannot tell where games are saved: set HOME or XDG_DATA_HOME";

/// A game held by this process: its file and the lock that keeps other
/// instances off it until this value is dropped.
#[derive(Debug)]
pub struct Record {
    pub path: PathBuf,
    _lock: File,
}

impl Record {
    /// Replaces the game's file with `text`, atomically.
    pub fn write(&self, text: &str) -> io::Result<()> {
        crate::files::write_atomically(&self.path, text)
    }
}

/// One saved game as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub path: PathBuf,
    /// The ruleset's id, or the file's `Variant` tag when it names none.
    pub variant: String,
    pub white: String,
    pub black: String,
    /// Plies played.
    pub moves: usize,
    /// The PDN result; `None`: unfinished.
    pub result: Option<String>,
    /// When the file was last written.
    pub last_played: SystemTime,
    /// Another instance (or this one) holds the game's lock.
    pub open: bool,
    /// Why the file could not be read as a game, if it could not.
    pub unreadable: Option<String>,
}

/// Why a game could not be taken.
#[derive(Debug)]
pub enum TakeError {
    /// No saved game has this id.
    Unknown(String),
    /// Another instance plays it now.
    OpenElsewhere(String),
    Io(String),
}

/// Made printable whole: an id is a file's name, which may hold anything.
impl std::fmt::Display for TakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            TakeError::Unknown(m) | TakeError::Io(m) => m.clone(),
            TakeError::OpenElsewhere(id) => {
                crate::cli::language().f("games.open_elsewhere", &[("id", id)])
            }
        };
        f.write_str(&checkers::printable(&text))
    }
}

/// The games folder.
#[derive(Clone, Debug)]
pub struct Library {
    pub dir: PathBuf,
}

/// One of the library's failures, `key` with the path or id and the system's
/// reason, in the player's language.
fn failed(key: &str, what: (&str, &str), e: &io::Error) -> String {
    let lang = crate::cli::language();
    let why = crate::files::io_reason(&lang, e);
    let shown = checkers::printable(what.1);
    lang.f(key, &[(what.0, &shown), ("error", &why)])
}

impl Library {
    /// The library in the user's data directory, created if needed, with the
    /// unfinished game of the old one-file layout moved in.
    pub fn open() -> Result<Library, String> {
        let data = data_dir().ok_or_else(|| NO_DATA_DIR.to_string())?;
        let lib = Library::at(data.join("games"))?;
        lib.migrate(&data.join("current.pdn"))?;
        Ok(lib)
    }

    /// The library in `dir`, created if needed.
    pub fn at(dir: PathBuf) -> Result<Library, String> {
        std::fs::create_dir_all(&dir).map_err(|e| {
            failed(
                "games.cannot_create",
                ("path", &dir.display().to_string()),
                &e,
            )
        })?;
        Ok(Library { dir })
    }

    fn path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.pdn"))
    }

    fn lock_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!(".{id}.lock"))
    }

    /// Takes the lock of game `id`; `Ok(None)`: another holder has it.
    fn lock(&self, id: &str) -> io::Result<Option<File>> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.lock_path(id))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// Whether some instance holds game `id`'s lock now.
    fn is_open(&self, id: &str) -> bool {
        let Ok(file) = File::open(self.lock_path(id)) else {
            return false; // never locked
        };
        match file.try_lock_shared() {
            Ok(()) => false,
            Err(std::fs::TryLockError::WouldBlock) => true,
            Err(std::fs::TryLockError::Error(_)) => false,
        }
    }

    /// Files `text` as a new game under a name no other game has, and holds it.
    pub fn create(&self, text: &str) -> io::Result<Record> {
        let stamp = stamp(SystemTime::now());
        let pid = std::process::id();
        for n in 0..10_000u32 {
            let id = match n {
                0 => format!("{stamp}-{pid}"),
                n => format!("{stamp}-{pid}-{n}"),
            };
            // The lock first, so no other instance can take the game between
            // its file appearing and this one holding it.
            let Some(lock) = self.lock(&id)? else {
                continue;
            };
            let path = self.path(&id);
            match crate::files::write_new(&path, text) {
                Ok(()) => return Ok(Record { path, _lock: lock }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::other(
            crate::cli::language().t("games.no_free_name").to_string(),
        ))
    }

    /// Takes saved game `id` (exact, or a prefix of one id) to play on.
    pub fn take(&self, id: &str) -> Result<(Record, String), TakeError> {
        let id = self.resolve(id)?;
        let lock = match self.lock(&id) {
            Ok(Some(lock)) => lock,
            Ok(None) => return Err(TakeError::OpenElsewhere(id)),
            Err(e) => return Err(TakeError::Io(failed("games.cannot_lock", ("id", &id), &e))),
        };
        let path = self.path(&id);
        let text =
            crate::files::read_text(&path, crate::files::MAX_PDN_BYTES).map_err(TakeError::Io)?;
        Ok((Record { path, _lock: lock }, text))
    }

    /// Game `id`'s text without taking it, for a copy.
    pub fn read(&self, id: &str) -> Result<String, TakeError> {
        let id = self.resolve(id)?;
        crate::files::read_text(&self.path(&id), crate::files::MAX_PDN_BYTES).map_err(TakeError::Io)
    }

    /// The full id of the one game whose id is `id` or starts with it.
    pub fn resolve(&self, id: &str) -> Result<String, TakeError> {
        // Any name a file in the folder can have (a game copied in by hand
        // too, control characters and all: the list shows it, so it can be
        // resumed and deleted), but never a path out of it.
        let valid = !id.is_empty() && !id.starts_with('.') && !id.contains(['/', '\\']);
        let shown = checkers::printable(id);
        let lang = crate::cli::language();
        if !valid {
            return Err(TakeError::Unknown(
                lang.f("games.not_an_id", &[("id", &shown)]),
            ));
        }
        if self.path(id).is_file() {
            return Ok(id.to_string());
        }
        let ids: Vec<String> = self
            .ids()
            .map_err(TakeError::Io)?
            .into_iter()
            .filter(|i| i.starts_with(id))
            .collect();
        match ids.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(TakeError::Unknown(
                lang.f("games.no_such_id", &[("id", &shown)]),
            )),
            more => Err(TakeError::Unknown(lang.f(
                "games.which_id",
                &[
                    ("id", &shown),
                    ("ids", &checkers::printable(&more.join(", "))),
                ],
            ))),
        }
    }

    /// Every game's id.
    fn ids(&self) -> Result<Vec<String>, String> {
        let dir = std::fs::read_dir(&self.dir).map_err(|e| {
            failed(
                "games.cannot_list",
                ("path", &self.dir.display().to_string()),
                &e,
            )
        })?;
        Ok(dir
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                let id = name.strip_suffix(".pdn")?;
                (!id.starts_with('.')).then(|| id.to_string())
            })
            .collect())
    }

    /// Every saved game, the most recently played first.
    pub fn list(&self) -> Result<Vec<Entry>, String> {
        let mut entries: Vec<Entry> = self.ids()?.into_iter().map(|id| self.entry(id)).collect();
        entries.sort_by(|a, b| {
            b.last_played
                .cmp(&a.last_played)
                .then_with(|| b.id.cmp(&a.id))
        });
        Ok(entries)
    }

    fn entry(&self, id: String) -> Entry {
        let path = self.path(&id);
        let last_played = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        let open = self.is_open(&id);
        let mut entry = Entry {
            id,
            path,
            variant: String::new(),
            white: String::new(),
            black: String::new(),
            moves: 0,
            result: None,
            last_played,
            open,
            unreadable: None,
        };
        match crate::files::read_text(&entry.path, crate::files::MAX_PDN_BYTES)
            .and_then(|t| text::summary(&t))
        {
            Ok(s) => {
                entry.variant = s.variant;
                entry.white = s.white;
                entry.black = s.black;
                entry.moves = s.moves;
                entry.result = s.result;
            }
            Err(e) => entry.unreadable = Some(e),
        }
        entry
    }

    /// Removes game `id`; refused while an instance plays it.
    pub fn delete(&self, id: &str) -> Result<String, TakeError> {
        let id = self.resolve(id)?;
        let Some(lock) = self
            .lock(&id)
            .map_err(|e| TakeError::Io(failed("games.cannot_lock", ("id", &id), &e)))?
        else {
            return Err(TakeError::OpenElsewhere(id));
        };
        std::fs::remove_file(self.path(&id))
            .map_err(|e| TakeError::Io(failed("games.cannot_delete", ("id", &id), &e)))?;
        let _ = std::fs::remove_file(self.lock_path(&id));
        drop(lock);
        Ok(id)
    }

    /// Moves the old layout's unfinished game (`current.pdn`) into the library
    /// as a game of its own, so an upgrade loses nothing.
    fn migrate(&self, old: &Path) -> Result<(), String> {
        // Renamed first to a name of this process's own: of two instances
        // starting at once, exactly one moves it.
        let mine = self
            .dir
            .join(format!(".migrating-{}.pdn", std::process::id()));
        match std::fs::rename(old, &mine) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => {
                return Err(failed(
                    "games.cannot_move",
                    ("path", &old.display().to_string()),
                    &e,
                ))
            }
        }
        let text = crate::files::read_text(&mine, crate::files::MAX_PDN_BYTES)?;
        let record = self.create(&text).map_err(|e| {
            failed(
                "games.cannot_move",
                ("path", &old.display().to_string()),
                &e,
            )
        })?;
        // Last played when it was last saved, not now.
        if let Ok(t) = std::fs::metadata(&mine).and_then(|m| m.modified()) {
            let _ = File::options()
                .write(true)
                .open(&record.path)
                .and_then(|f| f.set_modified(t));
        }
        let _ = std::fs::remove_file(&mine);
        Ok(())
    }
}

/// Keeps the game on screen in the library, for the terminal game's event loop.
#[derive(Debug, Default)]
pub struct Keeper {
    record: Option<Record>,
    /// The library to file new games in; `None`: the user's, found when needed.
    library: Option<Library>,
}

impl Keeper {
    /// A keeper filing games in `library` instead of the user's.
    #[cfg(test)]
    pub fn in_library(library: Library) -> Keeper {
        Keeper {
            record: None,
            library: Some(library),
        }
    }

    fn library(&self) -> Result<Library, String> {
        match &self.library {
            Some(lib) => Ok(lib.clone()),
            None => Library::open(),
        }
    }

    /// Keeping `record`, a game already in the library and held.
    pub fn holding(record: Record) -> Keeper {
        Keeper {
            record: Some(record),
            library: None,
        }
    }

    /// Writes `text` as the game on screen: into its file, or into a new one
    /// on the first call. Returns where it is kept, or why it is not (the
    /// reason alone, short enough for a dialog: "No space left on device").
    pub fn keep(&mut self, text: &str) -> Result<PathBuf, String> {
        if let Some(record) = &self.record {
            return record
                .write(text)
                .map(|()| record.path.clone())
                .map_err(|e| e.to_string());
        }
        let lib = self.library()?;
        let record = lib.create(text).map_err(|e| e.to_string())?;
        let path = record.path.clone();
        self.record = Some(record);
        Ok(path)
    }

    /// The game on screen is no longer this one: let go of its file, which
    /// stays in the library; the next [`Keeper::keep`] files a new game.
    pub fn let_go(&mut self) {
        self.record = None;
    }

    /// Takes saved game `id` to go on with it here; on error nothing is held.
    pub fn take(&mut self, id: &str) -> Result<PathBuf, String> {
        self.record = None;
        let lib = self.library()?;
        let (record, _) = lib.take(id).map_err(|e| e.to_string())?;
        let path = record.path.clone();
        self.record = Some(record);
        Ok(path)
    }
}

/// `t` as `YYYYMMDD-HHMMSS`, UTC.
fn stamp(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = civil(t);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

/// `t` as PDN writes a date, `YYYY.MM.DD` (UTC).
pub fn pdn_date(t: SystemTime) -> String {
    let (y, mo, d, ..) = civil(t);
    format!("{y:04}.{mo:02}.{d:02}")
}

/// The tags of a record read from a file, to be written again with it.
/// `game` is the record as played: its moves say whose clock each clock comment
/// is (they are kept only when every move of the record was played).
pub fn tags_of(read: &checkers::pdn::PdnGame, game: &checkers::Game) -> checkers::pdn::Tags {
    let tag = |name: &str| read.tag(name).unwrap_or_default().to_string();
    let plies = game.moves().len();
    let mut clocks = Vec::new();
    if read.moves.len() == plies {
        clocks = vec![None; plies];
        for (i, text) in &read.comments {
            if let Some(slot) = clocks.get_mut(*i).filter(|c| c.is_none()) {
                let mover = game.position_before(*i).side_to_move();
                *slot = checkers::clock::read_clk(text, mover);
            }
        }
        if clocks.iter().all(Option::is_none) {
            clocks.clear();
        }
    }
    checkers::pdn::Tags {
        event: tag("Event"),
        site: tag("Site"),
        date: tag("Date"),
        round: tag("Round"),
        white: tag("White"),
        black: tag("Black"),
        time_control: tag("TimeControl"),
        // A resignation or a loss on time is in the record's result alone.
        result: checkers::pdn::recorded_result(read, game.rules())
            .filter(|_| game.outcome().is_none())
            .unwrap_or_default()
            .to_string(),
        // Kept only where the game opens with that ballot's moves.
        ballot: read
            .tag("Ballot")
            .and_then(|n| n.trim().parse().ok())
            .filter(|n| checkers::openings::ballot_of(game).is_some_and(|b| b.number == *n)),
        clocks,
        notes: Vec::new(),
    }
}

/// `t` as `YYYY-MM-DD HH:MM UTC`.
pub fn when(t: SystemTime) -> String {
    let (y, mo, d, h, mi, _) = civil(t);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
}

/// `t` as RFC 3339, UTC, for `--json`.
pub fn rfc3339(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = civil(t);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

/// The UTC calendar date and time of `t` (Howard Hinnant's days-to-civil).
fn civil(t: SystemTime) -> (i64, u32, u32, u32, u32, u32) {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    let rem = rem as u32;
    (y, m, d, rem / 3600, rem / 60 % 60, rem % 60)
}

//! Writing files safely.

use std::io;
use std::path::Path;

/// Writes `contents` to `path` through a temporary file beside it, synced, then
/// renamed over it, and the directory synced: a crash, a kill or a full disk never
/// leaves half a file behind. The temporary file is created new (never through a
/// link planted where it goes).
pub fn write_atomically(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    put(path, contents.as_ref(), |tmp| std::fs::rename(tmp, path))
}

/// Writes `contents` to `path` as [`write_atomically`] does, but only if
/// nothing is there yet: an existing file (or link) is an `AlreadyExists`
/// error and stays as it was. The whole file appears at once or not at all.
pub fn write_new(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    // A hard link, unlike a rename, refuses to replace what is there.
    let contents = contents.as_ref();
    put(path, contents, |tmp| {
        let linked = match std::fs::hard_link(tmp, path) {
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => {
                // A file system without hard links: still never a replacement,
                // though a crash now could leave a short file.
                write_exclusively(path, contents)
            }
            other => other,
        };
        let _ = std::fs::remove_file(tmp);
        linked
    })
}

/// Creates `path`, which must not exist, with `contents`, synced.
fn write_exclusively(path: &Path, contents: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(contents).and_then(|()| file.sync_all())
}

/// Writes `contents` to a new temporary file beside `path`, syncs it, hands it
/// to `publish` to put it in place, then syncs the directory.
fn put(
    path: &Path,
    contents: &[u8],
    publish: impl FnOnce(&Path) -> io::Result<()>,
) -> io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let mut attempt = 0u32;
    let (tmp, mut file) = loop {
        let tmp = dir.join(format!(".{name}.tmp{}-{attempt}", std::process::id()));
        // `create_new` is O_CREAT|O_EXCL: it fails on anything already there,
        // a planted symbolic link included, and so never writes through one.
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    };
    let written = file.write_all(contents).and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    if let Err(e) = publish(&tmp) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    // The new name is durable only once the directory is.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The largest game record (PDN) read: a million games of 60 moves is far less.
pub const MAX_PDN_BYTES: u64 = 64 << 20;

/// The largest self-play data file read: a long training run writes hundreds of MiB.
pub const MAX_DATA_BYTES: u64 = 4 << 30;

/// The largest config file read: the default one is under 2 KiB.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads a text file whole through [`checkers::read_text`] (a regular file only,
/// never blocking on a FIFO or a terminal, at most `limit` bytes); the error is one
/// line naming the file, safe to print.
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    checkers::read_text(path, limit).map_err(|e| read_error(path, &e))
}

/// "cannot read F: why", with the name made safe to print.
pub fn read_error(path: &Path, e: &io::Error) -> String {
    let lang = crate::cli::language();
    let name = path.display().to_string();
    let why = io_reason(&lang, e);
    let path = checkers::printable(&name);
    lang.f("cli.cannot_read", &[("path", &path), ("error", &why)])
}

/// Why a file could not be read or written, in `lang`: the program's own
/// refusals and the common system errors by kind; another system error keeps
/// the system's words, without its number.
pub fn io_reason(lang: &crate::tui::i18n::Lang, e: &io::Error) -> String {
    use checkers::{FileKind, Refused};
    if let Some(refused) = e.get_ref().and_then(|i| i.downcast_ref::<Refused>()) {
        return match *refused {
            Refused::NotRegular(kind) => {
                let what = match kind {
                    FileKind::Directory => "cli.file.directory",
                    FileKind::Fifo => "cli.file.fifo",
                    FileKind::Device => "cli.file.device",
                    FileKind::BlockDevice => "cli.file.block_device",
                    FileKind::Socket => "cli.file.socket",
                    FileKind::Other => "cli.file.other",
                };
                lang.f("cli.file.not_regular", &[("what", &lang.t(what))])
            }
            Refused::TooLarge(limit) => lang.f(
                "cli.file.too_large",
                &[("size", &checkers::size_words(limit))],
            ),
            Refused::NotUtf8 => lang.t("cli.file.not_utf8").to_string(),
        };
    }
    match e.kind() {
        io::ErrorKind::NotFound => lang.t("cli.no_such_file").to_string(),
        io::ErrorKind::PermissionDenied => lang.t("cli.file.permission").to_string(),
        io::ErrorKind::IsADirectory => lang.f(
            "cli.file.not_regular",
            &[("what", &lang.t("cli.file.directory"))],
        ),
        _ => {
            let text = e.to_string();
            match text.rfind(" (os error ") {
                Some(at) if text.ends_with(')') => text[..at].to_string(),
                _ => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player found English in the other languages' file errors (issue 31).
    #[test]
    fn file_errors_are_worded_in_the_language_without_os_error_numbers() {
        use crate::tui::i18n::Lang;
        let why = |lang: Lang, path: &str| {
            let e = checkers::read_text(Path::new(path), 1 << 20).unwrap_err();
            io_reason(&lang, &e)
        };
        let dir = std::env::temp_dir();
        let dir = dir.to_str().unwrap();
        assert_eq!(why(Lang::Ru, dir), "это каталог, а не обычный файл");
        assert_eq!(
            why(Lang::De, dir),
            "es ist ein Verzeichnis, keine gewöhnliche Datei"
        );
        assert_eq!(why(Lang::En, dir), "it is a directory, not a regular file");
        assert_eq!(why(Lang::It, dir), "è una cartella, non un file normale");
        #[cfg(unix)]
        assert_eq!(
            why(Lang::Nl, "/dev/zero"),
            "het is een apparaat (een terminal of iets dergelijks), geen gewoon bestand"
        );
        assert_eq!(why(Lang::Ru, "/no/such/file.pdn"), "такого файла нет");
        for lang in Lang::ALL {
            let e = io::Error::from_raw_os_error(28);
            let line = io_reason(&lang, &e);
            assert!(!line.contains("os error"), "{lang:?}: {line}");
        }
    }

    #[test]
    fn writes_whole_files_and_leaves_no_temporary_behind() {
        let dir = std::env::temp_dir().join(format!("checkers-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.pdn");
        write_atomically(&path, "one").unwrap();
        write_atomically(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        assert!(write_atomically(&dir.join("no/such/dir/x.pdn"), "x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_where_the_temporary_file_goes_is_never_written_through() {
        let dir = std::env::temp_dir().join(format!("checkers-files-link-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, "keep me").unwrap();
        // Every name the writer would try first is a link to the victim.
        for attempt in 0..5 {
            let tmp = dir.join(format!(".game.pdn.tmp{}-{attempt}", std::process::id()));
            std::os::unix::fs::symlink(&victim, tmp).unwrap();
        }
        write_atomically(&dir.join("game.pdn"), "the game").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
        assert_eq!(
            std::fs::read_to_string(dir.join("game.pdn")).unwrap(),
            "the game"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn write_new_never_replaces_a_file() {
        let dir = std::env::temp_dir().join(format!("checkers-files-new-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("notes.txt");
        write_new(&path, "mine").unwrap();
        let e = write_new(&path, "theirs").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary left"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

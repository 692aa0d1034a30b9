//! Writing files safely.

use std::io;
use std::path::Path;

/// Writes `contents` to `path` through a temporary file beside it, synced, then
/// renamed over it, and the directory synced: a crash, a kill or a full disk never
/// leaves half a file behind. The temporary file is created new (never through a
/// link planted where it goes).
pub fn write_atomically(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
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
    let result = file
        .write_all(contents.as_ref())
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&tmp, path));
    drop(file);
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    // The rename is durable only once the directory is.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Reads a text file whole, refusing what is not a regular file (a terminal, a
/// pipe that never ends) and anything over 4 GiB; the error is one line naming it.
pub fn read_text(path: &Path) -> Result<String, String> {
    const LIMIT: u64 = 4 << 30;
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("cannot read {name}: not a regular file"));
    }
    if meta.len() > LIMIT {
        return Err(format!(
            "cannot read {name}: {} bytes is too large",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("cannot read {name}: it is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

//! Which file a database path names: so that a database file deleted or replaced under a running
//! server is noticed before anything more is written to it (SQLite would go on writing to the
//! unlinked file, and every acknowledged action would be lost at the next start).

use std::io;
use std::path::{Path, PathBuf};

/// The database file as it was when the store opened it.
#[derive(Debug, Clone)]
pub struct FileIdentity {
    path: PathBuf,
    id: (u64, u64),
}

impl FileIdentity {
    /// The identity of the file at `path` now.
    pub fn of(path: &Path) -> io::Result<Self> {
        Ok(FileIdentity {
            path: path.to_owned(),
            id: file_id(path)?,
        })
    }

    /// Whether `path` still names the same file; `Err` with the path when it does not.
    pub fn check(&self) -> Result<(), String> {
        match file_id(&self.path) {
            Ok(id) if id == self.id => Ok(()),
            _ => Err(self.path.display().to_string()),
        }
    }
}

#[cfg(unix)]
fn file_id(path: &Path) -> io::Result<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    Ok((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(path: &Path) -> io::Result<(u64, u64)> {
    std::fs::metadata(path).map(|_| (0, 0))
}

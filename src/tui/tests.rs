//! The event loop's own work: `:load` never blocks on what is not a file, and the
//! status line never passes a control character from a file name or typed text.

use super::app::{Action, FileWork};
use super::test_support::{app, app_with, command, run_file_work, status_line};
use checkers::rules::builtin::ENGLISH;
use std::time::{Duration, Instant};

#[test]
fn load_refuses_a_fifo_a_device_and_a_directory_at_once() {
    let dir = std::env::temp_dir().join(format!("checkers-tui-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for (path, why) in [
        (fifo.to_str().unwrap(), "a pipe (FIFO), not a regular file"),
        ("/dev/zero", "a device"),
        (dir.to_str().unwrap(), "a directory"),
    ] {
        let t = Instant::now();
        // Through the event loop's runner, as `:load` goes.
        let answer = super::do_file_work(
            FileWork::Load { path: path.into() },
            &mut crate::games::Keeper::default(),
        );
        assert!(t.elapsed() < Duration::from_secs(10), "{path}: blocked");
        match answer {
            Some(Action::Loaded { text: Err(e), .. }) => assert!(e.contains(why), "{path}: {e}"),
            other => panic!("{path}: {other:?}"),
        }
        // Wide enough for the whole message.
        let mut a = app_with(ENGLISH, None, (250, 30));
        command(&mut a, &format!("load {path}"));
        run_file_work(&mut a);
        assert!(status_line(&a).contains(why), "{}", status_line(&a));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_status_line_shows_control_characters_escaped() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "new \u{1b}]0;owned\u{7}");
    let status = status_line(&a);
    assert!(
        status.contains("unknown variant `\\u{1b}]0;owned\\u{7}`"),
        "{status}"
    );
    a.update(Action::Notice("disk \u{9b}2J full".into()));
    let status = status_line(&a);
    assert!(status.contains("disk \\u{9b}2J full"), "{status}");
}

#[test]
fn the_clipboards_text_is_standard_base64() {
    assert_eq!(super::base64(b"B:WKb8:BKf6"), "QjpXS2I4OkJLZjY=");
    assert_eq!(super::base64(b"ab"), "YWI=");
    assert_eq!(super::base64(b"abc"), "YWJj");
    assert_eq!(super::base64(b""), "");
}

//! Help is not an error; the config file's commands.

use super::*;

#[test]
fn help_and_version_exit_zero() {
    let out = ok(&["--help"]);
    assert!(out.contains("perft") && out.contains("moves") && out.contains("variants"));
    let out = ok(&["perft", "--help"]);
    assert!(out.contains("--ruleset") && out.contains("--divide"));
    let out = ok(&["--version"]);
    assert!(out.starts_with("checkers "), "{out}");
}

/// `config path` and `config init` honour XDG_CONFIG_HOME; a broken config is
/// refused with its file and line before the game starts.
#[test]
fn config_path_init_and_a_broken_config() {
    let dir = std::env::temp_dir().join(format!("checkers-config-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_checkers"))
            .args(args)
            .env("XDG_CONFIG_HOME", &dir)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let file = dir.join("checkers").join("config.toml");
    let out = run(&["config", "path"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        file.display().to_string()
    );
    assert!(run(&["config", "init"]).status.success());
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("# level = 5"));
    let again = run(&["config", "init"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert!(run(&["config", "init", "--force"]).status.success());
    std::fs::write(&file, "variant = \"russian\"\nlevel = 12\n").unwrap();
    let bad = run(&["play"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("config.toml:2:") && err.contains("1 to 10"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `play --help` says the game may be played against the AI, in every language,
/// not hot-seat only (issue 31).
#[test]
fn play_help_names_the_ai_as_well_as_hot_seat() {
    for lang in ["en", "nl", "de", "ru", "it"] {
        let out = ok(&["play", "--help", "--lang", lang]);
        let first = out.lines().next().unwrap_or_default();
        assert!(first.contains("--ai"), "{lang}: {first}");
    }
}

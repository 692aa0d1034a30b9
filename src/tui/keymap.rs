//! Keys and mouse to actions: a pure function of the mode and the event.

use super::app::{Action, Mode};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

/// The action an input event asks for in `mode`, if any.
pub fn action(mode: Mode, event: &Event) -> Option<Action> {
    match event {
        Event::Key(key) => key_action(mode, key),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left)
                if matches!(mode, Mode::Board | Mode::Editor) =>
            {
                Some(Action::Click {
                    col: m.column,
                    row: m.row,
                })
            }
            MouseEventKind::ScrollUp if matches!(mode, Mode::Board | Mode::Start | Mode::Help) => {
                Some(Action::ScrollUp)
            }
            MouseEventKind::ScrollDown
                if matches!(mode, Mode::Board | Mode::Start | Mode::Help) =>
            {
                Some(Action::ScrollDown)
            }
            _ => None,
        },
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        _ => None,
    }
}

fn key_action(mode: Mode, key: &KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Action::ForceQuit);
    }
    if mode == Mode::Command {
        return match key.code {
            // Ctrl-G is a control key, not a "g" (nor is Alt-] a "]" of an
            // escape sequence): typed into the line they made words of nothing.
            KeyCode::Char(_)
                if key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                None
            }
            KeyCode::Char(c) => Some(Action::CommandInput(c)),
            KeyCode::Backspace => Some(Action::CommandBackspace),
            KeyCode::Delete => Some(Action::CommandDelete),
            KeyCode::Left => Some(Action::CommandLeft),
            KeyCode::Right => Some(Action::CommandRight),
            KeyCode::Home => Some(Action::CommandHome),
            KeyCode::End => Some(Action::CommandEnd),
            KeyCode::Enter => Some(Action::CommandSubmit),
            KeyCode::Tab => Some(Action::CommandComplete),
            KeyCode::Esc => Some(Action::Cancel),
            _ => None,
        };
    }
    let common = match key.code {
        KeyCode::Up | KeyCode::Char('k') => Some(Action::Up),
        KeyCode::Down | KeyCode::Char('j') => Some(Action::Down),
        KeyCode::Left | KeyCode::Char('h') => Some(Action::Left),
        KeyCode::Right | KeyCode::Char('l') => Some(Action::Right),
        KeyCode::Enter | KeyCode::Char(' ') => Some(Action::Activate),
        KeyCode::Esc => Some(Action::Cancel),
        KeyCode::Char('q') => Some(Action::Quit),
        KeyCode::Char('?') => Some(Action::Help),
        KeyCode::PageUp => Some(Action::PageUp),
        KeyCode::PageDown => Some(Action::PageDown),
        _ => None,
    };
    match mode {
        Mode::Confirm => match key.code {
            // `j`: ja, as the German and Dutch dialogs offer it; `s`: sì, as
            // the Italian ones do.
            KeyCode::Char('y' | 'Y' | 'j' | 'J' | 's' | 'S') => Some(Action::Yes),
            KeyCode::Char('n' | 'N') => Some(Action::No),
            KeyCode::Esc => Some(Action::Cancel),
            KeyCode::Char('q') => Some(Action::Quit),
            _ => None,
        },
        Mode::GameOver => match key.code {
            KeyCode::Char('n') => Some(Action::NewGame),
            KeyCode::Char('u') => Some(Action::Undo),
            KeyCode::Char('v') => Some(Action::Review),
            // A command (`:load`, `:save`, `:new`) is as near as after any move.
            KeyCode::Char(':') => Some(Action::OpenCommand),
            _ => common,
        },
        Mode::Board => match key.code {
            KeyCode::Char('u') => Some(Action::Undo),
            KeyCode::Char('r') => Some(Action::Redo),
            KeyCode::Char('f') => Some(Action::Flip),
            KeyCode::Char('n') => Some(Action::ToggleNumbers),
            KeyCode::Char(':') => Some(Action::OpenCommand),
            KeyCode::Char('t') => Some(Action::Hint),
            KeyCode::Char('p') => Some(Action::Pause),
            KeyCode::Char('s') => Some(Action::Step),
            KeyCode::Char('v') => Some(Action::Review),
            KeyCode::Char('m') => Some(Action::NextMarked),
            KeyCode::Char('a') => Some(Action::Analyse),
            KeyCode::Char('e') => Some(Action::OpenEditor),
            KeyCode::Char('+' | '=') => Some(Action::Faster),
            KeyCode::Char('-') => Some(Action::Slower),
            _ => common,
        },
        Mode::Start => match key.code {
            KeyCode::Char('+' | '=') => Some(Action::LevelUp),
            KeyCode::Char('-') => Some(Action::LevelDown),
            KeyCode::Char('>' | '.') => Some(Action::ThinkLonger),
            KeyCode::Char('<' | ',') => Some(Action::ThinkShorter),
            KeyCode::Char('c') => Some(Action::NextClock),
            KeyCode::Char('b') => Some(Action::ToggleBallot),
            KeyCode::Char('d') => Some(Action::NextDelay),
            KeyCode::Char('r') => Some(Action::Resume),
            KeyCode::Char(c @ '1'..='9') => Some(Action::ResumeNth(c as usize - '0' as usize)),
            _ => common,
        },
        Mode::Editor => {
            use super::app::Edit;
            use checkers::{Color, Piece};
            let edit = match key.code {
                KeyCode::Char('w') => Edit::Put(Piece::Man(Color::White)),
                KeyCode::Char('W') => Edit::Put(Piece::King(Color::White)),
                KeyCode::Char('b') => Edit::Put(Piece::Man(Color::Black)),
                KeyCode::Char('B') => Edit::Put(Piece::King(Color::Black)),
                KeyCode::Char('x') | KeyCode::Delete | KeyCode::Backspace => Edit::Remove,
                KeyCode::Char('c') => Edit::Clear,
                KeyCode::Char('i') => Edit::Initial,
                KeyCode::Char('t') => Edit::Side,
                KeyCode::Char('y') => Edit::Copy,
                KeyCode::Enter => Edit::Play,
                _ => return common.filter(|a| *a != Action::Activate),
            };
            Some(Action::Edit(edit))
        }
        Mode::Help | Mode::Command => common,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn letters_are_text_in_the_command_line_and_keys_on_the_board() {
        assert_eq!(
            action(Mode::Board, &key(KeyCode::Char('u'))),
            Some(Action::Undo)
        );
        assert_eq!(
            action(Mode::Command, &key(KeyCode::Char('u'))),
            Some(Action::CommandInput('u'))
        );
        assert_eq!(
            action(Mode::Board, &key(KeyCode::Char('k'))),
            Some(Action::Up)
        );
        assert_eq!(
            action(Mode::Confirm, &key(KeyCode::Char('y'))),
            Some(Action::Yes)
        );
        // The German and Dutch dialogs offer `j: ja`.
        assert_eq!(
            action(Mode::Confirm, &key(KeyCode::Char('j'))),
            Some(Action::Yes)
        );
        // The Italian ones `s: sì`.
        assert_eq!(
            action(Mode::Confirm, &key(KeyCode::Char('s'))),
            Some(Action::Yes)
        );
    }

    #[test]
    fn control_and_alt_letters_are_not_typed_into_the_command_line() {
        for m in [KeyModifiers::CONTROL, KeyModifiers::ALT] {
            let ev = Event::Key(KeyEvent::new(KeyCode::Char('g'), m));
            assert_eq!(action(Mode::Command, &ev), None, "{m:?}");
        }
        let shifted = Event::Key(KeyEvent::new(KeyCode::Char('X'), KeyModifiers::SHIFT));
        assert_eq!(
            action(Mode::Command, &shifted),
            Some(Action::CommandInput('X'))
        );
    }

    #[test]
    fn ctrl_c_always_quits() {
        let ev = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        for mode in [
            Mode::Start,
            Mode::Board,
            Mode::Command,
            Mode::Help,
            Mode::Confirm,
            Mode::GameOver,
        ] {
            assert_eq!(action(mode, &ev), Some(Action::ForceQuit));
        }
    }
}

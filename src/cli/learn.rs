//! `checkers selfplay` and `checkers train`: the evaluation's training pipeline.

use super::{
    check_out, load_rules, shown, write_out, BookBuildArgs, Fail, SelfplayArgs, TrainArgs,
};
use checkers::ai::eval::Evaluator;
use checkers::ai::evalfile::EvalFile;
use checkers::ai::network::Shape;
use checkers::ai::Engine;
use checkers::lab::network;
use checkers::lab::selfplay::{self, openings, Settings};
use checkers::lab::train::{self, data_header, write_record, Dataset, DATA_MAGIC};
use checkers::Ruleset;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Plies of the book every self-play game starts from.
const BOOK_PLIES: usize = 3;

pub(super) fn selfplay(a: &SelfplayArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    // A file already there is continued, not replaced: only where it goes is checked.
    check_out(&a.out, true, "--out")?;
    let eval = evaluator(&rules, a.eval.as_deref())?;
    let settings = Settings {
        depth: a.depth,
        seed: a.seed,
        ..Settings::default()
    };
    // Every game reaches an endgame: the tables from the cache, before the games.
    super::tables::ensure(&rules, &mut |_| {});
    run_selfplay(&rules, &eval, &settings, a.games, &a.out, jobs(a.jobs))?;
    Ok(())
}

/// The evaluation to play with: a weights file, or the built-in one.
fn evaluator(rules: &Ruleset, path: Option<&Path>) -> Result<Evaluator, Fail> {
    match path {
        Some(p) => super::load_eval(p, rules),
        None => Ok(Evaluator::new(rules)),
    }
}

fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Plays games until `out` holds `games` of them: a file already there (of the
/// same ruleset) is continued after its last whole game. Returns the games played now.
fn run_selfplay(
    rules: &Ruleset,
    eval: &Evaluator,
    settings: &Settings,
    games: u64,
    out: &Path,
    jobs: usize,
) -> Result<u64, Fail> {
    let done = prepare_data_file(rules, out)?;
    if done >= games {
        eprintln!("{}: already holds {done} games", shown(out));
        return Ok(0);
    }
    let book = openings(rules, BOOK_PLIES);
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(out)
        .map_err(|e| Fail::Runtime(format!("cannot write {}: {e}", shown(out))))?;
    let next = AtomicU64::new(done);
    let (tx, rx) = mpsc::channel();
    let started = Instant::now();
    let progress = Progress::new("selfplay", games - done);
    let result = std::thread::scope(|scope| -> Result<u64, Fail> {
        for _ in 0..jobs.max(1) {
            let tx = tx.clone();
            let (next, book) = (&next, &book);
            scope.spawn(move || {
                let mut engine = Engine::new(rules, 4);
                engine.eval = eval.clone();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        break;
                    }
                    let rec = selfplay::play(rules, &mut engine, book, index, settings);
                    if tx.send(rec).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; they are written in order, so that the file
        // is the same whatever the threads did and a resumed run continues it.
        let mut waiting = BTreeMap::new();
        let mut want = done;
        let mut positions = 0usize;
        for rec in rx {
            waiting.insert(rec.index, rec);
            while let Some(rec) = waiting.remove(&want) {
                let mut text = String::new();
                write_record(&mut text, &rec, rules);
                file.write_all(text.as_bytes())
                    .and_then(|()| file.sync_data())
                    .map_err(|e| Fail::Runtime(format!("cannot write {}: {e}", shown(out))))?;
                positions += rec.samples.len();
                want += 1;
                progress.tick(want - done, &format!("{positions} positions"));
            }
        }
        Ok(want - done)
    });
    let played = result?;
    progress.finish(&format!(
        "{played} games in {:.0} s, written to {}",
        started.elapsed().as_secs_f64(),
        out.display()
    ));
    Ok(played)
}

/// Checks `out` is a data file of `rules` (or creates it with its header), drops a
/// half-written last game, and returns how many whole games it holds.
fn prepare_data_file(rules: &Ruleset, out: &Path) -> Result<u64, Fail> {
    let header = data_header(rules);
    let text = match checkers::read_text(out, crate::files::MAX_DATA_BYTES) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            crate::files::write_atomically(out, &header)
                .map_err(|e| Fail::Runtime(format!("cannot write {}: {e}", shown(out))))?;
            return Ok(0);
        }
        Err(e) => return Err(Fail::Input(crate::files::read_error(out, &e))),
    };
    if !text.starts_with(DATA_MAGIC) {
        return Err(Fail::Input(format!(
            "{} exists and is not a self-play data file: give another --out",
            out.display()
        )));
    }
    if !text.starts_with(&header) {
        return Err(Fail::Input(format!(
            "{} holds games of another ruleset: give another --out",
            out.display()
        )));
    }
    // Keep everything up to the last `end` line.
    let mut keep = header.len();
    let mut games = 0u64;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        if line.starts_with("end ") && line.ends_with('\n') {
            keep = at;
            games += 1;
        }
    }
    if keep < text.len() {
        crate::files::write_atomically(out, &text[..keep])
            .map_err(|e| Fail::Runtime(format!("cannot write {}: {e}", shown(out))))?;
    }
    if games > 0 {
        eprintln!("{}: continuing after its {games} games", shown(out));
    }
    Ok(games)
}

pub(super) fn train(a: &TrainArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    check_out(&a.out, a.force, "--out")?;
    let settings = train::Settings {
        epochs: a.epochs,
        lambda: a.lambda,
        lambda_endgame: a.lambda_endgame.unwrap_or(a.lambda),
        seed: a.seed,
        ..train::Settings::default()
    };
    let base = match &a.base {
        Some(p) => Some(super::load_eval_file(p, &rules)?),
        None => None,
    };
    // The network `--keep-network` goes on fitting, which sets the size.
    let start = match (a.keep_network, &a.base, &base) {
        (true, Some(path), Some(file)) => Some(file.network.clone().ok_or_else(|| {
            Fail::Input(format!(
                "--keep-network: {} has no network to start from",
                shown(path)
            ))
        })?),
        _ => None,
    };
    // A --hidden larger than the kept network's widens it; never narrowed.
    let hidden = start.as_ref().map_or(a.hidden, |params| {
        Shape::with_params(rules.geometry(), params.len())
            .expect("a network of a size this program plays")
            .hidden()
            .max(a.hidden)
    });
    let start = start
        .map(|params| checkers::lab::network::widen(&params, rules.geometry(), hidden, a.seed));
    let network = (a.network || a.base.is_some()).then(|| network::Settings {
        epochs: a.network_epochs,
        seed: a.seed,
        hidden,
        learning_rate: a.learning_rate,
        ..network::Settings::default()
    });
    if !a.data.is_empty() {
        let file = fit_files(
            &rules,
            &a.data,
            &settings,
            base,
            network.as_ref(),
            start.as_deref(),
        )?;
        return write_weights(&a.out, &file, a.force);
    }
    // From nothing: self-play with the current evaluation, fit, and again with
    // the new weights, each round learning from every game so far.
    let mut eval = Evaluator::new(&rules);
    let mut data = Vec::new();
    let play = Settings {
        depth: a.depth,
        seed: a.seed,
        ..Settings::default()
    };
    for round in 1..=a.rounds {
        let path = PathBuf::from(format!("{}.round{round}.data", a.out.display()));
        eprintln!(
            "round {round} of {}: self-play into {}",
            a.rounds,
            shown(&path)
        );
        run_selfplay(&rules, &eval, &play, a.games, &path, jobs(a.jobs))?;
        data.push(path);
        let file = fit_files(&rules, &data, &settings, None, network.as_ref(), None)?;
        // Each round replaces the weights the round before it wrote.
        write_weights(&a.out, &file, a.force || round > 1)?;
        eval = Evaluator::learned(&rules, &file);
    }
    Ok(())
}

/// Fits pattern weights to the data files (or takes `base`'s), then, if asked,
/// the network on top of them.
fn fit_files(
    rules: &Ruleset,
    paths: &[PathBuf],
    settings: &train::Settings,
    base: Option<EvalFile>,
    network: Option<&network::Settings>,
    start: Option<&[f32]>,
) -> Result<EvalFile, Fail> {
    let mut data = Dataset::default();
    for p in paths {
        let text = crate::files::read_text(p, crate::files::MAX_DATA_BYTES).map_err(Fail::Input)?;
        data.read(&text, rules, &p.display().to_string())
            .map_err(Fail::Input)?;
    }
    if data.is_empty() {
        return Err(Fail::Input(
            "the data holds no positions: play some games first (checkers selfplay)".into(),
        ));
    }
    let scale = train::fit_scale(&data);
    eprintln!(
        "{} positions from {} games; scale {scale:.1} (hundredths of a man per logit)",
        data.len(),
        data.games()
    );
    let mut file = match base {
        Some(file) => file,
        None => {
            let bar = Progress::new("train", u64::from(settings.epochs) * 100);
            let weights = train::fit(
                &data,
                scale,
                settings,
                &mut |e| bar.line(&epoch_line(e)),
                &mut |epoch, share| {
                    bar.tick(u64::from(epoch - 1) * 100 + (share * 100.0) as u64, "")
                },
            );
            bar.finish("done");
            EvalFile::new(rules, scale, weights)
        }
    };
    if let Some(net) = network {
        let patterns = Evaluator::learned(
            rules,
            &EvalFile {
                network: None,
                ..file.clone()
            },
        );
        let (fit_on, held_out) = data.network_samples(&patterns, scale, settings);
        let bar = Progress::new("network", u64::from(net.epochs) * 100);
        let params = network::fit(
            &fit_on,
            &held_out,
            scale,
            net,
            rules.geometry(),
            start,
            &mut |e| bar.line(&epoch_line(e)),
            &mut |epoch, share| bar.tick(u64::from(epoch - 1) * 100 + (share * 100.0) as u64, ""),
        );
        bar.finish("done");
        file.network = Some(params);
    }
    Ok(file)
}

fn epoch_line(e: &checkers::lab::Epoch) -> String {
    format!(
        "epoch {:2}: train loss {:.5}  held-out loss {:.5}",
        e.epoch, e.train_loss, e.held_out_loss
    )
}

fn write_weights(out: &Path, file: &EvalFile, replace: bool) -> Result<(), Fail> {
    write_out(out, file.to_bytes(), replace)?;
    eprintln!("weights written to {}", shown(out));
    Ok(())
}

/// A progress bar on a terminal, a line per tenth of the work elsewhere.
pub(super) struct Progress {
    what: &'static str,
    total: u64,
    terminal: bool,
    started: Instant,
    last_tenth: std::cell::Cell<u64>,
}

impl Progress {
    pub(super) fn new(what: &'static str, total: u64) -> Progress {
        Progress {
            what,
            total: total.max(1),
            terminal: io::stderr().is_terminal(),
            started: Instant::now(),
            last_tenth: std::cell::Cell::new(0),
        }
    }

    pub(super) fn tick(&self, done: u64, note: &str) {
        let share = done.min(self.total) as f64 / self.total as f64;
        let secs = self.started.elapsed().as_secs_f64();
        let eta = if share > 0.0 {
            secs / share - secs
        } else {
            0.0
        };
        if self.terminal {
            let filled = (share * 30.0) as usize;
            eprint!(
                "\r\x1b[2K{} [{}{}] {:3.0}%  {note}  eta {:.0} s",
                self.what,
                "#".repeat(filled),
                " ".repeat(30 - filled),
                share * 100.0,
                eta
            );
        } else if (share * 10.0) as u64 > self.last_tenth.get() {
            self.last_tenth.set((share * 10.0) as u64);
            eprintln!(
                "{}: {:.0}%  {note}  eta {:.0} s",
                self.what,
                share * 100.0,
                eta
            );
        }
    }

    fn line(&self, text: &str) {
        if self.terminal {
            eprint!("\r\x1b[2K");
        }
        eprintln!("{text}");
    }

    pub(super) fn finish(&self, text: &str) {
        self.line(&format!("{}: {text}", self.what));
    }
}

/// `checkers book build`: an opening book by the engine's own searches, with a
/// progress bar; an existing file is replaced only with --force.
pub(super) fn book_build(a: &BookBuildArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    check_out(&a.out, a.force, "--out")?;
    let spec = checkers::lab::book::Spec {
        plies: a.plies,
        line: a.line,
        movetime: std::time::Duration::from_millis(a.movetime),
        jobs: jobs(a.jobs),
    };
    let started = Instant::now();
    let bar = std::sync::Mutex::new(Progress::new("book", 1000));
    let book = checkers::lab::book::build(&rules, spec, &|share| {
        if let Ok(bar) = bar.lock() {
            bar.tick((share * 1000.0) as u64, "");
        }
    });
    write_out(&a.out, book.to_text(&rules), a.force)?;
    let bar = bar.into_inner().unwrap_or_else(|e| e.into_inner());
    bar.finish(&format!(
        "{} positions in {:.0} s, written to {}",
        book.len(),
        started.elapsed().as_secs_f64(),
        shown(&a.out)
    ));
    Ok(())
}

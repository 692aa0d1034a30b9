//! `checkers pdn check`: reads a PDN file and replays every game in it.

use super::{load_rules, Fail, PdnCheckArgs, RulesArgs};
use std::io::{self, Write};

pub(super) fn pdn_check(a: &PdnCheckArgs) -> Result<(), Fail> {
    use checkers::pdn;
    let name = a.file.display().to_string();
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Fail::Input(format!("cannot read {name}: {e}")))?;
    let games = pdn::read_games(&text).map_err(|e| Fail::Input(format!("{name}: {e}")))?;
    if games.is_empty() {
        return Err(Fail::Input(format!("{name}: no game in the file")));
    }
    let fallback = match &a.variant {
        Some(v) => Some(load_rules(&RulesArgs {
            variant: Some(v.clone()),
            ruleset: None,
        })?),
        None => None,
    };
    let mut out = io::stdout().lock();
    let mut bad = 0;
    for (i, g) in games.iter().enumerate() {
        let who = format!(
            "{} - {}",
            g.tag("White").unwrap_or("?"),
            g.tag("Black").unwrap_or("?")
        );
        let Some(rules) = pdn::variant_of(g).or_else(|| fallback.clone()) else {
            bad += 1;
            writeln!(
                out,
                "game {} ({who}, line {}): error: its GameType and Variant tags name no built-in variant; give --variant",
                i + 1,
                g.line
            )?;
            continue;
        };
        match pdn::replay(g, &rules) {
            Ok(game) => {
                let result = game
                    .outcome()
                    .map(|o| format!("{} ({o})", o.pdn_result()))
                    .or_else(|| g.result.clone())
                    .unwrap_or_else(|| "*".to_string());
                writeln!(
                    out,
                    "game {} ({who}, {}): ok, {} moves, result {result}",
                    i + 1,
                    rules.id,
                    game.moves().len()
                )?;
            }
            Err(e) => {
                bad += 1;
                writeln!(out, "game {} ({who}, {}): error at {e}", i + 1, rules.id)?;
            }
        }
    }
    if bad > 0 {
        return Err(Fail::Input(format!(
            "{name}: {bad} of {} games have errors",
            games.len()
        )));
    }
    Ok(())
}

//! `checkers variants`: one line per built-in variant.

use super::*;

#[test]
fn variants_lists_id_name_description() {
    let out = ok(&["variants"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 13, "{out}");
    let ids: Vec<&str> = lines
        .iter()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "english",
            "dammen64",
            "brazilian",
            "russian",
            "german",
            "international",
            "canadian",
            "italian",
            "czech",
            "spanish",
            "portuguese",
            "pool",
            "thai"
        ]
    );
    for (line, r) in lines.iter().zip(Ruleset::builtins()) {
        assert_eq!(*line, format!("{}\t{}\t{}", r.id, r.name, r.description));
        assert_eq!(line.split('\t').count(), 3);
    }
}

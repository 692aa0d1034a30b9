use checkers::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = &args[1];
    let d: u32 = args[2].parse().unwrap();
    let visit = args.get(3).is_some();
    let r = Ruleset::builtin(v).unwrap();
    let p = Position::initial(r.first_move);
    let t = std::time::Instant::now();
    let n = if visit {
        perft_visit(&p, &r, d)
    } else {
        perft(&p, &r, d)
    };
    let s = t.elapsed().as_secs_f64();
    println!("{v} d{d} {n} {:.2}s {:.1} M/s", s, n as f64 / s / 1e6);
}

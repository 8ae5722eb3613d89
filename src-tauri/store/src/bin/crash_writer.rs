//! Test helper for the kill -9 test (`tests/kill_test.rs`): plays scripted matches into a
//! history forever, printing `committed <match id> <event count> <sha256>` after each write
//! has committed, where the hash covers the match's stored event bodies so far. The test kills
//! this process at random moments and checks that every reported write survived.
//!
//! Usage: `wordclub-store-crash-writer DB_PATH`
//!
//! Desktop only: built for wasm32 (as `cargo test --target wasm32-unknown-unknown` builds every
//! binary of the package), it is an empty program.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]
use std::io::Write;

use sha2::{Digest, Sha256};
use wordclub_engine::{Action, Deal, GcgMove, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_store::Store;

/// The digest the test recomputes from the database: each event body then a newline.
fn digest(game: &Match) -> String {
    let mut h = Sha256::new();
    for e in game.events() {
        h.update(
            serde_json::to_string(e)
                .expect("events serialise")
                .as_bytes(),
        );
        h.update(b"\n");
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The next scripted action: SPEC's CAT / CATS / CART opening with a hint, then exchanges and
/// passes until six scoreless turns end the match.
fn next_action(game: &Match) -> Action {
    let seat = game.to_move().expect("match in progress");
    let turns = game.turns().len();
    let hinted = game
        .events()
        .iter()
        .any(|e| matches!(e, wordclub_engine::Event::HintTaken { .. }));
    let place = |text: &str| Action::Place {
        player: seat,
        tiles: GcgMove::parse(text)
            .and_then(|m| m.placements(game.board()))
            .expect("scripted move"),
    };
    match turns {
        0 => place("5D CAT"),
        1 if !hinted => Action::HintTaken {
            player: seat,
            kind: game.rules().hints[0],
            shown: wordclub_engine::HintShown::words(
                game.rules(),
                vec![("BIDS".to_string(), vec![]), ("DOGS".to_string(), vec![])],
            ),
        },
        1 => place("5D ...S"),
        2 => place("D5 .ART"),
        n if n % 2 == 1 && game.can_exchange(seat) => Action::Exchange {
            player: seat,
            tiles: (game.rack(seat).expect("seat")[0] as char).to_string(),
        },
        _ => Action::Pass { player: seat },
    }
}

fn new_game(n: u64) -> Match {
    Match::with_deal(
        RuleSet::builtin("wordclub-1.0").expect("built-in"),
        ListRef::of(WordList::builtin("wordclub").expect("shipped")),
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben O'Neil")],
        n,
        Deal {
            racks: Some(vec!["CATEELN".into(), "SBDGIOO".into()]),
            draw_order: "ARTE".into(),
        },
    )
    .expect("valid deal")
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: wordclub-store-crash-writer DB_PATH");
        std::process::exit(2);
    };
    let list = WordList::builtin("wordclub").expect("shipped");
    let mut store = Store::open(&path).unwrap_or_else(|e| {
        eprintln!("open failed: {e}");
        std::process::exit(1);
    });
    if let Some(moved) = store.moved_aside() {
        eprintln!("moved aside: {moved}");
        std::process::exit(1);
    }
    let mut out = std::io::stdout().lock();
    loop {
        // Carry on with an unfinished match when there is one, as the app does after a crash.
        let (id, mut game) = match store.unfinished().expect("list").first() {
            Some(&id) => (id, store.resume(id).expect("resume").game),
            None => {
                let game = new_game(store.list(&Default::default(), 1).expect("list").total);
                let id = store.create(&game).expect("create");
                (id, game)
            }
        };
        writeln!(
            out,
            "committed {id} {} {}",
            game.events().len(),
            digest(&game)
        )
        .ok();
        while !game.is_over() {
            game.apply(next_action(&game), list)
                .expect("scripted action");
            store.record(id, &game).expect("record");
            writeln!(
                out,
                "committed {id} {} {}",
                game.events().len(),
                digest(&game)
            )
            .ok();
        }
    }
}

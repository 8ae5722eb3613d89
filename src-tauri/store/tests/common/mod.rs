//! Shared test helpers: temporary folders and real matches played through the engine.
#![allow(dead_code)]
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use wordclub_engine::{
    Action, Deal, ExchangePolicy, GcgMove, HintShown, ListRef, Match, Placement, PlayerSpec,
    RuleSet, Square, Tile, TileSpec,
};
use wordclub_lexicon::WordList;
use wordclub_store::Store;

/// A fresh folder under the system temp dir, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "wordclub-store-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn wordclub() -> &'static WordList {
    WordList::builtin("wordclub").unwrap()
}

/// Applies one scripted line for the player to move: `5D CAT`, `pass`, `exchange ABC`,
/// `hint`, or `resign N` (seat N, 0-based, any time).
pub fn act(game: &mut Match, line: &str) {
    // The list the match is pinned to: a resumed match may be on an older version.
    let list = WordList::pinned(&game.list().id, &game.list().sha256).unwrap();
    let seat = game.to_move().expect("match not over");
    let action = if line == "pass" {
        Action::Pass { player: seat }
    } else if let Some(tiles) = line.strip_prefix("exchange ") {
        Action::Exchange {
            player: seat,
            tiles: tiles.to_string(),
        }
    } else if let Some(shown) = line.strip_prefix("hint") {
        let words = shown
            .split_whitespace()
            .map(|w| (w.to_string(), vec![]))
            .collect();
        Action::HintTaken {
            player: seat,
            kind: game.rules().hints[0],
            shown: HintShown::words(game.rules(), words),
        }
    } else if let Some(who) = line.strip_prefix("resign ") {
        Action::Resign {
            player: who.parse().unwrap(),
        }
    } else {
        let mv = GcgMove::parse(line).unwrap();
        Action::Place {
            player: seat,
            tiles: mv.placements(game.board()).unwrap(),
        }
    };
    game.apply(action, list)
        .unwrap_or_else(|e| panic!("{line}: {e}"));
}

/// A new match of `rules` for `names` with fixed racks and draw order.
pub fn new_match(rules: RuleSet, names: &[&str], racks: &[&str], draw_order: &str) -> Match {
    Match::with_deal(
        rules,
        ListRef::of(wordclub()),
        names.iter().map(|n| PlayerSpec::human(n)).collect(),
        7,
        Deal {
            racks: Some(racks.iter().map(|r| r.to_string()).collect()),
            draw_order: draw_order.to_string(),
        },
    )
    .unwrap()
}

/// Creates the match in the store, then plays `script`, recording after every action.
pub fn play_and_record(store: &mut Store, mut game: Match, script: &[&str]) -> (i64, Match) {
    let id = store.create(&game).unwrap();
    for line in script {
        act(&mut game, line);
        store.record(id, &game).unwrap();
    }
    (id, game)
}

/// SPEC §2's Word Club 1.0 example: Ann plays CAT across the centre (3), Ben takes a hint then
/// makes CATS (4), Ann plays A R T down from the C making CART (4). Still in progress.
pub fn spec_cart(store: &mut Store) -> (i64, Match) {
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben"],
        &["CATEELN", "SBDGIOO"],
        "ARTE",
    );
    play_and_record(
        store,
        game,
        &["5D CAT", "hint BIDS DOGS", "5D ...S", "D5 .ART"],
    )
}

/// Six passes in a row between two players: the match ends, each loses their rack's value
/// (7 tiles worth 1 each in Word Club 1.0).
pub fn six_passes(store: &mut Store, names: [&str; 2]) -> (i64, Match) {
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &names,
        &["CATEELN", "SBDGIOO"],
        "",
    );
    play_and_record(store, game, &["pass"; 6])
}

/// A tiny custom rule set (racks of 3, nothing left in the bag after the deal): Ann plays CAT
/// and goes out at once; Ben loses DOG (3 points) and Ann gains them.
pub fn goes_out(store: &mut Store) -> (i64, Match) {
    goes_out_with(store, "5D CAT")
}

/// [`goes_out`] with Ann's CAT (3 points) placed by `opening` (through the star E5).
pub fn goes_out_with(store: &mut Store, opening: &str) -> (i64, Match) {
    let game = new_match(tiny_rules(), &["Ann", "Ben"], &["CAT", "DOG"], "");
    play_and_record(store, game, &[opening])
}

/// [`goes_out`] under the same tiny rules with each seat starting on `start_points` (komi):
/// Ann 3 + 3 from Ben's rack; Ben loses his 3 from what he started with.
pub fn goes_out_from(store: &mut Store, start_points: &[i32]) -> (i64, Match) {
    let rules = RuleSet {
        start_points: start_points.to_vec(),
        ..tiny_rules()
    };
    let game = new_match(rules, &["Ann", "Ben"], &["CAT", "DOG"], "");
    play_and_record(store, game, &["5D CAT"])
}

/// Racks of 3 from a bag of C A T D O G, every tile worth 1.
pub fn tiny_rules() -> RuleSet {
    let mut rules = RuleSet::builtin("wordclub-1.0").unwrap();
    rules.id = "tiny-test".into();
    rules.label = "Tiny test rules".into();
    rules.rack_size = 3;
    // An exchange a rack of three can hold (the engine's validator refuses 1.0's of seven);
    // the bag of six is empty once dealt, so no match of these rules exchanges at all.
    rules.exchange = ExchangePolicy::Chosen {
        min_bag: 3,
        max_tiles: 3,
    };
    for t in rules.tiles.iter_mut() {
        t.count = u8::from("CATDOG".contains(t.letter));
    }
    assert!(rules
        .tiles
        .iter()
        .all(|t: &TileSpec| t.letter == '?' || t.value == 1));
    rules
}

/// Three players; Cid takes a hint and resigns, Ann and Ben carry on; Ben then resigns, which
/// ends the match with Ann the winner.
pub fn three_with_resigns(store: &mut Store) -> (i64, Match) {
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben", "Cid"],
        &["CATEELN", "SBDGIOO", "RRRTTAA"],
        "",
    );
    play_and_record(
        store,
        game,
        &["5D CAT", "pass", "hint TAR", "resign 2", "pass", "resign 1"],
    )
}

/// Same state? Compares everything a player or the history can observe.
pub fn assert_same_state(a: &Match, b: &Match) {
    assert_eq!(a.events(), b.events());
    assert_eq!(a.turns(), b.turns());
    assert_eq!(a.scores(), b.scores());
    assert_eq!(a.board().rows(), b.board().rows());
    assert_eq!(a.to_move(), b.to_move());
    assert_eq!(a.bag_len(), b.bag_len());
    assert_eq!(a.result(), b.result());
    for seat in 0..a.players().len() {
        assert_eq!(a.rack(seat), b.rack(seat), "rack of seat {seat}");
        assert_eq!(a.view(Some(seat), true), b.view(Some(seat), true));
    }
}

/// A legal move that places one rack tile beside the board's tiles (or two across the star
/// on an empty board), scanning from square `start` (row-major) so different calls find
/// different moves. Enough for long real matches without a move generator.
pub fn some_move(game: &Match, list: &WordList, start: usize) -> Option<Vec<Placement>> {
    let seat = game.to_move()?;
    let rack: Vec<u8> = game.rack(seat)?.to_vec();
    let size = game.board().size() as usize;
    let tile = |b: u8| {
        if b == b'?' {
            Tile::blank(b'E')
        } else {
            Tile::letter(b)
        }
    };
    let star = game.rules().star;
    if game.board().is_empty() {
        for (i, &a) in rack.iter().enumerate() {
            for (j, &b) in rack.iter().enumerate() {
                if i == j {
                    continue;
                }
                let tiles = vec![
                    Placement::new(star, tile(a)),
                    Placement::new(Square::new(star.row, star.col + 1), tile(b)),
                ];
                if game.preview(seat, &tiles, list).is_ok() {
                    return Some(tiles);
                }
            }
        }
        return None;
    }
    let mut letters = rack.clone();
    letters.sort_unstable();
    letters.dedup();
    for k in 0..size * size {
        let n = (start + k) % (size * size);
        let sq = Square::new((n / size) as u8, (n % size) as u8);
        if game.board().get(sq).is_some() {
            continue;
        }
        for &b in &letters {
            let tiles = vec![Placement::new(sq, tile(b))];
            if game.preview(seat, &tiles, list).is_ok() {
                return Some(tiles);
            }
        }
    }
    None
}

//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::Rng;
use wordclub_engine::*;
use wordclub_lexicon::WordList;

pub fn rules(id: &str) -> RuleSet {
    RuleSet::builtin(id).unwrap()
}

pub fn list(id: &str) -> &'static WordList {
    WordList::builtin(id).unwrap()
}

/// A board laid out by `rules_id` from a CGP position.
pub fn board(rules_id: &str, cgp: &str) -> Board {
    Cgp::parse(cgp).unwrap().board(&rules(rules_id)).unwrap()
}

/// Tiles of a GCG move (`8H CAT`) on `board`.
pub fn tiles(board: &Board, mv: &str) -> Vec<Placement> {
    GcgMove::parse(mv).unwrap().placements(board).unwrap()
}

pub fn empty_cgp(size: usize) -> String {
    vec![size.to_string(); size].join("/")
}

/// `player` takes a hint of `kind` that showed `shown`.
pub fn take_hint(
    m: &mut Match,
    l: &WordList,
    player: Seat,
    kind: HintKind,
    shown: HintShown,
) -> Result<Vec<Event>, EngineError> {
    m.apply(
        Action::HintTaken {
            player,
            kind,
            shown,
        },
        l,
    )
    .map(<[Event]>::to_vec)
}

/// A words hint that showed `words` (unscored, as tests need no scores).
pub fn words_shown(words: &[&str]) -> HintShown {
    HintShown::Words {
        groups: words
            .iter()
            .map(|w| WordGroup {
                length: w.len(),
                words: vec![HintWord {
                    word: w.to_string(),
                    score: None,
                }],
            })
            .collect(),
    }
}

pub fn humans(names: &[&str]) -> Vec<PlayerSpec> {
    names.iter().map(|n| PlayerSpec::human(n)).collect()
}

/// A match with fixed racks (and the first tiles of the bag), under `rules_id`'s default list.
pub fn fixed_match(rules_id: &str, racks: &[&str], draw_order: &str) -> (Match, &'static WordList) {
    let r = rules(rules_id);
    let l = list(&r.default_list);
    let names: Vec<String> = (0..racks.len()).map(|i| format!("P{}", i + 1)).collect();
    let players = names.iter().map(|n| PlayerSpec::human(n)).collect();
    let m = Match::with_deal(
        r,
        ListRef::of(l),
        players,
        7,
        Deal {
            racks: Some(racks.iter().map(|s| s.to_string()).collect()),
            draw_order: draw_order.to_string(),
        },
    )
    .unwrap();
    (m, l)
}

/// Word Club 1.0 with SPEC §2's example deal (Ann CATEIOL, the second seat SNNDBGL, any
/// further seat AAERRST, then A R T E drawn), with `options` (the take-back and challenge
/// tests).
pub fn example_deal(players: Vec<PlayerSpec>, options: MatchOptions) -> (Match, &'static WordList) {
    let r = rules("wordclub-1.0");
    let l = list(&r.default_list);
    let mut racks = vec!["CATEIOL".to_string(), "SNNDBGL".to_string()];
    for _ in 2..players.len() {
        racks.push("AAERRST".to_string());
    }
    let m = Match::with_options(
        r,
        ListRef::of(l),
        players,
        3,
        Deal {
            racks: Some(racks),
            draw_order: "ARTE".to_string(),
        },
        options,
    )
    .unwrap();
    (m, l)
}

pub fn place(
    m: &mut Match,
    l: &WordList,
    player: Seat,
    mv: &str,
) -> Result<Vec<Event>, EngineError> {
    let t = GcgMove::parse(mv)?.placements(m.board())?;
    m.apply(Action::Place { player, tiles: t }, l)
        .map(|e| e.to_vec())
}

pub fn pass(m: &mut Match, l: &WordList, player: Seat) -> Result<Vec<Event>, EngineError> {
    m.apply(Action::Pass { player }, l).map(|e| e.to_vec())
}

/// Every word of 2..=max_len letters spellable from `rack` (blanks as any letter), each
/// paired with the rack tiles it uses.
pub fn rack_words(list: &WordList, rack: &[u8], max_len: usize) -> Vec<Vec<Tile>> {
    fn go(
        list: &WordList,
        left: &mut Vec<u8>,
        word: &mut Vec<Tile>,
        max_len: usize,
        out: &mut Vec<Vec<Tile>>,
    ) {
        if word.len() >= 2 {
            let letters: Vec<u8> = word.iter().map(|t| t.letter).collect();
            if list.contains(&letters) {
                out.push(word.clone());
            }
        }
        if word.len() == max_len {
            return;
        }
        let mut tried = Vec::new();
        for i in 0..left.len() {
            let t = left[i];
            if tried.contains(&t) {
                continue;
            }
            tried.push(t);
            left.remove(i);
            let choices: Vec<Tile> = if t == BLANK {
                (b'A'..=b'Z').map(Tile::blank).collect()
            } else {
                vec![Tile::letter(t)]
            };
            for tile in choices {
                word.push(tile);
                go(list, left, word, max_len, out);
                word.pop();
            }
            left.insert(i, t);
        }
    }
    let mut out = Vec::new();
    let mut left = rack.to_vec();
    // Blanks multiply the search; keep it small.
    let max_len = if rack.contains(&BLANK) {
        max_len.min(3)
    } else {
        max_len
    };
    go(list, &mut left, &mut Vec::new(), max_len, &mut out);
    out
}

/// A random legal placement for the player to move, found by trying rack words at random
/// spots next to the board's tiles; None when `attempts` tries found nothing.
pub fn random_placement<R: Rng>(
    m: &Match,
    l: &WordList,
    rng: &mut R,
    attempts: usize,
) -> Option<Vec<Placement>> {
    let seat = m.to_move()?;
    let rack = m.rack(seat)?.to_vec();
    let mut words = rack_words(l, &rack, 5);
    if words.is_empty() {
        return None;
    }
    words.shuffle(rng);
    let board = m.board();
    let n = board.size() as i32;
    let star = m.rules().star;
    for k in 0..attempts {
        let word = &words[k % words.len()];
        let dir = if rng.gen_bool(0.5) {
            Direction::Across
        } else {
            Direction::Down
        };
        let (row, col) = if board.is_empty() {
            // Somewhere that covers the star.
            let off = rng.gen_range(0..word.len()) as i32;
            match dir {
                Direction::Across => (star.row as i32, star.col as i32 - off),
                Direction::Down => (star.row as i32 - off, star.col as i32),
            }
        } else {
            let tiles: Vec<Square> = board.tiles().map(|(s, _)| s).collect();
            let anchor = tiles[rng.gen_range(0..tiles.len())];
            let dr = rng.gen_range(-(word.len() as i32)..=1);
            let dc = rng.gen_range(-1..=1);
            match dir {
                Direction::Across => (anchor.row as i32 + dc, anchor.col as i32 + dr),
                Direction::Down => (anchor.row as i32 + dr, anchor.col as i32 + dc),
            }
        };
        if row < 0 || col < 0 || row >= n || col >= n {
            continue;
        }
        let start = Square::new(row as u8, col as u8);
        let mut placed = Vec::new();
        let mut ok = true;
        let mut i = 0;
        let mut step = 0;
        // Lay the word's tiles on the empty squares from `start`, skipping filled ones.
        while i < word.len() {
            let Some(sq) = start.step(dir, step, board.size()) else {
                ok = false;
                break;
            };
            if board.get(sq).is_none() {
                placed.push(Placement::new(sq, word[i]));
                i += 1;
            }
            step += 1;
        }
        if !ok || placed.is_empty() {
            continue;
        }
        if m.preview(seat, &placed, l).is_ok() {
            return Some(placed);
        }
    }
    None
}

/// Plays one random legal action for the player to move (a placement when one is found,
/// else an exchange when allowed, else a pass).
pub fn random_turn<R: Rng>(m: &mut Match, l: &WordList, rng: &mut R) -> Vec<Event> {
    let seat = m.to_move().expect("match in progress");
    if let Some(tiles) = random_placement(m, l, rng, 400) {
        return m
            .apply(
                Action::Place {
                    player: seat,
                    tiles,
                },
                l,
            )
            .unwrap()
            .to_vec();
    }
    if m.can_exchange(seat) {
        let rack = m.rack(seat).unwrap().to_vec();
        let tiles = match m.rules().exchange {
            ExchangePolicy::WholeRack => String::new(),
            _ => rack_text(&rack[..rng.gen_range(1..=rack.len())]),
        };
        return m
            .apply(
                Action::Exchange {
                    player: seat,
                    tiles,
                },
                l,
            )
            .unwrap()
            .to_vec();
    }
    if m.can_pass(seat) {
        return m.apply(Action::Pass { player: seat }, l).unwrap().to_vec();
    }
    panic!("no action available for seat {seat}");
}

/// Replaying the events (also after a JSON round trip) rebuilds the identical match.
pub fn assert_replays(m: &Match) {
    let json = serde_json::to_string(m.events()).unwrap();
    let events: Vec<Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(events, m.events());
    let r = Match::replay(&events).unwrap();
    assert_eq!(r.events(), m.events());
    assert_eq!(r.turns(), m.turns());
    assert_eq!(r.result(), m.result());
    assert_eq!(r.scores(), m.scores());
    for seat in 0..m.players().len() {
        assert_eq!(r.rack(seat), m.rack(seat));
        assert_eq!(r.view(Some(seat), true), m.view(Some(seat), true));
    }
    assert_eq!(r.view(None, false), m.view(None, false));
}

/// Value of a rack under the match's rules.
pub fn rack_value(m: &Match, seat: Seat) -> i32 {
    m.rack(seat)
        .unwrap()
        .iter()
        .map(|&t| m.rules().value(t) as i32)
        .sum()
}

/// The test rule set that scales with the table (`tests/rules/table-scaled.json`, shared by
/// every crate's tests and the browser tests): Word Club 1.0 with start points, another rack
/// at 3 players and another board, bag, rack and exchange at 4. Not a built-in.
pub fn table_scaled() -> RuleSet {
    serde_json::from_str(include_str!("../../../../tests/rules/table-scaled.json"))
        .expect("the test rule set reads")
}

//! The post-game analysis checked against a brute count over every legal move, on simulated
//! matches of every rule set, and the refusals and edge cases the issue names.
use wordclub_engine::{Action, ListRef, Match, PlayerKind, PlayerSpec, RuleSet, TurnKind};
use wordclub_lexicon::WordList;
use wordclub_movegen::analysis::{analyse_match, positions_of, Played, PlayedMove};
use wordclub_movegen::{
    gaddag_for, grid_of, layout_of, polite_gaddag_for, rack_of, sort_moves, Generator, Level,
    Manners,
};

/// The computer's action, polite as the analysis is (manners): both leave the kept offensive
/// words alone, so Hard's choice is the analysis's best by value.
fn computer_action(
    m: &Match,
    seat: usize,
    list: &WordList,
    level: Level,
) -> Result<Action, wordclub_movegen::MovegenError> {
    wordclub_movegen::computer_action_with(m, seat, list, level, Manners::Polite)
}

const LEVELS: [Level; 4] = [Level::Hard, Level::Greedy, Level::Medium, Level::Easy];

/// A match between computer players (or, where the rule set has no computer seats, a person
/// whose moves Hard chooses), played to its end.
fn play(rules: &RuleSet, list: &WordList, seed: u64, levels: &[Level]) -> Match {
    let players = levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if rules.computer_seats {
                PlayerSpec::computer(&format!("P{i}"), l.name())
            } else {
                PlayerSpec::human(&format!("P{i}"))
            }
        })
        .collect();
    let mut m = Match::new(rules.clone(), ListRef::of(list), players, seed).unwrap();
    while let Some(seat) = m.to_move() {
        let action = computer_action(&m, seat, list, levels[seat]).unwrap();
        m.apply(action, list).unwrap();
    }
    m
}

fn level_of(m: &Match, seat: usize, levels: &[Level]) -> Level {
    match &m.players()[seat].kind {
        PlayerKind::Computer { level } => Level::parse(level).unwrap(),
        PlayerKind::Human => levels[seat],
    }
}

/// Every turn of `m`'s analysis agrees with the full move list of its position.
fn check_against_brute_count(m: &Match, list: &WordList, levels: &[Level]) -> usize {
    let analysis = analyse_match(m, list).unwrap();
    let positions = positions_of(m).unwrap();
    assert_eq!(analysis.turns.len(), positions.len());
    assert_eq!(analysis.rules_id, m.rules().id);
    assert_eq!(&analysis.list, m.list());
    let layout = layout_of(m.rules()).unwrap();
    // The analysis names polite moves only (manners): it agrees with the polite move list.
    let g = polite_gaddag_for(list);
    let full = gaddag_for(list);
    let mut gen = Generator::new();
    for (t, pos) in analysis.turns.iter().zip(&positions) {
        assert_eq!((t.turn, t.player), (pos.turn, pos.player));
        let grid = grid_of(&pos.board);
        let mut all = gen.all_moves(&g, &layout, &grid, &rack_of(&pos.rack));
        sort_moves(&mut all);
        assert_eq!(t.moves, all.len() as u64, "turn {}", t.turn);
        match all.first() {
            Some(head) => {
                let best = t.best_by_score.as_ref().expect("a best move");
                assert_eq!(best.notation, head.notation(), "turn {}", t.turn);
                assert_eq!(best.score as i32, head.score);
                let listed: Vec<String> = all.iter().take(5).map(|m| m.notation()).collect();
                let shown: Vec<String> =
                    t.alternatives.iter().map(|c| c.notation.clone()).collect();
                assert_eq!(shown, listed, "turn {}", t.turn);
            }
            None => assert!(t.best_by_score.is_none() && t.alternatives.is_empty()),
        }
        let played = match &pos.played {
            Played::Place {
                notation, score, ..
            } => {
                // A person may play any word of the list, an offensive one too.
                let legal = gen.all_moves(&full, &layout, &grid, &rack_of(&pos.rack));
                assert!(
                    legal.iter().any(|m| &m.notation() == notation),
                    "the played {notation} is among the legal moves"
                );
                *score as i32
            }
            _ => 0,
        };
        let higher = all.iter().filter(|m| m.score > played).count() as u64;
        let best = all.first().map_or(0, |m| m.score);
        assert_eq!(
            t.points_missed as i32,
            (best - played).max(0),
            "turn {}",
            t.turn
        );
        match &pos.played {
            Played::Place { notation, .. } => {
                assert_eq!(t.rank, Some(higher + 1), "turn {}", t.turn);
                assert!(
                    matches!(&t.played, PlayedMove::Place { notation: n, .. } if n == notation)
                );
            }
            _ => assert_eq!(t.rank, None),
        }
        // Where Hard chose, its choice ranks first by the analysis's valuation.
        if level_of(m, pos.player, levels) == Level::Hard {
            match &pos.played {
                Played::Place { notation, .. } => {
                    assert!(!t.hard_would_exchange, "turn {}", t.turn);
                    assert_eq!(t.value_rank, Some(1), "turn {}", t.turn);
                    assert_eq!(&t.best_by_value.as_ref().unwrap().notation, notation);
                }
                Played::Exchange { tiles } if !all.is_empty() => {
                    assert!(t.hard_would_exchange, "turn {}", t.turn);
                    let mut given: Vec<u8> = tiles.bytes().collect();
                    let mut chosen: Vec<u8> =
                        t.best_exchange.as_ref().unwrap().tiles.bytes().collect();
                    given.sort_unstable();
                    chosen.sort_unstable();
                    assert_eq!(given, chosen, "turn {}", t.turn);
                }
                _ => {}
            }
        }
    }
    // The per-player figures add up from the turns.
    for p in &analysis.players {
        let mine: Vec<_> = analysis
            .turns
            .iter()
            .filter(|t| t.player == p.seat)
            .collect();
        assert_eq!(p.turns as usize, mine.len());
        assert_eq!(
            p.points_missed,
            mine.iter().map(|t| t.points_missed).sum::<u32>()
        );
        let top = mine.iter().map(|t| t.points_missed).max().unwrap_or(0);
        match &p.best_missed {
            Some(b) => assert_eq!(b.points_missed, top),
            None => assert_eq!(top, 0),
        }
    }
    analysis.turns.len()
}

fn property(rules_id: &str, matches: u64, seats: &[usize]) {
    let rules = RuleSet::builtin(rules_id).unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let mut turns = 0;
    for i in 0..matches {
        let n = seats[i as usize % seats.len()];
        let levels: Vec<Level> = (0..n).map(|s| LEVELS[(i as usize + s) % 4]).collect();
        let m = play(&rules, list, 1000 + i, &levels);
        turns += check_against_brute_count(&m, list, &levels);
    }
    assert!(turns as u64 > matches, "{turns} turns analysed");
}

#[test]
fn classic_15_analysis_agrees_with_every_legal_move() {
    property("classic-15", 200, &[2, 2, 3, 4]);
}

#[test]
fn classic_15_ten_analysis_agrees_with_every_legal_move() {
    property("classic-15-ten", 200, &[2]);
}

#[test]
fn wordclub_1_0_analysis_agrees_with_every_legal_move() {
    property("wordclub-1.0", 300, &[2, 3, 4]);
}

#[test]
fn wordclub_1_1_analysis_agrees_with_every_legal_move() {
    property("wordclub-1.1", 300, &[2, 3, 4]);
}

#[test]
fn solo_10_rounds_are_analysed_turn_by_turn() {
    property("solo-10", 300, &[1]);
    let rules = RuleSet::builtin("solo-10").unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let m = play(&rules, list, 7, &[Level::Hard]);
    let a = analyse_match(&m, list).unwrap();
    assert_eq!(a.turns.len(), 10, "a solo round is ten turns");
    assert_eq!(a.players.len(), 1);
    assert_eq!(a.list.id, "enable-2-9");
    assert!(
        a.players[0].bingos_available.is_none(),
        "no bingo bonus in solo-10"
    );
}

#[test]
fn an_unfinished_match_is_refused() {
    let rules = RuleSet::builtin("classic-15").unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let players = vec![
        PlayerSpec::computer("A", "hard"),
        PlayerSpec::computer("B", "hard"),
    ];
    let mut m = Match::new(rules, ListRef::of(list), players, 3).unwrap();
    for _ in 0..4 {
        let seat = m.to_move().unwrap();
        let a = computer_action(&m, seat, list, Level::Hard).unwrap();
        m.apply(a, list).unwrap();
    }
    let err = analyse_match(&m, list).unwrap_err();
    assert_eq!(err.kind(), "match_in_progress");
    assert!(err.to_string().contains("not over"), "{err}");
    // And with another list than the match's own.
    let other = WordList::builtin("enable2k").unwrap();
    let done = play(m.rules(), list, 3, &[Level::Greedy, Level::Greedy]);
    assert_eq!(
        analyse_match(&done, other).unwrap_err().kind(),
        "wrong_word_list"
    );
}

#[test]
fn a_resigned_players_turns_are_analysed_up_to_the_resignation() {
    let rules = RuleSet::builtin("wordclub-1.1").unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let players = vec![
        PlayerSpec::computer("A", "hard"),
        PlayerSpec::computer("B", "greedy"),
        PlayerSpec::computer("C", "medium"),
    ];
    let levels = [Level::Hard, Level::Greedy, Level::Medium];
    let mut m = Match::new(rules, ListRef::of(list), players, 11).unwrap();
    let mut resigned_at = None;
    while let Some(seat) = m.to_move() {
        if seat == 1 && m.turns().len() >= 7 && resigned_at.is_none() {
            m.apply(Action::Resign { player: 1 }, list).unwrap();
            resigned_at = Some(m.turns().len() as u32);
            continue;
        }
        let a = computer_action(&m, seat, list, levels[seat]).unwrap();
        m.apply(a, list).unwrap();
    }
    let resigned_at = resigned_at.unwrap();
    assert!(m.resigned()[1]);
    let a = analyse_match(&m, list).unwrap();
    let b_turns: Vec<u32> = a
        .turns
        .iter()
        .filter(|t| t.player == 1)
        .map(|t| t.turn)
        .collect();
    let played_before: Vec<u32> = m
        .turns()
        .iter()
        .filter(|t| t.player == 1 && t.kind != TurnKind::Resign)
        .map(|t| t.number)
        .collect();
    assert!(!b_turns.is_empty());
    assert_eq!(b_turns, played_before, "every turn B chose a move in");
    assert!(b_turns.iter().all(|&t| t < resigned_at));
    assert!(
        a.turns.iter().all(|t| t.turn != resigned_at),
        "the resignation itself is no move to analyse"
    );
    assert!(
        a.turns.iter().any(|t| t.turn > resigned_at),
        "the others played on"
    );
    check_against_brute_count(&m, list, &levels);
}

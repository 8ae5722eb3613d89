//! Recording matches event by event and resuming them to the identical state.
mod common;

use common::*;
use wordclub_engine::{Action, EndReason, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_store::{SeatKind, Status, Store};

#[test]
fn every_prefix_of_a_match_resumes_to_the_state_it_had() {
    let mut store = Store::open_in_memory().unwrap();
    let mut game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben"],
        &["CATEELN", "SBDGIOO"],
        "ARTE",
    );
    let id = store.create(&game).unwrap();
    assert_same_state(&store.resume(id).unwrap().game, &game);
    for line in [
        "5D CAT",
        "hint BIDS DOGS",
        "5D ...S",
        "D5 .ART",
        "exchange BDG",
    ] {
        act(&mut game, line);
        let appended = store.record(id, &game).unwrap();
        assert_eq!(appended, 1, "{line}: one event per action");
        let resumed = store.resume(id).unwrap();
        assert_same_state(&resumed.game, &game);
        assert_eq!(resumed.list.info().id, "wordclub");
    }
    // Playing on from the resumed match works like playing on from the live one.
    let mut resumed = store.resume(id).unwrap().game;
    act(&mut resumed, "pass");
    act(&mut game, "pass");
    assert_same_state(&resumed, &game);
}

#[test]
fn spec_example_scores_are_stored_and_match_the_replay() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, game) = spec_cart(&mut store);
    let s = store.summary(id).unwrap();
    assert_eq!(s.status, Status::InProgress);
    assert_eq!(s.rules_id, "wordclub-1.0");
    assert_eq!(s.list_id, "wordclub");
    assert_eq!(s.list_sha256, wordclub().info().sha256);
    assert_eq!(s.rules_sha256, game.rules().hash());
    assert_eq!(s.seed, "7");
    assert_eq!(s.event_count, 5, "start, CAT, hint, CATS, CART");
    assert_eq!(s.turn_count, 3);
    assert_eq!(s.hints_taken, 1);
    assert!(s.assisted);
    let scores: Vec<i64> = s.players.iter().map(|p| p.score).collect();
    assert_eq!(scores, [3 + 4, 4], "CAT 3 + CART 4; CATS 4");
    assert_eq!(s.players[0].best_move.as_deref(), Some("D5 .ART"));
    assert_eq!(s.players[0].best_move_score, Some(4));
    assert_eq!(s.players[1].hints_taken, 1);
    assert_eq!(s.players[0].kind, SeatKind::Human);
    // The derived columns agree with a replay.
    let replayed = store.resume(id).unwrap().game;
    let replay_scores: Vec<i64> = replayed.scores().iter().map(|&x| i64::from(x)).collect();
    assert_eq!(scores, replay_scores);
}

#[test]
fn a_finished_match_holds_its_result() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, game) = goes_out(&mut store);
    let result = game.result().expect("Ann went out");
    assert_eq!(result.reason, EndReason::WentOut);
    let s = store.summary(id).unwrap();
    assert_eq!(s.status, Status::Finished);
    assert!(s.finished_at.is_some());
    assert_eq!(s.end_reason.as_deref(), Some("went_out"));
    assert_eq!(s.event_count, 3, "start, CAT, end");
    // Ann: CAT 3 + Ben's DOG 3 = 6; Ben: 0 - 3.
    let finals: Vec<(i64, Option<i64>, bool)> = s
        .players
        .iter()
        .map(|p| (p.score, p.adjustment, p.winner))
        .collect();
    assert_eq!(finals, [(6, Some(3), true), (-3, Some(-3), false)]);
    let best = s.best_turn.unwrap();
    assert_eq!(
        (best.player.as_str(), best.mv.as_str(), best.score),
        ("Ann", "5D CAT", 3)
    );
    // The custom rule set was stored as data: the replay uses it, not a built-in.
    let replayed = store.resume(id).unwrap().game;
    assert_eq!(replayed.rules().rack_size, 3);
    assert_eq!(replayed.result(), Some(result));
}

#[test]
fn six_passes_end_the_match_with_each_rack_deducted_and_a_shared_win() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, _) = six_passes(&mut store, ["Ann", "Ben"]);
    let s = store.summary(id).unwrap();
    assert_eq!(s.end_reason.as_deref(), Some("scoreless_turns"));
    let finals: Vec<(i64, Option<i64>, bool)> = s
        .players
        .iter()
        .map(|p| (p.score, p.adjustment, p.winner))
        .collect();
    assert_eq!(finals, [(-7, Some(-7), true), (-7, Some(-7), true)]);
    assert_eq!(s.best_turn, None, "nobody placed a tile");
}

#[test]
fn nothing_is_recorded_after_the_end_and_abandoned_matches_stay() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, game) = goes_out(&mut store);
    assert_eq!(store.record(id, &game).unwrap_err().kind(), "match_closed");
    assert_eq!(store.abandon(id).unwrap_err().kind(), "match_closed");

    let (open_id, _) = spec_cart(&mut store);
    store.abandon(open_id).unwrap();
    assert_eq!(store.summary(open_id).unwrap().status, Status::Abandoned);
    assert!(store.unfinished().unwrap().is_empty());
    assert_eq!(store.abandon(999).unwrap_err().kind(), "match_not_found");
    assert_eq!(store.resume(999).unwrap_err().kind(), "match_not_found");
}

#[test]
fn a_stale_match_in_hand_is_refused_not_merged() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, game) = spec_cart(&mut store);
    let mut current = game.clone();
    act(&mut current, "pass");
    store.record(id, &current).unwrap();
    // A copy behind the store is refused.
    let err = store.record(id, &game).unwrap_err();
    assert_eq!(err.kind(), "out_of_sequence");
    // A copy that went another way (Ben exchanged instead of passing) is refused too, whether
    // it has as many events as the store or more.
    let mut other = game.clone();
    act(&mut other, "exchange B");
    assert_eq!(store.record(id, &other).unwrap_err().kind(), "diverged");
    act(&mut other, "pass");
    assert_eq!(store.record(id, &other).unwrap_err().kind(), "diverged");
    // The store still holds the truth.
    assert_same_state(&store.resume(id).unwrap().game, &current);
    // A match in hand that is simply up to date appends nothing.
    assert_eq!(store.record(id, &current).unwrap(), 0);
}

#[test]
fn a_list_version_that_is_not_shipped_is_reported_never_swapped() {
    let mut store = Store::open_in_memory().unwrap();
    let rules = RuleSet::builtin("wordclub-1.0").unwrap();
    let old_version = ListRef {
        id: "wordclub".into(),
        sha256: "0".repeat(64),
    };
    let game = Match::new(
        rules.clone(),
        old_version,
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
        1,
    )
    .unwrap();
    let id = store.create(&game).unwrap();
    let err = store.resume(id).unwrap_err();
    assert_eq!(err.kind(), "list_not_shipped");
    let message = err.to_string();
    assert!(
        message.contains("wordclub") && message.contains(&"0".repeat(64)),
        "{message}"
    );
    assert!(message.contains(&wordclub().info().sha256), "{message}");

    let gone = ListRef {
        id: "retired-list".into(),
        sha256: "ab".repeat(32),
    };
    let game = Match::new(
        rules,
        gone,
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
        1,
    )
    .unwrap();
    let id2 = store.create(&game).unwrap();
    match store.resume(id2).unwrap_err() {
        wordclub_store::StoreError::ListNotShipped {
            list_id,
            shipped_sha256,
            ..
        } => {
            assert_eq!(list_id, "retired-list");
            assert_eq!(shipped_sha256, None);
        }
        other => panic!("{other}"),
    }
    // It can still be browsed and exported.
    assert_eq!(store.detail(id2).unwrap().turns.len(), 0);
    assert!(store
        .export_gcg(id2)
        .unwrap()
        .contains("#lexicon retired-list"));
}

#[test]
fn hints_and_resignations_in_a_three_player_match() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, game) = three_with_resigns(&mut store);
    let r = game.result().unwrap();
    assert_eq!(r.reason, EndReason::Resigned);
    assert_eq!(r.winners, [0]);
    let s = store.summary(id).unwrap();
    let rows: Vec<(&str, i64, bool, bool, i64)> = s
        .players
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.score,
                p.winner,
                p.resigned,
                p.hints_taken,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Ann", 3, true, false, 0),
            ("Ben", 0, false, true, 0),
            ("Cid", 0, false, true, 1)
        ]
    );
    assert!(s.assisted);
    // Detail: every turn with its player, and Cid's hint against Cid's resign turn.
    let d = store.detail(id).unwrap();
    let turns: Vec<(String, String)> = d
        .turns
        .iter()
        .map(|t| (t.player_name.clone(), format!("{:?}", t.turn.kind)))
        .collect();
    assert_eq!(
        turns,
        [
            ("Ann".to_string(), "Place".to_string()),
            ("Ben".into(), "Pass".into()),
            ("Cid".into(), "Resign".into()),
            ("Ann".into(), "Pass".into()),
            ("Ben".into(), "Resign".into()),
        ]
    );
    assert_eq!(d.turns[2].turn.hints.len(), 1);
    assert!(
        d.pending_hints.is_empty(),
        "Cid's hint went with Cid's resign turn"
    );
    assert_eq!(d.turns[0].turn.words[0].word, "CAT");
    assert_eq!(d.turns[0].turn.totals, [3, 0, 0]);
}

/// `detail_with` is `detail` from the one replay that also shows each step (the history's
/// board turn by turn) and hands back the replayed match: each action event once, in order.
#[test]
fn the_detail_with_each_step_is_the_detail_from_one_replay() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, game) = spec_cart(&mut store);
    let mut steps = Vec::new();
    let (detail, replayed) = store
        .detail_with(id, |m| steps.push(m.events().len()))
        .unwrap();
    assert_eq!(detail, store.detail(id).unwrap());
    assert_same_state(&replayed, &game);
    // Shown after each event but the start, one event further each time: not a second pass.
    let every_action: Vec<usize> = (2..=game.events().len()).collect();
    assert_eq!(steps, every_action);
}

#[test]
fn resign_action_is_recorded_for_a_seat_not_to_move() {
    let mut store = Store::open_in_memory().unwrap();
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben"],
        &["CATEELN", "SBDGIOO"],
        "",
    );
    let id = store.create(&game).unwrap();
    let mut game = game;
    game.apply(Action::Resign { player: 1 }, wordclub())
        .unwrap();
    assert_eq!(store.record(id, &game).unwrap(), 2, "resigned + ended");
    let s = store.summary(id).unwrap();
    assert_eq!(s.end_reason.as_deref(), Some("resigned"));
    assert!(s.players[0].winner && !s.players[1].winner);
}

#[test]
fn a_hint_for_a_turn_not_yet_played_is_shown_as_pending() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, mut game) = spec_cart(&mut store);
    act(&mut game, "hint CATS");
    store.record(id, &game).unwrap();
    let d = store.detail(id).unwrap();
    assert_eq!(d.pending_hints.len(), 1);
    assert_eq!(
        (
            d.pending_hints[0].player,
            d.pending_hints[0].player_name.as_str()
        ),
        (1, "Ben")
    );
    let shown = d.pending_hints[0].hint.shown.as_ref().unwrap();
    assert_eq!(shown.listed_words().collect::<Vec<_>>(), ["CATS"]);
    assert_eq!(d.turns.len(), 3);
    let gcg = store.export_gcg(id).unwrap();
    assert!(
        gcg.ends_with("#note Ben took a hint (words_from_rack): CATS\n"),
        "{gcg}"
    );
}

#[test]
fn of_two_seats_tied_for_the_best_turn_the_summary_names_the_earlier_as_the_engine_does() {
    let mut store = Store::open_in_memory().unwrap();
    // Word Club 1.0 (every letter 1, no premiums): Ann's CAT and Ben's COG both score 3.
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben"],
        &["CATSEER", "OGTEENR"],
        "",
    );
    let (id, game) = play_and_record(
        &mut store,
        game,
        &["5D CAT", "hint", "D5 .OG", "pass", "F5 .EN", "resign 0"],
    );
    let engine_best = game.best_turn(None).unwrap();
    assert_eq!((engine_best.number, engine_best.player), (1, 0));
    let s = store.summary(id).unwrap();
    let best = s.best_turn.unwrap();
    assert_eq!(
        (best.player.as_str(), best.mv.as_str(), best.score),
        ("Ann", "5D CAT", 3)
    );
    // Each seat's best move: Ben tied his own COG with TEN later; COG, the earlier, stays.
    assert_eq!(s.players[1].best_move.as_deref(), Some("D5 .OG"));
    // Hints per seat are the engine's count.
    let hints: Vec<i64> = s.players.iter().map(|p| p.hints_taken).collect();
    let engine_hints: Vec<i64> = game.hints_taken().iter().map(|&h| i64::from(h)).collect();
    assert_eq!(hints, engine_hints);
    assert_eq!(hints, vec![0, 1]);
}

/// An earlier build dealt boards up to 26 squares a side; new matches keep to the move
/// generator's 15 now, but a match recorded on a wider board still resumes and plays on (the
/// engine holds a stored rule set to the bounds it was recorded under).
#[test]
fn a_match_recorded_on_a_board_wider_than_a_new_one_may_have_still_resumes() {
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben"],
        &["CATEELN", "SBDGIOO"],
        "ARTE",
    );
    let mut events = game.events().to_vec();
    let wordclub_engine::Event::Started {
        rules, rules_hash, ..
    } = &mut events[0]
    else {
        panic!("a match starts with its start");
    };
    rules.board_size = 20;
    *rules_hash = rules.hash();
    let wide_rules = rules.clone();
    assert_eq!(
        Match::new(
            wide_rules,
            ListRef::of(wordclub()),
            vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
            1
        )
        .unwrap_err()
        .kind(),
        "invalid_rule_set",
        "no new match is dealt on it"
    );
    let mut wide = Match::replay(&events).unwrap();
    let mut store = Store::open_in_memory().unwrap();
    let id = store.create(&wide).unwrap();
    act(&mut wide, "5D CAT");
    store.record(id, &wide).unwrap();
    let resumed = store.resume(id).unwrap().game;
    assert_eq!(resumed.board().size(), 20);
    assert_same_state(&resumed, &wide);
}

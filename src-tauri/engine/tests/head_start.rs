//! Head starts (issue 46): each seat may start with 0 to `MAX_HEAD_START` points the players
//! chose, pinned in the start event with the player (`PlayerSpec::head_start`), counted in
//! every total from the first move to the end, shown apart from the rule set's own start
//! points, and replayed as recorded. A match without one is recorded byte for byte as before.
mod common;

use common::*;
use wordclub_engine::*;

/// Word Club 1.3 at four (start points 8 · 0 · 3 · 8) with a head start of 60 for the second
/// seat: the two add up, each shown on its own.
fn four_with_head_start() -> (Match, &'static wordclub_lexicon::WordList) {
    let r = rules("wordclub-1.3");
    let l = list(&r.default_list);
    let mut players = humans(&["Ann", "Mia", "Cy", "Dee"]);
    players[1] = players[1].clone().with_head_start(60);
    let m = Match::with_options(
        r,
        ListRef::of(l),
        players,
        7,
        Deal::default(),
        MatchOptions::default(),
    )
    .unwrap();
    (m, l)
}

#[test]
fn a_head_start_adds_to_the_rule_sets_start_points_and_is_shown_apart() {
    let (m, _) = four_with_head_start();
    assert_eq!(m.scores(), &[8, 60, 3, 8]);
    let v = m.view(None, false);
    let seen: Vec<(i32, u32, i32, i32)> = v
        .players
        .iter()
        .map(|p| (p.start_points, p.head_start, p.start_total, p.score))
        .collect();
    assert_eq!(
        seen,
        vec![(8, 0, 8, 8), (0, 60, 60, 60), (3, 0, 3, 3), (8, 0, 8, 8)]
    );
}

#[test]
fn a_head_start_counts_in_every_total_to_the_end() {
    let r = rules("wordclub-1.0");
    let l = list(&r.default_list);
    let mut players = humans(&["Ann", "Ben"]);
    players[1] = players[1].clone().with_head_start(25);
    let mut m = Match::with_options(
        r,
        ListRef::of(l),
        players,
        3,
        Deal {
            racks: Some(vec!["CATEIOL".into(), "SNNDBGL".into()]),
            draw_order: "ARTE".into(),
        },
        MatchOptions::default(),
    )
    .unwrap();
    place(&mut m, l, 0, "5D CAT").unwrap();
    assert_eq!(m.turns()[0].totals, vec![3, 25]);
    // The best turn is a move's score: a head start is no move.
    assert_eq!(m.best_turn(None).unwrap().score, 3);
    for _ in 0..6 {
        let seat = m.to_move().unwrap();
        pass(&mut m, l, seat).unwrap();
    }
    let result = m.result().unwrap().clone();
    assert_eq!(result.scores_before_adjustment, vec![3, 25]);
    let racks: Vec<i32> = (0..2).map(|s| rack_value(&m, s)).collect();
    assert_eq!(result.final_scores, vec![3 - racks[0], 25 - racks[1]]);
    assert_eq!(result.winners, vec![1], "Ben wins on his head start");
    assert_replays(&m);
}

#[test]
fn a_head_start_is_pinned_in_the_start_event_and_replays() {
    let (m, _) = four_with_head_start();
    let Event::Started { players, .. } = &m.events()[0] else {
        panic!("the first event is the start")
    };
    assert_eq!(
        players.iter().map(|p| p.head_start).collect::<Vec<_>>(),
        vec![0, 60, 0, 0]
    );
    let json = serde_json::to_value(&m.events()[0]).unwrap();
    assert_eq!(json["players"][1]["head_start"], 60);
    // A seat without one writes no field: a match without head starts is recorded as before,
    // and one recorded before head starts reads as none.
    assert!(json["players"][0].get("head_start").is_none());
    let replayed = Match::replay(m.events()).unwrap();
    assert_eq!(replayed.scores(), m.scores());
    assert_eq!(replayed.view(None, false), m.view(None, false));
    let mut old = json.clone();
    old["players"][1]
        .as_object_mut()
        .unwrap()
        .remove("head_start");
    let old: Event = serde_json::from_value(old).unwrap();
    let old = Match::replay(&[old]).unwrap();
    assert_eq!(old.scores(), &[8, 0, 3, 8]);
}

#[test]
fn a_head_start_out_of_range_is_refused_with_its_kind() {
    for points in [-1, 201, i64::MAX] {
        let e = PlayerSpec::check_head_start(points).unwrap_err();
        assert_eq!(e.kind(), "bad_head_start");
        assert!(e.to_string().contains(&points.to_string()), "{e}");
    }
    assert_eq!(PlayerSpec::check_head_start(0).unwrap(), 0);
    assert_eq!(
        PlayerSpec::check_head_start(i64::from(MAX_HEAD_START)).unwrap(),
        MAX_HEAD_START
    );
    let r = rules("wordclub-1.0");
    let l = list(&r.default_list);
    let mut players = humans(&["Ann", "Ben"]);
    players[0] = players[0].clone().with_head_start(MAX_HEAD_START + 1);
    let e = Match::with_options(
        r,
        ListRef::of(l),
        players,
        1,
        Deal::default(),
        MatchOptions::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), "bad_head_start");
}

#[test]
fn the_gcg_notes_read_back_as_they_were_written() {
    let nicks = vec!["Ann".to_string(), "Mia".to_string()];
    let line = gcg_head_start_note(&nicks, &[0, 60]).unwrap();
    assert_eq!(
        line,
        "#note Head start (counted in the totals): Ann 0, Mia 60"
    );
    assert_eq!(
        parse_gcg_head_start_note(&line).unwrap().unwrap(),
        vec![("Ann".to_string(), 0), ("Mia".to_string(), 60)]
    );
    assert!(gcg_head_start_note(&nicks, &[0, 0]).is_none());
    // The start points' line is not a head start's, nor the other way round.
    let start = gcg_start_points_note(&nicks, &[0, 3]).unwrap();
    assert!(parse_gcg_head_start_note(&start).is_none());
    assert!(parse_gcg_start_points_note(&line).is_none());
    assert!(
        parse_gcg_head_start_note(&format!("{GCG_HEAD_START_NOTE} Ann x"))
            .unwrap()
            .is_err()
    );
}

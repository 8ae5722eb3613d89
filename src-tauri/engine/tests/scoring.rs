//! SPEC §2's worked examples and the scoring details, through the public API.
mod common;

use common::*;
use wordclub_engine::*;

fn score(rules_id: &str, cgp: &str, mv: &str) -> Result<ScoredMove, EngineError> {
    let r = rules(rules_id);
    let b = board(rules_id, cgp);
    let t = GcgMove::parse(mv)?.placements(&b)?;
    score_move(&b, &r, list("wordclub"), &t)
}

#[test]
fn wordclub_1_0_cat_cats_cart() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSBDG", "ARTEEEE"], "");
    let e = place(&mut m, l, 0, "5D CAT").unwrap();
    assert!(matches!(&e[0], Event::Placed { score: 3, .. }), "{e:?}");
    // CATS: the S added at G5 scores the whole word again: 4.
    pass(&mut m, l, 1).unwrap();
    let e = place(&mut m, l, 0, "5D ...S").unwrap();
    assert!(matches!(&e[0], Event::Placed { score: 4, .. }), "{e:?}");
    // A R T down from the C (D5) makes CART: 4.
    let e = place(&mut m, l, 1, "D5 .ART").unwrap();
    let Event::Placed {
        score,
        words,
        notation,
        ..
    } = &e[0]
    else {
        panic!()
    };
    assert_eq!((*score, words[0].word.as_str()), (4, "CART"));
    assert_eq!(notation, "D5 .ART");
    assert_eq!(m.scores(), &[7, 4]);
}

#[test]
fn wordclub_1_1_house_on_the_triple_letter() {
    let s = score("wordclub-1.1", &empty_cgp(9), "5A HOUSE").unwrap();
    assert_eq!(s.score, 16);
    let h = &s.words[0].letters[0];
    assert_eq!(
        (h.letter, h.value, h.letter_multiplier, h.placed),
        ('H', 4, 3, true)
    );
    assert_eq!(s.words[0].word_multiplier, 1);
}

#[test]
fn solo_dumb_then_fame_total_35() {
    let (mut m, _) = fixed_match("solo-10", &["DUMBFAE"], "");
    let l = list("enable-2-9");
    let e = place(&mut m, l, 0, "5C DUMB").unwrap();
    let Event::Placed { score, words, .. } = &e[0] else {
        panic!()
    };
    assert_eq!(*score, 22);
    assert_eq!(words[0].word_multiplier, 2);
    assert_eq!(words[0].letters[0].letter_multiplier, 2);
    let e = place(&mut m, l, 0, "E3 FA.E").unwrap();
    let Event::Placed { score, words, .. } = &e[0] else {
        panic!()
    };
    assert_eq!((*score, words[0].word.as_str()), (13, "FAME"));
    // The M was placed last turn: no star premium for it now.
    let m_letter = &words[0].letters[2];
    assert_eq!((m_letter.placed, m_letter.letter_multiplier), (false, 1));
    assert_eq!(m.scores(), &[35]);
}

#[test]
fn classic_cat_through_the_star_is_10() {
    let s = score("classic-15", &empty_cgp(15), "8G CAT").unwrap();
    assert_eq!((s.score, s.words[0].word_multiplier, s.bingo), (10, 2, 0));
}

#[test]
fn premiums_are_used_up_once_covered() {
    // CAT on the star, then CATS: the star's 2W does not count again.
    let s = score(
        "classic-15",
        "15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15",
        "8G ...S",
    )
    .unwrap();
    assert_eq!(s.score, 6);
    assert!(s.words[0].letters[..3]
        .iter()
        .all(|l| !l.placed && l.letter_multiplier == 1));
}

#[test]
fn a_new_tiles_premium_counts_in_both_its_words() {
    // E on H7, A on G8; a Y on G7 (2L) makes YE across and YA down: (8+1) + (8+1) = 18.
    let cgp = "15/15/15/15/15/15/7E7/6A8/15/15/15/15/15/15/15";
    let s = score("classic-15", cgp, "G7 Y").unwrap();
    assert_eq!(s.words.len(), 2);
    assert_eq!(s.score, 18);
    for w in &s.words {
        assert_eq!(w.score, 9, "{}", w.word);
        assert_eq!(w.letters[0].letter_multiplier, 2);
    }
    // A one-tile move is written along its across word.
    assert_eq!(s.notation, "7G Y.");
}

#[test]
fn word_premiums_multiply_together() {
    // 1.1's C3 and G3 are both 2W: CRATE across row 3 through RAT covers both.
    let cgp = "9/9/3RAT3/9/9/9/9/9/9";
    let s = score("wordclub-1.1", cgp, "3C C...E").unwrap();
    assert_eq!(s.words[0].word, "CRATE");
    assert_eq!(s.words[0].word_multiplier, 4);
    assert_eq!(s.score, (3 + 1 + 1 + 1 + 1) * 4);
}

#[test]
fn blank_scores_zero_even_on_a_letter_premium() {
    let cgp = "15/15/15/15/15/6AT7/15/15/15/15/15/15/15/15/15";
    let real = score("classic-15", cgp, "6F C").unwrap();
    assert_eq!(real.score, 3 * 3 + 1 + 1);
    let blank = score("classic-15", cgp, "6F c").unwrap();
    assert_eq!(blank.score, 2);
    let c = &blank.words[0].letters[0];
    assert_eq!(
        (c.letter, c.blank, c.value, c.letter_multiplier),
        ('C', true, 0, 3)
    );
    assert_eq!(blank.notation, "6F c..");
}

#[test]
fn blank_on_a_word_premium_still_doubles_the_word() {
    let s = score("classic-15", &empty_cgp(15), "8G cAT").unwrap();
    // c = 0, A = 1, T = 1, doubled by the star.
    assert_eq!(s.score, 4);
}

#[test]
fn bingo_only_in_classic() {
    let classic = score("classic-15", &empty_cgp(15), "8D RETAINS").unwrap();
    // R on D8 (2L): 2 + 6 = 8, doubled by the star = 16, + 50.
    assert_eq!((classic.bingo, classic.score), (50, 66));
    let candidate = score("wordclub-1.1", &empty_cgp(9), "5A RETAINS").unwrap();
    // R on A5 (3L): 3 + 6 = 9, no bingo.
    assert_eq!((candidate.bingo, candidate.score), (0, 9));
    let one = score("wordclub-1.0", &empty_cgp(9), "5A RETAINS").unwrap();
    assert_eq!((one.bingo, one.score), (0, 7));
}

#[test]
fn one_tile_forms_words_in_both_directions_and_cross_words_count() {
    // CAT across, then an O under the T and beside nothing: only the down word TO.
    let cgp = "9/9/9/9/3CAT3/9/9/9/9";
    let s = score("wordclub-1.0", cgp, "F5 .O").unwrap();
    assert_eq!(s.words.len(), 1);
    assert_eq!((s.words[0].word.as_str(), s.score), ("TO", 2));
    assert_eq!(
        (s.direction, s.notation.as_str()),
        (Direction::Down, "F5 .O")
    );
    // Parallel play: NO under ON makes NO across and two down words, ON and NO.
    let cgp = "9/9/9/9/3ON4/9/9/9/9";
    let s = score("wordclub-1.0", cgp, "6D NO").unwrap();
    let words: Vec<&str> = s.words.iter().map(|w| w.word.as_str()).collect();
    assert_eq!(words, vec!["NO", "ON", "NO"]);
    assert_eq!(s.score, 6);
}

#[test]
fn refusals_name_what_is_wrong() {
    let e9 = empty_cgp(9);
    let kind = |id: &str, cgp: &str, mv: &str| score(id, cgp, mv).unwrap_err().kind();
    assert_eq!(kind("wordclub-1.0", &e9, "1A CAT"), "star_not_covered");
    assert_eq!(kind("wordclub-1.0", &e9, "5E A"), "first_word_too_short");
    let cat = "9/9/9/9/3CAT3/9/9/9/9";
    assert_eq!(kind("wordclub-1.0", cat, "1A CAT"), "not_connected");
    assert_eq!(kind("wordclub-1.0", cat, "5D DOG"), "square_occupied");
    assert_eq!(kind("wordclub-1.0", cat, "5H CAT"), "off_board");
    let e = score("wordclub-1.0", cat, "5D ...XQ").unwrap_err();
    assert_eq!(e.kind(), "not_in_list");
    assert_eq!(e.words(), &["CATXQ".to_string()]);
    assert_eq!(
        e.to_string(),
        "CATXQ: not in this match's word list (Word Club list 4)"
    );
    // Two bad words, each named once: QZ down at B4–B5? Put Q at C4 and Z at C6 around C.
    let e = score("wordclub-1.0", cat, "D4 Q.Z").unwrap_err();
    assert_eq!(e.words(), &["QCZ".to_string()]);

    let r = rules("wordclub-1.0");
    let b = board("wordclub-1.0", cat);
    let l = list("wordclub");
    let sq = |s: &str| Square::parse(s).unwrap();
    let not_line = [
        Placement::new(sq("C6"), Tile::letter(b'A')),
        Placement::new(sq("D6"), Tile::letter(b'T')),
        Placement::new(sq("E7"), Tile::letter(b'S')),
    ];
    assert_eq!(
        score_move(&b, &r, l, &not_line).unwrap_err().kind(),
        "not_in_one_line"
    );
    let gap = [
        Placement::new(sq("D6"), Tile::letter(b'A')),
        Placement::new(sq("F6"), Tile::letter(b'T')),
    ];
    let e = score_move(&b, &r, l, &gap).unwrap_err();
    assert_eq!(e, EngineError::Gap { square: sq("E6") });
    let blank = [Placement::new(sq("G5"), Tile::blank(b'?'))];
    assert_eq!(
        score_move(&b, &r, l, &blank).unwrap_err().kind(),
        "blank_without_letter"
    );
    let dup = [
        Placement::new(sq("G5"), Tile::letter(b'S')),
        Placement::new(sq("G5"), Tile::letter(b'S')),
    ];
    assert_eq!(
        score_move(&b, &r, l, &dup).unwrap_err().kind(),
        "duplicate_square"
    );
    assert_eq!(score_move(&b, &r, l, &[]).unwrap_err().kind(), "no_tiles");
    // Letters already on the board may fill the gap between placed tiles.
    let through = [
        Placement::new(sq("C5"), Tile::letter(b'S')),
        Placement::new(sq("G5"), Tile::letter(b'S')),
    ];
    let s = score_move(&b, &r, l, &through).unwrap();
    assert_eq!(
        (s.words[0].word.as_str(), s.score, s.notation.as_str()),
        ("SCATS", 5, "5C S...S")
    );
}

#[test]
fn gcg_and_cgp_round_trip() {
    let cgp = "9/9/9/9/3CaT3/9/9/9/9 ABC?/DEF 10/3 2 lex wordclub; rules wordclub-1.0;";
    let p = Cgp::parse(cgp).unwrap();
    assert_eq!(p.racks, vec!["ABC?", "DEF"]);
    assert_eq!(p.scores, vec![10, 3]);
    assert_eq!(p.scoreless_turns, 2);
    assert_eq!(p.opcode("rules"), Some("wordclub-1.0"));
    assert_eq!(p.opcode("lex"), Some("wordclub"));
    let b = p.board(&rules("wordclub-1.0")).unwrap();
    assert_eq!(b.get(Square::parse("E5").unwrap()), Some(Tile::blank(b'A')));
    let again = Cgp::format(&b, &p.racks, &p.scores, p.scoreless_turns, &p.opcodes);
    assert_eq!(again, cgp);
    assert_eq!(Cgp::parse("9/9").unwrap_err().kind(), "notation");
    assert_eq!(
        Cgp::parse("9/9/9/9/3C$T3/9/9/9/9").unwrap_err().kind(),
        "notation"
    );
    // Board of the wrong size for the rule set.
    assert_eq!(
        Cgp::parse(&empty_cgp(9))
            .unwrap()
            .board(&rules("classic-15"))
            .unwrap_err()
            .kind(),
        "notation"
    );
    let m = GcgMove::parse("H8 cat").unwrap();
    assert_eq!(
        (m.start, m.direction),
        (Square::parse("H8").unwrap(), Direction::Down)
    );
    assert_eq!(GcgMove::parse("8H").unwrap_err().kind(), "notation");
    assert_eq!(GcgMove::parse("Z0 CAT").unwrap_err().kind(), "notation");
}

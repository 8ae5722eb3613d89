//! What the app tells a family about each rule set, in their words: a plain name, one line on
//! what it is good for, the table sizes it is recommended for, and the sentences that explain
//! what is unusual where it happens (start points, a smaller rack, the tile tracker). The
//! app's own data keyed by rule-set id, never fields of [`RuleSet`]: a rule set's hash covers
//! its label and evidence text and pins every stored match and the lab's evidence files, so
//! wording here can change without touching either. Served inside [`crate::RulesInfo`]
//! (`rule_sets`, `rules_at_table`, every match view); the UI keeps no copy of its own.
//!
//! The seat colours a match may give its players live here too (`SEAT_COLOURS`), with the
//! mark that tells seats apart without colour.
use serde::Serialize;
use wordclub_engine::RuleSet;

/// One rule set's guide as the screens read it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct RulesGuide {
    /// The plain name the new-match menu shows ("Quick game"): no version, no "candidate".
    pub name: &'static str,
    /// One line on what it is good for.
    pub summary: &'static str,
    /// The table sizes (number of players) this rule set is the app's recommendation for;
    /// each size 1–4 has exactly one recommended rule set.
    pub recommended_for: Vec<u8>,
    /// Why the rule set is as it is, in plain words (the Rules screen, instead of the lab's
    /// evidence text); `null` for one that needs no reason.
    pub why: Option<&'static str>,
    /// Why some seats start with points, said beside the scores and on the first cover
    /// whenever a seat's start points are not 0; `null` when the rule set never gives any.
    pub start_points: Option<&'static str>,
    /// What is unusual at this table size (a rule set made flat for one: a match's own, or a
    /// `rules_at_table` answer), such as 1.3's racks of five at four; `null` otherwise.
    pub table_note: Option<&'static str>,
    /// What the tile tracker's "unseen tiles" are, in this rule set.
    pub unseen: &'static str,
}

/// A rule set's entry: plain name, summary, recommended table sizes, why, start points,
/// notes per table size.
struct Entry {
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    recommended_for: &'static [u8],
    why: Option<&'static str>,
    start_points: Option<&'static str>,
    table_notes: &'static [(u8, &'static str)],
    solo: bool,
}

/// Said of a match between players: the other racks hide tiles too.
const UNSEEN_TABLE: &str = "Unseen tiles are the ones you have not seen yet: those still in \
    the bag and those on the other players' racks. They tell you what could still come.";
/// Said of a solo round: nobody else holds tiles.
const UNSEEN_SOLO: &str =
    "Unseen tiles are the ones still in the bag: what your next racks can hold.";

const ENTRIES: &[Entry] = &[
    Entry {
        id: "wordclub-1.0",
        name: "First steps",
        summary: "A small board where every letter is worth 1 and there are no bonus squares: \
            learn how words cross.",
        recommended_for: &[],
        why: None,
        start_points: None,
        table_notes: &[],
        solo: false,
    },
    Entry {
        id: "wordclub-1.1",
        name: "Bonus squares",
        summary: "The small board with letter values and a few bonus squares.",
        recommended_for: &[],
        why: None,
        start_points: None,
        table_notes: &[],
        solo: false,
    },
    Entry {
        id: "wordclub-1.2",
        name: "Quick game",
        summary: "The small board with bonus squares, over in about a dozen moves: best for two.",
        recommended_for: &[2],
        why: Some(
            "Thousands of test games between computer players set the bag and the bonus squares \
             so that a match is short, nearly always ends with a player using their last tile, \
             and the player who starts wins no more often than the other.",
        ),
        start_points: None,
        table_notes: &[],
        solo: false,
    },
    Entry {
        id: "wordclub-1.3",
        name: "Family table",
        summary: "A middle-sized board made fair for three or four players (two can play too).",
        recommended_for: &[3, 4],
        why: Some(
            "Thousands of test games between computer players set the board, the bag and the \
             racks for each number of players, so everyone gets eight to ten moves and every \
             seat wins as often as the others.",
        ),
        start_points: Some(
            "Seats that would otherwise win less often start with a few points, so every seat \
             has the same chance.",
        ),
        table_notes: &[(
            4,
            "With four players each rack holds five tiles, so everyone gets as many moves \
             before the bag runs out.",
        )],
        solo: false,
    },
    Entry {
        id: "solo-10",
        name: "Solo round",
        summary: "Ten turns on your own: beat your best score.",
        recommended_for: &[1],
        why: None,
        start_points: None,
        table_notes: &[],
        solo: true,
    },
    Entry {
        id: "classic-15",
        name: "Classic",
        summary: "The classic big board and full bag: a long game for keen players.",
        recommended_for: &[],
        why: None,
        start_points: None,
        table_notes: &[],
        solo: false,
    },
    Entry {
        id: "classic-15-ten",
        name: "Classic, ten turns",
        summary: "The classic big board, ten turns each: a classic game in half the time.",
        recommended_for: &[],
        why: None,
        start_points: None,
        table_notes: &[],
        solo: false,
    },
];

impl RulesGuide {
    /// The guide of rule set `r` (at its table size, when it was made flat for one). A rule
    /// set the app has no entry for (a rule file of the lab's) is named by its own label.
    pub fn of(r: &RuleSet) -> RulesGuide {
        let Some(e) = ENTRIES.iter().find(|e| e.id == r.id) else {
            return RulesGuide {
                name: "Custom rules",
                summary: "A rule set from a file.",
                recommended_for: Vec::new(),
                why: None,
                start_points: None,
                table_note: None,
                unseen: if r.is_solo() {
                    UNSEEN_SOLO
                } else {
                    UNSEEN_TABLE
                },
            };
        };
        RulesGuide {
            name: e.name,
            summary: e.summary,
            recommended_for: e.recommended_for.to_vec(),
            why: e.why,
            start_points: e.start_points,
            table_note: r.table.and_then(|n| {
                e.table_notes
                    .iter()
                    .find(|(size, _)| *size == n)
                    .map(|(_, note)| *note)
            }),
            unseen: if e.solo { UNSEEN_SOLO } else { UNSEEN_TABLE },
        }
    }
}

/// A colour a seat may have, with the mark drawn beside the name so seats are told apart
/// without colour. The UI draws each id in a shade of its theme (light and dark) that keeps
/// text at 4.5:1 or more (`ui/css/seats.css`).
#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct SeatColour {
    pub id: &'static str,
    /// The colour's name, said to screen readers and on the form ("Blue").
    pub name: &'static str,
    /// One character, a different shape per colour.
    pub mark: &'static str,
}

/// Every seat colour, in the order seats get them by default (seat 1 the first).
pub const SEAT_COLOURS: &[SeatColour] = &[
    SeatColour {
        id: "blue",
        name: "Blue",
        mark: "●",
    },
    SeatColour {
        id: "orange",
        name: "Orange",
        mark: "▲",
    },
    SeatColour {
        id: "green",
        name: "Green",
        mark: "■",
    },
    SeatColour {
        id: "purple",
        name: "Purple",
        mark: "◆",
    },
    SeatColour {
        id: "red",
        name: "Red",
        mark: "★",
    },
    SeatColour {
        id: "teal",
        name: "Teal",
        mark: "✚",
    },
];

/// The colour a seat shows: the one recorded for it when it is one of `SEAT_COLOURS`, else
/// (a match recorded before colours, or an id this build does not know) the seat's default.
pub fn seat_colour(recorded: Option<&str>, seat: usize) -> SeatColour {
    recorded
        .and_then(|id| SEAT_COLOURS.iter().find(|c| c.id == id))
        .copied()
        .unwrap_or(SEAT_COLOURS[seat % SEAT_COLOURS.len()])
}

/// A seat colour's id as a new match takes it, or why not.
pub fn known_colour(id: &str) -> Result<&'static str, String> {
    SEAT_COLOURS
        .iter()
        .find(|c| c.id == id)
        .map(|c| c.id)
        .ok_or_else(|| {
            let ids: Vec<&str> = SEAT_COLOURS.iter().map(|c| c.id).collect();
            format!("no seat colour {id:?} (the colours: {})", ids.join(", "))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_rule_set_has_a_plain_name_and_line() {
        for r in RuleSet::all() {
            let e = ENTRIES.iter().find(|e| e.id == r.id);
            let e = e.unwrap_or_else(|| panic!("{} has no guide entry", r.id));
            assert!(!e.name.is_empty() && !e.summary.is_empty(), "{}", r.id);
            // No version and no lab word in what the menu shows.
            for text in [e.name, e.summary] {
                assert!(
                    !text.contains("candidate") && !text.contains("1."),
                    "{text}"
                );
            }
        }
        for e in ENTRIES {
            assert!(
                RuleSet::all().iter().any(|r| r.id == e.id),
                "{} is no rule set",
                e.id
            );
        }
    }

    #[test]
    fn each_table_size_has_one_recommendation_that_seats_it() {
        let all = RuleSet::all();
        for n in 1..=wordclub_engine::MAX_PLAYERS {
            let chosen: Vec<&RuleSet> = all
                .iter()
                .filter(|r| RulesGuide::of(r).recommended_for.contains(&n))
                .collect();
            assert_eq!(chosen.len(), 1, "table of {n}: {chosen:?}");
            let r = chosen[0];
            assert!(r.players.min <= n && n <= r.players.max, "{} at {n}", r.id);
        }
    }

    #[test]
    fn start_points_are_explained_wherever_a_table_gives_them() {
        for r in RuleSet::all() {
            for n in r.table_sizes() {
                let flat = r.at_table(n).unwrap();
                let gives = (0..n).any(|s| flat.start_points_of(s) != 0);
                if gives {
                    assert!(
                        RulesGuide::of(&flat).start_points.is_some(),
                        "{} at {n}",
                        r.id
                    );
                }
            }
        }
        let four = RuleSet::builtin("wordclub-1.3")
            .unwrap()
            .at_table(4)
            .unwrap();
        assert!(RulesGuide::of(&four)
            .table_note
            .unwrap()
            .contains("five tiles"));
    }

    #[test]
    fn a_recorded_colour_is_kept_and_an_unknown_one_falls_back_to_the_seat() {
        assert_eq!(seat_colour(Some("red"), 0).id, "red");
        assert_eq!(seat_colour(None, 1).id, SEAT_COLOURS[1].id);
        assert_eq!(seat_colour(Some("mauve"), 2).id, SEAT_COLOURS[2].id);
        let marks: std::collections::HashSet<&str> = SEAT_COLOURS.iter().map(|c| c.mark).collect();
        assert_eq!(marks.len(), SEAT_COLOURS.len(), "a mark per colour");
    }
}

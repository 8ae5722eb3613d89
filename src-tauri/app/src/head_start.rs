//! The new-match form's suggested head start (`head_start_suggestion`): for a table that
//! mixes computer levels, the rules lab's measure of the head start that evens the weakest
//! level against the strongest at this rule set and table size (`wordclub_lab::head_start`),
//! read from the evidence shipped in `src-tauri/lab/data/head_start/` (embedded by
//! `build.rs`). The form shows the sentence and lets the players take it or change it; the
//! UI works out nothing.
use serde::{Deserialize, Serialize};
use wordclub_engine::{RuleSet, MAX_HEAD_START};
use wordclub_lab::head_start::{self, HeadStartEvidence};
use wordclub_movegen::Level;

use crate::AppError;

mod files {
    include!(concat!(env!("OUT_DIR"), "/head_start_files.rs"));
}

/// The shipped head-start evidence files: (file name, text), in name order.
pub fn shipped_files() -> &'static [(&'static str, &'static str)] {
    files::FILES
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct HeadStartSuggestionArgs {
    pub rules: String,
    /// Each seat of the table as the form has it: a computer level, or null for a person.
    pub seats: Vec<Option<String>>,
}

/// The suggestion, when there is one: `null` for a table that does not mix computer levels,
/// or that the lab has not measured (or where the weaker level does not trail).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct HeadStartSuggestionAnswer {
    pub suggestion: Option<HeadStartSuggestion>,
}

/// The lab's head start for the weakest level at the table against the strongest.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct HeadStartSuggestion {
    pub weaker: String,
    pub stronger: String,
    /// The seats (of the table as asked) of the weaker level: those the button gives it to.
    pub seats: Vec<usize>,
    /// What the form fills in: the measured figure, at most `app_info.limits.max_head_start`.
    pub points: u32,
    /// The lab's figure as measured (the median deficit), never clipped.
    pub measured: i64,
    /// Its 95% interval, the matches per table and their seed (`lab head-start --seed`).
    pub low: i64,
    pub high: i64,
    pub games: u64,
    pub lab_seed: u64,
    /// "Suggested head start for Easy against Hard: +62 (the rules lab's median, 95% 55 to
    /// 70 over 400 matches)."
    pub text: String,
    /// The button's words: "Give Easy +62".
    pub button: String,
}

fn title(level: Level) -> String {
    let name = level.name();
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The evidence of rule set `id`, checked against the rule set as shipped; `None` when none
/// is shipped.
pub fn evidence_of(rules: &RuleSet) -> Result<Option<HeadStartEvidence>, AppError> {
    let name = format!("{}.json", rules.id);
    let Some((file, text)) = shipped_files().iter().find(|(f, _)| *f == name) else {
        return Ok(None);
    };
    let e = head_start::parse(file, text)?;
    head_start::check_against(file, &e, rules)?;
    Ok(Some(e))
}

pub fn head_start_suggestion(
    args: HeadStartSuggestionArgs,
) -> Result<HeadStartSuggestionAnswer, AppError> {
    let rules = RuleSet::builtin(&args.rules)?;
    let bad = |reason: String| AppError::bad_argument("head_start_suggestion", reason);
    if args.seats.is_empty() || args.seats.len() > usize::from(wordclub_engine::MAX_PLAYERS) {
        return Err(bad(format!("1 to {} seats", wordclub_engine::MAX_PLAYERS)));
    }
    let mut levels: Vec<Option<Level>> = Vec::with_capacity(args.seats.len());
    for seat in &args.seats {
        levels.push(match seat.as_deref() {
            None => None,
            Some(name) => Some(
                Level::SEATS
                    .iter()
                    .copied()
                    .find(|l| l.name() == name)
                    .ok_or_else(|| bad(format!("no computer level {name:?}")))?,
            ),
        });
    }
    let rank = |l: Level| Level::SEATS.iter().position(|&s| s == l);
    let present: Vec<Level> = levels.iter().flatten().copied().collect();
    let weaker = present.iter().copied().min_by_key(|&l| rank(l));
    let stronger = present.iter().copied().max_by_key(|&l| rank(l));
    let (Some(weaker), Some(stronger)) = (weaker, stronger) else {
        return Ok(HeadStartSuggestionAnswer { suggestion: None });
    };
    if weaker == stronger {
        return Ok(HeadStartSuggestionAnswer { suggestion: None });
    }
    let Some(evidence) = evidence_of(&rules)? else {
        return Ok(HeadStartSuggestionAnswer { suggestion: None });
    };
    let Some(cell) = evidence.cell(args.seats.len(), weaker, stronger) else {
        return Ok(HeadStartSuggestionAnswer { suggestion: None });
    };
    let f = cell.figure;
    if f.head_start <= 0 {
        return Ok(HeadStartSuggestionAnswer { suggestion: None });
    }
    let points = u32::try_from(f.head_start)
        .unwrap_or(u32::MAX)
        .min(MAX_HEAD_START);
    let (w, s) = (title(weaker), title(stronger));
    let over = if f.over_max {
        format!(
            "; the lab measured +{}, more than the {MAX_HEAD_START} a seat may start with",
            f.head_start
        )
    } else {
        String::new()
    };
    let text = format!(
        "Suggested head start for {w} against {s}: +{points} (the rules lab's median, 95% {} to \
         {} over {} matches{over}).",
        f.low, f.high, f.games
    );
    Ok(HeadStartSuggestionAnswer {
        suggestion: Some(HeadStartSuggestion {
            seats: levels
                .iter()
                .enumerate()
                .filter(|(_, l)| **l == Some(weaker))
                .map(|(i, _)| i)
                .collect(),
            button: format!("Give {w} +{points}"),
            weaker: weaker.name().to_string(),
            stronger: stronger.name().to_string(),
            points,
            measured: f.head_start,
            low: f.low,
            high: f.high,
            games: f.games,
            lab_seed: evidence.seed,
            text,
        }),
    })
}

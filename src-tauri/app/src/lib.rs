//! Word Club's command layer: one app state and one plain function per command, with serde
//! types in and out. The Tauri shell wraps each command in a one-line `#[tauri::command]`;
//! `wordclub-cli serve` exposes the same [`App::call`] as JSON over loopback HTTP. No Tauri
//! types here, so the CLI never links a GUI library.
//!
//! Secrecy rule: a response holds a rack only when the engine's table
//! ([`wordclub_engine::Table`]) shows it: the rack of the player to move once that player
//! has chosen "Show my rack" (`reveal_rack`) during this turn, or at a table with one person
//! (people who resigned still sit there and count). Nothing else that would tell a rack
//! (seeds, draws, what a hint showed, GCG racks) leaves an unfinished match, except a GCG
//! export the caller asked for with `reveal_racks: true` after telling the players it shows
//! their racks.
//!
//! Durability: every accepted action is committed to the match history before the command
//! answers. A history that cannot be opened is left where it is and every command that needs
//! it says why; one deleted or replaced while open stops the app from saving (and from
//! answering that it saved) until it is started again.
//!
//! Fixed deals (`seed`, `deal` in `new_match`) are for tests: refused unless the caller that
//! built the app allowed them ([`App::allow_fixed_deals`]; `wordclub-cli serve --seed`), and a
//! match dealt that way is marked in its history.
//!
//! # Its parts
//!
//! The modules are private; everything public is in the `pub use` list below, in the order
//! a match lives it. `app` holds the state and its locks (one per open match, one for the
//! history: see its comment for their order); the commands are grouped by concern, each an
//! `impl App` block: `info` (what the app ships, the word checker), `settings`, `play` (a
//! match being played), `past` (the history, its analysis and game records). `commands.rs`
//! is the one list of commands, which the dispatcher below is generated from.
//!
//! Two modules stay public for the CLI, which serves the same history without an `App`:
//! [`analysis`] (`wordclub-cli analyze` and `history export`) and [`csp`] (the page policy
//! of `wordclub-cli serve`, the window's but for its origin); and one for the window's shell:
//! [`window_file`] (the window's size and place as a file, kept like the settings).

// The files kept beside the player's (settings, a saved record) compile for the browser too,
// where std's `File` is a stub without `Drop` that nothing reaches (the web worker keeps its
// settings and records otherwise): the closes they spell out with `drop` stay for the desktop.
#![cfg_attr(target_arch = "wasm32", allow(clippy::drop_non_drop))]

pub mod analysis;
mod app;
mod commands;
#[cfg(feature = "contract")]
mod contract;
pub mod csp;
mod define;
mod error;
mod events;
mod evidence;
mod family;
mod files;
mod guide;
mod history;
#[cfg(not(target_arch = "wasm32"))]
mod host;
mod info;
mod matches;
mod objects;
mod past;
mod play;
mod resume;
mod scheduler;
mod settings;
mod teaching;
mod view;
pub mod window_file;

// The app and its command table: every command through [`App::call`], by name.
pub use app::App;
// What the app is and ships (`app_info`, `rule_sets`, `word_lists`, `check_word`).
pub use info::{AppInfo, CheckWordAnswer, CheckWordArgs, Limits, RulesAtTableArgs};
// What words mean (`define`: offline definitions, the licence notice in `settings`).
pub use define::{DefineAnswer, DefineArgs, DEFINITION_SOURCE, MAX_DEFINE_WORDS};
pub use guide::{RulesGuide, SeatColour, SEAT_COLOURS};
pub use teaching::{Example, ExampleStep, RulesExamples, RulesExamplesArgs};
pub use view::{RulesInfo, TableInfo};
// The rules lab's shipped evidence for a rule set, with its charts (`rules_evidence`).
pub use evidence::{
    ChartView, EvidenceTableView, PlayerShare, RulesEvidence, RulesEvidenceArgs, SeatShare,
};
// The player's settings and where they are kept.
pub use settings::{
    FileSettings, MemorySettings, OnScreen, Settings, SettingsBackend, SettingsNotice,
    SettingsPatch, Theme,
};
// The files kept beside the player's own: written atomically under a fresh temporary name,
// read back only when regular and small, copied aside when damaged.
pub use files::{keep_damaged_copy, read_kept, write_atomically, MAX_KEPT_BYTES};
// A match: started, shown to whoever holds the device, played turn by turn, hinted.
pub use family::{ConfirmMatchArgs, MatchClosed, TakeBackArgs};
pub use matches::{
    DealArgs, ExchangeArgs, FirstPlayer, HintAnswer, MatchIdArgs, MatchViewArgs, NewMatchArgs,
    PreviewAnswer, ResignArgs, SeatArgs, TileArg, TilesArgs,
};
pub use view::MatchView;
// Its history: listed, turn by turn, statistics, its analysis, its game record.
pub use analysis::{AnalysisMove, AnalysisMoveArgs};
pub use history::{
    word_best_turns, ExportGcgArgs, GcgExport, MatchDetail, MatchList, MatchListArgs, PlayerStats,
    StatsArgs,
};
pub use past::{AcknowledgeArgs, AnalysisProgressArgs, HistoryNotice, SavedGcg};
// Coming back after a reload or restart: the match on each client's screen, the kept draft.
pub use resume::{ClientArgs, DraftKept, ScreenAnswer, ScreenArgs};

/// Where the move generator keeps the word graphs it builds at run time (lists not prebuilt:
/// older versions, custom lists), so the next start reads them back: the data folder's
/// `graphs/`.
pub fn set_graph_cache_dir(dir: std::path::PathBuf) {
    wordclub_movegen::set_graph_cache_dir(Some(dir));
}
// Every refusal, with its stable kind.
pub use error::{AppError, ErrorBody};
// What the app tells its viewers unasked (a computer's move, the analysis getting on).
pub use events::{AppEvent, Events, Failed, Progress};
pub use scheduler::{Step, Unit, COMPUTER_PACE};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use wordclub_engine::RuleSet;
use wordclub_lexicon::ListInfo;
use wordclub_movegen::analysis::Analysis;

/// The dispatcher and `COMMANDS`, generated from the command table (`commands.rs`): each row
/// calls the `App` method of its name, and the `let` names the table's answer type, so a
/// row whose answer differs from the method's does not compile.
macro_rules! dispatch {
    ($($name:ident($($args:ty)?) -> $answer:ty;)*) => {
        /// Every command name [`App::call`] answers, in the command table's order.
        pub const COMMANDS: &[&str] = &[$(stringify!($name)),*];

        impl App {
            fn dispatch(&self, command: &str, args: Value) -> Result<Value, AppError> {
                match command {
                    $(stringify!($name) => {
                        let answer: Result<$answer, AppError> =
                            self.$name($(parse::<$args>(command, args)?)?);
                        to_json(answer?)
                    })*
                    _ => Err(AppError::UnknownCommand {
                        name: command.to_string(),
                    }),
                }
            }
        }
    };
}

command_table!(dispatch);
#[cfg(feature = "contract")]
use contract::contract_table;
#[cfg(feature = "contract")]
command_table!(contract_table);

fn is_known_rules(id: &str) -> bool {
    RuleSet::builtin(id).is_ok()
}

fn parse<T: DeserializeOwned>(command: &str, args: Value) -> Result<T, AppError> {
    serde_json::from_value(args).map_err(|e| AppError::bad_argument(command, e.to_string()))
}

fn to_json<T: Serialize>(value: T) -> Result<Value, AppError> {
    serde_json::to_value(value)
        .map_err(|e| AppError::internal(&format!("cannot encode the answer: {e}")))
}

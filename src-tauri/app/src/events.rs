//! What the app tells its viewers without being asked: a computer seat thinking, its move
//! made (or not), the background analysis getting on. The window's shell forwards each event
//! to the webview (`emit`), `wordclub-cli serve` streams them to every browser
//! (`GET /api/events`, server-sent events), and the UI (`onEvent` in `ui/js/api.js`) redraws
//! from them instead of running timers and polling.
//!
//! Events go to every viewer at once (every window, every `serve` client), so none carries
//! anything a viewer may not see: no rack, no hint, no draw — only which match changed and
//! who moved; a viewer asks for its own view (`match_view`), which the engine's table builds
//! for whoever holds the device.
use serde::Serialize;
use tokio::sync::broadcast;
use wordclub_engine::Seat;

/// One pushed event. Tagged by `event` (`computer_thinking`, …) for the UI.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum AppEvent {
    /// The computer in `seat` started searching its move in match `match_id`.
    ComputerThinking { match_id: i64, seat: Seat },
    /// The computer in `seat` made its move and it is kept in the history; `turn` is the
    /// number of turns played after it (the view's `turn`). Whoever shows the match asks
    /// for its view.
    ComputerMoved {
        match_id: i64,
        seat: Seat,
        turn: u32,
    },
    /// The computer in `seat` could not move: its refusal's kind, and a sentence of the
    /// app's that names the computer (not the refusal's, which may quote a rack); the next
    /// command that opens the match asks it again.
    ComputerFailed {
        match_id: i64,
        seat: Seat,
        kind: String,
        message: String,
    },
    /// The background re-analysis of the history moved on (a match analysed, or the run
    /// ended: `running` false).
    AnalysisProgress { progress: Progress },
    /// The computers' word graph of a list being built in the background (a list of one's
    /// own, a list with our words): `percent` done, then `ready` once it is built and kept.
    ListGraph {
        list: String,
        name: String,
        percent: u8,
        ready: bool,
    },
}

/// A match the background analysis could not analyse, and why.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Failed {
    pub match_id: i64,
    pub kind: String,
    pub message: String,
}

/// How the background re-analysis of the history is getting on (the `analysis_progress`
/// command's answer, and what [`AppEvent::AnalysisProgress`] carries). Here, beside the event,
/// so that the analysis depends on the events and not the other way round.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Progress {
    pub analyser_version: u32,
    /// False for a history kept in memory: its matches are analysed when asked for.
    pub background: bool,
    pub running: bool,
    /// Matches analysed so far in this run, of `total` that needed it at its start.
    pub done: u64,
    pub total: u64,
    /// Finished matches still without an analysis of this version.
    pub missing: u64,
    pub failed: Vec<Failed>,
}

/// How many events a slow subscriber may fall behind by before it misses the oldest: a
/// match makes at most a few a second (thinking, moved), the analysis one per match.
const BACKLOG: usize = 256;

/// The app's event channel: every subscriber gets every event sent after it subscribed.
pub(crate) struct Bus {
    sender: broadcast::Sender<AppEvent>,
}

impl Default for Bus {
    fn default() -> Bus {
        Bus {
            sender: broadcast::channel(BACKLOG).0,
        }
    }
}

impl Bus {
    /// Sends `event` to every subscriber (none: it goes nowhere).
    pub fn send(&self, event: AppEvent) {
        let _ = self.sender.send(event);
    }

    pub fn subscribe(&self) -> Events {
        Events(self.sender.subscribe())
    }
}

/// A subscription ([`crate::App::subscribe`]): the events sent since, in order.
pub struct Events(broadcast::Receiver<AppEvent>);

impl Events {
    /// The next event, waiting for it (async: `serve`'s event stream). `None` once the app
    /// is gone. A subscriber that fell more than the backlog behind skips what it missed:
    /// every event only says what to ask for again, so the next one is as good.
    pub async fn next(&mut self) -> Option<AppEvent> {
        loop {
            if let Some(got) = received(self.0.recv().await) {
                return got;
            }
        }
    }

    /// [`Events::next`] on a plain thread (the window's forwarder).
    pub fn next_blocking(&mut self) -> Option<AppEvent> {
        loop {
            if let Some(got) = received(self.0.blocking_recv()) {
                return got;
            }
        }
    }

    /// The next event already sent, without waiting.
    pub fn try_next(&mut self) -> Option<AppEvent> {
        loop {
            match self.0.try_recv() {
                Ok(event) => return Some(event),
                Err(broadcast::error::TryRecvError::Lagged(_)) => continue,
                Err(_) => return None,
            }
        }
    }
}

/// What a wait for an event gives: the event, `None` when the app is gone, or nothing (wait
/// again) when events were missed.
fn received(r: Result<AppEvent, broadcast::error::RecvError>) -> Option<Option<AppEvent>> {
    match r {
        Ok(event) => Some(Some(event)),
        Err(broadcast::error::RecvError::Lagged(_)) => None,
        Err(broadcast::error::RecvError::Closed) => Some(None),
    }
}

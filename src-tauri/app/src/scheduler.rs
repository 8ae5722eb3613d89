//! The work the app does on its own — a computer seat's move, a graph warmed up before its
//! first search, one step of the history's background analysis — as units a host runs.
//!
//! **The scheduler never spawns a thread, sleeps or reads a clock.** A host asks
//! [`App::run_next`] with its own `now` (any monotonic clock: an `Instant`'s elapsed time, a
//! browser's `performance.now()`), which runs the next unit due then on the caller's thread and
//! says when to ask again; [`App::set_waker`] tells the host when new work arrives, so it need
//! not poll. The window and `wordclub-cli serve` drive it on threads of their own
//! ([`App::drive_on_threads`]); a host without threads (a browser worker) calls `run_next` from
//! its event loop. Without a host nothing runs by itself (the CLI, most tests): commands such as
//! `computer_turn` still answer at once.
//!
//! # When a computer moves
//!
//! A match's computer move is due when the match's [`wordclub_engine::Table`] says a computer is
//! to move, as seen under the match's lock at the end of every command that opened it
//! ([`Scheduler::computer_to_move`]), and [`COMPUTER_PACE`] after the host first sees it. Each
//! decision is made under the lock from the table as it is then, so no command can slip between
//! a decision and its record (the old driver thread decided from a view it got back, after the
//! lock was gone, and a fast person's move in that window left a computer to move unplayed).
//! A match is handed to one host thread at a time. A unit that fails or panics is not tried again
//! until a command opens the match again (its viewers are told with
//! [`crate::AppEvent::ComputerFailed`]); a match abandoned or deleted is forgotten at once.
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use wordclub_lexicon::WordList;

/// The pause before each computer move, for every host: the move just made is seen being made
/// before the next one lands (the pause the UI once waited itself before asking for a move).
pub const COMPUTER_PACE: Duration = Duration::from_millis(450);

/// One unit of the app's own work, as [`App::run_next`](crate::App::run_next) ran it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    /// A computer seat's move in this match (or finding that none was due any more).
    ComputerMove { match_id: i64 },
    /// The move generator's graph of this list (its id), loaded before its first search.
    WarmUp { list: String },
    /// One finished match of the background analysis.
    Analysis { match_id: i64 },
}

/// What [`App::run_next`](crate::App::run_next) did, and when to ask again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// It ran this unit: ask again at once.
    Ran(Unit),
    /// Nothing is due before `until` (the host's clock): ask again then, or when woken.
    Wait { until: Duration },
    /// Nothing to do: ask again when woken ([`App::set_waker`](crate::App::set_waker)).
    Idle,
}

/// Tells a host that work arrived ([`crate::App::set_waker`]). Called with no lock held.
pub(crate) type Waker = Arc<dyn Fn() + Send + Sync>;

/// The queue of the app's own work. A leaf lock in the app's order: nothing is taken while it
/// is held but the analysis's progress ([`crate::analysis::Background`]).
pub(crate) struct Scheduler {
    pace: Duration,
    /// Matches with a computer to move and when its move is due on the host's clock (`None`:
    /// seen since the host last asked; due a pace after it next does).
    computers: BTreeMap<i64, Option<Duration>>,
    /// Lists whose graphs are to be loaded, oldest first (no list twice).
    warm_ups: VecDeque<&'static WordList>,
    /// Matches whose computer move a host is running now: never handed out twice.
    running: HashSet<i64>,
    /// A host is running a warm-up or an analysis step: one at a time, so that a second host
    /// thread stays free for the computers.
    running_background: bool,
    waker: Option<Waker>,
}

/// What is to run next, taken under the scheduler's lock.
pub(crate) enum Next {
    Computer(i64),
    WarmUp(&'static WordList),
    /// The analysis may have a step (asked of its own queue).
    Analysis,
    Wait(Duration),
    Idle,
}

impl Default for Scheduler {
    fn default() -> Scheduler {
        Scheduler {
            pace: COMPUTER_PACE,
            computers: BTreeMap::new(),
            warm_ups: VecDeque::new(),
            running: HashSet::new(),
            running_background: false,
            waker: None,
        }
    }
}

impl Scheduler {
    pub fn set_pace(&mut self, pace: Duration) {
        self.pace = pace;
    }

    pub fn set_waker(&mut self, waker: Option<Waker>) {
        self.waker = waker;
    }

    /// Match `id` has a computer to move (its table said so under its lock). Answers the host
    /// to wake when this is news.
    #[must_use]
    pub fn computer_to_move(&mut self, id: i64) -> Option<Waker> {
        if self.computers.contains_key(&id) {
            return None;
        }
        self.computers.insert(id, None);
        self.waker.clone()
    }

    /// Match `id` is closed for good (abandoned, deleted): its computer's work ends now.
    pub fn forget(&mut self, id: i64) {
        self.computers.remove(&id);
    }

    /// `list`'s graph is wanted soon (a match that can search was opened).
    #[must_use]
    pub fn warm_up(&mut self, list: &'static WordList) -> Option<Waker> {
        if self.warm_ups.iter().any(|l| std::ptr::eq(*l, list)) {
            return None;
        }
        self.warm_ups.push_back(list);
        self.waker.clone()
    }

    /// The background analysis has work: wake the host.
    pub fn analysis_started(&self) -> Option<Waker> {
        self.waker.clone()
    }

    /// The next unit due at `now`, marked running: a computer's move first (people wait for
    /// it), then a warm-up, then the analysis.
    pub fn next(&mut self, now: Duration) -> Next {
        let pace = self.pace;
        for due in self.computers.values_mut() {
            due.get_or_insert(now + pace);
        }
        let ready = self
            .computers
            .iter()
            .filter(|(id, _)| !self.running.contains(id))
            .filter_map(|(id, due)| due.map(|d| (d, *id)))
            .min();
        if let Some((due, id)) = ready {
            if due <= now {
                self.computers.remove(&id);
                self.running.insert(id);
                return Next::Computer(id);
            }
        }
        if !self.running_background {
            if let Some(list) = self.warm_ups.pop_front() {
                self.running_background = true;
                return Next::WarmUp(list);
            }
            self.running_background = true;
            return Next::Analysis;
        }
        match ready {
            Some((due, _)) => Next::Wait(due),
            None => Next::Idle,
        }
    }

    /// What [`Scheduler::next`] would answer were the background not free (the analysis had
    /// nothing to do).
    pub fn after_background(&mut self, now: Duration) -> Next {
        self.running_background = false;
        self.computers
            .iter()
            .filter(|(id, _)| !self.running.contains(id))
            .filter_map(|(_, due)| *due)
            .min()
            .map_or(Next::Idle, |due| {
                if due <= now {
                    // Due meanwhile: the host asks again at once.
                    Next::Wait(now)
                } else {
                    Next::Wait(due)
                }
            })
    }

    /// Match `id`'s computer unit is over; `due`: its table says a computer is to move
    /// (read under the match's lock, which the caller still holds, so no command's decision
    /// can come between). A unit that failed passes `false`: it is not tried again until a
    /// command opens the match again. Answers the host to wake when a move is due.
    #[must_use]
    pub fn computer_done(&mut self, id: i64, due: bool) -> Option<Waker> {
        self.running.remove(&id);
        if due {
            self.computers.entry(id).or_insert(None);
            self.waker.clone()
        } else {
            self.computers.remove(&id);
            None
        }
    }

    pub fn background_done(&mut self) {
        self.running_background = false;
    }

    /// Whether work is queued or running (tests: a host that finds nothing to do is idle).
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.computers.is_empty() && self.warm_ups.is_empty() && self.running.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_computer_is_due_a_pace_after_the_host_first_sees_it_and_handed_out_once() {
        let mut s = Scheduler::default();
        s.set_pace(ms(100));
        let _ = s.computer_to_move(7);
        // The background goes first while nothing is due; it had nothing to do.
        assert!(matches!(s.next(ms(1000)), Next::Analysis));
        assert!(matches!(s.after_background(ms(1000)), Next::Wait(d) if d == ms(1100)));
        assert!(matches!(s.next(ms(1050)), Next::Analysis));
        s.background_done();
        assert!(matches!(s.next(ms(1100)), Next::Computer(7)));
        // Running: a command that sees the computer still to move queues it again, but it is
        // not handed out until the unit is over.
        let _ = s.computer_to_move(7);
        assert!(matches!(s.next(ms(5000)), Next::Analysis));
        assert!(matches!(s.after_background(ms(5000)), Next::Idle));
        let _ = s.computer_done(7, true);
        assert!(matches!(s.next(ms(5000)), Next::Analysis));
        s.background_done();
        assert!(matches!(s.next(ms(5100)), Next::Computer(7)));
        // Done, and no computer to move: whatever was queued meanwhile goes.
        let _ = s.computer_to_move(7);
        let _ = s.computer_done(7, false);
        assert!(s.is_empty());
    }

    #[test]
    fn a_forgotten_match_is_never_handed_out() {
        let mut s = Scheduler::default();
        s.set_pace(Duration::ZERO);
        let _ = s.computer_to_move(3);
        s.forget(3);
        assert!(matches!(s.next(ms(10)), Next::Analysis));
        assert!(matches!(s.after_background(ms(10)), Next::Idle));
        assert!(s.is_empty());
    }
}

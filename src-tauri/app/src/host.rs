//! A host for the app's own work on native threads: what the window and `wordclub-cli serve`
//! run. It owns the clock and the sleeping the scheduler never does (`scheduler.rs`); a
//! browser worker is the other kind of host, calling [`App::run_next`] from its event loop.
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::{App, Step};

/// Threads the host runs units on: one for the computers while the other is in a long unit
/// (a Hard search, a match's analysis, a graph built), as the window ran them before (a
/// thread per match and one for the analysis), without a thread per open match.
const WORKERS: usize = 2;

/// How long an idle worker waits before looking whether the app is gone: the waker ends a
/// wait as soon as work arrives, so this only bounds how long a dropped app's threads linger.
const IDLE_CHECK: Duration = Duration::from_secs(5);

/// Woken each time work arrives: a count the workers wait on.
#[derive(Default)]
struct Signal {
    arrivals: Mutex<u64>,
    changed: Condvar,
}

impl Signal {
    fn arrivals(&self) -> u64 {
        *self.arrivals.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn wake(&self) {
        *self.arrivals.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.changed.notify_all();
    }

    /// Waits until work arrives after `seen` arrivals, or `timeout`.
    fn wait(&self, seen: u64, timeout: Duration) {
        let guard = self.arrivals.lock().unwrap_or_else(|p| p.into_inner());
        let _ = self
            .changed
            .wait_timeout_while(guard, timeout, |n| *n == seen);
    }
}

impl App {
    /// Runs the app's own work ([`App::run_next`]: computer moves at the app's pace, graph
    /// warm-ups, the background analysis) on threads of its own, for as long as the app
    /// lives: the window and `wordclub-cli serve`. Without it (the CLI, tests) nothing is
    /// played by itself and `computer_turn` is a command like the others.
    pub fn drive_on_threads(self: &Arc<App>) {
        let signal = Arc::new(Signal::default());
        let woken = Arc::clone(&signal);
        self.set_waker(move || woken.wake());
        let start = Instant::now();
        for n in 0..WORKERS {
            let app = Arc::downgrade(self);
            let signal = Arc::clone(&signal);
            let _ = std::thread::Builder::new()
                .name(format!("wordclub-work-{n}"))
                .spawn(move || loop {
                    let seen = signal.arrivals();
                    // The app is held only while a unit runs, so dropping it ends the host.
                    let step = match app.upgrade() {
                        Some(app) => app.run_next(start.elapsed()),
                        None => return,
                    };
                    match step {
                        Step::Ran(_) => {}
                        Step::Wait { until } => {
                            signal.wait(seen, until.saturating_sub(start.elapsed()));
                        }
                        Step::Idle => signal.wait(seen, IDLE_CHECK),
                    }
                });
        }
        // Work queued before the host started (a match opened at start-up) is looked at now.
        signal.wake();
    }
}

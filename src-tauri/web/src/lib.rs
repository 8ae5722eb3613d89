//! Word Club's command layer in a browser: `wordclub_app::App` compiled to WebAssembly and
//! run in a dedicated Web Worker (`ui/js/worker.js`), the web app's door beside Tauri IPC and
//! `wordclub-cli serve`'s HTTP. Every command goes through the same `App::call`, so none is
//! implemented twice; this crate only hands the app its data, its history and its clock.
//!
//! The worker's calls, in order (README.md in this folder has the build and the JS API):
//! 1. `data_files` names every data file (word lists, lookup table, graphs, definitions)
//!    with its SHA-256; the worker fetches each and hands it over with `provide_data`, which
//!    refuses a file whose bytes are not the ones this build was made with.
//! 2. `provide_graph` hands back each word graph the worker kept from an earlier start (a graph
//!    built at run time: Medium's, a list of one's own's, one with our words), so it is read,
//!    not built again; `init` checks that every file is there, installs the browser's storage
//!    (OPFS, else IndexedDB: `wordclub_store::web`) and opens the history in it, with the
//!    settings (schema version 8: `App::with_settings_in_history`).
//! 3. `call` runs one command and resolves with its answer once the history holds what the
//!    command committed; `tick` runs the app's own work (a computer's move, a graph warmed
//!    up, one match of the background analysis) from the worker's event loop with the
//!    worker's clock, and says when to tick again; `take_events` gives the events the app
//!    sent since (a computer moved, the analysis got on), which the worker posts to the page;
//!    `take_graphs` the graphs built since, which the worker keeps in IndexedDB.
//!
//! The browser has no threads, no clock the app may read and no files: the app's scheduler
//! never spawns, sleeps or reads a clock (`wordclub_app::App::run_next`), the worker's loop
//! drives it, and the native host (`App::drive_on_threads`) is not compiled here. The shipped
//! build never allows fixed deals (`App::allow_fixed_deals` is never called).
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use std::time::Duration;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use wasm_bindgen::prelude::*;
use wordclub_app::{App, AppError, AppEvent, ErrorBody, Events, Step, Unit};
use wordclub_store::Store;

include!(concat!(env!("OUT_DIR"), "/data_files.rs"));

/// The app and what the worker reads from it.
struct Worker {
    app: Rc<App>,
    events: RefCell<Events>,
}

thread_local! {
    static WORKER: RefCell<Option<Rc<Worker>>> = const { RefCell::new(None) };
}

/// Set by the app's waker when work arrives (a computer to move, the analysis started):
/// [`tick`] answers `woken` so the worker ticks again at once.
static WOKEN: AtomicBool = AtomicBool::new(false);

fn worker() -> Result<Rc<Worker>, JsValue> {
    WORKER
        .with(|w| w.borrow().clone())
        .ok_or_else(|| error("not_ready", "the app is not started yet (init first)"))
}

/// A refusal as the page's `ApiError` reads it: the same JSON as over IPC and HTTP.
fn error(kind: &str, message: &str) -> JsValue {
    body(&ErrorBody {
        kind: kind.to_string(),
        message: message.to_string(),
        details: None,
    })
}

fn body(e: &ErrorBody) -> JsValue {
    JsValue::from_str(&serde_json::to_string(e).unwrap_or_else(|_| {
        r#"{"kind":"internal","message":"cannot encode an error"}"#.to_string()
    }))
}

/// Every data file the app needs, as JSON: `[{name, file, sha256, bytes}]` (`file` is the
/// content-hashed name under which `build.sh` put it beside the module; the same list as its
/// `data-manifest.json`).
#[wasm_bindgen]
pub fn data_files() -> String {
    let files: Vec<Value> = DATA_FILES
        .iter()
        .map(|(name, file, sha256, bytes)| {
            json!({ "name": name, "file": file, "sha256": sha256, "bytes": bytes })
        })
        .collect();
    Value::Array(files).to_string()
}

/// Hands over the data file `name` (`lexicon/wordclub-4.fst`). Refused (`data_file`) when
/// this build does not know the name or the bytes are not the ones it was built with (a
/// cache holding another version's file): nothing is kept then.
#[wasm_bindgen]
pub fn provide_data(name: &str, bytes: Vec<u8>) -> Result<(), JsValue> {
    let Some((_, _, sha256, _)) = DATA_FILES.iter().find(|(n, ..)| *n == name) else {
        return Err(error(
            "data_file",
            &format!("{name} is not a data file of this build of Word Club"),
        ));
    };
    let got: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if got != *sha256 {
        return Err(error(
            "data_file",
            &format!("the data file {name} is not the one this version of Word Club was built with: reload the page"),
        ));
    }
    wordclub_lexicon::data::provide(name, bytes);
    Ok(())
}

/// Hands back a word graph the worker kept from an earlier start under `name` (what
/// [`take_graphs`] gave), before [`init`]: a load that needs it reads it instead of building
/// it (`wordclub_movegen::offer_kept_graph`, which checks its bytes against the graph's key
/// then). `false` when no build of this graph layout reads it: the worker may delete it.
#[wasm_bindgen]
pub fn provide_graph(name: &str, bytes: Vec<u8>) -> bool {
    wordclub_movegen::offer_kept_graph(name, bytes)
}

/// The graphs built since the last call, for the worker to keep (in IndexedDB, by name):
/// `[[name, bytes: Uint8Array], …]`.
#[wasm_bindgen]
pub fn take_graphs() -> js_sys::Array {
    let out = js_sys::Array::new();
    for (name, bytes) in wordclub_movegen::take_graphs_to_keep() {
        let pair = js_sys::Array::new();
        pair.push(&JsValue::from_str(&name));
        pair.push(&js_sys::Uint8Array::from(bytes.as_slice()));
        out.push(&pair);
    }
    out
}

/// How the graphs the worker keeps were used since this module started, as JSON:
/// `{"offered": n, "read": n, "built": n}` (handed back, read instead of built, built and
/// handed over to keep). The web tests read it to see a graph come from the browser's storage.
#[wasm_bindgen]
pub fn graph_counts() -> String {
    let c = wordclub_movegen::host_graph_counts();
    json!({ "offered": c.offered, "read": c.read, "built": c.built }).to_string()
}

/// Starts the app. `options_json`: `{"settings": <settings kept before, or null>}`: what an
/// earlier version of the web app kept in its IndexedDB database `wordclub-settings`, copied
/// into the history once, when the history holds no settings yet (schema version 8: the
/// settings live in the history now). The history is kept in the browser's storage (OPFS,
/// else IndexedDB); a browser with neither gets `no_browser_storage` and its sentence.
/// Resolves with `{"storage": "opfs"|"indexeddb", "settings_in_history": bool}`: with `true`
/// the history holds the settings (durably), so the worker may delete the earlier copy.
/// Called again, it answers as the first time and changes nothing.
#[wasm_bindgen]
pub async fn init(options_json: String) -> Result<String, JsValue> {
    if let Some(worker) = WORKER.with(|w| w.borrow().clone()) {
        return Ok(started(&worker.app, true));
    }
    let options: Value = serde_json::from_str(&options_json)
        .map_err(|e| error("bad_argument", &format!("init's options are not JSON: {e}")))?;
    if let Some((name, ..)) = DATA_FILES
        .iter()
        .find(|(name, ..)| wordclub_lexicon::data::file(name).is_none())
    {
        return Err(error(
            "data_file",
            &format!("the data file {name} was not loaded: reload the page"),
        ));
    }
    // Graphs built at run time are handed to the worker to keep (`take_graphs`).
    wordclub_movegen::keep_graphs_in_host();
    let history = open_history(&options).await?;
    let earlier = options.get("settings").cloned().filter(|v| !v.is_null());
    let app = Rc::new(App::with_settings_in_history(history, earlier));
    app.set_waker(|| WOKEN.store(true, Ordering::SeqCst));
    let events = RefCell::new(app.subscribe());
    let worker = Rc::new(Worker { app, events });
    // The copy of earlier settings must be durable before the worker may delete them: not
    // written (the next command's answer then says why), the earlier copy stays.
    let durable = flush(&worker).await.is_ok();
    WORKER.with(|w| *w.borrow_mut() = Some(Rc::clone(&worker)));
    WOKEN.store(true, Ordering::SeqCst);
    Ok(started(&worker.app, durable))
}

fn started(app: &App, durable: bool) -> String {
    json!({
        "storage": storage_name(),
        "settings_in_history": durable && app.history_holds_settings(),
    })
    .to_string()
}

#[cfg(not(feature = "node-test"))]
fn storage_name() -> &'static str {
    wordclub_store::web::backend().map_or("none", |b| b.name())
}

/// The history in the browser's storage: OPFS, else IndexedDB (`wordclub_store::web`).
#[cfg(not(feature = "node-test"))]
async fn open_history(
    _options: &Value,
) -> Result<Result<Store, wordclub_store::StoreError>, JsValue> {
    wordclub_store::web::install()
        .await
        .map_err(|e| body(&AppError::from(e).body()))?;
    Ok(Store::open_in_browser(wordclub_store::web::HISTORY))
}

#[cfg(feature = "node-test")]
fn storage_name() -> &'static str {
    "memory"
}

/// The Node test's history: in memory, since Node has neither OPFS nor IndexedDB. Only in the
/// `node-test` build, never in the shipped one.
#[cfg(feature = "node-test")]
async fn open_history(
    _options: &Value,
) -> Result<Result<Store, wordclub_store::StoreError>, JsValue> {
    Ok(Store::open_in_memory())
}

/// Makes what the app committed durable (IndexedDB: written before the answer is posted; on
/// OPFS every commit already is).
#[cfg(not(feature = "node-test"))]
async fn flush(_worker: &Worker) -> Result<(), JsValue> {
    wordclub_store::web::flush()
        .await
        .map_err(|e| body(&AppError::from(e).body()))
}

#[cfg(feature = "node-test")]
async fn flush(_worker: &Worker) -> Result<(), JsValue> {
    Ok(())
}

/// Runs one command (`args_json`: its arguments as JSON, `null` for none) through the same
/// dispatcher as the window's IPC and `serve`'s HTTP ([`App::call`]), and resolves with the
/// answer's JSON once what it committed is kept in the browser's storage; rejects with the
/// refusal's JSON (`{kind, message, details?}`).
#[wasm_bindgen]
pub async fn call(command: String, args_json: String) -> Result<String, JsValue> {
    let worker = worker()?;
    let args: Value = serde_json::from_str(&args_json).map_err(|e| {
        body(&AppError::bad_argument(&command, format!("the arguments are not JSON: {e}")).body())
    })?;
    let answer = worker.app.call(&command, args);
    flush(&worker).await?;
    match answer {
        Ok(value) => Ok(value.to_string()),
        Err(e) => Err(body(&e.body())),
    }
}

/// Runs the next unit of the app's own work due at `now_ms` (the worker's
/// `performance.now()`) and answers what to do next, as JSON:
/// `{"ran": {...} | null, "wait_ms": number | null, "woken": bool}`: after `ran`, tick again
/// at once (the worker yields to its messages first); with `wait_ms`, tick after that many
/// milliseconds or when a command woke the app; with neither, tick when `woken` or after the
/// next command. A Hard computer's search runs inside one tick: the page never waits for it,
/// the worker does.
#[wasm_bindgen]
pub async fn tick(now_ms: f64) -> Result<String, JsValue> {
    let worker = worker()?;
    WOKEN.store(false, Ordering::SeqCst);
    let now = Duration::from_secs_f64(now_ms.max(0.0) / 1000.0);
    let step = worker.app.run_next(now);
    let (ran, wait) = match step {
        Step::Ran(unit) => (Some(unit), None),
        Step::Wait { until } => (None, Some(until.saturating_sub(now))),
        Step::Idle => (None, None),
    };
    if ran.is_some() {
        flush(&worker).await?;
    }
    Ok(json!({
        "ran": ran.map(unit_json),
        "wait_ms": wait.map(|d| d.as_secs_f64() * 1000.0),
        "woken": WOKEN.load(Ordering::SeqCst),
    })
    .to_string())
}

fn unit_json(unit: Unit) -> Value {
    match unit {
        Unit::ComputerMove { match_id } => json!({ "unit": "computer_move", "match_id": match_id }),
        Unit::WarmUp { list } => json!({ "unit": "warm_up", "list": list }),
        Unit::Analysis { match_id } => json!({ "unit": "analysis", "match_id": match_id }),
    }
}

/// The events the app sent since the last call, oldest first, as a JSON array of
/// `AppEvent`s (the same JSON the window emits and `serve` streams).
#[wasm_bindgen]
pub fn take_events() -> Result<String, JsValue> {
    let worker = worker()?;
    let mut events: Vec<AppEvent> = Vec::new();
    let mut subscription = worker.events.borrow_mut();
    while let Some(event) = subscription.try_next() {
        events.push(event);
    }
    serde_json::to_string(&events).map_err(|e| error("internal", &e.to_string()))
}

/// The whole history as one file (the History screen's "Export history"): the bytes of an
/// SQLite file of the history's schema, the same format the window saves
/// (`wordclub_app::App::history_file`); the page offers them as a download. Resolves with
/// `[bytes: Uint8Array, file_name: string, matches: number]` once the backup's date is kept.
#[wasm_bindgen]
pub async fn export_history() -> Result<js_sys::Array, JsValue> {
    let worker = worker()?;
    let file = worker.app.history_file();
    flush(&worker).await?;
    let file = file.map_err(|e| body(&e.body()))?;
    let out = js_sys::Array::new();
    out.push(&js_sys::Uint8Array::from(file.bytes.as_slice()));
    out.push(&JsValue::from_str(&file.file_name));
    // A count of matches is far below 2^53.
    #[allow(clippy::cast_precision_loss)]
    out.push(&JsValue::from_f64(file.matches as f64));
    Ok(out)
}

/// Merges a history file the player picked into this history ("Import a history"), as the
/// window and `serve` do (`wordclub_app::App::import_history_bytes`): resolves with the
/// `ImportAnswer`'s JSON once the merge is kept; a refused file changes nothing.
#[wasm_bindgen]
pub async fn import_history(bytes: Vec<u8>) -> Result<String, JsValue> {
    let worker = worker()?;
    let answer = worker.app.import_history_bytes(&bytes);
    flush(&worker).await?;
    let answer = answer.map_err(|e| body(&e.body()))?;
    serde_json::to_string(&answer).map_err(|e| JsValue::from_str(&e.to_string()))
}

/// The bench build only (feature `bench`): what a polite `level` computer decides at the CGP
/// position `cgp` (its `rules` and `lex` opcodes name the rule set and list, its first rack is
/// the one to move), decided `runs` times in a row (at least once) after reading the position
/// once, as `wordclub_movegen::Decision::describe` writes it. The same search
/// (`wordclub_movegen::decide_at`) and the same loop as `wordclub-cli moves --level --time`, so
/// tests/web/bench.mjs, timing each call from the worker, compares the two targets on the same
/// positions.
#[cfg(feature = "bench")]
#[wasm_bindgen]
pub fn bench_decide(level: &str, cgp: &str, runs: u32) -> Result<String, JsValue> {
    use wordclub_engine::RuleSet;
    use wordclub_lexicon::WordList;
    use wordclub_movegen::{decide_at, position_of, Level};
    let refuse = |e: &dyn std::fmt::Display| error("bad_argument", &e.to_string());
    let level = Level::parse(level).map_err(|e| refuse(&e))?;
    let parsed = wordclub_engine::Cgp::parse(cgp).map_err(|e| refuse(&e))?;
    let rules =
        RuleSet::builtin(parsed.opcode("rules").unwrap_or("classic-15")).map_err(|e| refuse(&e))?;
    let list = WordList::builtin(parsed.opcode("lex").unwrap_or(&rules.default_list))
        .map_err(|e| refuse(&e))?;
    let position = position_of(cgp, &rules).map_err(|e| refuse(&e))?;
    let rack = position
        .rack
        .ok_or_else(|| error("bad_argument", "the position has no rack to move with"))?;
    let mut decision = None;
    for _ in 0..runs.max(1) {
        decision = Some(
            decide_at(level, &rules, list, &position.cgp, &position.board, &rack)
                .map_err(|e| refuse(&e))?,
        );
    }
    Ok(decision.map(|d| d.describe()).unwrap_or_default())
}

/// Keeps a panic's message in the worker's console: on this target a panic ends the module
/// (no unwinding), and the page then starts a new worker (`ui/js/api.js`).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_log(&format!("Word Club stopped: {info}"));
    }));
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn web_log(s: &str);
}

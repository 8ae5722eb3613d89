//! `wordclub-cli serve --port P [--db PATH] [--settings PATH] [--ui DIR] [--seed N [--fail-computer-moves N]]`: serves the webview
//! UI (`ui/`) and the app's command layer as JSON over HTTP on 127.0.0.1 only, so the same UI
//! runs in a browser for end-to-end tests.
//!
//! `POST /api/<command>` with a JSON body runs `App::call`; success is `200` with the
//! command's JSON, a refusal is `400` with `{"error":{"kind","message","details"}}`.
//! `GET /api/events` is the app's pushed events as server-sent events (`text/event-stream`,
//! one `data:` line of JSON per [`wordclub_app::AppEvent`]), the stream the window gets from
//! Tauri's `emit`; the app runs its own work (computer turns at `wordclub_app::COMPUTER_PACE`,
//! the background analysis) on threads of its own (`App::drive_on_threads`) and says so there.
//! Before serving, one line `{"listening":"http://127.0.0.1:<port>"}` goes to stdout (port 0
//! picks a free port). Requests naming another host (in `Host`, twice, or in an absolute-form
//! target) or coming from another origin are refused (no DNS rebinding, no cross-site calls);
//! so are paths with an empty segment (`//css`, which a redirect would send to another host).
//! `POST /api/history/export` answers the whole history as one file (`application/vnd.sqlite3`,
//! offered for download under its name; recorded as the last backup), and `POST
//! /api/history/import` merges the history file sent as the body (up to 64 MB) and answers
//! `import_history`'s JSON: the file travels as bytes, outside the JSON commands, as the web
//! worker transfers a buffer (`wordclub_app::App::history_file`, `import_history_bytes`).
//! A body over 1 MB (a command's), a wrong method and an unknown path answer in the same JSON error shape.
//! Request headers must arrive within 5 s and a body within 5 s more, so idle and
//! half-sent requests do not hold a connection open. `--seed N` makes the deals of new
//! matches reproducible and lets `new_match` take a `seed` and a `deal` (browser tests); the
//! matches so dealt are marked in the history. `--fail-computer-moves N` (tests, with `--seed`)
//! makes the first N computer moves fail, as a defect of the player would.
//!
//! `wordclub-cli serve --web DIR --port P` serves the web app instead (`dist/web/`, built by
//! `scripts/build-web.sh`): its files only, no `/api` and no history here (the app runs in
//! the browser's worker and keeps its history in the browser), on the same loopback terms,
//! with the web app's policy (`wordclub_app::csp::web_header`) and the caching a static host
//! should give it: the content-hashed files under `data/` for a year, immutable; everything
//! else revalidated on each load, so the service worker sees a new version.
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tower_http::services::{ServeDir, ServeFile};
use wordclub_app::{App, AppError, FileSettings, MemorySettings, SettingsBackend};

use crate::{args::Args, error::CliError, CliResult};

const DEFAULT_UI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui");

/// Largest request body: a word list of one's own (`import_own_list`, at most
/// `OWN_LIST_MAX_BYTES`, about 10 MB, JSON-escaped) with room; every other command is well
/// under 2 KB (a 15-tile play).
const MAX_BODY: usize = 12 << 20;
/// Largest history file `POST /api/history/import` takes: thousands of matches.
const MAX_HISTORY_BODY: usize = 64 << 20;
/// Time allowed for a request's headers (also how long an idle keep-alive connection stays)
/// and then for its body. A browser sends both at once; loopback takes microseconds.
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
const BODY_TIMEOUT: Duration = Duration::from_secs(5);

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[
            "port",
            "db",
            "settings",
            "ui",
            "seed",
            "web",
            "fail-computer-moves",
        ],
        &[],
    )?;
    let port: u16 = args
        .required("port")?
        .parse()
        .map_err(|_| CliError::usage("--port takes a number 0-65535"))?;
    if let Some(web) = args.value("web") {
        if ["db", "settings", "ui", "seed", "fail-computer-moves"]
            .iter()
            .any(|flag| args.value(flag).is_some())
        {
            return Err(CliError::usage(
                "--web serves the web app's files alone: no --db, --settings, --ui or --seed",
            ));
        }
        return serve_web(PathBuf::from(web), port);
    }
    let ui = PathBuf::from(args.value("ui").unwrap_or(DEFAULT_UI));
    if !ui.join("index.html").is_file() {
        return Err(CliError::new(
            "ui_missing",
            format!("no index.html in {}", ui.display()),
        ));
    }
    let settings: Box<dyn SettingsBackend> = match args.value("settings") {
        Some(path) => Box::new(FileSettings::new(settings_path(path)?)),
        None => Box::new(MemorySettings::default()),
    };
    let app = open_app(settings, args.value("db").map(PathBuf::from))?;
    if let Some(seed) = args.value("seed") {
        let seed = seed
            .parse()
            .map_err(|_| CliError::usage("--seed takes a whole number"))?;
        app.set_seed_base(seed);
    }
    if let Some(n) = args.value("fail-computer-moves") {
        fail_computer_moves(&app, n, args.value("seed").is_some())?;
    }

    let app = Arc::new(app);
    app.drive_on_threads();

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::new("serve", format!("cannot start the runtime: {e}")))?;
    runtime.block_on(serve(app, port, ui))?;
    Ok(json!({ "stopped": true }))
}

/// `--fail-computer-moves N` (browser tests, with `--seed` only): the first N computer moves
/// fail as a defect of the player would (a panic in its search, caught by the app and told as
/// `computer_failed`), so a test can show what the screen says and that "Try again" works.
fn fail_computer_moves(app: &App, n: &str, seeded: bool) -> Result<(), CliError> {
    if !seeded {
        return Err(CliError::usage(
            "--fail-computer-moves is for tests and needs --seed",
        ));
    }
    let n: u32 = n
        .parse()
        .map_err(|_| CliError::usage("--fail-computer-moves takes a whole number"))?;
    let left = std::sync::atomic::AtomicU32::new(n);
    app.on_computer_thinking(move |_, _| {
        use std::sync::atomic::Ordering::SeqCst;
        if left
            .fetch_update(SeqCst, SeqCst, |k| k.checked_sub(1))
            .is_ok()
        {
            panic!("a computer move failed as --fail-computer-moves asked");
        }
    });
    Ok(())
}

/// `--settings PATH`: a regular file, or none yet (it is created at the first change).
/// Anything else is refused before the server starts, as every file argument is
/// (`files.rs`): a FIFO would have the start wait for a writer, a folder would serve on
/// without ever saving a setting.
fn settings_path(path: &str) -> Result<PathBuf, CliError> {
    let path = PathBuf::from(path);
    match std::fs::metadata(&path) {
        Ok(m) if !m.is_file() => Err(CliError::new(
            "file",
            format!("--settings: {} is not a regular file", path.display()),
        )),
        _ => Ok(path),
    }
}

fn open_app(settings: Box<dyn SettingsBackend>, db: Option<PathBuf>) -> Result<App, CliError> {
    match db {
        Some(path) => App::with_history(settings, &path),
        None => App::new(settings),
    }
    .map_err(app_error)
}

fn app_error(e: AppError) -> CliError {
    CliError::from(e)
}

#[derive(Clone)]
struct Server {
    app: Arc<App>,
}

/// What every response passes through: the loopback checks and the page policy.
#[derive(Clone)]
struct Guard {
    /// The `host:port` values a request may name: this server's own loopback addresses.
    hosts: Arc<Vec<String>>,
    /// The `Content-Security-Policy` header every response carries.
    csp: header::HeaderValue,
}

/// Listens on 127.0.0.1:`port` (0: a free one); the guard names that port.
async fn listen(
    port: u16,
    csp: header::HeaderValue,
) -> Result<(tokio::net::TcpListener, Guard), CliError> {
    let listener = tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
        .await
        .map_err(|e| CliError::new("serve", format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let port = listener
        .local_addr()
        .map_err(|e| CliError::new("serve", e.to_string()))?
        .port();
    let guard = Guard {
        hosts: Arc::new(vec![
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
        ]),
        csp,
    };
    Ok((listener, guard))
}

/// Says where it listens (the one line of stdout before serving), then serves.
async fn announce_and_serve(
    listener: tokio::net::TcpListener,
    router: Router,
) -> Result<(), CliError> {
    let port = listener
        .local_addr()
        .map_err(|e| CliError::new("serve", e.to_string()))?
        .port();
    println!(
        "{}",
        json!({ "listening": format!("http://127.0.0.1:{port}") })
    );
    let _ = std::io::stdout().flush();
    accept_loop(listener, router).await
}

async fn serve(app: Arc<App>, port: u16, ui: PathBuf) -> Result<(), CliError> {
    let (listener, guard) = listen(port, policy(wordclub_app::csp::http_header())).await?;
    let server = Server { app };
    // No redirects to a trailing slash: `//css` would be answered `Location: //css/`, which
    // a browser reads as the host `css`. The UI is `index.html` and plain files.
    let files = ServeDir::new(&ui)
        .append_index_html_on_directories(false)
        .fallback(axum::routing::any(not_found).with_state(()));
    let router = Router::new()
        .route(
            "/api/events",
            get(events).fallback(|| async { method_not_allowed() }),
        )
        .route(
            "/api/history/export",
            post(export_history).fallback(|| async { method_not_allowed() }),
        )
        .route(
            "/api/history/import",
            post(import_history).fallback(|| async { method_not_allowed() }),
        )
        .route(
            "/api/{command}",
            post(api).fallback(|| async { method_not_allowed() }),
        )
        .route_service("/", ServeFile::new(ui.join("index.html")))
        .fallback_service(files)
        .layer(middleware::from_fn_with_state(guard, loopback_only))
        .with_state(server);
    announce_and_serve(listener, router).await
}

/// `serve --web DIR`: the web app's files, no command layer.
fn serve_web(dir: PathBuf, port: u16) -> CliResult {
    for file in ["index.html", "sw.js", "manifest.webmanifest"] {
        if !dir.join(file).is_file() {
            return Err(CliError::new(
                "ui_missing",
                format!(
                    "no {file} in {}: build the web app with scripts/build-web.sh",
                    dir.display()
                ),
            ));
        }
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::new("serve", format!("cannot start the runtime: {e}")))?;
    runtime.block_on(async move {
        let (listener, guard) = listen(port, policy(wordclub_app::csp::web_header())).await?;
        let files = ServeDir::new(&dir)
            .append_index_html_on_directories(false)
            .fallback(axum::routing::any(not_found).with_state(()));
        let router = Router::new()
            .route_service("/", ServeFile::new(dir.join("index.html")))
            .fallback_service(files)
            .layer(middleware::from_fn(web_caching))
            .layer(middleware::from_fn_with_state(guard, loopback_only));
        announce_and_serve(listener, router).await
    })?;
    Ok(json!({ "stopped": true }))
}

/// The web app's caching: a file under `data/` is named by its content's hash, so it never
/// changes (a year, immutable: a code update does not fetch it again); every other file is
/// revalidated on each load, so a new version's service worker and page are seen at once.
/// `.webmanifest` gets its registered type, which the file service does not know.
async fn web_caching(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    if !response.status().is_success() {
        return response;
    }
    let cache = if path.starts_with("/data/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(cache),
    );
    if path.ends_with(".webmanifest") {
        headers.insert(
            header::CONTENT_TYPE,
            header::HeaderValue::from_static("application/manifest+json"),
        );
    }
    response
}

/// Serves each connection with hyper directly (axum's `serve` sets no timeouts): headers must
/// arrive within [`HEADER_TIMEOUT`], which also closes idle keep-alive connections.
///
/// A request hyper cannot parse (two `Content-Length` headers, headers past its buffer: 431,
/// a target too long: 414) is answered by hyper itself before any service sees it, with a
/// status and an empty body: hyper 1's `Server::on_error` writes that head with no body and
/// offers no hook to give one. Those refusals alone lack the JSON error body; giving them
/// one would mean parsing every request's head a second time in front of hyper.
async fn accept_loop(listener: tokio::net::TcpListener, router: Router) -> Result<(), CliError> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of descriptors or a connection reset before accept: keep serving.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

fn error(status: StatusCode, kind: &str, message: &str) -> Response {
    (
        status,
        Json(json!({"error": {"kind": kind, "message": message}})),
    )
        .into_response()
}

fn method_not_allowed() -> Response {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "commands are sent with POST",
    )
}

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "not_found", "no such page")
}

async fn loopback_only(State(server): State<Guard>, request: Request, next: Next) -> Response {
    let headers: &HeaderMap = request.headers();
    let mut hosts = headers.get_all(header::HOST).iter();
    let (host, second) = (hosts.next(), hosts.next());
    if second.is_some() {
        return error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "more than one Host header",
        );
    }
    // An absolute-form target (`GET http://other/ HTTP/1.1`) names its own authority, which
    // must be this server's too.
    if let Some(authority) = request.uri().authority() {
        if !server.hosts.iter().any(|ok| ok == authority.as_str()) {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "the request names another host",
            );
        }
    }
    if request.uri().path().contains("//") {
        return error(StatusCode::NOT_FOUND, "not_found", "no such page");
    }
    let host_ok = host
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| server.hosts.iter().any(|ok| ok == h));
    // Every Origin header must be this server's: a good one followed by another would
    // otherwise pass on the first alone.
    let mut origins = headers.get_all(header::ORIGIN).iter();
    let (origin, second) = (origins.next(), origins.next());
    if second.is_some() {
        return error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "more than one Origin header",
        );
    }
    let origin_ok = match origin.map(|o| o.to_str()) {
        None => true,
        Some(Ok(origin)) => server
            .hosts
            .iter()
            .any(|ok| origin == format!("http://{ok}")),
        Some(Err(_)) => false,
    };
    if !host_ok || !origin_ok {
        return (
            StatusCode::FORBIDDEN,
            Json(json!({"error": {"kind": "forbidden", "message": "loopback requests only"}})),
        )
            .into_response();
    }
    let mut response = as_json_error(next.run(request).await).await;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, server.csp.clone());
    response
}

/// Every refusal has the JSON error shape the UI and scripts read (`{"error": {kind,
/// message}}`), including the ones the router and the file service make on their own: a
/// page asked for with POST (405, empty), a command name that is not UTF-8 (400, plain text).
async fn as_json_error(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    match status {
        StatusCode::METHOD_NOT_ALLOWED => error(
            status,
            "method_not_allowed",
            "pages are read with GET and commands sent with POST to /api/<command>",
        ),
        StatusCode::NOT_FOUND => error(status, "not_found", "no such page"),
        StatusCode::BAD_REQUEST => error(status, "bad_request", "the request cannot be read"),
        _ => error(status, "http", &format!("HTTP {}", status.as_u16())),
    }
}

/// The UI's policy as a header (`wordclub_app::csp`: the window's but for the IPC origins;
/// the web app's adds WebAssembly).
fn policy(csp: String) -> header::HeaderValue {
    // The policy is ASCII (a unit test spells it out); were it not, the strictest one.
    header::HeaderValue::from_str(&csp)
        .unwrap_or_else(|_| header::HeaderValue::from_static("default-src 'none'"))
}

/// The app's events from now on, as server-sent events; a comment line every 15 s keeps the
/// connection alive and finds a browser gone.
async fn events(State(server): State<Server>) -> Response {
    let subscription = server.app.subscribe();
    let stream = futures_util::stream::unfold(subscription, |mut events| async move {
        let event = events.next().await?;
        let data = Event::default().json_data(&event);
        Some((data, events))
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// The whole history as one file, to download.
async fn export_history(State(server): State<Server>) -> Response {
    let app = server.app.clone();
    match tokio::task::spawn_blocking(move || app.history_file()).await {
        Ok(Ok(file)) => (
            [
                (header::CONTENT_TYPE, "application/vnd.sqlite3".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}\"", file.file_name),
                ),
                (
                    header::HeaderName::from_static("x-wordclub-matches"),
                    file.matches.to_string(),
                ),
            ],
            file.bytes,
        )
            .into_response(),
        Ok(Err(e)) => (StatusCode::BAD_REQUEST, Json(json!({ "error": e.body() }))).into_response(),
        Err(_) => internal(),
    }
}

/// Merges the history file in the body into the history.
async fn import_history(State(server): State<Server>, body: Body) -> Response {
    let bytes = match read_body(body, MAX_HISTORY_BODY).await {
        Ok(bytes) => bytes,
        Err(refusal) => return refusal,
    };
    let app = server.app.clone();
    match tokio::task::spawn_blocking(move || app.import_history_bytes(&bytes)).await {
        Ok(Ok(answer)) => Json(answer).into_response(),
        Ok(Err(e)) => (StatusCode::BAD_REQUEST, Json(json!({ "error": e.body() }))).into_response(),
        Err(_) => internal(),
    }
}

fn internal() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        Json(json!({"error": {"kind": "internal", "message": "the command failed"}})),
    )
        .into_response()
}

/// A request's body, at most `limit` bytes, within [`BODY_TIMEOUT`]; else the refusal.
async fn read_body(body: Body, limit: usize) -> Result<Bytes, Response> {
    match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(_)) => Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            &format!("the request body is over {limit} bytes (or was cut off)"),
        )),
        Err(_) => Err(error(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            "the request body did not arrive in time",
        )),
    }
}

async fn api(State(server): State<Server>, Path(command): Path<String>, body: Body) -> Response {
    let body: Bytes =
        match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(_)) => {
                return error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "body_too_large",
                    &format!("the request body is over {MAX_BODY} bytes (or was cut off)"),
                )
            }
            Err(_) => {
                return error(
                    StatusCode::REQUEST_TIMEOUT,
                    "timeout",
                    "the request body did not arrive in time",
                )
            }
        };
    let args: Value = if body.is_empty() {
        Value::Null
    } else {
        match serde_json::from_slice(&body) {
            Ok(v) => v,
            Err(e) => {
                let e = AppError::bad_argument(&command, format!("the body is not JSON: {e}"));
                return (StatusCode::BAD_REQUEST, Json(json!({ "error": e.body() })))
                    .into_response();
            }
        }
    };
    let app = server.app.clone();
    // Commands are plain blocking functions (a computer turn may think for a moment).
    let result = tokio::task::spawn_blocking(move || app.call(&command, args)).await;
    match result {
        Ok(Ok(value)) => Json(value).into_response(),
        Ok(Err(e)) => {
            let status = match e {
                AppError::UnknownCommand { .. } => StatusCode::NOT_FOUND,
                _ => StatusCode::BAD_REQUEST,
            };
            (status, Json(json!({ "error": e.body() }))).into_response()
        }
        Err(_) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            Json(json!({"error": {"kind": "internal", "message": "the command failed"}})),
        )
            .into_response(),
    }
}

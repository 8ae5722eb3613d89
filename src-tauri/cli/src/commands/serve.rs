//! `wordclub-cli serve --port P [--db PATH] [--settings PATH] [--ui DIR] [--seed N]`: serves the webview
//! UI (`ui/`) and the app's command layer as JSON over HTTP on 127.0.0.1 only, so the same UI
//! runs in a browser for end-to-end tests.
//!
//! `POST /api/<command>` with a JSON body runs `App::call`; success is `200` with the
//! command's JSON, a refusal is `400` with `{"error":{"kind","message","details"}}`.
//! Before serving, one line `{"listening":"http://127.0.0.1:<port>"}` goes to stdout (port 0
//! picks a free port). Requests naming another host or coming from another origin are refused
//! (no DNS rebinding, no cross-site calls). `--seed N` makes the deals of new matches
//! reproducible (browser tests).
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};
use tower_http::services::ServeDir;
use wordclub_app::{App, AppError, FileSettings, MemorySettings, SettingsBackend};

use crate::{args::Args, error::CliError, CliResult};

/// The same policy as the app window's (tauri.conf.json), minus Tauri's IPC origins.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
                   form-action 'none'; frame-src 'none'; frame-ancestors 'none'";

const DEFAULT_UI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui");

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &["port", "db", "settings", "ui", "seed"], &[])?;
    let port: u16 = args
        .required("port")?
        .parse()
        .map_err(|_| CliError::usage("--port takes a number 0-65535"))?;
    let ui = PathBuf::from(args.value("ui").unwrap_or(DEFAULT_UI));
    if !ui.join("index.html").is_file() {
        return Err(CliError::new(
            "ui_missing",
            format!("no index.html in {}", ui.display()),
        ));
    }
    let settings: Box<dyn SettingsBackend> = match args.value("settings") {
        Some(path) => Box::new(FileSettings(PathBuf::from(path))),
        None => Box::new(MemorySettings::default()),
    };
    let app = open_app(settings, args.value("db").map(PathBuf::from))?;
    if let Some(seed) = args.value("seed") {
        let seed = seed
            .parse()
            .map_err(|_| CliError::usage("--seed takes a whole number"))?;
        app.set_seed_base(seed);
    }

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::new("serve", format!("cannot start the runtime: {e}")))?;
    runtime.block_on(serve(Arc::new(app), port, ui))?;
    Ok(json!({ "stopped": true }))
}

fn open_app(settings: Box<dyn SettingsBackend>, db: Option<PathBuf>) -> Result<App, CliError> {
    match db {
        Some(path) => App::with_history(settings, &path),
        None => App::new(settings),
    }
    .map_err(app_error)
}

fn app_error(e: AppError) -> CliError {
    CliError::new(e.kind(), e.to_string())
}

#[derive(Clone)]
struct Server {
    app: Arc<App>,
    /// The `host:port` values a request may name: this server's own loopback addresses.
    hosts: Arc<Vec<String>>,
}

async fn serve(app: Arc<App>, port: u16, ui: PathBuf) -> Result<(), CliError> {
    let listener = tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
        .await
        .map_err(|e| CliError::new("serve", format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let port = listener
        .local_addr()
        .map_err(|e| CliError::new("serve", e.to_string()))?
        .port();
    let server = Server {
        app,
        hosts: Arc::new(vec![
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
        ]),
    };
    let router = Router::new()
        .route("/api/{command}", post(api))
        .fallback_service(ServeDir::new(ui))
        .layer(middleware::from_fn_with_state(
            server.clone(),
            loopback_only,
        ))
        .with_state(server);

    println!(
        "{}",
        json!({ "listening": format!("http://127.0.0.1:{port}") })
    );
    let _ = std::io::stdout().flush();
    axum::serve(listener, router)
        .await
        .map_err(|e| CliError::new("serve", e.to_string()))
}

async fn loopback_only(State(server): State<Server>, request: Request, next: Next) -> Response {
    let headers: &HeaderMap = request.headers();
    let host_ok = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| server.hosts.iter().any(|ok| ok == h));
    let origin_ok = match headers.get(header::ORIGIN).map(|o| o.to_str()) {
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
    let mut response = next.run(request).await;
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(CSP),
    );
    response
}

async fn api(State(server): State<Server>, Path(command): Path<String>, body: Bytes) -> Response {
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

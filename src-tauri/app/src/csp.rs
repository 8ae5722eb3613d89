//! The UI's Content Security Policy, one definition for both of its hosts: the app window
//! (`tauri.conf.json`, which Tauri reads at build time; a test in the shell asserts it is
//! [`window_directives`]) and `wordclub-cli serve` (the header [`http_header`]). Only the
//! origin the UI talks to the backend on differs, and `frame-ancestors`, which only a
//! header can carry. The web app (`dist/web/`, `scripts/build-web.sh`) is the third host:
//! the same policy with `'wasm-unsafe-eval'` added to `script-src`, which compiling its
//! WebAssembly needs and nothing more ([`web_header`]; a static host must send it, since a
//! worker's policy cannot come from a `<meta>` tag).

/// Tauri's IPC origins: the window calls the backend through them.
pub const WINDOW_CONNECT_SRC: &str = "ipc: http://ipc.localhost";

/// `serve`: the API is on the page's own origin.
pub const HTTP_CONNECT_SRC: &str = "'self'";

/// The policy's directives in order, with `connect-src` as given.
pub fn directives(connect_src: &'static str) -> Vec<(&'static str, &'static str)> {
    vec![
        ("default-src", "'self'"),
        ("script-src", "'self'"),
        ("style-src", "'self'"),
        ("img-src", "'self' data:"),
        ("font-src", "'self'"),
        ("connect-src", connect_src),
        ("object-src", "'none'"),
        ("base-uri", "'none'"),
        ("form-action", "'none'"),
        ("frame-src", "'none'"),
    ]
}

/// The window's policy, as `tauri.conf.json` must spell it (`app.security.csp`).
pub fn window_directives() -> Vec<(&'static str, &'static str)> {
    directives(WINDOW_CONNECT_SRC)
}

/// The `Content-Security-Policy` header `serve` sends with every response.
pub fn http_header() -> String {
    let mut all = directives(HTTP_CONNECT_SRC);
    all.push(("frame-ancestors", "'none'"));
    joined(&all)
}

/// The web app's `script-src`: WebAssembly may be compiled (`'wasm-unsafe-eval'`), never a
/// string of script (`'unsafe-eval'` stays out).
pub const WEB_SCRIPT_SRC: &str = "'self' 'wasm-unsafe-eval'";

/// The header the web app must be served with (`wordclub-cli serve --web`, and any static
/// host: the README quotes it): [`http_header`]'s policy, the worker and the service worker
/// loaded from the page's own origin as every script is, with WebAssembly allowed.
pub fn web_header() -> String {
    let mut all = directives(HTTP_CONNECT_SRC);
    for (name, value) in &mut all {
        if *name == "script-src" {
            *value = WEB_SCRIPT_SRC;
        }
    }
    all.push(("frame-ancestors", "'none'"));
    joined(&all)
}

fn joined(all: &[(&str, &str)]) -> String {
    all.iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_header_is_the_policy_serve_always_sent() {
        assert_eq!(
            super::http_header(),
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
             form-action 'none'; frame-src 'none'; frame-ancestors 'none'"
        );
    }

    #[test]
    fn the_web_header_adds_only_webassembly() {
        let web = super::web_header();
        assert_eq!(
            web,
            super::http_header().replace(
                "script-src 'self';",
                "script-src 'self' 'wasm-unsafe-eval';"
            )
        );
        assert!(!web.contains("'unsafe-eval'") && !web.contains("'unsafe-inline'"));
    }
}

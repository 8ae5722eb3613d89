//! The UI's Content Security Policy, one definition for both of its hosts: the app window
//! (`tauri.conf.json`, which Tauri reads at build time; a test in the shell asserts it is
//! [`window_directives`]) and `wordclub-cli serve` (the header [`http_header`]). Only the
//! origin the UI talks to the backend on differs, and `frame-ancestors`, which only a
//! header can carry.

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
}

//! Linux only: the window's WebKitGTK view on machines without a GPU (software OpenGL),
//! where its page crashes now and then: drawn without compositing, and loaded again when
//! its web process dies.

/// Before WebKitGTK starts: on a machine without a GPU render node (`/dev/dri/renderD*`: a
/// virtual machine, a remote X display, the tests' Xvfb), WebKit's accelerated compositing
/// runs on Mesa's software rasterizer, whose threads crash the page now and then (Mesa's
/// swrast segfaulting in WebKit's compositor thread, and WebKit's Skia GPU worker, both seen
/// under Xvfb). The window draws without compositing there: the same pages, with none of
/// those threads, and sooner (measured in the window test under Xvfb, drop to painted preview
/// p50 33 -> 14 ms, p95 45 -> 23 ms). A value the user set either way is left alone.
pub fn draw_without_compositing_on_software_gl() {
    const VARIABLE: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";
    if std::env::var_os(VARIABLE).is_some() {
        return;
    }
    let render_node = std::fs::read_dir("/dev/dri").is_ok_and(|nodes| {
        nodes
            .flatten()
            .any(|node| node.file_name().to_string_lossy().starts_with("renderD"))
    });
    if !render_node {
        // Still one thread: nothing else reads the environment yet.
        std::env::set_var(VARIABLE, "1");
    }
}

/// WebKitGTK runs the page in a web process of its own. When that process crashes, the window
/// would stay blank until the app was started again: it loads the page again instead, which
/// reopens where the players were, since every fact is in the backend (a match behind its
/// cover, with the staged draft back once the rack is shown). Seen under software OpenGL:
/// Mesa's swrast segfaulting in WebKit's compositor thread (the tests' Xvfb, as in a virtual
/// machine): twice in a day of window-test runs on one machine, once failing CI. A page that
/// crashes again within a few seconds is left as it is, so a crash at every load cannot spin.
pub fn reload_when_the_page_crashes(window: &tauri::WebviewWindow) {
    use std::cell::Cell;
    use std::time::{Duration, Instant};
    use webkit2gtk::{WebProcessTerminationReason, WebViewExt};
    const AGAIN_WITHIN: Duration = Duration::from_secs(5);
    let installed = window.with_webview(|webview| {
        let last_reload: Cell<Option<Instant>> = Cell::new(None);
        webview
            .inner()
            .connect_web_process_terminated(move |view, reason| {
                if reason == WebProcessTerminationReason::TerminatedByApi {
                    return;
                }
                let again = last_reload
                    .get()
                    .is_some_and(|at| at.elapsed() < AGAIN_WITHIN);
                if again {
                    eprintln!(
                        "the window's page ended ({reason:?}) again at once: not loaded again"
                    );
                    return;
                }
                eprintln!("the window's page ended ({reason:?}): loading it again");
                last_reload.set(Some(Instant::now()));
                view.reload();
            });
    });
    if let Err(e) = installed {
        eprintln!("cannot watch the window's page for a crash: {e}");
    }
}

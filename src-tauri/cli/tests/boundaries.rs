//! Input at the CLI's boundaries (issue 11): arguments that are not UTF-8, files that are not
//! regular or too big, absurd counts, stray arguments, and `serve`'s HTTP edge: redirects,
//! Host headers, absolute targets, big bodies, wrong methods, idle and half-sent requests.
mod common;
use common::cli;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_wordclub-cli");

fn folder(tag: &str) -> PathBuf {
    common::folder("boundaries", tag)
}

fn kind(json: &Value) -> &str {
    json["error"]["kind"].as_str().unwrap_or("(none)")
}

#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error_not_a_panic() {
    let bad = std::ffi::OsStr::from_bytes(b"CA\xffT");
    for args in [
        vec![std::ffi::OsStr::new("check"), bad],
        vec![bad],
        vec![
            std::ffi::OsStr::new("words"),
            std::ffi::OsStr::new("--rack"),
            bad,
        ],
    ] {
        let (code, json) = cli(&args);
        assert_eq!(code, 2, "{json}");
        assert_eq!(kind(&json), "usage");
        assert!(json["error"]["message"].as_str().unwrap().contains("UTF-8"));
    }
}

#[test]
fn files_read_from_arguments_must_be_regular_and_small() {
    let dir = folder("files");
    let big = dir.join("big.txt");
    // One byte over the script cap (1 MB), made of valid lines.
    std::fs::write(&big, "pass\n".repeat((1 << 20) / 5 + 1)).unwrap();
    let play = |script: &Path| {
        cli(&[
            "play",
            "--rules",
            "wordclub-1.0",
            "--players",
            "Ann,Ben",
            "--seed",
            "1",
            "--script",
            script.to_str().unwrap(),
        ])
    };
    let started = Instant::now();
    for (script, expected) in [
        (Path::new("/dev/zero"), "script_file"),
        (dir.as_path(), "script_file"),
        (big.as_path(), "file_too_large"),
    ] {
        let (code, json) = play(script);
        assert_eq!(code, 2, "{json}");
        assert_eq!(kind(&json), expected, "{}: {json}", script.display());
    }
    for list in ["/dev/zero", dir.to_str().unwrap()] {
        let (code, json) = cli(&["check", "--list-file", list, "CAT"]);
        assert_eq!(code, 2, "{json}");
        assert_eq!(kind(&json), "list_file", "{list}: {json}");
    }
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "nothing was read without bound"
    );
    // A small regular file is read as before.
    let ok = dir.join("ok.txt");
    std::fs::write(&ok, "pass\n").unwrap();
    let (code, json) = play(&ok);
    assert_eq!(code, 0, "{json}");
}

#[test]
fn simulate_has_a_sane_number_of_games() {
    for games in ["0", "100001", "18446744073709551615"] {
        let (code, json) = cli(&[
            "simulate",
            "--rules",
            "wordclub-1.0",
            "--games",
            games,
            "--seed",
            "1",
            "--players",
            "greedy,greedy",
        ]);
        assert_eq!(code, 2, "{games}: {json}");
        assert_eq!(kind(&json), "usage");
        assert!(
            json["error"]["message"]
                .as_str()
                .unwrap()
                .contains("100000"),
            "{json}"
        );
    }
}

#[test]
fn lists_refuses_extra_arguments_like_every_command() {
    let (code, json) = cli(&["lists", "extra"]);
    assert_eq!(code, 2, "{json}");
    assert_eq!(kind(&json), "usage");
    let (code, _) = cli(&["lists"]);
    assert_eq!(code, 0);
}

// ---- serve ------------------------------------------------------------------------------------

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Server {
    let mut child = Command::new(BIN)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let listening: Value = serde_json::from_str(&line).unwrap();
    let port = listening["listening"]
        .as_str()
        .unwrap()
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    Server { child, port }
}

/// Sends raw bytes and reads the whole answer (the server closes or the read times out).
fn raw(port: u16, request: &[u8]) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    s.write_all(request).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

fn status(answer: &str) -> u16 {
    answer
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

fn json_body(answer: &str) -> Value {
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {answer}"))
}

#[test]
fn serve_refuses_what_a_browser_or_a_proxy_could_be_tricked_with() {
    let server = serve();
    let port = server.port;
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    // No open redirect: `//css` would be answered `Location: //css/` (another host).
    for path in ["//css", "//css/", "/css", "//127.0.0.1/", "/./css"] {
        let answer = raw(
            port,
            format!("GET {path} HTTP/1.1\r\n{host}Connection: close\r\n\r\n").as_bytes(),
        );
        assert!(
            !(300..400).contains(&status(&answer)),
            "{path}: a redirect: {answer}"
        );
        assert!(
            !answer.to_ascii_lowercase().contains("\r\nlocation:"),
            "{path}: {answer}"
        );
    }
    let index = raw(
        port,
        format!("GET / HTTP/1.1\r\n{host}Connection: close\r\n\r\n").as_bytes(),
    );
    assert_eq!(status(&index), 200, "the UI is still served");
    // Two Host headers.
    let answer = raw(
        port,
        format!("GET / HTTP/1.1\r\n{host}Host: evil.example\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(status(&answer), 400, "{answer}");
    assert_eq!(json_body(&answer)["error"]["kind"], "bad_request");
    // An absolute-form target naming another authority.
    let answer = raw(
        port,
        format!("GET http://evil.example/ HTTP/1.1\r\n{host}Connection: close\r\n\r\n").as_bytes(),
    );
    assert_eq!(status(&answer), 400, "{answer}");
    // A body over the limit, in the JSON error shape.
    let body = format!(
        "{{\"word\":\"{}\",\"list\":\"wordclub\"}}",
        "A".repeat(13 << 20)
    );
    let answer = raw(
        port,
        format!(
            "POST /api/check_word HTTP/1.1\r\n{host}Content-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    assert_eq!(status(&answer), 413, "{}", &answer[..answer.len().min(300)]);
    assert_eq!(json_body(&answer)["error"]["kind"], "body_too_large");
    // A wrong method, in the JSON error shape.
    let answer = raw(
        port,
        format!("GET /api/app_info HTTP/1.1\r\n{host}Connection: close\r\n\r\n").as_bytes(),
    );
    assert_eq!(status(&answer), 405, "{answer}");
    assert_eq!(json_body(&answer)["error"]["kind"], "method_not_allowed");
    // A body that is an array is not read by position.
    let body = "[1,[[4,3,\"C\"]]]";
    let answer = raw(
        port,
        format!(
            "POST /api/play HTTP/1.1\r\n{host}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    assert_eq!(status(&answer), 400, "{answer}");
    assert_eq!(json_body(&answer)["error"]["kind"], "bad_argument");
    // Without --seed this is no test server: a caller may not fix the deal.
    let body = r#"{"rules":"wordclub-1.0","players":[{"name":"A"},{"name":"B"}],"seed":3}"#;
    let answer = raw(
        port,
        format!(
            "POST /api/new_match HTTP/1.1\r\n{host}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    assert_eq!(status(&answer), 400, "{answer}");
    assert_eq!(json_body(&answer)["error"]["kind"], "fixed_deal_refused");
    // A good Origin followed by another: every Origin counts, not the first alone.
    let origin = format!("Origin: http://127.0.0.1:{port}\r\n");
    let answer = raw(
        port,
        format!(
            "POST /api/app_info HTTP/1.1\r\n{host}{origin}Origin: http://evil.example\r\n\
             Content-Length: 0\r\nConnection: close\r\n\r\n"
        )
        .as_bytes(),
    );
    assert!(matches!(status(&answer), 400 | 403), "{answer}");
    assert!(json_body(&answer)["error"]["kind"].is_string(), "{answer}");
    // Refusals the router and the file service make on their own have the same JSON shape.
    for (request, code) in [
        ("POST /index.html", 405),
        ("POST /api", 405),
        ("POST /nope", 405),
        ("POST /api/%FF", 400),
        ("GET /api/%FF", 400),
    ] {
        let answer = raw(
            port,
            format!("{request} HTTP/1.1\r\n{host}Content-Length: 0\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        );
        let got = status(&answer);
        assert!(
            got == code || (code == 400 && got == 405),
            "{request}: {answer}"
        );
        let kind = json_body(&answer)["error"]["kind"].clone();
        assert!(kind.is_string(), "{request}: {answer}");
    }
}

#[test]
fn serve_closes_idle_and_half_sent_requests() {
    let server = serve();
    let port = server.port;
    let half_headers = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n");
    let half_body = format!(
        "POST /api/app_info HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 100\r\n\r\n{{"
    );
    let threads: Vec<_> = [String::new(), half_headers, half_body]
        .into_iter()
        .map(|request| {
            std::thread::spawn(move || {
                let started = Instant::now();
                let answer = raw(port, request.as_bytes());
                (request, started.elapsed(), answer)
            })
        })
        .collect();
    for t in threads {
        let (request, took, answer) = t.join().unwrap();
        // The server's limits are 5 s for headers and 5 s for a body; the client waits 15 s.
        assert!(
            took < Duration::from_secs(12),
            "{request:?} held the connection for {took:?}"
        );
        if request.contains("Content-Length: 100") {
            assert_eq!(status(&answer), 408, "{answer}");
            assert_eq!(json_body(&answer)["error"]["kind"], "timeout");
        }
    }
}

/// Runs the CLI with `args`, killing it after 20 s: `None` when it had to be killed (it
/// blocked), else its exit code and JSON answer.
fn cli_or_killed(args: &[&str]) -> Option<(i32, Value)> {
    common::cli_within(args, Duration::from_secs(20))
}

/// Every file argument of every command, fed each special file: a FIFO (opening one blocks
/// until a writer comes), endless devices, a `/proc` file that states a size it does not have
/// (`/proc/self/pagemap`), a folder. Each is refused at once with a typed error (exit 2), never
/// waited on, never read without bound, never a panic.
#[test]
fn every_file_argument_refuses_every_special_file_at_once() {
    let dir = folder("special");
    let fifo = dir.join("fifo");
    let _ = std::fs::remove_file(&fifo);
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let fifo = fifo.to_str().unwrap().to_string();
    let folder_path = dir.to_str().unwrap().to_string();
    let specials = [
        fifo.as_str(),
        "/dev/zero",
        "/dev/urandom",
        "/proc/self/pagemap",
        folder_path.as_str(),
    ];
    type Invocation = fn(&str) -> Vec<String>;
    let commands: [(&str, Invocation); 6] = [
        ("--script", |f| {
            [
                "play",
                "--rules",
                "wordclub-1.0",
                "--players",
                "Ann,Ben",
                "--seed",
                "1",
                "--script",
                f,
            ]
            .map(String::from)
            .to_vec()
        }),
        ("--gcg", |f| {
            ["analyze", "--gcg", f, "--rules", "classic-15"]
                .map(String::from)
                .to_vec()
        }),
        ("--rules-file", |f| {
            [
                "lab",
                "measure",
                "--rules-file",
                f,
                "--games",
                "1",
                "--players",
                "hard,hard",
            ]
            .map(String::from)
            .to_vec()
        }),
        ("--base-file", |f| {
            [
                "lab",
                "search",
                "--base-file",
                f,
                "--vary",
                "blanks=0,1",
                "--target",
                "filled",
            ]
            .map(String::from)
            .to_vec()
        }),
        ("premiums=FILE", |f| {
            [
                "lab",
                "search",
                "--base",
                "wordclub-1.1",
                "--vary",
                &format!("premiums={f}"),
                "--target",
                "filled",
            ]
            .map(String::from)
            .to_vec()
        }),
        ("--list-file", |f| {
            ["check", "--list-file", f, "CAT"]
                .map(String::from)
                .to_vec()
        }),
    ];
    for (option, command) in commands {
        for special in specials {
            let args = command(special);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let answered = cli_or_killed(&args);
            let (code, json) = answered
                .unwrap_or_else(|| panic!("{option} {special}: blocked (killed after 20 s)"));
            assert_eq!(code, 2, "{option} {special}: {json}");
            assert_ne!(
                kind(&json),
                "(none)",
                "{option} {special}: a typed error: {json}"
            );
        }
    }
}

/// Issue 42, item 10: `serve --settings` at a FIFO waited for a writer for ever before it
/// listened (and at a folder served on, never saving a setting). Anything but a regular file
/// (or no file yet: it is created) is refused at once with a typed error.
#[test]
fn serve_refuses_settings_that_are_not_a_regular_file_at_once() {
    let dir = folder("serve-settings");
    let fifo = dir.join("settings-fifo");
    let _ = std::fs::remove_file(&fifo);
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let folder_path = dir.join("settings-folder");
    std::fs::create_dir_all(&folder_path).unwrap();
    for special in [&fifo, &folder_path] {
        let special = special.to_str().unwrap();
        let answered = cli_or_killed(&["serve", "--port", "0", "--settings", special]);
        let (code, json) =
            answered.unwrap_or_else(|| panic!("--settings {special}: blocked or served on"));
        assert_eq!((code, kind(&json)), (2, "file"), "{special}: {json}");
        let message = json["error"]["message"].as_str().unwrap();
        assert!(message.contains("not a regular file"), "{message}");
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
}

/// `analyze` keeps its analyses in the history, but a path with no history there is refused
/// (`no_history`, as every other command that reads one): a typo creates nothing.
#[test]
fn analyze_refuses_a_missing_history_and_creates_nothing() {
    let dir = folder("analyze-typo");
    let typo = dir.join("no-such-folder").join("histroy.db");
    for args in [
        vec!["analyze", "--all", "--db", typo.to_str().unwrap()],
        vec!["analyze", "1", "--db", typo.to_str().unwrap()],
    ] {
        let (code, json) = cli(&args);
        assert_eq!(code, 2, "{json}");
        assert_eq!(kind(&json), "no_history", "{json}");
        assert!(!dir.join("no-such-folder").exists(), "nothing was created");
    }
}

#[test]
fn serve_takes_its_failure_knob_only_as_a_test_server() {
    // A server that fails computers on purpose is a test's: without --seed (a family's server)
    // it does not start, nor with a count that is not one.
    for args in [
        vec!["serve", "--port", "0", "--fail-computer-moves", "1"],
        vec![
            "serve",
            "--port",
            "0",
            "--seed",
            "1",
            "--fail-computer-moves",
            "x",
        ],
        vec![
            "serve",
            "--web",
            ".",
            "--port",
            "0",
            "--fail-computer-moves",
            "1",
        ],
    ] {
        let (code, json) = cli_or_killed(&args).expect("refused at once, not served");
        assert_eq!(code, 2, "{args:?}: {json}");
        assert_eq!(kind(&json), "usage", "{args:?}");
    }
}

//! The reliability round's adversarial tests (issue 42): each module holds the defects of one
//! kind, each test one defect, written so that it failed on the build before its fix.
//!
//! `WORDCLUB_ADVERSARIAL_ROUNDS` (default 1) repeats the randomised ones that many times over
//! with fresh seeds (each prints its seed): `WORDCLUB_ADVERSARIAL_ROUNDS=50 cargo test -p
//! wordclub-app --test adversarial -- --nocapture`.
#[path = "../common/mod.rs"]
mod common;
mod files;
mod history_file;
mod ids;
mod structure;
mod take_backs;

/// How many rounds the randomised tests run (`WORDCLUB_ADVERSARIAL_ROUNDS`, default 1).
pub fn rounds() -> u64 {
    std::env::var("WORDCLUB_ADVERSARIAL_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

//! Timestamps: stored as Unix milliseconds (UTC), shown as ISO 8601.

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn now_ms() -> i64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// In the browser `SystemTime::now` panics: the host's clock (`Date.now()`, the same clock the
/// page shows) is the time.
#[cfg(target_arch = "wasm32")]
pub(crate) fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

/// (year, month, day, hour, minute, second) of a Unix time in milliseconds, UTC.
fn civil(ms: i64) -> (i64, u32, u32, u32, u32, u32) {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        month,
        day,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

/// `2026-11-30T02:31:03Z`
pub(crate) fn utc_iso(ms: i64) -> String {
    let (y, mo, d, h, mi, s) = civil(ms);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

/// Now as `utc_compact`: the time part of a file set aside beside another
/// (`<name>.damaged-<time>`), for the app's settings as for the history.
pub fn utc_file_stamp() -> String {
    utc_compact(now_ms())
}

/// `20261130T023103Z`, for file names.
pub(crate) fn utc_compact(ms: i64) -> String {
    let (y, mo, d, h, mi, s) = civil(ms);
    format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_instants() {
        assert_eq!(utc_iso(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56 UTC = 951827696 s.
        assert_eq!(utc_iso(951_827_696_000), "2000-02-29T12:34:56Z");
        // 2026-11-30 02:31:03 UTC = 1796005863 s.
        assert_eq!(utc_iso(1_796_005_863_999), "2026-11-30T02:31:03Z");
        assert_eq!(utc_compact(1_796_005_863_000), "20261130T023103Z");
    }
}

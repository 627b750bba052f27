//! Timestamps as stored and sent: RFC 3339 in UTC with a fixed width, so that text order is time
//! order.

use time::OffsetDateTime;
use time::macros::format_description;

/// Now, e.g. `2026-11-29T22:09:28.123456Z`.
pub fn now_rfc3339() -> String {
    let format =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:6]Z");
    OffsetDateTime::now_utc()
        .format(&format)
        .unwrap_or_else(|_| String::from("1970-01-01T00:00:00.000000Z"))
}

/// Milliseconds since the Unix epoch (0 if the clock is before it).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

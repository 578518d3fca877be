//! The instants and dates other trackers write: RFC 3339 (GitHub, Linear),
//! Jira's `2024-03-05T10:11:12.345+0000`, plain dates, and the JavaScript
//! date string some CSV exports hold.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};

/// An instant, in UTC; None for an empty value or GitHub's zero instant.
pub fn instant(value: &str) -> Result<Option<DateTime<Utc>>, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    let parsed = DateTime::parse_from_rfc3339(value)
        .or_else(|_| DateTime::parse_from_str(value, "%Y-%m-%dT%H:%M:%S%.f%z"))
        .map(|t| t.with_timezone(&Utc))
        .or_else(|_| NaiveDateTime::parse_from_str(value, "%Y-%m-%d %H:%M:%S%.f").map(|t| t.and_utc()))
        .or_else(|_| NaiveDateTime::parse_from_str(value, "%Y-%m-%dT%H:%M:%S%.f").map(|t| t.and_utc()))
        .or_else(|_| javascript(value).ok_or(()))
        .or_else(|_| {
            let day = NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| ())?;
            day.and_hms_opt(0, 0, 0).map(|t| t.and_utc()).ok_or(())
        })
        .map_err(|_| format!("{} is not an instant (like 2024-03-05T10:11:12Z)", crate::text::echo(value)))?;
    // Placeholders for "never" (0001-01-01, the Unix epoch) are no instant
    // at all; other instants must be ones a board (and its archive) keeps.
    let year = chrono::Datelike::year(&parsed);
    if year == 1 || parsed.timestamp() == 0 {
        return Ok(None);
    }
    let years = crate::store::input::STORED_YEARS;
    if !years.contains(&year) {
        return Err(format!("{} is outside the years {} to {}", crate::text::echo(value), years.start(), years.end()));
    }
    Ok(Some(parsed))
}

/// `Tue Mar 05 2024 10:11:12 GMT+0000 (Coordinated Universal Time)`.
fn javascript(value: &str) -> Option<DateTime<Utc>> {
    let head = value.split(" (").next()?;
    let head = head.replacen("GMT", "", 1);
    DateTime::parse_from_str(&head, "%a %b %d %Y %H:%M:%S %z").ok().map(|t| t.with_timezone(&Utc))
}

/// A date (`2024-06-30`), or the date of an instant.
pub fn date(value: &str) -> Result<Option<NaiveDate>, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    if let Ok(d) = NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        return Ok(Some(d));
    }
    match instant(value) {
        Ok(Some(t)) => Ok(Some(t.date_naive())),
        _ => Err(format!("{} is not a date (like 2024-06-30)", crate::text::echo(value))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tracker_s_instants_read_as_the_same_utc_instant() {
        let want = "2024-03-05T10:11:12Z";
        for written in [
            "2024-03-05T10:11:12Z",
            "2024-03-05T11:11:12+01:00",
            "2024-03-05T10:11:12.000+0000",
            "2024-03-05T12:11:12.000+0200",
            "2024-03-05 10:11:12",
            "Tue Mar 05 2024 10:11:12 GMT+0000 (Coordinated Universal Time)",
        ] {
            let read = instant(written).expect("reads").expect("an instant");
            assert_eq!(read.to_rfc3339_opts(chrono::SecondsFormat::Secs, true), want, "{written}");
        }
        assert_eq!(instant("").expect("empty"), None);
        assert_eq!(instant("0001-01-01T00:00:00Z").expect("zero"), None);
        assert!(instant("yesterday").is_err());
        for outside in ["9999-12-31T23:59:59Z", "1969-07-20T20:17:00Z", "0000-06-01T00:00:00Z"] {
            assert!(instant(outside).is_err_and(|e| e.contains("outside the years 1970 to 2200")), "{outside}");
        }
        assert!(date("yesterday").is_err());
        assert_eq!(date("2024-06-30").expect("date"), NaiveDate::from_ymd_opt(2024, 6, 30));
        assert!(date("30/06/2024").is_err());
    }
}

//! Slows down token guessing: each client (by IP address) may fail
//! authentication a burst of times, then once per interval; beyond that it
//! is answered 429 before its token is even looked at.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failed attempts a client may make at once.
pub const BURST: f64 = 20.0;
/// One more failed attempt is allowed per this interval.
pub const REFILL: Duration = Duration::from_secs(1);
/// Clients remembered at most; past it, those back at a full burst are
/// forgotten first, so the table cannot grow without bound.
const MAX_CLIENTS: usize = 10_000;

#[derive(Debug, Clone, Copy)]
struct Bucket {
    allowance: f64,
    at: Instant,
}

impl Bucket {
    fn refilled(self, now: Instant) -> f64 {
        (self.allowance + now.duration_since(self.at).as_secs_f64() / REFILL.as_secs_f64()).min(BURST)
    }
}

/// Failed-authentication allowance per client.
#[derive(Debug, Default)]
pub struct AuthThrottle {
    clients: Mutex<HashMap<IpAddr, Bucket>>,
}

impl AuthThrottle {
    /// Whether `client` may try to authenticate now; if not, how long until
    /// it may.
    pub fn check(&self, client: IpAddr) -> Result<(), Duration> {
        let now = Instant::now();
        let clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match clients.get(&client).map(|b| b.refilled(now)) {
            Some(allowance) if allowance < 1.0 => Err(REFILL.mul_f64(1.0 - allowance)),
            _ => Ok(()),
        }
    }

    /// Counts one failed attempt of `client`.
    pub fn failed(&self, client: IpAddr) {
        let now = Instant::now();
        let mut clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if clients.len() >= MAX_CLIENTS && !clients.contains_key(&client) {
            clients.retain(|_, b| b.refilled(now) < BURST);
            if clients.len() >= MAX_CLIENTS {
                clients.clear();
            }
        }
        let allowance = clients.get(&client).map_or(BURST, |b| b.refilled(now));
        clients.insert(client, Bucket { allowance: (allowance - 1.0).max(0.0), at: now });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_failures_then_refused_per_client() {
        let throttle = AuthThrottle::default();
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        for _ in 0..BURST as usize {
            assert!(throttle.check(a).is_ok());
            throttle.failed(a);
        }
        let wait = throttle.check(a).expect_err("over the burst");
        assert!(wait <= REFILL);
        assert!(throttle.check(b).is_ok(), "another client is not slowed");
    }
}

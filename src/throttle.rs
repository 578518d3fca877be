//! Slows down token guessing: each client (by IPv4 address or IPv6 /64)
//! may fail authentication a burst of times, then once per interval;
//! beyond that it is answered 429 before its token is even looked at. Good
//! tokens cost nothing, so a busy client is never slowed for being busy.
//! Behind a proxy every client shares the proxy's address: the allowance
//! is then the proxy's, and a client guessing tokens slows everyone.

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

/// The unit a throttle counts: an IPv4 address, or an IPv6 /64 (what one
/// host is usually given, so rotating addresses within it gains nothing).
fn client_key(client: IpAddr) -> IpAddr {
    match client {
        IpAddr::V4(_) => client,
        IpAddr::V6(v6) => {
            let mut segments = v6.segments();
            segments[4..].fill(0);
            IpAddr::from(segments)
        }
    }
}

impl AuthThrottle {
    /// Whether `client` may try to authenticate now; if not, how long until
    /// it may. Nothing is taken: a client with good tokens is never slowed,
    /// however many requests it has in flight.
    pub fn check(&self, client: IpAddr) -> Result<(), Duration> {
        let (key, now) = (client_key(client), Instant::now());
        let clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match clients.get(&key).map(|b| b.refilled(now)) {
            Some(allowance) if allowance < 1.0 => {
                crate::metrics::metrics().auth_throttled();
                Err(REFILL.mul_f64(1.0 - allowance))
            }
            _ => Ok(()),
        }
    }

    /// Counts one failed attempt of `client`. The allowance may go below
    /// zero (to minus a burst): guesses sent in parallel all pass `check`
    /// at once, and then each costs its client a refill interval of waiting.
    pub fn failed(&self, client: IpAddr) {
        let (key, now) = (client_key(client), Instant::now());
        let mut clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if clients.len() >= MAX_CLIENTS && !clients.contains_key(&key) {
            clients.retain(|_, b| b.refilled(now) < BURST);
            if clients.len() >= MAX_CLIENTS {
                // Every remembered client is mid-burst: forget them rather
                // than grow; the allowance only slows guessing down.
                clients.clear();
            }
        }
        let allowance = clients.get(&key).map_or(BURST, |b| b.refilled(now));
        clients.insert(key, Bucket { allowance: (allowance - 1.0).max(-BURST), at: now });
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

    #[test]
    fn parallel_guesses_cost_their_client_and_a_v6_prefix_is_one_client() {
        let throttle = AuthThrottle::default();
        let client = IpAddr::from([10, 0, 0, 3]);
        for _ in 0..1_000 {
            throttle.failed(client);
        }
        let wait = throttle.check(client).expect_err("refused");
        assert!(wait > REFILL.mul_f64(BURST), "a flood waits out more than a burst: {wait:?}");
        let host: IpAddr = "2001:db8::1".parse().expect("address");
        for i in 0..BURST as u16 {
            throttle.failed(IpAddr::from([0x2001, 0xdb8, 0, 0, i, i, i, i]));
        }
        assert!(throttle.check(host).is_err(), "one /64 shares one allowance");
    }
}

//! Which network addresses the server may send to on a client's behalf
//! (webhooks): public ones only, loopback when the operator allows it.
//! Private, link-local (cloud metadata at 169.254.169.254 among them),
//! shared, documentation, multicast and unspecified addresses are never
//! public, nor an IPv6 address that embeds one of those.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use url::Host;

/// The address of a host written as one (`10.0.0.1`, `[::1]`).
pub fn literal_ip(host: &Host<&str>) -> Option<IpAddr> {
    match host {
        Host::Ipv4(ip) => Some(IpAddr::V4(*ip)),
        Host::Ipv6(ip) => Some(IpAddr::V6(*ip)),
        Host::Domain(_) => None,
    }
}

/// `localhost` (and names under it), or a loopback address.
pub fn is_loopback_host(host: &Host<&str>) -> bool {
    match host {
        Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
        _ => literal_ip(host).is_some_and(|ip| canonical(ip).is_loopback()),
    }
}

/// An IPv4 address written in IPv6 (`::ffff:10.0.0.1`) as the IPv4 one.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// Whether an address is on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match canonical(ip) {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        // Shared address space (carrier-grade NAT), 100.64.0.0/10.
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments, 192.0.0.0/24; benchmarking, 198.18.0.0/15.
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (18..20).contains(&b))
        // Reserved, 240.0.0.0/4.
        || a >= 240)
}

fn public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // Unique local fc00::/7, link-local fe80::/10, site-local fec0::/10.
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || (first & 0xffc0) == 0xfec0
        // Documentation 2001:db8::/32.
        || (first == 0x2001 && ip.segments()[1] == 0x0db8)
        // NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4
        // 2002::/16 and Teredo 2001::/32 carry an IPv4 address.
        || (first == 0x0064 && ip.segments()[1] == 0xff9b)
        || first == 0x2002
        || (first == 0x2001 && ip.segments()[1] == 0)
        // Discard-only 100::/64.
        || (first == 0x0100 && ip.segments()[1..4].iter().all(|s| *s == 0))
        // IPv4-compatible ::a.b.c.d (deprecated) and IPv4-translated
        // ::ffff:0:a.b.c.d.
        || ip.segments()[..6].iter().all(|s| *s == 0)
        || (ip.segments()[..4].iter().all(|s| *s == 0) && ip.segments()[4] == 0xffff && ip.segments()[5] == 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn public(text: &str) -> bool {
        is_public(text.parse().expect("an address"))
    }

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "127.0.0.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::a00:1",
            "2002:a00:1::",
            "::a00:1",
            "::ffff:0:a00:1",
            "::ffff:0:127.0.0.1",
            "64:ff9b:1::a00:1",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "100::1",
        ] {
            assert!(!public(private), "{private}");
        }
        for open in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"] {
            assert!(public(open), "{open}");
        }
    }

    #[test]
    fn loopback_hosts_by_name_or_address() {
        for (url, loopback) in [
            ("http://localhost:1/", true),
            ("http://a.localhost/", true),
            ("http://127.0.0.2/", true),
            ("http://[::1]/", true),
            ("http://example.com/", false),
            ("http://10.0.0.1/", false),
        ] {
            let parsed = url::Url::parse(url).expect("a URL");
            assert_eq!(is_loopback_host(&parsed.host().expect("a host")), loopback, "{url}");
        }
    }
}

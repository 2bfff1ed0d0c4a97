//! What every request and response of the app goes through: the Host check
//! (DNS rebinding), the security headers, and ids nobody can guess.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// A Host header (or a request target's authority) read strictly: a name
/// (letters, digits, `-`, `.`) or an IPv4 address or a bracketed IPv6
/// address, then an optional `:port` of 1 to 5 digits, nothing else. The
/// host comes back lowercased, an IPv6 address in brackets; `None` when
/// the value is anything else (`127.0.0.1:80@evil.com`, `[::1]evil.com`,
/// `localhost:80 evil.com`, an empty name, a port above 65535).
pub(crate) fn parse_host(v: &str) -> Option<String> {
    let (host, port) = if let Some(rest) = v.strip_prefix('[') {
        let (inner, after) = rest.split_once(']')?;
        inner.parse::<std::net::Ipv6Addr>().ok()?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (format!("[{}]", inner.to_ascii_lowercase()), port)
    } else {
        let (name, port) = match v.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (v, None),
        };
        let ok = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
        if !ok {
            return None;
        }
        (name.to_ascii_lowercase(), port)
    };
    if let Some(p) = port {
        let digits = !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit());
        if !digits || p.parse::<u16>().is_err() {
            return None;
        }
    }
    Some(host)
}

/// The host a request is addressed to, when it says so exactly once and
/// well-formed: one Host header, and a request target's authority (if any)
/// naming the same host.
pub(crate) fn addressed_host(headers: &HeaderMap, uri: &axum::http::Uri) -> Option<String> {
    let mut all = headers.get_all(header::HOST).iter();
    let (Some(one), None) = (all.next(), all.next()) else {
        return None;
    };
    let host = parse_host(one.to_str().ok()?)?;
    if let Some(a) = uri.authority() {
        if parse_host(a.as_str())? != host {
            return None;
        }
    }
    Some(host)
}

/// The names this app answers to.
#[derive(Clone)]
pub(crate) struct Hosts(pub std::sync::Arc<Vec<String>>);

/// The host form of an address, as [`parse_host`] returns it.
pub(crate) fn host_of(ip: std::net::IpAddr) -> String {
    match ip {
        std::net::IpAddr::V4(a) => a.to_string(),
        std::net::IpAddr::V6(a) => match a.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => format!("[{a}]"),
        },
    }
}

/// The two ends of a request's connection (set by the server for each one).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ends {
    /// This machine's address the client connected to.
    pub(crate) local: std::net::SocketAddr,
    /// The client's address.
    pub(crate) peer: std::net::SocketAddr,
}

/// Refuse requests addressed to another host (DNS rebinding: a web page
/// whose name resolves to 127.0.0.1 must not reach the app). Besides the
/// names given, a request addressed to the very address its connection
/// reached is this machine's own (a hall's computers use the server's IP).
pub(crate) async fn check_host(State(hosts): State<Hosts>, req: Request, next: Next) -> Response {
    let own = req
        .extensions()
        .get::<Ends>()
        .map(|e| host_of(e.local.ip()));
    let ok = addressed_host(req.headers(), req.uri())
        .is_some_and(|h| hosts.0.contains(&h) || own.as_ref() == Some(&h));
    if !ok {
        return (
            StatusCode::MISDIRECTED_REQUEST,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "this app answers only requests addressed to localhost, to this machine's own addresses or to the --public-name it was given (one Host header: a name and an optional port)\n",
        )
            .into_response();
    }
    next.run(req).await
}

/// The pages load nothing but the app's own stylesheet and script (no
/// inline script: a name in the data can never run) and post forms only to
/// the app; no frame, no plugin.
pub(crate) const CSP: &str = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Headers on every response: no sniffing, the policy above, no framing,
/// no referrer to other sites, nothing of an upload kept in a cache (the
/// stylesheet may be), and a Content-Type always.
///
/// The referrer policy is `same-origin`, not `no-referrer`: under
/// `no-referrer` a browser sends `Origin: null` with every form it posts
/// (Fetch standard, "append a request `Origin` header"), so the hall's
/// login and setup, which refuse a form whose Origin is another site's or
/// null, refused every login from Chromium. Under `same-origin` the app's
/// own forms carry its origin and another site's carry theirs or null.
pub(crate) async fn security_headers(req: Request, next: Next) -> Response {
    let css = req.uri().path().ends_with("/style.css");
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if css { "no-cache" } else { "no-store" }),
    );
    if !h.contains_key(header::CONTENT_TYPE) {
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
    }
    r
}

/// A fresh id nobody can guess: 128 bits from the operating system's
/// random source, in hex; `None` when the source fails (no weaker fallback).
pub(crate) fn random_id() -> Option<String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).ok()?;
    Some(b.iter().map(|x| format!("{x:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// #34 item 6: forms the old check took for a local name.
    #[test]
    fn host_check_refuses_what_is_not_one_host_and_port() {
        for bad in [
            "127.0.0.1:8000@evil.com",
            "[::1]evil.com",
            "localhost:8000 evil.com",
            "localhost:8000,evil.com",
            "localhost:",
            "localhost:99999",
            "localhost:8000:1",
            ":8000",
            "",
            "[::1",
            "[nonsense]:80",
            "evil.com/localhost",
        ] {
            assert_eq!(parse_host(bad), None, "{bad}");
        }
        assert_eq!(parse_host("LocalHost:8000").as_deref(), Some("localhost"));
        assert_eq!(parse_host("127.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(parse_host("[::1]:8000").as_deref(), Some("[::1]"));
        assert_eq!(parse_host("[::1]").as_deref(), Some("[::1]"));
        assert_eq!(
            parse_host("evil.example:8000").as_deref(),
            Some("evil.example")
        );
    }

    #[test]
    fn host_check_wants_exactly_one_host_header() {
        let uri: axum::http::Uri = "/".parse().unwrap();
        let mut h = HeaderMap::new();
        assert_eq!(addressed_host(&h, &uri), None);
        h.append(header::HOST, HeaderValue::from_static("localhost"));
        assert_eq!(addressed_host(&h, &uri).as_deref(), Some("localhost"));
        h.append(header::HOST, HeaderValue::from_static("evil.com"));
        assert_eq!(addressed_host(&h, &uri), None);
        let mut h = HeaderMap::new();
        h.append(header::HOST, HeaderValue::from_static("localhost"));
        let abs: axum::http::Uri = "http://evil.com/".parse().unwrap();
        assert_eq!(addressed_host(&h, &abs), None);
    }

    /// #34 item 7: ids come from the OS random source, 128 bits.
    #[test]
    fn random_ids_are_128_bits_of_hex_and_differ() {
        let a = random_id().unwrap();
        let b = random_id().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}

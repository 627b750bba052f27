//! Only our own pages may drive the server: every request must name an accepted host (so a page
//! on another site cannot reach a server on 127.0.0.1 by DNS rebinding), a state-changing request
//! or a WebSocket that comes from a browser must come from our own origin, and every answer carries
//! the usual security headers.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::config::Access;
use crate::error::ApiError;

/// The page's content security policy: our own scripts, styles, images and sockets only, and
/// never inside another site's frame.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                   img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; \
                   object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The accepted host names and the public origin, as the guard checks them.
#[derive(Debug, Clone)]
pub struct HostPolicy {
    names: Vec<String>,
    public_origin: Option<String>,
}

impl HostPolicy {
    /// The policy of `access`.
    pub fn new(access: &Access) -> Arc<Self> {
        let mut names: Vec<String> = access
            .allowed_hosts
            .iter()
            .map(|h| h.trim().to_ascii_lowercase())
            .filter(|h| !h.is_empty())
            .collect();
        let public_origin = access
            .public_url
            .as_deref()
            .map(|url| url.trim().trim_end_matches('/').to_ascii_lowercase());
        if let Some(origin) = &public_origin
            && let Some((_, authority)) = origin.split_once("://")
        {
            names.push(host_of(authority).to_owned());
        }
        Arc::new(HostPolicy {
            names,
            public_origin,
        })
    }

    /// Whether a `Host` header value names this server. IP literals are always accepted: DNS
    /// rebinding needs a name the attacker controls, and a page served from an address is that
    /// address's own origin.
    fn accepts_host(&self, authority: &str) -> bool {
        let host = host_of(authority).to_ascii_lowercase();
        host == "localhost"
            || host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                .is_ok()
            || self.names.contains(&host)
    }

    /// Whether a browser's `Origin` is our own: the host it asked for, or the public origin.
    fn accepts_origin(&self, origin: &str, host: &str) -> bool {
        let origin = origin.to_ascii_lowercase();
        if self.public_origin.as_deref() == Some(origin.as_str()) {
            return true;
        }
        match origin.split_once("://") {
            Some(("http" | "https", authority)) => authority == host.to_ascii_lowercase(),
            _ => false,
        }
    }
}

/// `example.org:8080` → `example.org`, `[::1]:8080` → `[::1]`.
fn host_of(authority: &str) -> &str {
    if authority.starts_with('[') {
        return authority.split_inclusive(']').next().unwrap_or(authority);
    }
    authority.split(':').next().unwrap_or(authority)
}

fn refused(code: &str, message: String) -> Response {
    ApiError::new(StatusCode::FORBIDDEN, code, message).into_response()
}

/// The host a request names: its `Host` header, or the authority of an absolute URI (HTTP/2).
fn requested_host(request: &Request) -> Option<String> {
    if let Some(host) = request.headers().get(header::HOST) {
        return host.to_str().ok().map(str::to_owned);
    }
    request.uri().authority().map(|a| a.as_str().to_owned())
}

/// Whether a request may change something (or opens a WebSocket, which can).
fn changes_state(request: &Request) -> bool {
    !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) || request.headers().contains_key(header::UPGRADE)
}

/// The middleware: refuses foreign hosts and origins, then adds the security headers.
pub async fn guard(
    State(policy): State<Arc<HostPolicy>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(host) = requested_host(&request) else {
        return ApiError::bad_request("host_missing", "the request names no host").into_response();
    };
    if !policy.accepts_host(&host) {
        return refused(
            "host_not_allowed",
            format!(
                "this server does not answer for the host {host:?}; an operator can allow it with \
                 --allowed-hosts or --public-url"
            ),
        );
    }
    if changes_state(&request)
        && let Some(origin) = request.headers().get(header::ORIGIN)
    {
        let origin = origin.to_str().unwrap_or("");
        if !policy.accepts_origin(origin, &host) {
            return refused(
                "origin_not_allowed",
                format!("requests from the page at {origin:?} may not change anything here"),
            );
        }
    }
    let is_api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    add_security_headers(response.headers_mut(), is_api);
    response
}

fn add_security_headers(headers: &mut HeaderMap, is_api: bool) {
    let fixed = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "same-origin"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    // A game's state changes with every move: Back must never show an old position.
    if is_api {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(hosts: &[&str], public_url: Option<&str>) -> Arc<HostPolicy> {
        HostPolicy::new(&Access {
            allowed_hosts: hosts.iter().map(|h| h.to_string()).collect(),
            public_url: public_url.map(str::to_owned),
            ..Access::default()
        })
    }

    #[test]
    fn loopback_names_and_ip_literals_are_accepted() {
        let p = policy(&[], None);
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "192.0.2.7",
            "LOCALHOST",
        ] {
            assert!(p.accepts_host(host), "{host}");
        }
    }

    #[test]
    fn a_rebinding_name_is_refused_unless_allowed() {
        assert!(!policy(&[], None).accepts_host("attacker.example:8080"));
        assert!(policy(&["qipan.example.org"], None).accepts_host("qipan.example.org"));
        assert!(policy(&[], Some("https://qipan.example.org/")).accepts_host("qipan.example.org"));
        assert!(!policy(&["qipan.example.org"], None).accepts_host("evil.qipan.example.org"));
    }

    #[test]
    fn only_our_own_origin_may_post() {
        let p = policy(&[], Some("https://qipan.example.org"));
        assert!(p.accepts_origin("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(p.accepts_origin("https://qipan.example.org", "127.0.0.1:8080"));
        assert!(!p.accepts_origin("http://attacker.example", "127.0.0.1:8080"));
        assert!(!p.accepts_origin("http://127.0.0.1:9999", "127.0.0.1:8080"));
        assert!(!p.accepts_origin("null", "127.0.0.1:8080"));
    }
}

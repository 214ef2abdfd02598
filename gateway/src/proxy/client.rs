//! The awc client that talks to the pod, one per worker (awc clients are not `Send`).

use std::time::Duration;

/// Longest wait for a TCP (and TLS) connection to the pod.
const MAX_CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Makes rustls use `ring`. Must run before the first connector is built; later calls are no-ops.
pub fn install_crypto_provider() {
    let _already_installed = rustls::crypto::ring::default_provider().install_default();
}

pub fn build(timeout: Duration) -> awc::Client {
    let connector = awc::Connector::new()
        .timeout(timeout.min(MAX_CONNECT_TIMEOUT))
        .handshake_timeout(timeout.min(MAX_CONNECT_TIMEOUT))
        // Audio streams hold a connection for minutes; a pool cap would queue other requests
        // behind them until they time out. The pod is the one to limit its load.
        .limit(0);
    awc::Client::builder()
        .connector(connector)
        // A redirect is the pod's answer for the browser, not for us to follow.
        .disable_redirects()
        // See `deadline`: awc's timeout would also cut long uploads and streams.
        .disable_timeout()
        // No awc User-Agent or Accept-Encoding of our own: the client's go through.
        .no_default_headers()
        .finish()
}

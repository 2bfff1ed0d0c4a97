//! The app's connections: a bounded number at once, each closed when it
//! idles (keep-alive, half-open, a stalled body) or takes too long to send
//! its headers. Running out of descriptors (or of connection slots) refuses
//! the new connection and goes on serving the others; it never ends the
//! process.

use std::io::Write as _;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// Time a client has to send a request's headers.
pub(crate) const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// A connection with no byte in or out this long, and no request being
/// worked on, is closed.
pub(crate) const IDLE_TIMEOUT: Duration = Duration::from_secs(30);
/// Connections served at once when the descriptor limit allows it.
pub(crate) const MAX_CONNECTIONS: usize = 2048;
/// Descriptors left for everything but connections (the listener, files,
/// the runtime, the blocking threads).
const SPARE_DESCRIPTORS: usize = 32;

/// Connections at once: [`MAX_CONNECTIONS`], fewer when the process may
/// open fewer descriptors (the soft `ulimit -n`, read from /proc on Linux).
pub(crate) fn connection_limit() -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3)?.parse::<usize>().ok())
        });
    match soft {
        Some(n) => n
            .saturating_sub(SPARE_DESCRIPTORS)
            .clamp(1, MAX_CONNECTIONS),
        None => MAX_CONNECTIONS,
    }
}

/// A connection's activity, shared with its requests: the last byte moved
/// (milliseconds since the server started) and the requests being worked on.
#[derive(Clone)]
pub(crate) struct Activity {
    start: Instant,
    last: Arc<AtomicU64>,
    working: Arc<AtomicUsize>,
}

impl Activity {
    fn new(start: Instant) -> Activity {
        let a = Activity {
            start,
            last: Arc::default(),
            working: Arc::default(),
        };
        a.touch();
        a
    }

    fn touch(&self) {
        let ms = self.start.elapsed().as_millis() as u64;
        self.last.store(ms, Ordering::Relaxed);
    }

    fn idle(&self) -> Duration {
        let ms = self.start.elapsed().as_millis() as u64;
        Duration::from_millis(ms.saturating_sub(self.last.load(Ordering::Relaxed)))
    }

    /// Mark the connection busy (a request's work is running or queued)
    /// until the guard is dropped: the idle timeout does not apply then.
    pub(crate) fn working(&self) -> Working {
        self.working.fetch_add(1, Ordering::Relaxed);
        Working(self.working.clone())
    }
}

pub(crate) struct Working(Arc<AtomicUsize>);

impl Drop for Working {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A stream that records when bytes move.
struct Tracked {
    inner: TcpStream,
    activity: Activity,
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        r
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// What a refused connection is told before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 52\r\nRetry-After: 5\r\nConnection: close\r\n\r\ntoo many connections to this app; try again shortly\n";

/// Accept and serve connections until the process ends.
pub(crate) async fn serve(listener: TcpListener, app: Router, limit: usize) {
    let start = Instant::now();
    let slots = Arc::new(Semaphore::new(limit));
    let mut warned = false;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(x) => x,
            Err(e) => {
                // Out of descriptors (EMFILE/ENFILE) or a connection reset
                // before it was accepted: the pending one stays in the
                // backlog; wait a little and go on.
                if !warned {
                    // ignored when standard error is closed: the server goes on
                    let _ = writeln!(std::io::stderr(), "arbiter serve: cannot accept a connection: {e} (refusing new connections until some close)");
                    warned = true;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            // a short answer fits the socket's buffer: written at once or not at all
            let _ = stream.try_write(BUSY);
            drop(stream);
            continue;
        };
        warned = false;
        let _ = stream.set_nodelay(true);
        let activity = Activity::new(start);
        let ends = stream
            .local_addr()
            .ok()
            .map(|local| super::guard::Ends { local, peer });
        let app = app.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let io = TokioIo::new(Tracked {
                inner: stream,
                activity: activity.clone(),
            });
            let a = activity.clone();
            let svc = TowerToHyperService::new(app);
            let svc = hyper::service::service_fn(move |mut req| {
                req.extensions_mut().insert(a.clone());
                if let Some(e) = ends {
                    req.extensions_mut().insert(e);
                }
                hyper::service::Service::call(&svc, req)
            });
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .keep_alive(true)
                .serve_connection(io, svc);
            tokio::select! {
                _ = conn => {}
                _ = watchdog(&activity) => {}
            }
        });
    }
}

/// Resolves when the connection has been idle too long with no request
/// being worked on.
async fn watchdog(a: &Activity) {
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if a.working.load(Ordering::Relaxed) == 0 && a.idle() >= IDLE_TIMEOUT {
            return;
        }
    }
}

//! The bound on waiting for the pod.
//!
//! awc's own timeout covers the whole exchange up to the response head *including sending the
//! request body*, and then keeps running over the response body. Either would cut a long upload
//! or a long audio stream that is progressing normally. So awc's timeout is disabled and this
//! module bounds *idle* time instead: the deadline is `timeout` after the last request-body chunk
//! went to the pod (or after the request started, when there is no body). An upload whose bytes
//! keep flowing is never cut; a pod that goes quiet for `timeout` before its answer begins gets
//! a 504. Response bodies are not bounded: the pod streams at the pace the client reads.

use std::{cell::Cell, future::Future, rc::Rc, time::Duration};

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use tokio::time::Instant;

/// When the request last made progress. `Rc`: a proxied exchange lives on one worker thread.
#[derive(Debug, Clone)]
pub struct LastActivity(Rc<Cell<Instant>>);

impl LastActivity {
    pub fn now() -> Self {
        Self(Rc::new(Cell::new(Instant::now())))
    }

    fn touch(&self) {
        self.0.set(Instant::now());
    }

    fn get(&self) -> Instant {
        self.0.get()
    }
}

/// Passes `body` through, noting the time of every chunk.
pub fn track<S, E>(body: S, activity: LastActivity) -> impl Stream<Item = Result<Bytes, E>>
where
    S: Stream<Item = Result<Bytes, E>>,
{
    body.inspect(move |_| activity.touch())
}

/// Runs `fut` until it ends, or `None` once `idle` passed with no activity.
pub async fn within_idle<F: Future>(
    fut: F,
    activity: &LastActivity,
    idle: Duration,
) -> Option<F::Output> {
    tokio::pin!(fut);
    loop {
        tokio::select! {
            biased;
            out = &mut fut => return Some(out),
            () = tokio::time::sleep_until(activity.get() + idle) => {
                if activity.get() + idle <= Instant::now() {
                    return None;
                }
            }
        }
    }
}

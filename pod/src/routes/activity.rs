//! `/api/v1/activity`: the live websocket (session cookie or bearer), sending the event
//! shapes of calls.md §7.9 (`{"type": "user_request.created", …}`); a plain GET answers the
//! activity list, empty on this pod.

use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::Message;
use futures_util::StreamExt;
use tokio::sync::broadcast::error::RecvError;

use crate::auth::Auth;
use crate::domain::pagination::single_page;
use crate::routes::res;
use crate::state::{AppState, Audience, Event};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/activity").route(web::get().to(activity)));
}

fn is_upgrade(req: &HttpRequest) -> bool {
    req.headers()
        .get("upgrade")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

fn receives(auth: &Auth, event: &Event) -> bool {
    match event.audience {
        Audience::Everyone => true,
        Audience::User(id) => auth.user.id == id,
        Audience::Holders(permission) => auth.require(permission).is_ok(),
    }
}

#[tracing::instrument(skip_all)]
async fn activity(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    body: web::Payload,
) -> Result<HttpResponse, actix_web::Error> {
    if !is_upgrade(&req) {
        return Ok(HttpResponse::Ok().json(single_page(Vec::new())));
    }
    let (response, mut session, stream) = actix_ws::handle(&req, body)?;
    let mut stream = stream.max_frame_size(64 * 1024);
    let mut events = state.events.subscribe();
    actix_web::rt::spawn(async move {
        loop {
            tokio::select! {
                event = events.recv() => match event {
                    Ok(event) if receives(&auth, &event) => {
                        if session.text(event.payload.to_string()).await.is_err() {
                            break;
                        }
                    }
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => break,
                },
                msg = stream.next() => match msg {
                    Some(Ok(Message::Ping(bytes))) => {
                        if session.pong(&bytes).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => {}
                },
            }
        }
        let _ = session.close(None).await;
    });
    Ok(response)
}

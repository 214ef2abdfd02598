//! Channels (`channels/`): create (artist, podcast or other; the username cannot change
//! later), list, detail, edit and delete by the owner, the RSS feed, metadata choices; and
//! attachments (`attachments/`), pictures checked as PNG or JPEG, 1400–3000 px square,
//! at most 5 MB. Publishing to a channel is an upload whose target is the channel.

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use rusqlite::{params, OptionalExtension};
use serde_json::{json, Value};

use crate::auth::Auth;
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{like, paginate};
use crate::routes::subscriptions::channel_value;
use crate::routes::{res, Body, QueryParams};
use crate::state::AppState;
use crate::store::catalogue as cat;
use crate::store::subscriptions::{self as subs, ChannelRow};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/channels")
            .route(web::get().to(list))
            .route(web::post().to(create)),
    )
    .service(res("/channels/metadata-choices").route(web::get().to(metadata_choices)))
    .service(
        res("/channels/rss-subscribe")
            .route(web::post().to(crate::routes::rss_subscribe::rss_subscribe)),
    )
    .service(res("/channels/{composite}/rss").route(web::get().to(rss)))
    .service(
        res("/channels/{composite}")
            .route(web::get().to(get))
            .route(web::put().to(update))
            .route(web::patch().to(update))
            .route(web::delete().to(delete)),
    )
    .service(res("/attachments").route(web::post().to(create_attachment)))
    .service(res("/attachments/{uuid}/proxy").route(web::get().to(attachment_proxy)))
    .service(
        res("/attachments/{uuid}")
            .route(web::get().to(get_attachment))
            .route(web::delete().to(delete_attachment)),
    );
}

const CATEGORIES: &[&str] = &["music", "podcast", "other"];
/// Channels one user may own (a real pod's default `audio__max_channels`).
const MAX_CHANNELS: i64 = 20;
/// Apple's podcast categories and their subcategories (what podcast directories accept).
const ITUNES_CATEGORIES: &[(&str, &[&str])] = &[
    (
        "Arts",
        &[
            "Books",
            "Design",
            "Fashion & Beauty",
            "Food",
            "Performing Arts",
            "Visual Arts",
        ],
    ),
    (
        "Business",
        &[
            "Careers",
            "Entrepreneurship",
            "Investing",
            "Management",
            "Marketing",
            "Non-Profit",
        ],
    ),
    ("Comedy", &["Comedy Interviews", "Improv", "Stand-Up"]),
    (
        "Education",
        &["Courses", "How To", "Language Learning", "Self-Improvement"],
    ),
    ("Fiction", &["Comedy Fiction", "Drama", "Science Fiction"]),
    ("Government", &[]),
    (
        "Health & Fitness",
        &[
            "Alternative Health",
            "Fitness",
            "Medicine",
            "Mental Health",
            "Nutrition",
            "Sexuality",
        ],
    ),
    ("History", &[]),
    (
        "Kids & Family",
        &[
            "Education for Kids",
            "Parenting",
            "Pets & Animals",
            "Stories for Kids",
        ],
    ),
    (
        "Leisure",
        &[
            "Animation & Manga",
            "Automotive",
            "Aviation",
            "Crafts",
            "Games",
            "Hobbies",
            "Home & Garden",
            "Video Games",
        ],
    ),
    (
        "Music",
        &["Music Commentary", "Music History", "Music Interviews"],
    ),
    (
        "News",
        &[
            "Business News",
            "Daily News",
            "Entertainment News",
            "News Commentary",
            "Politics",
            "Sports News",
            "Tech News",
        ],
    ),
    (
        "Religion & Spirituality",
        &[
            "Buddhism",
            "Christianity",
            "Hinduism",
            "Islam",
            "Judaism",
            "Religion",
            "Spirituality",
        ],
    ),
    (
        "Science",
        &[
            "Astronomy",
            "Chemistry",
            "Earth Sciences",
            "Life Sciences",
            "Mathematics",
            "Natural Sciences",
            "Nature",
            "Physics",
            "Social Sciences",
        ],
    ),
    (
        "Society & Culture",
        &[
            "Documentary",
            "Personal Journals",
            "Philosophy",
            "Places & Travel",
            "Relationships",
        ],
    ),
    (
        "Sports",
        &[
            "Baseball",
            "Basketball",
            "Cricket",
            "Fantasy Sports",
            "Football",
            "Golf",
            "Hockey",
            "Rugby",
            "Running",
            "Soccer",
            "Swimming",
            "Tennis",
            "Volleyball",
            "Wilderness",
            "Wrestling",
        ],
    ),
    ("Technology", &[]),
    ("True Crime", &[]),
    (
        "TV & Film",
        &[
            "After Shows",
            "Film History",
            "Film Interviews",
            "Film Reviews",
            "TV Reviews",
        ],
    ),
];

fn itunes_children(category: &str) -> Option<&'static [&'static str]> {
    ITUNES_CATEGORIES
        .iter()
        .find(|(name, _)| *name == category)
        .map(|(_, children)| *children)
}
const LANGUAGES: &[(&str, &str)] = &[
    ("en", "English"),
    ("fr", "French"),
    ("de", "German"),
    ("es", "Spanish"),
    ("it", "Italian"),
    ("nl", "Dutch"),
    ("pt", "Portuguese"),
];

async fn metadata_choices() -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "language": LANGUAGES.iter().map(|(v, l)| json!({"value": v, "label": l})).collect::<Vec<_>>(),
        "itunes_category": ITUNES_CATEGORIES.iter().map(|(c, children)| json!({"value": c, "label": c, "children": children})).collect::<Vec<_>>(),
    }))
}

fn load(
    conn: &rusqlite::Connection,
    composite: &str,
    domain: &str,
) -> Result<ChannelRow, ApiError> {
    subs::channel(conn, composite, domain)?.ok_or(ApiError::NotFound)
}

#[tracing::instrument(skip_all)]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let mut filter = cat::Filter::default();
    if params.get("scope") == Some("me") {
        filter.add("c.owner_id = ?", vec![cat::int(user)]);
    }
    if let Some(q) = params.get("q") {
        filter.add(
            "(ar.name LIKE ? ESCAPE '\\' OR c.username LIKE ? ESCAPE '\\')",
            vec![like(q), like(q)],
        );
    }
    if let Some(category) = params.get("content_category") {
        filter.add("ar.content_category = ?", vec![cat::text(category)]);
    }
    match params.flag("subscribed") {
        Some(true) => filter.add(
            "c.id IN (SELECT channel_id FROM channel_subscriptions WHERE user_id = ?)",
            vec![cat::int(user)],
        ),
        Some(false) => filter.add(
            "c.id NOT IN (SELECT channel_id FROM channel_subscriptions WHERE user_id = ?)",
            vec![cat::int(user)],
        ),
        None => {}
    }
    let order = match params.get("ordering") {
        Some("creation_date") => "c.creation_date ASC, c.id ASC",
        Some("modification_date" | "-modification_date") => "ar.modification_date DESC, c.id DESC",
        _ => "c.creation_date DESC, c.id DESC",
    };
    let state2 = state.get_ref().clone();
    let domain = state.domain();
    paginate(&state, &req, &params, move |conn, page| {
        let from = "channels c JOIN artists ar ON ar.id = c.artist_id";
        let count = cat::count(conn, from, &filter)?;
        let page = page.check(count)?;
        let mut stmt = conn.prepare(&format!(
            "SELECT c.uuid FROM {from} {} ORDER BY {order} LIMIT {} OFFSET {}",
            filter.sql(),
            page.limit(),
            page.offset()
        ))?;
        let uuids = stmt
            .query_map(rusqlite::params_from_iter(filter.params.iter()), |r| {
                r.get::<_, String>(0)
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut values = Vec::new();
        for uuid in uuids {
            values.push(channel_value(&state2, conn, &load(conn, &uuid, &domain)?)?);
        }
        Ok((count, values))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    _auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let composite = path.into_inner();
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| channel_value(&state2, conn, &load(conn, &composite, &domain)?))
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

struct ChannelInput {
    name: Option<String>,
    username: Option<String>,
    description: Option<Option<String>>,
    tags: Option<Vec<String>>,
    content_category: Option<String>,
    metadata: Option<Value>,
    cover: Option<Option<String>>,
}

fn parse_input(body: &Body, creating: bool, partial: bool) -> Result<ChannelInput, ApiError> {
    let mut errors = FieldErrors::new();
    let needed = |key: &str| !partial || body.0.contains_key(key);
    let name = if needed("name") {
        body.required("name", &mut errors)
            .map(|n| n.trim().to_owned())
            .filter(|n| {
                let ok = n.chars().count() <= 200;
                if !ok {
                    errors.add("name", "Ensure this field has no more than 200 characters.");
                }
                ok
            })
    } else {
        None
    };
    let username = if creating {
        body.required("username", &mut errors).filter(|u| {
            let ok = u.chars().count() <= 200 && u.chars().all(|c| c.is_alphanumeric() || c == '_');
            if !ok {
                errors.add(
                    "username",
                    "Enter a valid username: letters, numbers and underscores only.",
                );
            }
            ok
        })
    } else {
        if body.0.contains_key("username") {
            errors.add("username", "The username of a channel cannot be changed.");
        }
        None
    };
    let description = match body.0.get("description") {
        None if needed("description") && !partial && creating => {
            errors.add("description", "This field is required.");
            None
        }
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::Object(o)) => {
            let text = o.get("text").and_then(Value::as_str).unwrap_or_default();
            let content_type = o
                .get("content_type")
                .and_then(Value::as_str)
                .unwrap_or("text/markdown");
            if !["text/markdown", "text/plain", "text/html"].contains(&content_type) {
                errors.add(
                    "description",
                    format!("\"{content_type}\" is not a valid choice."),
                );
            }
            Some(Some(
                json!({"text": text, "content_type": content_type}).to_string(),
            ))
        }
        Some(_) => {
            errors.add(
                "description",
                "Expected an object with text and content_type.",
            );
            None
        }
    };
    let tags = match body.0.get("tags") {
        None if creating && !partial => Some(Vec::new()),
        None => None,
        Some(Value::Array(items)) => {
            let tags: Vec<String> = items
                .iter()
                .filter_map(Value::as_str)
                .map(|t| t.trim().trim_start_matches('#').to_owned())
                .filter(|t| !t.is_empty())
                .collect();
            if tags.len() != items.len() {
                errors.add("tags", "Each tag must be a non-empty string.");
            }
            Some(tags)
        }
        Some(_) => {
            errors.add("tags", "Expected a list of items.");
            None
        }
    };
    let content_category = match body.0.get("content_category") {
        None if needed("content_category") => {
            errors.add("content_category", "This field is required.");
            None
        }
        None => None,
        Some(Value::String(s)) if CATEGORIES.contains(&s.as_str()) => Some(s.clone()),
        Some(other) => {
            let shown = other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_owned);
            errors.add(
                "content_category",
                format!("\"{shown}\" is not a valid choice."),
            );
            None
        }
    };
    let metadata = match body.0.get("metadata") {
        None | Some(Value::Null) => None,
        Some(v @ Value::Object(_)) => Some(v.clone()),
        Some(_) => {
            errors.add("metadata", "Expected a dictionary of items.");
            None
        }
    };
    let cover = match body.0.get("cover") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::String(s)) if s.is_empty() => Some(None),
        Some(Value::String(s)) => Some(Some(s.clone())),
        Some(_) => {
            errors.add("cover", "Not a valid string.");
            None
        }
    };
    errors.into_result()?;
    Ok(ChannelInput {
        name,
        username,
        description,
        tags,
        content_category,
        metadata,
        cover,
    })
}

/// A podcast's metadata, as the real API checks it: `itunes_category` (one of the choices) and
/// `language` (an ISO 639 code) required; `owner_email` an address when given; `explicit` a
/// boolean. Errors are top-level field errors, as a real pod gives them.
fn check_podcast_metadata(metadata: &Value) -> Result<(), ApiError> {
    let mut errors = FieldErrors::new();
    match metadata.get("itunes_category") {
        None | Some(Value::Null) => errors.add("itunes_category", "This field is required."),
        Some(Value::String(c)) if itunes_children(c).is_some() => {}
        Some(other) => {
            let shown = other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_owned);
            errors.add(
                "itunes_category",
                format!("\"{shown}\" is not a valid choice."),
            );
        }
    }
    // A subcategory, when given, must be one of the category's.
    if let Some(sub) = metadata.get("itunes_subcategory").filter(|s| !s.is_null()) {
        let children = metadata
            .get("itunes_category")
            .and_then(Value::as_str)
            .and_then(itunes_children);
        match (sub.as_str(), children) {
            (Some(sub), Some(children)) if children.contains(&sub) => {}
            (Some(_), None) => {}
            _ => errors.add(
                "itunes_subcategory",
                "This subcategory does not belong to the chosen category.",
            ),
        }
    }
    match metadata.get("language") {
        None | Some(Value::Null) => errors.add("language", "This field is required."),
        Some(Value::String(l))
            if (2..=3).contains(&l.len()) && l.chars().all(|c| c.is_ascii_lowercase()) => {}
        Some(other) => {
            let shown = other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_owned);
            errors.add("language", format!("\"{shown}\" is not a valid choice."));
        }
    }
    if let Some(email) = metadata.get("owner_email").filter(|e| !e.is_null()) {
        let ok = email
            .as_str()
            .and_then(|e| e.split_once('@'))
            .is_some_and(|(user, host)| !user.is_empty() && host.contains('.'));
        if !ok {
            errors.add("owner_email", "Enter a valid email address.");
        }
    }
    if metadata.get("explicit").is_some_and(|e| !e.is_boolean()) {
        errors.add("explicit", "Must be a valid boolean.");
    }
    errors.into_result()
}

/// The cover must be one of the caller's own attachments.
fn check_cover(
    conn: &rusqlite::Connection,
    cover: Option<&str>,
    user: i64,
) -> Result<(), ApiError> {
    let Some(cover) = cover else { return Ok(()) };
    let owner: Option<Option<i64>> = conn
        .query_row(
            "SELECT owner_id FROM attachments WHERE uuid = ?1",
            [cover],
            |r| r.get(0),
        )
        .optional()?;
    match owner {
        Some(Some(owner)) if owner == user => Ok(()),
        _ => Err(ApiError::field(
            "cover",
            format!("Invalid pk \"{cover}\" - object does not exist."),
        )),
    }
}

fn set_tags(
    conn: &rusqlite::Connection,
    artist: i64,
    tags: &[String],
    now: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "DELETE FROM tagged_items WHERE object_type = 'artist' AND object_id = ?1",
        [artist],
    )?;
    for tag in tags {
        cat::tag(conn, tag, "artist", artist, now)?;
    }
    Ok(())
}

#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let input = parse_input(&body, true, false)?;
    if input.content_category.as_deref() == Some("podcast") {
        check_podcast_metadata(input.metadata.as_ref().unwrap_or(&json!({})))?;
    }
    let user = auth.user.id;
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let username = input.username.clone().unwrap_or_default();
            let taken: bool = conn.query_row(
                "SELECT EXISTS (SELECT 1 FROM channels WHERE username = ?1 COLLATE NOCASE)
                   OR EXISTS (SELECT 1 FROM users WHERE username = ?1 COLLATE NOCASE)",
                [&username],
                |r| r.get(0),
            )?;
            if taken {
                return Err(ApiError::field("username", "This username is already taken"));
            }
            let owned: i64 = conn.query_row(
                "SELECT COUNT(*) FROM channels WHERE owner_id = ?1",
                [user],
                |r| r.get(0),
            )?;
            if owned >= MAX_CHANNELS {
                return Err(ApiError::non_field(
                    "You have reached the maximum amount of allowed channels",
                ));
            }
            let cover = input.cover.clone().flatten();
            check_cover(conn, cover.as_deref(), user)?;
            let now = now_iso();
            let tx = conn.transaction()?;
            let name = input.name.clone().unwrap_or_default();
            let category = input.content_category.clone().unwrap_or_else(|| "music".into());
            let artist = cat::insert_artist(
                &tx,
                &cat::NewArtist {
                    name: &name,
                    content_category: &category,
                    description: input.description.clone().flatten().as_deref(),
                    cover_uuid: cover.as_deref(),
                    attributed_to: Some(user),
                },
                &now,
            )?;
            set_tags(&tx, artist, input.tags.as_deref().unwrap_or_default(), &now)?;
            let library = cat::insert_library(&tx, &name, "", "everyone", user, &now)?;
            let uuid = uuid::Uuid::new_v4().to_string();
            tx.execute(
                "INSERT INTO channels (uuid, artist_id, owner_id, library_id, username, metadata, creation_date)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    uuid,
                    artist,
                    user,
                    library,
                    username,
                    input.metadata.clone().unwrap_or_else(|| json!({})).to_string(),
                    now
                ],
            )?;
            tx.commit()?;
            channel_value(&state2, conn, &load(conn, &uuid, &domain)?)
        })
        .await?;
    Ok(HttpResponse::Created().json(value))
}

fn owned(
    conn: &rusqlite::Connection,
    composite: &str,
    domain: &str,
    user: i64,
) -> Result<ChannelRow, ApiError> {
    let channel = load(conn, composite, domain)?;
    if channel.owner.id != user {
        return Err(ApiError::PermissionDenied);
    }
    Ok(channel)
}

#[tracing::instrument(skip_all)]
async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let partial = req.method() == actix_web::http::Method::PATCH;
    let composite = path.into_inner();
    let user = auth.user.id;
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    let input = parse_input(&body, false, partial);
    let value = state
        .db
        .run(move |conn| {
            let channel = owned(conn, &composite, &domain, user)?;
            let input = input?;
            // Becoming a podcast, or a podcast's metadata changing: checked as on creation.
            let current: String = conn.query_row(
                "SELECT content_category FROM artists WHERE id = ?1",
                [channel.artist_id],
                |r| r.get(0),
            )?;
            let becomes_podcast =
                input.content_category.as_deref() == Some("podcast") && current != "podcast";
            let podcast = input.content_category.as_deref().unwrap_or(&current) == "podcast";
            if becomes_podcast || (podcast && input.metadata.is_some()) {
                let stored = serde_json::from_str::<Value>(&channel.metadata).unwrap_or_default();
                check_podcast_metadata(input.metadata.as_ref().unwrap_or(&stored))?;
            }
            if let Some(cover) = &input.cover {
                check_cover(conn, cover.as_deref(), user)?;
            }
            let now = now_iso();
            let tx = conn.transaction()?;
            let artist = channel.artist_id;
            if let Some(name) = &input.name {
                tx.execute(
                    "UPDATE artists SET name = ?2 WHERE id = ?1",
                    params![artist, name],
                )?;
            }
            if let Some(description) = &input.description {
                tx.execute(
                    "UPDATE artists SET description = ?2 WHERE id = ?1",
                    params![artist, description],
                )?;
            }
            if let Some(category) = &input.content_category {
                tx.execute(
                    "UPDATE artists SET content_category = ?2 WHERE id = ?1",
                    params![artist, category],
                )?;
            }
            if let Some(cover) = &input.cover {
                tx.execute(
                    "UPDATE artists SET cover_uuid = ?2 WHERE id = ?1",
                    params![artist, cover],
                )?;
            }
            if let Some(tags) = &input.tags {
                set_tags(&tx, artist, tags, &now)?;
            }
            if let Some(metadata) = &input.metadata {
                tx.execute(
                    "UPDATE channels SET metadata = ?2 WHERE id = ?1",
                    params![channel.id, metadata.to_string()],
                )?;
            }
            tx.execute(
                "UPDATE artists SET modification_date = ?2 WHERE id = ?1",
                params![artist, now],
            )?;
            tx.commit()?;
            channel_value(&state2, conn, &load(conn, &channel.uuid, &domain)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

#[tracing::instrument(skip_all)]
async fn delete(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let composite = path.into_inner();
    let user = auth.user.id;
    let domain = state.domain();
    let files = state
        .db
        .run(move |conn| {
            let channel = owned(conn, &composite, &domain, user)?;
            let library: i64 = conn.query_row(
                "SELECT library_id FROM channels WHERE id = ?1",
                [channel.id],
                |r| r.get(0),
            )?;
            let tx = conn.transaction()?;
            let files = {
                let mut stmt = tx.prepare("SELECT file FROM uploads WHERE library_id = ?1")?;
                let files = stmt
                    .query_map([library], |r| r.get::<_, String>(0))?
                    .collect::<Result<Vec<_>, _>>()?;
                files
            };
            tx.execute("DELETE FROM uploads WHERE library_id = ?1", [library])?;
            tx.execute("DELETE FROM channels WHERE id = ?1", [channel.id])?;
            tx.execute(
                "DELETE FROM library_follows WHERE library_id = ?1",
                [library],
            )?;
            tx.execute("DELETE FROM libraries WHERE id = ?1", [library])?;
            tx.execute("DELETE FROM artists WHERE id = ?1", [channel.artist_id])?;
            crate::store::content::prune_orphans(&tx)?;
            tx.commit()?;
            Ok(files)
        })
        .await?;
    crate::routes::uploads::remove_files(&state, files).await;
    Ok(HttpResponse::NoContent().finish())
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// `HH:MM:SS`, as podcast apps read `itunes:duration`.
fn rss_duration(seconds: i64) -> String {
    let seconds = seconds.max(0);
    format!(
        "{:02}:{:02}:{:02}",
        seconds / 3600,
        seconds % 3600 / 60,
        seconds % 60
    )
}

fn rfc2822(iso: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(iso)
        .map(|d| d.to_rfc2822())
        .unwrap_or_else(|_| iso.to_owned())
}

/// The channel's podcast feed (RSS 2.0 with iTunes tags): one item per published episode.
#[tracing::instrument(skip_all)]
async fn rss(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let composite = path.into_inner();
    let domain = state.domain();
    let base = state.base_url().to_owned();
    let body = state
        .db
        .run(move |conn| {
            let channel = load(conn, &composite, &domain)?;
            let (name, description, _category, cover): (String, Option<String>, String, Option<String>) =
                conn.query_row(
                    "SELECT ar.name, ar.description, ar.content_category, a.file FROM artists ar
                     LEFT JOIN attachments a ON a.uuid = ar.cover_uuid WHERE ar.id = ?1",
                    [channel.artist_id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )?;
            let description = description
                .and_then(|d| serde_json::from_str::<Value>(&d).ok())
                .and_then(|d| d["text"].as_str().map(str::to_owned))
                .unwrap_or_default();
            let metadata = serde_json::from_str::<Value>(&channel.metadata).unwrap_or_default();
            let mut out = String::from(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n",
            );
            let link = format!("{base}/channels/{}", channel.uuid);
            out.push_str(&format!(
                "<title>{}</title>\n<link>{}</link>\n<description>{}</description>\n<atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>\n",
                xml(&name),
                xml(&link),
                xml(&description),
                xml(&format!("{base}/api/v1/channels/{}/rss", channel.uuid)),
            ));
            if let Some(language) = metadata["language"].as_str() {
                out.push_str(&format!("<language>{}</language>\n", xml(language)));
            }
            if let Some(c) = metadata["itunes_category"].as_str() {
                out.push_str(&format!("<itunes:category text=\"{}\"/>\n", xml(c)));
            }
            out.push_str(&format!(
                "<itunes:type>{}</itunes:type>\n<itunes:author>{}</itunes:author>\n",
                "episodic",
                xml(metadata["owner_name"].as_str().unwrap_or(&channel.owner.username)),
            ));
            out.push_str(&format!(
                "<copyright>{}</copyright>\n",
                xml(metadata["copyright"].as_str().unwrap_or("All rights reserved"))
            ));
            out.push_str(&format!(
                "<itunes:summary>{}</itunes:summary>\n<itunes:explicit>{}</itunes:explicit>\n",
                xml(&description),
                if metadata["explicit"].as_bool() == Some(true) { "yes" } else { "no" },
            ));
            if metadata["owner_name"].is_string() || metadata["owner_email"].is_string() {
                out.push_str("<itunes:owner>");
                if let Some(owner) = metadata["owner_name"].as_str() {
                    out.push_str(&format!("<itunes:name>{}</itunes:name>", xml(owner)));
                }
                if let Some(email) = metadata["owner_email"].as_str() {
                    out.push_str(&format!("<itunes:email>{}</itunes:email>", xml(email)));
                }
                out.push_str("</itunes:owner>\n");
            }
            let keywords = {
                let mut stmt = conn.prepare(
                    "SELECT t.name FROM tagged_items ti JOIN tags t ON t.id = ti.tag_id
                     WHERE ti.object_type = 'artist' AND ti.object_id = ?1 ORDER BY t.name",
                )?;
                let names = stmt
                    .query_map([channel.artist_id], |r| r.get::<_, String>(0))?
                    .collect::<Result<Vec<_>, _>>()?;
                names
            };
            if !keywords.is_empty() {
                out.push_str(&format!(
                    "<itunes:keywords>{}</itunes:keywords>\n",
                    xml(&keywords.join(" "))
                ));
            }
            if let Some(cover) = cover {
                let url = format!("{base}/media/{cover}");
                out.push_str(&format!(
                    "<itunes:image href=\"{}\"/>\n<image><url>{}</url><title>{}</title><link>{}</link></image>\n",
                    xml(&url),
                    xml(&url),
                    xml(&name),
                    xml(&link),
                ));
            }
            let mut stmt = conn.prepare(
                "SELECT t.uuid, t.title, u.uuid, COALESCE(t.disc_number, 1), u.size, u.duration, u.creation_date, t.description,
                        COALESCE(t.position, 1)
                 FROM uploads u JOIN tracks t ON t.id = u.track_id JOIN channels c ON c.library_id = u.library_id
                 WHERE c.id = ?1 AND u.import_status = 'finished' ORDER BY u.creation_date DESC LIMIT 50",
            )?;
            let items = stmt
                .query_map([channel.id], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                        r.get::<_, i64>(4)?,
                        r.get::<_, i64>(5)?,
                        r.get::<_, String>(6)?,
                        r.get::<_, Option<String>>(7)?,
                        r.get::<_, i64>(8)?,
                    ))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            for (track, title, upload, season, size, duration, date, desc, episode) in items {
                let desc = desc
                    .and_then(|d| serde_json::from_str::<Value>(&d).ok())
                    .and_then(|d| d["text"].as_str().map(str::to_owned))
                    .unwrap_or_default();
                // The enclosure is always MP3 (the one format every podcast app plays): the
                // listen URL with `to=mp3`.
                out.push_str(&format!(
                    "<item>\n<title>{}</title>\n<itunes:title>{}</itunes:title>\n<description>{}</description>\n<guid isPermaLink=\"false\">{}</guid>\n<pubDate>{}</pubDate>\n<itunes:duration>{}</itunes:duration>\n<itunes:explicit>no</itunes:explicit>\n<itunes:episodeType>full</itunes:episodeType>\n<itunes:season>{season}</itunes:season>\n<itunes:episode>{episode}</itunes:episode>\n<enclosure url=\"{}\" length=\"{}\" type=\"audio/mpeg\"/>\n<link>{}</link>\n</item>\n",
                    xml(&title),
                    xml(&title),
                    xml(&desc),
                    xml(&upload),
                    xml(&rfc2822(&date)),
                    rss_duration(duration),
                    xml(&format!("{base}/api/v1/listen/{track}/?upload={upload}&to=mp3")),
                    size,
                    xml(&format!("{base}/library/tracks/{track}")),
                ));
            }
            out.push_str("</channel>\n</rss>\n");
            Ok(out)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/rss+xml; charset=utf-8")
        .body(body))
}

// ---- Attachments ----

const PICTURE_LIMIT: usize = 5 * 1000 * 1000;
const MIN_SIDE: usize = 1400;
const MAX_SIDE: usize = 3000;

fn attachment_value(state: &AppState, a: &cat::AttachmentRow) -> Value {
    let url = state.media_url(&a.file);
    json!({
        "uuid": a.uuid,
        "size": a.size,
        "mimetype": a.mimetype,
        "creation_date": a.creation_date,
        "urls": {
            "source": Value::Null,
            "original": url,
            "small_square_crop": url,
            "medium_square_crop": url,
            "large_square_crop": url
        }
    })
}

fn picture_error(message: impl Into<String>) -> ApiError {
    ApiError::field("file", message)
}

/// Checks a picture: PNG or JPEG by content, square, 1400–3000 px a side.
fn check_picture(bytes: &[u8]) -> Result<(&'static str, &'static str), ApiError> {
    let kind =
        imagesize::image_type(bytes).map_err(|_| picture_error("Upload a PNG or JPG picture."))?;
    let (mimetype, extension) = match kind {
        imagesize::ImageType::Png => ("image/png", "png"),
        imagesize::ImageType::Jpeg => ("image/jpeg", "jpg"),
        _ => return Err(picture_error("Upload a PNG or JPG picture.")),
    };
    let size =
        imagesize::blob_size(bytes).map_err(|_| picture_error("The picture cannot be read."))?;
    let in_range = |side: usize| (MIN_SIDE..=MAX_SIDE).contains(&side);
    if size.width != size.height || !in_range(size.width) {
        return Err(picture_error(format!(
            "The picture must be square, between {MIN_SIDE}x{MIN_SIDE} and {MAX_SIDE}x{MAX_SIDE} px (it is {}x{}).",
            size.width, size.height
        )));
    }
    Ok((mimetype, extension))
}

/// `POST attachments/`: multipart `file`.
#[tracing::instrument(skip_all)]
async fn create_attachment(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let too_big = || picture_error("The picture must be at most 5 MB.");
    let declared: Option<usize> = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    if declared.is_some_and(|len| len > PICTURE_LIMIT + 64 * 1024) {
        return Err(too_big());
    }
    let mut multipart = Multipart::new(req.headers(), payload);
    let mut file: Option<Vec<u8>> = None;
    while let Some(part) = multipart.next().await {
        let mut part =
            part.map_err(|e| ApiError::Parse(format!("Multipart form parse error - {e}")))?;
        let name = part.name().unwrap_or_default().to_owned();
        let mut bytes = Vec::new();
        while let Some(chunk) = part.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::Parse(format!("Multipart form parse error - {e}")))?;
            if bytes.len() + chunk.len() > PICTURE_LIMIT {
                return Err(too_big());
            }
            bytes.extend_from_slice(&chunk);
        }
        if name == "file" {
            file = Some(bytes);
        }
    }
    let bytes = file.ok_or_else(|| picture_error("No file was submitted."))?;
    let (mimetype, extension) = check_picture(&bytes)?;
    let stored = write_attachment_file(&state, bytes, extension).await?;
    let user = auth.user.id;
    let row = state
        .db
        .run(move |conn| {
            let now = now_iso();
            cat::insert_attachment(conn, &stored.row(mimetype), Some(user), &now)?;
            cat::attachment_by_file(conn, &stored.relative)?.ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Created().json(attachment_value(&state, &row)))
}

/// An attachment's file, written under the media folder before its row exists.
pub(crate) struct StoredAttachment {
    pub uuid: String,
    /// The path under the media folder, as the `attachments.file` column holds it.
    pub relative: String,
    pub size: i64,
}

impl StoredAttachment {
    /// The row that records this file as a picture of `mimetype`.
    pub fn row(&self, mimetype: &'static str) -> cat::NewAttachment<'_> {
        cat::NewAttachment {
            uuid: &self.uuid,
            file: &self.relative,
            mimetype,
            size: self.size,
        }
    }
}

/// Writes a picture's bytes to `attachments/<new uuid>.<extension>` under the media folder.
pub(crate) async fn write_attachment_file(
    state: &AppState,
    bytes: Vec<u8>,
    extension: &str,
) -> Result<StoredAttachment, ApiError> {
    let uuid = uuid::Uuid::new_v4().to_string();
    let relative = format!("attachments/{uuid}.{extension}");
    let dir = state.media_dir.join("attachments");
    let path = state.media_dir.join(&relative);
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    web::block(move || {
        std::fs::create_dir_all(&dir)?;
        std::fs::write(&path, &bytes)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)?;
    Ok(StoredAttachment {
        uuid,
        relative,
        size,
    })
}

fn attachment_row(
    conn: &rusqlite::Connection,
    uuid: &str,
) -> Result<(cat::AttachmentRow, Option<i64>), ApiError> {
    conn.query_row(
        "SELECT uuid, file, mimetype, size, creation_date, owner_id FROM attachments WHERE uuid = ?1",
        [uuid],
        |r| {
            Ok((
                cat::AttachmentRow {
                    uuid: r.get(0)?,
                    file: r.get(1)?,
                    mimetype: r.get(2)?,
                    size: r.get(3)?,
                    creation_date: r.get(4)?,
                },
                r.get(5)?,
            ))
        },
    )
    .optional()?
    .ok_or(ApiError::NotFound)
}

async fn get_attachment(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let (row, _) = state
        .db
        .run(move |conn| attachment_row(conn, &uuid))
        .await?;
    Ok(HttpResponse::Ok().json(attachment_value(&state, &row)))
}

/// `GET attachments/{uuid}/proxy/?next=original|…_square_crop`: a redirect to the picture.
async fn attachment_proxy(
    state: web::Data<AppState>,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let next = params.get("next").unwrap_or("original").to_owned();
    if ![
        "original",
        "small_square_crop",
        "medium_square_crop",
        "large_square_crop",
    ]
    .contains(&next.as_str())
    {
        return Err(ApiError::field(
            "next",
            format!("\"{next}\" is not a valid choice."),
        ));
    }
    let uuid = path.into_inner();
    let (row, _) = state
        .db
        .run(move |conn| attachment_row(conn, &uuid))
        .await?;
    Ok(HttpResponse::Found()
        .insert_header((header::LOCATION, state.media_url(&row.file)))
        .finish())
}

async fn delete_attachment(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let file = state
        .db
        .run(move |conn| {
            let (row, owner) = attachment_row(conn, &uuid)?;
            if owner != Some(user) {
                return Err(ApiError::PermissionDenied);
            }
            conn.execute(
                "UPDATE artists SET cover_uuid = NULL WHERE cover_uuid = ?1",
                [&uuid],
            )?;
            conn.execute(
                "UPDATE albums SET cover_uuid = NULL WHERE cover_uuid = ?1",
                [&uuid],
            )?;
            conn.execute("DELETE FROM attachments WHERE uuid = ?1", [&uuid])?;
            Ok(row.file)
        })
        .await?;
    let _ = tokio::fs::remove_file(state.media_dir.join(file)).await;
    Ok(HttpResponse::NoContent().finish())
}

//! Catalogue reads: artists, albums, tracks, tags, libraries, licences — with the filters,
//! ordering and pagination of the real API, and its serialisers' field names.

use std::cell::RefCell;
use std::collections::HashMap;

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;
use serde_json::{json, Value};

use crate::auth::MaybeAuth;
use crate::domain::pagination::{Page, Paginated};
use crate::error::ApiError;
use crate::routes::{absolute_url, res, QueryParams};
use crate::state::AppState;
use crate::store::catalogue::{AlbumRow, ArtistRef, AttachmentRow, Filter, TrackRow, UploadRow};
use crate::store::{self, catalogue as cat};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/artists").route(web::get().to(list_artists)))
        .service(res("/artists/{id}").route(web::get().to(get_artist)))
        .service(res("/albums").route(web::get().to(list_albums)))
        .service(res("/albums/{id}").route(web::get().to(get_album)))
        .service(res("/tracks").route(web::get().to(list_tracks)))
        .service(res("/tracks/{id}").route(web::get().to(get_track)))
        .service(res("/tags").route(web::get().to(list_tags)))
        .service(res("/tags/{name}").route(web::get().to(get_tag)))
        .service(res("/licenses").route(web::get().to(list_licenses)))
        .service(res("/licenses/{code}").route(web::get().to(get_license)));
}

/// Anonymous callers read the catalogue only when the pod allows anonymous access.
pub async fn require_reader(state: &AppState, auth: &MaybeAuth) -> Result<Option<i64>, ApiError> {
    if let Some(auth) = &auth.0 {
        return Ok(Some(auth.user.id));
    }
    let required = state
        .db
        .run(|conn| Ok(store::preferences::load(conn)?.flag("common__api_authentication_required")))
        .await?;
    if required {
        Err(ApiError::NotAuthenticated)
    } else {
        Ok(None)
    }
}

// ---- Serialisers ----
//
// Typed views borrowing the rows: a page of tracks is written straight to JSON, without building
// a `serde_json::Value` tree first (most of a track page's CPU went there). Fields are declared
// in alphabetical order, the order `serde_json::Value` objects are written in, so the bytes sent
// are the same as before.

struct Ctx<'a> {
    state: &'a AppState,
    covers: HashMap<String, AttachmentRow>,
    /// Artists' rendered descriptions: an artist appears up to four times per track (artist,
    /// credit, album artist, album credit) and Markdown rendering is not cheap.
    descriptions: RefCell<HashMap<i64, Value>>,
}

#[derive(Serialize)]
struct CoverUrls {
    large_square_crop: String,
    medium_square_crop: String,
    original: String,
    small_square_crop: String,
    source: Option<()>,
}

#[derive(Serialize)]
struct CoverView<'a> {
    creation_date: &'a str,
    mimetype: &'a str,
    size: i64,
    urls: CoverUrls,
    uuid: &'a str,
}

#[derive(Serialize)]
struct ArtistView<'a> {
    attachment_cover: Option<CoverView<'a>>,
    channel: Option<&'a str>,
    content_category: &'a str,
    cover: Option<CoverView<'a>>,
    creation_date: &'a str,
    description: Value,
    fid: String,
    id: i64,
    is_local: bool,
    mbid: Option<()>,
    modification_date: &'a str,
    name: &'a str,
}

#[derive(Serialize)]
struct CreditView<'a> {
    artist: ArtistView<'a>,
    credit: &'a str,
    index: u8,
    joinphrase: &'a str,
}

#[derive(Serialize)]
struct TrackAlbumView<'a> {
    artist: ArtistView<'a>,
    artist_credit: [CreditView<'a>; 1],
    cover: Option<CoverView<'a>>,
    creation_date: &'a str,
    fid: String,
    id: i64,
    is_local: bool,
    mbid: Option<&'a str>,
    release_date: Option<&'a str>,
    title: &'a str,
    tracks_count: i64,
}

#[derive(Serialize)]
struct AlbumView<'a> {
    artist: ArtistView<'a>,
    artist_credit: [CreditView<'a>; 1],
    attributed_to: Option<()>,
    cover: Option<CoverView<'a>>,
    creation_date: &'a str,
    description: Value,
    duration: i64,
    fid: String,
    id: i64,
    is_local: bool,
    is_playable: bool,
    mbid: Option<&'a str>,
    release_date: Option<&'a str>,
    tags: &'a [String],
    title: &'a str,
    tracks_count: i64,
}

#[derive(Serialize)]
struct UploadView<'a> {
    bitrate: i64,
    duration: i64,
    extension: &'a str,
    is_local: bool,
    listen_url: String,
    mimetype: &'a str,
    size: i64,
    uuid: &'a str,
}

#[derive(Serialize)]
struct TrackView<'a> {
    album: Option<TrackAlbumView<'a>>,
    artist: ArtistView<'a>,
    artist_credit: [CreditView<'a>; 1],
    attributed_to: Option<()>,
    copyright: Option<&'a str>,
    cover: Option<CoverView<'a>>,
    creation_date: &'a str,
    disc_number: Option<i64>,
    downloads_count: i64,
    fid: String,
    id: i64,
    is_local: bool,
    is_playable: bool,
    license: Option<&'a str>,
    listen_url: String,
    mbid: Option<&'a str>,
    position: Option<i64>,
    tags: &'a [String],
    title: &'a str,
    uploads: Vec<UploadView<'a>>,
}

impl<'a> Ctx<'a> {
    fn new(state: &'a AppState, covers: HashMap<String, AttachmentRow>) -> Self {
        Self {
            state,
            covers,
            descriptions: RefCell::default(),
        }
    }

    fn artist_description(&self, artist: &ArtistRef) -> Value {
        if artist.description.is_none() {
            return Value::Null;
        }
        self.descriptions
            .borrow_mut()
            .entry(artist.id)
            .or_insert_with(|| content(artist.description.as_deref()))
            .clone()
    }
    fn cover(&'a self, uuid: Option<&String>) -> Option<CoverView<'a>> {
        let att = uuid.and_then(|u| self.covers.get(u))?;
        let url = self.state.media_url(&att.file);
        Some(CoverView {
            creation_date: &att.creation_date,
            mimetype: &att.mimetype,
            size: att.size,
            urls: CoverUrls {
                large_square_crop: url.clone(),
                medium_square_crop: url.clone(),
                small_square_crop: url.clone(),
                original: url,
                source: None,
            },
            uuid: &att.uuid,
        })
    }

    fn fid(&self, kind: &str, uuid: &str) -> String {
        format!("{}/federation/music/{kind}/{uuid}", self.state.base_url())
    }

    fn simple_artist(&'a self, artist: &'a ArtistRef) -> ArtistView<'a> {
        ArtistView {
            attachment_cover: self.cover(artist.cover_uuid.as_ref()),
            channel: artist.channel_uuid.as_deref(),
            content_category: &artist.content_category,
            cover: self.cover(artist.cover_uuid.as_ref()),
            creation_date: &artist.creation_date,
            description: self.artist_description(artist),
            fid: self.fid("artists", &artist.uuid),
            id: artist.id,
            is_local: true,
            mbid: None,
            modification_date: &artist.modification_date,
            name: &artist.name,
        }
    }

    fn artist_credit(&'a self, artist: &'a ArtistRef) -> [CreditView<'a>; 1] {
        [CreditView {
            artist: self.simple_artist(artist),
            credit: &artist.name,
            index: 0,
            joinphrase: "",
        }]
    }

    fn track_album(&'a self, album: &'a AlbumRow) -> TrackAlbumView<'a> {
        TrackAlbumView {
            artist: self.simple_artist(&album.artist),
            artist_credit: self.artist_credit(&album.artist),
            cover: self.cover(album.cover_uuid.as_ref()),
            creation_date: &album.creation_date,
            fid: self.fid("albums", &album.uuid),
            id: album.id,
            is_local: true,
            mbid: album.mbid.as_deref(),
            release_date: album.release_date.as_deref(),
            title: &album.title,
            tracks_count: album.tracks_count,
        }
    }

    fn album(&'a self, album: &'a AlbumRow, tags: &'a [String]) -> AlbumView<'a> {
        AlbumView {
            artist: self.simple_artist(&album.artist),
            artist_credit: self.artist_credit(&album.artist),
            attributed_to: None,
            cover: self.cover(album.cover_uuid.as_ref()),
            creation_date: &album.creation_date,
            description: content(album.description.as_deref()),
            duration: album.duration,
            fid: self.fid("albums", &album.uuid),
            id: album.id,
            is_local: true,
            is_playable: album.tracks_count > 0,
            mbid: album.mbid.as_deref(),
            release_date: album.release_date.as_deref(),
            tags,
            title: &album.title,
            tracks_count: album.tracks_count,
        }
    }

    fn upload(upload: &'a UploadRow) -> UploadView<'a> {
        UploadView {
            bitrate: upload.bitrate,
            duration: upload.duration,
            extension: upload.file.rsplit('.').next().unwrap_or_default(),
            is_local: true,
            listen_url: listen_url(upload),
            mimetype: &upload.mimetype,
            size: upload.size,
            uuid: &upload.uuid,
        }
    }

    fn track(
        &'a self,
        track: &'a TrackRow,
        uploads: &'a [UploadRow],
        tags: &'a [String],
    ) -> TrackView<'a> {
        let album = track.album.as_ref();
        TrackView {
            album: album.map(|a| self.track_album(a)),
            artist: self.simple_artist(&track.artist),
            artist_credit: self.artist_credit(&track.artist),
            attributed_to: None,
            copyright: track.copyright.as_deref(),
            cover: self.cover(album.and_then(|a| a.cover_uuid.as_ref())),
            creation_date: &track.creation_date,
            disc_number: track.disc_number,
            downloads_count: track.downloads_count,
            fid: self.fid("tracks", &track.uuid),
            id: track.id,
            is_local: true,
            is_playable: !uploads.is_empty(),
            license: track.license_code.as_deref(),
            listen_url: format!("/api/v1/listen/{}/", track.uuid),
            mbid: track.mbid.as_deref(),
            position: track.position,
            tags,
            title: &track.title,
            uploads: uploads.iter().map(Self::upload).collect(),
        }
    }

    /// The simple-artist object as a JSON value (the artist lists add fields to it).
    fn simple_artist_value(&'a self, artist: &'a ArtistRef) -> Value {
        serde_json::to_value(self.simple_artist(artist)).unwrap_or(Value::Null)
    }

    fn cover_value(&'a self, uuid: Option<&String>) -> Value {
        serde_json::to_value(self.cover(uuid)).unwrap_or(Value::Null)
    }
}

/// A stored rich-text description (`{text, content_type}`) with its rendered `html`.
fn content(stored: Option<&str>) -> Value {
    stored
        .and_then(|d| serde_json::from_str::<Value>(d).ok())
        .map(|mut d| {
            let text = d["text"].as_str().unwrap_or_default().to_owned();
            d["html"] = Value::String(crate::media::markdown::render(&text, false));
            d
        })
        .unwrap_or(Value::Null)
}

pub fn listen_url(upload: &UploadRow) -> String {
    match &upload.track_uuid {
        Some(track) => format!("/api/v1/listen/{track}/?upload={}", upload.uuid),
        None => format!("/api/v1/listen/{}/", upload.uuid),
    }
}

fn collect_covers<'a>(uuids: impl Iterator<Item = &'a Option<String>>) -> Vec<String> {
    let mut list: Vec<String> = uuids.flatten().cloned().collect();
    list.sort_unstable();
    list.dedup();
    list
}

// ---- Query parameters → SQL ----

pub fn ordering<'a>(
    params: &QueryParams,
    allowed: &[(&str, &'a str)],
    default: &'a str,
    tiebreak: &str,
) -> String {
    let mut parts = Vec::new();
    for raw in params.all("ordering") {
        for field in raw.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            let (desc, name) = field
                .strip_prefix('-')
                .map_or((false, field), |rest| (true, rest));
            if name == "random" {
                parts.push("random()".to_owned());
                continue;
            }
            if let Some((_, column)) = allowed.iter().find(|(key, _)| *key == name) {
                parts.push(format!("{column} {}", if desc { "DESC" } else { "ASC" }));
            }
        }
    }
    if parts.is_empty() {
        parts.push(default.to_owned());
    }
    parts.push(tiebreak.to_owned());
    parts.join(", ")
}

pub fn like(value: &str) -> cat::SqlValueAlias {
    cat::text(&format!(
        "%{}%",
        value
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    ))
}

fn id_param(params: &QueryParams, key: &str) -> Option<i64> {
    params.get(key).map(|raw| raw.parse::<i64>().unwrap_or(-1))
}

fn tag_filter(filter: &mut Filter, params: &QueryParams, object_type: &str, column: &str) {
    for tag in params.all("tag") {
        filter.add(
            &format!(
                "{column} IN (SELECT i.object_id FROM tagged_items i JOIN tags tg ON tg.id = i.tag_id
                   WHERE i.object_type = '{object_type}' AND tg.name = ?)"
            ),
            vec![cat::text(tag)],
        );
    }
}

/// `scope=me`: content in the caller's own libraries; `all`/absent: everything readable.
fn scope_filter(filter: &mut Filter, params: &QueryParams, user: Option<i64>, track_column: &str) {
    if params.get("scope") == Some("me") {
        filter.add(
            &format!(
                "{track_column} IN (SELECT u.track_id FROM uploads u JOIN libraries l ON l.id = u.library_id
                   WHERE l.owner_id = ?)"
            ),
            vec![cat::int(user.unwrap_or(-1))],
        );
    }
}

fn library_filter(filter: &mut Filter, params: &QueryParams, track_column: &str) {
    if let Some(library) = params.get("library") {
        filter.add(
            &format!(
                "{track_column} IN (SELECT u.track_id FROM uploads u JOIN libraries l ON l.id = u.library_id
                   WHERE l.uuid = ?)"
            ),
            vec![cat::text(library)],
        );
    }
}

fn channel_filter(filter: &mut Filter, params: &QueryParams, artist_column: &str) {
    if params.flag("include_channels") == Some(false) {
        filter.add(
            &format!("{artist_column} NOT IN (SELECT artist_id FROM channels)"),
            vec![],
        );
    }
    if let Some(channel) = params.get("channel") {
        filter.add(
            &format!("{artist_column} IN (SELECT artist_id FROM channels WHERE uuid = ?)"),
            vec![cat::text(channel)],
        );
    }
    if let Some(category) = params.get("content_category") {
        filter.add("ar.content_category = ?", vec![cat::text(category)]);
    }
}

fn playable_filter(filter: &mut Filter, params: &QueryParams, track_exists: &str) {
    match params.flag("playable") {
        Some(true) => filter.add(&format!("EXISTS ({track_exists})"), vec![]),
        Some(false) => filter.add(&format!("NOT EXISTS ({track_exists})"), vec![]),
        None => {}
    }
}

/// From this many `tracks/?q=` matches on, a page in creation order walks the index.
const FREQUENT_MATCHES: i64 = 500;

fn track_visible(filter: &mut Filter, viewer: Option<i64>) {
    cat::hide_unviewable(filter, viewer, cat::Visible::Track);
}

// ---- Handlers ----

pub async fn paginate<T, F>(
    state: &AppState,
    req: &HttpRequest,
    params: &QueryParams,
    load: F,
) -> Result<HttpResponse, ApiError>
where
    T: serde::Serialize + Send + 'static,
    F: FnOnce(&rusqlite::Connection, Page) -> Result<(i64, Vec<T>), ApiError> + Send + 'static,
{
    let page = Page::parse(params.get("page"), params.get("page_size"))?;
    let (count, page, results) = state
        .db
        .run(move |conn| {
            let (count, results) = load(conn, page)?;
            Ok((count, page, results))
        })
        .await?;
    Ok(HttpResponse::Ok().json(Paginated::new(
        &absolute_url(state, req),
        page,
        count,
        results,
    )))
}

/// Serialised catalogue objects: one raw JSON text per object, written once (a page's
/// envelope embeds them as they are).
pub type RawJson = Box<serde_json::value::RawValue>;

fn raw<T: Serialize>(view: &T) -> Result<RawJson, ApiError> {
    serde_json::value::to_raw_value(view).map_err(ApiError::internal)
}

fn value<T: Serialize>(view: &T) -> Result<Value, ApiError> {
    serde_json::to_value(view).map_err(ApiError::internal)
}

/// What a list of tracks needs besides the rows: uploads, tags and covers, each loaded once.
struct TrackExtras<'a> {
    ctx: Ctx<'a>,
    uploads: HashMap<i64, Vec<UploadRow>>,
    tags: HashMap<i64, Vec<String>>,
}

impl<'a> TrackExtras<'a> {
    fn load(
        state: &'a AppState,
        conn: &rusqlite::Connection,
        tracks: &[TrackRow],
    ) -> Result<Self, ApiError> {
        let ids: Vec<i64> = tracks.iter().map(|t| t.id).collect();
        let uploads = cat::uploads_of(conn, &ids)?;
        let tags = cat::tags_of(conn, "track", &ids)?;
        let cover_ids = collect_covers(tracks.iter().flat_map(|t| {
            [
                &t.artist.cover_uuid,
                t.album.as_ref().map_or(&None, |a| &a.cover_uuid),
                t.album.as_ref().map_or(&None, |a| &a.artist.cover_uuid),
            ]
        }));
        let ctx = Ctx::new(state, cat::attachments(conn, &cover_ids)?);
        Ok(Self { ctx, uploads, tags })
    }

    fn view(&'a self, track: &'a TrackRow) -> TrackView<'a> {
        self.ctx.track(
            track,
            self.uploads.get(&track.id).map_or(&[], Vec::as_slice),
            self.tags.get(&track.id).map_or(&[], Vec::as_slice),
        )
    }
}

/// Tracks as the catalogue serialiser writes them, as JSON values (for callers that embed or
/// edit them).
pub fn track_values(
    state: &AppState,
    conn: &rusqlite::Connection,
    tracks: &[TrackRow],
) -> Result<Vec<Value>, ApiError> {
    let extras = TrackExtras::load(state, conn, tracks)?;
    tracks.iter().map(|t| value(&extras.view(t))).collect()
}

/// Tracks as the catalogue serialiser writes them, as JSON text (lists).
pub fn track_json(
    state: &AppState,
    conn: &rusqlite::Connection,
    tracks: &[TrackRow],
) -> Result<Vec<RawJson>, ApiError> {
    let extras = TrackExtras::load(state, conn, tracks)?;
    tracks.iter().map(|t| raw(&extras.view(t))).collect()
}

#[tracing::instrument(skip_all)]
async fn list_tracks(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let user = require_reader(&state, &auth).await?;
    let mut filter = Filter::default();
    track_visible(&mut filter, user);
    if let Some(artist) = id_param(&params, "artist") {
        filter.add(
            "(t.artist_id = ? OR al.artist_id = ?)",
            vec![cat::int(artist), cat::int(artist)],
        );
    }
    if let Some(album) = id_param(&params, "album") {
        filter.add("t.album_id = ?", vec![cat::int(album)]);
    }
    let ids: Vec<i64> = params
        .all("id")
        .iter()
        .flat_map(|raw| raw.split(','))
        .filter_map(|raw| raw.trim().parse().ok())
        .collect();
    if !ids.is_empty() {
        filter.add(
            &format!("t.id IN ({})", cat::placeholders(ids.len())),
            ids.iter().map(|id| cat::int(*id)).collect(),
        );
    }
    if let Some(q) = params.get("q") {
        crate::store::search::track_query(&mut filter, q);
    }
    if let Some(title) = params.get("title").or(params.get("title__iexact")) {
        filter.add("t.title = ? COLLATE NOCASE", vec![cat::text(title)]);
    }
    if let Some(title) = params.get("title__icontains") {
        filter.add("t.title LIKE ? ESCAPE '\\'", vec![like(title)]);
    }
    if let Some(title) = params.get("title__startswith") {
        filter.add(
            "t.title LIKE ? ESCAPE '\\'",
            vec![cat::text(&format!(
                "{}%",
                title.replace('%', "\\%").replace('_', "\\_")
            ))],
        );
    }
    if let Some(license) = params.get("license") {
        filter.add("t.license_code = ?", vec![cat::text(license)]);
    }
    tag_filter(&mut filter, &params, "track", "t.id");
    scope_filter(&mut filter, &params, user, "t.id");
    library_filter(&mut filter, &params, "t.id");
    channel_filter(&mut filter, &params, "t.artist_id");
    playable_filter(
        &mut filter,
        &params,
        "SELECT 1 FROM uploads u WHERE u.track_id = t.id",
    );
    let order = ordering(
        &params,
        &[
            ("creation_date", "t.creation_date"),
            ("title", "t.title COLLATE NOCASE"),
            ("album__title", "al.title COLLATE NOCASE"),
            ("album__release_date", "al.release_date"),
            (
                "size",
                "(SELECT max(size) FROM uploads u WHERE u.track_id = t.id)",
            ),
            ("position", "t.position"),
            ("disc_number", "t.disc_number"),
            ("artist__name", "ar.name COLLATE NOCASE"),
            ("artist__modification_date", "ar.modification_date"),
        ],
        "t.creation_date DESC",
        "t.id DESC",
    );
    let searching = params.get("q").is_some();
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        if let (Some(search), cat::TRACKS_NEWEST_FIRST) = (filter.search_only(), order.as_str()) {
            return track_search_page(&state2, conn, &search, page);
        }
        let count = cat::count_tracks(conn, &filter)?;
        let page = page.check(count)?;
        // Many search matches in the default order: walking the creation index reaches the
        // page after a few hundred tracks, where sorting every match costs far more.
        if searching && count >= FREQUENT_MATCHES && order.starts_with("t.creation_date") {
            filter.tracks_by_creation();
        }
        let rows = cat::tracks(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((count, track_json(&state2, conn, &rows)?))
    })
    .await
}

/// A page of `tracks/?q=` in the default order with no other filter (the search box's call):
/// the term's matches come from the search cache, newest first, and the tracks the caller may
/// not see are left out of the count and the page.
fn track_search_page(
    state: &AppState,
    conn: &rusqlite::Connection,
    search: &cat::SearchOnly<'_>,
    page: Page,
) -> Result<(i64, Vec<RawJson>), ApiError> {
    let generation = cat::track_search_generation(conn)?;
    let matches = state.search_cache.matches(generation, search.query, || {
        cat::tracks_matching_newest_first(conn, search.query)
    })?;
    let hidden = cat::hidden_tracks(conn, search)?;
    let visible = || matches.iter().copied().filter(|id| !hidden.contains(id));
    let count = if hidden.is_empty() {
        matches.len()
    } else {
        visible().count()
    };
    let count = i64::try_from(count).map_err(ApiError::internal)?;
    let page = page.check(count)?;
    let skip = usize::try_from(page.offset()).map_err(ApiError::internal)?;
    let take = usize::try_from(page.limit()).map_err(ApiError::internal)?;
    let ids: Vec<i64> = visible().skip(skip).take(take).collect();
    let rows = cat::tracks_by_ids_newest_first(conn, &ids)?;
    Ok((count, track_json(state, conn, &rows)?))
}

pub fn parse_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse().map_err(|_| ApiError::NotFound)
}

#[tracing::instrument(skip_all)]
async fn get_track(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let mut filter = Filter::default();
            filter.add("t.id = ?", vec![cat::int(id)]);
            track_visible(&mut filter, user);
            let rows = cat::tracks(conn, &filter, "t.id", 1, 0)?;
            track_values(&state2, conn, &rows)?
                .into_iter()
                .next()
                .ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

struct AlbumExtras<'a> {
    ctx: Ctx<'a>,
    tags: HashMap<i64, Vec<String>>,
}

impl<'a> AlbumExtras<'a> {
    fn load(
        state: &'a AppState,
        conn: &rusqlite::Connection,
        albums: &[AlbumRow],
    ) -> Result<Self, ApiError> {
        let ids: Vec<i64> = albums.iter().map(|a| a.id).collect();
        let tags = cat::tags_of(conn, "album", &ids)?;
        let cover_ids = collect_covers(
            albums
                .iter()
                .flat_map(|a| [&a.cover_uuid, &a.artist.cover_uuid]),
        );
        let ctx = Ctx::new(state, cat::attachments(conn, &cover_ids)?);
        Ok(Self { ctx, tags })
    }

    fn view(&'a self, album: &'a AlbumRow) -> AlbumView<'a> {
        self.ctx
            .album(album, self.tags.get(&album.id).map_or(&[], Vec::as_slice))
    }
}

pub fn album_values(
    state: &AppState,
    conn: &rusqlite::Connection,
    albums: &[AlbumRow],
) -> Result<Vec<Value>, ApiError> {
    let extras = AlbumExtras::load(state, conn, albums)?;
    albums.iter().map(|a| value(&extras.view(a))).collect()
}

pub fn album_json(
    state: &AppState,
    conn: &rusqlite::Connection,
    albums: &[AlbumRow],
) -> Result<Vec<RawJson>, ApiError> {
    let extras = AlbumExtras::load(state, conn, albums)?;
    albums.iter().map(|a| raw(&extras.view(a))).collect()
}

#[tracing::instrument(skip_all)]
async fn list_albums(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let user = require_reader(&state, &auth).await?;
    let mut filter = Filter::default();
    cat::hide_unviewable(&mut filter, user, cat::Visible::Album);
    if let Some(artist) = id_param(&params, "artist") {
        filter.add("al.artist_id = ?", vec![cat::int(artist)]);
    }
    if let Some(q) = params.get("q") {
        filter.add(
            "(al.title LIKE ? ESCAPE '\\' OR ar.name LIKE ? ESCAPE '\\')",
            vec![like(q), like(q)],
        );
    }
    tag_filter(&mut filter, &params, "album", "al.id");
    let album_tracks = "SELECT x.id FROM tracks x WHERE x.album_id = al.id";
    if params.get("scope") == Some("me") {
        filter.add(
            &format!("EXISTS (SELECT 1 FROM uploads u JOIN libraries l ON l.id = u.library_id WHERE u.track_id IN ({album_tracks}) AND l.owner_id = ?)"),
            vec![cat::int(user.unwrap_or(-1))],
        );
    }
    if let Some(library) = params.get("library") {
        filter.add(
            &format!("EXISTS (SELECT 1 FROM uploads u JOIN libraries l ON l.id = u.library_id WHERE u.track_id IN ({album_tracks}) AND l.uuid = ?)"),
            vec![cat::text(library)],
        );
    }
    channel_filter(&mut filter, &params, "al.artist_id");
    playable_filter(
        &mut filter,
        &params,
        "SELECT 1 FROM tracks x JOIN uploads u ON u.track_id = x.id WHERE x.album_id = al.id",
    );
    let order = ordering(
        &params,
        &[
            ("creation_date", "al.creation_date"),
            ("release_date", "al.release_date"),
            ("title", "al.title COLLATE NOCASE"),
            ("artist__modification_date", "ar.modification_date"),
        ],
        "al.creation_date DESC",
        "al.id DESC",
    );
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = cat::count_albums(conn, &filter)?;
        let page = page.check(count)?;
        let rows = cat::albums(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((count, album_json(&state2, conn, &rows)?))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn get_album(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let mut filter = Filter::default();
            filter.add("al.id = ?", vec![cat::int(id)]);
            cat::hide_unviewable(&mut filter, user, cat::Visible::Album);
            if cat::count(conn, cat::ALBUM_FROM, &filter)? == 0 {
                return Err(ApiError::NotFound);
            }
            let rows: Vec<AlbumRow> = cat::albums_by_id(conn, &[id])?.into_values().collect();
            album_values(&state2, conn, &rows)?
                .into_iter()
                .next()
                .ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

pub fn artist_values(
    state: &AppState,
    conn: &rusqlite::Connection,
    artists: &[cat::ArtistRow],
) -> Result<Vec<Value>, ApiError> {
    let ids: Vec<i64> = artists.iter().map(|a| a.artist.id).collect();
    let tags = cat::tags_of(conn, "artist", &ids)?;
    let albums = cat::albums_of_artists(conn, &ids)?;
    let cover_ids = collect_covers(
        artists
            .iter()
            .map(|a| &a.artist.cover_uuid)
            .chain(albums.values().flatten().map(|al| &al.cover_uuid)),
    );
    let ctx = Ctx::new(state, cat::attachments(conn, &cover_ids)?);
    let empty_tags = Vec::new();
    let empty_albums = Vec::new();
    Ok(artists
        .iter()
        .map(|row| {
            let artist = &row.artist;
            let mut value = ctx.simple_artist_value(artist);
            value["tags"] = json!(tags.get(&artist.id).unwrap_or(&empty_tags));
            value["tracks_count"] = json!(row.tracks_count);
            value["attributed_to"] = Value::Null;
            value["channel"] = artist.channel_uuid.as_ref().map_or(
                Value::Null,
                |uuid| json!({"uuid": uuid, "actor": Value::Null}),
            );
            value["albums"] = albums
                .get(&artist.id)
                .unwrap_or(&empty_albums)
                .iter()
                .map(|al| {
                    json!({
                        "id": al.id,
                        "fid": ctx.fid("albums", &al.uuid),
                        "mbid": al.mbid,
                        "title": al.title,
                        "artist": artist.id,
                        "release_date": al.release_date,
                        "creation_date": al.creation_date,
                        "cover": ctx.cover_value(al.cover_uuid.as_ref()),
                        "tracks_count": al.tracks_count,
                        "is_playable": al.tracks_count > 0,
                        "is_local": true
                    })
                })
                .collect();
            value
        })
        .collect())
}

#[tracing::instrument(skip_all)]
async fn list_artists(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let user = require_reader(&state, &auth).await?;
    let mut filter = Filter::default();
    cat::hide_unviewable(&mut filter, user, cat::Visible::Artist);
    if let Some(q) = params.get("q").or(params.get("name__icontains")) {
        filter.add("ar.name LIKE ? ESCAPE '\\'", vec![like(q)]);
    }
    if let Some(name) = params.get("name").or(params.get("name__iexact")) {
        filter.add("ar.name = ? COLLATE NOCASE", vec![cat::text(name)]);
    }
    tag_filter(&mut filter, &params, "artist", "ar.id");
    let artist_tracks = "SELECT x.id FROM tracks x WHERE x.artist_id = ar.id";
    if params.get("scope") == Some("me") {
        filter.add(
            &format!("EXISTS (SELECT 1 FROM uploads u JOIN libraries l ON l.id = u.library_id WHERE u.track_id IN ({artist_tracks}) AND l.owner_id = ?)"),
            vec![cat::int(user.unwrap_or(-1))],
        );
    }
    if let Some(library) = params.get("library") {
        filter.add(
            &format!("EXISTS (SELECT 1 FROM uploads u JOIN libraries l ON l.id = u.library_id WHERE u.track_id IN ({artist_tracks}) AND l.uuid = ?)"),
            vec![cat::text(library)],
        );
    }
    match params.flag("has_albums") {
        Some(true) => filter.add(
            "EXISTS (SELECT 1 FROM albums x WHERE x.artist_id = ar.id)",
            vec![],
        ),
        Some(false) => filter.add(
            "NOT EXISTS (SELECT 1 FROM albums x WHERE x.artist_id = ar.id)",
            vec![],
        ),
        None => {}
    }
    channel_filter(&mut filter, &params, "ar.id");
    playable_filter(
        &mut filter,
        &params,
        "SELECT 1 FROM tracks x JOIN uploads u ON u.track_id = x.id WHERE x.artist_id = ar.id",
    );
    let order = ordering(
        &params,
        &[
            ("id", "ar.id"),
            ("name", "ar.name COLLATE NOCASE"),
            ("creation_date", "ar.creation_date"),
            ("modification_date", "ar.modification_date"),
        ],
        "ar.id DESC",
        "ar.id DESC",
    );
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = cat::count(conn, cat::ARTIST_FROM, &filter)?;
        let page = page.check(count)?;
        let rows = cat::artists(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((count, artist_values(&state2, conn, &rows)?))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn get_artist(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let mut filter = Filter::default();
            filter.add("ar.id = ?", vec![cat::int(id)]);
            cat::hide_unviewable(&mut filter, user, cat::Visible::Artist);
            let rows = cat::artists(conn, &filter, "ar.id", 1, 0)?;
            artist_values(&state2, conn, &rows)?
                .into_iter()
                .next()
                .ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

#[tracing::instrument(skip_all)]
async fn list_tags(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    require_reader(&state, &auth).await?;
    let mut filter = Filter::default();
    if let Some(q) = params.get("q") {
        filter.add("tg.name LIKE ? ESCAPE '\\'", vec![like(q)]);
    }
    if let Some(name) = params.get("name") {
        filter.add("tg.name = ?", vec![cat::text(name)]);
    }
    if let Some(prefix) = params.get("name__startswith") {
        filter.add(
            "tg.name LIKE ? ESCAPE '\\'",
            vec![cat::text(&format!(
                "{}%",
                prefix.replace('%', "\\%").replace('_', "\\_")
            ))],
        );
    }
    let order = ordering(
        &params,
        &[
            ("name", "tg.name"),
            ("creation_date", "tg.creation_date"),
            ("length", "length(tg.name)"),
        ],
        "tg.name ASC",
        "tg.id ASC",
    );
    paginate(&state, &req, &params, move |conn, page| {
        let count = cat::count(conn, cat::TAG_FROM, &filter)?;
        let page = page.check(count)?;
        let rows = cat::tags(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((
            count,
            rows.into_iter()
                .map(|t| json!({"name": t.name, "creation_date": t.creation_date}))
                .collect::<Vec<_>>(),
        ))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn get_tag(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    require_reader(&state, &auth).await?;
    let name = path.into_inner();
    let tag = state
        .db
        .run(move |conn| {
            let mut filter = Filter::default();
            filter.add("tg.name = ?", vec![cat::text(&name)]);
            cat::tags(conn, &filter, "tg.id", 1, 0)?
                .into_iter()
                .next()
                .ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({"name": tag.name, "creation_date": tag.creation_date})))
}

pub fn library_value(state: &AppState, lib: &cat::LibraryRow) -> Value {
    let base = state.base_url();
    json!({
        "uuid": lib.uuid,
        "fid": format!("{base}/federation/music/libraries/{}", lib.uuid),
        "name": lib.name,
        "description": lib.description,
        "privacy_level": lib.privacy_level,
        "uploads_count": lib.uploads_count,
        "size": lib.size,
        "creation_date": lib.creation_date,
        "actor": {
            "fid": format!("{base}/federation/actors/{}", lib.owner_username),
            "url": Value::Null,
            "creation_date": lib.creation_date,
            "summary": Value::Null,
            "preferred_username": lib.owner_username,
            "name": lib.owner_username,
            "last_fetch_date": lib.creation_date,
            "domain": state.domain(),
            "type": "Person",
            "manually_approves_followers": false,
            "full_username": format!("{}@{}", lib.owner_username, state.domain()),
            "is_local": true
        }
    })
}

fn license_value(l: &cat::LicenseRow) -> Value {
    json!({
        "id": l.code,
        "code": l.code,
        "name": l.name,
        "url": l.url,
        "redistribute": l.flags[0],
        "derivative": l.flags[1],
        "commercial": l.flags[2],
        "attribution": l.flags[3],
        "copyleft": l.flags[4]
    })
}

#[tracing::instrument(skip_all)]
async fn list_licenses(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    require_reader(&state, &auth).await?;
    paginate(&state, &req, &params, move |conn, page| {
        let all = cat::licenses(conn)?;
        let count = i64::try_from(all.len()).unwrap_or(i64::MAX);
        let page = page.check(count)?;
        let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
        let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
        Ok((
            count,
            all.iter()
                .skip(offset)
                .take(limit)
                .map(license_value)
                .collect::<Vec<_>>(),
        ))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn get_license(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    require_reader(&state, &auth).await?;
    let code = path.into_inner();
    let all = state.db.run(|conn| cat::licenses(conn)).await?;
    let license = all
        .iter()
        .find(|l| l.code == code)
        .ok_or(ApiError::NotFound)?;
    Ok(HttpResponse::Ok().json(license_value(license)))
}

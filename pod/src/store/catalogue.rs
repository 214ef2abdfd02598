//! Artists, albums, tracks, uploads, tags and libraries (SQL only).

use rusqlite::Connection;

use crate::error::ApiError;

#[derive(Debug, Default)]
pub struct Stats {
    pub users: i64,
    pub artists: i64,
    pub albums: i64,
    pub tracks: i64,
    pub music_seconds: i64,
    pub favorites: i64,
    pub listenings: i64,
    pub downloads: i64,
    pub top_tags: Vec<(String, i64)>,
}

pub fn stats(conn: &Connection) -> Result<Stats, ApiError> {
    let count = |sql: &str| -> Result<i64, ApiError> { Ok(conn.query_row(sql, [], |r| r.get(0))?) };
    let mut stmt = conn.prepare_cached(
        "SELECT t.name, count(*) AS n FROM tagged_items i JOIN tags t ON t.id = i.tag_id
         WHERE i.object_type = 'track' GROUP BY t.id ORDER BY n DESC, t.name LIMIT 5",
    )?;
    let top_tags = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Stats {
        users: count("SELECT count(*) FROM users WHERE is_active = 1")?,
        artists: count("SELECT count(*) FROM artists")?,
        albums: count("SELECT count(*) FROM albums")?,
        tracks: count("SELECT count(*) FROM tracks")?,
        music_seconds: count("SELECT coalesce(sum(duration), 0) FROM uploads")?,
        favorites: 0,
        listenings: 0,
        downloads: count("SELECT coalesce(sum(downloads_count), 0) FROM tracks")?,
        top_tags,
    })
}

// ---- Inserts (seed and future write routes) ----

use rusqlite::params;

/// An attachment's row: its file under the media folder and what the file is.
#[derive(Debug)]
pub struct NewAttachment<'a> {
    pub uuid: &'a str,
    pub file: &'a str,
    pub mimetype: &'a str,
    pub size: i64,
}

/// Adds an attachment, owned by `owner` (the user who uploaded it, or the service account for
/// a feed's cover) or by no one (the demo seed's covers).
pub fn insert_attachment(
    conn: &Connection,
    attachment: &NewAttachment<'_>,
    owner: Option<i64>,
    now: &str,
) -> Result<(), ApiError> {
    conn.prepare_cached(
        "INSERT INTO attachments (uuid, file, mimetype, size, owner_id, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        attachment.uuid,
        attachment.file,
        attachment.mimetype,
        attachment.size,
        owner,
        now
    ])?;
    Ok(())
}

pub fn insert_license(
    conn: &Connection,
    code: &str,
    name: &str,
    url: &str,
    flags: [bool; 5],
) -> Result<(), ApiError> {
    conn.execute(
        "INSERT OR IGNORE INTO licenses (code, name, url, redistribute, derivative, commercial, attribution, copyleft)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![code, name, url, flags[0], flags[1], flags[2], flags[3], flags[4]],
    )?;
    Ok(())
}

pub struct NewArtist<'a> {
    pub name: &'a str,
    pub content_category: &'a str,
    pub description: Option<&'a str>,
    pub cover_uuid: Option<&'a str>,
    pub attributed_to: Option<i64>,
}

pub fn insert_artist(
    conn: &Connection,
    artist: &NewArtist<'_>,
    now: &str,
) -> Result<i64, ApiError> {
    conn.prepare_cached(
        "INSERT INTO artists (uuid, name, content_category, description, cover_uuid, attributed_to,
            creation_date, modification_date) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
    )?
    .execute(params![
        uuid::Uuid::new_v4().to_string(),
        artist.name,
        artist.content_category,
        artist.description,
        artist.cover_uuid,
        artist.attributed_to,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

pub struct NewAlbum<'a> {
    pub title: &'a str,
    pub artist_id: i64,
    pub release_date: Option<&'a str>,
    pub description: Option<&'a str>,
    pub cover_uuid: Option<&'a str>,
}

pub fn insert_album(conn: &Connection, album: &NewAlbum<'_>, now: &str) -> Result<i64, ApiError> {
    conn.prepare_cached(
        "INSERT INTO albums (uuid, title, artist_id, release_date, description, cover_uuid, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        uuid::Uuid::new_v4().to_string(),
        album.title,
        album.artist_id,
        album.release_date,
        album.description,
        album.cover_uuid,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

pub struct NewTrack<'a> {
    pub title: &'a str,
    pub artist_id: i64,
    pub album_id: Option<i64>,
    pub position: Option<i64>,
    pub disc_number: Option<i64>,
    pub license_code: Option<&'a str>,
    pub copyright: Option<&'a str>,
}

pub fn insert_track(conn: &Connection, track: &NewTrack<'_>, now: &str) -> Result<i64, ApiError> {
    conn.prepare_cached(
        "INSERT INTO tracks (uuid, title, artist_id, album_id, position, disc_number, license_code,
            copyright, creation_date) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        uuid::Uuid::new_v4().to_string(),
        track.title,
        track.artist_id,
        track.album_id,
        track.position,
        track.disc_number,
        track.license_code,
        track.copyright,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

pub struct NewUpload<'a> {
    pub track_id: i64,
    pub library_id: i64,
    pub file: &'a str,
    pub mimetype: &'a str,
    pub duration: i64,
    pub bitrate: i64,
    pub size: i64,
}

pub fn insert_upload(
    conn: &Connection,
    upload: &NewUpload<'_>,
    now: &str,
) -> Result<String, ApiError> {
    let uuid = uuid::Uuid::new_v4().to_string();
    conn.prepare_cached(
        "INSERT INTO uploads (uuid, track_id, library_id, file, mimetype, duration, bitrate, size, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        uuid,
        upload.track_id,
        upload.library_id,
        upload.file,
        upload.mimetype,
        upload.duration,
        upload.bitrate,
        upload.size,
        now
    ])?;
    Ok(uuid)
}

pub fn tag(
    conn: &Connection,
    name: &str,
    object_type: &str,
    object_id: i64,
    now: &str,
) -> Result<(), ApiError> {
    conn.prepare_cached("INSERT OR IGNORE INTO tags (name, creation_date) VALUES (?1, ?2)")?
        .execute(params![name, now])?;
    conn.prepare_cached(
        "INSERT OR IGNORE INTO tagged_items (tag_id, object_type, object_id)
         SELECT id, ?2, ?3 FROM tags WHERE name = ?1",
    )?
    .execute(params![name, object_type, object_id])?;
    Ok(())
}

pub fn insert_library(
    conn: &Connection,
    name: &str,
    description: &str,
    privacy_level: &str,
    owner_id: i64,
    now: &str,
) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO libraries (uuid, name, description, privacy_level, owner_id, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            uuid::Uuid::new_v4().to_string(),
            name,
            description,
            privacy_level,
            owner_id,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

// ---- Reads ----

use std::collections::{HashMap, HashSet};

use rusqlite::types::Value as SqlValue;
use rusqlite::{params_from_iter, OptionalExtension, Row};

/// A WHERE clause under construction, with its positional parameters.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    clauses: Vec<String>,
    pub params: Vec<SqlValue>,
    /// An index of `tracks` the planner must walk (`INDEXED BY`), when the caller knows better
    /// than SQLite's estimates (see `tracks_by_creation`).
    tracks_index: Option<&'static str>,
    /// The visibility clause of `hide_unviewable`, kept apart for counting by subtraction.
    hidden: Option<Marked>,
    /// The full-text clause of `tracks/?q=`, for counting on the index alone.
    track_search: Option<Marked>,
}

/// One clause of a filter that counts treat specially: its position, its parameters' range and,
/// for the visibility clause, the subquery of the hidden objects (column `obj`).
#[derive(Debug, Clone)]
struct Marked {
    clause: usize,
    params: std::ops::Range<usize>,
    opposite: String,
}

impl Filter {
    /// `clause` uses `?` placeholders, one per value in `values`.
    pub fn add(&mut self, clause: &str, values: Vec<SqlValue>) {
        self.clauses.push(clause.to_owned());
        self.params.extend(values);
    }

    fn add_marked(&mut self, clause: &str, opposite: String, values: Vec<SqlValue>) -> Marked {
        let start = self.params.len();
        self.add(clause, values);
        Marked {
            clause: self.clauses.len() - 1,
            params: start..self.params.len(),
            opposite,
        }
    }

    /// Tracks whose search text (title, artist, album) matches the FTS5 `query`.
    pub fn add_track_search(&mut self, query: &str) {
        let marked = self.add_marked(
            "t.id IN (SELECT rowid FROM track_search WHERE track_search MATCH ?)",
            String::new(),
            vec![text(query)],
        );
        self.track_search = Some(marked);
    }

    /// When the filter is a full-text search and nothing else (besides what the viewer may see):
    /// its parts, for `track_search_page`.
    pub fn search_only(&self) -> Option<SearchOnly<'_>> {
        let search = self.track_search.as_ref()?;
        let hidden = self.hidden.as_ref();
        let other_clauses = (0..self.clauses.len())
            .any(|index| index != search.clause && Some(index) != hidden.map(|h| h.clause));
        if other_clauses || self.tracks_index.is_some() {
            return None;
        }
        let SqlValue::Text(query) = self.params.get(search.params.start)? else {
            return None;
        };
        Some(SearchOnly {
            query,
            hidden: hidden.map(|h| (h.opposite.as_str(), &self.params[h.params.clone()])),
        })
    }

    /// The same filter without its visibility clause.
    fn without_hidden(&self) -> Filter {
        let Some(hidden) = &self.hidden else {
            return self.clone();
        };
        let mut rest = Filter {
            tracks_index: self.tracks_index,
            ..Filter::default()
        };
        for (index, clause) in self.clauses.iter().enumerate() {
            if index != hidden.clause {
                rest.clauses.push(clause.clone());
            }
        }
        for (index, value) in self.params.iter().enumerate() {
            if !hidden.params.contains(&index) {
                rest.params.push(value.clone());
            }
        }
        rest.track_search = self.track_search.as_ref().map(|marked| {
            let shift = usize::from(marked.clause > hidden.clause);
            let param_shift = if marked.params.start >= hidden.params.end {
                hidden.params.len()
            } else {
                0
            };
            Marked {
                clause: marked.clause - shift,
                params: marked.params.start - param_shift..marked.params.end - param_shift,
                opposite: String::new(),
            }
        });
        rest
    }

    /// For a page of many matches in creation order (a frequent search term): walk the
    /// `tracks_creation` index and stop at the page, rather than sorting every match (SQLite
    /// cannot estimate how many rows a full-text match gives, so it always sorts).
    pub fn tracks_by_creation(&mut self) {
        self.tracks_index = Some("tracks_creation");
    }

    pub fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", self.clauses.join(" AND "))
        }
    }
}

/// A track filter that is a full-text search only (`Filter::search_only`).
#[derive(Debug)]
pub struct SearchOnly<'a> {
    /// The FTS5 query.
    pub query: &'a str,
    /// The subquery of the tracks the viewer may not see (column `obj`) and its parameters.
    hidden: Option<(&'a str, &'a [SqlValue])>,
}

/// The counter the triggers of migration 0009 bump on every write that can change what a
/// track search finds or its order.
pub fn track_search_generation(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached("SELECT generation FROM track_search_generation WHERE id = 1")?
        .query_row([], |r| r.get(0))?)
}

/// The tracks list's default order, which the search cache's matches follow.
pub const TRACKS_NEWEST_FIRST: &str = "t.creation_date DESC, t.id DESC";

/// Every track matching the FTS5 `query`, visible or not, in the tracks list's default order
/// (newest first).
pub fn tracks_matching_newest_first(conn: &Connection, query: &str) -> Result<Vec<i64>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT t.id FROM tracks t
         WHERE t.id IN (SELECT rowid FROM track_search WHERE track_search MATCH ?)
         ORDER BY {TRACKS_NEWEST_FIRST}"
    ))?;
    let ids = stmt.query_map([query], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

/// The tracks a search-only filter's viewer may not see (none when it has no visibility
/// clause).
pub fn hidden_tracks(conn: &Connection, search: &SearchOnly<'_>) -> Result<HashSet<i64>, ApiError> {
    let Some((hidden, params)) = search.hidden else {
        return Ok(HashSet::new());
    };
    let mut stmt = conn.prepare_cached(&format!("SELECT obj FROM {hidden}"))?;
    let ids = stmt.query_map(params_from_iter(params.iter()), |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

/// The tracks of `ids` in the default order (newest first); `ids` is one page at most.
pub fn tracks_by_ids_newest_first(
    conn: &Connection,
    ids: &[i64],
) -> Result<Vec<TrackRow>, ApiError> {
    let mut filter = Filter::default();
    // One JSON array parameter rather than a placeholder per id: one prepared statement serves
    // every page size.
    let list = serde_json::to_string(ids).map_err(ApiError::internal)?;
    filter.add(
        "t.id IN (SELECT value FROM json_each(?))",
        vec![text(&list)],
    );
    let limit = i64::try_from(ids.len()).map_err(ApiError::internal)?;
    tracks(conn, &filter, TRACKS_NEWEST_FIRST, limit, 0)
}

/// Which catalogue object a visibility filter applies to, with its outer alias in the lists'
/// queries (`t` tracks, `al` albums, `ar` artists).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visible {
    Track,
    Album,
    Artist,
}

impl Visible {
    fn column(self) -> &'static str {
        match self {
            Self::Track => "t.id",
            Self::Album => "al.id",
            Self::Artist => "ar.id",
        }
    }

    /// The objects a candidate track `ct` belongs to.
    fn of_track(self) -> &'static str {
        match self {
            Self::Track => "ct.id",
            Self::Album => "ct.album_id",
            Self::Artist => "ct.artist_id",
        }
    }

    /// The tracks `wt` of the candidate object `c.obj`.
    fn tracks_of(self) -> &'static str {
        match self {
            Self::Track => "wt.id = c.obj",
            Self::Album => "wt.album_id = c.obj",
            Self::Artist => {
                "(wt.artist_id = c.obj OR wt.album_id IN (SELECT id FROM albums WHERE artist_id = c.obj))"
            }
        }
    }
}

/// Hides what is only in libraries the viewer may not see (private ones they neither own nor
/// follow with approval; pod-only ones for anonymous callers) or not imported yet: an object
/// with uploads, none of them finished in a viewable library.
///
/// Rather than probing every row's uploads (a correlated check per row: ~130 ms over 100,000
/// tracks), the hidden objects are found once per query from their candidates — objects of
/// an unfinished upload (partial index `uploads_unfinished`) or of an upload in an unviewable
/// library (few libraries, then `uploads_library`) — keeping those with no visible upload.
pub fn hide_unviewable(filter: &mut Filter, viewer: Option<i64>, kind: Visible) {
    let viewable = |alias: &str| {
        match viewer {
        Some(_) => format!(
            "({alias}.privacy_level IN ('everyone', 'instance') OR {alias}.owner_id = ?
              OR {alias}.id IN (SELECT library_id FROM library_follows WHERE user_id = ? AND approved = 1))"
        ),
        None => format!("{alias}.privacy_level = 'everyone'"),
    }
    };
    let (column, object, tracks_of) = (kind.column(), kind.of_track(), kind.tracks_of());
    let mut candidates = format!(
        "SELECT {object} AS obj FROM uploads cu JOIN tracks ct ON ct.id = cu.track_id
           WHERE cu.import_status <> 'finished'
         UNION SELECT {object} FROM libraries cl CROSS JOIN uploads cu ON cu.library_id = cl.id
           JOIN tracks ct ON ct.id = cu.track_id WHERE NOT {}",
        viewable("cl")
    );
    if kind == Visible::Artist {
        // An artist also owns the tracks of its albums credited to another artist.
        candidates.push_str(&format!(
            " UNION SELECT ca.artist_id FROM uploads cu JOIN tracks ct ON ct.id = cu.track_id
                JOIN albums ca ON ca.id = ct.album_id WHERE cu.import_status <> 'finished'
              UNION SELECT ca.artist_id FROM libraries cl CROSS JOIN uploads cu ON cu.library_id = cl.id
                JOIN tracks ct ON ct.id = cu.track_id JOIN albums ca ON ca.id = ct.album_id
                WHERE NOT {}",
            viewable("cl")
        ));
    }
    let viewer_params = |n: usize| -> Vec<SqlValue> {
        viewer
            .map(|v| (0..n * 2).map(|_| int(v)).collect())
            .unwrap_or_default()
    };
    let unviewable_branches = if kind == Visible::Artist { 2 } else { 1 };
    let mut params = viewer_params(unviewable_branches);
    params.extend(viewer_params(1));
    let hidden = format!(
        "(SELECT c.obj FROM ({candidates}) c
           WHERE c.obj IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tracks wt
             JOIN uploads wu ON wu.track_id = wt.id JOIN libraries wl ON wl.id = wu.library_id
             WHERE {tracks_of} AND wu.import_status = 'finished' AND {}))",
        viewable("wl")
    );
    let marked = filter.add_marked(&format!("{column} NOT IN {hidden}"), hidden, params);
    filter.hidden = Some(marked);
}

pub type SqlValueAlias = SqlValue;

pub fn text(value: &str) -> SqlValue {
    SqlValue::Text(value.to_owned())
}

pub fn int(value: i64) -> SqlValue {
    SqlValue::Integer(value)
}

/// `?, ?, ?` for `n` values.
pub fn placeholders(n: usize) -> String {
    vec!["?"; n].join(", ")
}

#[derive(Debug, Clone)]
pub struct AttachmentRow {
    pub uuid: String,
    pub file: String,
    pub mimetype: String,
    pub size: i64,
    pub creation_date: String,
}

#[derive(Debug, Clone)]
pub struct ArtistRef {
    pub id: i64,
    pub uuid: String,
    pub name: String,
    pub content_category: String,
    pub description: Option<String>,
    pub creation_date: String,
    pub modification_date: String,
    pub cover_uuid: Option<String>,
    pub channel_uuid: Option<String>,
}

const ARTIST_REF: &str = "{a}.id, {a}.uuid, {a}.name, {a}.content_category, {a}.description, \
    {a}.creation_date, {a}.modification_date, {a}.cover_uuid, \
    (SELECT c.uuid FROM channels c WHERE c.artist_id = {a}.id)";
const ARTIST_REF_LEN: usize = 9;

fn artist_ref_cols(alias: &str) -> String {
    ARTIST_REF.replace("{a}", alias)
}

fn artist_ref(row: &Row<'_>, at: usize) -> rusqlite::Result<ArtistRef> {
    Ok(ArtistRef {
        id: row.get(at)?,
        uuid: row.get(at + 1)?,
        name: row.get(at + 2)?,
        content_category: row.get(at + 3)?,
        description: row.get(at + 4)?,
        creation_date: row.get(at + 5)?,
        modification_date: row.get(at + 6)?,
        cover_uuid: row.get(at + 7)?,
        channel_uuid: row.get(at + 8)?,
    })
}

#[derive(Debug, Clone)]
pub struct AlbumRow {
    pub id: i64,
    pub uuid: String,
    pub mbid: Option<String>,
    pub title: String,
    pub release_date: Option<String>,
    pub creation_date: String,
    pub cover_uuid: Option<String>,
    pub description: Option<String>,
    pub tracks_count: i64,
    pub duration: i64,
    pub artist: ArtistRef,
}

#[derive(Debug, Clone)]
pub struct TrackRow {
    pub id: i64,
    pub uuid: String,
    pub mbid: Option<String>,
    pub title: String,
    pub position: Option<i64>,
    pub disc_number: Option<i64>,
    pub copyright: Option<String>,
    pub license_code: Option<String>,
    pub downloads_count: i64,
    pub creation_date: String,
    pub artist: ArtistRef,
    pub album: Option<AlbumRow>,
}

#[derive(Debug, Clone)]
pub struct UploadRow {
    pub uuid: String,
    pub track_id: Option<i64>,
    pub track_uuid: Option<String>,
    pub file: String,
    pub mimetype: String,
    pub duration: i64,
    pub bitrate: i64,
    pub size: i64,
    pub library_privacy: String,
    pub library_owner: i64,
}

#[derive(Debug, Clone)]
pub struct ArtistRow {
    pub artist: ArtistRef,
    pub tracks_count: i64,
}

pub fn attachments(
    conn: &Connection,
    uuids: &[String],
) -> Result<HashMap<String, AttachmentRow>, ApiError> {
    if uuids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut stmt = conn.prepare_cached(
        "SELECT uuid, file, mimetype, size, creation_date FROM attachments
         WHERE uuid IN (SELECT value FROM json_each(?1))",
    )?;
    let rows = stmt.query_map([json_list(uuids)], |r| {
        Ok(AttachmentRow {
            uuid: r.get(0)?,
            file: r.get(1)?,
            mimetype: r.get(2)?,
            size: r.get(3)?,
            creation_date: r.get(4)?,
        })
    })?;
    let mut map = HashMap::new();
    for row in rows {
        let row = row?;
        map.insert(row.uuid.clone(), row);
    }
    Ok(map)
}

pub fn attachment_by_file(
    conn: &Connection,
    file: &str,
) -> Result<Option<AttachmentRow>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT uuid, file, mimetype, size, creation_date FROM attachments WHERE file = ?1",
            [file],
            |r| {
                Ok(AttachmentRow {
                    uuid: r.get(0)?,
                    file: r.get(1)?,
                    mimetype: r.get(2)?,
                    size: r.get(3)?,
                    creation_date: r.get(4)?,
                })
            },
        )
        .optional()?)
}

/// Tag names per object id, for one object type.
pub fn tags_of(
    conn: &Connection,
    object_type: &str,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<String>>, ApiError> {
    let mut map: HashMap<i64, Vec<String>> = HashMap::new();
    if ids.is_empty() {
        return Ok(map);
    }
    let mut stmt = conn.prepare_cached(
        "SELECT i.object_id, t.name FROM tagged_items i JOIN tags t ON t.id = i.tag_id
         WHERE i.object_type = ?1 AND i.object_id IN (SELECT value FROM json_each(?2))
         ORDER BY t.name",
    )?;
    let rows = stmt.query_map(params![object_type, json_list(ids)], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
    })?;
    for row in rows {
        let (id, name) = row?;
        map.entry(id).or_default().push(name);
    }
    Ok(map)
}

const UPLOAD_COLS: &str = "u.uuid, u.track_id, t.uuid, u.file, u.mimetype, u.duration, u.bitrate, \
    u.size, l.privacy_level, l.owner_id";

fn upload_row(r: &Row<'_>) -> rusqlite::Result<UploadRow> {
    Ok(UploadRow {
        uuid: r.get(0)?,
        track_id: r.get(1)?,
        track_uuid: r.get(2)?,
        file: r.get(3)?,
        mimetype: r.get(4)?,
        duration: r.get(5)?,
        bitrate: r.get(6)?,
        size: r.get(7)?,
        library_privacy: r.get(8)?,
        library_owner: r.get(9)?,
    })
}

pub fn uploads_of(
    conn: &Connection,
    track_ids: &[i64],
) -> Result<HashMap<i64, Vec<UploadRow>>, ApiError> {
    let mut map: HashMap<i64, Vec<UploadRow>> = HashMap::new();
    if track_ids.is_empty() {
        return Ok(map);
    }
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {UPLOAD_COLS} FROM uploads u JOIN tracks t ON t.id = u.track_id
         JOIN libraries l ON l.id = u.library_id
         WHERE u.import_status = 'finished' AND u.track_id IN (SELECT value FROM json_each(?1))
         ORDER BY u.id"
    ))?;
    let rows = stmt.query_map([json_list(track_ids)], upload_row)?;
    for row in rows {
        let row = row?;
        if let Some(track_id) = row.track_id {
            map.entry(track_id).or_default().push(row);
        }
    }
    Ok(map)
}

/// The upload to stream for a track or upload uuid (`upload` picks one of a track's uploads).
pub fn upload_for_listen(
    conn: &Connection,
    uuid: &str,
    upload: Option<&str>,
) -> Result<Option<UploadRow>, ApiError> {
    let base = format!(
        "SELECT {UPLOAD_COLS} FROM uploads u JOIN tracks t ON t.id = u.track_id
         JOIN libraries l ON l.id = u.library_id WHERE u.import_status = 'finished'"
    );
    let found = match upload {
        Some(upload) => conn
            .query_row(
                &format!("{base} AND t.uuid = ?1 AND u.uuid = ?2"),
                [uuid, upload],
                upload_row,
            )
            .optional()?,
        None => conn
            .query_row(
                &format!("{base} AND t.uuid = ?1 ORDER BY u.id LIMIT 1"),
                [uuid],
                upload_row,
            )
            .optional()?,
    };
    match found {
        Some(row) => Ok(Some(row)),
        None => Ok(conn
            .query_row(&format!("{base} AND u.uuid = ?1"), [uuid], upload_row)
            .optional()?),
    }
}

fn album_select() -> String {
    format!(
        "SELECT al.id, al.uuid, al.mbid, al.title, al.release_date, al.creation_date, al.cover_uuid,
            al.description,
            (SELECT count(*) FROM tracks x WHERE x.album_id = al.id),
            (SELECT coalesce(sum(u.duration), 0) FROM tracks x JOIN uploads u ON u.track_id = x.id
                WHERE x.album_id = al.id),
            {}
         FROM albums al JOIN artists ar ON ar.id = al.artist_id",
        artist_ref_cols("ar")
    )
}

fn album_row(r: &Row<'_>, at: usize) -> rusqlite::Result<AlbumRow> {
    Ok(AlbumRow {
        id: r.get(at)?,
        uuid: r.get(at + 1)?,
        mbid: r.get(at + 2)?,
        title: r.get(at + 3)?,
        release_date: r.get(at + 4)?,
        creation_date: r.get(at + 5)?,
        cover_uuid: r.get(at + 6)?,
        description: r.get(at + 7)?,
        tracks_count: r.get(at + 8)?,
        duration: r.get(at + 9)?,
        artist: artist_ref(r, at + 10)?,
    })
}

/// The number of tracks a filter selects, counted the cheap way: the visible ones are all the
/// matching tracks less the hidden ones among them (SQLite counts a bare table from its b-tree
/// pages, and the hidden tracks are few), rather than a check of every row; a search alone is
/// counted on its full-text index.
pub fn count_tracks(conn: &Connection, filter: &Filter) -> Result<i64, ApiError> {
    let Some(hidden) = &filter.hidden else {
        return count_tracks_as_is(conn, filter);
    };
    let rest = filter.without_hidden();
    // The hidden tracks drive this count (CROSS JOIN keeps them the outer loop): a search's
    // thousands of matches are only probed, never walked.
    let joined = rest
        .clauses
        .iter()
        .any(|c| c.contains("ar.") || c.contains("al."));
    let tracks = if joined { TRACK_FROM } else { "tracks t" };
    let where_clause = match rest.sql() {
        sql if sql.is_empty() => "WHERE t.id = hid.obj".to_owned(),
        sql => format!("{sql} AND t.id = hid.obj"),
    };
    let params = filter.params[hidden.params.clone()]
        .iter()
        .chain(rest.params.iter());
    let among_hidden: i64 = conn
        .prepare_cached(&format!(
            "SELECT count(*) FROM {} hid CROSS JOIN {tracks} {where_clause}",
            hidden.opposite
        ))?
        .query_row(params_from_iter(params), |r| r.get(0))?;
    Ok(count_tracks_as_is(conn, &rest)? - among_hidden)
}

/// `tracks` joins artists and albums for filters that need them; a count whose filter only
/// touches the tracks table skips the joins (they never change the number of rows).
fn count_tracks_as_is(conn: &Connection, filter: &Filter) -> Result<i64, ApiError> {
    if let (Some(search), 1) = (&filter.track_search, filter.clauses.len()) {
        // Every row of `track_search` is a track (triggers keep them in step).
        return Ok(conn
            .prepare_cached("SELECT count(*) FROM track_search WHERE track_search MATCH ?")?
            .query_row(
                params_from_iter(filter.params[search.params.clone()].iter()),
                |r| r.get(0),
            )?);
    }
    let joined = filter
        .clauses
        .iter()
        .any(|c| c.contains("ar.") || c.contains("al."));
    count(conn, if joined { TRACK_FROM } else { "tracks t" }, filter)
}

/// An FTS5 query matching every term as a substring (terms of 3+ characters, the trigram
/// minimum); `None` when no term is long enough.
pub fn fts_query(terms: &[&str]) -> Option<String> {
    let parts: Vec<String> = terms
        .iter()
        .filter(|t| t.chars().count() >= 3)
        .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
        .collect();
    (!parts.is_empty()).then(|| parts.join(" AND "))
}

/// A filter's parameters followed by a page's `LIMIT ? OFFSET ?` (kept out of the SQL text, so
/// every page of a list reuses one prepared statement).
fn page_params(
    filter: &Filter,
    limit: i64,
    offset: i64,
) -> rusqlite::ParamsFromIter<impl Iterator<Item = SqlValue> + '_> {
    params_from_iter(
        filter
            .params
            .iter()
            .cloned()
            .chain([int(limit), int(offset)]),
    )
}

/// A list of ids (or uuids) as one JSON array parameter, read back with `json_each`: one SQL
/// text whatever the list's length, so the statement is prepared once per connection.
pub fn json_list<T: serde::Serialize>(values: &[T]) -> String {
    serde_json::to_string(values).unwrap_or_else(|_| "[]".to_owned())
}

pub fn count(conn: &Connection, from: &str, filter: &Filter) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached(&format!("SELECT count(*) FROM {from} {}", filter.sql()))?
        .query_row(params_from_iter(filter.params.iter()), |r| r.get(0))?)
}

pub const ALBUM_FROM: &str = "albums al JOIN artists ar ON ar.id = al.artist_id";

/// The number of albums a filter selects, counted as tracks are (`count_tracks`): all the
/// matching albums less the hidden ones among them, and without the artists join when no
/// clause reads the artist (every album has one: the key is required and cascades).
pub fn count_albums(conn: &Connection, filter: &Filter) -> Result<i64, ApiError> {
    let from = |f: &Filter| {
        if f.clauses.iter().any(|c| c.contains("ar.")) {
            ALBUM_FROM
        } else {
            "albums al"
        }
    };
    let Some(hidden) = &filter.hidden else {
        return count(conn, from(filter), filter);
    };
    let rest = filter.without_hidden();
    let where_clause = match rest.sql() {
        sql if sql.is_empty() => "WHERE al.id = hid.obj".to_owned(),
        sql => format!("{sql} AND al.id = hid.obj"),
    };
    let params = filter.params[hidden.params.clone()]
        .iter()
        .chain(rest.params.iter());
    let among_hidden: i64 = conn
        .prepare_cached(&format!(
            "SELECT count(*) FROM {} hid CROSS JOIN {} {where_clause}",
            hidden.opposite,
            from(&rest)
        ))?
        .query_row(params_from_iter(params), |r| r.get(0))?;
    Ok(count(conn, from(&rest), &rest)? - among_hidden)
}

pub fn albums(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<AlbumRow>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!(
        "{} {} ORDER BY {order} LIMIT ? OFFSET ?",
        album_select(),
        filter.sql()
    ))?;
    let rows = stmt.query_map(page_params(filter, limit, offset), |r| album_row(r, 0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub const TRACK_FROM: &str = "tracks t JOIN artists ar ON ar.id = t.artist_id \
    LEFT JOIN albums al ON al.id = t.album_id";

pub fn tracks(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<TrackRow>, ApiError> {
    let from = match filter.tracks_index {
        Some(index) => TRACK_FROM.replacen("tracks t", &format!("tracks t INDEXED BY {index}"), 1),
        None => TRACK_FROM.to_owned(),
    };
    let sql = format!(
        "SELECT t.id, t.uuid, t.mbid, t.title, t.position, t.disc_number, t.copyright,
            t.license_code, t.downloads_count, t.creation_date, {}, t.album_id
         FROM {from} {} ORDER BY {order} LIMIT ? OFFSET ?",
        artist_ref_cols("ar"),
        filter.sql()
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(page_params(filter, limit, offset), |r| {
        Ok((
            TrackRow {
                id: r.get(0)?,
                uuid: r.get(1)?,
                mbid: r.get(2)?,
                title: r.get(3)?,
                position: r.get(4)?,
                disc_number: r.get(5)?,
                copyright: r.get(6)?,
                license_code: r.get(7)?,
                downloads_count: r.get(8)?,
                creation_date: r.get(9)?,
                artist: artist_ref(r, 10)?,
                album: None,
            },
            r.get::<_, Option<i64>>(10 + ARTIST_REF_LEN)?,
        ))
    })?;
    let mut tracks = Vec::new();
    let mut album_ids = Vec::new();
    for row in rows {
        let (track, album_id) = row?;
        if let Some(id) = album_id {
            album_ids.push(id);
        }
        tracks.push((track, album_id));
    }
    album_ids.sort_unstable();
    album_ids.dedup();
    let albums = albums_by_id(conn, &album_ids)?;
    Ok(tracks
        .into_iter()
        .map(|(mut track, album_id)| {
            track.album = album_id.and_then(|id| albums.get(&id).cloned());
            track
        })
        .collect())
}

pub fn albums_by_id(conn: &Connection, ids: &[i64]) -> Result<HashMap<i64, AlbumRow>, ApiError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut stmt = conn.prepare_cached(&format!(
        "{} WHERE al.id IN (SELECT value FROM json_each(?1))",
        album_select(),
    ))?;
    let rows = stmt.query_map([json_list(ids)], |r| album_row(r, 0))?;
    let mut map = HashMap::new();
    for row in rows {
        let row = row?;
        map.insert(row.id, row);
    }
    Ok(map)
}

pub fn albums_of_artists(
    conn: &Connection,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<AlbumRow>>, ApiError> {
    let mut map: HashMap<i64, Vec<AlbumRow>> = HashMap::new();
    if ids.is_empty() {
        return Ok(map);
    }
    let mut stmt = conn.prepare_cached(&format!(
        "{} WHERE al.artist_id IN (SELECT value FROM json_each(?1))
         ORDER BY al.release_date DESC, al.id",
        album_select(),
    ))?;
    let rows = stmt.query_map([json_list(ids)], |r| album_row(r, 0))?;
    for row in rows {
        let row = row?;
        map.entry(row.artist.id).or_default().push(row);
    }
    Ok(map)
}

pub const ARTIST_FROM: &str = "artists ar";

pub fn artists(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<ArtistRow>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {}, (SELECT count(*) FROM tracks x WHERE x.artist_id = ar.id)
         FROM {ARTIST_FROM} {} ORDER BY {order} LIMIT ? OFFSET ?",
        artist_ref_cols("ar"),
        filter.sql()
    ))?;
    let rows = stmt.query_map(page_params(filter, limit, offset), |r| {
        Ok(ArtistRow {
            artist: artist_ref(r, 0)?,
            tracks_count: r.get(ARTIST_REF_LEN)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[derive(Debug, Clone)]
pub struct TagRow {
    pub name: String,
    pub creation_date: String,
}

pub const TAG_FROM: &str = "tags tg";

pub fn tags(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<TagRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT tg.name, tg.creation_date FROM {TAG_FROM} {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| {
        Ok(TagRow {
            name: r.get(0)?,
            creation_date: r.get(1)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[derive(Debug, Clone)]
pub struct LibraryRow {
    pub uuid: String,
    pub name: String,
    pub description: Option<String>,
    pub privacy_level: String,
    pub creation_date: String,
    pub owner_username: String,
    pub uploads_count: i64,
    pub size: i64,
}

pub const LIBRARY_FROM: &str = "libraries l JOIN users o ON o.id = l.owner_id";

pub fn libraries(
    conn: &Connection,
    filter: &Filter,
    limit: i64,
    offset: i64,
) -> Result<Vec<LibraryRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT l.uuid, l.name, l.description, l.privacy_level, l.creation_date, l.owner_id,
            o.username,
            (SELECT count(*) FROM uploads u WHERE u.library_id = l.id),
            (SELECT coalesce(sum(u.size), 0) FROM uploads u WHERE u.library_id = l.id)
         FROM {LIBRARY_FROM} {} ORDER BY l.creation_date DESC, l.id DESC LIMIT {limit} OFFSET {offset}",
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| {
        Ok(LibraryRow {
            uuid: r.get(0)?,
            name: r.get(1)?,
            description: r.get(2)?,
            privacy_level: r.get(3)?,
            creation_date: r.get(4)?,
            owner_username: r.get(6)?,
            uploads_count: r.get(7)?,
            size: r.get(8)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[derive(Debug, Clone)]
pub struct LicenseRow {
    pub code: String,
    pub name: String,
    pub url: String,
    pub flags: [bool; 5],
}

pub fn licenses(conn: &Connection) -> Result<Vec<LicenseRow>, ApiError> {
    let mut stmt = conn.prepare(
        "SELECT code, name, url, redistribute, derivative, commercial, attribution, copyleft
         FROM licenses ORDER BY code",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(LicenseRow {
            code: r.get(0)?,
            name: r.get(1)?,
            url: r.get(2)?,
            flags: [r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?],
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fts_queries_quote_terms() {
        assert_eq!(fts_query(&["Velvet", "ri"]).as_deref(), Some("\"Velvet\""));
        assert_eq!(
            fts_query(&["a\"bc", "river"]).as_deref(),
            Some("\"a\"\"bc\" AND \"river\"")
        );
        assert!(fts_query(&["ab"]).is_none());
    }

    #[test]
    fn search_index_follows_tracks() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::db::Db::open(&dir.path().join("t.sqlite3")).unwrap();
        let conn = db.conn().unwrap();
        let now = "2024-01-01T00:00:00Z";
        let artist = insert_artist(
            &conn,
            &NewArtist {
                name: "Velvet Owls",
                content_category: "music",
                description: None,
                cover_uuid: None,
                attributed_to: None,
            },
            now,
        )
        .unwrap();
        let album = insert_album(
            &conn,
            &NewAlbum {
                title: "Night Garden",
                artist_id: artist,
                release_date: None,
                description: None,
                cover_uuid: None,
            },
            now,
        )
        .unwrap();
        let track = insert_track(
            &conn,
            &NewTrack {
                title: "Moonlit",
                artist_id: artist,
                album_id: Some(album),
                position: Some(1),
                disc_number: None,
                license_code: None,
                copyright: None,
            },
            now,
        )
        .unwrap();
        let find = |q: &str| -> Vec<i64> {
            let mut stmt = conn
                .prepare("SELECT rowid FROM track_search WHERE track_search MATCH ?1")
                .unwrap();
            stmt.query_map([q], |r| r.get(0))
                .unwrap()
                .map(|r| r.unwrap())
                .collect()
        };
        assert_eq!(find("\"owls\" AND \"garden\""), vec![track]);
        assert_eq!(find("\"oonli\""), vec![track]);
        conn.execute(
            "UPDATE albums SET title = 'Day Field' WHERE id = ?1",
            [album],
        )
        .unwrap();
        assert!(find("\"garden\"").is_empty());
        assert_eq!(find("\"field\""), vec![track]);
        conn.execute("DELETE FROM tracks WHERE id = ?1", [track])
            .unwrap();
        assert!(find("\"moonlit\"").is_empty());
    }
}

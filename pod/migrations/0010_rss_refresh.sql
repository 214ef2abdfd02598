-- External channels are read again periodically (src/rss_refresh.rs), as a real pod does.
-- `last_fetch_date`: when the feed was last read successfully (a channel whose last read is
-- older than the refresh delay is read again); `cover_source`: the feed's cover URL the
-- channel's cover was downloaded from (a new URL brings a new cover); `tracks.rss_guid`: the
-- feed item's guid an episode was made from, so that a refresh never adds it twice.
ALTER TABLE channels ADD COLUMN last_fetch_date TEXT;
ALTER TABLE channels ADD COLUMN cover_source TEXT;
ALTER TABLE tracks ADD COLUMN rss_guid TEXT;
UPDATE channels SET last_fetch_date = creation_date WHERE rss_url IS NOT NULL;
CREATE INDEX tracks_rss_guid ON tracks(artist_id, rss_guid) WHERE rss_guid IS NOT NULL;

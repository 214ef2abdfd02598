-- External channels: podcasts subscribed to by their RSS feed (`channels/rss-subscribe/`).
-- They belong to the pod's service account; their episodes are uploads whose `source` is the
-- feed item's enclosure URL (no local file).
ALTER TABLE channels ADD COLUMN rss_url TEXT;
ALTER TABLE channels ADD COLUMN external_link TEXT;
CREATE UNIQUE INDEX channels_rss_url ON channels(rss_url) WHERE rss_url IS NOT NULL;

-- Content visibility without a per-row check: the catalogue lists find the few hidden objects
-- from the uploads that are not finished (this partial index) or sit in libraries the viewer
-- may not see (uploads_library), instead of probing every track's uploads.
CREATE INDEX IF NOT EXISTS uploads_unfinished ON uploads (track_id) WHERE import_status <> 'finished';

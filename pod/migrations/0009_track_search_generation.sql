-- `tracks/?q=` keeps the matches of recent search terms in memory, in creation order
-- (src/search_cache.rs). This counter says when they may be stale: every write that adds or
-- removes a track, or changes what `track_search` holds for one or its creation date, bumps it.
CREATE TABLE track_search_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL
);
INSERT INTO track_search_generation (id, generation) VALUES (1, 0);

CREATE TRIGGER track_search_generation_insert AFTER INSERT ON tracks BEGIN
    UPDATE track_search_generation SET generation = generation + 1 WHERE id = 1;
END;

CREATE TRIGGER track_search_generation_delete AFTER DELETE ON tracks BEGIN
    UPDATE track_search_generation SET generation = generation + 1 WHERE id = 1;
END;

CREATE TRIGGER track_search_generation_track
AFTER UPDATE OF title, artist_id, album_id, creation_date ON tracks BEGIN
    UPDATE track_search_generation SET generation = generation + 1 WHERE id = 1;
END;

CREATE TRIGGER track_search_generation_artist AFTER UPDATE OF name ON artists BEGIN
    UPDATE track_search_generation SET generation = generation + 1 WHERE id = 1;
END;

CREATE TRIGGER track_search_generation_album AFTER UPDATE OF title ON albums BEGIN
    UPDATE track_search_generation SET generation = generation + 1 WHERE id = 1;
END;

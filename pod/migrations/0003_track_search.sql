-- Substring search over tracks (title, artist name, album title) with a trigram full-text
-- index, so `tracks/?q=` stays fast on large catalogues. Kept in sync by triggers.
CREATE VIRTUAL TABLE track_search USING fts5(text, tokenize = 'trigram');

INSERT INTO track_search (rowid, text)
SELECT t.id, t.title || ' ' || ar.name || ' ' || coalesce(al.title, '')
FROM tracks t JOIN artists ar ON ar.id = t.artist_id LEFT JOIN albums al ON al.id = t.album_id;

CREATE TRIGGER track_search_insert AFTER INSERT ON tracks BEGIN
    INSERT INTO track_search (rowid, text) VALUES (
        new.id,
        new.title || ' ' || coalesce((SELECT name FROM artists WHERE id = new.artist_id), '')
            || ' ' || coalesce((SELECT title FROM albums WHERE id = new.album_id), ''));
END;

CREATE TRIGGER track_search_delete AFTER DELETE ON tracks BEGIN
    DELETE FROM track_search WHERE rowid = old.id;
END;

CREATE TRIGGER track_search_update AFTER UPDATE OF title, artist_id, album_id ON tracks BEGIN
    DELETE FROM track_search WHERE rowid = old.id;
    INSERT INTO track_search (rowid, text) VALUES (
        new.id,
        new.title || ' ' || coalesce((SELECT name FROM artists WHERE id = new.artist_id), '')
            || ' ' || coalesce((SELECT title FROM albums WHERE id = new.album_id), ''));
END;

CREATE TRIGGER track_search_artist AFTER UPDATE OF name ON artists BEGIN
    DELETE FROM track_search WHERE rowid IN (SELECT id FROM tracks WHERE artist_id = new.id);
    INSERT INTO track_search (rowid, text)
    SELECT t.id, t.title || ' ' || new.name || ' ' || coalesce(al.title, '')
    FROM tracks t LEFT JOIN albums al ON al.id = t.album_id WHERE t.artist_id = new.id;
END;

CREATE TRIGGER track_search_album AFTER UPDATE OF title ON albums BEGIN
    DELETE FROM track_search WHERE rowid IN (SELECT id FROM tracks WHERE album_id = new.id);
    INSERT INTO track_search (rowid, text)
    SELECT t.id, t.title || ' ' || ar.name || ' ' || new.title
    FROM tracks t JOIN artists ar ON ar.id = t.artist_id WHERE t.album_id = new.id;
END;

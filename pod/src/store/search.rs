//! The global search's filters (SQL only): every word must match one of the fields, as
//! Funkwhale's `get_query` does, and the shortest matches come first.

use crate::store::catalogue::{self as cat, Filter};

fn escape(word: &str) -> String {
    format!(
        "%{}%",
        word.replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    )
}

/// Words of the query; quoted phrases stay whole.
pub fn words(query: &str) -> Vec<String> {
    let mut words = Vec::new();
    for (i, part) in query.split('"').enumerate() {
        if i % 2 == 1 {
            if !part.trim().is_empty() {
                words.push(part.trim().to_owned());
            }
        } else {
            words.extend(part.split_whitespace().map(str::to_owned));
        }
    }
    words
}

fn matching(words: &[String], columns: &[&str]) -> Filter {
    let mut filter = Filter::default();
    for word in words {
        let clause = columns
            .iter()
            .map(|c| format!("{c} LIKE ? ESCAPE '\\'"))
            .collect::<Vec<_>>()
            .join(" OR ");
        filter.add(
            &format!("({clause})"),
            columns.iter().map(|_| cat::text(&escape(word))).collect(),
        );
    }
    filter
}

pub fn artists(words: &[String]) -> (Filter, &'static str) {
    (matching(words, &["ar.name"]), "length(ar.name), ar.id")
}

pub fn albums(words: &[String]) -> (Filter, &'static str) {
    (
        matching(words, &["al.title", "ar.name"]),
        "length(al.title), al.id",
    )
}

pub fn tracks(words: &[String]) -> (Filter, &'static str) {
    (
        matching(words, &["t.title", "al.title", "ar.name"]),
        "length(t.title), t.id",
    )
}

pub fn tags(words: &[String]) -> (Filter, &'static str) {
    (matching(words, &["tg.name"]), "length(tg.name), tg.id")
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn splits_words_and_phrases() {
        assert_eq!(words("  a  b "), vec!["a", "b"]);
        assert_eq!(words("x \"two words\" y"), vec!["x", "two words", "y"]);
        assert!(words("   ").is_empty());
    }
}

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

/// The case forms of one character that `LIKE` does not fold itself (it folds ASCII only).
fn case_forms(c: char) -> Vec<char> {
    let mut forms = vec![c];
    if !c.is_ascii() {
        let single = |text: String| -> Option<char> {
            let mut chars = text.chars();
            let first = chars.next()?;
            chars.next().is_none().then_some(first)
        };
        for form in [
            single(c.to_lowercase().collect()),
            single(c.to_uppercase().collect()),
        ]
        .into_iter()
        .flatten()
        {
            if !forms.contains(&form) {
                forms.push(form);
            }
        }
    }
    forms
}

/// Every spelling of a short term that differs only by the case of its non-ASCII letters.
fn case_variants(term: &str) -> Vec<String> {
    term.chars().fold(vec![String::new()], |acc, c| {
        acc.iter()
            .flat_map(|prefix| {
                case_forms(c).into_iter().map(move |form| {
                    let mut next = prefix.clone();
                    next.push(form);
                    next
                })
            })
            .collect()
    })
}

/// `tracks/?q=`: every whitespace-separated term must be a case-insensitive substring of the
/// track's title, its artist's name or its album's title (Funkwhale's `q` on tracks:
/// `icontains` on title, artist__name and album__title).
///
/// Terms of three characters or more go through the trigram index `track_search` (title,
/// artist and album joined by a space, kept in sync by triggers): a term holds no whitespace, so
/// it can never match across two fields, and trigram phrases are exact substring matches. The
/// index folds case (Unicode). Shorter terms, which a trigram cannot index, use `LIKE` on each
/// column, with their non-ASCII case variants since `LIKE` only folds ASCII.
pub fn track_query(filter: &mut Filter, q: &str) {
    let terms: Vec<&str> = q.split_whitespace().collect();
    if let Some(query) = cat::fts_query(&terms) {
        filter.add_track_search(&query);
    }
    for term in terms.iter().filter(|t| t.chars().count() < 3) {
        let variants = case_variants(term);
        let clause = variants
            .iter()
            .map(|_| {
                "t.title LIKE ? ESCAPE '\\' OR ar.name LIKE ? ESCAPE '\\' OR al.title LIKE ? ESCAPE '\\'"
            })
            .collect::<Vec<_>>()
            .join(" OR ");
        filter.add(
            &format!("({clause})"),
            variants
                .iter()
                .flat_map(|v| {
                    let pattern = escape(v);
                    [
                        cat::text(&pattern),
                        cat::text(&pattern),
                        cat::text(&pattern),
                    ]
                })
                .collect(),
        );
    }
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
    fn short_terms_get_their_non_ascii_case_variants() {
        assert_eq!(case_variants("ab"), vec!["ab"]);
        assert_eq!(case_variants("ü"), vec!["ü", "Ü"]);
        let mut both = case_variants("Éa");
        both.sort();
        assert_eq!(both, vec!["Éa", "éa"]);
        assert_eq!(case_variants("ßx"), vec!["ßx"]);
    }

    #[test]
    fn splits_words_and_phrases() {
        assert_eq!(words("  a  b "), vec!["a", "b"]);
        assert_eq!(words("x \"two words\" y"), vec!["x", "two words", "y"]);
        assert!(words("   ").is_empty());
    }
}

//! Choosing a precompressed variant (`file.br`, `file.gz`) from `Accept-Encoding`.

use actix_web::http::header::{ContentEncoding, HeaderMap, ACCEPT_ENCODING};

/// The precompressed encodings we look for, best first (on equal preference).
const CANDIDATES: [(&str, &str, ContentEncoding); 2] = [
    ("br", "br", ContentEncoding::Brotli),
    ("gzip", "gz", ContentEncoding::Gzip),
];

/// The encodings a client accepts, with their weights.
#[derive(Debug, Clone, Default)]
pub struct AcceptEncoding {
    entries: Vec<(String, f32)>,
}

impl AcceptEncoding {
    pub fn from_headers(headers: &HeaderMap) -> Self {
        let entries = headers
            .get_all(ACCEPT_ENCODING)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|item| {
                let mut parts = item.split(';');
                let coding = parts.next()?.trim().to_ascii_lowercase();
                if coding.is_empty() {
                    return None;
                }
                let q = parts
                    .filter_map(|p| p.trim().strip_prefix("q=").or(p.trim().strip_prefix("Q=")))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                Some((coding, q))
            })
            .collect();
        Self { entries }
    }

    /// The weight of `coding`: its own entry, else `*`, else 0 (not acceptable).
    fn weight(&self, coding: &str) -> f32 {
        let find = |name: &str| {
            self.entries
                .iter()
                .find(|(c, _)| c == name)
                .map(|(_, q)| *q)
        };
        find(coding).or_else(|| find("*")).unwrap_or(0.0)
    }

    /// The precompressed variants worth trying, in the client's order of preference:
    /// (file suffix, encoding).
    pub fn preferred(&self) -> Vec<(&'static str, ContentEncoding)> {
        let mut accepted: Vec<(f32, &'static str, ContentEncoding)> = CANDIDATES
            .iter()
            .map(|(coding, suffix, enc)| (self.weight(coding), *suffix, *enc))
            .filter(|(q, _, _)| *q > 0.0)
            .collect();
        // Stable sort keeps br ahead of gzip when the client weighs them the same.
        accepted.sort_by(|a, b| b.0.total_cmp(&a.0));
        accepted.into_iter().map(|(_, s, e)| (s, e)).collect()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use actix_web::http::header::HeaderValue;

    fn prefs(value: &str) -> Vec<&'static str> {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        AcceptEncoding::from_headers(&headers)
            .preferred()
            .into_iter()
            .map(|(s, _)| s)
            .collect()
    }

    #[test]
    fn weights() {
        assert_eq!(prefs("gzip, deflate, br"), vec!["br", "gz"]);
        assert_eq!(prefs("gzip"), vec!["gz"]);
        assert_eq!(prefs("br;q=0, gzip"), vec!["gz"]);
        assert_eq!(prefs("br;q=0.5, gzip;q=0.8"), vec!["gz", "br"]);
        assert_eq!(prefs("*"), vec!["br", "gz"]);
        assert_eq!(prefs("identity"), Vec::<&str>::new());
        assert!(AcceptEncoding::default().preferred().is_empty());
    }
}

//! DRF page-number pagination: `page`, `page_size`, and the `{count, next, previous, results}`
//! envelope with absolute `next`/`previous` links.

use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;

pub const DEFAULT_PAGE_SIZE: u32 = 25;
pub const MAX_PAGE_SIZE: u32 = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub number: u32,
    pub size: u32,
}

impl Page {
    /// `page` must be a positive integer (else DRF's 404 "Invalid page."); a bad `page_size`
    /// falls back to the default and a large one is capped, as DRF does.
    pub fn parse(page: Option<&str>, page_size: Option<&str>) -> Result<Self, ApiError> {
        let number = match page {
            None | Some("") => 1,
            Some("last") => u32::MAX,
            Some(raw) => match raw.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(ApiError::InvalidPage),
            },
        };
        let size = page_size
            .and_then(|raw| raw.parse::<u32>().ok())
            .filter(|n| *n >= 1)
            .map_or(DEFAULT_PAGE_SIZE, |n| n.min(MAX_PAGE_SIZE));
        Ok(Self { number, size })
    }

    pub fn limit(&self) -> i64 {
        i64::from(self.size)
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.number.saturating_sub(1)) * i64::from(self.size)
    }

    /// Resolves `page=last` and refuses pages past the end (except page 1 of an empty list).
    pub fn check(self, count: i64) -> Result<Self, ApiError> {
        let pages = if count <= 0 {
            1
        } else {
            (count + i64::from(self.size) - 1) / i64::from(self.size)
        };
        let pages = u32::try_from(pages).unwrap_or(u32::MAX);
        if self.number == u32::MAX {
            return Ok(Self {
                number: pages,
                size: self.size,
            });
        }
        if self.number > pages {
            return Err(ApiError::InvalidPage);
        }
        Ok(self)
    }
}

#[derive(Debug, Serialize)]
pub struct Paginated<T: Serialize> {
    pub count: i64,
    pub next: Option<String>,
    pub previous: Option<String>,
    pub results: Vec<T>,
}

impl<T: Serialize> Paginated<T> {
    /// `url` is the absolute request URL; only its `page` parameter is replaced.
    pub fn new(url: &str, page: Page, count: i64, results: Vec<T>) -> Self {
        let shown = i64::from(page.number) * i64::from(page.size);
        let next = (shown < count).then(|| with_page(url, Some(page.number + 1)));
        let previous = match page.number {
            0 | 1 => None,
            2 => Some(with_page(url, None)),
            n => Some(with_page(url, Some(n - 1))),
        };
        Self {
            count,
            next,
            previous,
            results,
        }
    }
}

/// A list that is not paginated on a real pod still gets the same envelope here when asked to.
pub fn single_page(results: Vec<Value>) -> Paginated<Value> {
    Paginated {
        count: i64::try_from(results.len()).unwrap_or(i64::MAX),
        next: None,
        previous: None,
        results,
    }
}

fn with_page(url: &str, page: Option<u32>) -> String {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut parts: Vec<String> = query
        .split('&')
        .filter(|part| !part.is_empty() && !part.starts_with("page="))
        .map(str::to_owned)
        .collect();
    if let Some(n) = page {
        parts.push(format!("page={n}"));
    }
    if parts.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", parts.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_pages() {
        assert_eq!(
            Page::parse(None, None).unwrap(),
            Page {
                number: 1,
                size: 25
            }
        );
        assert_eq!(
            Page::parse(Some("3"), Some("1000")).unwrap().size,
            MAX_PAGE_SIZE
        );
        assert_eq!(
            Page::parse(Some("2"), Some("abc")).unwrap().size,
            DEFAULT_PAGE_SIZE
        );
        assert!(matches!(
            Page::parse(Some("-1"), None),
            Err(ApiError::InvalidPage)
        ));
        assert!(matches!(
            Page::parse(Some("0"), None),
            Err(ApiError::InvalidPage)
        ));
        assert!(matches!(
            Page::parse(Some("x"), None),
            Err(ApiError::InvalidPage)
        ));
        let page = Page::parse(Some("2"), Some("10")).unwrap();
        assert_eq!((page.offset(), page.limit()), (10, 10));
        assert!(page.check(5).is_err());
        assert!(Page::parse(None, None).unwrap().check(0).is_ok());
        assert_eq!(
            Page::parse(Some("last"), Some("10"))
                .unwrap()
                .check(25)
                .unwrap()
                .number,
            3
        );
    }

    #[test]
    fn builds_links() {
        let page = Page {
            number: 2,
            size: 10,
        };
        let list = Paginated::new("http://pod/api/v1/tracks/?q=a&page=2", page, 35, vec![1]);
        assert_eq!(
            list.next.as_deref(),
            Some("http://pod/api/v1/tracks/?q=a&page=3")
        );
        assert_eq!(
            list.previous.as_deref(),
            Some("http://pod/api/v1/tracks/?q=a")
        );
        let last = Paginated::new(
            "http://pod/x/",
            Page {
                number: 4,
                size: 10,
            },
            35,
            vec![1],
        );
        assert!(last.next.is_none());
        assert_eq!(last.previous.as_deref(), Some("http://pod/x/?page=3"));
    }
}

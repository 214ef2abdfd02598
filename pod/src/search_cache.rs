//! The matches of recent `tracks/?q=` terms, in the list's default order (newest first).
//!
//! Counting a frequent term exactly means running the full-text index over every match (a fifth
//! of a large catalogue for a common word), and so does finding its page. Paging through
//! results, or many listeners searching the same word, would repeat that work each time; this
//! cache lets them share it. What each caller may see is applied afterwards, per request, so an
//! entry holds catalogue facts only.
//!
//! An entry is valid for one catalogue generation (`track_search_generation`, bumped by triggers
//! on every write that can change a search's answer), so a stale answer is never served: the
//! first request that sees a newer generation empties the cache.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use lru::LruCache;

/// Terms remembered at most.
const MAX_TERMS: NonZeroUsize = match NonZeroUsize::new(64) {
    Some(n) => n,
    None => unreachable!(),
};

/// Track ids held at most over all entries (8 bytes each: 4 MB), so that memory stays bounded
/// however large the catalogue; a term matching more than this is not kept.
const MAX_HELD_IDS: usize = 500_000;

/// Matching track ids, newest first.
pub type Matches = Arc<[i64]>;

#[derive(Debug)]
pub struct SearchCache {
    entries: Mutex<Entries>,
    max_held_ids: usize,
}

#[derive(Debug)]
struct Entries {
    generation: i64,
    by_term: LruCache<String, Matches>,
    held_ids: usize,
}

impl Default for SearchCache {
    fn default() -> Self {
        Self::with_capacity(MAX_TERMS, MAX_HELD_IDS)
    }
}

impl SearchCache {
    fn with_capacity(terms: NonZeroUsize, max_held_ids: usize) -> Self {
        Self {
            entries: Mutex::new(Entries {
                generation: i64::MIN,
                by_term: LruCache::new(terms),
                held_ids: 0,
            }),
            max_held_ids,
        }
    }

    /// The matches of `term` at catalogue `generation` (read before `compute` runs, so what
    /// `compute` sees is at least that recent): from memory when known, else computed, without
    /// holding the lock, and kept.
    pub fn matches<E>(
        &self,
        generation: i64,
        term: &str,
        compute: impl FnOnce() -> Result<Vec<i64>, E>,
    ) -> Result<Matches, E> {
        {
            let mut entries = self.lock();
            entries.move_to(generation);
            if let Some(hit) = entries.by_term.get(term) {
                return Ok(Arc::clone(hit));
            }
        }
        let matches: Matches = compute()?.into();
        let mut entries = self.lock();
        // A newer generation seen meanwhile means these matches may already be stale for it.
        if entries.generation == generation && matches.len() <= self.max_held_ids {
            if let Some((_, replaced)) = entries.by_term.push(term.to_owned(), Arc::clone(&matches))
            {
                entries.held_ids -= replaced.len();
            }
            entries.held_ids += matches.len();
            while entries.held_ids > self.max_held_ids {
                match entries.by_term.pop_lru() {
                    Some((_, evicted)) => entries.held_ids -= evicted.len(),
                    None => break,
                }
            }
        }
        Ok(matches)
    }

    /// How many terms are remembered (tests of the routes that use the cache).
    #[cfg(test)]
    pub fn terms_held(&self) -> usize {
        self.lock().by_term.len()
    }

    fn lock(&self) -> MutexGuard<'_, Entries> {
        // The entries are consistent after any panic (each update is a single push or pop), so a
        // poisoned lock is still usable.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Entries {
    /// Forgets everything when the catalogue has changed since the entries were computed.
    fn move_to(&mut self, generation: i64) {
        if generation > self.generation {
            self.by_term.clear();
            self.held_ids = 0;
            self.generation = generation;
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::cell::Cell;
    use std::convert::Infallible;

    use super::*;

    fn compute_counted<'a>(
        calls: &'a Cell<u32>,
        ids: &'a [i64],
    ) -> impl FnOnce() -> Result<Vec<i64>, Infallible> + 'a {
        move || {
            calls.set(calls.get() + 1);
            Ok(ids.to_vec())
        }
    }

    #[test]
    fn a_term_is_computed_once_per_generation() {
        let cache = SearchCache::default();
        let calls = Cell::new(0);
        let first = cache
            .matches(1, "velvet", compute_counted(&calls, &[3, 2, 1]))
            .unwrap();
        let again = cache
            .matches(1, "velvet", compute_counted(&calls, &[9]))
            .unwrap();
        assert_eq!(&*first, &[3, 2, 1]);
        assert_eq!(&*again, &[3, 2, 1]);
        assert_eq!(calls.get(), 1);
    }

    #[test]
    fn a_newer_generation_forgets_every_term() {
        let cache = SearchCache::default();
        let calls = Cell::new(0);
        cache
            .matches(1, "velvet", compute_counted(&calls, &[1]))
            .unwrap();
        let after_change = cache
            .matches(2, "velvet", compute_counted(&calls, &[4, 1]))
            .unwrap();
        assert_eq!(&*after_change, &[4, 1]);
        assert_eq!(calls.get(), 2);
    }

    #[test]
    fn matches_computed_for_an_older_generation_are_not_kept() {
        let cache = SearchCache::default();
        let calls = Cell::new(0);
        cache
            .matches(5, "tide", compute_counted(&calls, &[1]))
            .unwrap();
        // A slower request that read generation 4 before the change finishes after it.
        let late = cache
            .matches(4, "velvet", compute_counted(&calls, &[7]))
            .unwrap();
        assert_eq!(&*late, &[7]);
        cache
            .matches(5, "velvet", compute_counted(&calls, &[8]))
            .unwrap();
        assert_eq!(calls.get(), 3);
    }

    #[test]
    fn the_least_recent_terms_go_when_too_many_ids_are_held() {
        let cache = SearchCache::with_capacity(NonZeroUsize::new(8).unwrap(), 5);
        let calls = Cell::new(0);
        cache
            .matches(1, "a", compute_counted(&calls, &[1, 2]))
            .unwrap();
        cache
            .matches(1, "b", compute_counted(&calls, &[3, 4]))
            .unwrap();
        cache
            .matches(1, "a", compute_counted(&calls, &[0]))
            .unwrap();
        // 2 + 2 + 2 ids > 5: "b", the least recently used, is dropped.
        cache
            .matches(1, "c", compute_counted(&calls, &[5, 6]))
            .unwrap();
        assert_eq!(calls.get(), 3);
        cache
            .matches(1, "a", compute_counted(&calls, &[0]))
            .unwrap();
        assert_eq!(calls.get(), 3);
        cache
            .matches(1, "b", compute_counted(&calls, &[3, 4]))
            .unwrap();
        assert_eq!(calls.get(), 4);
        // A term matching more than the whole bound is answered but never kept.
        cache
            .matches(1, "huge", compute_counted(&calls, &[1, 2, 3, 4, 5, 6]))
            .unwrap();
        cache
            .matches(1, "huge", compute_counted(&calls, &[1, 2, 3, 4, 5, 6]))
            .unwrap();
        assert_eq!(calls.get(), 6);
    }
}

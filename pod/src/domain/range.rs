//! A single HTTP byte range (`Range: bytes=…`) resolved against a file size.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteRange {
    pub start: u64,
    /// Inclusive.
    pub end: u64,
}

impl ByteRange {
    pub fn len(&self) -> u64 {
        self.end - self.start + 1
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum RangeRequest {
    /// No header, or one this server ignores (several ranges, bad syntax): send everything.
    Full,
    Partial(ByteRange),
    Unsatisfiable,
}

pub fn parse(header: Option<&str>, size: u64) -> RangeRequest {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
        return RangeRequest::Full;
    };
    if spec.contains(',') {
        return RangeRequest::Full;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return RangeRequest::Full;
    };
    let (first, last) = (first.trim(), last.trim());
    if first.is_empty() {
        // Suffix: the last N bytes.
        return match last.parse::<u64>() {
            Ok(0) => RangeRequest::Unsatisfiable,
            Ok(_) if size == 0 => RangeRequest::Unsatisfiable,
            Ok(n) => RangeRequest::Partial(ByteRange {
                start: size.saturating_sub(n),
                end: size - 1,
            }),
            Err(_) => RangeRequest::Full,
        };
    }
    let Ok(start) = first.parse::<u64>() else {
        return RangeRequest::Full;
    };
    let end = if last.is_empty() {
        size.saturating_sub(1)
    } else {
        match last.parse::<u64>() {
            Ok(end) if end >= start => end.min(size.saturating_sub(1)),
            _ => return RangeRequest::Full,
        }
    };
    if start >= size {
        return RangeRequest::Unsatisfiable;
    }
    RangeRequest::Partial(ByteRange { start, end })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn partial(start: u64, end: u64) -> RangeRequest {
        RangeRequest::Partial(ByteRange { start, end })
    }

    #[test]
    fn ranges() {
        assert_eq!(parse(None, 100), RangeRequest::Full);
        assert_eq!(parse(Some("bytes=0-9"), 100), partial(0, 9));
        assert_eq!(parse(Some("bytes=50-"), 100), partial(50, 99));
        assert_eq!(parse(Some("bytes=-10"), 100), partial(90, 99));
        assert_eq!(parse(Some("bytes=-1000"), 100), partial(0, 99));
        assert_eq!(parse(Some("bytes=90-1000"), 100), partial(90, 99));
        assert_eq!(parse(Some("bytes=100-"), 100), RangeRequest::Unsatisfiable);
        assert_eq!(parse(Some("bytes=-0"), 100), RangeRequest::Unsatisfiable);
        assert_eq!(parse(Some("bytes=9-1"), 100), RangeRequest::Full);
        assert_eq!(parse(Some("items=0-1"), 100), RangeRequest::Full);
        assert_eq!(parse(Some("bytes=0-1,5-6"), 100), RangeRequest::Full);
        assert_eq!(parse(Some("bytes=x-"), 100), RangeRequest::Full);
        assert_eq!(ByteRange { start: 3, end: 3 }.len(), 1);
    }
}

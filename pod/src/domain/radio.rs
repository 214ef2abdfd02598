//! Radio filters (the `config` of a custom radio) and radio session types, parsed once.

use serde_json::{Map, Value};

/// How a filter joins the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    And,
    Or,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterKind {
    /// Tracks by these artists.
    Artist(Vec<i64>),
    /// Tracks tagged (or whose artist or album is tagged) with one of these names.
    Tag(Vec<String>),
}

/// One entry of a radio's `config`; `raw` keeps the stored JSON (labels, names…).
#[derive(Debug, Clone, PartialEq)]
pub struct RadioFilter {
    pub kind: FilterKind,
    pub exclude: bool,
    pub operator: Operator,
    pub raw: Map<String, Value>,
}

impl RadioFilter {
    /// Funkwhale's messages for a filter that cannot be used.
    pub fn parse(value: &Value) -> Result<Self, String> {
        let Value::Object(raw) = value else {
            return Err("Invalid filter: expected an object".into());
        };
        let kind_name = raw.get("type").and_then(Value::as_str).unwrap_or_default();
        let operator = match raw.get("operator") {
            None | Some(Value::Null) => Operator::And,
            Some(Value::String(op)) if op == "and" => Operator::And,
            Some(Value::String(op)) if op == "or" => Operator::Or,
            Some(other) => {
                let shown = other
                    .as_str()
                    .map_or_else(|| other.to_string(), str::to_owned);
                return Err(format!("Invalid operator \"{shown}\""));
            }
        };
        let kind = match kind_name {
            "artist" => {
                let ids = raw
                    .get("ids")
                    .and_then(Value::as_array)
                    .and_then(|ids| ids.iter().map(int_of).collect::<Option<Vec<i64>>>())
                    .ok_or_else(|| "You must provide an id".to_owned())?;
                FilterKind::Artist(ids)
            }
            "tag" => {
                let names = raw
                    .get("names")
                    .and_then(Value::as_array)
                    .and_then(|names| {
                        names
                            .iter()
                            .map(|n| n.as_str().map(str::to_owned))
                            .collect::<Option<Vec<String>>>()
                    })
                    .ok_or_else(|| "You must provide a name".to_owned())?;
                FilterKind::Tag(names)
            }
            other => return Err(format!("Invalid type \"{other}\"")),
        };
        let exclude = raw.get("not").and_then(Value::as_bool).unwrap_or(false);
        Ok(Self {
            kind,
            exclude,
            operator,
            raw: raw.clone(),
        })
    }
}

fn int_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Python's repr of a set, as Funkwhale's "No artist matching ids" message shows it.
pub fn python_set<T: std::fmt::Display>(items: &[T], quote: bool) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|i| {
            if quote {
                format!("'{i}'")
            } else {
                i.to_string()
            }
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// A radio session's `radio_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RadioType {
    Random,
    RandomLibrary,
    Favorites,
    LessListened,
    LessListenedLibrary,
    RecentlyAdded,
    Tag,
    Artist,
    Album,
    Similar,
    ActorContent,
    Library,
    Custom,
    CustomMultiple,
}

impl RadioType {
    pub fn parse(raw: &str) -> Result<Self, String> {
        Ok(match raw {
            "random" => Self::Random,
            "random_library" => Self::RandomLibrary,
            "favorites" => Self::Favorites,
            "less-listened" => Self::LessListened,
            "less-listened_library" => Self::LessListenedLibrary,
            "recently-added" => Self::RecentlyAdded,
            "tag" => Self::Tag,
            "artist" => Self::Artist,
            "album" => Self::Album,
            "similar" => Self::Similar,
            "actor-content" => Self::ActorContent,
            "library" => Self::Library,
            "custom" => Self::Custom,
            "custom_multiple" => Self::CustomMultiple,
            other => return Err(format!("\"{other}\" is not a valid choice.")),
        })
    }

    /// Whether the type needs `related_object_id`.
    pub fn needs_related_object(self) -> bool {
        matches!(
            self,
            Self::Tag
                | Self::Artist
                | Self::Album
                | Self::Similar
                | Self::ActorContent
                | Self::Library
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_filters() {
        let f =
            RadioFilter::parse(&json!({"type": "artist", "ids": [3, "4"], "not": true})).unwrap();
        assert_eq!(f.kind, FilterKind::Artist(vec![3, 4]));
        assert!(f.exclude);
        assert_eq!(f.operator, Operator::And);
        let f = RadioFilter::parse(&json!({"type": "tag", "names": ["jazz"], "operator": "or"}))
            .unwrap();
        assert_eq!(f.kind, FilterKind::Tag(vec!["jazz".into()]));
        assert_eq!(f.operator, Operator::Or);
        assert_eq!(
            RadioFilter::parse(&json!({"type": "nope"})).unwrap_err(),
            "Invalid type \"nope\""
        );
        assert_eq!(
            RadioFilter::parse(&json!({"type": "artist"})).unwrap_err(),
            "You must provide an id"
        );
        assert_eq!(
            RadioFilter::parse(&json!({"type": "tag", "names": ["a"], "operator": "xor"}))
                .unwrap_err(),
            "Invalid operator \"xor\""
        );
        assert_eq!(python_set(&[3, 4], false), "{3, 4}");
        assert_eq!(python_set(&["x"], true), "{'x'}");
    }

    #[test]
    fn radio_types() {
        assert_eq!(
            RadioType::parse("less-listened").unwrap(),
            RadioType::LessListened
        );
        assert!(RadioType::parse("tag").unwrap().needs_related_object());
        assert!(!RadioType::parse("random").unwrap().needs_related_object());
        assert!(RadioType::parse("bogus").is_err());
    }
}

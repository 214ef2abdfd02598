//! Edits of catalogue objects: which object types and fields can be edited, and the
//! validation of an edit's payload (as Funkwhale's per-type mutation serialisers do).

use serde_json::{Map, Value};

use crate::error::FieldErrors;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditTarget {
    Track,
    Album,
    Artist,
}

impl EditTarget {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "track" => Some(Self::Track),
            "album" => Some(Self::Album),
            "artist" => Some(Self::Artist),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Track => "track",
            Self::Album => "album",
            Self::Artist => "artist",
        }
    }

    /// Editable fields of the type (others are ignored, as DRF ignores unknown fields).
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            Self::Track => &[
                "title",
                "position",
                "copyright",
                "license",
                "tags",
                "description",
            ],
            Self::Album => &["title", "release_date", "tags", "description"],
            Self::Artist => &["name", "content_category", "tags", "description"],
        }
    }
}

fn text(value: &Value, max: usize, nullable: bool, blank: bool) -> Result<Value, String> {
    match value {
        Value::Null if nullable => Ok(Value::Null),
        Value::Null => Err("This field may not be null.".into()),
        Value::String(s) => {
            let trimmed = s.trim();
            if trimmed.is_empty() && !blank {
                Err("This field may not be blank.".into())
            } else if trimmed.chars().count() > max {
                Err(format!(
                    "Ensure this field has no more than {max} characters."
                ))
            } else {
                Ok(Value::String(trimmed.to_owned()))
            }
        }
        Value::Number(n) => Ok(Value::String(n.to_string())),
        _ => Err("Not a valid string.".into()),
    }
}

fn date(value: &Value) -> Result<Value, String> {
    let wrong =
        || "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.".to_owned();
    match value {
        Value::Null => Ok(Value::Null),
        Value::String(s) => chrono::NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
            .map(|d| Value::String(d.format("%Y-%m-%d").to_string()))
            .map_err(|_| wrong()),
        _ => Err(wrong()),
    }
}

/// Validates `payload` for `target`: the accepted fields, or errors per field.
pub fn validate_payload(
    target: EditTarget,
    payload: &Value,
) -> Result<Map<String, Value>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let Value::Object(raw) = payload else {
        errors.add("non_field_errors", "Invalid data. Expected a dictionary.");
        return Err(errors);
    };
    let mut clean = Map::new();
    for field in target.fields() {
        let Some(value) = raw.get(*field) else {
            continue;
        };
        let checked = match *field {
            "title" | "name" => text(value, 255, false, false),
            "copyright" => text(value, 500, true, true),
            "license" => text(value, 100, true, false),
            "position" => match value {
                Value::Null => Ok(Value::Null),
                Value::Number(n) if n.is_i64() => Ok(value.clone()),
                Value::String(s) => s
                    .trim()
                    .parse::<i64>()
                    .map(Value::from)
                    .map_err(|_| "A valid integer is required.".into()),
                _ => Err("A valid integer is required.".into()),
            },
            "release_date" => date(value),
            "content_category" => match value.as_str() {
                Some(c @ ("music" | "podcast" | "other")) => Ok(Value::String(c.to_owned())),
                _ => Err(format!(
                    "\"{}\" is not a valid choice.",
                    value
                        .as_str()
                        .map_or_else(|| value.to_string(), str::to_owned)
                )),
            },
            "tags" => match value {
                Value::Array(items) => items
                    .iter()
                    .map(|t| match t.as_str().map(str::trim) {
                        Some(name) if !name.is_empty() && !name.contains(char::is_whitespace) => {
                            Ok(Value::String(name.trim_start_matches('#').to_owned()))
                        }
                        _ => Err("Invalid tag name.".to_owned()),
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map(Value::Array),
                _ => Err("Expected a list of items.".into()),
            },
            "description" => match value {
                Value::Null => Ok(Value::Null),
                Value::Object(content) => match content.get("text").and_then(Value::as_str) {
                    Some(text) => {
                        let content_type = content
                            .get("content_type")
                            .and_then(Value::as_str)
                            .unwrap_or("text/markdown");
                        if matches!(content_type, "text/markdown" | "text/plain" | "text/html") {
                            Ok(serde_json::json!({"text": text, "content_type": content_type}))
                        } else {
                            Err(format!("\"{content_type}\" is not a valid choice."))
                        }
                    }
                    None => Err("This field is required.".into()),
                },
                _ => Err("Invalid data. Expected a dictionary.".into()),
            },
            _ => continue,
        };
        match checked {
            Ok(value) => {
                clean.insert((*field).to_owned(), value);
            }
            Err(message) => errors.add(field, message),
        }
    }
    if errors.is_empty() && clean.is_empty() {
        errors.add("non_field_errors", "You must update at least one field.");
    }
    if errors.is_empty() {
        Ok(clean)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn payloads() {
        let ok =
            validate_payload(EditTarget::Track, &json!({"title": " New ", "bogus": 1})).unwrap();
        assert_eq!(ok, json!({"title": "New"}).as_object().cloned().unwrap());
        assert!(validate_payload(EditTarget::Track, &json!({"title": ""})).is_err());
        assert!(
            validate_payload(EditTarget::Album, &json!({"release_date": "2020-13-01"})).is_err()
        );
        assert!(
            validate_payload(EditTarget::Album, &json!({"release_date": "2020-12-01"})).is_ok()
        );
        assert!(validate_payload(EditTarget::Artist, &json!({"content_category": "x"})).is_err());
        assert!(validate_payload(EditTarget::Artist, &json!({})).is_err());
        assert!(validate_payload(EditTarget::Artist, &json!([1])).is_err());
        assert_eq!(EditTarget::parse("album"), Some(EditTarget::Album));
        assert_eq!(EditTarget::Album.as_str(), "album");
    }
}

//! The instance preferences a pod exposes (Funkwhale's dynamic preferences), with their
//! defaults and form metadata, as `instance/settings/` lists them.

use std::collections::HashMap;

use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    LongText,
    Bool,
    Int,
    Json,
}

#[derive(Debug)]
pub struct Definition {
    pub section: &'static str,
    pub name: &'static str,
    pub verbose_name: &'static str,
    pub help_text: &'static str,
    pub kind: Kind,
    pub default: fn() -> Value,
    /// Shown on the public `instance/settings/` list (the admin list shows all).
    pub public: bool,
}

impl Definition {
    pub fn identifier(&self) -> String {
        format!("{}__{}", self.section, self.name)
    }

    fn field(&self) -> Value {
        let (class, widget, input_type) = match self.kind {
            Kind::Text => ("CharField", "TextInput", "text"),
            Kind::LongText => ("CharField", "Textarea", "text"),
            Kind::Bool => ("BooleanField", "CheckboxInput", "checkbox"),
            Kind::Int => ("IntegerField", "NumberInput", "number"),
            Kind::Json => ("JSONField", "Textarea", "text"),
        };
        json!({"class": class, "widget": {"class": widget}, "input_type": input_type})
    }

    /// Checks a new value's type; the message is the field error.
    pub fn validate(&self, value: &Value) -> Result<Value, String> {
        let ok = match self.kind {
            Kind::Text | Kind::LongText => value.is_string(),
            Kind::Bool => value.is_boolean(),
            Kind::Int => value.as_i64().is_some_and(|n| n >= 0),
            Kind::Json => value.is_object(),
        };
        if ok {
            Ok(value.clone())
        } else {
            Err(match self.kind {
                Kind::Text | Kind::LongText => "Not a valid string.".into(),
                Kind::Bool => "Must be a valid boolean.".into(),
                Kind::Int => "A valid integer is required.".into(),
                Kind::Json => "Value must be valid JSON.".into(),
            })
        }
    }

    pub fn to_json(&self, value: &Value) -> Value {
        json!({
            "section": self.section,
            "name": self.name,
            "identifier": self.identifier(),
            "default": (self.default)(),
            "value": value,
            "verbose_name": self.verbose_name,
            "help_text": self.help_text,
            "additional_data": {},
            "field": self.field(),
        })
    }
}

fn empty() -> Value {
    json!("")
}

pub const DEFINITIONS: &[Definition] = &[
    Definition {
        section: "instance",
        name: "name",
        verbose_name: "Public name",
        help_text: "The public name of your instance, displayed in the about page.",
        kind: Kind::Text,
        default: || json!("Shoal demo pod"),
        public: true,
    },
    Definition {
        section: "instance",
        name: "short_description",
        verbose_name: "Short description",
        help_text: "Instance succinct description, displayed in the about page.",
        kind: Kind::Text,
        default: || json!("A small pod that comes with Shoal, with synthesised demo music."),
        public: true,
    },
    Definition {
        section: "instance",
        name: "long_description",
        verbose_name: "Long description",
        help_text: "Instance long description, displayed in the about page (markdown allowed).",
        kind: Kind::LongText,
        default: || json!("This pod runs **inside Shoal**. Its music is synthesised at first start."),
        public: true,
    },
    Definition {
        section: "instance",
        name: "rules",
        verbose_name: "Rules",
        help_text: "Rules/Code of Conduct (markdown allowed).",
        kind: Kind::LongText,
        default: empty,
        public: true,
    },
    Definition {
        section: "instance",
        name: "terms",
        verbose_name: "Terms of service",
        help_text: "Terms of service and privacy policy (markdown allowed).",
        kind: Kind::LongText,
        default: empty,
        public: true,
    },
    Definition {
        section: "instance",
        name: "contact_email",
        verbose_name: "Contact email",
        help_text: "A contact e-mail address for visitors who need to contact an admin or moderator.",
        kind: Kind::Text,
        default: empty,
        public: true,
    },
    Definition {
        section: "instance",
        name: "funkwhale_support_message_enabled",
        verbose_name: "Funkwhale Support message",
        help_text: "If this is enabled, we will periodically display a message to encourage your local users to support Funkwhale.",
        kind: Kind::Bool,
        default: || json!(true),
        public: true,
    },
    Definition {
        section: "instance",
        name: "support_message",
        verbose_name: "Support message",
        help_text: "A custom message that will be displayed periodically to your local users (markdown allowed).",
        kind: Kind::LongText,
        default: empty,
        public: true,
    },
    Definition {
        section: "users",
        name: "registration_enabled",
        verbose_name: "Open registrations to new users",
        help_text: "When enabled, new users will be able to register on this instance.",
        kind: Kind::Bool,
        default: || json!(true),
        public: true,
    },
    Definition {
        section: "users",
        name: "upload_quota",
        verbose_name: "Upload quota",
        help_text: "Default upload quota applied to each users, in MB. This can be overridden on a per-user basis.",
        kind: Kind::Int,
        default: || json!(1000),
        public: true,
    },
    Definition {
        section: "moderation",
        name: "signup_approval_enabled",
        verbose_name: "Enable manual sign-up validation",
        help_text: "If enabled, new registrations will go to a moderation queue and need to be reviewed by moderators.",
        kind: Kind::Bool,
        default: || json!(false),
        public: true,
    },
    Definition {
        section: "moderation",
        name: "signup_form_customization",
        verbose_name: "Sign-up form customization",
        help_text: "Configure custom fields and help text for your sign-up form",
        kind: Kind::Json,
        default: || json!({"help_text": {"text": "", "content_type": "text/markdown"}, "fields": []}),
        public: true,
    },
    Definition {
        section: "subsonic",
        name: "enabled",
        verbose_name: "Enabled Subsonic API",
        help_text: "Funkwhale supports a subset of the Subsonic API, that makes it compatible with existing clients such as DSub for Android or Clementine for desktop.",
        kind: Kind::Bool,
        default: || json!(true),
        public: true,
    },
    Definition {
        section: "ui",
        name: "custom_css",
        verbose_name: "Custom CSS code",
        help_text: "Custom CSS code, to be included in a <style> tag on all pages.",
        kind: Kind::LongText,
        default: empty,
        public: true,
    },
    Definition {
        section: "common",
        name: "api_authentication_required",
        verbose_name: "API Requires authentication",
        help_text: "If disabled, anonymous users will be able to query the API and access music data (as well as other data exposed in the API).",
        kind: Kind::Bool,
        default: || json!(true),
        public: true,
    },
    Definition {
        section: "federation",
        name: "enabled",
        verbose_name: "Federation enabled",
        help_text: "Use this setting to enable or disable federation logic and API globally.",
        kind: Kind::Bool,
        default: || json!(false),
        public: true,
    },
    Definition {
        section: "moderation",
        name: "allow_list_enabled",
        verbose_name: "Enable allow-listing",
        help_text: "If enabled, only interactions with explicitly allowed domains will be authorized.",
        kind: Kind::Bool,
        default: || json!(false),
        public: true,
    },
];

pub fn find(identifier: &str) -> Option<&'static Definition> {
    DEFINITIONS.iter().find(|d| d.identifier() == identifier)
}

/// Current values: stored overrides over defaults.
#[derive(Debug, Clone)]
pub struct Preferences(HashMap<String, Value>);

impl Preferences {
    pub fn from_overrides(overrides: HashMap<String, Value>) -> Self {
        let mut values: HashMap<String, Value> = DEFINITIONS
            .iter()
            .map(|d| (d.identifier(), (d.default)()))
            .collect();
        values.extend(overrides);
        Self(values)
    }

    pub fn get(&self, identifier: &str) -> Value {
        self.0.get(identifier).cloned().unwrap_or(Value::Null)
    }

    pub fn flag(&self, identifier: &str) -> bool {
        self.get(identifier).as_bool().unwrap_or(false)
    }

    pub fn text(&self, identifier: &str) -> String {
        self.get(identifier).as_str().unwrap_or_default().to_owned()
    }

    pub fn list(&self, public_only: bool) -> Vec<Value> {
        DEFINITIONS
            .iter()
            .filter(|d| d.public || !public_only)
            .map(|d| d.to_json(&self.get(&d.identifier())))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_overrides() {
        let prefs = Preferences::from_overrides(HashMap::from([(
            "instance__name".to_owned(),
            json!("Mine"),
        )]));
        assert_eq!(prefs.text("instance__name"), "Mine");
        assert!(prefs.flag("users__registration_enabled"));
        let list = prefs.list(true);
        let entry = list
            .iter()
            .find(|e| e["identifier"] == "instance__name")
            .unwrap();
        assert_eq!(entry["section"], "instance");
        assert_eq!(entry["name"], "name");
        assert_eq!(entry["value"], "Mine");
        let def = find("users__upload_quota").unwrap();
        assert!(def.validate(&json!(-1)).is_err());
        assert!(def.validate(&json!(10)).is_ok());
    }
}

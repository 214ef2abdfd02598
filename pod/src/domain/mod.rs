//! Parse-validated values: once built, they cannot hold a bad value.

pub mod mutation;
pub mod pagination;
pub mod preferences;
pub mod radio;
pub mod range;

use crate::error::FieldErrors;

/// A local account name: 1 to 150 letters, digits or underscores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err("This field may not be blank.".into());
        }
        if trimmed.chars().count() > 150 {
            return Err("Ensure this field has no more than 150 characters.".into());
        }
        if !trimmed
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(
                "Enter a valid username. This value may contain only letters, numbers, and _ characters."
                    .into(),
            );
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A syntactically plausible e-mail address (one `@`, a dotted domain, no spaces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let trimmed = raw.trim();
        let invalid = || "Enter a valid email address.".to_string();
        if trimmed.is_empty() {
            return Err("This field may not be blank.".into());
        }
        if trimmed.len() > 254 || trimmed.chars().any(char::is_whitespace) {
            return Err(invalid());
        }
        let (local, domain) = trimmed.split_once('@').ok_or_else(invalid)?;
        if local.is_empty()
            || domain.contains('@')
            || !domain.contains('.')
            || domain.starts_with('.')
            || domain.ends_with('.')
        {
            return Err(invalid());
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password that passes Django's default validators (length, numeric, common).
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

const COMMON_PASSWORDS: &[&str] = &[
    "password",
    "12345678",
    "123456789",
    "qwertyuiop",
    "password1",
    "iloveyou",
    "sunshine",
    "football",
    "baseball",
    "welcome1",
    "abc12345",
    "trustno1",
    "superman",
    "passw0rd",
];

impl NewPassword {
    /// All messages for a refused password (several may apply at once).
    pub fn parse(raw: &str) -> Result<Self, Vec<String>> {
        let mut problems = Vec::new();
        if raw.chars().count() < 8 {
            problems
                .push("This password is too short. It must contain at least 8 characters.".into());
        }
        if COMMON_PASSWORDS.contains(&raw.to_lowercase().as_str()) {
            problems.push("This password is too common.".into());
        }
        if !raw.is_empty() && raw.chars().all(|c| c.is_ascii_digit()) {
            problems.push("This password is entirely numeric.".into());
        }
        if problems.is_empty() {
            Ok(Self(raw.to_owned()))
        } else {
            Err(problems)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Records every problem of a password under `field`.
pub fn password_errors(errors: &mut FieldErrors, field: &str, raw: &str) -> Option<NewPassword> {
    match NewPassword::parse(raw) {
        Ok(password) => Some(password),
        Err(problems) => {
            for problem in problems {
                errors.add(field, problem);
            }
            None
        }
    }
}

/// Who may see a library or a user's activity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrivacyLevel {
    Me,
    Followers,
    Instance,
    Everyone,
}

impl PrivacyLevel {
    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw {
            "me" => Ok(Self::Me),
            "followers" => Ok(Self::Followers),
            "instance" => Ok(Self::Instance),
            "everyone" => Ok(Self::Everyone),
            other => Err(format!("\"{other}\" is not a valid choice.")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Me => "me",
            Self::Followers => "followers",
            Self::Instance => "instance",
            Self::Everyone => "everyone",
        }
    }
}

/// A user-interface language code such as `en`, `fr` or `pt_BR`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Language(String);

impl Language {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let valid = (2..=10).contains(&raw.len())
            && raw
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '_' || c == '-');
        if valid {
            Ok(Self(raw.to_owned()))
        } else {
            Err(format!("\"{raw}\" is not a valid choice."))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        assert_eq!(Username::parse(" alice_1 ").unwrap().as_str(), "alice_1");
        assert!(Username::parse("").is_err());
        assert!(Username::parse("bad name").is_err());
        assert!(Username::parse("évé").is_err());
        assert!(Username::parse(&"a".repeat(151)).is_err());
    }

    #[test]
    fn emails() {
        assert!(Email::parse("a@example.com").is_ok());
        for bad in ["", "a", "a@b", "@b.c", "a@@b.c", "a b@c.d", "a@.c", "a@c."] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords() {
        assert!(NewPassword::parse("correct horse").is_ok());
        let problems = NewPassword::parse("1234").unwrap_err();
        assert_eq!(problems.len(), 2);
        assert!(NewPassword::parse("password").is_err());
        assert_eq!(
            format!("{:?}", NewPassword::parse("long enough pw").unwrap()),
            "NewPassword(***)"
        );
    }

    #[test]
    fn privacy_and_language() {
        assert_eq!(
            PrivacyLevel::parse("everyone").unwrap().as_str(),
            "everyone"
        );
        assert!(PrivacyLevel::parse("public").is_err());
        assert!(Language::parse("pt_BR").is_ok());
        assert!(Language::parse("<script>").is_err());
    }
}

//! Invitations, user requests, e-mail confirmations and password resets (SQL only).

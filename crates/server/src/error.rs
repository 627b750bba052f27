//! API errors: every failure leaves the server as `{"error": {"code", "message"}}` (with
//! `details` where the page needs the particulars to say it in its language) and the fitting
//! HTTP status.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::store::{Fault, StoreError};

/// An error answered to an API client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A stable machine-readable code, e.g. `not_found`, `illegal_move`; the web UI translates
    /// by it.
    pub code: String,
    /// A human-readable explanation (English).
    pub message: String,
    /// Seconds after which a retry may succeed, sent as `Retry-After`.
    pub retry_after: Option<u32>,
    /// The particulars a translated message fills in (`{"rank": 7, "ch": "x"}`), sent as
    /// `details`.
    pub details: Option<Value>,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, code: impl Into<String>, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code: code.into(),
            message: message.into(),
            retry_after: None,
            details: None,
        }
    }

    /// The same error with the particulars a page fills into its own words for `code`.
    pub fn with_details(mut self, details: Value) -> Self {
        self.details = Some(details);
        self
    }

    /// The same error, telling the client to retry after `seconds`.
    pub fn retry_after(mut self, seconds: u32) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 403: the player may not do this (e.g. act in another player's game).
    pub fn forbidden(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 409: the request conflicts with the current state (e.g. a stale move).
    pub fn conflict(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 422: well-formed but not allowed (an illegal move, a board too large ...).
    pub fn unprocessable(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// 500: our fault; the details go to the log, not to the client.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!(%detail, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed to handle this request; see its log",
        )
    }

    /// 503: the server is too busy or shutting down.
    pub fn unavailable(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, code, message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.status, self.code, self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut error = json!({ "code": self.code, "message": self.message });
        if let Some(details) = self.details {
            error["details"] = details;
        }
        let body = json!({ "error": error });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err.fault() {
            Fault::NotFound => match &err {
                StoreError::InvitationNotFound => {
                    ApiError::new(StatusCode::NOT_FOUND, "no_invitation", err.to_string())
                }
                StoreError::SeekNotFound => {
                    ApiError::new(StatusCode::NOT_FOUND, "seek_gone", err.to_string())
                }
                _ => ApiError::not_found(err.to_string()),
            },
            Fault::Stale => ApiError::conflict("stale", err.to_string()),
            Fault::Forbidden => ApiError::forbidden("not_your_game", err.to_string()),
            Fault::Conflict => {
                let code = match &err {
                    StoreError::OwnInvitation => "own_invitation",
                    _ => "seat_taken",
                };
                ApiError::conflict(code, err.to_string())
            }
            Fault::Taken => {
                let code = match &err {
                    StoreError::NameTaken(_) => "name_taken",
                    StoreError::UsernameTaken(_) => "username_taken",
                    _ => "already_claimed",
                };
                ApiError::unprocessable(code, err.to_string())
            }
            Fault::Full => {
                tracing::error!(%err, "storage full");
                ApiError::new(
                    StatusCode::INSUFFICIENT_STORAGE,
                    "storage_full",
                    "the server's storage is full: nothing was saved",
                )
            }
            Fault::Busy => {
                tracing::warn!(%err, "database busy");
                ApiError::unavailable(
                    "database_busy",
                    "the database is busy, locked by another program or not answering: nothing was saved; try again",
                )
                .retry_after(2)
            }
            Fault::Unavailable => {
                tracing::error!(%err, "database unavailable");
                ApiError::unavailable(
                    "database_unavailable",
                    format!("the database cannot be written: nothing was saved ({err})"),
                )
                .retry_after(30)
            }
            Fault::Damaged => {
                tracing::error!(%err, "database damaged");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "database_damaged",
                    "the stored data is damaged; see the server's log",
                )
            }
        }
    }
}

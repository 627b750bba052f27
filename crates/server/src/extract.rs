//! Request extractors whose rejections are [`ApiError`]s, so that a malformed body gets the same
//! JSON error shape as everything else.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A JSON body; malformed JSON is a 400, a body of the wrong shape a 422, an oversized one a 413.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    let message = rejection.body_text();
    if timed_out(&rejection) {
        return ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "body_timeout",
            "the request body did not arrive in time",
        );
    }
    match rejection {
        JsonRejection::JsonDataError(_) => ApiError::unprocessable("invalid_body", message),
        JsonRejection::JsonSyntaxError(_) => ApiError::bad_request("malformed_json", message),
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "expected a request with `Content-Type: application/json`",
        ),
        _ if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            "the request body is larger than the server accepts",
        ),
        _ => ApiError::new(rejection.status(), "bad_body", message),
    }
}

/// Whether the body stopped because the body timeout ran out.
fn timed_out(rejection: &JsonRejection) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(rejection);
    while let Some(error) = cause {
        if error.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        cause = error.source();
    }
    false
}

/// Path parameters; a value that does not parse (e.g. a non-numeric id) is a 400.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiPath<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(value)| ApiPath(value))
            .map_err(|rejection: PathRejection| {
                ApiError::bad_request("bad_path", rejection.body_text())
            })
    }
}

/// Query parameters; a bad one is a 400.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| ApiQuery(value))
            .map_err(|rejection: QueryRejection| {
                ApiError::bad_request("bad_query", rejection.body_text())
            })
    }
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::Body;
    use axum::extract::DefaultBodyLimit;
    use axum::http::{Request, StatusCode};
    use axum::routing::post;
    use http_body_util::BodyExt;
    use serde::Deserialize;
    use tower::ServiceExt;

    use super::ApiJson;

    #[derive(Deserialize)]
    struct Move {
        #[allow(dead_code)]
        to: String,
    }

    async fn echo(ApiJson(_): ApiJson<Move>) -> &'static str {
        "ok"
    }

    async fn call(body: &str, content_type: &str) -> (StatusCode, serde_json::Value) {
        let app = Router::new()
            .route("/move", post(echo))
            .layer(DefaultBodyLimit::max(64));
        let request = Request::post("/move")
            .header("content-type", content_type)
            .body(Body::from(body.to_owned()))
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let json = serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null);
        (status, json)
    }

    #[tokio::test]
    async fn body_errors_are_json_with_fitting_statuses() {
        let (status, body) = call("{\"to\": ", "application/json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["error"]["code"], "malformed_json");

        let (status, body) = call("{\"from\": \"a1\"}", "application/json").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["error"]["code"], "invalid_body");

        let (status, body) = call(
            &format!("{{\"to\": \"{}\"}}", "x".repeat(100)),
            "application/json",
        )
        .await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body["error"]["code"], "body_too_large");

        let (status, body) = call("{\"to\": \"a1\"}", "text/plain").await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(body["error"]["code"], "unsupported_media_type");

        let (status, _) = call("{\"to\": \"a1\"}", "application/json").await;
        assert_eq!(status, StatusCode::OK);
    }
}

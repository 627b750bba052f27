//! The web UI: the `web/` folder, embedded into release binaries (a debug build reads it from disk,
//! so pages can be edited without rebuilding).

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct WebAssets;

/// Serves a file of the web UI. A folder path serves its `index.html`; a path that names nothing
/// serves the home page, which shows the player where to go.
pub async fn serve_asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let candidates = [
        path.to_owned(),
        format!("{}/index.html", path.trim_end_matches('/')),
    ];
    for candidate in candidates {
        let candidate = candidate.trim_start_matches('/');
        if candidate.is_empty() || candidate.contains("..") {
            continue;
        }
        if let Some(file) = WebAssets::get(candidate) {
            return file_response(candidate, file.data.into_owned());
        }
    }
    match WebAssets::get("index.html") {
        Some(file) => file_response("index.html", file.data.into_owned()),
        None => (
            StatusCode::NOT_FOUND,
            "the web UI is missing from this build",
        )
            .into_response(),
    }
}

fn file_response(path: &str, body: Vec<u8>) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.essence_str()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    // The UI is small and changes with the binary; always revalidate so an upgrade shows at once.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

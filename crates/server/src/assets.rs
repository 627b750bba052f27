//! The web UI: the `web/` folder, embedded into release binaries (a debug build reads it from disk,
//! so pages can be edited without rebuilding).

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct WebAssets;

/// Serves a file of the web UI. A folder path serves its `index.html`; a path that names nothing
/// gets a real 404 page that leads home.
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
    not_found_page()
}

/// The page for a path that names nothing, in both languages (it has no script to choose one).
fn not_found_page() -> Response {
    let page = r#"<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>找不到页面 · Page not found — qipan 棋盘</title>
<link rel="icon" href="/img/favicon.svg"><link rel="stylesheet" href="/css/app.css"></head>
<body><main class="not-found">
<h1>找不到这个页面</h1><p lang="en">There is no page at this address.</p>
<p><a href="/">回到首页 · Back to the home page</a></p>
</main></body></html>
"#;
    let mut response = (StatusCode::NOT_FOUND, page).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
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

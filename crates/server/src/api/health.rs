//! `GET /api/health`: the version, the database's real state (writable, integrity; 503 when
//! either check fails) and whether this instance is the one that lets flags fall (`referee`: of
//! several instances on one PostgreSQL database, exactly one is).

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use serde_json::{Value, json};

use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/health", get(health))
}

async fn health(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let database = state.store.health().await;
    let healthy = database.is_ok();
    let body = json!({
        "status": if healthy { "ok" } else { "degraded" },
        "version": env!("CARGO_PKG_VERSION"),
        "database": database,
        "referee": state.referee.on_duty(),
    });
    let status = if healthy {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(body))
}

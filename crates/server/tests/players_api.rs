//! Players and ownership as users meet them: a guest cookie on first visit, display names,
//! accounts that sign in elsewhere and out everywhere, and games that only their seated players
//! can act on (every action tried with another player's cookie).

mod common;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn send(
    client: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = client.request(method, url);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_first_visit_makes_a_guest_with_a_safe_cookie() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let first = client.get(server.url("/api/me")).send().await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let cookie = first
        .headers()
        .get("set-cookie")
        .expect("a cookie on the first visit")
        .to_str()
        .unwrap()
        .to_owned();
    for part in ["qipan_player=", "HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain http: {cookie}");
    let me: Value = first.json().await.unwrap();
    assert!(me["name"].is_null(), "a guest has no name yet: {me}");
    assert_eq!(me["tag"].as_str().unwrap().len(), 4);

    let again = client.get(server.url("/api/me")).send().await.unwrap();
    assert!(again.headers().get("set-cookie").is_none());
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["id"], me["id"], "the cookie keeps the player");
    // A forged or unknown secret is a new guest, not an error and not someone else.
    let forged = reqwest::Client::new()
        .get(server.url("/api/me"))
        .header("cookie", format!("qipan_player={}", "ab".repeat(32)))
        .send()
        .await
        .unwrap();
    let forged: Value = forged.json().await.unwrap();
    assert_ne!(forged["id"], me["id"]);
    server.stop().await;
}

#[tokio::test]
async fn names_are_normalised_unique_in_any_case_and_bad_ones_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo) = (common::client(), common::client());
    let url = server.url("/api/me/name");
    let put = reqwest::Method::PUT;
    let (status, me) = send(
        &ann,
        put.clone(),
        url.clone(),
        Some(json!({"name": "  Ada\u{200B} "})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["name"], "Ada");
    for taken in ["Ada", "ADA", "ada"] {
        let (status, body) = send(
            &bo,
            put.clone(),
            url.clone(),
            Some(json!({ "name": taken })),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{taken}: {body}");
        assert_eq!(common::code(&body), Some("name_taken"));
    }
    for bad in ["\u{200B}\u{FEFF}", &"长".repeat(33)] {
        let (status, body) =
            send(&bo, put.clone(), url.clone(), Some(json!({ "name": bad }))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}: {body}");
        assert_eq!(common::code(&body), Some("bad_name"));
    }
    let (status, me) = send(&bo, put.clone(), url.clone(), Some(json!({"name": "小明"}))).await;
    assert_eq!(
        (status, me["name"].as_str()),
        (StatusCode::OK, Some("小明"))
    );
    // Ann gives her name up; Bo may then take it.
    let (status, me) = send(&ann, put.clone(), url.clone(), Some(json!({"name": null}))).await;
    assert_eq!((status, me["name"].is_null()), (StatusCode::OK, true));
    let (status, _) = send(&bo, put.clone(), url.clone(), Some(json!({"name": "ada"}))).await;
    assert_eq!(status, StatusCode::OK);
    server.stop().await;
}

#[tokio::test]
async fn an_account_signs_in_on_another_device_and_out_everywhere() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (laptop, phone, other) = (common::client(), common::client(), common::client());
    let post = reqwest::Method::POST;
    let ann = common::me(&laptop, &server).await;
    let claim = server.url("/api/me/account");
    for (body, code) in [
        (
            json!({"username": "a", "password": "long enough"}),
            "bad_username",
        ),
        (
            json!({"username": "ann smith", "password": "long enough"}),
            "bad_username",
        ),
        (
            json!({"username": "ann", "password": "short"}),
            "bad_password",
        ),
    ] {
        let (status, answer) = send(&laptop, post.clone(), claim.clone(), Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(common::code(&answer), Some(code));
    }
    let good = json!({"username": "Ann", "password": "correct horse"});
    let (status, me) = send(&laptop, post.clone(), claim.clone(), Some(good.clone())).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["username"], "ann");
    let (status, again) = send(
        &laptop,
        post.clone(),
        claim.clone(),
        Some(json!({"username": "ann2", "password": "correct horse"})),
    )
    .await;
    assert_eq!(
        (status, common::code(&again)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("already_claimed"))
    );
    let (status, taken) = send(&other, post.clone(), claim.clone(), Some(good.clone())).await;
    assert_eq!(
        (status, common::code(&taken)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("username_taken"))
    );

    let session = server.url("/api/session");
    for wrong in [
        json!({"username": "ann", "password": "wrong horse"}),
        json!({"username": "nobody", "password": "correct horse"}),
    ] {
        let (status, answer) = send(&phone, post.clone(), session.clone(), Some(wrong)).await;
        assert_eq!(
            (status, common::code(&answer)),
            (StatusCode::UNAUTHORIZED, Some("wrong_credentials"))
        );
    }
    let (status, signed_in) = send(&phone, post.clone(), session.clone(), Some(good)).await;
    assert_eq!(status, StatusCode::OK, "{signed_in}");
    assert_eq!(
        common::me(&phone, &server).await,
        ann,
        "the phone is Ann now"
    );

    // A guest cannot sign out everywhere (its games would be lost for good).
    let (status, guest) = send(
        &other,
        post.clone(),
        server.url("/api/me/sign-out-everywhere"),
        None,
    )
    .await;
    assert_eq!(
        (status, common::code(&guest)),
        (StatusCode::CONFLICT, Some("no_account"))
    );
    let (status, _) = send(
        &laptop,
        post.clone(),
        server.url("/api/me/sign-out-everywhere"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(
        common::me(&laptop, &server).await,
        ann,
        "the laptop is signed out"
    );
    assert_ne!(
        common::me(&phone, &server).await,
        ann,
        "and so is the phone"
    );
    server.stop().await;
}

/// A game made by `owner`, its id and revision.
async fn game_of(owner: &reqwest::Client, url: String, body: Value) -> (i64, i64) {
    let (created, id) = common::create(owner, url, body).await;
    (id, created["revision"].as_i64().unwrap_or(0))
}

#[tokio::test]
async fn no_action_on_a_game_is_open_to_another_players_cookie() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (owner, intruder) = (common::client(), common::client());
    let post = reqwest::Method::POST;
    let u = |path: String| server.url(&path);
    let (xq, xr) = game_of(
        &owner,
        u("/api/xiangqi/games".into()),
        json!({"mode": "engine", "level": 1}),
    )
    .await;
    let (go, gr) = game_of(
        &owner,
        u("/api/gomoku/games".into()),
        json!({"mode": "pve", "level": 1}),
    )
    .await;
    let (kn, kr) = game_of(
        &owner,
        u("/api/knight/games".into()),
        json!({"cols": 5, "rows": 5, "start": [0, 0]}),
    )
    .await;
    let (tr, trr) = game_of(
        &owner,
        u("/api/tromino/games".into()),
        json!({"size": 4, "missing": [0, 0]}),
    )
    .await;
    let (ln, lr) = game_of(&owner, u("/api/link/games".into()), json!({"level": 1})).await;
    let attempts: Vec<(reqwest::Method, String, Option<Value>)> = vec![
        (
            post.clone(),
            format!("/api/xiangqi/games/{xq}/move"),
            Some(json!({"revision": xr, "move": "h2e2"})),
        ),
        (
            post.clone(),
            format!("/api/xiangqi/games/{xq}/engine"),
            Some(json!({"revision": xr})),
        ),
        (post.clone(), format!("/api/xiangqi/games/{xq}/hint"), None),
        (
            post.clone(),
            format!("/api/xiangqi/games/{xq}/undo"),
            Some(json!({"revision": xr})),
        ),
        (
            post.clone(),
            format!("/api/xiangqi/games/{xq}/resign"),
            Some(json!({"revision": xr})),
        ),
        (
            post.clone(),
            format!("/api/xiangqi/games/{xq}/draw"),
            Some(json!({"revision": xr, "action": "offer"})),
        ),
        (
            post.clone(),
            format!("/api/gomoku/games/{go}/move"),
            Some(json!({"revision": gr, "x": 7, "y": 7})),
        ),
        (
            post.clone(),
            format!("/api/gomoku/games/{go}/engine"),
            Some(json!({"revision": gr})),
        ),
        (
            post.clone(),
            format!("/api/gomoku/games/{go}/undo"),
            Some(json!({"revision": gr})),
        ),
        (
            post.clone(),
            format!("/api/gomoku/games/{go}/resign"),
            Some(json!({"revision": gr})),
        ),
        (
            post.clone(),
            format!("/api/knight/games/{kn}/move"),
            Some(json!({"revision": kr, "to": [1, 2]})),
        ),
        (
            post.clone(),
            format!("/api/knight/games/{kn}/undo"),
            Some(json!({"revision": kr})),
        ),
        (
            post.clone(),
            format!("/api/knight/games/{kn}/hint"),
            Some(json!({"revision": kr})),
        ),
        (
            post.clone(),
            format!("/api/knight/games/{kn}/solve"),
            Some(json!({"revision": kr})),
        ),
        (
            post.clone(),
            format!("/api/knight/games/{kn}/leaderboard"),
            Some(json!({"name": "x"})),
        ),
        (
            post.clone(),
            format!("/api/tromino/games/{tr}/place"),
            Some(json!({"revision": trr, "x": 2, "y": 2, "shape": "ll"})),
        ),
        (
            post.clone(),
            format!("/api/tromino/games/{tr}/undo"),
            Some(json!({"revision": trr})),
        ),
        (
            post.clone(),
            format!("/api/tromino/games/{tr}/hint"),
            Some(json!({"revision": trr})),
        ),
        (
            post.clone(),
            format!("/api/tromino/games/{tr}/demo"),
            Some(json!({"revision": trr})),
        ),
        (
            post.clone(),
            format!("/api/tromino/games/{tr}/leaderboard"),
            Some(json!({"name": "x"})),
        ),
        (
            post.clone(),
            format!("/api/link/games/{ln}/actions"),
            Some(json!({"revision": lr, "action": "hint"})),
        ),
        (
            post.clone(),
            format!("/api/link/games/{ln}/leaderboard"),
            Some(json!({"name": "x"})),
        ),
        (reqwest::Method::DELETE, format!("/api/games/{xq}"), None),
        (reqwest::Method::DELETE, format!("/api/games/{kn}"), None),
    ];
    for (method, path, body) in attempts {
        let (status, answer) = send(&intruder, method.clone(), u(path.clone()), body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}: {answer}");
        assert_eq!(common::code(&answer), Some("not_your_game"), "{path}");
    }
    // Watching needs only the link; the intruder's list holds none of these games.
    for id in [xq, go, kn, tr, ln] {
        let (status, _) = send(
            &intruder,
            reqwest::Method::GET,
            u(format!("/api/games/{id}")),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (_, theirs) = send(
        &intruder,
        reqwest::Method::GET,
        u("/api/games".into()),
        None,
    )
    .await;
    assert_eq!(theirs.as_array().unwrap().len(), 0, "{theirs}");
    let (_, mine) = send(&owner, reqwest::Method::GET, u("/api/games".into()), None).await;
    assert_eq!(mine.as_array().unwrap().len(), 5, "{mine}");
    // The owner still plays, and deletes its own game.
    let (status, moved) = send(
        &owner,
        post.clone(),
        u(format!("/api/xiangqi/games/{xq}/move")),
        Some(json!({"revision": xr, "move": "h2e2"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (status, _) = send(
        &owner,
        reqwest::Method::DELETE,
        u(format!("/api/games/{kn}")),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    server.stop().await;
}

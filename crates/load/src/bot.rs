//! A bot player: a client with its own cookie, served by one instance of the site (its `home`),
//! which it leaves for another when that one stops answering, as a load balancer would send it.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use futures_util::StreamExt;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A game's event socket.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How a request failed: the server refused it (an answer), or no answer came (the instance is
/// gone: try another).
#[derive(Debug)]
pub enum Failure {
    /// The server answered with an error status.
    Refused(anyhow::Error),
    /// No answer: the connection failed or broke.
    Unreachable(anyhow::Error),
}

/// A bot player.
pub struct Bot {
    http: reqwest::Client,
    cookie: String,
    /// The player's id.
    pub id: String,
    urls: Arc<Vec<String>>,
    home: usize,
    /// How many times this bot had to leave an instance that stopped answering.
    pub failovers: usize,
}

impl Bot {
    /// A new player made by the instance `urls[home]`, or by the next one that answers.
    pub async fn new(urls: Arc<Vec<String>>, home: usize) -> Result<Bot> {
        let mut last = None;
        for k in 0..urls.len() {
            match Bot::made_by(urls.clone(), (home + k) % urls.len()).await {
                Ok(bot) => return Ok(bot),
                Err(err) => last = Some(err),
            }
        }
        Err(last.unwrap_or_else(|| anyhow::anyhow!("no instance given")))
    }

    async fn made_by(urls: Arc<Vec<String>>, home: usize) -> Result<Bot> {
        let url = &urls[home];
        let answer = reqwest::get(format!("{url}/api/me")).await?;
        let cookie = answer
            .headers()
            .get(reqwest::header::SET_COOKIE)
            .context("the server gave no player cookie")?
            .to_str()?
            .split(';')
            .next()
            .unwrap_or_default()
            .to_owned();
        let me: Value = answer.json().await?;
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(reqwest::header::COOKIE, cookie.parse()?);
        let http = reqwest::Client::builder()
            .default_headers(headers)
            .timeout(Duration::from_secs(30))
            .build()?;
        let id = me["id"].as_str().context("no player id")?.to_owned();
        Ok(Bot {
            http,
            cookie,
            id,
            urls,
            home,
            failovers: 0,
        })
    }

    /// The instance serving this bot now.
    pub fn url(&self) -> &str {
        &self.urls[self.home]
    }

    /// Moves to the next instance (the one it used stopped answering).
    pub fn fail_over(&mut self) {
        self.home = (self.home + 1) % self.urls.len();
        self.failovers += 1;
    }

    /// POSTs `body` to `path` on this bot's instance.
    pub async fn post(&self, path: &str, body: &Value) -> Result<Value, Failure> {
        let url = format!("{}{path}", self.url());
        let answer = self
            .http
            .post(&url)
            .header(reqwest::header::ORIGIN, self.url())
            .json(body)
            .send()
            .await
            .map_err(|e| Failure::Unreachable(e.into()))?;
        let status = answer.status();
        let body: Value = answer
            .json()
            .await
            .map_err(|e| Failure::Unreachable(e.into()))?;
        if !status.is_success() {
            return Err(Failure::Refused(anyhow::anyhow!("{url}: {status} {body}")));
        }
        Ok(body)
    }

    /// GETs `path` on this bot's instance.
    pub async fn get(&self, path: &str) -> Result<Value, Failure> {
        let url = format!("{}{path}", self.url());
        let answer = self
            .http
            .get(&url)
            .send()
            .await
            .map_err(|e| Failure::Unreachable(e.into()))?;
        answer
            .json()
            .await
            .map_err(|e| Failure::Unreachable(e.into()))
    }

    /// Opens game `game`'s event socket on this bot's instance.
    pub async fn watch(&self, game: i64) -> Result<Socket> {
        let ws = format!(
            "{}/api/games/{game}/events",
            self.url().replacen("http", "ws", 1)
        );
        let mut request = ws.into_client_request()?;
        request.headers_mut().insert("Cookie", self.cookie.parse()?);
        request.headers_mut().insert("Origin", self.url().parse()?);
        Ok(tokio_tungstenite::connect_async(request).await?.0)
    }
}

/// Waits on `socket` for the change announcing the move `by` made; its revision. `Err` when the
/// socket closes or nothing comes within 30 s.
pub async fn relayed(socket: &mut Socket, by: &str) -> Result<i64> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .context("no change within 30 s")?
            .context("the socket closed")??;
        match message {
            Message::Text(text) => {
                let change: Value = serde_json::from_str(&text)?;
                if change["by"] == by && change["actions"][0].get("move").is_some() {
                    return change["revision"]
                        .as_i64()
                        .context("a change without revision");
                }
            }
            Message::Close(_) => bail!("the server closed the socket"),
            _ => {}
        }
    }
}

//! The names of the people seated in a game, as a record (PGN, SGF) names its players: the
//! display name each chose, else the guest tag pages show ("Guest 3f2a" / "游客 3f2a").

use std::collections::BTreeMap;

use crate::AppState;
use crate::store::{Holder, SavedGame};

/// The language of the names a record gives (to guests, sides, the engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Simplified Chinese.
    Chinese,
    /// English.
    English,
}

impl Language {
    /// From a `lang` query value (`en`, `en-US`, `zh-CN` …): Chinese unless it names English.
    pub fn from_query(lang: Option<&str>) -> Language {
        match lang {
            Some(lang) if lang.starts_with("en") => Language::English,
            _ => Language::Chinese,
        }
    }
}

/// Each seat held by a person, with that person's name. Left out: seats held by an engine or
/// open, a player who can no longer be read, and a player holding several seats (a game played
/// at one screen, where the device's player is only one of the people playing).
pub async fn of(app: &AppState, game: &SavedGame, language: Language) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for seat in &game.seats {
        let Holder::Player(id) = &seat.holder else {
            continue;
        };
        if game.seats.iter().filter(|s| s.is_held_by(id)).count() > 1 {
            continue;
        }
        let Ok(player) = app.players.player(id).await else {
            continue;
        };
        let name = match player.name {
            Some(name) => name,
            None => {
                let tag = super::players::guest_tag(id);
                match language {
                    Language::Chinese => format!("游客 {tag}"),
                    Language::English => format!("Guest {tag}"),
                }
            }
        };
        names.insert(seat.seat.clone(), name);
    }
    names
}

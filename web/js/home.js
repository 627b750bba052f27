// The home page: "continue" for the last game played, the recent games, and the five games.

import './shell.js';
import { api } from './api.js';
import { t } from './i18n.js';
import { GAMES, ICONS } from './icons.js';

function renderGames() {
  const list = document.getElementById('games');
  list.innerHTML = GAMES.map((game) => `
    <li>
      <a class="game-card" href="/${game}/" data-game="${game}">
        <span class="game-icon">${ICONS[game]}</span>
        <span class="game-text">
          <span class="game-name">${t(`game.${game}.name`)}</span>
          <span class="game-desc">${t(`game.${game}.desc`)}</span>
        </span>
      </a>
    </li>`).join('');
}

/** How many recent games the home page lists. */
const RECENT = 6;
let recent = [];

/** The visitor's own games with at least one move, newest first (an empty game is no game). */
async function loadRecent() {
  try {
    recent = await api('GET', `/api/games?limit=${RECENT}&played=true`);
  } catch {
    recent = []; // the games are still there to start; the list is a convenience
  }
}

const link = (game) => `/${game.kind}/?game=${game.id}`;
const detail = (game) => `${game.variant} · ${t(game.action_count === 1 ? 'home.move' : 'home.moves', { n: game.action_count })}`;
const date = (text) => new Date(text).toLocaleString(document.documentElement.lang, {
  month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit',
});

function renderRecent() {
  const box = document.getElementById('recent');
  box.hidden = recent.length === 0;
  if (!recent.length) return;
  const current = recent.find((game) => game.status === 'ongoing');
  const button = document.getElementById('continue');
  button.hidden = !current;
  if (current) {
    button.href = link(current);
    button.textContent = t('home.continue', { game: t(`game.${current.kind}.name`), detail: detail(current) });
  }
  const list = document.getElementById('recent-list');
  list.replaceChildren(...recent.map((game) => {
    const item = document.createElement('li');
    const anchor = document.createElement('a');
    anchor.href = link(game);
    anchor.dataset.game = game.kind;
    anchor.textContent = `${t(`game.${game.kind}.name`)} · ${detail(game)}`;
    const meta = document.createElement('span');
    meta.className = 'recent-meta';
    meta.textContent = `${t(`home.status.${game.status}`)} · ${date(game.updated_at)}`;
    item.append(anchor, meta);
    return item;
  }));
}

renderGames();
loadRecent().then(renderRecent);
window.addEventListener('qipan:language', () => { renderGames(); renderRecent(); });

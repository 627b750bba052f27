// The home page: the five games, and the server's health in the footer.

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

async function renderHealth() {
  const el = document.getElementById('health');
  try {
    const health = await api('GET', '/api/health');
    el.textContent = `${t('health.ok')} · v${health.version}`;
    el.className = 'health ok';
  } catch {
    el.textContent = t('health.error');
    el.className = 'health error';
  }
}

renderGames();
renderHealth();
window.addEventListener('qipan:language', () => { renderGames(); renderHealth(); });

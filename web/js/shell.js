// The frame every page shares: a header with the way home and the language switch, and the
// translations applied. A page imports it first: `import { ready } from '/js/shell.js'`.

import { api } from './api.js';
import { applyTranslations, otherLanguage, setLanguage, t } from './i18n.js';

function renderHeader() {
  const header = document.getElementById('site-header');
  if (!header) return;
  header.innerHTML = `
    <a class="brand" href="/" data-i18n-title="nav.home">
      <span class="brand-mark" aria-hidden="true">棋</span>
      <span class="brand-name" data-i18n="app.name"></span>
    </a>
    <nav class="header-actions">
      <a class="nav-link" href="/lobby/" data-i18n="nav.lobby"></a>
      <a id="player-chip" class="player-chip" href="/me/" hidden></a>
      <button type="button" id="lang-switch" class="lang-switch" data-i18n-aria-label="nav.language"></button>
    </nav>`;
  const button = header.querySelector('#lang-switch');
  const label = () => { button.textContent = t('lang.switch'); };
  button.addEventListener('click', () => { setLanguage(otherLanguage()); label(); });
  label();
}

/** The name a player is shown by: its chosen name, or "Guest" and its tag. */
export function displayName(player) {
  return player.name || t('player.guest', { tag: player.tag });
}

/** The visitor as a player (made on the first visit, kept by its cookie); null if unreachable. */
export const me = api('GET', '/api/me').catch(() => null);

async function showPlayer() {
  const chip = document.getElementById('player-chip');
  const player = await me;
  if (!chip || !player) return;
  const draw = () => {
    const name = displayName(player);
    chip.textContent = name;
    chip.setAttribute('aria-label', t('player.link', { name }));
    chip.hidden = false;
  };
  draw();
  window.addEventListener('qipan:language', draw);
}

renderHeader();
applyTranslations();
showPlayer();

/** Resolves once the shell is drawn (it is, by the time this module has run). */
export const ready = Promise.resolve();

// The frame every page shares: a header with the way home and the language switch, and the
// translations applied. A page imports it first: `import { ready } from '/js/shell.js'`.

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
      <button type="button" id="lang-switch" class="lang-switch" data-i18n-aria-label="nav.language"></button>
    </nav>`;
  const button = header.querySelector('#lang-switch');
  const label = () => { button.textContent = t('lang.switch'); };
  button.addEventListener('click', () => { setLanguage(otherLanguage()); label(); });
  label();
}

renderHeader();
applyTranslations();

/** Resolves once the shell is drawn (it is, by the time this module has run). */
export const ready = Promise.resolve();

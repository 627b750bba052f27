// The page of a game whose engine has not landed yet: its icon, name and a clear "coming soon".

import './shell.js';
import { t } from './i18n.js';
import { ICONS } from './icons.js';

function render() {
  const game = document.body.dataset.game;
  document.title = `${t(`game.${game}.name`)} · ${t('app.name')}`;
  document.getElementById('main').innerHTML = `
    <section class="coming-soon">
      <div class="game-icon large">${ICONS[game]}</div>
      <h1>${t(`game.${game}.name`)}</h1>
      <p class="lead">${t(`game.${game}.desc`)}</p>
      <p class="badge">${t('page.coming_soon')}</p>
      <p>${t('page.coming_soon_detail')}</p>
      <p><a class="button" href="/">${t('page.back_home')}</a></p>
    </section>`;
}

render();
window.addEventListener('qipan:language', render);

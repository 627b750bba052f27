// The list of saved games: date, mode, rules, moves, result; resume, replay or delete each.

import { currentLanguage, t } from '/js/i18n.js';

function resultText(game) {
  if (game.status === 'ongoing') return t('gm.saves.ongoing');
  if (game.status === 'abandoned') return t('gm.aborted');
  const r = game.result || {};
  if (!r.winner) return t('gm.result.draw');
  return `${t(`gm.result.${r.winner}`)} · ${t(`gm.result.${r.reason}`)}`;
}

function modeText(game) {
  if (game.mode === 'human-vs-engine') return t('gm.mode_short.pve', { level: game.players?.level ?? '?' });
  return t('gm.mode_short.pvp');
}

function ruleText(game) {
  const [rule, size] = String(game.variant).split('-');
  return `${t(`gm.rule_short.${rule}`)} ${size}×${size}`;
}

function dateText(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** Fills `tbody` with `games`; `actions` has resume(id), replay(id) and remove(id). */
export function renderSaves(table, empty, games, currentId, actions) {
  const tbody = table.querySelector('tbody');
  tbody.replaceChildren();
  empty.hidden = games.length > 0;
  table.hidden = games.length === 0;
  for (const game of games) {
    const row = document.createElement('tr');
    row.dataset.id = game.id;
    if (game.id === currentId) row.classList.add('current');
    const cells = [dateText(game.updated_at), modeText(game), ruleText(game), String(game.action_count), resultText(game)];
    for (const [i, text] of cells.entries()) {
      const td = document.createElement('td');
      td.textContent = text;
      td.dataset.label = t(['gm.saves.date', 'gm.saves.mode', 'gm.saves.rule', 'gm.saves.moves', 'gm.saves.result'][i]);
      row.appendChild(td);
    }
    const td = document.createElement('td');
    td.className = 'gm-save-actions';
    const button = (key, cls, fn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `button small ${cls}`;
      b.textContent = t(key);
      b.addEventListener('click', fn);
      td.appendChild(b);
    };
    if (game.status === 'ongoing' && game.id !== currentId) button('gm.saves.resume', 'gm-resume', () => actions.resume(game.id));
    button('gm.saves.replay', 'gm-replay', () => actions.replay(game.id));
    button('gm.saves.delete', 'gm-delete', () => actions.remove(game.id));
    row.appendChild(td);
    tbody.appendChild(row);
  }
}

// The list of saved games (存档): date, mode, players, moves and result, with resume or view
// and delete.

import { currentLanguage, t } from '/js/i18n.js';
import { deleteGame, listGames } from './game-api.js';

function playerName(value, level) {
  if (value === 'human') return t('xq.player.human');
  if (value === 'engine') return t('xq.player.engine', { level: level ?? '' });
  return String(value ?? '');
}

/** The result of a finished game in words, e.g. "红方胜 · 将死". */
export function resultText(ending) {
  if (!ending) return t('xq.ongoing');
  const reason = t(`ending.${ending.reason}`);
  if (!ending.winner) return t('xq.result.draw', { reason });
  return t('xq.result.win', { side: t(`xq.${ending.winner}`), reason });
}

function formatDate(text) {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return date.toLocaleString(currentLanguage(), { dateStyle: 'short', timeStyle: 'short' });
}

/** Loads and shows the list; onOpen(id) resumes or views a game; onError explains failures. */
export async function showSaves(body, { currentId, onOpen, onError }) {
  const games = await listGames();
  body.replaceChildren();
  if (!games.length) {
    const row = document.createElement('tr');
    row.innerHTML = `<td colspan="6">${t('xq.no_saves')}</td>`;
    body.append(row);
    return;
  }
  for (const game of games) {
    const row = document.createElement('tr');
    row.dataset.id = String(game.id);
    if (game.id === currentId) row.className = 'current';
    const players = game.players || {};
    const cells = [
      formatDate(game.updated_at),
      t(`xq.mode_short.${game.mode}`),
      `${playerName(players.red, players.level)} – ${playerName(players.black, players.level)}`,
      String(game.action_count),
      game.status === 'finished' ? resultText(game.result) : t(game.status === 'abandoned' ? 'xq.aborted' : 'xq.ongoing'),
    ];
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    const actions = document.createElement('td');
    actions.className = 'actions';
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'button open';
    open.textContent = game.status === 'ongoing' ? t('xq.resume') : t('xq.view');
    open.addEventListener('click', () => onOpen(game.id));
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'button delete';
    remove.textContent = t('xq.delete');
    remove.addEventListener('click', async () => {
      if (!window.confirm(t('xq.confirm_delete'))) return;
      try {
        await deleteGame(game.id);
        row.remove();
      } catch (err) {
        onError(err);
      }
    });
    actions.append(open, remove);
    row.append(actions);
    body.append(row);
  }
}

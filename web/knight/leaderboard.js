// The best times per board: read from the common leaderboard route.

import { topEntries } from './game-api.js';
import { t, currentLanguage } from '/js/i18n.js';

/** Milliseconds as mm:ss.t. */
export function formatTime(ms) {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** The leaderboard variant of a board, as the server names it: `8x8` or `8x8-closed`. */
export const variantOf = (cols, rows, closed) => `${cols}x${rows}${closed ? '-closed' : ''}`;

/** Fills the table body with the best times for one variant. */
export async function showLeaderboard(tbody, variant) {
  const entries = await topEntries(variant);
  tbody.replaceChildren();
  if (!entries.length) {
    const cell = tbody.insertRow().insertCell();
    cell.colSpan = 4;
    cell.textContent = t('knight.no_entries');
    return;
  }
  entries.forEach((entry, i) => {
    const row = tbody.insertRow();
    row.insertCell().textContent = String(i + 1);
    row.insertCell().textContent = entry.name;
    row.insertCell().textContent = formatTime(entry.time_ms ?? 0);
    row.insertCell().textContent = new Date(entry.created_at).toLocaleDateString(currentLanguage());
  });
}

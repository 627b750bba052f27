// The leaderboard per board size: read from the common leaderboard route.

import { topEntries } from './game-api.js';
import { t, currentLanguage } from '/js/i18n.js';

/** Milliseconds as m:ss.t. */
export function formatTime(ms) {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** Fills the table body with the best times for boards of side `size`. */
export async function showLeaderboard(tbody, size) {
  const entries = await topEntries(size);
  tbody.replaceChildren();
  if (!entries.length) {
    const row = tbody.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 4;
    cell.textContent = t('tromino.no_entries');
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

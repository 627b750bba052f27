// A game's leaderboard as a table (rank, name, time or score, date): read from the common route
// GET /api/leaderboards/{game}.

import { api } from '/js/api.js';
import { t, currentLanguage } from '/js/i18n.js';

/** The ten best entries of `game` (`knight`, `tromino`, `link`) for one variant, e.g. `8x8`. */
export const topEntries = (game, variant) =>
  api('GET', `/api/leaderboards/${game}?variant=${encodeURIComponent(variant)}&limit=10`);

/**
 * Fills the table body with `entries`: `value(entry)` is the third column (a time, a score);
 * `emptyKey` is the string shown when there are none.
 */
export function fillLeaderboard(tbody, entries, { value, emptyKey }) {
  tbody.replaceChildren();
  if (!entries.length) {
    const cell = tbody.insertRow().insertCell();
    cell.colSpan = 4;
    cell.textContent = t(emptyKey);
    return;
  }
  entries.forEach((entry, i) => {
    const row = tbody.insertRow();
    row.insertCell().textContent = String(i + 1);
    row.insertCell().textContent = entry.name;
    row.insertCell().textContent = value(entry);
    row.insertCell().textContent = new Date(entry.created_at).toLocaleDateString(currentLanguage());
  });
}

/** Reads the best entries of `game` for `variant` and shows them (see fillLeaderboard). */
export async function showLeaderboard(tbody, game, variant, options) {
  fillLeaderboard(tbody, await topEntries(game, variant), options);
}

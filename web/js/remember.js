// Which saved game a page showed last, kept in the browser so that coming back resumes it, and
// the game asked for in the address (`?game=<id>`, the links of the home page and the lobby).

/** Remembers game `id` under `key` (silently not, where the browser keeps no storage). */
export function rememberGame(key, id) {
  try { localStorage.setItem(key, String(id)); } catch { /* not remembered */ }
}

/** The game id remembered under `key`, or null. */
export function rememberedGame(key) {
  try { return Number(localStorage.getItem(key)) || null; } catch { return null; }
}

/** The game asked for in the address: the id, `'bad'` for something that is no id, or null. */
export function gameInAddress() {
  const text = new URLSearchParams(location.search).get('game');
  if (text === null || text === '') return null;
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : 'bad';
}

/**
 * The game a page opens with: the one in the address, else the last one remembered under `key`,
 * loaded with `load(id)`. Returns `{ view, missing }`: `view` is null when there is none;
 * `missing` is what the address asked for when it could not be loaded (the page says so rather
 * than silently starting something else), else null.
 */
export async function resumeGame(key, load) {
  const asked = gameInAddress();
  const id = typeof asked === 'number' ? asked : asked === null ? rememberedGame(key) : null;
  let view = null;
  if (id) {
    try { view = await load(id); } catch { view = null; }
  }
  return { view, missing: asked !== null && !view ? String(new URLSearchParams(location.search).get('game')) : null };
}

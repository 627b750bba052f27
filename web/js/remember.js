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

/** What the address asks for with `?game=`, as written, or null. */
function askedInAddress() {
  return new URLSearchParams(location.search).get('game') || null;
}

/**
 * The game a page opens with: the one in the address, else the last one remembered under `key`,
 * loaded with `load(id)`. Returns `{ view, missing }`: `view` is null when there is none;
 * `missing` is what the address asked for when it could not be loaded (the page says so rather
 * than silently starting something else), else null.
 */
export async function resumeGame(key, load) {
  const asked = askedInAddress();
  const id = asked === null ? rememberedGame(key) : /^\d+$/.test(asked) && Number(asked) > 0 ? Number(asked) : null;
  let view = null;
  if (id) {
    try { view = await load(id); } catch { view = null; }
  }
  return { view, missing: asked !== null && !view ? asked : null };
}

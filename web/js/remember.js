// Which saved game a page showed last, kept in the browser so that coming back resumes it.

/** Remembers game `id` under `key` (silently not, where the browser keeps no storage). */
export function rememberGame(key, id) {
  try { localStorage.setItem(key, String(id)); } catch { /* not remembered */ }
}

/** The game id remembered under `key`, or null. */
export function rememberedGame(key) {
  try { return Number(localStorage.getItem(key)) || null; } catch { return null; }
}

/** The last game remembered under `key`, loaded with `load(id)`; null when there is none or it is gone. */
export async function resumeGame(key, load) {
  const id = rememberedGame(key);
  if (!id) return null;
  try { return await load(id); } catch { return null; }
}

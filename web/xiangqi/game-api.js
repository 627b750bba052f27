// The Xiangqi API calls the page makes. Every action sends the revision it is based on; the
// server answers 409 "stale" when another tab changed the game first.

import { api } from '/js/api.js';

const base = '/api/xiangqi';

export const newGame = (options) => api('POST', `${base}/games`, options);
export const loadGame = (id) => api('GET', `${base}/games/${id}`);
export const move = (game, iccs) => api('POST', `${base}/games/${game.id}/move`, { revision: game.revision, move: iccs });
export const engineMove = (game) => api('POST', `${base}/games/${game.id}/engine`, { revision: game.revision });
export const hint = (game) => api('POST', `${base}/games/${game.id}/hint`);
export const undo = (game) => api('POST', `${base}/games/${game.id}/undo`, { revision: game.revision });
export const resign = (game, side) => api('POST', `${base}/games/${game.id}/resign`, { revision: game.revision, side });
export const takeback = (game, action) => api('POST', `${base}/games/${game.id}/takeback`, { revision: game.revision, action });
export const draw = (game, action) => api('POST', `${base}/games/${game.id}/draw`, { revision: game.revision, action });
export const exportPgn = (id, notation, lang) => api('GET', `${base}/games/${id}/pgn?notation=${notation}&lang=${encodeURIComponent(lang)}`);
export const importPgn = (pgn) => api('POST', `${base}/import`, { pgn });
export const listGames = () => api('GET', '/api/games?kind=xiangqi&limit=50&played=true');
export const deleteGame = (id) => api('DELETE', `/api/games/${id}`);
export const reviewPly = (id, ply, revision) => api('POST', `${base}/games/${id}/review`, { ply, revision });

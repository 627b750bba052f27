// The Gomoku API, one function per route.

import { api } from '/js/api.js';

const base = '/api/gomoku';

export const newGame = (settings) => api('POST', `${base}/games`, settings);
export const getGame = (id) => api('GET', `${base}/games/${id}`);
export const play = (game, x, y) => api('POST', `${base}/games/${game.id}/move`, { revision: game.revision, x, y });
export const engineReply = (game) => api('POST', `${base}/games/${game.id}/engine`, { revision: game.revision });
export const hint = (game) => api('POST', `${base}/games/${game.id}/hint`, {});
export const analyse = (game, ply, lines) => api('POST', `${base}/games/${game.id}/analysis`, { ply, lines });
export const opening = (game, body) => api('POST', `${base}/games/${game.id}/opening`, { revision: game.revision, ...body });
export const undo = (game) => api('POST', `${base}/games/${game.id}/undo`, { revision: game.revision });
export const takeback = (game, action) => api('POST', `${base}/games/${game.id}/takeback`, { revision: game.revision, action });
export const resign = (game) => api('POST', `${base}/games/${game.id}/resign`, { revision: game.revision });
export const exportRecord = (id, format, lang) => api('GET', `${base}/games/${id}/record?format=${format}&lang=${encodeURIComponent(lang)}`);
export const importRecord = (body) => api('POST', `${base}/import`, body);
export const listSaved = () => api('GET', '/api/games?kind=gomoku&limit=100&played=true');
export const deleteSaved = (id) => api('DELETE', `/api/games/${id}`);

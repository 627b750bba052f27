// The calls the Lianliankan page makes to the server (the server checks every rule).

import { api } from '/js/api.js';

export const levels = () => api('GET', '/api/link/levels');
export const newGame = (level) => api('POST', '/api/link/games', { level });
export const loadGame = (id) => api('GET', `/api/link/games/${id}`);
export const act = (game, action, extra = {}) =>
  api('POST', `/api/link/games/${game.id}/actions`, { revision: game.revision, action, ...extra });
export const enterLeaderboard = (game, name) => api('POST', `/api/link/games/${game.id}/leaderboard`, { name });
export const reach = (game, [x, y], to = null) => api('GET', `/api/link/games/${game.id}/reach?x=${x}&y=${y}${to ? `&to_x=${to[0]}&to_y=${to[1]}` : ''}`);

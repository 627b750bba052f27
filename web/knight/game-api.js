// The calls the knight's tour page makes to the server (the server checks every move).

import { api } from '/js/api.js';

export const newGame = (cols, rows, start, closed) => api('POST', '/api/knight/games', { cols, rows, start, closed });
export const loadGame = (id) => api('GET', `/api/knight/games/${id}`);
export const move = (game, to) => api('POST', `/api/knight/games/${game.id}/move`, { revision: game.revision, to });
export const undo = (game) => api('POST', `/api/knight/games/${game.id}/undo`, { revision: game.revision });
export const hint = (game) => api('POST', `/api/knight/games/${game.id}/hint`, { revision: game.revision });
export const enterLeaderboard = (game, name) => api('POST', `/api/knight/games/${game.id}/leaderboard`, { name });
/** A whole tour from the start square; the game is then marked assisted (never ranked). */
export const solve = (game) => api('POST', `/api/knight/games/${game.id}/solve`, { revision: game.revision });

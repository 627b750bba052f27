// The calls the tromino page makes to the server (the server checks every rule).

import { api } from '/js/api.js';

export const newGame = (size, missing) => api('POST', '/api/tromino/games', { size, missing });
export const loadGame = (id) => api('GET', `/api/tromino/games/${id}`);
export const place = (game, piece) => api('POST', `/api/tromino/games/${game.id}/place`, { revision: game.revision, ...piece });
export const undo = (game) => api('POST', `/api/tromino/games/${game.id}/undo`, { revision: game.revision });
export const hint = (game) => api('POST', `/api/tromino/games/${game.id}/hint`, { revision: game.revision });
export const enterLeaderboard = (game, name) => api('POST', `/api/tromino/games/${game.id}/leaderboard`, { name });
/** The divide-and-conquer steps for this board; the game is then marked assisted (never ranked). */
export const demo = (game) => api('POST', `/api/tromino/games/${game.id}/demo`, { revision: game.revision });

// Seats and invitations, the same for every two-sided game: which seat this browser's player
// holds, whether a seat is still open, joining from an invitation link, the link to send, and
// the names of the players seated.

import { api } from './api.js';
import { displayName } from './shell.js';

const holderId = (seat) => (seat && seat.holder && seat.holder.player) || null;

/**
 * What a game's seats mean for player `myId`: `mine` (the one seat it holds in a game against
 * someone else, else null), `open` (a seat waits for a friend), `friend` (two players, or one and
 * an open seat), `watching` (it holds no seat: it may only watch).
 */
export function seatsFor(game, myId) {
  const seats = (game && game.seats) || [];
  const ids = new Set(seats.map(holderId).filter(Boolean));
  const open = seats.some((s) => s.holder === 'open');
  const held = seats.filter((s) => holderId(s) === myId);
  const friend = open || ids.size > 1;
  return {
    mine: friend && held.length === 1 ? held[0].seat : null,
    open,
    friend,
    watching: Boolean(seats.length && myId && !held.length),
    holder: (seat) => {
      const s = seats.find((x) => x.seat === seat);
      if (!s) return null;
      if (s.holder === 'open') return { open: true };
      if (holderId(s)) return { player: holderId(s), me: holderId(s) === myId };
      return { engine: s.holder.engine };
    },
  };
}

/**
 * Takes the seat of the invitation in the page's address (`?invite=`), once: the secret is removed
 * from the address first. Resolves to the seat taken (`{id, seat}`), or null when there is none;
 * rejects with the server's error (an invitation used or unknown, one's own).
 */
export async function joinFromLink() {
  const params = new URLSearchParams(location.search);
  const secret = params.get('invite');
  if (!secret) return null;
  params.delete('invite');
  const rest = params.toString();
  history.replaceState(null, '', rest ? `?${rest}` : location.pathname);
  return api('POST', `/api/invitations/${encodeURIComponent(secret)}`, {});
}

/** Aborts game `game` (before both players have moved); the game as listed afterwards. */
export function abortGame(game) {
  return api('POST', `/api/games/${game.id}/abort`, { revision: game.revision });
}

/** A fresh invitation link to the open seat of game `id`, as a full URL to send. */
export async function invitationLink(id) {
  const invitation = await api('POST', `/api/games/${id}/invitation`, {});
  return location.origin + invitation.path;
}

const names = new Map();

/** The display name of player `id` (… until known; `onLoad` is called when it arrives). */
export function playerName(id, onLoad) {
  if (!names.has(id)) {
    names.set(id, null);
    api('GET', `/api/players/${id}`).then((p) => { names.set(id, displayName(p)); onLoad(); }, () => {});
  }
  return names.get(id) || '…';
}

// Seats, invitations and rematches, the same for every two-sided game: which seat this browser's
// player holds, whether a seat is still open, joining from an invitation link, the link to send,
// the names of the players seated, and the rematch controls.

import { api } from './api.js';
import { displayName } from './shell.js';
import { registerStrings, t } from './i18n.js';

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

registerStrings({
  'zh-CN': {
    'live.rematch': '再来一局（交换先后手）',
    'live.rematch_offered': '已提出再来一局，等待对手回应……',
    'live.rematch_asked': '对手提出再来一局（交换先后手）。',
    'live.accept': '接受',
    'live.decline': '拒绝',
    'live.withdraw': '撤回',
    'live.private': '不公开（只有双方可以观看）',
    'live.online': '在线',
    'live.away': '暂时离开',
    'live.offline': '离线',
    'live.spectators': '{n} 人观战',
    'live.opponent_left': '对手已离开对局，{seconds} 秒后可以判你胜。',
    'live.claim_now': '对手已离开对局。',
    'live.claim': '判我胜（对手弃局）',
    'error.opponent_present': '对手还在对局页面上。',
    'error.too_early_to_claim': '对手刚离开，请稍等再申请判胜。',
    'error.claim_needs_opponent': '只有与其他玩家的对局才能申请判胜。',
    'error.private_game': '这盘棋不公开：只有对局双方可以观看。',
    'error.own_rematch_offer': '这是你自己提出的再来一局，要由对手回应。',
    'error.rematch_started': '再来一局已经开始了。',
    'error.no_rematch_offer': '没有待回应的再来一局邀请。',
    'error.game_not_over': '对局结束后才能再来一局。',
    'error.rematch_needs_opponent': '再来一局只在两位玩家之间。',
  },
  en: {
    'live.rematch': 'Rematch (colours swapped)',
    'live.rematch_offered': 'Rematch offered: waiting for your opponent…',
    'live.rematch_asked': 'Your opponent offers a rematch (colours swapped).',
    'live.accept': 'Accept',
    'live.decline': 'Decline',
    'live.withdraw': 'Withdraw',
    'live.private': 'Private (only the two of you can watch)',
    'live.online': 'online',
    'live.away': 'away',
    'live.offline': 'offline',
    'live.spectators': '{n} watching',
    'live.opponent_left': 'Your opponent left the game: you may claim the win in {seconds} s.',
    'live.claim_now': 'Your opponent left the game.',
    'live.claim': 'Claim the win',
    'error.opponent_present': 'Your opponent still has the game open.',
    'error.too_early_to_claim': 'Your opponent only just left: wait a little before claiming.',
    'error.claim_needs_opponent': 'Only a game against another player can be claimed.',
    'error.private_game': 'This game is private: only its two players can watch it.',
    'error.own_rematch_offer': 'This rematch offer is yours: your opponent answers it.',
    'error.rematch_started': 'The rematch has already started.',
    'error.no_rematch_offer': 'No rematch has been offered.',
    'error.game_not_over': 'A rematch is offered once the game is over.',
    'error.rematch_needs_opponent': 'A rematch is between two players.',
  },
});

/**
 * The rematch controls of a two-sided page, in `container` (an empty element): after a finished
 * game between two players, a button offers a rematch; the opponent sees the offer with Accept
 * and Decline; the offerer may withdraw it. `current()` is the game shown, `me()` this player's
 * id; `onStarted(id)` is called when the rematch game `id` starts (the page opens it),
 * `onError(err)` when the server refuses. Call `update()` after every change of the game.
 */
export function mountRematch(container, { current, me, onStarted, onError }) {
  container.classList.add('rematch');
  const text = document.createElement('p');
  const row = document.createElement('div');
  row.className = 'invite-row';
  const button = (key, action, primary = false) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = primary ? 'button primary' : 'button';
    b.dataset.key = key;
    b.addEventListener('click', async () => {
      const game = current();
      try {
        const answer = await api('POST', `/api/games/${game.id}/rematch`, { revision: game.revision, action });
        if (answer.status === 'accepted') onStarted(answer.game);
      } catch (err) { onError(err); }
    });
    row.append(b);
    return b;
  };
  const offer = button('live.rematch', 'offer', true);
  const accept = button('live.accept', 'accept', true);
  const decline = button('live.decline', 'decline');
  container.append(text, row);
  let seen = null;
  const update = () => {
    const game = current();
    const myId = me();
    const seats = seatsFor(game, myId);
    const link = game && game.rematch;
    const shown = Boolean(game && game.status === 'finished' && seats.mine && !(link && link.accepted));
    container.hidden = !shown;
    // A rematch accepted while this page watched the game: go to it.
    if (link && link.accepted && seen && seen.id === game.id && seen.pending) onStarted(link.game);
    seen = game && { id: game.id, pending: Boolean(link && !link.accepted) };
    if (!shown) return;
    const mine = Boolean(link && link.offered_by === myId);
    const theirs = Boolean(link && !mine);
    text.hidden = !link;
    text.textContent = mine ? t('live.rematch_offered') : theirs ? t('live.rematch_asked') : '';
    offer.hidden = Boolean(link);
    accept.hidden = !theirs;
    decline.hidden = !link;
    decline.dataset.key = mine ? 'live.withdraw' : 'live.decline';
    for (const b of [offer, accept, decline]) b.textContent = t(b.dataset.key);
  };
  return { update };
}

/** A seated player's presence (`{state}` from the game's socket) in words, or '' when unknown. */
export function presenceText(status) {
  return status ? t(`live.${status.state}`) : '';
}

/**
 * The claim control of a two-sided page, in `container` (an empty element): while the opponent
 * of this player has had no page of the game open, it counts down the claim time and then offers
 * to claim the win. `presence()` is the last report of the game's socket (with `at`, when it
 * arrived); `onClaimed(game)` gets the game after a claim, `onError(err)` a refusal.
 */
export function mountClaim(container, { current, me, presence, onClaimed, onError }) {
  const text = document.createElement('p');
  const claim = document.createElement('button');
  claim.type = 'button';
  claim.className = 'button primary';
  claim.addEventListener('click', async () => {
    const game = current();
    try { onClaimed(await api('POST', `/api/games/${game.id}/claim`, { revision: game.revision })); } catch (err) { onError(err); }
  });
  container.append(text, claim);
  const update = () => {
    const game = current();
    const report = presence();
    const myId = me();
    const seats = seatsFor(game, myId);
    const opponent = game && seats.mine && (game.seats || []).map(holderId).find((id) => id && id !== myId);
    const status = report && opponent ? report.players[opponent] : null;
    const gone = status && status.state === 'offline' ? status.gone_ms + (performance.now() - report.at) : null;
    container.hidden = !(game && game.status === 'ongoing' && gone !== null);
    if (container.hidden) return;
    const left = Math.ceil((report.claim_after_ms - gone) / 1000);
    text.textContent = left > 0 ? t('live.opponent_left', { seconds: left }) : t('live.claim_now');
    claim.textContent = t('live.claim');
    claim.hidden = left > 0;
  };
  setInterval(update, 500);
  return { update };
}

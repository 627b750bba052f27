// Watching the saved game a page shows: the server says over a WebSocket
// (GET /api/games/{id}/events) whenever the game changes, from another tab or another device, and
// the page reloads it instead of finding out later with a 409 "stale".

/** How long after a change the page looks at its own revision: its own answer lands first. */
const SETTLE_MS = 400;
/** How long to wait before watching again after the connection dropped. */
const RETRY_MS = 3000;

/**
 * Watches game `id`. `onChange(revision)` is called when the saved game is newer than
 * `current()` (the page's revision), and `onChange(null)` when it was deleted: at once for a
 * change another player made (`self()` is this page's player id), after a short settling time for
 * this player's own changes (another tab's, or this page's answer still on its way).
 * `onPresence(report)` gets who has the game open (see events.rs). The page tells the server
 * when it is hidden or shown. A dropped connection is opened again; its first message says where
 * the game stands, so a page that missed changes reloads. Returns a function that stops watching.
 */
export function watchGame(id, { current, onChange, self = () => null, onPresence = () => {} }) {
  let socket = null;
  let settle = null;
  let retry = null;
  let stopped = false;
  const tellVisibility = () => {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ hidden: document.visibilityState === 'hidden' }));
    }
  };
  document.addEventListener('visibilitychange', tellVisibility);
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/events`);
    socket.addEventListener('open', () => { if (document.visibilityState === 'hidden') tellVisibility(); });
    socket.addEventListener('message', (event) => {
      let change = null;
      try { change = JSON.parse(event.data); } catch { return; }
      if (change.presence) { onPresence(change.presence); return; }
      clearTimeout(settle);
      const report = () => {
        if (stopped) return;
        if (change.revision === null) onChange(null);
        else if (change.revision > current()) onChange(change.revision);
      };
      const someoneElse = change.by && self() && change.by !== self();
      if (someoneElse) report();
      else settle = setTimeout(report, SETTLE_MS);
    });
    socket.addEventListener('close', () => {
      if (!stopped) retry = setTimeout(open, RETRY_MS);
    });
  };
  open();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', tellVisibility);
    clearTimeout(settle);
    clearTimeout(retry);
    socket.close();
  };
}

/** Keeps one watch at a time: `follow(id, handlers)` watches a new game and stops the last. */
export function createWatcher() {
  let watched = null;
  let stop = () => {};
  return {
    follow(id, handlers) {
      if (id === watched) return;
      stop();
      watched = id;
      stop = id === null ? () => {} : watchGame(id, handlers);
    },
  };
}

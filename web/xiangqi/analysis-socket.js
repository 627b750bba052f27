// The analysis board's connection to the server (GET /api/xiangqi/analysis, described in
// crates/server/src/api/xiangqi/analysis.rs): the page says what it shows, whole, whenever that
// changes; the socket tags each ask with a number and passes on only the answers to the latest.
// It reconnects by itself (waiting longer after each failure) and asks again once connected.

const RETRY_MS = [500, 1000, 2000, 5000, 10000];

export class AnalysisSocket {
  /** `onMessage(message)` gets the answers to the latest ask; `onConnection(open)` is told when
   * the connection opens or drops. */
  constructor({ onMessage, onConnection }) {
    this.onMessage = onMessage;
    this.onConnection = onConnection;
    this.seq = 0;
    this.wanted = null;
    this.socket = null;
    this.failures = 0;
    this.connect();
  }

  /** Asks for `wanted` ({fen, moves, analyse, lines, record}); returns the ask's number. */
  ask(wanted) {
    this.seq += 1;
    this.wanted = { ...wanted, seq: this.seq };
    this.send();
    return this.seq;
  }

  /** Whether answers to the ask `seq` are still wanted. */
  current(seq) {
    return seq === this.seq;
  }

  get open() {
    return Boolean(this.socket) && this.socket.readyState === WebSocket.OPEN;
  }

  send() {
    if (this.open && this.wanted) this.socket.send(JSON.stringify(this.wanted));
  }

  connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/api/xiangqi/analysis`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.failures = 0;
      this.onConnection(true);
      this.send();
    });
    socket.addEventListener('message', (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.seq === this.seq || message.seq === 0) this.onMessage(message);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.onConnection(false);
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      this.failures += 1;
      setTimeout(() => this.connect(), wait);
    });
  }
}

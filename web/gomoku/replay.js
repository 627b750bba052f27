// Stepping through a game's moves: first, back, forward, last, a scrubber, and autoplay at a
// chosen speed. It owns only the cursor; the page draws the board for the moves it reports.

import { t } from '/js/i18n.js';

const PLAY_ICON = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M8 5v14l11-7z" fill="currentColor"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor"/></svg>';

export const SPEEDS = { slow: 1600, normal: 800, fast: 300 };

export class Replay {
  /** `root` holds the controls; `show(k)` draws the first k moves. */
  constructor(root, show) {
    this.root = root;
    this.show = show;
    this.total = 0;
    this.k = 0;
    this.timer = null;
    this.$ = (sel) => root.querySelector(sel);
    this.$('#gm-rp-first').addEventListener('click', () => this.go(0));
    this.$('#gm-rp-prev').addEventListener('click', () => this.go(this.k - 1));
    this.$('#gm-rp-next').addEventListener('click', () => this.go(this.k + 1));
    this.$('#gm-rp-last').addEventListener('click', () => this.go(this.total));
    this.$('#gm-rp-play').addEventListener('click', () => (this.timer ? this.pause() : this.play()));
    this.$('#gm-rp-scrub').addEventListener('input', (e) => this.go(Number(e.target.value)));
    this.$('#gm-rp-speed').addEventListener('change', () => { if (this.timer) { this.pause(); this.play(); } });
  }

  /** Starts replaying a game of `total` moves at move `k`. */
  open(total, k = 0) {
    this.pause();
    this.total = total;
    this.$('#gm-rp-scrub').max = String(total);
    this.go(k);
  }

  go(k) {
    this.k = Math.max(0, Math.min(this.total, k));
    this.$('#gm-rp-scrub').value = String(this.k);
    this.label();
    this.show(this.k);
  }

  play() {
    if (this.k >= this.total) this.go(0);
    const ms = SPEEDS[this.$('#gm-rp-speed').value] || SPEEDS.normal;
    this.timer = setInterval(() => {
      if (this.k >= this.total) { this.pause(); return; }
      this.go(this.k + 1);
    }, ms);
    this.label();
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.label();
  }

  /** Redraws the texts (position, play/pause) in the current language. */
  label() {
    this.$('#gm-rp-pos').textContent = t('gm.replay.position', { k: this.k, n: this.total });
    const button = this.$('#gm-rp-play');
    button.innerHTML = this.timer ? PAUSE_ICON : PLAY_ICON;
    button.title = t(this.timer ? 'gm.replay.pause' : 'gm.replay.play');
    button.setAttribute('aria-label', button.title);
    button.classList.toggle('playing', !!this.timer);
  }
}

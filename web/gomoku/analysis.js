// The analysis view beside the board: for the position shown (the live game or a replayed move),
// the engine's best moves with their scores (numbered on the board), each side's threat points
// (five, four, open three) and each side's forced win (VCF/VCT), which the player steps through
// on the board move by move. It owns its card; the page draws the board with `overlay()`.

import { t } from '/js/i18n.js';
import { coordName } from './board.js';

/** How a score reads: a forced win or loss in plies, else the engine's points. */
function scoreText(line) {
  if (line.win_in != null) {
    return t(line.win_in > 0 ? 'gm.analysis.wins_in' : 'gm.analysis.loses_in', { n: Math.abs(line.win_in) });
  }
  return (line.score > 0 ? '+' : '') + line.score;
}

export class AnalysisPanel {
  /**
   * `root`: the card. `hooks`: `position()` → `{game, ply}` shown now, or null when analysis is
   * not offered; `request(game, ply, lines)` → the server's analysis; `redraw()` draws the
   * board again; `explain(err)` words an error.
   */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.result = null;   // {id, ply, data}
    this.pending = null;  // {id, ply} being analysed
    this.error = null;
    this.stepping = null; // {side, k}: a forced win shown up to its k-th move
    this.$ = (sel) => root.querySelector(sel);
    this.$('#gm-analyse').addEventListener('click', () => this.run());
    this.$('#gm-threats').addEventListener('change', () => this.hooks.redraw());
    this.$('#gm-an-prev').addEventListener('click', () => this.step(-1));
    this.$('#gm-an-next').addEventListener('click', () => this.step(1));
    this.$('#gm-an-stop').addEventListener('click', () => { this.stepping = null; this.changed(); });
  }

  /** The analysis of the position shown, if it is there. */
  current() {
    const at = this.hooks.position();
    const r = this.result;
    return at && r && r.id === at.game.id && r.ply === at.ply ? r.data : null;
  }

  async run() {
    const at = this.hooks.position();
    if (!at || this.pending) return;
    this.pending = { id: at.game.id, ply: at.ply };
    this.error = null;
    this.stepping = null;
    this.render();
    try {
      const data = await this.hooks.request(at.game, at.ply, Number(this.$('#gm-an-count').value));
      this.result = { id: at.game.id, ply: at.ply, data };
    } catch (err) {
      this.error = this.hooks.explain(err);
    }
    this.pending = null;
    this.changed();
  }

  step(delta) {
    const data = this.current();
    if (!this.stepping || !data) return;
    const line = data.wins[this.stepping.side].line;
    this.stepping.k = Math.max(0, Math.min(line.length, this.stepping.k + delta));
    this.changed();
  }

  changed() {
    this.render();
    this.hooks.redraw();
  }

  /**
   * What the board shows on top of the position: `extra` stones ({x, y, color, n}: a forced win
   * stepped through, numbered from 1) and `marks` ({x, y, text, kind}: the best moves, the
   * threats).
   */
  overlay() {
    const data = this.current();
    if (!data) return { extra: [], marks: [] };
    if (this.stepping) {
      const { side, k } = this.stepping;
      const other = side === 'black' ? 'white' : 'black';
      const extra = data.wins[side].line.slice(0, k)
        .map(([x, y], i) => ({ x, y, color: i % 2 === 0 ? side : other, n: i + 1 }));
      return { extra, marks: [] };
    }
    const marks = data.lines.map((l, i) => ({ x: l.point[0], y: l.point[1], text: String(i + 1), kind: 'best' }));
    if (this.$('#gm-threats').checked) {
      for (const side of ['black', 'white']) {
        for (const [kind, text] of [['five', '5'], ['four', '4'], ['three', '3']]) {
          for (const [x, y] of data.threats[side][kind]) marks.push({ x, y, text, kind: `threat-${side}` });
        }
      }
    }
    return { extra: [], marks };
  }

  /** Shows or hides the card for the position shown, and fills it. */
  render() {
    const at = this.hooks.position();
    this.root.hidden = !at;
    if (!at) return;
    const data = this.current();
    if (!data) this.stepping = null;
    const size = at.game.size;
    const name = ([x, y]) => coordName(x, y, size);
    this.$('#gm-analyse').disabled = Boolean(this.pending);
    const status = this.$('#gm-an-status');
    if (this.pending) status.textContent = t('gm.analysis.running');
    else if (this.error) status.textContent = this.error;
    else if (data) {
      status.textContent = t('gm.analysis.done', {
        ply: data.ply, side: t(data.to_move === 'black' ? 'gm.black' : 'gm.white'), depth: data.depth,
      });
    } else status.textContent = t('gm.analysis.idle', { ply: at.ply });
    status.classList.toggle('error', Boolean(this.error) && !this.pending);

    const lines = this.$('#gm-an-lines');
    lines.replaceChildren();
    for (const line of data ? data.lines : []) {
      const li = document.createElement('li');
      li.innerHTML = '<span class="pt"></span> <span class="score"></span>';
      li.querySelector('.pt').textContent = name(line.point);
      li.querySelector('.score').textContent = scoreText(line);
      lines.append(li);
    }
    lines.hidden = !data || !data.lines.length;

    const wins = this.$('#gm-an-wins');
    wins.replaceChildren();
    if (data) {
      for (const side of [data.to_move, data.to_move === 'black' ? 'white' : 'black']) {
        const win = data.wins[side];
        const row = document.createElement('p');
        row.className = 'gm-an-win';
        row.dataset.side = side;
        const sideName = t(side === 'black' ? 'gm.black' : 'gm.white');
        const moving = side === data.to_move;
        if (!win) {
          row.textContent = t('gm.analysis.no_win', { side: sideName });
        } else {
          const text = document.createElement('span');
          text.textContent = t(moving ? 'gm.analysis.win' : 'gm.analysis.threat', {
            side: sideName, kind: win.kind.toUpperCase(), n: (win.line.length + 1) / 2,
            line: win.line.map(name).join(' '),
          });
          const show = document.createElement('button');
          show.type = 'button';
          show.className = 'button small';
          show.textContent = t('gm.analysis.step');
          show.addEventListener('click', () => { this.stepping = { side, k: 1 }; this.changed(); });
          row.append(text, ' ', show);
        }
        wins.append(row);
      }
    }
    const steps = this.$('#gm-an-steps');
    steps.hidden = !this.stepping || !data;
    this.$('#gm-an-stop-row').hidden = steps.hidden;
    if (this.stepping && data) {
      const line = data.wins[this.stepping.side].line;
      this.$('#gm-an-pos').textContent = t('gm.analysis.step_pos', { k: this.stepping.k, n: line.length });
      this.$('#gm-an-prev').disabled = this.stepping.k === 0;
      this.$('#gm-an-next').disabled = this.stepping.k === line.length;
    }
  }
}

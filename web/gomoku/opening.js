// The opening rule's step beside the board (Swap, Swap2, Taraguchi-10): who puts the next stone
// and where, who chooses and the buttons to choose with, the fifth moves offered; and what the
// board shows for it (the central square a stone must stand in, the offered points).

import { t } from '/js/i18n.js';

const sideName = (side) => t(side === 'black' ? 'gm.black' : 'gm.white');

/** The step of `g`'s opening in words, or '' when it has none or it is over. */
export function openingText(g) {
  const o = g && g.opening;
  if (!o || o.step === 'play') return '';
  const rule = t(`gm.opening.name.${o.rule}`);
  const by = sideName(o.by);
  switch (o.step) {
    case 'place': {
      const n = g.moves.length + 1;
      const color = t(n % 2 === 1 ? 'gm.stone.black' : 'gm.stone.white');
      const where = o.within ? ` ${t('gm.opening.within', { side: o.within })}` : '';
      return t('gm.opening.place', { rule, by, n, color }) + where;
    }
    case 'decide':
      return t('gm.opening.decide', { rule, by, options: o.options.map((d) => t(`gm.opening.option.${d}`)).join(' / ') });
    case 'offer':
      return t('gm.opening.offer', { rule, k: o.offered.length, n: o.offers });
    default:
      return t('gm.opening.pick', { rule });
  }
}

/**
 * Fills `box` for `g`'s opening (the step itself is the page's status line): the decisions taken,
 * and a button per option when `mayDecide` (this player makes the choice); `onDecide(decision)`
 * is called on a click.
 */
export function renderOpening(box, g, { mayDecide, onDecide }) {
  const o = g && g.opening;
  const choosing = Boolean(o) && o.step === 'decide' && mayDecide;
  box.hidden = !o || o.step === 'play' || (!choosing && !o.decisions.length);
  if (box.hidden) return;
  box.replaceChildren();
  if (o.decisions.length) {
    const done = document.createElement('p');
    done.className = 'gm-meta';
    const list = o.decisions.map((d) => t(`gm.opening.option.${d}`)).join(t('gm.list_separator'));
    done.textContent = t('gm.opening.decided', { list });
    box.append(done);
  }
  if (choosing) {
    const row = document.createElement('div');
    row.className = 'invite-row';
    for (const d of o.options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = d === 'stay' ? 'button' : 'primary';
      button.dataset.decision = d;
      button.textContent = t(`gm.opening.option.${d}`);
      button.addEventListener('click', () => onDecide(d));
      row.append(button);
    }
    box.append(row);
  }
}

/** What the board shows for the opening: the central square and the offered fifth moves. */
export function openingOverlay(g) {
  const o = g && g.opening;
  if (!o || o.step === 'play') return { region: null, marks: [] };
  const region = o.step === 'place' && o.within && o.within > 1 ? o.within : null;
  const marks = o.offered.map(([x, y], i) => ({ x, y, text: String(i + 1), kind: 'offer' }));
  return { region, marks };
}

// Tile faces drawn in SVG: twelve shapes in three styles (solid, outlined with a dot, solid with
// a hollow centre) give 36 faces that differ by shape and style alone, so colour is only an
// extra cue (Okabe–Ito colours, chosen to stay distinct for colour-blind players).

const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8a6d00', '#56B4E9', '#222222'];

function polygon(points) {
  return `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}"/>`;
}

function regular(n, r, turn = -Math.PI / 2, inner = null) {
  const points = [];
  const steps = inner ? 2 * n : n;
  for (let i = 0; i < steps; i++) {
    const a = turn + (i * 2 * Math.PI) / steps;
    const radius = inner && i % 2 === 1 ? inner : r;
    points.push([20 + radius * Math.cos(a), 20 + radius * Math.sin(a)]);
  }
  return polygon(points);
}

const PLUS = [[15, 6], [25, 6], [25, 15], [34, 15], [34, 25], [25, 25], [25, 34], [15, 34], [15, 25], [6, 25], [6, 15], [15, 15]];

/** The twelve shapes, each an SVG fragment in a 40 × 40 box. */
const SHAPES = [
  '<circle cx="20" cy="20" r="13.5"/>',
  '<rect x="8" y="8" width="24" height="24" rx="2"/>',
  polygon([[20, 5], [35, 32], [5, 32]]),
  polygon([[20, 4], [36, 20], [20, 36], [4, 20]]),
  regular(5, 16, -Math.PI / 2, 7),
  regular(6, 15, 0),
  polygon(PLUS),
  '<path d="M20 34 C5 24 5 10 13.5 8.5 C16.5 8 19 10 20 12.5 C21 10 23.5 8 26.5 8.5 C35 10 35 24 20 34 Z"/>',
  '<path d="M25 5 A15 15 0 1 0 25 35 A20 20 0 0 1 25 5 Z"/>',
  polygon([[5, 8], [35, 8], [20, 35]]),
  regular(5, 15),
  `<g transform="rotate(45 20 20)">${polygon(PLUS)}</g>`,
];

/** Names of the shapes and styles, for screen readers. */
export const FACE_STRINGS = {
  'zh-CN': {
    shapes: ['圆', '方块', '三角', '菱形', '星', '六边形', '十字', '心', '月牙', '倒三角', '五边形', '叉'],
    styles: ['实心', '空心带点', '实心带孔'],
  },
  en: {
    shapes: ['circle', 'square', 'triangle', 'diamond', 'star', 'hexagon', 'cross', 'heart', 'moon', 'down triangle', 'pentagon', 'saltire'],
    styles: ['solid', 'outlined', 'hollow'],
  },
};

/** The colour of a kind. */
export function faceColour(kind) {
  return COLOURS[kind % COLOURS.length];
}

/** The name of a kind's face in `lang`, e.g. "outlined star". */
export function faceName(kind, lang) {
  const names = FACE_STRINGS[lang] || FACE_STRINGS.en;
  const shape = names.shapes[kind % SHAPES.length];
  const style = names.styles[Math.floor(kind / SHAPES.length) % 3];
  const extra = kind >= 3 * SHAPES.length ? ` ${Math.floor(kind / (3 * SHAPES.length)) + 1}` : '';
  return lang === 'zh-CN' ? `${style}${shape}${extra}` : `${style} ${shape}${extra}`;
}

/** The face of a kind as an SVG <symbol> with id `face-<kind>`. */
export function faceSymbol(kind) {
  const shape = SHAPES[kind % SHAPES.length];
  const style = Math.floor(kind / SHAPES.length) % 3;
  const colour = faceColour(kind);
  let body;
  if (style === 0) {
    body = `<g fill="${colour}">${shape}</g>`;
  } else if (style === 1) {
    body = `<g fill="#fff" stroke="${colour}" stroke-width="3" stroke-linejoin="round">${shape}</g>`
      + `<circle cx="20" cy="20" r="3.5" fill="${colour}"/>`;
  } else {
    body = `<g fill="${colour}">${shape}</g>`
      + `<g fill="#fffdf8" transform="translate(20 20) scale(0.42) translate(-20 -20)">${shape}</g>`;
  }
  // Beyond 36 kinds (only boards from the command line have them) a number tells sets apart.
  const set = Math.floor(kind / (3 * SHAPES.length));
  const mark = set > 0
    ? `<text x="36" y="39" font-size="10" text-anchor="end" fill="#333">${set + 1}</text>`
    : '';
  return `<symbol id="face-${kind}" viewBox="0 0 40 40">${body}${mark}</symbol>`;
}

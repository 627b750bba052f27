// Tile faces drawn in SVG: 36 pictures of our own, each a different silhouette, so that kinds
// differ by picture alone and colour is only an extra cue (Okabe–Ito colours, chosen to stay
// distinct for colour-blind players).

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

const PLUS = [[15, 5], [25, 5], [25, 15], [35, 15], [35, 25], [25, 25], [25, 35], [15, 35], [15, 25], [5, 25], [5, 15], [15, 15]];

/** A white detail drawn over a silhouette (a door, an eye, a vein). */
const WHITE = 'fill="#fffdf8"';
/** A line in the tile's colour (a handle, a ray). */
const line = (d, width = 3.5) => `<path d="${d}" fill="none" stroke="currentColor" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const circle = (cx, cy, r, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" ${extra}/>`;

const RAYS = Array.from({ length: 8 }, (_, i) => {
  const a = (i * Math.PI) / 4;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  return `M${(20 + 12.5 * c).toFixed(1)} ${(20 + 12.5 * s).toFixed(1)} L${(20 + 18 * c).toFixed(1)} ${(20 + 18 * s).toFixed(1)}`;
}).join(' ');
const PETALS = Array.from({ length: 5 }, (_, i) => {
  const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
  return circle((20 + 9.5 * Math.cos(a)).toFixed(1), (20 + 9.5 * Math.sin(a)).toFixed(1), 7.5);
}).join('');

/**
 * The 36 pictures, each an SVG fragment in a 40 × 40 box drawn in `currentColor`: every one a
 * different silhouette (no filled and outlined pair of one shape, no shape told apart by colour
 * alone), so that a board of 36 kinds reads without colour; the colour is an extra cue.
 */
const SHAPES = [
  circle(20, 20, 14),
  '<rect x="7" y="7" width="26" height="26" rx="3"/>',
  polygon([[20, 4], [37, 34], [3, 34]]),
  polygon([[20, 3], [34, 20], [20, 37], [6, 20]]),
  regular(5, 18, -Math.PI / 2, 7.5),
  polygon(PLUS),
  '<path d="M20 35 C4 24 4 10 13 8.5 C16.5 8 19 10 20 12.5 C21 10 23.5 8 27 8.5 C36 10 36 24 20 35 Z"/>',
  '<path d="M25 4 A16 16 0 1 0 25 36 A20 20 0 0 1 25 4 Z"/>',
  polygon([[24, 2], [7, 23], [18, 23], [14, 38], [33, 15], [22, 15], [28, 2]]),
  '<path d="M20 3 C16 10 8 18 8 25 A12 12 0 0 0 32 25 C32 18 24 10 20 3 Z"/>',
  `<path d="M5 35 C5 14 17 5 35 5 C35 25 25 35 5 35 Z"/><path d="M9 31 L29 11" ${WHITE} stroke="#fffdf8" stroke-width="2.2"/>`,
  `${polygon([[20, 3], [37, 18], [32, 18], [32, 36], [8, 36], [8, 18], [3, 18]])}<rect x="16.5" y="25" width="7" height="11" ${WHITE}/>`,
  polygon([[3, 14], [21, 14], [21, 5], [37, 20], [21, 35], [21, 26], [3, 26]]),
  polygon([[4, 33], [4, 10], [13, 20], [20, 6], [27, 20], [36, 10], [36, 33]]),
  `${PETALS}${circle(20, 20, 4.5, WHITE)}`,
  `${circle(20, 20, 9)}${line(RAYS, 3.2)}`,
  `${circle(13, 25, 8)}${circle(22, 18, 10)}${circle(30, 25, 7)}<rect x="12" y="24" width="18" height="9" rx="4"/>`,
  polygon([[7, 3], [33, 3], [33, 8], [23, 20], [33, 32], [33, 37], [7, 37], [7, 32], [17, 20], [7, 8]]),
  `<path d="M3 21 A17 17 0 0 1 37 21 Z"/>${line('M20 20 L20 33 A3.5 3.5 0 0 1 13 33')}`,
  `<path d="M20 3 C12 3 10 11 10 18 L10 26 L4 32 L36 32 L30 26 L30 18 C30 11 28 3 20 3 Z"/>${circle(20, 35, 3.5)}`,
  `${circle(12, 20, 9)}${circle(12, 20, 3.5, WHITE)}<rect x="19" y="17" width="18" height="6"/><rect x="30" y="22" width="4" height="8"/><rect x="24" y="22" width="3.5" height="6"/>`,
  `<ellipse cx="14" cy="30" rx="8" ry="6"/><rect x="18.5" y="5" width="4" height="25"/><path d="M22 5 C29 8 33 12 32 21 C30 16 26 14 22 13 Z"/>`,
  `${circle(20, 10, 7)}${circle(10, 28, 7)}${circle(30, 28, 7)}`,
  regular(4, 19, -Math.PI / 2, 5),
  '<path d="M20 3 C14 11 4 16 4 24 C4 31 11 33 16 28 L13 37 L27 37 L24 28 C29 33 36 31 36 24 C36 16 26 11 20 3 Z"/>',
  `${circle(20, 12, 7.5)}${circle(11, 24, 7.5)}${circle(29, 24, 7.5)}${polygon([[18, 22], [22, 22], [26, 37], [14, 37]])}`,
  `<path d="M3 20 C10 9 24 9 29 20 C24 31 10 31 3 20 Z"/>${polygon([[26, 20], [38, 10], [38, 30]])}${circle(11, 18, 2.3, WHITE)}`,
  polygon([[20, 2], [31, 15], [26, 15], [34, 27], [23, 27], [23, 38], [17, 38], [17, 27], [6, 27], [14, 15], [9, 15]]),
  `<rect x="5" y="9" width="22" height="26" rx="3"/>${line('M27 15 C36 15 36 29 27 29', 4)}`,
  `<rect x="6" y="3" width="4" height="35" rx="1.5"/>${polygon([[10, 4], [36, 12.5], [10, 21]])}`,
  '<path d="M20 3 L36 9 C36 24 30 32 20 37 C10 32 4 24 4 9 Z"/>',
  `${polygon([[20, 2], [36, 29], [4, 29]])}${polygon([[20, 38], [4, 11], [36, 11]])}`,
  '<rect x="4" y="8" width="32" height="9" rx="2.5"/><rect x="4" y="23" width="32" height="9" rx="2.5"/>',
  `<rect x="7" y="17" width="26" height="20" rx="3"/>${line('M13 17 L13 12 A7 7 0 0 1 27 12 L27 17', 4)}${circle(20, 26, 3.2, WHITE)}`,
  line('M5 21 L15 31 L35 8', 7),
  `<path d="M2 20 C10 8 30 8 38 20 C30 32 10 32 2 20 Z"/>${circle(20, 20, 7.5, WHITE)}${circle(20, 20, 3.8)}`,
];

/** Names of the pictures, for screen readers. */
export const FACE_STRINGS = {
  'zh-CN': [
    '圆', '方块', '三角', '菱形', '五角星', '十字', '心', '月牙', '闪电', '水滴', '叶子', '房子',
    '箭头', '皇冠', '花', '太阳', '云', '沙漏', '伞', '铃铛', '钥匙', '音符', '三个点', '四角星',
    '黑桃', '梅花', '鱼', '松树', '杯子', '旗', '盾牌', '六角星', '等号', '锁', '对勾', '眼睛',
  ],
  en: [
    'circle', 'square', 'triangle', 'diamond', 'star', 'cross', 'heart', 'moon', 'lightning', 'drop', 'leaf', 'house',
    'arrow', 'crown', 'flower', 'sun', 'cloud', 'hourglass', 'umbrella', 'bell', 'key', 'note', 'three dots', 'sparkle',
    'spade', 'club', 'fish', 'pine tree', 'cup', 'flag', 'shield', 'hexagram', 'equals', 'lock', 'tick', 'eye',
  ],
};

/** How many kinds have a picture of their own; kinds beyond repeat them with a set number. */
export const PICTURES = SHAPES.length;

/** The colour of a kind. */
export function faceColour(kind) {
  return COLOURS[kind % COLOURS.length];
}

/** The name of a kind's face in `lang`, e.g. "lightning" (with its set number beyond 36 kinds). */
export function faceName(kind, lang) {
  const names = FACE_STRINGS[lang] || FACE_STRINGS.en;
  const set = Math.floor(kind / PICTURES);
  return `${names[kind % PICTURES]}${set > 0 ? ` ${set + 1}` : ''}`;
}

/** The face of a kind as an SVG <symbol> with id `face-<kind>`. */
export function faceSymbol(kind) {
  const body = `<g fill="currentColor" color="${faceColour(kind)}">${SHAPES[kind % PICTURES]}</g>`;
  // Beyond 36 kinds (only boards from the command line have them) a number tells sets apart.
  const set = Math.floor(kind / PICTURES);
  const mark = set > 0
    ? `<text x="36" y="39" font-size="10" text-anchor="end" fill="#333">${set + 1}</text>`
    : '';
  return `<symbol id="face-${kind}" viewBox="0 0 40 40">${body}${mark}</symbol>`;
}

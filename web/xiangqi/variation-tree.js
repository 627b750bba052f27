// The moves of an analysis board as a tree: from every position the first child is the main
// line, the others are side lines (变着). Plain data and pure operations, so that the page and
// the tests share them.

let nextId = 1;

/** A position of the tree: the move that led to it (null at the root) with its notation. */
function node(parent, move) {
  return { id: nextId++, parent, move, children: [] };
}

export class VariationTree {
  /** A tree from `startFen` whose main line is `moves` (each as the server describes a move:
   * {iccs, chinese, wxf, fen, number, side, check}). */
  constructor(startFen, moves = []) {
    this.startFen = startFen;
    this.root = node(null, null);
    let at = this.root;
    for (const move of moves) at = this.add(at, move);
  }

  /** The child of `parent` reached by `move`: the existing one when that move was played
   * before, else a new last side line. */
  add(parent, move) {
    const known = parent.children.find((child) => child.move.iccs === move.iccs);
    if (known) return known;
    const child = node(parent, move);
    parent.children.push(child);
    return child;
  }

  /** The nodes from the first move to `at`. */
  path(at) {
    const nodes = [];
    for (let n = at; n && n.parent; n = n.parent) nodes.unshift(n);
    return nodes;
  }

  /** The moves from the start to `at`, in ICCS. */
  moves(at) {
    return this.path(at).map((n) => n.move.iccs);
  }

  /** The FEN of the position at `at`. */
  fen(at) {
    return at.move ? at.move.fen : this.startFen;
  }

  /** How many plies `at` is from the start. */
  ply(at) {
    return this.path(at).length;
  }

  /** The main-line continuation of `at` (its first child), or null. */
  next(at) {
    return at.children[0] || null;
  }

  /** The last position of the line through `at` (following first children). */
  end(at) {
    let n = at;
    while (n.children.length) [n] = n.children;
    return n;
  }

  /** Whether `at` lies on the main line from the start. */
  onMainLine(at) {
    for (let n = at; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** Makes the line through `at` one step more important: at the nearest fork above it where
   * it is a side line, it becomes that fork's first choice. Returns whether anything moved. */
  promote(at) {
    for (let n = at; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      const index = siblings.indexOf(n);
      if (index > 0) {
        siblings.splice(index, 1);
        siblings.splice(index - 1, 0, n);
        return true;
      }
    }
    return false;
  }

  /** Removes `at` and everything after it; returns the position to show instead (its parent).
   * The root stays. */
  remove(at) {
    if (!at.parent) return at;
    const siblings = at.parent.children;
    siblings.splice(siblings.indexOf(at), 1);
    return at.parent;
  }
}

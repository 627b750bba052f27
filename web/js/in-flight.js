// One action at a time. While an action a page sent is in flight, further calls are ignored: a
// double click would otherwise send the same move twice and show the refusal of the second.

/**
 * Wraps `action` (a function returning a promise) so that a call made while an earlier one is
 * still running does nothing. `onBusy(busy)` is told when a run starts and ends, e.g. to mark the
 * board busy.
 */
export function oneAtATime(action, onBusy = () => {}) {
  let running = false;
  return async (...args) => {
    if (running) return undefined;
    running = true;
    onBusy(true);
    try {
      return await action(...args);
    } finally {
      running = false;
      onBusy(false);
    }
  };
}

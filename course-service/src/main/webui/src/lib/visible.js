// Counts the seconds the page was visible; take() returns and resets them (capped at 300, the API's limit).

export function visibleClock() {
  let acc = 0;
  let since = document.visibilityState === 'visible' ? performance.now() : null;
  const onChange = () => {
    if (document.visibilityState === 'visible') {
      if (since == null) since = performance.now();
    } else if (since != null) {
      acc += performance.now() - since;
      since = null;
    }
  };
  document.addEventListener('visibilitychange', onChange);
  const current = () => acc + (since != null ? performance.now() - since : 0);
  return {
    peek: () => Math.floor(current() / 1000),
    take() {
      const ms = current();
      const s = Math.min(300, Math.floor(ms / 1000));
      // Keep the fraction for next time; drop anything beyond the cap.
      acc = ms >= 301000 ? 0 : ms - s * 1000;
      if (since != null) since = performance.now();
      return s;
    },
    stop: () => document.removeEventListener('visibilitychange', onChange)
  };
}

// Renders a Preact hook in a component of its own, for a test (jsdom environment): result.current
// is the hook's latest answer; update(props) renders it again with new props.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';

export function mountHook(useHook, props = {}) {
  const result = { current: null };
  const root = document.createElement('div');
  function Probe(p) {
    result.current = useHook(p);
    return null;
  }
  act(() => render(h(Probe, props), root));
  return {
    result,
    update(next) {
      act(() => render(h(Probe, next), root));
    },
    unmount() {
      act(() => render(null, root));
    }
  };
}

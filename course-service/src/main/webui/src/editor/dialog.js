// Modal dialog behaviour: focus moves in, Tab stays inside, Escape (optionally) cancels, focus
// returns to where it was when the dialog closes; the rest of the page is inert meanwhile.
import { useEffect, useRef } from 'preact/hooks';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function visible(el) {
  return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && !el.closest('[inert]');
}

/**
 * useModal({onEscape, initialFocus}) -> ref for the dialog element. initialFocus: a function
 * returning the element to focus first (else the first focusable one).
 */
export function useModal({ onEscape, initialFocus } = {}) {
  const ref = useRef(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement;
    // Everything else on the page becomes inert (not focusable, not read) while the dialog is open.
    const host = dialog.closest('.modal-layer') || dialog;
    const inerted = [];
    for (let node = host; node && node.parentElement && node !== document.body; node = node.parentElement) {
      for (const sib of node.parentElement.children) {
        if (sib !== node && !sib.inert && sib.tagName !== 'SCRIPT') { sib.inert = true; inerted.push(sib); }
      }
    }
    requestAnimationFrame(() => {
      const first = (initialFocus && initialFocus()) || Array.from(dialog.querySelectorAll(FOCUSABLE)).find(visible) || dialog;
      first.focus();
    });
    const onKey = (e) => {
      if (e.key === 'Escape' && escape.current) {
        e.preventDefault();
        e.stopPropagation();
        escape.current();
      } else if (e.key === 'Tab') {
        const items = Array.from(dialog.querySelectorAll(FOCUSABLE)).filter(visible);
        if (!items.length) { e.preventDefault(); return; }
        const first = items[0], last = items[items.length - 1];
        if (e.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) { e.preventDefault(); last.focus(); }
        else if (!e.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) { e.preventDefault(); first.focus(); }
      }
    };
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('keydown', onKey);
      inerted.forEach((c) => { c.inert = false; });
      if (before && before.isConnected && typeof before.focus === 'function') {
        requestAnimationFrame(() => before.focus());
      }
    };
  }, []);
  return ref;
}

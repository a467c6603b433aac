// A modal dialog on the native <dialog> (top layer, the rest of the page inert, Escape cancels);
// focus goes to `initialFocus` (a selector inside) or the first control, and returns where it was.
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../lib/labels.js';

export function Modal({ label, labelledBy, describedBy, role, class: cls, onCancel, initialFocus, children }) {
  const ref = useRef(null);
  useEffect(() => {
    const d = ref.current;
    const back = document.activeElement;
    if (!d.open) d.showModal();
    const first = (initialFocus && d.querySelector(initialFocus)) || null;
    if (first) first.focus();
    return () => {
      if (d.open) d.close();
      if (back && back.isConnected && typeof back.focus === 'function') back.focus();
    };
  }, []);
  return (
    <dialog ref={ref} class={`b-dialog ${cls || ''}`} role={role} aria-label={label} aria-labelledby={labelledBy}
      aria-describedby={describedBy} onCancel={(e) => { e.preventDefault(); if (onCancel) onCancel(); }}>
      {children}
    </dialog>
  );
}

/** A confirmation: a question, what it does, and two buttons (the safe one first). */
export function ConfirmDialog({ title, text, confirm, cancel, danger, busy, error, onConfirm, onCancel }) {
  return (
    <Modal role="alertdialog" labelledBy="confirm-title" describedBy="confirm-text" class="b-confirm" onCancel={onCancel}
      initialFocus="[data-cancel]">
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-text">{text}</p>
      {error && <p class="b-form-error" role="alert">{error}</p>}
      <div class="b-dialog-actions">
        <button type="button" class="btn btn-secondary" data-cancel="" onClick={onCancel}>{cancel || t('Cancel')}</button>
        <button type="button" class={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm} disabled={busy} aria-busy={busy ? 'true' : undefined}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}

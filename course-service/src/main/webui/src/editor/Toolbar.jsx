// Toolbar pieces shared by the builder and the screen editor: the save status and the conflict dialog.
import { useState } from 'preact/hooks';
import { useModal } from './dialog.js';
import './editor.css';
import { t } from '../lib/labels.js';
import '../labels/builder.js';

const pad = (x) => String(x).padStart(2, '0');
export const clock = (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

export function statusText(status, savedAt) {
  switch (status) {
    case 'saving': return t('Saving…');
    case 'unsaved': return t('Unsaved changes');
    case 'offline': return t('Offline — will retry');
    case 'conflict': return t('Conflict');
    case 'error': return t('Save failed');
    default: return savedAt ? t('Saved at {time}', { time: clock(savedAt) }) : t('All changes saved');
  }
}

/** The save status line: a polite live region (role=status, "Save status"). */
export function SaveStatus({ status, savedAt }) {
  return (
    <p class={`save-status save-${status || 'saved'}`} role="status" aria-live="polite" aria-label={t('Save status')}>
      <span class="save-dot" aria-hidden="true" />
      <span class="save-text">{statusText(status, savedAt)}</span>
    </p>
  );
}

/**
 * Someone else saved a newer version: the author chooses. role=alertdialog, modal, no Escape
 * (a choice is needed). Buttons "Reload theirs" and "Keep mine"; `busy` disables them; `what`
 * optionally names what was saved ("the question screen").
 */
export function ConflictDialog({ revision, onReload, onKeepMine, busy = false, what = null }) {
  const ref = useModal({ initialFocus: () => ref.current && ref.current.querySelector('[data-initial]') });
  const [uid] = useState(() => `conflict-${Math.random().toString(16).slice(2, 8)}`);
  return (
    <div class="modal-layer">
      <div class="modal-backdrop" />
      <div ref={ref} class="modal modal-small" role="alertdialog" aria-modal="true" aria-labelledby={`${uid}-t`} aria-describedby={`${uid}-d`}>
        <h2 id={`${uid}-t`} class="modal-title">{t('Someone else saved a newer version')}</h2>
        <div id={`${uid}-d`}>
          <p>{what
            ? (revision != null
              ? t('While you were editing, someone saved a newer version of {what} (revision {revision}). Your latest changes are not saved yet.', { what, revision })
              : t('While you were editing, someone saved a newer version of {what}. Your latest changes are not saved yet.', { what }))
            : (revision != null
              ? t('While you were editing, someone saved a newer version (revision {revision}). Your latest changes are not saved yet.', { revision })
              : t('While you were editing, someone saved a newer version. Your latest changes are not saved yet.'))}</p>
          <ul class="choice-notes">
            <li><strong>{t('Reload theirs')}</strong> {t('shows the newer version. Your changes stay in Undo.')}</li>
            <li><strong>{t('Keep mine')}</strong> {t('saves your version over theirs.')}</li>
          </ul>
        </div>
        <div class="modal-actions">
          <button type="button" class="btn btn-secondary" data-initial="" disabled={busy} onClick={onReload}>{t('Reload theirs')}</button>
          <button type="button" class="btn btn-primary" disabled={busy} onClick={onKeepMine}>{t('Keep mine')}</button>
        </div>
      </div>
    </div>
  );
}

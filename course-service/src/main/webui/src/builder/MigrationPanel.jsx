// A Classic course opens here instead of the editor: "Preview conversion" converts the draft and
// shows it in the player; "Keep the conversion" accepts it (the editor opens), "Discard conversion"
// brings the Classic draft back. Slides that cannot convert are listed, and the course stays Classic.
import { useEffect, useRef, useState } from 'preact/hooks';
import { PlayerStage } from './Preview.jsx';
import { Icon } from './Icons.jsx';
import { t } from '../lib/labels.js';

const KIND = {
  content: () => t('Content'), flashcards: () => t('Flash cards'), quiz: () => t('Quiz'), video: () => t('Video'),
  flash: () => t('Flash animation'), embed_html: () => t('Embedded HTML')
};
const kindName = (kind) => (KIND[kind] ? KIND[kind]() : kind);

function slideName(doc, id) {
  const slide = ((doc && doc.slides) || []).find((s) => String(s.id) === String(id));
  if (!slide) return t('Slide {id}', { id });
  return `${slide.heading || t('Slide {id}', { id })}${slide.kind ? ` (${kindName(slide.kind)})` : ''}`;
}

export function MigrationPanel({ api, loaded, onConverted, announce, describeError }) {
  const [state, setState] = useState(() => ({
    doc: loaded.document, previewing: !!loaded.migrationPreview, preview: null, classic: loaded.migrationPreview ? null : loaded.document
  }));
  const [busy, setBusy] = useState(null);
  const [error, setError] = useState('');
  const heading = useRef(null);
  const focusHeading = () => requestAnimationFrame(() => heading.current && heading.current.focus());
  useEffect(() => { document.title = t('{title} — Convert', { title: (loaded.course && loaded.course.title) || state.doc.title || t('Course') }); }, []);

  const run = async (what, fn) => {
    setBusy(what);
    setError('');
    try { await fn(); } catch (e) { setError(describeError(e)); } finally { setBusy(null); }
  };

  const previewConversion = () => run('preview', async () => {
    const res = await api.post('/course/migration-preview');
    const blocked = res.preview && res.preview.status === 'blocked';
    if (blocked || !res.migrationPreview) {
      setState({ doc: res.document || state.doc, classic: res.document || state.doc, previewing: false, preview: res.preview });
      announce(t('The course cannot be converted yet.'));
    } else {
      setState({ doc: res.document, classic: state.classic, previewing: true, preview: res.preview });
      announce(t('Conversion ready to review.'));
    }
    focusHeading();
  });
  const keep = () => run('keep', async () => {
    const res = await api.post('/course/migration-preview/accept');
    announce(t('Conversion kept.'));
    onConverted(res);
  });
  const discard = () => run('discard', async () => {
    const res = await api.del('/course/migration-preview');
    setState({ doc: res.document, classic: res.document, previewing: false, preview: null });
    announce(t('Conversion discarded; the course is Classic again.'));
    focusHeading();
  });

  const p = state.preview;
  const blocked = p && p.status === 'blocked' ? (p.blocked || []) : [];
  const slides = (state.classic && state.classic.slides) || [];

  return (
    <div class="b-migrate">
      {!state.previewing && (
        <section class="b-card b-migrate-intro" aria-labelledby="migrate-title">
          <h2 id="migrate-title" tabIndex={-1} ref={heading}>{blocked.length ? t('Some slides cannot be converted') : t('Convert this course to edit it')}</h2>
          {blocked.length === 0 && (
            <>
              <p>{t('This course was made with the Classic builder. To edit it here, convert it to the current format first: preview the conversion, check it in the player, then keep it or discard it.')}</p>
              <p class="b-hint">{t('Learners keep seeing the published course until you publish again.')}</p>
            </>
          )}
          {blocked.length > 0 && (
            <div class="b-blocked" role="alert">
              <p>{blocked.length === 1
                ? t('The course stays Classic, because this slide has no counterpart in the current format. Replace or remove it in the Classic editor, then try again.')
                : t('The course stays Classic, because these {n} slides have no counterpart in the current format. Replace or remove them in the Classic editor, then try again.', { n: blocked.length })}</p>
              <ul>
                {blocked.map((b) => (
                  <li key={b.screenId}><strong>{slideName(state.classic, b.screenId)}</strong>{b.reason ? `: ${b.reason}` : ''}</li>
                ))}
              </ul>
            </div>
          )}
          {slides.length > 0 && (
            <details class="b-slides">
              <summary>{slides.length === 1 ? t('1 slide in this course') : t('{n} slides in this course', { n: slides.length })}</summary>
              <ol>{slides.map((s) => <li key={s.id}>{s.heading || t('Slide {id}', { id: s.id })} <span class="b-hint">{kindName(s.kind)}</span></li>)}</ol>
            </details>
          )}
          {error && <p class="b-form-error" role="alert">{error}</p>}
          <div class="b-actions">
            <button type="button" class="btn btn-primary" onClick={previewConversion} disabled={!!busy} aria-busy={busy === 'preview' ? 'true' : undefined}>
              <Icon name="layers" /> {busy === 'preview' ? t('Converting…') : t('Preview conversion')}
            </button>
          </div>
        </section>
      )}
      {state.previewing && (
        <section class="b-migrate-review" aria-labelledby="migrate-title">
          <div class="b-card b-migrate-bar">
            <div>
              <h2 id="migrate-title" tabIndex={-1} ref={heading}>{t('Review the converted course')}</h2>
              <p class="b-hint">
                {p && p.total != null ? `${t('{changed} of {total} slides converted.', { changed: p.changed, total: p.total })} ` : ''}
                {t('Check it in the player below. Keep it to edit the course here, or discard it to leave the course as it was.')}
              </p>
            </div>
            {error && <p class="b-form-error" role="alert">{error}</p>}
            <div class="b-actions">
              <button type="button" class="btn btn-secondary" onClick={discard} disabled={!!busy}>{t('Discard conversion')}</button>
              <button type="button" class="btn btn-primary" onClick={keep} disabled={!!busy} aria-busy={busy === 'keep' ? 'true' : undefined}>{t('Keep the conversion')}</button>
            </div>
          </div>
          <PlayerStage doc={state.doc} label={t('Converted course')} width="inline" />
        </section>
      )}
    </div>
  );
}

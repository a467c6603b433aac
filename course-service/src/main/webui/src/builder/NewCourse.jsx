// The "new course" form: an edit URL without a course creates one (POST /course) and opens it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../lib/labels.js';

export function NewCourse({ api, onCreated, describeError, back, author }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef(null);
  useEffect(() => { document.title = t('New course'); input.current && input.current.focus(); }, []);
  const submit = async (e) => {
    e.preventDefault();
    if (!title.trim()) { setError(t('Give the course a title.')); input.current.focus(); return; }
    setBusy(true);
    setError('');
    try {
      const res = await api.post('/course', description.trim() ? { title: title.trim(), description: description.trim() } : { title: title.trim() });
      onCreated(res);
    } catch (err) {
      if (err.status === 409) {
        // The session already has a course (another tab created it): open that one.
        try { onCreated(await api.get('/course')); return; } catch (e2) { setError(describeError(e2)); }
      } else {
        setError(describeError(err));
      }
      setBusy(false);
    }
  };
  return (
    <div class="b-new-page">
      {(back || author) && <div class="b-new-back">{back}{author}</div>}
      <main class="b-new" aria-labelledby="new-title">
        <form class="b-card b-new-card" onSubmit={submit} noValidate>
          <h1 id="new-title">{t('Create a course')}</h1>
          <p class="b-hint">{t('Give it a title to start. You can change everything later.')}</p>
          <div class="b-field">
            <label for="new-course-title">{t('Course title')}</label>
            <input id="new-course-title" ref={input} value={title} maxLength={500} required aria-describedby="new-course-error"
              aria-invalid={error && !title.trim() ? 'true' : undefined} onInput={(e) => setTitle(e.currentTarget.value)} />
          </div>
          <div class="b-field">
            <label for="new-course-description">{t('Description')} <span class="b-optional">{t('(optional)')}</span></label>
            <textarea id="new-course-description" rows="3" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
          </div>
          <p class="b-form-error" id="new-course-error" role="alert">{error}</p>
          <div class="b-actions">
            <button type="submit" class="btn btn-primary" disabled={busy} aria-busy={busy ? 'true' : undefined}>{busy ? t('Creating…') : t('Create course')}</button>
          </div>
        </form>
      </main>
    </div>
  );
}

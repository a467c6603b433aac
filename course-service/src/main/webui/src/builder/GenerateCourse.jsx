// The "Generate a course" form of the `ai` and `generate` flows: an edit URL without a course
// generates one (POST /generate), follows its job (GET /generate/{id}) and opens it in the builder.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../lib/labels.js';

// The value sent (English, as the generator expects it) and its label, in the author's language.
const FAMILIARITY = [
  ['new to the topic', () => t('New to the topic')],
  ['some familiarity', () => t('Some familiarity')],
  ['experienced', () => t('Experienced')]
];
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
export const MAX_SCREENS = 40;
const FIELDS = ['prompt', 'audience', 'familiarity', 'tone', 'screenCount', 'language'];

/** Problems of the form, by field (the server checks the same and answers the same fields). */
function check(v) {
  const p = {};
  if (!v.prompt.trim()) p.prompt = t('Describe the course you want.');
  else if (v.prompt.length > 4000) p.prompt = t('Keep the description under 4,000 characters.');
  if (!v.audience.trim()) p.audience = t('Say who the course is for.');
  else if (v.audience.length > 300) p.audience = t('Keep the audience under 300 characters.');
  if (!v.tone.trim()) p.tone = t('Choose a tone, for example friendly or formal.');
  else if (v.tone.length > 100) p.tone = t('Keep the tone under 100 characters.');
  const n = Number(v.screenCount);
  if (!/^\d+$/.test(String(v.screenCount).trim()) || n < 1 || n > MAX_SCREENS) p.screenCount = t('Choose from 1 to {max} screens.', { max: MAX_SCREENS });
  if (v.language.trim() && !LOCALE.test(v.language.trim())) p.language = t('Use a language tag like en, fr or pt-BR, or leave it empty.');
  return p;
}

export function GenerateCourse({ api, onCreated, describeError, back, language, onBlank }) {
  const [values, setValues] = useState({ prompt: '', audience: '', familiarity: FAMILIARITY[0][0], tone: 'friendly',
    screenCount: '8', language: language || '' });
  const [problems, setProblems] = useState({});
  const [error, setError] = useState('');
  const [job, setJob] = useState(null);
  const [busy, setBusy] = useState(false);
  const refs = { prompt: useRef(null), audience: useRef(null), familiarity: useRef(null), tone: useRef(null),
    screenCount: useRef(null), language: useRef(null) };
  const statusRef = useRef(null);
  const cancelled = useRef(false);
  useEffect(() => {
    document.title = t('Generate a course');
    refs.prompt.current && refs.prompt.current.focus();
    return () => { cancelled.current = true; };
  }, []);

  const set = (field) => (e) => setValues({ ...values, [field]: e.currentTarget.value });
  const focusFirst = (p) => {
    const first = FIELDS.find((f) => p[f]);
    if (first && refs[first].current) refs[first].current.focus();
  };

  const open = async () => {
    try { onCreated(await api.get('/course')); } catch (e) { fail(describeError(e)); }
  };
  const fail = (message) => {
    setBusy(false);
    setJob(null);
    setError(message);
  };
  const follow = async (current) => {
    let j = current;
    while (!cancelled.current && j && j.status !== 'succeeded' && j.status !== 'failed') {
      setJob(j);
      await new Promise((r) => setTimeout(r, 1000));
      try {
        j = await api.get(`/generate/${j.id}`);
      } catch (e) {
        if (e.status === 0) continue; // offline for a moment: keep following
        fail(describeError(e));
        return;
      }
    }
    if (cancelled.current || !j) return;
    if (j.status === 'succeeded') {
      setJob(j);
      await open();
    } else {
      fail(j.error && j.error.message
        ? t('The course could not be generated: {reason}. Change the description or try again.', { reason: j.error.message })
        : t('The course could not be generated. Change the description or try again.'));
    }
  };

  const submit = async (e) => {
    e.preventDefault();
    const p = check(values);
    setProblems(p);
    setError('');
    if (Object.keys(p).length) { setError(t('Check the fields marked below.')); focusFirst(p); return; }
    setBusy(true);
    const body = { prompt: values.prompt.trim(), audience: values.audience.trim(), familiarity: values.familiarity,
      tone: values.tone.trim(), screenCount: Number(values.screenCount) };
    if (values.language.trim()) body.language = values.language.trim();
    try {
      const started = await api.post('/generate', body);
      setJob(started);
      statusRef.current && statusRef.current.focus();
      await follow(started);
    } catch (err) {
      if (err.status === 409) { await open(); return; }
      if (err.status === 400 && err.details.length) {
        const server = {};
        for (const d of err.details) if (FIELDS.includes(d.field)) server[d.field] = `${d.message}.`;
        setProblems(server);
        fail(t('Check the fields marked below.'));
        focusFirst(server);
        return;
      }
      fail(describeError(err));
    }
  };

  const field = (name) => ({
    id: `gen-${name}`,
    ref: refs[name],
    'aria-invalid': problems[name] ? 'true' : undefined,
    'aria-describedby': [problems[name] ? `gen-${name}-error` : null, hints[name] ? `gen-${name}-hint` : null].filter(Boolean).join(' ') || undefined,
    disabled: busy
  });
  const hints = {
    prompt: t('The topic, what learners should be able to do, and what to cover.'),
    screenCount: t('Screens after the cover, 1 to {max}; the last ones are a quiz.', { max: MAX_SCREENS }),
    language: t('A language tag like en, fr or pt-BR. Empty: English.')
  };
  const problem = (name) => <p class="b-field-error" id={`gen-${name}-error`}>{problems[name] || ''}</p>;
  const hint = (name) => <p class="b-hint" id={`gen-${name}-hint`}>{hints[name]}</p>;

  return (
    <div class="b-new-page">
      {back && <div class="b-new-back">{back}</div>}
      <main class="b-new" aria-labelledby="gen-title">
        <form class="b-card b-new-card b-gen-card" onSubmit={submit} noValidate aria-busy={busy ? 'true' : undefined}>
          <h1 id="gen-title">{t('Generate a course')}</h1>
          <p class="b-hint">{t('Describe the course; a first draft is written for you to review and edit before you publish it.')}</p>
          <p class="b-form-error" role="alert">{error}</p>
          <div class="b-field">
            <label for="gen-prompt">{t('What is the course about?')}</label>
            {hint('prompt')}
            <textarea rows="4" maxLength={4000} required value={values.prompt} onInput={set('prompt')} {...field('prompt')} />
            {problem('prompt')}
          </div>
          <div class="b-field">
            <label for="gen-audience">{t('Who is it for?')}</label>
            <input maxLength={300} required value={values.audience} onInput={set('audience')} placeholder={t('e.g. new warehouse staff')} {...field('audience')} />
            {problem('audience')}
          </div>
          <div class="b-gen-row">
            <div class="b-field">
              <label for="gen-familiarity">{t('Their familiarity with the topic')}</label>
              <select value={values.familiarity} onChange={set('familiarity')} {...field('familiarity')}>
                {FAMILIARITY.map(([v, label]) => <option value={v}>{label()}</option>)}
              </select>
              {problem('familiarity')}
            </div>
            <div class="b-field">
              <label for="gen-tone">{t('[writing] Tone')}</label>
              <input maxLength={100} required value={values.tone} onInput={set('tone')} list="gen-tones" {...field('tone')} />
              <datalist id="gen-tones"><option value="friendly" /><option value="formal" /><option value="playful" /><option value="encouraging" /></datalist>
              {problem('tone')}
            </div>
          </div>
          <div class="b-gen-row">
            <div class="b-field">
              <label for="gen-screenCount">{t('Number of screens')}</label>
              {hint('screenCount')}
              <input type="number" inputMode="numeric" min="1" max={MAX_SCREENS} step="1" required value={values.screenCount}
                onInput={set('screenCount')} {...field('screenCount')} />
              {problem('screenCount')}
            </div>
            <div class="b-field">
              <label for="gen-language">{t('Language')} <span class="b-optional">{t('(optional)')}</span></label>
              {hint('language')}
              <input maxLength={35} autoComplete="off" spellcheck={false} value={values.language} onInput={set('language')} {...field('language')} />
              {problem('language')}
            </div>
          </div>
          <div class="b-gen-status" tabIndex={-1} ref={statusRef} role="status" aria-live="polite">
            {busy && (
              <>
                <span class="b-gen-spinner" aria-hidden="true" />
                <span>{job && job.status === 'succeeded' ? t('Course ready — opening it…')
                  : job && job.status === 'running' ? t('Writing your course… this can take a minute.')
                    : t('Generating your course…')}</span>
              </>
            )}
          </div>
          <div class="b-actions">
            {onBlank && <button type="button" class="btn" onClick={onBlank} disabled={busy}>{t('Start from a blank course')}</button>}
            <button type="submit" class="btn btn-primary" disabled={busy} aria-busy={busy ? 'true' : undefined}>{busy ? t('Generating…') : t('Generate course')}</button>
          </div>
        </form>
      </main>
    </div>
  );
}

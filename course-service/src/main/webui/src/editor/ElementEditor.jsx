// Edits every field of one element inline, driven by the catalogue's field kinds.
import { RichText } from './RichText.jsx';
import { TextField, DraftField, Checkbox, Select, parseUrl, intParser } from './fields.jsx';
import { newId } from './ids.js';
import { FALLBACK_FIELDS, RICH_DESCRIPTION, assetLabel, fieldLabel } from './types.js';
import { Icon } from './icons.jsx';
import { MediaButtons } from './MediaDialogs.jsx';
import { assetFromMedia } from '../lib/media.js';
import { t } from '../lib/labels.js';
import './editor.css';

const MULTILINE = new Set(['cardBack', 'transcript', 'feedback', 'description', 'question']);

/** The fields of a type: the catalogue's when it knows the type, else the built-in list. */
export function fieldsOf(type, catalogue) {
  const t = catalogue && Array.isArray(catalogue.elementTypes) ? catalogue.elementTypes.find((x) => x.type === type) : null;
  if (t && Array.isArray(t.fields)) return t.fields;
  const f = FALLBACK_FIELDS[type];
  return f ? f.map(([name, kind, required]) => ({ name, kind, required: !!required })) : null;
}

function without(obj, key) {
  const out = { ...obj };
  delete out[key];
  return out;
}

/** An asset typed as a URL keeps only what a URL says: the library's fields go with a new address. */
export function urlAsset(asset, url) {
  const rest = { ...(asset || {}) };
  for (const k of ['mediaId', 'widths', 'width', 'height', 'mime']) delete rest[k];
  return { ...rest, url };
}

const ASSET_KINDS = { video: ['video'], audio: ['audio'] };

function AssetField({ el, field, idBase, onChange, withAlt }) {
  const asset = el[field] && typeof el[field] === 'object' ? el[field] : null;
  const key = `${el.id}:${field}`;
  const setUrl = (url) => {
    if (!url) onChange(without(el, field), key);
    else onChange({ ...el, [field]: urlAsset(asset, url) }, key);
  };
  // A medium from the library: its asset, and for a picture the alt text asked at upload.
  const pick = ({ media, altText, decorative }) => {
    const next = { ...el, [field]: assetFromMedia(media) };
    if (media.kind === 'image' && el.type === 'image') {
      next.altText = altText;
      if (decorative) next.decorative = true; else delete next.decorative;
    } else if (media.kind === 'image') {
      next[field] = { ...next[field], altText };
      if (decorative) next.decorative = true; else delete next.decorative;
    }
    onChange(next);
  };
  const label = assetLabel(el.type);
  return (
    <div class="field-group">
      <DraftField id={`${idBase}-${field}-url`} label={label} value={asset ? asset.url || '' : ''} parse={parseUrl}
        onCommit={setUrl} type="url" inputMode="url" placeholder="https://" class="field-wide"
        hint={el.type === 'video' || el.type === 'audio' ? t('A web address of the file (https://), or upload one.') : t('A web address of the picture (https://), or upload one.')} />
      <MediaButtons kinds={ASSET_KINDS[el.type] || ['image']} idBase={`${idBase}-${field}`} onPick={pick} />
      {withAlt && (
        <TextField id={`${idBase}-${field}-alt`} label={t('Alt text')} value={asset ? asset.altText || '' : ''}
          hint={asset ? t('Describe the picture for people who cannot see it.') : t('Add a picture first.')}
          onInput={(v) => asset && onChange({ ...el, [field]: { ...asset, altText: v } }, `${el.id}:${field}.altText`)} />
      )}
      {withAlt && asset && (
        <Checkbox id={`${idBase}-${field}-decorative`} label={t('Decorative picture')} checked={el.decorative}
          hint={t('It adds nothing a learner needs; screen readers skip it.')} onChange={(v) => onChange(v ? { ...el, decorative: true } : without(el, 'decorative'))} />
      )}
    </div>
  );
}

/**
 * The answers: their text (unless the canvas edits it: `textOnCanvas` shows it read-only), which are
 * correct, adding and removing.
 */
function AnswersEditor({ el, idBase, onChange, textOnCanvas = false }) {
  const answers = Array.isArray(el.answers) ? el.answers : [];
  const multiple = !!el.multiple;
  const setAnswers = (next, key) => onChange({ ...el, answers: next }, key);
  const setCorrect = (i, on) => {
    const next = answers.map((a, j) => {
      if (j === i) return { ...a, correct: on };
      return multiple || !on ? a : { ...a, correct: false };
    });
    setAnswers(next);
  };
  const add = () => {
    const id = newId('answer');
    setAnswers([...answers, { id, text: '', correct: false }]);
    requestAnimationFrame(() => {
      // On the canvas the new answer's text is written in place.
      const input = textOnCanvas ? document.querySelector(`[data-answer-id="${id}"]`) : document.getElementById(`${idBase}-answer-${answers.length}`);
      if (input) input.focus();
    });
  };
  const remove = (i) => {
    const next = answers.filter((_, j) => j !== i);
    setAnswers(next);
    requestAnimationFrame(() => {
      const k = Math.min(i, next.length - 1);
      const input = document.getElementById(textOnCanvas ? `${idBase}-answer-${k}-correct` : `${idBase}-answer-${k}`);
      if (input) input.focus();
    });
  };
  const noneCorrect = answers.length > 0 && !answers.some((a) => a.correct);
  const hintId = `${idBase}-answers-hint`;
  return (
    <fieldset class="answers field-wide">
      <legend class="field-label">{t('Answers')}</legend>
      <p class="field-hint" id={hintId}>{multiple ? t('Tick every correct answer.') : t('Tick the correct answer.')}</p>
      <ol class="answer-list">
        {answers.map((a, i) => (
          <li key={a.id} class={`answer-row ${a.correct ? 'is-correct' : ''}`}>
            {textOnCanvas
              ? <span class="answer-text-label" aria-hidden="true"><span class="answer-num">{i + 1}</span></span>
              : <label class="answer-text-label" for={`${idBase}-answer-${i}`}><span class="answer-num">{i + 1}</span></label>}
            {textOnCanvas
              ? <span class="answer-static">{a.text || <span class="muted">{t('(no text yet)')}</span>}</span>
              : <input id={`${idBase}-answer-${i}`} class="answer-text" type="text" value={a.text || ''} aria-label={t('Answer {n}', { n: i + 1 })}
                onInput={(e) => setAnswers(answers.map((x, j) => (j === i ? { ...x, text: e.currentTarget.value } : x)), `${el.id}:answers.${a.id}`)} />}
            <span class="answer-correct">
              <input id={`${idBase}-answer-${i}-correct`} type="checkbox" checked={!!a.correct} aria-label={t('Answer {n} is correct', { n: i + 1 })}
                aria-describedby={hintId} onChange={(e) => setCorrect(i, e.currentTarget.checked)} />
              <label for={`${idBase}-answer-${i}-correct`}>{t('Correct')}</label>
            </span>
            <button type="button" class="icon-btn" disabled={answers.length <= 1} onClick={() => remove(i)}
              title={t('Remove answer {n}', { n: i + 1 })}>
              <Icon name="x" /><span class="visually-hidden">{t('Remove answer {n}', { n: i + 1 })}</span>
            </button>
          </li>
        ))}
      </ol>
      <div class="answers-foot">
        <button type="button" class="btn btn-secondary btn-sm" onClick={add} disabled={answers.length >= 100}>
          <Icon name="plus" size={16} /> {t('Add answer')}
        </button>
        <p class="field-warning" role="status">{noneCorrect ? t('Mark at least one answer as correct, or the screen cannot be saved.') : ''}</p>
      </div>
    </fieldset>
  );
}

/**
 * ElementEditor({el, catalogue, onChange, idPrefix, omit}): the fields of one element.
 * onChange(nextEl, coalesceKey): coalesceKey is `${el.id}:${field}` for typing, else undefined.
 * omit: the names of fields edited elsewhere (the canvas writes the text in place); `answers` in
 * it leaves the answers' text to the canvas and keeps their correct flags and count here.
 */
export function ElementEditor({ el, catalogue, onChange, idPrefix = 'el', omit }) {
  const all = fieldsOf(el.type, catalogue);
  const fields = all && omit ? all.filter((f) => f.kind === 'ANSWERS' || !omit.has(f.name)) : all;
  const idBase = `${idPrefix}-${el.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (!fields) {
    return <p class="muted element-note">{t('This element type ({type}) cannot be edited here; it is kept as it is.', { type: el.type })}</p>;
  }
  if (!fields.length) {
    return <p class="muted element-note">{all.length ? t('Everything about this element is written on the screen.') : t('A divider has nothing to edit.')}</p>;
  }
  const hasAltField = all.some((f) => f.name === 'altText');
  const set = (name, v, key) => {
    const next = v === undefined || v === null ? without(el, name) : { ...el, [name]: v };
    onChange(next, key);
  };
  return (
    <div class="element-fields">
      {fields.map((f) => {
        const { label, hint } = fieldLabel(el.type, f.name);
        const id = `${idBase}-${f.name}`;
        const key = `${el.id}:${f.name}`;
        switch (f.kind) {
          case 'TEXT':
            if (f.name === 'description' && RICH_DESCRIPTION.has(el.type)) {
              return <div class="field-wide" key={f.name}><RichText id={id} label={label} value={el[f.name] || ''} onChange={(v) => set(f.name, v, key)} /></div>;
            }
            if (f.name === 'altText' && el.type === 'image') {
              return (
                <div class="field-group" key={f.name}>
                  <TextField id={id} label={label} hint={hint} value={el.altText} onInput={(v) => set('altText', v, key)} />
                  <Checkbox id={`${idBase}-decorative`} label={t('Decorative picture')} checked={el.decorative}
                    hint={t('It adds nothing a learner needs; screen readers skip it.')} onChange={(v) => set('decorative', v ? true : undefined)} />
                </div>
              );
            }
            return (
              <TextField key={f.name} id={id} label={label} hint={hint} value={el[f.name]}
                multiline={MULTILINE.has(f.name)} rows={f.name === 'question' ? 2 : 3}
                class={MULTILINE.has(f.name) || f.name === 'title' ? 'field-wide' : ''}
                onInput={(v) => set(f.name, v, key)} />
            );
          case 'BOOLEAN':
            return <Checkbox key={f.name} id={id} label={label} hint={hint} checked={el[f.name]}
              class="field-wide"
              onChange={(v) => {
                if (f.name === 'multiple' && !v && Array.isArray(el.answers)) {
                  // One correct answer for a single-choice question: keep the first.
                  let seen = false;
                  const answers = el.answers.map((a) => {
                    if (a.correct && !seen) { seen = true; return a; }
                    return a.correct ? { ...a, correct: false } : a;
                  });
                  onChange({ ...el, multiple: false, answers });
                } else {
                  set(f.name, v);
                }
              }} />;
          case 'NON_NEGATIVE_INTEGER':
            return <DraftField key={f.name} id={id} label={label} hint={hint} value={el[f.name]} inputMode="numeric"
              required={f.required} parse={intParser(0, null, { required: f.required, missing: f.name === 'minutes' ? t('Enter the minutes.') : t('Enter a number.') })}
              onCommit={(v) => set(f.name, v, key)} class="field-narrow" />;
          case 'PERCENT':
            return <DraftField key={f.name} id={id} label={label} hint={hint} value={el[f.name]} inputMode="numeric"
              parse={intParser(0, 100)} onCommit={(v) => set(f.name, v, key)} class="field-narrow" />;
          case 'HEADING_LEVEL':
            return <Select key={f.name} id={id} label={label} value={String(el[f.name] || 2)} class="field-narrow"
              options={[1, 2, 3, 4, 5, 6].map((l) => [String(l), l === 1 ? t('1 (screen title)') : String(l)])}
              onChange={(v) => set(f.name, Number(v))} />;
          case 'TONE':
            return <Select key={f.name} id={id} label={label} value={el[f.name] || 'info'} class="field-narrow"
              options={[['info', t('Note')], ['tip', t('Tip')], ['warning', t('Warning')]]} onChange={(v) => set(f.name, v)} />;
          case 'LINK':
            return <DraftField key={f.name} id={id} label={label} hint={hint} value={el[f.name] || ''} type="url" inputMode="url"
              placeholder="https://" parse={parseUrl} onCommit={(v) => set(f.name, v || undefined, key)} class="field-wide" />;
          case 'ASSET':
            return <AssetField key={f.name} el={el} field={f.name} idBase={idBase} onChange={onChange}
              withAlt={!hasAltField && el.type !== 'video' && el.type !== 'audio'} />;
          case 'ANSWERS':
            return <AnswersEditor key={f.name} el={el} idBase={idBase} onChange={onChange} textOnCanvas={!!(omit && omit.has('answers'))} />;
          default:
            return null;
        }
      })}
    </div>
  );
}

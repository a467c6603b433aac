// Labelled form fields for the editors: each has a visible label, an optional hint and an error
// that is tied to the input (aria-describedby / aria-invalid).
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../lib/labels.js';
import './editor.css';

const describe = (...ids) => ids.filter(Boolean).join(' ') || undefined;

export function TextField({ id, label, value, onInput, multiline = false, rows = 3, hint, placeholder, required, class: cls }) {
  const hintId = hint ? `${id}-hint` : null;
  const props = {
    id, value: value == null ? '' : value, placeholder, 'aria-describedby': describe(hintId),
    'aria-required': required ? 'true' : undefined,
    onInput: (e) => onInput(e.currentTarget.value)
  };
  return (
    <div class={`field ${cls || ''}`}>
      <label class="field-label" for={id}>{label}</label>
      {hint && <p class="field-hint" id={hintId}>{hint}</p>}
      {multiline ? <textarea rows={rows} {...props} /> : <input type="text" {...props} />}
    </div>
  );
}

/**
 * An input whose text is committed only when it parses: parse(text) -> {value} | {error}.
 * Until then the text stays in the field with the error shown, and the document keeps its
 * last good value. format(value) -> text shows a value that changed from outside (undo).
 */
export function DraftField({ id, label, value, parse, format = (v) => (v == null ? '' : String(v)), onCommit, hint, type = 'text',
  inputMode, placeholder, required, min, max, class: cls }) {
  const [text, setText] = useState(() => format(value));
  const [error, setError] = useState('');
  const committed = useRef(value);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(format(value));
      setError('');
    }
  }, [value]);
  const hintId = hint ? `${id}-hint` : null;
  const errId = error ? `${id}-err` : null;
  const onInput = (e) => {
    const t = e.currentTarget.value;
    setText(t);
    const r = parse(t);
    if (r.error) {
      setError(r.error);
    } else {
      setError('');
      committed.current = r.value;
      if (r.value !== value) onCommit(r.value);
    }
  };
  return (
    <div class={`field ${cls || ''}`}>
      <label class="field-label" for={id}>{label}</label>
      {hint && <p class="field-hint" id={hintId}>{hint}</p>}
      <input id={id} type={type} inputMode={inputMode} placeholder={placeholder} value={text} min={min} max={max}
        aria-required={required ? 'true' : undefined} aria-invalid={error ? 'true' : undefined}
        aria-describedby={describe(hintId, errId)} onInput={onInput} />
      {error && <p class="field-error" id={errId}>{error}</p>}
    </div>
  );
}

export function parseUrl(text) {
  const v = text.trim();
  if (!v) return { value: '' };
  if (/^https?:\/\/[^\s/]+\.[^\s]*$|^https?:\/\/localhost/i.test(v)) return { value: v };
  return { error: t('Enter a full web address starting with https://') };
}

/** A whole number from minV (to maxV); `missing` is the message for an empty required field. */
export function intParser(minV, maxV, { required = false, missing } = {}) {
  return (text) => {
    const v = text.trim();
    if (!v) return required ? { error: missing || t('Enter a number.') } : { value: null };
    const range = () => t('Enter a whole number from {min} to {max}.', { min: minV, max: maxV });
    if (!/^\d+$/.test(v)) return { error: maxV != null ? range() : t('Enter a whole number.') };
    const n = Number(v);
    if (n < minV || (maxV != null && n > maxV)) return { error: range() };
    return { value: n };
  };
}

export function Checkbox({ id, label, checked, onChange, hint, class: cls }) {
  const hintId = hint ? `${id}-hint` : null;
  return (
    <div class={`field field-check ${cls || ''}`}>
      <input id={id} type="checkbox" checked={!!checked} aria-describedby={describe(hintId)}
        onChange={(e) => onChange(e.currentTarget.checked)} />
      <label for={id}>{label}</label>
      {hint && <p class="field-hint" id={hintId}>{hint}</p>}
    </div>
  );
}

export function Select({ id, label, value, options, onChange, class: cls }) {
  return (
    <div class={`field ${cls || ''}`}>
      <label class="field-label" for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </div>
  );
}

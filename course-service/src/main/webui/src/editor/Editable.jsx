// A plain-text field drawn in place on the canvas: a contenteditable region (role textbox, named by
// aria-label) that looks like the text the learner reads. Pasting inserts plain text only; an empty
// region shows its placeholder from CSS (data-placeholder), so no fake text reaches the document.
import { useLayoutEffect, useRef } from 'preact/hooks';

/** The region's text: line breaks kept for multi-line fields, none for one-line ones. */
function textOf(el, multiline) {
  const s = multiline ? el.innerText : el.textContent;
  const v = (s || '').replace(/\u00a0/g, ' ');
  // A region emptied by the browser keeps a lone line break.
  return v === '\n' ? '' : multiline ? v.replace(/\n$/, '') : v.replace(/[\r\n]+/g, ' ');
}

/**
 * Editable({value, onInput(text), label, placeholder, multiline, as, class, id}): `as` is the tag
 * ('div', 'span', 'p'); Enter ends a one-line field's editing rather than adding a line.
 */
export function Editable({ value, onInput, label, placeholder, multiline = false, as = 'div', class: cls, id, describedBy, onFocus, ...rest }) {
  const ref = useRef(null);
  // Write the value only when it differs from what is shown (undo, another field): rewriting the
  // text being typed would move the caret.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const v = value == null ? '' : String(value);
    if (textOf(el, multiline) !== v) el.textContent = v;
  }, [value]);
  const Tag = as;
  const onKeyDown = (e) => {
    if (e.key === 'Enter' && !multiline) e.preventDefault();
  };
  const onPaste = (e) => {
    const dt = e.clipboardData;
    if (!dt) return;
    e.preventDefault();
    let text = dt.getData('text/plain') || '';
    if (!multiline) text = text.replace(/[\r\n]+/g, ' ');
    document.execCommand('insertText', false, text);
  };
  return (
    <Tag ref={ref} id={id} class={`editable${multiline ? ' is-multiline' : ''}${cls ? ` ${cls}` : ''}`} contentEditable
      role="textbox" aria-label={label} aria-multiline={multiline ? 'true' : undefined} aria-describedby={describedBy}
      data-placeholder={placeholder || undefined} tabIndex={0} spellcheck {...rest} onFocus={onFocus}
      onInput={(e) => onInput(textOf(e.currentTarget, multiline))} onKeyDown={onKeyDown} onPaste={onPaste} />
  );
}

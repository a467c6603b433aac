// Course settings: description and theme colour (the title is edited in the toolbar).
import { useEffect, useState } from 'preact/hooks';
import { isColor } from './theme.js';
import { Icon } from './Icons.jsx';

const DEFAULT = '#4f46e5';

export function CourseSettings({ doc, onChange }) {
  const color = doc.theme && isColor(doc.theme.colorPrimary) ? doc.theme.colorPrimary : '';
  const [hex, setHex] = useState(color);
  useEffect(() => setHex(color), [color]);
  const setColor = (c, key) => {
    const theme = { ...(doc.theme || {}) };
    if (c) theme.colorPrimary = c.toLowerCase(); else delete theme.colorPrimary;
    const next = { ...doc, theme };
    if (Object.keys(theme).length === 0) delete next.theme;
    onChange(next, key);
  };
  const [open, setOpen] = useState(false);
  return (
    <details class="b-settings" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary><Icon name="settings" /> <span>Course settings</span></summary>
      <div class="b-settings-body">
        <div class="b-field">
          <label for="course-description">Description</label>
          <textarea id="course-description" rows="3" value={doc.description || ''}
            onInput={(e) => onChange({ ...doc, description: e.currentTarget.value }, 'course:description')} />
        </div>
        <div class="b-field">
          <span class="b-label" id="course-colour-label">Theme colour</span>
          <div class="b-colour">
            <input type="color" id="course-colour" aria-labelledby="course-colour-label" value={color || DEFAULT}
              onInput={(e) => setColor(e.currentTarget.value, 'course:colour')} />
            <label class="visually-hidden" for="course-colour-hex">Theme colour as a hex code</label>
            <input id="course-colour-hex" class="b-hex" value={hex} placeholder="Default" spellcheck={false} maxLength={7}
              aria-describedby="course-colour-hint" aria-invalid={hex && !isColor(hex) ? 'true' : undefined}
              onInput={(e) => {
                const v = e.currentTarget.value.trim();
                setHex(v);
                if (isColor(v)) setColor(v, 'course:colour');
                else if (v === '') setColor('');
              }} />
            {color && (
              <button type="button" class="b-icon-btn" onClick={() => setColor('')}>
                <Icon name="reset" size={16} /><span class="visually-hidden">Use the default colour</span>
              </button>
            )}
          </div>
          <p class="b-hint" id="course-colour-hint">Buttons, progress and highlights in the course use it{color ? '' : '; none is set, so the player uses the app\'s colour'}.</p>
        </div>
      </div>
    </details>
  );
}

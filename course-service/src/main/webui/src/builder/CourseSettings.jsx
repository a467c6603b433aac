// Course settings: description, theme and primary colour (the title is edited in the toolbar).
import { useEffect, useState } from 'preact/hooks';
import { isColor, themeOf } from './theme.js';
import { Icon } from './Icons.jsx';
import { t } from '../lib/labels.js';

const DEFAULT = '#4f46e5';

/** A small sample of a theme: its background, a heading in its font and colour, a primary button. */
function ThemeSample({ theme }) {
  const c = theme.colors;
  const radius = theme.cornerStyle === 'pill' ? '999px' : theme.cornerStyle === 'square' ? '2px' : '8px';
  return (
    <div class="b-theme-sample" aria-hidden="true" style={`background: ${c.background}; color: ${c.text}; border-radius: ${radius === '999px' ? '14px' : radius};`}>
      <span class="b-theme-aa" style={`font-family: ${theme.fontStacks ? theme.fontStacks.heading : 'inherit'};`}>Aa</span>
      <span class="b-theme-card" style={`background: ${c.surface}; border-radius: ${radius === '999px' ? '8px' : radius};`} />
      <span class="b-theme-btn" style={`background: ${c.primary}; border-radius: ${radius};`} />
      <span class="b-theme-dot" style={`background: ${c.accent};`} />
    </div>
  );
}

/** Sets or clears document.theme.themeId, keeping the rest of theme. */
function withThemeId(doc, id) {
  const theme = { ...(doc.theme || {}) };
  if (id) theme.themeId = id; else delete theme.themeId;
  const next = { ...doc, theme };
  if (Object.keys(theme).length === 0) delete next.theme;
  return next;
}

export function CourseSettings({ doc, themes, onChange }) {
  const themeId = doc.theme && Number.isInteger(doc.theme.themeId) ? doc.theme.themeId : null;
  const chosen = themeOf(doc, themes);
  const gone = themeId && themes && themes.length > 0 && !chosen;
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
      <summary><Icon name="settings" /> <span>{t('Course settings')}</span></summary>
      <div class="b-settings-body">
        <div class="b-field">
          <label for="course-description">{t('Description')}</label>
          <textarea id="course-description" rows="3" value={doc.description || ''}
            onInput={(e) => onChange({ ...doc, description: e.currentTarget.value }, 'course:description')} />
        </div>
        <div class="b-field">
          <label for="course-theme">{t('Theme')}</label>
          <div class="b-theme">
            <select id="course-theme" value={themeId ? String(themeId) : ''} aria-describedby="course-theme-hint"
              onChange={(e) => onChange(withThemeId(doc, e.currentTarget.value ? Number(e.currentTarget.value) : null), 'course:theme')}>
              <option value="">{t('Default look')}</option>
              {(themes || []).some((th) => th.builtIn) && (
                <optgroup label={t('Built-in themes')}>
                  {themes.filter((th) => th.builtIn).map((th) => <option key={th.id} value={String(th.id)}>{th.name}</option>)}
                </optgroup>
              )}
              {(themes || []).some((th) => !th.builtIn) && (
                <optgroup label={t('Your themes')}>
                  {themes.filter((th) => !th.builtIn).map((th) => <option key={th.id} value={String(th.id)}>{th.name}</option>)}
                </optgroup>
              )}
              {gone && <option value={String(themeId)}>{t('Theme {id} (deleted)', { id: themeId })}</option>}
            </select>
            {chosen && <ThemeSample theme={chosen} />}
          </div>
          <p class="b-hint" id="course-theme-hint">
            {gone ? t('This theme was deleted, so learners see the default look; choose another.')
              : chosen ? t('Colours, fonts and corners of “{name}”; the preview shows them.', { name: chosen.name })
                : t('Colours, fonts and corners of the course player.')}
          </p>
        </div>
        <div class="b-field">
          <span class="b-label" id="course-colour-label">{t('Primary colour')}</span>
          <div class="b-colour">
            <input type="color" id="course-colour" aria-labelledby="course-colour-label" value={color || (chosen ? chosen.colors.primary : DEFAULT)}
              onInput={(e) => setColor(e.currentTarget.value, 'course:colour')} />
            <label class="visually-hidden" for="course-colour-hex">{t('Primary colour as a hex code')}</label>
            <input id="course-colour-hex" class="b-hex" value={hex} placeholder={t('Default')} spellcheck={false} maxLength={7}
              aria-describedby="course-colour-hint" aria-invalid={hex && !isColor(hex) ? 'true' : undefined}
              onInput={(e) => {
                const v = e.currentTarget.value.trim();
                setHex(v);
                if (isColor(v)) setColor(v, 'course:colour');
                else if (v === '') setColor('');
              }} />
            {color && (
              <button type="button" class="b-icon-btn" onClick={() => setColor('')}>
                <Icon name="reset" size={16} /><span class="visually-hidden">{t('Use the theme’s colour')}</span>
              </button>
            )}
          </div>
          <p class="b-hint" id="course-colour-hint">{color ? t('Buttons and highlights in the course use it, over the theme’s primary colour.') : t('Buttons and highlights in the course use it; none is set, so the player uses the theme’s colour.')}</p>
        </div>
      </div>
    </details>
  );
}

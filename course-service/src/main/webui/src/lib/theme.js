// Themes as CSS custom properties (docs/themes.md). A theme is {colors: {primary, background, surface,
// text, accent}, fonts, fontStacks: {heading, body}, cornerStyle}; `override` (the embed URL's or the
// course's colorPrimary) replaces the primary colour. The same variables style the player page
// (applied to <html>) and the builder's preview (applied to its stage).
export const isColor = (c) => typeof c === 'string' && /^#[0-9a-fA-F]{6}$/.test(c);

const DARK_TEXT = '#111827';

function luminance(color) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** White or near-black text on `color`, whichever contrasts more (the service's rule too). */
export function onColor(color) {
  return contrast('#ffffff', color) >= contrast(DARK_TEXT, color) ? '#ffffff' : DARK_TEXT;
}

const RADII = { square: ['2px', '4px'], rounded: ['10px', '14px'], pill: ['999px', '20px'] };

/** The custom properties of a theme and a primary override, as [name, value] pairs. */
export function themeProperties(theme, override) {
  const props = [];
  const colors = theme && theme.colors;
  const full = colors && isColor(colors.background) && isColor(colors.text) && isColor(colors.surface);
  const primary = isColor(override) ? override : (colors && isColor(colors.primary) ? colors.primary : null);
  const background = full ? colors.background : '#ffffff';
  if (full) {
    const ratio = contrast(colors.text, colors.background);
    // Secondary text is a mix of text into background only while that stays well above 4.5:1.
    const soft = ratio >= 9 ? 78 : ratio >= 7 ? 88 : 100;
    props.push(['--bg', colors.background], ['--card', colors.surface], ['--ink', colors.text],
      ['--ink-2', `color-mix(in srgb, ${colors.text} ${Math.min(100, soft + 10)}%, ${colors.background})`],
      ['--muted', `color-mix(in srgb, ${colors.text} ${soft}%, ${colors.background})`],
      ['--line', `color-mix(in srgb, ${colors.text} 16%, ${colors.surface})`],
      ['--progress', isColor(colors.accent) ? colors.accent : colors.primary]);
  }
  if (primary) {
    props.push(['--accent', primary], ['--on-accent', onColor(primary)]);
    // Links and focus rings: the primary when it reads on the background, else the text colour
    // (on the default light page a darker mix of the primary, as before themes).
    const ink = full
      ? (contrast(primary, background) >= 4.5 ? primary : colors.text)
      : (luminance(primary) > 0.18 ? `color-mix(in srgb, ${primary} 45%, #000)` : primary);
    props.push(['--accent-ink', ink]);
    if (!full) props.push(['--progress', primary]);
  }
  if (theme && theme.fontStacks && theme.fontStacks.body) {
    props.push(['--font-body', theme.fontStacks.body], ['--font-heading', theme.fontStacks.heading || theme.fontStacks.body]);
  }
  if (theme && RADII[theme.cornerStyle]) {
    const [button, card] = RADII[theme.cornerStyle];
    props.push(['--btn-radius', button], ['--radius', card]);
  }
  return props;
}

/** The properties as an inline style string (the builder's preview stage). */
export function themeStyle(theme, override) {
  return themeProperties(theme, override).map(([k, v]) => `${k}: ${v};`).join(' ');
}

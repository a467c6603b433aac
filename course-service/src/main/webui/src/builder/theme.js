// The course's theme colour as CSS variables for a preview (the same rules as ui/Shell.jsx applyTheme,
// scoped to one element instead of the page).
export const isColor = (c) => typeof c === 'string' && /^#[0-9a-fA-F]{6}$/.test(c);

export function themeVars(color) {
  if (!isColor(color)) return '';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const on = (1.05 / (lum + 0.05)) >= ((lum + 0.05) / 0.05) ? '#ffffff' : '#111827';
  const ink = lum > 0.18 ? `color-mix(in srgb, ${color} 45%, #000)` : color;
  return `--accent: ${color}; --on-accent: ${on}; --accent-ink: ${ink};`;
}

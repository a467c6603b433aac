// The layout picker: a modal dialog with category filters and a grid of layouts, each with a
// scaled-down preview of the screen it makes, rendered by the player's own element renderer.
import { useMemo, useRef, useState } from 'preact/hooks';
import { Elements, ordered } from '../ui/Elements.jsx';
import { useModal } from './dialog.js';
import { Icon } from './icons.jsx';
import './editor.css';
import { t } from '../lib/labels.js';
import '../labels/builder.js';

const CATEGORY_NAMES = { text: () => t('Text'), media: () => t('Media'), interactive: () => t('Interactive'), quiz: () => t('Quiz') };
export const categoryName = (c) => (CATEGORY_NAMES[c] ? CATEGORY_NAMES[c]() : c ? c.charAt(0).toUpperCase() + c.slice(1) : t('Other'));
const ROLE_NAMES = { cover: () => t('cover'), question: () => t('question'), results: () => t('results') };
const roleName = (r) => (ROLE_NAMES[r] ? ROLE_NAMES[r]() : r || t('screen'));

const PREVIEW_CTX = {
  firstHeadingIsTitle: true,
  action: () => {},
  question: () => ({ selected: [], onChange: () => {}, locked: false }),
  quizResults: (el) => (
    <section class="results-card"><p class="block-title">{el.title || t('Your score')}</p><p class="score"><span class="score-value">80%</span></p></section>
  )
};

function Preview({ screen }) {
  if (!screen) return <div class="layout-preview" aria-hidden="true" />;
  const els = ordered(screen.elements);
  const headingFirst = els[0] && els[0].type === 'heading';
  return (
    <div class="layout-preview" aria-hidden="true" inert>
      <div class="layout-preview-inner screen-body">
        {!headingFirst && screen.title && <p class="screen-title preview-title">{screen.title}</p>}
        <Elements screen={screen} ctx={{ ...PREVIEW_CTX, firstHeadingIsTitle: headingFirst }} />
      </div>
    </div>
  );
}

let n = 0;

/**
 * LayoutPicker({layouts, onChoose(layout), onCancel, title = 'Choose a layout'}): a modal dialog.
 * Arrow keys move through the grid, Enter or Space chooses, Escape cancels; focus returns to
 * where it was. Options are named by the layout name.
 */
export function LayoutPicker({ layouts, onChoose, onCancel, title = t('Choose a layout') }) {
  const [uid] = useState(() => `lp-${++n}`);
  const all = Array.isArray(layouts) ? layouts : [];
  const categories = useMemo(() => Array.from(new Set(all.map((l) => l.category))), [layouts]);
  const [category, setCategory] = useState(null);
  const shown = category ? all.filter((l) => l.category === category) : all;
  const [active, setActive] = useState(0);
  const options = useRef([]);
  const ref = useModal({
    onEscape: onCancel,
    initialFocus: () => options.current[0] || null
  });
  const at = Math.min(active, Math.max(0, shown.length - 1));

  const columns = () => {
    const items = options.current.filter(Boolean);
    if (items.length < 2) return 1;
    const top = items[0].offsetTop;
    const c = items.findIndex((x) => x.offsetTop !== top);
    return c < 0 ? items.length : c;
  };
  const focusAt = (i) => {
    const k = Math.max(0, Math.min(shown.length - 1, i));
    setActive(k);
    const el = options.current[k];
    if (el) { el.focus(); el.scrollIntoView({ block: 'nearest' }); }
  };
  const onGridKey = (e) => {
    const cols = columns();
    switch (e.key) {
      case 'ArrowRight': e.preventDefault(); focusAt(at + 1); break;
      case 'ArrowLeft': e.preventDefault(); focusAt(at - 1); break;
      case 'ArrowDown': e.preventDefault(); focusAt(at + cols); break;
      case 'ArrowUp': e.preventDefault(); focusAt(at - cols); break;
      case 'Home': e.preventDefault(); focusAt(0); break;
      case 'End': e.preventDefault(); focusAt(shown.length - 1); break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        if (shown[at]) onChoose(shown[at]);
        break;
      default:
    }
  };
  const filter = (c) => {
    setCategory(c);
    setActive(0);
    options.current = [];
  };

  return (
    <div class="modal-layer">
      <div class="modal-backdrop" onClick={onCancel} />
      <div ref={ref} class="modal modal-wide picker" role="dialog" aria-modal="true" aria-labelledby={`${uid}-title`} aria-describedby={`${uid}-help`}>
        <div class="modal-head">
          <h2 id={`${uid}-title`} class="modal-title">{title}</h2>
          {onCancel && (
            <button type="button" class="icon-btn" onClick={onCancel}>
              <Icon name="x" /><span class="visually-hidden">{t('Close')}</span>
            </button>
          )}
        </div>
        <p id={`${uid}-help`} class="muted picker-help">{t('Pick a starting point; you can change every word and element afterwards. Arrow keys move, Enter chooses.')}</p>
        <div class="picker-filters" role="group" aria-label={t('Show layouts of a category')}>
          <button type="button" class="chip" aria-pressed={category === null ? 'true' : 'false'} onClick={() => filter(null)}>{t('All')}</button>
          {categories.map((c) => (
            <button key={c} type="button" class="chip" aria-pressed={category === c ? 'true' : 'false'} onClick={() => filter(c)}>{categoryName(c)}</button>
          ))}
        </div>
        <p class="visually-hidden" role="status">{category
          ? (shown.length === 1 ? t('1 layout in {category}', { category: categoryName(category) }) : t('{n} layouts in {category}', { n: shown.length, category: categoryName(category) }))
          : (shown.length === 1 ? t('1 layout') : t('{n} layouts', { n: shown.length }))}</p>
        <div class="picker-grid" role="listbox" aria-label={t('Layouts')} onKeyDown={onGridKey}>
          {shown.map((l, i) => {
            const screens = Array.isArray(l.screens) ? l.screens : [];
            return (
              <div key={l.id} role="option" class="layout-option" tabIndex={i === at ? 0 : -1} aria-selected={i === at ? 'true' : 'false'}
                aria-describedby={`${uid}-${l.id}-desc`}
                ref={(r) => (options.current[i] = r)} onFocus={() => setActive(i)} onClick={() => onChoose(l)}>
                <Preview screen={screens[0]} />
                <span class="layout-name" id={`${uid}-${l.id}-name`}>{l.name}</span>
                <span class="layout-meta" id={`${uid}-${l.id}-desc`} aria-hidden="true">
                  {categoryName(l.category)}{screens.length > 1 ? ` · ${t('{n} screens: {roles}', { n: screens.length, roles: screens.map((s) => roleName(s.group && s.group.role)).join(', ') })}` : ''}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

// "Add element": a menu button listing every element type of the catalogue (ARIA menu pattern).
import { useEffect, useRef, useState } from 'preact/hooks';
import { TYPE_NAMES, TYPE_ICONS } from './types.js';
import { Icon } from './icons.jsx';
import { typeLabel } from './typeLabels.js';
import { t as tr } from '../lib/labels.js';
import './editor.css';

let n = 0;

export function typesOf(catalogue) {
  const known = Object.keys(TYPE_NAMES);
  const fromCatalogue = catalogue && Array.isArray(catalogue.elementTypes) ? catalogue.elementTypes.map((t) => t.type) : known;
  // The catalogue decides what exists; the menu shows them in a reading-friendly order.
  return fromCatalogue.slice().sort((a, b) => {
    const ia = known.indexOf(a), ib = known.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
}

export function AddElementMenu({ catalogue, onAdd, label = tr('Add element') }) {
  const [open, setOpen] = useState(false);
  const [uid] = useState(() => `addmenu-${++n}`);
  const button = useRef(null);
  const items = useRef([]);
  const wrap = useRef(null);
  const types = typesOf(catalogue);

  const focusItem = (i) => {
    const k = (i + types.length) % types.length;
    items.current[k] && items.current[k].focus();
  };
  const openMenu = (at = 0) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(at));
  };
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus && button.current) button.current.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e) => { if (wrap.current && !wrap.current.contains(e.target)) setOpen(false); };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onButtonKey = (e) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); openMenu(0); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); openMenu(types.length - 1); }
  };
  const onMenuKey = (e) => {
    const i = items.current.indexOf(document.activeElement);
    if (e.key === 'ArrowDown') { e.preventDefault(); focusItem(i + 1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); focusItem(i - 1); }
    else if (e.key === 'Home') { e.preventDefault(); focusItem(0); }
    else if (e.key === 'End') { e.preventDefault(); focusItem(types.length - 1); }
    else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
    else if (e.key === 'Tab') { setOpen(false); }
    else if (e.key.length === 1 && /\S/.test(e.key)) {
      // Type-ahead: the next item starting with the letter.
      const ch = e.key.toLowerCase();
      for (let k = 1; k <= types.length; k++) {
        const j = (i + k) % types.length;
        if (typeLabel(types[j]).toLowerCase().startsWith(ch)) { focusItem(j); break; }
      }
    }
  };
  const choose = (type) => {
    setOpen(false);
    onAdd(type);
  };

  return (
    <div class="add-menu" ref={wrap}>
      <button ref={button} type="button" class="btn btn-secondary add-menu-button" id={`${uid}-button`}
        aria-haspopup="menu" aria-expanded={open ? 'true' : 'false'} aria-controls={open ? `${uid}-menu` : undefined}
        onClick={() => (open ? close() : openMenu(0))} onKeyDown={onButtonKey}>
        <Icon name="plus" /> {label}
      </button>
      {open && (
        <div class="menu" role="menu" id={`${uid}-menu`} aria-labelledby={`${uid}-button`} onKeyDown={onMenuKey}>
          {types.map((t, i) => (
            <button key={t} type="button" role="menuitem" tabIndex={-1} class="menu-item" ref={(r) => (items.current[i] = r)}
              onClick={() => choose(t)}>
              <span class="type-icon" aria-hidden="true">{TYPE_ICONS[t] || '•'}</span>{typeLabel(t)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

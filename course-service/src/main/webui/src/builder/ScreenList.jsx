// The course outline: a listbox of the screens (selection follows focus), reordered by drag and
// drop, Alt+ArrowUp/Down or the Move buttons; the builder announces each new position.
import { useEffect, useRef, useState } from 'preact/hooks';
import { screenTitle } from './doc.js';
import { Icon } from './Icons.jsx';
import { t } from '../lib/labels.js';

const ROLE = { cover: () => t('Quiz cover'), question: () => t('Quiz question'), results: () => t('Quiz results') };

function meta(screen) {
  const n = (screen.elements || []).length;
  const role = screen.group && ROLE[screen.group.role] && ROLE[screen.group.role]();
  const kind = role || (screen.type === 'blocksQuiz' ? t('Quiz') : null);
  const count = n === 1 ? t('1 element') : t('{n} elements', { n });
  return `${kind ? `${kind} · ` : ''}${count}`;
}

/**
 * props: screens, selectedId, onSelect(id), onMove(id, toIndex, how), onOpen(id) (Enter: edit it),
 *        focusRequest {id, n} (focus the option after a change made elsewhere)
 */
export function ScreenList({ screens, selectedId, onSelect, onMove, onOpen, focusRequest }) {
  const list = useRef(null);
  const [drag, setDrag] = useState(null); // {id, over, after}
  const selectedIndex = Math.max(0, screens.findIndex((s) => s.id === selectedId));

  const focusOption = (id) => {
    requestAnimationFrame(() => {
      const el = list.current && list.current.querySelector(`[data-screen-id="${CSS.escape(id)}"]`);
      if (el) { el.focus({ preventScroll: true }); el.scrollIntoView({ block: 'nearest' }); }
    });
  };
  useEffect(() => { if (focusRequest && focusRequest.id) focusOption(focusRequest.id); }, [focusRequest]);

  const onKeyDown = (e) => {
    const i = selectedIndex;
    const last = screens.length - 1;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = e.key === 'ArrowUp' ? i - 1 : i + 1;
      if (to >= 0 && to <= last) { onMove(screens[i].id, to); focusOption(screens[i].id); }
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const go = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: last, PageUp: i - 5, PageDown: i + 5 }[e.key];
    if (go != null) {
      e.preventDefault();
      const to = Math.max(0, Math.min(last, go));
      onSelect(screens[to].id);
      focusOption(screens[to].id);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onOpen(screens[i].id);
    }
  };

  const dragOver = (e, s) => {
    if (!drag) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const r = e.currentTarget.getBoundingClientRect();
    const after = e.clientY > r.top + r.height / 2;
    if (drag.over !== s.id || drag.after !== after) setDrag({ ...drag, over: s.id, after });
  };
  const drop = (e, s) => {
    e.preventDefault();
    if (!drag) return;
    const from = screens.findIndex((x) => x.id === drag.id);
    let to = screens.findIndex((x) => x.id === s.id) + (drag.after ? 1 : 0);
    if (from < to) to -= 1;
    setDrag(null);
    if (from >= 0 && to !== from) onMove(drag.id, to);
    onSelect(drag.id);
  };

  return (
    <ol ref={list} class="b-screens" role="listbox" aria-label={t('Screens')} aria-describedby="screens-hint" onKeyDown={onKeyDown}>
      {screens.map((s, i) => {
        const selected = s.id === selectedId;
        const over = drag && drag.over === s.id && drag.id !== s.id;
        return (
          <li key={s.id} role="option" id={`screen-option-${i}`} data-screen-id={s.id} aria-selected={selected ? 'true' : 'false'}
            tabIndex={i === selectedIndex ? 0 : -1}
            class={`b-screen${selected ? ' is-selected' : ''}${over ? (drag.after ? ' drop-after' : ' drop-before') : ''}${drag && drag.id === s.id ? ' is-dragging' : ''}`}
            draggable
            onClick={() => onSelect(s.id)}
            onDragStart={(e) => { e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', s.id); setDrag({ id: s.id }); }}
            onDragOver={(e) => dragOver(e, s)}
            onDrop={(e) => drop(e, s)}
            onDragEnd={() => setDrag(null)}>
            <span class="b-grip" aria-hidden="true"><Icon name="grip" size={16} /></span>
            <span class="b-screen-num" aria-hidden="true">{i + 1}</span>
            <span class="b-screen-text">
              <span class="b-screen-title">{screenTitle(s, i)}</span>
              <span class="b-screen-meta" aria-hidden="true">{meta(s)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

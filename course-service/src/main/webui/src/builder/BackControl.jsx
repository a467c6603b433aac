// The back control of the embed URL's `back` option, as in the player: `event` posts course:back to
// the parent (parentOrigin only), `native` goes back in the frame's history, an http(s) URL is a
// link, `hidden` or none shows nothing. Pending changes are saved first.
import { useMemo } from 'preact/hooks';
import { eventSender } from '../lib/events.js';
import { Icon } from './Icons.jsx';
import { t } from '../lib/labels.js';

export function BackControl({ options, courseId, beforeLeave }) {
  const back = options && options.back;
  const send = useMemo(() => eventSender(options && options.parentOrigin, { courseId }), [options, courseId]);
  const settle = async () => { if (beforeLeave) { try { await beforeLeave(); } catch (e) { /* leave anyway; the page saves on pagehide */ } } };
  if (!back || back === 'hidden') return null;
  const inner = <><Icon name="back" size={16} /> {t('[navigation] Back')}</>;
  if (back === 'event') return <button type="button" class="b-back" onClick={async () => { await settle(); send('course:back'); }}>{inner}</button>;
  if (back === 'native') return <button type="button" class="b-back" onClick={async () => { await settle(); history.back(); }}>{inner}</button>;
  if (/^https?:\/\//i.test(back)) return <a class="b-back" href={back} target="_top">{inner}</a>;
  return null;
}

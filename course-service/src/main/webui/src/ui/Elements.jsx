// Renders the elements of one Builder 2 screen, in reading order.
import { useState, useRef } from 'preact/hooks';
import { sanitize, hasText, isAssetUrl, isHttpUrl } from '../lib/sanitize.js';
import { Question } from './Question.jsx';
import { srcsetOf, sizesOf } from '../lib/media.js';
import { t } from '../lib/labels.js';

let uid = 0;
const nextId = (p) => `${p}-${++uid}`;

export function Html({ html, class: cls }) {
  if (!hasText(html)) return null;
  return <div class={`rich ${cls || ''}`} dangerouslySetInnerHTML={{ __html: sanitize(html) }} />;
}

/** Plain text that may carry line breaks (transcripts, feedback). */
export function Plain({ text, class: cls }) {
  if (!text) return null;
  return <p class={cls} style="white-space: pre-line">{text}</p>;
}

/** Elements in reading order: by layout row, then column; the document order breaks ties. */
export function ordered(elements) {
  return (elements || [])
    .map((e, i) => ({ e, i }))
    .sort((a, b) => {
      const la = a.e.layout, lb = b.e.layout;
      if (!la || !lb) return a.i - b.i;
      return (la.y - lb.y) || (la.x - lb.x) || (a.i - b.i);
    })
    .map((x) => x.e);
}

/** Runs of adjacent accordion, tabs and timeline elements become one widget. */
export function groupRuns(elements) {
  const out = [];
  for (const el of elements) {
    const last = out[out.length - 1];
    if (['accordion', 'tabs', 'timeline'].includes(el.type) && last && last.group === el.type) {
      last.items.push(el);
    } else if (['accordion', 'tabs', 'timeline'].includes(el.type)) {
      out.push({ group: el.type, items: [el], id: el.id });
    } else {
      out.push(el);
    }
  }
  return out;
}

/**
 * A screen's or an element's medium. A library picture has a srcset of its widths and its size
 * (so its space is kept while it loads); a decorative one has an empty alt.
 */
export function Media({ asset, alt, title, hero, decorative }) {
  if (!asset || !isAssetUrl(asset.url)) return null;
  const mime = asset.mime || '';
  if (mime.startsWith('video/') || /\.(mp4|webm|m4v|mov)(\?|$)/i.test(asset.url)) {
    return <video class={hero ? 'hero-media' : 'media'} src={asset.url} controls preload="metadata" playsInline
      aria-label={alt || title || t('Video')} />;
  }
  if (mime.startsWith('audio/')) {
    return <audio class="media-audio" src={asset.url} controls preload="metadata" aria-label={alt || title || t('Audio')} />;
  }
  const srcset = srcsetOf(asset);
  const sized = asset.width > 0 && asset.height > 0;
  return <img class={hero ? 'hero-media' : 'media'} src={asset.url} srcset={srcset} sizes={srcset ? sizesOf(hero ? 'hero' : 'element') : undefined}
    width={sized ? asset.width : undefined} height={sized ? asset.height : undefined}
    alt={decorative ? '' : alt || asset.altText || ''} loading="lazy" decoding="async" />;
}

function Transcript({ text }) {
  if (!text) return null;
  return (
    <details class="transcript">
      <summary>{t('Transcript')}</summary>
      <Plain text={text} />
    </details>
  );
}

function Flipcard({ el }) {
  const [flipped, setFlipped] = useState(false);
  return (
    <div class="flipcard-wrap">
      <button type="button" class={`flipcard ${flipped ? 'is-flipped' : ''}`} aria-pressed={flipped ? 'true' : 'false'}
        onClick={() => setFlipped(!flipped)}>
        <span class="flipcard-inner">
          <span class="face front" aria-hidden={flipped ? 'true' : undefined}>
            {el.asset && isAssetUrl(el.asset.url) && (
              <img src={el.asset.url} srcset={srcsetOf(el.asset)} sizes={srcsetOf(el.asset) ? sizesOf('card') : undefined}
                alt={el.decorative ? '' : el.asset.altText || ''} />
            )}
            <span class="face-text">{el.title}</span>
          </span>
          <span class="face back" aria-hidden={flipped ? undefined : 'true'}>
            <span class="face-text">{el.cardBack}</span>
          </span>
        </span>
        <span class="visually-hidden">{' '}{flipped ? t('(back of the card)') : t('(front of the card; press to flip)')}</span>
      </button>
      <span class="flip-hint" aria-hidden="true">{flipped ? t('Showing the back · select to flip') : t('Select to flip')}</span>
    </div>
  );
}

function Accordion({ items }) {
  return (
    <div class="accordion">
      {items.map((el) => (
        <details key={el.id} class="accordion-item" open={!!el.expanded}>
          <summary><span>{el.title}</span></summary>
          <div class="accordion-body"><Html html={el.description} /></div>
        </details>
      ))}
    </div>
  );
}

function Tabs({ items }) {
  const [active, setActive] = useState(0);
  const [base] = useState(() => nextId('tabs'));
  const refs = useRef([]);
  const move = (i) => {
    const n = (i + items.length) % items.length;
    setActive(n);
    refs.current[n] && refs.current[n].focus();
  };
  const onKey = (e) => {
    if (e.key === 'ArrowRight') { e.preventDefault(); move(active + 1); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); move(active - 1); }
    else if (e.key === 'Home') { e.preventDefault(); move(0); }
    else if (e.key === 'End') { e.preventDefault(); move(items.length - 1); }
  };
  return (
    <div class="tabs">
      <div role="tablist" class="tablist" onKeyDown={onKey}>
        {items.map((el, i) => (
          <button key={el.id} type="button" role="tab" id={`${base}-t${i}`} aria-selected={i === active ? 'true' : 'false'}
            aria-controls={`${base}-p${i}`} tabIndex={i === active ? 0 : -1} ref={(r) => (refs.current[i] = r)}
            onClick={() => setActive(i)}>{el.title || t('Tab {n}', { n: i + 1 })}</button>
        ))}
      </div>
      {items.map((el, i) => (
        <div key={el.id} role="tabpanel" id={`${base}-p${i}`} aria-labelledby={`${base}-t${i}`} hidden={i !== active}
          tabIndex={0} class="tabpanel"><Html html={el.description} /></div>
      ))}
    </div>
  );
}

function Timeline({ items }) {
  return (
    <ol class="timeline">
      {items.map((el) => (
        <li key={el.id}>
          <span class="timeline-dot" aria-hidden="true" />
          <p class="timeline-title">{el.title}</p>
          <Html html={el.description} />
        </li>
      ))}
    </ol>
  );
}

const TONES = { info: () => t('Note'), tip: () => t('Tip'), warning: () => t('Warning') };

function Embed({ el }) {
  const ok = typeof el.url === 'string' && /^https:\/\//i.test(el.url);
  let host;
  try { host = ok ? new URL(el.url).hostname : ''; } catch (e) { host = ''; }
  return (
    <div class="embed-card">
      <p class="embed-title">{el.title || t('External content')}</p>
      {ok && host ? (
        <p>
          {t('This content cannot be shown inside the course.')}{' '}
          <a href={el.url} target="_blank" rel="noopener noreferrer">{t('Open it on {host}', { host })}<span class="visually-hidden"> {t('(opens in a new tab)')}</span></a>
        </p>
      ) : <p>{t('This content is not available.')}</p>}
    </div>
  );
}

/**
 * ctx: {headingShift, firstHeadingIsTitle, action(el) for buttons without a URL,
 *       question: (el) => props for Question, quizResults: (el) => node}
 */
export function Element({ el, ctx, first }) {
  switch (el.group || el.type) {
    case 'heading': {
      const lvl = first && ctx.firstHeadingIsTitle ? 1 : Math.min(6, Math.max(2, (el.level || 2) + 1));
      const H = `h${lvl}`;
      return <H class={`heading heading-${lvl}`} tabIndex={lvl === 1 ? -1 : undefined} data-screen-title={lvl === 1 ? '' : undefined}>{el.title}</H>;
    }
    case 'text':
      return (
        <section class="block-text">
          {el.title && <h2 class="block-title">{el.title}</h2>}
          <Html html={el.description} />
        </section>
      );
    case 'image':
      return (
        <figure class="figure">
          <Media asset={el.asset} alt={el.altText} decorative={el.decorative} />
          {el.title && <figcaption>{el.title}</figcaption>}
          <Html html={el.description} />
        </figure>
      );
    case 'video':
    case 'audio':
      return (
        <figure class="figure">
          {el.title && <figcaption class="media-title">{el.title}</figcaption>}
          {el.asset && isAssetUrl(el.asset.url) && (el.type === 'video'
            ? <video class="media" src={el.asset.url} controls preload="metadata" playsInline aria-label={el.title || t('Video')} />
            : <audio class="media-audio" src={el.asset.url} controls preload="metadata" aria-label={el.title || t('Audio')} />)}
          <Html html={el.description} />
          <Transcript text={el.transcript} />
        </figure>
      );
    case 'flipcard':
      return <Flipcard el={el} />;
    case 'accordion':
      return <Accordion items={el.items || [el]} />;
    case 'tabs':
      return <Tabs items={el.items || [el]} />;
    case 'timeline':
      return <Timeline items={el.items || [el]} />;
    case 'quote':
      return (
        <figure class="quote">
          <blockquote><Html html={el.description} /></blockquote>
          {el.title && <figcaption>— {el.title}</figcaption>}
        </figure>
      );
    case 'list':
      return (
        <section class={`block-list ${el.ordered ? 'is-ordered' : ''}`}>
          {el.title && <h2 class="block-title">{el.title}</h2>}
          <Html html={el.description} />
        </section>
      );
    case 'callout': {
      const tone = TONES[el.tone] ? el.tone : 'info';
      return (
        <aside class={`callout callout-${tone}`} aria-label={TONES[tone]()}>
          <span class="callout-icon" aria-hidden="true">{tone === 'warning' ? '!' : tone === 'tip' ? '★' : 'i'}</span>
          <div>
            {el.title && <p class="callout-title">{el.title}</p>}
            <Html html={el.description} />
          </div>
        </aside>
      );
    }
    case 'button':
      if (isHttpUrl(el.url)) {
        return (
          <p class="block-button">
            <a class="btn btn-primary" href={el.url} target={el.newWindow ? '_blank' : '_top'} rel="noopener noreferrer">
              {el.title || t('Open')}{el.newWindow && <span class="visually-hidden"> {t('(opens in a new tab)')}</span>}
            </a>
          </p>
        );
      }
      return ctx.action ? (
        <p class="block-button">
          <button type="button" class="btn btn-primary" onClick={() => ctx.action(el)}>{el.title || t('Continue')}</button>
        </p>
      ) : null;
    case 'divider':
      return <hr class="divider" />;
    case 'embed':
      return <Embed el={el} />;
    case 'timeEstimate':
      return (
        <p class="time-estimate">
          <span class="clock" aria-hidden="true" />
          {el.title ? `${el.title}: ` : <span class="visually-hidden">{t('Estimated time:')} </span>}
          {t('{n} min', { n: el.minutes || 0 })}
        </p>
      );
    case 'question':
      return <Question el={el} {...ctx.question(el)} />;
    case 'quizResults':
      return ctx.quizResults ? ctx.quizResults(el) : null;
    default:
      return null;
  }
}

export function Elements({ screen, ctx }) {
  const list = groupRuns(ordered(screen.elements));
  return list.map((el, i) => <Element key={el.id || i} el={el} ctx={ctx} first={i === 0} />);
}

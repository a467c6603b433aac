// The draft in the course player (the player's own components, nothing recorded): a full-screen
// dialog opened from the toolbar, and the stage the migration panel reuses.
import { useMemo, useState } from 'preact/hooks';
import { Player } from '../ui/Player.jsx';
import { Modal } from './Modal.jsx';
import { Icon } from './Icons.jsx';
import { themeVars } from './theme.js';
import { t } from '../lib/labels.js';

/**
 * The player in a box: the stage is transformed, so the player's fixed pager and sticky top bar
 * stay inside it rather than on the builder's page.
 */
export function PlayerStage({ doc, themes, startIndex = 0, locale, width = 'full', label }) {
  const data = useMemo(() => ({
    mode: 'preview', document: doc, locale: locale || doc.locale || 'en', options: { back: 'hidden' },
    theme: doc.theme || {}, progress: { screenIndex: startIndex }
  }), [doc, locale, startIndex]);
  return (
    <div class={`b-stage is-${width}`} style={themeVars(doc, themes)} role="region" aria-label={label || t('Course preview')}>
      <div class="b-stage-scroll">
        <Player key={`${startIndex}:${locale || ''}`} data={data} local startIndex={startIndex} />
      </div>
    </div>
  );
}

export function PreviewDialog({ doc, themes, startIndex, locale, onClose }) {
  // The preview shows the draft as it was when it opened.
  const [snapshot] = useState(doc);
  const [width, setWidth] = useState('full');
  return (
    <Modal labelledBy="preview-title" class="b-preview" onCancel={onClose} initialFocus="[data-close-preview]">
      <div class="b-preview-bar">
        <h2 id="preview-title" class="b-preview-title"><Icon name="eye" /> {t('Preview')}</h2>
        <div class="b-seg" role="group" aria-label={t('Preview width')}>
          <button type="button" aria-pressed={width === 'full' ? 'true' : 'false'} onClick={() => setWidth('full')}>
            <Icon name="monitor" size={16} /> <span>{t('Full width')}</span>
          </button>
          <button type="button" aria-pressed={width === 'phone' ? 'true' : 'false'} onClick={() => setWidth('phone')}>
            <Icon name="phone" size={16} /> <span>{t('Phone')}</span>
          </button>
        </div>
        <button type="button" class="btn btn-primary b-close" data-close-preview="" onClick={onClose}>
          <Icon name="close" /> {t('Close preview')}
        </button>
      </div>
      <PlayerStage doc={snapshot} themes={themes} startIndex={startIndex} locale={locale} width={width} label={t('Course player')} />
    </Modal>
  );
}

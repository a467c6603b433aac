// A live preview of one screen with the player's own components (nothing is recorded): flip
// cards flip, questions can be tried and checked against the correct flags.
import { useState } from 'preact/hooks';
import { Elements, Media, ordered } from '../ui/Elements.jsx';
import { grade } from '../ui/Question.jsx';
import './editor.css';
import { t } from '../lib/labels.js';
import '../labels/builder.js';

export function ScreenPreview({ screen }) {
  const [answers, setAnswers] = useState({});
  const [checked, setChecked] = useState({});
  if (!screen) return null;
  const els = ordered(screen.elements);
  const headingFirst = !!(els[0] && els[0].type === 'heading');
  const ctx = {
    firstHeadingIsTitle: false,
    action: () => {},
    question: (el) => ({
      selected: answers[el.id] || [],
      onChange: (ids) => setAnswers({ ...answers, [el.id]: ids }),
      locked: !!checked[el.id],
      result: checked[el.id] ? grade(el, answers[el.id]) : null,
      onCheck: () => setChecked({ ...checked, [el.id]: true }),
      onRetry: () => { setChecked({ ...checked, [el.id]: false }); setAnswers({ ...answers, [el.id]: [] }); }
    }),
    quizResults: (el) => (
      <section class="results-card">
        <p class="block-title">{el.title || t('Your score')}</p>
        <p class="score"><span class="score-value">80%</span></p>
        {el.passPercent != null && <p class="verdict pass">{t('Passed — {percent}% needed', { percent: el.passPercent })}</p>}
        {el.description && <p class="muted">{el.description}</p>}
        <p class="muted preview-note">{t('Learners see their own score here.')}</p>
      </section>
    )
  };
  return (
    <div class={`preview-screen screen ${headingFirst ? 'heading-first' : ''}`}>
      {screen.asset && <div class="hero"><Media asset={screen.asset} alt={screen.assetAltText} decorative={screen.assetDecorative} hero /></div>}
      <div class="screen-body">
        {!headingFirst && <p class="screen-title">{screen.title || t('Untitled screen')}</p>}
        {screen.description && <p class="screen-description">{screen.description}</p>}
        <Elements key={screen.id} screen={screen} ctx={ctx} />
      </div>
    </div>
  );
}

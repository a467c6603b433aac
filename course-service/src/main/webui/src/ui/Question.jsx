// One question: a radio group (single choice) or checkboxes (multiple), with accessible feedback.
import { useState } from 'preact/hooks';
import { t } from '../lib/labels.js';

let n = 0;

/**
 * props: el, selected [ids], onChange(ids), locked, result {correct, correctAnswers, feedback?} | null,
 *        onCheck() (course player; absent in the quiz player), onRetry(), message (status text)
 */
export function Question({ el, selected = [], onChange, locked, result, onCheck, onRetry, message, showFeedback = true }) {
  const [id] = useState(() => `q${++n}`);
  const multiple = !!el.multiple;
  const answers = Array.isArray(el.answers) ? el.answers : [];
  const toggle = (aid, checked) => {
    if (locked) return;
    if (multiple) onChange(checked ? [...selected.filter((x) => x !== aid), aid] : selected.filter((x) => x !== aid));
    else onChange([aid]);
  };
  const correctSet = result && Array.isArray(result.correctAnswers) ? result.correctAnswers : null;
  // A learner's document has no feedback: the server's grading carries it once answered.
  const feedback = result && typeof result.feedback === 'string' ? result.feedback : el.feedback;
  const rightText = correctSet ? answers.filter((a) => correctSet.includes(a.id)).map((a) => a.text).join(', ') : '';
  return (
    <div class={`question ${result ? (result.correct ? 'is-correct' : result.correct === false ? 'is-incorrect' : '') : ''}`}>
      <fieldset aria-describedby={`${id}-hint`}>
        <legend class="question-text">{el.question || el.title || t('Question')}</legend>
        {el.question && el.title && <p class="question-title">{el.title}</p>}
        <p class="question-hint" id={`${id}-hint`}>{multiple ? t('Select all that apply.') : t('Select one answer.')}</p>
        <div class="choices">
          {answers.map((a) => {
            const isSel = selected.includes(a.id);
            const isRight = correctSet ? correctSet.includes(a.id) : null;
            const mark = result && correctSet
              ? (isRight ? (isSel ? t('Your answer, correct') : t('Correct answer')) : (isSel ? t('Your answer, incorrect') : ''))
              : '';
            return (
              <label key={a.id} class={`choice ${isSel ? 'is-selected' : ''} ${mark ? (isRight ? 'mark-right' : 'mark-wrong') : ''} ${locked ? 'is-locked' : ''}`}>
                <input type={multiple ? 'checkbox' : 'radio'} name={id} value={a.id} checked={isSel}
                  aria-disabled={locked ? 'true' : undefined}
                  onClick={(e) => { if (locked) e.preventDefault(); }}
                  onChange={(e) => toggle(a.id, e.currentTarget.checked)} />
                <span class="choice-text">{a.text}</span>
                {mark && <span class="choice-mark">{isRight ? '✓' : '✕'} {mark}</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
      {(onCheck || onRetry) && (
        <div class="question-actions">
          {!locked && onCheck && <button type="button" class="btn btn-primary" onClick={onCheck}>{t('Check answer')}</button>}
          {locked && onRetry && <button type="button" class="btn btn-secondary" onClick={onRetry}>{t('Try again')}</button>}
        </div>
      )}
      <div class="question-feedback" role="status" aria-live="polite">
        {message && <p class="feedback-note">{message}</p>}
        {result && result.correct != null && (
          <div class={`feedback ${result.correct ? 'feedback-right' : 'feedback-wrong'}`}>
            <p class="feedback-verdict">{result.correct ? t('Correct.') : t('Not quite.')}
              {!result.correct && correctSet && correctSet.length > 0 && (
                <span> {correctSet.length > 1 ? t('The correct answers are: {answers}.', { answers: rightText }) : t('The correct answer is: {answers}.', { answers: rightText })}</span>
              )}
            </p>
            {showFeedback && feedback && <p class="feedback-text">{feedback}</p>}
          </div>
        )}
        {result && result.correct == null && <p class="feedback-note">{t('Answer saved.')}</p>}
      </div>
    </div>
  );
}

/**
 * Grades in the page when the document carries `correct` flags (the builder's preview, a static
 * SCORM package); {correct: null} when it does not (a learner's session: the server grades).
 */
export function grade(el, selected) {
  const answers = Array.isArray(el.answers) ? el.answers : [];
  if (!answers.some((a) => typeof a.correct === 'boolean')) return { correct: null, correctAnswers: null };
  const right = answers.filter((a) => a.correct).map((a) => a.id);
  const sel = new Set(selected || []);
  const correct = right.length === sel.size && right.every((x) => sel.has(x));
  return { correct, correctAnswers: right };
}

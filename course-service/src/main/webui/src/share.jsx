// The share page (/play/share#code=…): a public link to a published course (docs/share-links.md).
// The code stays in the fragment (never sent to a server) so the link can be reopened; the learner
// id the exchange answers is kept in localStorage per link, so reopening resumes the same
// tracking record instead of using the link up again.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './styles.css';
import { ApiError, post, refusal } from './lib/api.js';
import { Player } from './ui/Player.jsx';
import { serverTracker } from './lib/serverTracker.js';
import { MessagePage, applyTheme, focusTitle, playerLabels } from './ui/Shell.jsx';
import { t } from './lib/labels.js';

playerLabels(null);

function codeOf() {
  const match = /(?:^#|&)code=([A-Za-z0-9_-]+)/.exec(location.hash || '');
  return match ? match[1] : null;
}

function learnerKey(code) {
  return `course-platform:share:${code}`;
}

async function openShared() {
  const code = codeOf();
  if (!code) throw new ApiError(0, 'missing', null);
  let learner = null;
  try {
    learner = localStorage.getItem(learnerKey(code));
  } catch (e) {
    /* storage disabled: each visit is a new learner */
  }
  const body = learner && /^[0-9a-f]{32}$/.test(learner) ? { code, learner } : { code };
  const answer = await post('/v1/headless/player/share-sessions', body);
  try {
    localStorage.setItem(learnerKey(code), answer.learner);
  } catch (e) {
    /* storage full or disabled */
  }
  return answer.session;
}

/** What a learner is told when the shared course cannot open. */
export function shareRefusal(error) {
  switch (error && error.reason) {
    case 'revoked':
      return { title: t('This link was withdrawn'), text: t('The people who shared this course no longer share it through this link. Ask them for a new one.') };
    case 'expired':
      return { title: t('This link has expired'), text: t('This link is no longer valid; ask the people who shared it for a new one.') };
    case 'used_up':
      return { title: t('This link is used up'), text: t('As many learners as this link allows have already opened it. Ask the people who shared it for a new one.') };
    case 'unknown':
      return { title: t('This link is not valid'), text: t('The link is damaged or incomplete. Check that it was copied in full.') };
    case 'missing':
      return { title: t('No course link'), text: t('This page opens a shared course from its link. Open the link you were given again.') };
    default:
  }
  if (error && error.status === 409) {
    return { title: t('This course is not available'), text: t('The course is not published at the moment. Try again later.') };
  }
  if (error && error.status === 429) {
    return { title: t('Too many people at once'), text: t('Many learners are opening courses from your network right now. Try again in a minute.'), retry: true };
  }
  return refusal(error, 'course');
}

function App() {
  const [state, setState] = useState({ loading: true });
  const load = () => {
    setState({ loading: true });
    openShared().then(
      (data) => { applyTheme(data); playerLabels(data); setState({ data, tracker: serverTracker(data) }); },
      (error) => { setState({ error }); }
    );
  };
  useEffect(load, []);
  useEffect(() => { if (state.error) focusTitle(); }, [state.error]);
  if (state.loading) return <main class="page-message" aria-busy="true"><p class="loading" role="status">{t('Loading the course…')}</p></main>;
  if (state.error) return <MessagePage {...shareRefusal(state.error)} onRetry={load} />;
  return <Player data={state.data} tracker={state.tracker} />;
}

render(<App />, document.getElementById('app'));

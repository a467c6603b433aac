// The course player page (/play/course): opens the session and shows the Player (ui/Player.jsx).
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './styles.css';
import { openSession, refusal } from './lib/api.js';
import { Player } from './ui/Player.jsx';
import { serverTracker } from './lib/serverTracker.js';
import { MessagePage, applyTheme, focusTitle, playerLabels } from './ui/Shell.jsx';
import { t } from './lib/labels.js';

playerLabels(null);

function App() {
  const [state, setState] = useState({ loading: true });
  const load = () => {
    setState({ loading: true });
    openSession('course').then(
      (data) => { applyTheme(data, { full: true }); playerLabels(data); setState({ data, tracker: serverTracker(data) }); },
      (error) => { setState({ error }); }
    );
  };
  useEffect(load, []);
  useEffect(() => { if (state.error) focusTitle(); }, [state.error]);
  if (state.loading) return <main class="page-message" aria-busy="true"><p class="loading" role="status">{t('Loading the course…')}</p></main>;
  if (state.error) {
    const r = refusal(state.error, 'course');
    return <MessagePage {...r} onRetry={load} />;
  }
  if (state.data.kind && state.data.kind !== 'course') return <MessagePage title={t('Wrong page')} text={t('This link opens a quiz, not a course.')} />;
  return <Player data={state.data} tracker={state.tracker} />;
}

render(<App />, document.getElementById('app'));

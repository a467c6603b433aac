// The course player's tracker on the platform: each progress call goes to the player API
// (POST /v1/headless/player/progress with the session), in order and numbered (progressQueue.js:
// one write in flight, the writes made meanwhile merged into one), and the newest answer is kept
// with the session in sessionStorage of the tab (api.js remember) so a reload resumes. The SCO
// runtime uses scormTracker.js instead.
import { post, remember } from './api.js';
import { progressQueue, sequencer } from './progressQueue.js';

/** The last sequence number this tab sent for the session, kept so a reload numbers above it. */
function keptSequence(kind, session) {
  const key = `course-platform:${kind}-progress-sequence`;
  return {
    load() {
      try {
        const kept = JSON.parse(sessionStorage.getItem(key) || 'null');
        return kept && kept.session === session ? kept.last : 0;
      } catch (e) {
        return 0;
      }
    },
    save(last) {
      try {
        sessionStorage.setItem(key, JSON.stringify({ session, last }));
      } catch (e) {
        /* the clock alone numbers the writes */
      }
    }
  };
}

/**
 * data is the session answer. kind names the page whose kept session is updated; answers() gives
 * the page's answers to keep with it. progress() resolves to the newest progress answer (a write
 * merged into a later one gets that one's); it rejects with ApiError (401: the session ended).
 * onProgress(progress) is called with the newest answer once no later write waits or is in flight
 * (and once per answer): never with one that a newer write supersedes, so what it relays never
 * goes back; when the last write fails, with the newest answer it held back.
 */
export function serverTracker(data, { kind = 'course', onProgress } = {}) {
  let newest = 0;
  let latest = null;
  let told = null;
  let answersOf = null;
  const tell = () => {
    if (onProgress && latest && told !== latest) {
      told = latest;
      onProgress(latest);
    }
  };
  const queue = progressQueue(
    async (body, { keepalive, sequence }) => {
      let res;
      try {
        res = await post('/v1/headless/player/progress', body, { session: data.session, keepalive });
      } catch (e) {
        // The last write failed: the newest answer is the place to tell, if it was held back.
        if (!queue.newer(sequence)) tell();
        throw e;
      }
      if (res && res.progress && sequence > newest) {
        newest = sequence;
        latest = res.progress;
        const answers = typeof answersOf === 'function' ? answersOf() : answersOf;
        remember(kind, { ...data, progress: { ...res.progress, answers: { ...answers } } });
      }
      if (!queue.newer(sequence)) tell();
      return latest;
    },
    { nextSequence: sequencer(keptSequence(kind, data.session)) }
  );
  return {
    progress(body, { keepalive = false, answers } = {}) {
      answersOf = answers;
      return queue.push(body, { keepalive });
    }
  };
}

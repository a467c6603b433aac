// The course player's tracker on the platform: each progress call goes to the player API
// (POST /v1/headless/player/progress with the session), and the answer is kept with the session in
// sessionStorage of the tab (api.js remember) so a reload resumes. The SCO runtime uses
// scormTracker.js instead.
import { post, remember } from './api.js';

/**
 * data is the session answer. kind names the page whose kept session is updated; onProgress is
 * called with every progress answer; answers() gives the page's answers to keep with it. progress() rejects with ApiError (401: the session ended).
 */
export function serverTracker(data, { kind = 'course', onProgress } = {}) {
  return {
    async progress(body, { keepalive = false, answers } = {}) {
      const res = await post('/v1/headless/player/progress', body, { session: data.session, keepalive });
      if (!res || !res.progress) return null;
      remember(kind, { ...data, progress: { ...res.progress, answers: { ...(typeof answers === 'function' ? answers() : answers) } } });
      if (onProgress) onProgress(res.progress);
      return res.progress;
    }
  };
}

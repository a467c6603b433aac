// The static SCO (index.html of a static SCORM package): the course player with the package's
// published document (window.COURSE_PACKAGE, from ./course-data.js, written by the exporter),
// tracking to the LMS through the SCORM API (lib/scormTracker.js). Makes no network calls.
import { render } from 'preact';
import '../src/styles.css';
import { Player } from '../src/ui/Player.jsx';
import { MessagePage, applyTheme } from '../src/ui/Shell.jsx';
import { scormTracker } from '../src/lib/scormTracker.js';

const NOT_RECORDED = 'No learning system found: your progress is not recorded.';

function start() {
  const pkg = window.COURSE_PACKAGE;
  const app = document.getElementById('app');
  if (!pkg || !pkg.document || !Array.isArray(pkg.document.screens) || pkg.document.screens.length === 0) {
    render(<MessagePage title="The course could not be opened" text="This package has no course in it. Export it again from the platform." />, app);
    return;
  }
  const tracker = scormTracker(pkg);
  const data = {
    session: null,
    mode: 'view',
    kind: 'course',
    course: pkg.course,
    document: pkg.document,
    locale: pkg.locale ?? null,
    options: {},
    theme: pkg.theme ?? null,
    progress: tracker.initial,
    narration: pkg.narration || {}
  };
  applyTheme(data, { full: true });
  render(<Player data={data} tracker={tracker} notice={tracker.connected ? null : NOT_RECORDED} />, app);
}

start();

// The launch page of an embed URL (<content origin>/scorm/launch#token=<JWT>). The token is in the
// fragment, which browsers never send to a server, so no access log, proxy or Referer sees it. It
// is taken out of the address bar at once, posted to this origin to open a session (each token
// opens one), and the page goes on to the session's player or overview.
(function () {
  'use strict';
  var status = document.getElementById('launch-status');
  var problem = document.getElementById('launch-problem');
  var retry = document.getElementById('launch-retry');
  var match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  var token = match ? decodeURIComponent(match[1]) : null;
  if (window.history && window.history.replaceState) {
    window.history.replaceState(null, '', window.location.pathname);
  }

  function fail(message, canRetry) {
    status.textContent = '';
    problem.textContent = message;
    problem.hidden = false;
    retry.hidden = !canRetry;
    if (canRetry) {
      retry.focus();
    }
  }

  function launch() {
    if (!token) {
      fail('This player link is incomplete. Ask for a new one.', false);
      return;
    }
    problem.hidden = true;
    retry.hidden = true;
    status.textContent = 'Opening the lesson\u2026';
    fetch('launch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: token }),
      credentials: 'omit',
      cache: 'no-store'
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (response.ok && body.location) {
          token = null;
          window.location.replace(body.location);
        } else {
          // 401: invalid, expired or already used; 404, 409: the package cannot be played; 5xx: try again.
          fail(body.message || 'The lesson could not be opened.', response.status >= 500);
        }
      });
    }, function () {
      fail('The lesson could not be reached. Check the connection and try again.', true);
    });
  }

  retry.addEventListener('click', launch);
  launch();
})();

// The hosted SCORM player: one scorm-again API per SCO (window.API for SCORM 1.2,
// window.API_1484_11 for 2004), loaded with the learner's saved data before the SCO starts, and
// committing to this session's runtime endpoint. Multi-SCO packages get a lesson list. It runs on
// the content origin, as the SCOs it frames do (their API lookup through window.parent needs that);
// its events go to the embedding page's origin named in the embed request, or nowhere.
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('player-config').textContent);
  var frame = document.getElementById('sco-frame');
  var announce = document.getElementById('announce');
  var scorm12 = config.version === '1.2';
  var current = -1;

  function runtimeUrl(sco) {
    return 'runtime/' + encodeURIComponent(sco.identifier);
  }

  // Never a wildcard target: a message goes to the origin the embed URL was made for, and the browser drops it
  // when the parent page is of any other origin.
  function notify(type, detail) {
    if (config.parentOrigin && window.parent !== window) {
      window.parent.postMessage({ source: 'scorm-player', type: type, courseId: config.courseId, detail: detail || null },
        config.parentOrigin);
    }
  }

  function makeApi(sco, state) {
    var settings = {
      lmsCommitUrl: runtimeUrl(sco),
      autocommit: true,
      autocommitSeconds: 5,
      alwaysSendTotalTime: true,
      logLevel: 4
    };
    var api = scorm12 ? new window.Scorm12API(settings) : new window.Scorm2004API(settings);
    api.loadFromJSON(state, '');
    api.on(scorm12 ? 'LMSInitialize' : 'Initialize', function () {
      var xhr = new XMLHttpRequest();
      xhr.open('POST', runtimeUrl(sco) + '/initialize', true);
      xhr.send();
      notify('sco:start', sco.identifier);
    });
    api.on(scorm12 ? 'LMSFinish' : 'Terminate', function () {
      notify('sco:finish', sco.identifier);
    });
    return api;
  }

  function highlight() {
    var buttons = document.querySelectorAll('#scos button');
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute('aria-current', String(i === current));
    }
    var previous = document.getElementById('previous');
    var next = document.getElementById('next');
    if (previous) {
      previous.disabled = current <= 0;
    }
    if (next) {
      next.disabled = current >= config.scos.length - 1;
    }
    if (config.scos.length > 1) {
      // Screen readers hear which lesson opened; the frame's title names it too.
      announce.textContent = 'Lesson ' + (current + 1) + ' of ' + config.scos.length + ': ' + config.scos[current].title;
      frame.title = config.scos[current].title;
    }
  }

  function problem(message) {
    var alert = document.getElementById('player-problem');
    if (!alert) {
      alert = document.createElement('p');
      alert.id = 'player-problem';
      alert.setAttribute('role', 'alert');
      document.body.insertBefore(alert, frame);
    }
    alert.textContent = message;
  }

  function open(index) {
    if (index < 0 || index >= config.scos.length) {
      return;
    }
    var sco = config.scos[index];
    // Let the SCO on screen finish (it commits on unload) before the next one gets its API.
    frame.src = 'about:blank';
    fetch(runtimeUrl(sco), { credentials: 'omit', cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) {
          throw new Error('runtime answered ' + response.status);
        }
        return response.json();
      })
      .then(function (state) {
        var api = makeApi(sco, state);
        if (scorm12) {
          window.API = api;
        } else {
          window.API_1484_11 = api;
        }
        current = index;
        highlight();
        frame.src = 'content/' + sco.href;
        notify('ready', sco.identifier);
      })
      .catch(function (error) {
        problem('The lesson could not be loaded.');
        if (window.console) {
          window.console.error(error);
        }
      });
  }

  var buttons = document.querySelectorAll('#scos button');
  for (var i = 0; i < buttons.length; i++) {
    (function (index) {
      buttons[index].addEventListener('click', function () { open(index); });
    })(i);
  }
  var previous = document.getElementById('previous');
  var next = document.getElementById('next');
  if (previous) {
    previous.addEventListener('click', function () { open(current - 1); });
  }
  if (next) {
    next.addEventListener('click', function () { open(current + 1); });
  }
  var start = 0;
  for (var j = 0; j < config.scos.length; j++) {
    if (config.scos[j].identifier === config.start) {
      start = j;
    }
  }
  open(start);
})();

// The hosted SCORM player: one scorm-again API per SCO (window.API for SCORM 1.2,
// window.API_1484_11 for 2004), loaded with the learner's saved data before the SCO starts, and
// committing to this session's runtime endpoint. Multi-SCO packages get a lesson list.
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('player-config').textContent);
  var frame = document.getElementById('sco-frame');
  var scorm12 = config.version === '1.2';
  var current = -1;

  function runtimeUrl(sco) {
    return 'runtime/' + encodeURIComponent(sco.identifier);
  }

  function notify(type, detail) {
    if (window.parent !== window) {
      window.parent.postMessage({ source: 'scorm-player', type: type, courseId: config.courseId, detail: detail || null }, '*');
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
        document.body.insertAdjacentHTML('afterbegin', '<p role="alert">The lesson could not be loaded.</p>');
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

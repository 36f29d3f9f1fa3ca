// Chronohook job form: shows only the schedule fields of the chosen type and keeps the "Next runs" preview current.
// Without it the form still works: every schedule field shows, and the preview is rendered on each page load.
(function () {
  'use strict';

  var form = document.getElementById('job-form');
  var box = document.getElementById('preview');
  if (!form || !box) { return; }

  var scheduleFields = ['scheduleType', 'cron', 'timeZone', 'every', 'at', 'delay', 'startAt', 'endAt', 'maxRuns'];
  var timer = null;
  var latest = 0;

  function chosenType() {
    var checked = form.querySelector('input[name="scheduleType"]:checked');
    return checked ? checked.value : 'cron';
  }

  function showChosenType() {
    var type = chosenType();
    form.querySelectorAll('[data-types]').forEach(function (part) {
      part.hidden = part.getAttribute('data-types').split(' ').indexOf(type) < 0;
    });
  }

  function refreshPreview() {
    var body = new URLSearchParams();
    scheduleFields.forEach(function (name) {
      form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
        if (input.type !== 'radio' || input.checked) { body.append(name, input.value); }
      });
    });
    body.append('_csrf', window.chronohookCsrf());
    var mine = ++latest;
    box.setAttribute('aria-busy', 'true');
    fetch('/jobs/preview', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': window.chronohookCsrf(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString()
    }).then(function (response) {
      if (!response.ok || response.redirected) { throw new Error('preview answered ' + response.status); }
      return response.text();
    }).then(function (html) {
      if (mine === latest) { box.innerHTML = html; }
    }).catch(function () {
      if (mine === latest) { box.innerHTML = '<p class="hint">The preview is not available right now.</p>'; }
    }).then(function () {
      if (mine === latest) { box.removeAttribute('aria-busy'); }
    });
  }

  function schedulePreview() {
    clearTimeout(timer);
    timer = setTimeout(refreshPreview, 300);
  }

  function onEdit(event) {
    var name = event.target && event.target.name;
    if (name === 'scheduleType') { showChosenType(); }
    if (scheduleFields.indexOf(name) >= 0) { schedulePreview(); }
  }

  form.classList.add('js-schedule');
  form.addEventListener('input', onEdit);
  form.addEventListener('change', onEdit);
  showChosenType();
})();

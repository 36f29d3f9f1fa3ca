// Chronohook dashboard: a few lines of progressive enhancement. Every page works without them.
(function () {
  'use strict';

  // Show times in the browser's zone until the person picks another one in the footer.
  if (!/(?:^|;\s*)chronohook_tz=/.test(document.cookie)) {
    try {
      var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone) {
        document.cookie = 'chronohook_tz=' + encodeURIComponent(zone) + '; path=/; max-age=31536000; samesite=lax';
      }
    } catch (e) { /* keep UTC */ }
  }

  // The CSRF token for scripted posts.
  window.chronohookCsrf = function () {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute('content') : '';
  };

  document.addEventListener('click', function (event) {
    // Copy buttons: data-copy="#selector" copies that input's value (or element's text).
    var copy = event.target.closest('[data-copy]');
    if (copy) {
      var source = document.querySelector(copy.getAttribute('data-copy'));
      if (source) {
        var text = source.value !== undefined ? source.value : source.textContent;
        var done = function () {
          var label = copy.textContent;
          copy.textContent = 'Copied';
          setTimeout(function () { copy.textContent = label; }, 1500);
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(text).then(done, function () { source.select && source.select(); });
        } else if (source.select) {
          source.select();
          document.execCommand('copy');
          done();
        }
      }
    }
  });

  // Dangerous actions ask first: <form data-confirm="Delete this job?">.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    var question = form.getAttribute('data-confirm');
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });

  // A field the server found wrong stops saying so as soon as it is edited: its message goes, aria-invalid too.
  function clearFieldError(event) {
    var field = event.target;
    if (!field || field.getAttribute('aria-invalid') !== 'true') { return; }
    field.removeAttribute('aria-invalid');
    var error = document.getElementById(field.id + '-error');
    if (error) { error.remove(); }
    var described = (field.getAttribute('aria-describedby') || '').split(' ').filter(function (id) {
      return id && id !== field.id + '-error';
    });
    if (described.length) {
      field.setAttribute('aria-describedby', described.join(' '));
    } else {
      field.removeAttribute('aria-describedby');
    }
  }
  document.addEventListener('input', clearFieldError);
  document.addEventListener('change', clearFieldError);

  // Pickers that filter a list apply at once: <select data-autosubmit>.
  document.addEventListener('change', function (event) {
    var select = event.target;
    if (select && select.hasAttribute && select.hasAttribute('data-autosubmit') && select.form) {
      select.form.submit();
    }
  });

  // Pages with moving state refresh themselves: <main data-refresh="5"> reloads every 5 s while visible and idle.
  document.addEventListener('DOMContentLoaded', function () {
    var holder = document.querySelector('[data-refresh]');
    if (!holder) { return; }
    var seconds = parseInt(holder.getAttribute('data-refresh'), 10);
    if (!(seconds > 0)) { return; }
    setInterval(function () {
      var typing = document.activeElement && /INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName);
      if (document.visibilityState === 'visible' && !typing) {
        window.location.reload();
      }
    }, seconds * 1000);
  });
})();

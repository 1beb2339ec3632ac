// Stands in for the page until its code runs, and says why when it cannot: a classic script (no
// module, no CORS fetch), so it runs even where the page's modules are refused — in a sandboxed
// frame without allow-same-origin on a host that sends no CORS headers, every module request of
// the page is cross-origin and fails, and the page would say "Loading…" forever. The messages
// come from the catalogs (boot.*), filled in by vite.config.js.
(function () {
  var messages = __BOOT_MESSAGES__;
  var hash = location.hash;
  var zh =
    /[#&?]lang=zh/.test(hash) ||
    (!/[#&?]lang=en/.test(hash) && /^zh/i.test(navigator.language || ''));
  var m = messages[zh ? 'zh' : 'en'];
  var shown = false;
  function show(key) {
    var root = document.getElementById('app');
    var boot = root && root.querySelector('.boot');
    // The page has started (or shown its own failure): nothing to say.
    if (shown || !boot) return;
    shown = true;
    var panel = document.createElement('div');
    panel.className = 'boot boot-failed';
    panel.setAttribute('role', key === 'boot.slow' ? 'status' : 'alert');
    panel.setAttribute('data-testid', key === 'boot.slow' ? 'boot-slow' : 'boot-blocked');
    var text = document.createElement('p');
    text.textContent = m[key];
    var link = document.createElement('a');
    link.href = location.href;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = m['boot.open'];
    panel.appendChild(text);
    panel.appendChild(link);
    boot.parentNode.replaceChild(panel, boot);
  }
  addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target.tagName === 'SCRIPT' && target.type === 'module') show('boot.blocked');
    },
    true,
  );
  setTimeout(function () {
    show('boot.slow');
  }, 15000);
})();

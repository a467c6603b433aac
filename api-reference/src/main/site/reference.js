// Keyboard and screen-reader fixes the renderer does not make itself, applied to what it renders
// and re-renders (axe-core finds no serious violation with them; ApiReferenceIT): scrollable code
// blocks take the focus, so the keyboard can scroll them; the credential inputs (editable text
// with a suggestion list) are announced as text boxes; and the request editor's information
// buttons stay buttons (the renderer gives them role "none", hiding their labels).
(function () {
  var pending = false;
  function fix() {
    pending = false;
    document.querySelectorAll('code.hljs:not([tabindex])').forEach(function (el) {
      el.setAttribute('tabindex', '0');
    });
    document.querySelectorAll('pre:not([tabindex])').forEach(function (el) {
      if (!el.querySelector('code.hljs') && el.scrollWidth > el.clientWidth) el.setAttribute('tabindex', '0');
    });
    document.querySelectorAll('[role="combobox"][contenteditable="true"]').forEach(function (el) {
      el.setAttribute('role', 'textbox');
    });
    document.querySelectorAll('button[role="none"][aria-label]').forEach(function (el) {
      el.removeAttribute('role');
    });
  }
  new MutationObserver(function () {
    if (!pending) {
      pending = true;
      requestAnimationFrame(fix);
    }
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'tabindex'] });
})();

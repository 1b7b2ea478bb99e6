// Applies the saved colour theme before the first paint, so a dark-mode visitor never sees a white flash.
// It is a separate file because the Content-Security-Policy forbids inline scripts (script-src 'self').
;(function () {
  var theme = 'light'
  try {
    if (window.localStorage.getItem('theme') === 'dark') theme = 'dark'
  } catch {
    // Storage can be blocked (private mode, strict settings); the default light theme still applies.
  }
  var root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  root.setAttribute('data-theme', theme)
  root.style.colorScheme = theme
})()

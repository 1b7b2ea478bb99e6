// Starts the web app on a page that arrived with its first paint prerendered (src/server/first-paint/page-html.ts),
// and keeps what a person does on that page before the app has hydrated it (src/web/first-paint/hydration.ts).
;(function () {
  var data = document.currentScript.dataset
  var root = document.getElementById('root')
  var started = false
  // The app's modules are requested once the first paint is on screen, so the stylesheet doesn't share the
  // connection with ~150 kB of JavaScript first.
  function start() {
    if (started) return
    started = true
    var tags = document.createDocumentFragment()
    data.preload.split(' ').forEach(function (href) {
      if (!href) return
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      tags.appendChild(link)
    })
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = data.entry
    tags.appendChild(script)
    document.head.appendChild(tags)
  }
  // A frame callback runs just before the first paint, a timeout after it. Background tabs get no frames: the
  // second timer starts the app there anyway.
  requestAnimationFrame(function () {
    setTimeout(start, 0)
  })
  setTimeout(start, 1000)

  // Until the app is live, links and forms work as plain HTML. Two things need help: a choice in a filter form's
  // list (or its switch) applies at once in the app, so here it submits the form; and a button only the app can
  // answer (the menu, the theme) is remembered, and pressed again once the app is live.
  // "Live" is #root's data-hydrated (./hydration.ts), set once hydration has committed. React listens on #root from
  // the moment hydration starts, but until it commits, a link or form it has already hydrated calls a navigate()
  // that ignores calls made before its component's effects ran: the click would be taken and nothing would happen.
  // So until then these listeners, on window in the capture phase, run first and keep such events from React:
  // the browser follows the link or sends the form itself.
  var live = function () {
    return root.hasAttribute('data-hydrated')
  }
  var inApp = function (event) {
    return !live() && event.target instanceof Element && root.contains(event.target)
  }
  window.nestmateEarlyClicks = []
  window.addEventListener(
    'change',
    function (event) {
      if (!inApp(event)) return
      var form = event.target.form
      var choice = event.target.tagName === 'SELECT' || event.target.type === 'checkbox'
      if (!choice || !form || form.method !== 'get') return
      event.stopPropagation()
      form.requestSubmit()
    },
    true,
  )
  window.addEventListener(
    'submit',
    function (event) {
      if (inApp(event)) event.stopPropagation()
    },
    true,
  )
  window.addEventListener(
    'click',
    function (event) {
      if (!inApp(event)) return
      var button = event.target.closest('button[type="button"]')
      if (button) {
        window.nestmateEarlyClicks.push(button)
        event.stopPropagation()
      } else if (event.target.closest('a[href]')) event.stopPropagation()
    },
    true,
  )
})()

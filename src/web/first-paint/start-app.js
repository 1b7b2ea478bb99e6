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

  // Until hydration, links and forms work as plain HTML. Two things need help: a choice in a filter form's list
  // (or its switch) applies at once in the app, so here it submits the form; and a button only the app can answer (the menu, the
  // theme) is remembered, and pressed again once the app listens.
  // React listens from the moment hydration starts (./hydration.ts marks it); from then on it answers itself.
  var hydrated = function () {
    return root.hasAttribute('data-hydrating') || root.hasAttribute('data-hydrated')
  }
  window.nestmateEarlyClicks = []
  root.addEventListener('change', function (event) {
    var form = event.target.form
    var choice = event.target.tagName === 'SELECT' || event.target.type === 'checkbox'
    if (!hydrated() && choice && form && form.method === 'get') form.requestSubmit()
  })
  root.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[type="button"]')
    if (!hydrated() && button) window.nestmateEarlyClicks.push(button)
  })
})()

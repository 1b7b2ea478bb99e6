// Starts the web app on a page that arrived with its first paint prerendered (src/server/plugins/page-preloads.ts):
// the app's modules are requested once that paint is on screen, so the stylesheet doesn't share the connection
// with ~150 kB of JavaScript first. The page stays inert until the app has hydrated it.
;(function () {
  var data = document.currentScript.dataset
  var started = false
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
})()

// Registers the service worker (decision 098) and offers a waiting new build with "A new version is ready — Reload".
// main.tsx imports this after the page's load event, so neither the first-load budget nor the first paint pays for it.

const BAR_ID = 'new-version-bar'

function showNewVersionBar(waiting: ServiceWorker) {
  if (document.getElementById(BAR_ID)) return
  const bar = document.createElement('div')
  bar.id = BAR_ID
  bar.className = 'toast toast-center z-50'
  bar.innerHTML = `<div role="status" class="alert border border-base-300 bg-base-100 text-base-content shadow-lg">
    <span>A new version is ready</span>
    <button type="button" class="btn btn-primary btn-sm">Reload</button>
  </div>`
  bar.querySelector('button')!.addEventListener('click', () => {
    // The page reloads once the new worker controls it (controllerchange below).
    waiting.postMessage({ type: 'skip-waiting' })
  })
  document.body.append(bar)
}

/** Watches a registration for a new build that has installed and waits for the pages of the old one. */
function watchForUpdates(registration: ServiceWorkerRegistration) {
  // No controller: this is the first worker ever, nothing older to replace.
  if (!navigator.serviceWorker.controller) return
  if (registration.waiting) showNewVersionBar(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller)
        showNewVersionBar(installing)
    })
  })
}

export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  const hadController = Boolean(navigator.serviceWorker.controller)
  let reloading = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker taking over a fresh page changes nothing the person sees; only a new build reloads.
    if (!hadController || reloading) return
    reloading = true
    window.location.reload()
  })
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  watchForUpdates(registration)
  // A tab left open for days still learns of a new release when the person comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined)
  })
}

// Restores lock entries for platform-specific optional packages that this machine's npm registry mirror does
// not serve (it has the Linux builds only). `npm install` leaves them out of package-lock.json, and then
// `npm ci` refuses the lock as out of sync. Each entry carries the package's os/cpu, so npm skips it on other
// platforms and fetches it by name and version where it applies. Run after `npm install`: see
// docs/decisions/009-lockfile-platform-packages.md.
import { readFileSync, writeFileSync } from 'node:fs'

const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
let added = 0
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const path = `node_modules/${name}`
    if (lock.packages[path] || lock.packages[`${key}/${path}`]) continue
    const platform = Object.entries(PLATFORMS).find(([suffix]) => name.endsWith(`-${suffix}`))
    if (!platform) continue
    lock.packages[path] = { version, dev: entry.dev, optional: true, ...platform[1] }
    added++
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
)
lock.packages = sorted
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
console.log(`added ${added} platform package entries to package-lock.json`)

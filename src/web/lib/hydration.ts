// Whether React is attaching to the build's prerendered page (src/web/main.tsx sets it for the first render), or
// rendering that page at build time (src/web/prerender.tsx, where there is no document).
let isHydratingNow = typeof document === 'undefined'

export function isHydrating(): boolean {
  return isHydratingNow
}

export function setHydrating(value: boolean) {
  isHydratingNow = value
}

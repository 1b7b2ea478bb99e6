import { lstatSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** Every entry under `dir` (itself included) that its group or other accounts may read, write or enter. */
export function openToOthers(dir: string): string[] {
  const stat = lstatSync(dir)
  const here = (stat.mode & 0o077) !== 0 ? [`${dir} ${(stat.mode & 0o777).toString(8)}`] : []
  if (!stat.isDirectory()) return here
  return [...here, ...readdirSync(dir).flatMap((name) => openToOthers(path.join(dir, name)))]
}

// npm test's first step (well under a second): the docs name only what exists. It fails when a decision record is
// missing from docs/README.md or two share a number; when a path (from src/, scripts/, e2e/, bench/, reliability/,
// docs/, drizzle/ or public/) named in README.md, in docs/ or in a code comment, a file named from inside its folder
// (`plugins/auth.ts`), a relative link or its #anchor leads nowhere; when a "§N" names no section of
// architecture.md, or two of its sections share a number or come out of order; when "decision NNN" (or "decisions NNN and NNN") in the docs or a code comment names no record;
// when a record amends or supersedes another that doesn't say so back (docs/decisions/template.md); when a
// variable of the server's env schema has no row in the README's configuration table, or a row no variable; when
// architecture.md §2 names a package package.json lacks, or leaves out a runtime dependency; or when §7 leaves out
// a folder of the repository's rooms (src/*, src/server/*, src/web/*, the resources and the features).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Texts by path from the repository's root: README.md and docs/**.md, and (comments only) the code. */
export type Docs = Map<string, string>

const ROOTS = ['src', 'scripts', 'e2e', 'bench', 'reliability', 'docs', 'drizzle', 'public']
const CODE = ['src', 'scripts', 'e2e', 'bench', 'reliability']
// A path starts at one of the roots (not inside a URL or another path) and ends at a space, quote or bracket.
const PATH = new RegExp(`(?<![\\w./#-])(?:${ROOTS.join('|')})/[^\\s\`'"()\\[\\],;]*`, 'g')
// Where a path turns into a pattern or placeholder (`routes/<resource>/`, `features/*`), what comes before is checked.
const PLACEHOLDER = /[*<{…$]/
// A file named from inside its folder (`plugins/route-auth.ts`, `page-preloads.ts`): some file's path must end so.
const SHORT_NAME = /`([\w.@/-]+\.(?:ts|tsx|js|mjs|sh|css|sql))`/g
const LINK = /\]\(([^)\s]+)\)/g
const RECORD = /^docs\/decisions\/(\d{3})-[^/]+\.md$/
// "decision 037", "Decisions 029 and 048", "decisions 046, 053, 054", "decisions 038–040": each number written.
const DECISION_NAMED = /\bdecisions? (\d{3}(?:(?:,\s*|\s+(?:and|or)\s+|\s*[–-]\s*)\d{3})*)/gi
const RELATIONS = { amends: 'amended by', supersedes: 'superseded by' } as const

const walk = (root: string, dir: string) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`)

export function readDocs(root: string): Docs {
  const docs: Docs = new Map([['README.md', readFileSync(path.join(root, 'README.md'), 'utf8')]])
  for (const file of walk(root, 'docs'))
    if (file.endsWith('.md')) docs.set(file, readFileSync(path.join(root, file), 'utf8'))
  for (const file of CODE.flatMap((dir) => walk(root, dir)))
    if (/\.(ts|tsx|js|mjs|css)$/.test(file))
      docs.set(file, commentsOf(readFileSync(path.join(root, file), 'utf8')))
  return docs
}

/**
 * A source file's comment lines (`//`, and `/*` or ` *` lines, which covers CSS), the others blank (strings may hold
 * made-up paths), so line numbers stay.
 */
export const commentsOf = (source: string) =>
  source
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/?\*)/.test(line) ? line : ''))
    .join('\n')

/**
 * The variables of the env schema (src/server/env.ts), read from its text rather than imported, so this check
 * starts without the server's dependencies: Prettier writes each at two spaces, `NAME:`, inside `EnvSchema`.
 */
export function readEnvVariables(root: string): string[] {
  const source = readFileSync(path.join(root, 'src/server/env.ts'), 'utf8')
  const schema = /^const EnvSchema = z\.object\(\{\n([^]*?)^\}\)/m.exec(source)?.[1] ?? ''
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!)
}

/** Everything wrong, one line each; empty when the docs hold. */
export function findProblems(
  root: string,
  docs: Docs,
  envVariables = readEnvVariables(root),
  packages = readPackages(root),
  folders = readFolders(root),
): string[] {
  return [
    ...pathProblems(root, docs),
    ...sectionProblems(docs),
    ...recordProblems(docs),
    ...decisionProblems(docs),
    ...envProblems(docs, envVariables),
    ...packageProblems(docs, packages),
    ...folderProblems(docs, folders),
  ]
}

/** package.json's dependencies: the runtime ones, and every one (dev included). */
export type Packages = { runtime: string[]; all: string[] }

export function readPackages(root: string): Packages {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  const runtime = Object.keys(manifest.dependencies ?? {})
  return { runtime, all: [...runtime, ...Object.keys(manifest.devDependencies ?? {})] }
}

/** The folders architecture.md §7 must describe: the repository's rooms, one level into each that has rooms. */
export function readFolders(root: string): string[] {
  const dirs = (dir: string) =>
    readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${dir}/${entry.name}`)
  return ['src', 'src/server', 'src/web', 'src/server/routes', 'src/web/features'].flatMap(dirs)
}

const section = (text: string, number: number) =>
  text.split(new RegExp(`^## ${number}\\. `, 'm'))[1]?.split(/^## /m)[0] ?? ''

/** §2 names packages in backticks: each must be a dependency, and each runtime dependency must be named. */
function packageProblems(docs: Docs, packages: Packages): string[] {
  const stack = section(docs.get('docs/architecture.md') ?? '', 2)
  const named = new Set(
    [...stack.matchAll(/`((?:@[a-z0-9-]+\/)?[a-z0-9][\w.-]*)`/g)].map(([, name]) => name!),
  )
  return [
    ...[...named]
      .filter((name) => !packages.all.includes(name))
      .map((name) => `docs/architecture.md §2: ${name} is not in package.json`),
    ...packages.runtime
      .filter((name) => !named.has(name))
      .map((name) => `docs/architecture.md §2: the dependency ${name} is not named`),
  ]
}

/** §7 says what each room holds: a folder it doesn't name in backticks (as `name`, `name/` or a path) is missing. */
function folderProblems(docs: Docs, folders: string[]): string[] {
  const rooms = section(docs.get('docs/architecture.md') ?? '', 7)
  const named = new Set(
    [...rooms.matchAll(/`([\w./-]+?)\/?`/g)].flatMap(([, name]) => [name!, name!.split('/').at(-1)!]),
  )
  return folders
    .filter((folder) => !named.has(folder) && !named.has(folder.split('/').at(-1)!))
    .map((folder) => `docs/architecture.md §7: the folder ${folder}/ is not described`)
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
const headings = (text: string) => [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!)

function pathProblems(root: string, docs: Docs): string[] {
  const problems: string[] = []
  const exists = (file: string) =>
    docs.has(file) ||
    existsSync(path.join(root, file)) ||
    // "docs/decisions/009" stands for the record numbered 009.
    [...docs.keys()].some((doc) => RECORD.test(doc) && doc.startsWith(`${file}-`))
  // Every file by its path and by each tail of it, for names given from inside a folder.
  const names = new Set(
    readdirSync(root)
      .concat(ROOTS.flatMap((dir) => walk(root, dir)))
      .flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(i).join('/'))),
  )
  const anchors = new Map<string, string[]>()
  const anchorsOf = (file: string) =>
    anchors.get(file) ?? anchors.set(file, headings(docs.get(file) ?? '').map(slug)).get(file)!
  const sections = new Set(
    headings(docs.get('docs/architecture.md') ?? '').map((h) => /^(\d+(?:\.\d+)?)/.exec(h)?.[1]),
  )

  for (const [file, text] of docs)
    text.split('\n').forEach((line, index) => {
      const at = `${file}:${index + 1}`
      for (const [found] of line.matchAll(PATH)) {
        const named = found.split(PLACEHOLDER)[0]!.replace(/[.:]+$/, '')
        if (!exists(named)) problems.push(`${at}: ${named} doesn't exist`)
      }
      // Decision records are history: a file they name in passing may have moved since; paths from a root count.
      if (!RECORD.test(file))
        for (const [, name] of line.matchAll(SHORT_NAME))
          if (
            !/^(dist|src|scripts|e2e|bench|reliability|docs|drizzle|public)\//.test(name!) &&
            !names.has(name!)
          )
            problems.push(`${at}: no file is ${name}`)
      for (const [, target] of file.endsWith('.md') ? line.matchAll(LINK) : []) {
        if (/^[a-z]+:/.test(target!)) continue
        const [address = '', anchor] = target!.split('#')
        const linked = address
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), address))
          : file
        if (!exists(linked.replace(/\/$/, ''))) problems.push(`${at}: the link to ${target} leads nowhere`)
        else if (anchor && linked.endsWith('.md') && !anchorsOf(linked).includes(anchor))
          problems.push(`${at}: ${linked} has no heading #${anchor}`)
      }
      for (const [, section] of line.matchAll(/§(\d+(?:\.\d+)?)/g))
        if (!sections.has(section)) problems.push(`${at}: architecture.md has no §${section}`)
    })
  return problems
}

/** architecture.md's section numbers, each once and in order, so a "§N" means one section. */
function sectionProblems(docs: Docs): string[] {
  const problems: string[] = []
  const seen = new Map<string, number>()
  let previous: { number: string; parts: number[] } | undefined
  ;(docs.get('docs/architecture.md') ?? '').split('\n').forEach((line, index) => {
    const number = /^#{1,6} (\d+(?:\.\d+)*)/.exec(line)?.[1]
    if (!number) return
    const at = `docs/architecture.md:${index + 1}`
    const parts = number.split('.').map(Number)
    if (seen.has(number)) problems.push(`${at}: §${number} is also the section at line ${seen.get(number)}`)
    else if (previous && compareParts(parts, previous.parts) < 0)
      problems.push(`${at}: §${number} comes after §${previous.number}`)
    seen.set(number, seen.get(number) ?? index + 1)
    previous = { number, parts }
  })
  return problems
}

const compareParts = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) - (b[i] ?? -1)
  return 0
}

function recordProblems(docs: Docs): string[] {
  const problems: string[] = []
  const records = new Map<string, string>()
  for (const file of docs.keys()) {
    const number = RECORD.exec(file)?.[1]
    if (!number) continue
    if (records.has(number)) problems.push(`${file}: decision ${number} is also ${records.get(number)}`)
    records.set(number, file)
    if (!docs.get('docs/README.md')?.includes(`(${file.slice('docs/'.length)})`))
      problems.push(`docs/README.md: decision ${number} (${file}) isn't listed`)
  }
  const status = (number: string) =>
    /(?:^|\n)Status: (.+?)(?:\n\n|$(?![^]))/s.exec(docs.get(records.get(number)!)!)?.[1] ?? ''
  for (const [number, file] of records) {
    if (!status(number)) problems.push(`${file}: no Status line`)
    for (const [said, answer] of Object.entries(RELATIONS)) {
      for (const other of related(status(number), said))
        if (!records.has(other)) problems.push(`${file}: ${said} ${other}, which doesn't exist`)
        else if (!related(status(other), answer).includes(number))
          problems.push(`${records.get(other)}: its Status doesn't say "${answer} ${number}"`)
      for (const other of related(status(number), answer))
        if (!records.has(other) || !related(status(other), said).includes(number))
          problems.push(`${file}: is ${answer} ${other}, whose Status doesn't say "${said} ${number}"`)
    }
  }
  return problems
}

/** A "decision NNN" in the docs or a code comment whose record doesn't exist. */
function decisionProblems(docs: Docs): string[] {
  const records = new Set([...docs.keys()].map((file) => RECORD.exec(file)?.[1]).filter(Boolean))
  const problems: string[] = []
  for (const [file, text] of docs)
    text.split('\n').forEach((line, index) => {
      for (const [, list] of line.matchAll(DECISION_NAMED))
        for (const [number] of list!.matchAll(/\d{3}/g))
          if (!records.has(number)) problems.push(`${file}:${index + 1}: decision ${number} has no record`)
    })
  return problems
}

/** The record numbers a Status gives after `phrase`: "Amended by 010 (…) and 027", "Amends 024, 006". */
function related(status: string, phrase: string): string[] {
  const numbers: string[] = []
  for (const match of status.matchAll(new RegExp(`\\b${phrase} `, 'gi'))) {
    let rest = status.slice(match.index + match[0].length)
    for (let item; (item = /^(\d{3})(?:\s*\([^)]*\))?(,\s*|\s+and\s+)?/.exec(rest));) {
      numbers.push(item[1]!)
      if (!item[2]) break
      rest = rest.slice(item[0].length)
    }
  }
  return numbers
}

function envProblems(docs: Docs, envVariables: string[]): string[] {
  const table = (docs.get('README.md') ?? '').split(/^## Configuration$/m)[1]?.split(/^#/m)[0] ?? ''
  const rows = [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap(([, cell]) => [
    ...cell!.matchAll(/`([A-Z0-9_]+)`/g),
  ])
  const documented = new Set(rows.map(([, name]) => name!))
  return [
    ...envVariables
      .filter((name) => !documented.has(name))
      .map((name) => `README.md: the configuration table has no row for ${name}`),
    ...[...documented]
      .filter((name) => !envVariables.includes(name))
      .map((name) => `README.md: ${name} is in the table but not in src/server/env.ts`),
  ]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const problems = findProblems(root, readDocs(root))
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s) in the docs.`)
    process.exit(1)
  }
}

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { ENV_VARIABLES } from '../src/server/env.ts'
import {
  commentsOf,
  findProblems,
  readDocs,
  readEnvVariables,
  readFolders,
  readPackages,
  type Docs,
} from './check-docs.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const base = readDocs(root)

/** The repository's docs with some texts changed (in memory only). */
function changed(edits: Record<string, (text: string) => string>): Docs {
  const docs = new Map(base)
  for (const [file, edit] of Object.entries(edits)) docs.set(file, edit(docs.get(file) ?? ''))
  return docs
}
const lastLine = (text: string) => text.split('\n').length - 1

describe('the docs check', () => {
  test('finds nothing wrong with the docs as they are', () => {
    expect(findProblems(root, base)).toEqual([])
  })

  test('fails on a path, a short file name, a link, an anchor or a section that leads nowhere', () => {
    const added =
      'See `src/server/routes/nowhere.ts`, `plugins/nowhere.ts`, [this](api.md#no-such-heading), [that](gone.md), §12.\n'
    const docs = changed({ 'docs/architecture.md': (text) => `${text}${added}` })
    const at = `docs/architecture.md:${lastLine(docs.get('docs/architecture.md')!)}`
    expect(findProblems(root, docs)).toEqual([
      `${at}: src/server/routes/nowhere.ts doesn't exist`,
      `${at}: no file is plugins/nowhere.ts`,
      `${at}: docs/api.md has no heading #no-such-heading`,
      `${at}: the link to gone.md leads nowhere`,
      `${at}: architecture.md has no §12`,
    ])
  })

  test("fails on a path in a code comment that doesn't exist, and only in comments", () => {
    const source = `${readFileSync(path.join(root, 'src/server/main.ts'), 'utf8')}// The preloads: src/server/web-pages/.\nconst made = 'src/server/made-up.ts'\n`
    const docs = changed({ 'src/server/main.ts': () => commentsOf(source) })
    expect(findProblems(root, docs)).toEqual([
      `src/server/main.ts:${lastLine(source) - 1}: src/server/web-pages/ doesn't exist`,
    ])
  })

  test('fails on a section number of architecture.md used twice or out of order, so a §N means one section', () => {
    const docs = changed({
      'docs/architecture.md': (text) => `${text}### 9.5 Late\n### 3.5 Live delivery again\n`,
    })
    const last = lastLine(docs.get('docs/architecture.md')!)
    const live = base.get('docs/architecture.md')!.split('\n').indexOf('### 3.5 Live delivery') + 1
    expect(findProblems(root, docs)).toEqual([
      `docs/architecture.md:${last - 1}: §9.5 comes after §10`,
      `docs/architecture.md:${last}: §3.5 is also the section at line ${live}`,
    ])
  })

  test('fails on a decision record missing from docs/README.md, or listed there but missing', () => {
    const unlisted = changed({
      'docs/decisions/999-made-up.md': () => '# 999. Made up\n\nStatus: Accepted\n',
    })
    expect(findProblems(root, unlisted)).toEqual([
      `docs/README.md: decision 999 (docs/decisions/999-made-up.md) isn't listed`,
    ])
    const gone = changed({ 'docs/README.md': (text) => `${text}- [999](decisions/999-gone.md): gone.\n` })
    expect(findProblems(root, gone)).toEqual([
      `docs/README.md:${lastLine(gone.get('docs/README.md')!)}: the link to decisions/999-gone.md leads nowhere`,
    ])
  })

  test('fails on a "decision NNN" that names no record, in the docs and in code comments, stylesheets too', () => {
    expect(base.get('src/web/styles.css')).toContain('decision 037')
    const source = `${readFileSync(path.join(root, 'src/server/main.ts'), 'utf8')}// Decisions 029 and 997 say why.\nconst text = 'decision 995'\n`
    const docs = changed({
      'src/web/styles.css': (text) => `${text}/* The reveal (decision 998). */\n`,
      'src/server/main.ts': () => commentsOf(source),
      'docs/architecture.md': (text) => `${text}Decisions 046, 053, 996 chose it; decisions 038–040 hold.\n`,
    })
    expect(findProblems(root, docs).sort()).toEqual(
      [
        `src/web/styles.css:${lastLine(docs.get('src/web/styles.css')!)}: decision 998 has no record`,
        `src/server/main.ts:${lastLine(source) - 1}: decision 997 has no record`,
        `docs/architecture.md:${lastLine(docs.get('docs/architecture.md')!)}: decision 996 has no record`,
      ].sort(),
    )
  })

  test('fails when a record amends another that does not say so back', () => {
    const docs = changed({
      'docs/decisions/026-listing-photos.md': (text) => text.replace(/Status: .*/, 'Status: Accepted'),
    })
    expect(findProblems(root, docs)).toEqual([
      `docs/decisions/026-listing-photos.md: its Status doesn't say "amended by 028"`,
      `docs/decisions/026-listing-photos.md: its Status doesn't say "amended by 034"`,
    ])
  })

  test('reads a Status that runs over several lines to its end', () => {
    const docs = changed({
      'docs/decisions/024-match-in-the-database.md': (text) =>
        text.replace(/\. Amended by 041[^]*?\n\n/, '\n\n'),
    })
    expect(findProblems(root, docs)).toEqual([
      `docs/decisions/024-match-in-the-database.md: its Status doesn't say "amended by 041"`,
    ])
  })

  test('fails on a variable of the env schema without a row in the README, and on a row without a variable', () => {
    // Read from env.ts's text, the variables are exactly the schema's: none written in a shape the reader misses.
    const variables = readEnvVariables(root)
    expect(variables).toEqual(ENV_VARIABLES)
    const others = [...variables.filter((name) => name !== 'CURRENCY'), 'NEW_SETTING']
    expect(findProblems(root, base, others)).toEqual([
      'README.md: the configuration table has no row for NEW_SETTING',
      'README.md: CURRENCY is in the table but not in src/server/env.ts',
    ])
  })

  test('fails on a package §2 names that package.json lacks, and on a runtime dependency §2 leaves out', () => {
    const packages = readPackages(root)
    const docs = changed({
      'docs/architecture.md': (text) => text.replace('`swiper` (banner)', '`aos` (banner)'),
    })
    expect(findProblems(root, docs, undefined, packages)).toEqual([
      'docs/architecture.md §2: aos is not in package.json',
      'docs/architecture.md §2: the dependency swiper is not named',
    ])
  })

  test('fails on a folder of the rooms §7 does not describe, and on a described folder that is gone', () => {
    const folders = [...readFolders(root), 'src/server/tenancies']
    expect(findProblems(root, base, undefined, undefined, folders)).toEqual([
      'docs/architecture.md §7: the folder src/server/tenancies/ is not described',
    ])
    const docs = changed({
      'docs/architecture.md': (text) => text.replace('- `src/server/cleanup/`', '- `src/server/sweeps/`'),
    })
    expect(findProblems(root, docs)).toEqual([
      expect.stringMatching(/^docs\/architecture\.md:\d+: src\/server\/sweeps\/ doesn't exist$/),
      'docs/architecture.md §7: the folder src/server/cleanup/ is not described',
    ])
  })
})

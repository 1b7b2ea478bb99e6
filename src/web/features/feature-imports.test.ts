import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

// The lint of decision 031, run on made-up files: it must refuse a crossing nobody declared.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const eslint = new ESLint({ cwd: root })

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('imports between web features', () => {
  test('a feature may import the parts eslint.config.js declares for it', async () => {
    const code = `import { ListingCard } from '../listings/listing-card.tsx'\nexport const part = ListingCard\n`
    expect(await refusals('src/web/features/home/made-up.tsx', code)).toEqual([])
  })

  test('an undeclared part of another feature fails, at any depth', async () => {
    const badge = `import { AvailabilityBadge } from '../listings/availability-badge.tsx'\nexport const part = AvailabilityBadge\n`
    expect(await refusals('src/web/features/home/made-up.tsx', badge)).toEqual([
      expect.stringContaining('Feature "home" imports another feature'),
    ])
    const nested = `import { PlaceCombobox } from '../../places/place-combobox.tsx'\nexport const part = PlaceCombobox\n`
    expect(await refusals('src/web/features/dashboard/deeper/made-up.tsx', nested)).toHaveLength(1)
  })

  test('features never import routes; components and lib never import features', async () => {
    const route = `import { loader } from '../../routes/home.tsx'\nexport const part = loader\n`
    expect(await refusals('src/web/features/listings/made-up.ts', route)).toHaveLength(1)
    const feature = `import { ListingCard } from '../features/listings/listing-card.tsx'\nexport const part = ListingCard\n`
    expect(await refusals('src/web/components/made-up.tsx', feature)).toHaveLength(1)
  })
})

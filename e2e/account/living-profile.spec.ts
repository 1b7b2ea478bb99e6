import { expect, test, type Page } from '@playwright/test'
import { demoProfile } from '../../src/server/db/demo-profiles.ts'
import { compareProfiles, type Profile } from '../../src/shared/match.ts'
import { QUESTIONS } from '../../src/shared/questionnaire.ts'
import { MATTERS } from '../../src/web/features/listing-details/match-reasons.ts'
import { createListingViaApi, signedInPage, signUpViaApi, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { expectPopup } from '../support/popup.ts'

// Compatibility from a person's side: a poster with a living profile, a newcomer who fills theirs on the
// dashboard, then the match on the cards, the best-match order and the reasons on details. Each new screen passes
// axe in both colour modes at phone and desktop width (screenshots of each with E2E_SCREENSHOTS=<folder>).

/** The screen as it is, in each colour mode at each width, without reloading (which would lose what was typed). */
const lookEverywhere = (page: Page, name: string) =>
  expectNoSeriousViolationsEverywhere(page, { screenshot: name })

test('fill a living profile, then see matches on browse and the reasons on details', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const token = uniqueToken('Match')
  const posterContext = await browser.newContext({ baseURL })
  await signUpViaApi(posterContext.request, baseURL!)
  const saved = await posterContext.request.put('/api/living-profile', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: demoProfile(1),
  })
  expect(saved.status()).toBe(200)
  const listingId = await createListingViaApi(posterContext.request, baseURL!, { title: `Room ${token}` })

  const { page, context } = await signedInPage(browser, baseURL!)
  await page.goto(`/dashboard/browse-listing?q=${token}`)
  await expect(page.getByText('to see how well you’d match')).toBeVisible()
  await page.getByRole('link', { name: 'Fill in your living profile' }).click()
  await expect(page.getByRole('heading', { name: 'Living profile', level: 1 })).toBeVisible()

  // One tap per question: the first answer, and it is what I accept (nothing ticked under "I'd live with").
  for (const question of QUESTIONS) {
    await page.getByRole('group', { name: question.text }).getByRole('radio').first().check()
  }
  await page.getByRole('checkbox', { name: 'cooking' }).check()
  await page.getByRole('checkbox', { name: 'hiking' }).check()
  await page.getByRole('button', { name: 'Save living profile' }).click()
  await expectPopup(page, 'Living profile saved')
  // The pop-up closes itself; the focus is back on Save and screen readers heard what happened.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save living profile' })).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: 'Living profile saved' })).toHaveText(
    'Living profile saved. Listings now show how well you match.',
  )
  await page.reload()
  await expect(
    page
      .getByRole('group', { name: 'When do you usually go to bed?' })
      .getByRole('radio', { name: 'Before 10 pm' }),
  ).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'cooking' })).toBeChecked()

  await page.goto(`/dashboard/browse-listing?q=${token}`)
  await expect(page.getByText(/\d+% match/)).toBeVisible()
  await page.getByLabel('Sort by').selectOption('match')
  await expect(page).toHaveURL(/sort=match/)
  await expect(page.getByText(/\d+% match/)).toBeVisible()

  await test.step('details: each difference says how much it matters to each side, and the shares give the score', async () => {
    // The comparison the server makes, of the profile the form saved with the poster's.
    const mine = (await (await page.request.get('/api/living-profile')).json()) as Profile
    const expected = compareProfiles(mine, demoProfile(1))
    const heaviest = expected.questions.find((question) => question.id === expected.differ[0])!
    expect(heaviest.youMind && heaviest.theyMind, 'the heaviest difference misses both sides').toBeTruthy()
    await page.goto(`/dashboard/browse-listing-details/${listingId}`)
    const explanation = page.getByRole('region', { name: `${expected.score}% match` })
    await expect(explanation).toContainText(
      `Their answers meet ${expected.shares!.yours}% of what matters to you, and yours meet ` +
        `${expected.shares!.theirs}% of what matters to them`,
    )
    const differences = explanation
      .locator('div', { has: page.getByRole('heading', { name: 'Where you differ' }) })
      .getByRole('listitem')
    await expect(differences).toHaveCount(expected.differ.length)
    // Heaviest first, with a weight for each side whose wish it misses.
    await expect(differences.first()).toContainText(`To you: ${MATTERS[heaviest.youMind!]}`)
    await expect(differences.first()).toContainText(`To them: ${MATTERS[heaviest.theyMind!]}`)
  })

  await page.goto('/dashboard/living-profile')
  await expect(page.getByRole('button', { name: 'Save living profile' })).toBeVisible()
  await lookEverywhere(page, 'living-profile')
  await page.goto(`/dashboard/browse-listing?q=${token}&sort=match&furnished=true`)
  await expect(page.getByRole('checkbox', { name: 'Furnished' })).toBeChecked()
  await lookEverywhere(page, 'browse-household')
  await page.goto(`/dashboard/browse-listing?q=${token}&sort=match`)
  await expect(page.getByText(/\d+% match/)).toBeVisible()
  await lookEverywhere(page, 'browse-match')
  await page.goto(`/dashboard/browse-listing-details/${listingId}`)
  await expect(page.getByRole('heading', { name: /\d+% match/ })).toBeVisible()
  await lookEverywhere(page, 'details-match')

  await page.goto('/dashboard/living-profile')
  await page.getByRole('button', { name: 'Remove living profile' }).click()
  await expectPopup(page, 'Living profile removed')
  await expect(page.getByRole('button', { name: 'Remove living profile' })).toBeHidden()
  await page.goto(`/dashboard/browse-listing-details/${listingId}`)
  await expect(page.getByRole('heading', { name: 'How well would you match?' })).toBeVisible()
  await posterContext.close()
  await context.close()
})

test('the add form takes the household facts and details shows them', async ({ browser, baseURL }) => {
  // Four axe sweeps and full-page screenshots besides the form: more than the default's margin on a busy machine.
  test.slow()
  const { page, context } = await signedInPage(browser, baseURL!)
  const token = uniqueToken('Facts')
  await page.goto('/dashboard/find-rommate')
  await page.getByLabel('Title').fill(`Room ${token}`)
  await page.getByLabel('Location').fill('Leeds')
  await page.getByLabel('Rent per month').fill('500')
  await page.getByLabel('Room type').selectOption('Single')
  await page.getByLabel('Who is posting').selectOption('Current flatmate')
  await page.getByLabel('Contact info').fill('example.com/me')
  await page.getByLabel('Free from').fill('2026-12-01')
  await page.getByLabel('Minimum stay (months)').fill('6')
  await page.getByLabel('People already living there').fill('2')
  await page.getByLabel('Furnished').selectOption('true')
  await page.getByLabel('Pets allowed').selectOption('false')
  await lookEverywhere(page, 'add-listing-household')
  await page.getByRole('button', { name: 'Add Listing' }).click()
  await expectPopup(page, 'Roommate Listing Added Successfully!')
  await page.goto(`/dashboard/browse-listing?q=${token}&furnished=true`)
  await page.getByRole('link', { name: `See more about Room ${token}` }).click()
  await expect(page.getByText('1 December 2026')).toBeVisible()
  await expect(page.getByText('6 months')).toBeVisible()
  // The facts left unsaid are folded into one line that names them.
  await page.getByText('2 things the poster didn’t say').click()
  await expect(page.getByText('Not said: Bills included, Smoking allowed.')).toBeVisible()
  await context.close()
})

// Apart from the test above, so that neither runs eight sweeps and screenshots in one test's time.
test('details with the household facts pass axe at both widths in both modes', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const { page, context } = await signedInPage(browser, baseURL!)
  const id = await createListingViaApi(page.request, baseURL!, { title: `Room ${uniqueToken('Facts')}` })
  await page.goto(`/browse-listing-details/${id}`)
  await expect(page.getByText('1 December 2026')).toBeVisible()
  await lookEverywhere(page, 'details-household')
  await context.close()
})

import { expect, test } from '@playwright/test'
import { createListingViaApi, newUser, signedInPage, uniqueLetterToken, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { linkFromMail, mailText } from '../support/mail.ts'

test('a person asks for a reference; the referee answers from the mail with no account; the profile shows it', async ({
  browser,
  baseURL,
}) => {
  // A journey through three people's pages, each checked with axe at two widths in both modes.
  test.setTimeout(120_000)
  const subject = await signedInPage(browser, baseURL!, newUser({ name: `Rae ${uniqueLetterToken()}` }))
  await subject.page.goto(await linkFromMail(subject.user.email, /Confirm your e-mail/))
  await expect(subject.page.getByRole('heading', { name: /verified/i })).toBeVisible()
  const refereeEmail = `sam-${uniqueLetterToken().toLowerCase()}@example.com`
  const asked = await subject.context.request.post('/api/references/requests', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: { refereeEmail, refereeName: 'Sam Lindqvist', relationship: 'flatmate' },
  })
  expect(asked.status()).toBe(201)

  // The referee: the link in their mail, in a browser with no account.
  const link = (await mailText(refereeEmail, /reference request/i)).match(
    /http:\/\/\S+\/references\/\S+/,
  )?.[0]
  expect(link).toBeTruthy()
  const referee = await browser.newContext()
  const page = await referee.newPage()
  await page.goto(link!)
  await expect(page.getByText(`${subject.user.name} asked you for a reference`)).toBeVisible()
  await expectNoSeriousViolationsEverywhere(page, { screenshot: 'reference-answer' })
  await page.getByLabel('From', { exact: true }).fill('2023-02')
  await page.getByLabel('To', { exact: true }).fill('2024-08')
  for (const rating of ['Tidy', 'Pays on time', 'Considerate', 'Communication'])
    await page.getByLabel(rating, { exact: true }).selectOption('5')
  await page.getByLabel(/A few words/).fill('Kept the kitchen spotless and paid every bill on the day.')
  await page.getByRole('button', { name: 'Send the reference' }).click()
  await expect(page.getByRole('status')).toContainText(/published/i)
  // The link is single-use.
  await page.reload()
  await expect(page.getByRole('alert')).toContainText(/used already/)
  await referee.close()

  // The subject's public profile shows it, confirmed by e-mail, without the referee's address.
  const session = await subject.context.request.get('/api/auth/get-session')
  const { user } = (await session.json()) as { user: { id: string } }
  await subject.page.goto(`/people/${user.id}`)
  const references = subject.page.getByRole('region', { name: /References/ })
  await expect(references.getByText('Sam Lindqvist')).toBeVisible()
  await expect(references.getByText(/Confirmed by e-mail/)).toBeVisible()
  await expect(subject.page.getByText(refereeEmail)).toHaveCount(0)
  const badges = subject.page.getByRole('list', { name: `About ${subject.user.name}` })
  await expect(badges.getByRole('listitem')).toHaveText(['E-mail verified', '1 reference'])
  await expectNoSeriousViolationsEverywhere(subject.page, { screenshot: 'profile-references' })

  // Their listing's card says it too, in words (decision 096).
  const title = `Referenced room ${uniqueToken()}`
  const listingId = await createListingViaApi(subject.context.request, baseURL!, { title })
  await subject.page.goto(`/browse-listing?q=${encodeURIComponent(title)}`)
  const card = subject.page.getByRole('article').filter({ hasText: title })
  await expect(
    card.getByRole('list', { name: `About ${subject.user.name}` }).getByRole('listitem'),
  ).toHaveText(['E-mail verified', '1 reference'])
  await expectNoSeriousViolationsEverywhere(subject.page, { screenshot: 'card-badges' })
  // And its details, under who posted it.
  await subject.page.goto(`/browse-listing-details/${listingId}`)
  await expect(
    subject.page.getByRole('list', { name: `About ${subject.user.name}` }).getByRole('listitem'),
  ).toHaveText(['E-mail verified', '1 reference'])
  await expectNoSeriousViolationsEverywhere(subject.page, { screenshot: 'details-badges' })

  // Their dashboard lists what was asked and what was answered; a hidden reference leaves the profile.
  const again = await subject.context.request.post('/api/references/requests', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: {
      refereeEmail: `kit-${uniqueLetterToken().toLowerCase()}@example.com`,
      refereeName: 'Kit Marlow',
      relationship: 'landlord',
    },
  })
  expect(again.status()).toBe(201)
  await subject.page.goto('/dashboard/references')
  const answered = subject.page.getByRole('region', { name: 'Answered' })
  const requested = subject.page.getByRole('region', { name: /Requested/ })
  await expect(answered.getByRole('listitem')).toContainText(['Sam Lindqvist Shown'])
  await expect(requested.getByRole('listitem')).toContainText(['Kit Marlow'])
  await expectNoSeriousViolationsEverywhere(subject.page, { screenshot: 'dashboard-references' })
  await answered.getByRole('button', { name: 'Hide the reference from Sam Lindqvist' }).click()
  await expect(answered.getByRole('listitem')).toContainText(['Sam Lindqvist Hidden'])
  await subject.page.goto(`/people/${user.id}`)
  await expect(subject.page.getByText('No references yet.')).toBeVisible()
  await expect(
    subject.page.getByRole('list', { name: `About ${subject.user.name}` }).getByRole('listitem'),
  ).toHaveText(['E-mail verified'])
  await subject.context.close()
})

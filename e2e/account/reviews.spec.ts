import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueLetterToken, newUser } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { linkFromMail } from '../support/mail.ts'

// Two people who found each other on Nestmate move in together: the poster says so, the seeker confirms, both
// review, and the reviews appear on their profiles only once both are written (docs/decisions/092).

const idOf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } }).user.id

async function review(page: Page, text: string) {
  await page.getByRole('button', { name: 'Write a review' }).click()
  for (const rating of ['Tidy', 'Pays on time', 'Considerate', 'Communication'])
    await page.getByLabel(rating, { exact: true }).selectOption('5')
  await page.getByLabel(/A few words/).fill(text)
}

test('moved in, confirmed, both review: the reviews are published on the profiles, with a reply', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const poster = await signedInPage(browser, baseURL!, newUser({ name: `Noor ${uniqueLetterToken()}` }))
  const seeker = await signedInPage(browser, baseURL!, newUser({ name: `Ivo ${uniqueLetterToken()}` }))
  const listingId = await createListingViaApi(poster.context.request, baseURL!)
  await seeker.page.goto(await linkFromMail(seeker.user.email, /Confirm your e-mail/))
  await expect(seeker.page.getByRole('heading', { name: /verified/i })).toBeVisible()
  const started = await seeker.context.request.post('/api/conversations', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: { listingId, body: 'Is the room still free?' },
  })
  const { conversationId } = (await started.json()) as { conversationId: string }
  const conversation = `/dashboard/messages/${conversationId}`

  // The poster was contacted: they say they moved in, and the seeker, on the conversation already, sees it live.
  await seeker.page.goto(conversation)
  await expect(seeker.page.getByRole('log')).toContainText('Is the room still free?')
  await poster.page.goto(conversation)
  const posterTogether = poster.page.getByRole('region', { name: 'Living together' })
  await posterTogether.getByRole('button', { name: 'We moved in' }).click()
  await expect(posterTogether).toContainText(`waiting for ${seeker.user.name} to confirm`)

  // The seeker confirms, then writes their review.
  const seekerTogether = seeker.page.getByRole('region', { name: 'Living together' })
  await expect(seekerTogether).toContainText(`${poster.user.name} says you moved in together`)
  await seekerTogether.getByRole('button', { name: 'Confirm' }).click()
  await expect(seeker.page.getByText('Move-in confirmed').first()).toBeVisible()
  await review(seeker.page, 'A calm, generous landlord.')
  await expectNoSeriousViolationsEverywhere(seeker.page, { screenshot: 'review-form' })
  await seeker.page.getByRole('button', { name: 'Send the review' }).click()
  await expect(seekerTogether.getByRole('status')).toContainText('published when')

  // Not published yet: the poster's profile shows no review.
  const posterId = await idOf(poster.page)
  await poster.page.goto(`/people/${posterId}`)
  await expect(poster.page.getByRole('region', { name: /Reviews/ })).toContainText('No reviews yet.')

  // The poster writes theirs: both are published.
  await poster.page.goto(conversation)
  await review(poster.page, 'Kept the kitchen spotless.')
  await poster.page.getByRole('button', { name: 'Send the review' }).click()
  await expect(poster.page.getByRole('region', { name: 'Living together' }).getByRole('status')).toBeVisible()

  await poster.page.goto(`/people/${posterId}`)
  const reviews = poster.page.getByRole('region', { name: /Reviews/ })
  await expect(reviews.getByText('A calm, generous landlord.')).toBeVisible()
  await expect(reviews).toContainText(seeker.user.name)
  await expect(reviews).toContainText('Tidy 5/5')
  // The profile's badges say the average.
  await expect(poster.page.getByRole('list', { name: /^About / })).toContainText('Rated 5.0 of 5 in 1 review')
  await reviews.getByLabel(/Your reply/).fill('Thank you, it was a pleasure.')
  await reviews.getByRole('button', { name: 'Reply' }).click()
  await expect(reviews.getByText('Thank you, it was a pleasure.')).toBeVisible()
  await expectNoSeriousViolationsEverywhere(poster.page, { screenshot: 'profile-reviews' })

  await seeker.page.goto(`/people/${await idOf(seeker.page)}`)
  await expect(seeker.page.getByRole('region', { name: /Reviews/ })).toContainText(
    'Kept the kitchen spotless.',
  )
  await poster.context.close()
  await seeker.context.close()
})

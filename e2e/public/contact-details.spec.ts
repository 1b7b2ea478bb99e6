import { expect, test } from '@playwright/test'

// The Contact and Support pages show the operator's own details (here the e2e server sets a phone line and its
// hours) and mark every detail the operator hasn't set as an example that reaches no one: never a link.

test('Contact: the operator’s phone is a link; the unset e-mail and office are marked as examples', async ({
  page,
}) => {
  await page.goto('/contact')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: '+44 20 7946 0018' })).toHaveAttribute(
    'href',
    'tel:+442079460018',
  )
  await expect(main.getByText('Weekdays, 10 am to 4 pm UK time.')).toBeVisible()
  const card = (title: string) =>
    main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) })
  const email = card('Email')
  await expect(email).toContainText('support@nestmate.app')
  await expect(email).toContainText('Example')
  await expect(email.getByRole('link')).toHaveCount(0)
  await expect(card('Office')).toContainText('Example')
  // The spec's sample number no longer poses as a real line.
  await expect(main.getByText('+1 (503) 555-0142')).toHaveCount(0)
  await expect(main.getByText('Details marked Example are placeholders')).toBeVisible()
})

test('Support: Call rings the operator’s line; the example e-mail offers no button', async ({ page }) => {
  await page.goto('/support')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Call +44 20 7946 0018' })).toHaveAttribute(
    'href',
    'tel:+442079460018',
  )
  await expect(main.getByRole('link', { name: 'Email us' })).toHaveCount(0)
  await expect(main.getByRole('article').filter({ hasText: 'Write to' })).toContainText('Example')
})

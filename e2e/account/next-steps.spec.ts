import { expect, test } from '@playwright/test'
import { demoProfile } from '../../src/server/db/demo-profiles.ts'
import { createListingViaApi, signedInPage, uniqueLetterToken } from '../support/api.ts'
import { main } from './helpers.ts'

// Someone new opens the dashboard and is told what to do first; what they have done is ticked, and the list
// goes once the living profile is filled in and a room is posted.

test('the Overview shows a new person their next steps until they are done', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await page.goto('/dashboard')
  const steps = main(page).getByRole('region', { name: 'Your next steps' })
  await expect(steps.getByRole('link', { name: 'Fill in your living profile' })).toHaveAttribute(
    'href',
    '/dashboard/living-profile',
  )
  await expect(steps.getByRole('link', { name: 'Post your room' })).toHaveAttribute(
    'href',
    '/dashboard/find-rommate',
  )
  await expect(steps.getByRole('link', { name: 'Look for a room' })).toHaveAttribute(
    'href',
    '/dashboard/browse-listing',
  )

  const saved = await context.request.put('/api/living-profile', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: demoProfile(2),
  })
  expect(saved.status()).toBe(200)
  await page.reload()
  await expect(steps.getByRole('img', { name: 'Done:' })).toHaveCount(1)
  await expect(steps.getByRole('link', { name: 'Fill in your living profile' })).toHaveCount(0)
  await expect(steps).toContainText('Fill in your living profile')

  await createListingViaApi(context.request, baseURL!)
  await page.reload()
  await expect(main(page).getByRole('heading', { name: /^Welcome/ })).toBeVisible()
  await expect(steps).toHaveCount(0)
  await context.close()
})

test('a seeker with a room-wanted ad has it ticked and is not asked to post a room', async ({
  browser,
  baseURL,
}) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  const written = await context.request.put('/api/seeker-ad', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: {
      headline: `Looking ${uniqueLetterToken()}`,
      budget: 800,
      roomTypes: ['Single'],
      areas: [{ placeId: 2166584, radiusKm: 10 }],
    },
  })
  expect(written.status(), await written.text()).toBe(201)
  await page.goto('/dashboard')
  const steps = main(page).getByRole('region', { name: 'Your next steps' })
  await expect(steps.getByRole('link', { name: 'Fill in your living profile' })).toBeVisible()
  await expect(steps.getByRole('link', { name: 'Post your room' })).toHaveCount(0)
  await expect(steps.getByText('Write your room-wanted ad')).toBeVisible()
  await expect(steps.getByRole('img', { name: 'Done:' })).toHaveCount(1)
  await context.close()
})

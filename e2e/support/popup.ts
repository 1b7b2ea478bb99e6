import { expect, type Page } from '@playwright/test'

/** The sweetalert2 pop-up currently on screen, checked by its title (and text when given). */
export async function expectPopup(page: Page, title: string, text?: string) {
  const popup = page.getByRole('dialog')
  // waitFor watches the page continuously; expect's back-off polling can step over a 1.5 s timed pop-up on a
  // busy machine.
  await popup
    .getByRole('heading', { name: title, exact: true })
    .waitFor({ state: 'visible', timeout: 10_000 })
  if (text) await expect(popup).toContainText(text)
  return popup
}

export async function closePopup(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
}

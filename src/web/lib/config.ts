import { API } from '#shared/api.ts'
import { rentFormat } from '#shared/format.ts'
import type { PublicConfig } from '#shared/user.ts'
import { api } from './api.ts'

let pending: Promise<PublicConfig> | undefined

/** The server's public settings (currency, whether Google sign-in is set up), fetched once per page load. */
export function loadConfig(): Promise<PublicConfig> {
  pending ??= api<PublicConfig>(API.config).catch((error: unknown) => {
    pending = undefined
    throw error
  })
  return pending
}

/**
 * The currency every rent is shown in: the server's setting, or US dollars if it can't be read. Its number format
 * is built here, as the setting arrives: a page's first currency format loads the browser's locale data (20 to 60 ms
 * of main thread in Chromium here), which would otherwise be added to the render of the cards that show rents.
 */
export async function loadCurrency(): Promise<string> {
  const currency = (await loadConfig().catch(() => null))?.currency ?? 'USD'
  rentFormat(currency)
  return currency
}

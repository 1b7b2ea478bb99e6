import { useLoaderData } from 'react-router'
import type { PublicConfig } from '#shared/user.ts'
import { loadConfig } from '../../lib/config.ts'
import { contactDetails } from './contact-details.ts'

/** The Contact and Support pages' loader: the operator's contact settings (null when the API can't be read). */
export async function loadContact(): Promise<{ contact: PublicConfig['contact'] | null }> {
  return {
    contact: await loadConfig().then(
      (config) => config.contact,
      () => null,
    ),
  }
}

/** The details to show: the operator's, or the examples. Only inside an AfterHydration part (no data at build). */
export function useContactDetails() {
  return contactDetails(useLoaderData<typeof loadContact>().contact)
}

import { API } from '../../shared/api.ts'
import { PublicConfigSchema, type PublicConfig } from '../../shared/user.ts'
import { api } from './api.ts'

let pending: Promise<PublicConfig> | undefined

/** The server's public settings (currency, whether Google sign-in is set up), fetched once per page load. */
export function loadConfig(): Promise<PublicConfig> {
  pending ??= api(API.config, { schema: PublicConfigSchema }).catch((error: unknown) => {
    pending = undefined
    throw error
  })
  return pending
}

import type { PublicConfig } from '#shared/user.ts'

/**
 * The Contact and Support pages' details as the product spec writes them. They stay on the pages as examples,
 * saying so, until the site's operator sets real ones (CONTACT_EMAIL, CONTACT_PHONE, CONTACT_HOURS,
 * CONTACT_OFFICE; GET /api/config).
 */
const EXAMPLE = {
  email: 'support@nestmate.app',
  phone: '+1 (503) 555-0142',
  hours: 'Monday to Friday, 9 am to 5 pm Pacific time.',
  office: 'Portland, Oregon, USA',
}

export type ContactItem = { value: string; isExample: boolean }
export type ContactDetails = Record<keyof typeof EXAMPLE, ContactItem | null>

/** Each detail the operator set, else the example; the example hours only beside the example phone number. */
export function contactDetails(configured: PublicConfig['contact'] | null): ContactDetails {
  const pick = (key: keyof typeof EXAMPLE): ContactItem =>
    configured?.[key]
      ? { value: configured[key], isExample: false }
      : { value: EXAMPLE[key], isExample: true }
  const phone = pick('phone')
  return {
    email: pick('email'),
    phone,
    hours: configured?.hours ? pick('hours') : phone.isExample ? pick('hours') : null,
    office: pick('office'),
  }
}

/** A phone number as a tel: link's target: its digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** Nestmate's support contacts, shown on the Contact and Support pages. */
export const CONTACT = {
  email: 'support@nestmate.app',
  phone: '+1 (503) 555-0142',
  phoneHref: '+15035550142',
  hours: 'Monday to Friday, 9 am to 5 pm Pacific time.',
  city: 'Portland, Oregon, USA',
}

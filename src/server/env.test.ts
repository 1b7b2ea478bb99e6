import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { loadConfig } from './env.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-env-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('loadConfig', () => {
  test('needs no configuration for the embedded set-up and creates a private auth secret once', () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      baseUrl: 'http://localhost:3000',
      currency: 'USD',
      tiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        attributionUrl: 'https://www.openstreetmap.org/copyright',
      },
    })
    expect(config.contact).toEqual({ email: null, phone: null, hours: null, office: null })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.google).toBeUndefined()
    expect(config.jobs).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir, JOBS: 'false' }).jobs).toBe(false)
    expect(config.alertWindowMs).toBe(60_000)
    expect(loadConfig({ DATA_DIR: dataDir, ALERT_WINDOW_SECONDS: '5' }).alertWindowMs).toBe(5_000)
    expect(config.photosDir).toBe(path.join(dataDir, 'photos'))
    expect(loadConfig({ DATA_DIR: dataDir, PHOTOS_DIR: '/srv/photos' }).photosDir).toBe('/srv/photos')
    const file = path.join(dataDir, 'auth-secret')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(readFileSync(file, 'utf8').trim())
  })

  test.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number.'],
    [{ CURRENCY: 'usd' }, 'Invalid configuration: CURRENCY must be an ISO 4217 code such as USD.'],
    [
      { TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' },
      'Invalid configuration: TILE_URL must be an http(s) URL.',
    ],
    [
      { TILE_URL: 'https://tiles.example/tile.png' },
      'Invalid configuration: TILE_URL must contain {z}, {x} and {y}.',
    ],
    [{ DEMO_DATA: 'maybe' }, 'Invalid configuration: DEMO_DATA must be true or false.'],
    [{ CONTACT_EMAIL: 'help desk' }, 'Invalid configuration: CONTACT_EMAIL must be an e-mail address.'],
    [
      { CONTACT_PHONE: 'call us' },
      'Invalid configuration: CONTACT_PHONE must be a phone number: digits, spaces, +, -, ( and ), at most 30.',
    ],
    [
      { CONTACT_OFFICE: 'x'.repeat(121) },
      'Invalid configuration: CONTACT_OFFICE must be at most 120 characters.',
    ],
    [{ JOBS: 'sometimes' }, 'Invalid configuration: JOBS must be true or false.'],
    [
      { ALERT_WINDOW_SECONDS: '0' },
      'Invalid configuration: ALERT_WINDOW_SECONDS must be a number of seconds from 1 to 3600.',
    ],
    [
      { ALERT_WINDOW_SECONDS: 'soon' },
      'Invalid configuration: ALERT_WINDOW_SECONDS must be a number of seconds from 1 to 3600.',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// URL.'],
    [
      { DATABASE_URL: 'postgres://db/nestmate' },
      'Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set.',
    ],
    [
      { TRUST_PROXY: 'true' },
      'Invalid configuration: TRUST_PROXY is true, which lets any client choose its IP; set the number of proxies in front of Nestmate (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8).',
    ],
    [
      { TRUST_PROXY: 'the-balancer' },
      'Invalid configuration: TRUST_PROXY must be false, a number of proxies, or IP addresses and CIDR ranges separated by commas.',
    ],
    [
      { TRUST_PROXY: '10.0.0.0/33' },
      'Invalid configuration: TRUST_PROXY must be false, a number of proxies, or IP addresses and CIDR ranges separated by commas.',
    ],
    [{ SMTP_URL: 'mail.example:25' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL.'],
    [
      { MAIL_FROM: 'Nestmate no-reply' },
      'Invalid configuration: MAIL_FROM must be an address, or a name and <address>.',
    ],
    [
      { GOOGLE_CLIENT_ID: 'id' },
      'Invalid configuration: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither.',
    ],
  ])('stops with one line naming the bad variable: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message)
  })

  test.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.7', '10.0.0.7'],
    [' 10.0.0.0/8, fd00::/8 ,loopback', '10.0.0.0/8,fd00::/8,loopback'],
  ])('TRUST_PROXY=%j trusts only a hop count or given proxies: %j', (value, trusted) => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy).toBe(trusted)
  })

  test('reads PostgreSQL, Google and https settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db.internal/nestmate',
      AUTH_SECRET: 'x'.repeat(40),
      BASE_URL: 'https://nestmate.example/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      CURRENCY: 'EUR',
    })
    expect(config.baseUrl).toBe('https://nestmate.example')
    expect(config.google?.discoveryUrl).toBe('https://accounts.google.com/.well-known/openid-configuration')
    expect(config.currency).toBe('EUR')
    expect(config.smtpUrl).toBeUndefined()
    expect(config.mailFrom).toBe('Nestmate <no-reply@nestmate.example>')
  })

  test('reads the mail settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Nestmate Team <team@nestmate.example>',
    })
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example:465')
    expect(config.mailFrom).toBe('Nestmate Team <team@nestmate.example>')
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: '' }).smtpUrl).toBeUndefined()
  })

  test('reads how people reach the operator; each unset (or empty) one is null', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      CONTACT_EMAIL: 'help@rooms.example',
      CONTACT_PHONE: ' +49 30 1234567 ',
      CONTACT_HOURS: 'Weekdays, 10 am to 4 pm',
      CONTACT_OFFICE: '',
    })
    expect(config.contact).toEqual({
      email: 'help@rooms.example',
      phone: '+49 30 1234567',
      hours: 'Weekdays, 10 am to 4 pm',
      office: null,
    })
  })
})

import { existsSync, readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The layers of docs/architecture.md §7: shared is the contract, web and server never import each other.
const boundary = (forbidden, message) => ({ group: forbidden, message })
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const WEB_BOUNDARY = boundary(
  ['**/server/**', 'fastify', 'pg', 'drizzle-orm*', '@electric-sql/*'],
  'The web app never imports the server.',
)

// Web features (src/web/features/<name>/) import no other feature and no route module, except the parts listed
// here: each is made to be shown or used by another feature (decision 031). A new crossing fails the lint until
// it is listed, with its reason; a part two features share that needs no feature of its own belongs in components/.
// A person's badges, the same on cards, details and conversation headers (decision 096).
const TRUST_BADGES = 'people/trust-badges.tsx'
const FEATURE_IMPORTS = {
  // The listing card and badge, so a listing looks the same everywhere (decision 008); home's featured rooms share
  // browse's grid and the early cards' templates drawn before the app has loaded (decision 036).
  home: ['listings/listing-card.tsx', 'listings/results-parts.tsx', 'listings/early-card-templates.tsx'],
  'liked-rooms': ['listings/listing-card.tsx'],
  'listing-details': [
    'listings/availability-badge.tsx',
    'listings/example-badge.tsx',
    // The details page's like and unlike are one interest: its state and the Unlike button of Liked rooms.
    'liked-rooms/unlike-button.tsx',
    'liked-rooms/use-interest.ts',
    TRUST_BADGES,
  ],
  // Who is interested in one of my listings, as the dashboard's row shows it; the count of rooms new to one's
  // saved searches, the badge of their menu entry; the inbox's outline, drawn while the dashboard loads it.
  dashboard: [
    'liked-rooms/interested-people.tsx',
    'saved-searches/use-new-count.ts',
    'conversations/inbox-outline.tsx',
  ],
  // The place box (an ARIA combobox with its own API call) that the listing form and browse's "Near…" share, and
  // the note under a searched place box saying which place a typed name was taken to mean.
  'listing-form': ['places/place-combobox.tsx'],
  listings: ['places/place-combobox.tsx', 'places/typed-place-note.tsx', TRUST_BADGES],
  // Rooms wanted: the place box and its note for its filters and areas, and the match explained as on a listing's
  // details.
  'rooms-wanted': [
    'places/place-combobox.tsx',
    'places/typed-place-note.tsx',
    'listing-details/match-explanation.tsx',
    TRUST_BADGES,
  ],
  conversations: [TRUST_BADGES],
}
const FEATURES = readdirSync(new URL('src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
for (const part of Object.values(FEATURE_IMPORTS).flat())
  if (!existsSync(new URL(`src/web/features/${part}`, import.meta.url)))
    throw new Error(
      `FEATURE_IMPORTS in eslint.config.js lists src/web/features/${part}, which doesn't exist.`,
    )
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** What `feature` may not import: another feature's module (relative, at any depth) unless listed, or a route. */
function featureBoundary(feature) {
  const others = FEATURES.filter((name) => name !== feature)
  const allowed = (FEATURE_IMPORTS[feature] ?? []).map(escape)
  const except = allowed.length > 0 ? `(?!(?:${allowed.join('|')})$)` : ''
  return [
    {
      regex: `^(?:\\.\\./)+(?:features/)?${except}(?:${others.map(escape).join('|')})/`,
      message: `Feature "${feature}" imports another feature: list the part in FEATURE_IMPORTS (eslint.config.js) with its reason, or move it to components/.`,
    },
    {
      regex: '^(?:\\.\\./)+routes/',
      message: 'Features never import route modules: routes import features.',
    },
  ]
}

// The server's rooms (docs/architecture.md §7). routes/ is the HTTP layer, at the top: no other room imports it (the
// app's composition in src/server/*.ts does, and so do tests, which drive the app through HTTP). The infrastructure
// rooms serve every other. A domain room (its logic and its jobs) imports another domain only where
// SERVER_DOMAIN_IMPORTS lists the pair with its reason.
const SERVER_INFRASTRUCTURE = ['db', 'mail', 'jobs', 'plugins', 'openapi', 'test', 'security-tests']
const SERVER_DOMAIN_IMPORTS = {
  // The published API document describes the live stream's event format, which the live room owns.
  openapi: ['live'],
  // The page preloads read the prerendered pages' HTML, which first-paint writes.
  plugins: ['first-paint'],
  // A block between two people withholds a like's contacts: the listing rules ask the conversations' block rule.
  // A card shows its poster's badges, the references room's columns (decision 096).
  listings: ['conversations', 'references'],
  // An event in a conversation is delivered live like a message: its write notifies the live room's channel.
  conversations: ['live'],
  // The live stream reads messages and their events as the conversations room defines them, and counts the saved
  // searches' new rooms by their room's rule.
  live: ['conversations', 'saved-searches'],
  // A saved search is a browse view kept: it is matched with the listings' own filters, columns and refusals.
  // An instant alert also pushes to its owner's devices, queued in the statement that records the hit, and the
  // owner's open pages hear of a new room on the live channel.
  'saved-searches': ['listings', 'push', 'live'],
  // Viewing times are read under the listings' visibility rule, and a block stops bookings as it stops messages.
  // A viewing's change and its reminders push to the people's devices, queued in the change's transaction.
  viewings: ['listings', 'conversations', 'push'],
  // The one list of jobs names every domain's jobs.
  jobs: [
    'cleanup',
    'conversations',
    'listings',
    'moderation',
    'photos',
    'push',
    'saved-searches',
    'signals',
    'viewings',
  ],
}
const SERVER_ROOMS = readdirSync(new URL('src/server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'routes')
  .map((entry) => entry.name)
for (const [room, allowed] of Object.entries(SERVER_DOMAIN_IMPORTS))
  for (const name of [room, ...allowed])
    if (!SERVER_ROOMS.includes(name))
      throw new Error(
        `SERVER_DOMAIN_IMPORTS in eslint.config.js names src/server/${name}/, which doesn't exist.`,
      )

/** What a file in src/server/`room`/ may not import: routes/, or a domain room it isn't listed for. */
function serverRoomBoundary(room) {
  const domains = SERVER_ROOMS.filter(
    (name) =>
      name !== room &&
      !SERVER_INFRASTRUCTURE.includes(name) &&
      !(SERVER_DOMAIN_IMPORTS[room] ?? []).includes(name),
  )
  return [
    {
      regex: '^(?:\\.\\./)+routes/',
      message: 'Only routes/ and the app itself import routes/: move what this needs into its domain or db/.',
    },
    ...(domains.length > 0 && !SERVER_INFRASTRUCTURE.includes(room)
      ? [
          {
            regex: `^(?:\\.\\./)+(?:${domains.map(escape).join('|')})/`,
            message: `Domain "${room}" imports another domain: list the pair in SERVER_DOMAIN_IMPORTS (eslint.config.js) with its reason, or move the part to db/.`,
          },
        ]
      : []),
    ...(SERVER_INFRASTRUCTURE.includes(room) && domains.length > 0
      ? [
          {
            regex: `^(?:\\.\\./)+(?:${domains.map(escape).join('|')})/`,
            message: `Infrastructure room "${room}" imports a domain: list the pair in SERVER_DOMAIN_IMPORTS (eslint.config.js) with its reason.`,
          },
        ]
      : []),
  ]
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'playwright-report', 'test-results', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: restrict(
      boundary(
        ['**/server/**', '**/web/**', 'react', 'react-*', 'fastify', 'drizzle-orm*'],
        'src/shared imports zod only.',
      ),
    ),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(WEB_BOUNDARY),
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: restrict(WEB_BOUNDARY, ...featureBoundary(feature)),
  })),
  {
    files: ['src/web/components/**', 'src/web/lib/**'],
    rules: restrict(WEB_BOUNDARY, {
      regex: '^(?:\\.\\./)+(?:features|routes)/',
      message: 'components/ and lib/ serve features and routes; they import neither.',
    }),
  },
  {
    files: ['src/server/**'],
    rules: {
      ...restrict(
        boundary(
          ['**/web/**', 'react', 'react-dom', 'react-router'],
          'The server never imports the web app.',
        ),
      ),
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/server/env.ts only.' },
      ],
    },
  },
  ...SERVER_ROOMS.filter((room) => room !== 'test' && room !== 'security-tests').map((room) => ({
    files: [`src/server/${room}/**`],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      boundary(['**/web/**', 'react', 'react-dom', 'react-router'], 'The server never imports the web app.'),
      ...serverRoomBoundary(room),
    ),
  })),
  {
    files: ['src/server/env.ts', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // No import cycles anywhere in src/: a cycle makes load order decide what a module sees. A dynamic import()
  // (a lazily loaded part) loads after its importer has run, so it closes no cycle.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
)

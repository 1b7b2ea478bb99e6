import { pathToFileURL } from 'node:url'
import { OAuth2Server } from 'oauth2-mock-server'

// A local OpenID Connect provider standing in for Google in tests: it signs real RS256 tokens, checks PKCE
// and echoes the nonce, and signs in whichever identity the test set, without a login form.

export type MockIdentity = {
  sub: string
  email: string
  name: string
  picture?: string
  emailVerified: boolean
}

export const defaultIdentity: MockIdentity = {
  sub: 'google-oauth2|1001',
  email: 'google.tester@example.com',
  name: 'Gabi Google',
  emailVerified: true,
}

export async function startOidcMock(port = 0, host = '127.0.0.1') {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  let identity = defaultIdentity
  const claims = () => ({
    sub: identity.sub,
    email: identity.email,
    email_verified: identity.emailVerified,
    name: identity.name,
    ...(identity.picture ? { picture: identity.picture } : {}),
  })
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims())
  })
  server.service.on('beforeUserinfo', (userInfoResponse) => {
    userInfoResponse.body = claims()
  })
  await server.start(port, host)
  const issuer = server.issuer.url!
  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    setIdentity: (next: MockIdentity) => {
      identity = next
    },
    stop: () => server.stop(),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const mock = await startOidcMock(Number(process.env.OIDC_MOCK_PORT ?? 3199))
  console.log(`OIDC mock at ${mock.discoveryUrl}`)
  const stop = () => void mock.stop().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

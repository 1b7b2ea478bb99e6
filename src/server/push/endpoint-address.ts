import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

// A push endpoint is a server Nestmate will call (docs/api.md, Push): never one on the site's own machine or network.
const FORBIDDEN = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and reserved, up to 255.255.255.255
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv6')
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** An IPv6 address that carries an IPv4 one (`::ffff:10.0.0.1`, NAT64's `64:ff9b::a00:1`) is judged by it. */
function embeddedIpv4(address: string): string | undefined {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (dotted) return dotted[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (!hex) return undefined
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)]
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

function isForbidden(address: string): boolean {
  const v4 = isIP(address) === 4 ? address : embeddedIpv4(address)
  return v4 ? FORBIDDEN.check(v4, 'ipv4') : FORBIDDEN.check(address, 'ipv6')
}

function isLoopback(address: string): boolean {
  const v4 = isIP(address) === 4 ? address : embeddedIpv4(address)
  return v4 ? LOOPBACK.check(v4, 'ipv4') : LOOPBACK.check(address, 'ipv6')
}

/** Where to send: the endpoint's URL and the one address checked for it, which the request must use. */
export type CheckedEndpoint = { url: URL; address: string; family: 4 | 6 }

export class EndpointRefused extends Error {
  /** The host didn't resolve: it may again later, where a forbidden address or scheme won't change. */
  readonly temporary: boolean
  constructor(message: string, temporary = false) {
    super(message)
    this.temporary = temporary
  }
}

/**
 * Checks an endpoint and resolves its host: `https:` and every address public, or (`testEndpoints`, tests only)
 * `http:` with every address loopback. Throws EndpointRefused saying why. The caller connects to the answered
 * address, not to the name again: a name that resolves anew could point somewhere else by then.
 */
export async function checkEndpoint(endpoint: string, testEndpoints: boolean): Promise<CheckedEndpoint> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new EndpointRefused('The endpoint must be a URL.')
  }
  const isTestUrl = testEndpoints && url.protocol === 'http:'
  if (url.protocol !== 'https:' && !isTestUrl)
    throw new EndpointRefused('The endpoint must be an https: URL.')
  if (url.username || url.password)
    throw new EndpointRefused('The endpoint must not hold a user name or password.')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: { address: string; family: number }[]
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true })
  } catch {
    throw new EndpointRefused("The endpoint's host name does not resolve.", true)
  }
  if (addresses.length === 0) throw new EndpointRefused("The endpoint's host name does not resolve.", true)
  const allowed = (address: string) => (isTestUrl ? isLoopback(address) : !isForbidden(address))
  if (!addresses.every(({ address }) => allowed(address)))
    throw new EndpointRefused(
      isTestUrl
        ? 'A test endpoint must be on a loopback address.'
        : 'The endpoint must not be on a loopback, private or link-local address.',
    )
  const [first] = addresses
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 }
}

import { describe, expect, it } from 'vitest'
import { loginPath } from '../../lib/require-session.ts'
import { returnPath, withFrom } from './return-path.ts'

const at = (query: string) => `http://localhost/login${query}`

describe('returnPath', () => {
  it('returns to a same-site path, query included', () => {
    expect(returnPath(at('?from=/dashboard/my-listing'))).toBe('/dashboard/my-listing')
    expect(returnPath(at('?from=%2Fdashboard%2Fbrowse-listing%3FroomType%3DStudio'))).toBe(
      '/dashboard/browse-listing?roomType=Studio',
    )
  })

  it.each([
    '',
    '?from=',
    '?from=//evil.example/x',
    '?from=/\\evil.example',
    '?from=https://evil.example',
    '?from=dashboard',
    // A tab, newline or other control character, raw or percent-encoded, that a browser or router drops.
    '?from=/%09/evil.example',
    '?from=/%250A/evil.example',
    '?from=%2F%09%2Fevil.example',
    '?from=/%00/dashboard',
    '?from=/dashboard%7F',
    // Backslashes anywhere, raw or encoded.
    '?from=/dashboard\\..\\evil',
    '?from=/%5C/evil.example',
    '?from=/%255C/evil.example',
    // An encoded slash that makes "//evil.example" once decoded.
    '?from=/%252Fevil.example',
    '?from=/..//evil.example',
    '?from=/.//evil.example',
  ])('goes home for %j', (query) => {
    expect(returnPath(at(query))).toBe('/')
  })
})

describe('loginPath and withFrom', () => {
  it('remember the page with readable slashes and an encoded query', () => {
    expect(loginPath('/dashboard/my-listing')).toBe('/login?from=/dashboard/my-listing')
    expect(loginPath('/dashboard/browse-listing?roomType=Studio&sort=rent_desc')).toBe(
      '/login?from=/dashboard/browse-listing%3FroomType%3DStudio%26sort%3Drent_desc',
    )
  })

  it('leave out home and anything off-site', () => {
    expect(loginPath('/')).toBe('/login')
    expect(loginPath('//evil.example')).toBe('/login')
    expect(withFrom('/signup', '?from=//evil.example')).toBe('/signup')
    expect(withFrom('/signup', '?from=/dashboard')).toBe('/signup?from=/dashboard')
  })
})

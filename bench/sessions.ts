/** Signs people up through the real endpoint and returns their session cookies (name=value only). */
export async function signUp(baseUrl: string, count: number): Promise<string[]> {
  const cookies: string[] = []
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        name: `Bench Person ${i}`,
        email: `person${i}.${Date.now()}@bench.nestmate.test`,
        password: 'Benchmark-Password-1',
      }),
    })
    if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
    cookies.push(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    )
  }
  return cookies
}

import { describe, expect, test } from 'vitest'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, passwordError, SignupSchema } from './signup.ts'

describe('password rules', () => {
  test.each(['Password1', 'pASSWORd1', 'Qwerty123', 'Iloveyou', 'TrustNo1', 'Football'])(
    '%s is too common, whatever its letter case',
    (password) => {
      expect(isCommonPassword(password)).toBe(true)
      expect(passwordError(password)).toBe(COMMON_PASSWORD_MESSAGE)
    },
  )

  test('an uncommon password that keeps the spec rules passes', () => {
    expect(passwordError('Nestmate1')).toBeNull()
    expect(passwordError('Correct-Horse-Battery')).toBeNull()
  })

  test("the spec's own messages come first", () => {
    expect(passwordError('abc')).toBe('Password must be at least 6 characters.')
    expect(passwordError('password')).toBe('Password must include at least one uppercase letter.')
  })

  test('the sign-up form shows the same message for a common password', () => {
    const parsed = SignupSchema.safeParse({ name: 'Pat', email: 'pat@example.com', password: 'Sunshine' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['password'], message: COMMON_PASSWORD_MESSAGE })
  })
})

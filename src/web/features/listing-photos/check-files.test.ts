import { expect, test } from 'vitest'
import { checkFiles } from './check-files.ts'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

test('pictures within the limits are accepted; the rest say why', () => {
  const { accepted, refused } = checkFiles(
    [
      file('a.jpg', 'image/jpeg'),
      file('b.heic', 'image/heic'),
      file('c.png', 'image/png', 16 * 1024 * 1024),
      file('d.webp', 'image/webp'),
      file('e.avif', 'image/avif'),
    ],
    5,
  )
  expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'd.webp', 'e.avif'])
  expect(refused).toEqual([
    { name: 'b.heic', reason: 'is not a JPEG, PNG, WebP or AVIF picture.' },
    { name: 'c.png', reason: 'is larger than 15 MB.' },
  ])
})

test('no more than 8 photos on a listing', () => {
  const { accepted, refused } = checkFiles([file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')], 7)
  expect(accepted).toHaveLength(1)
  expect(refused).toEqual([{ name: 'b.jpg', reason: 'was not added: a listing has at most 8 photos.' }])
})

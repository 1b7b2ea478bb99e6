import { useEffect, useState } from 'react'

// The typewriter's timings: type 70 ms a character, delete 50 ms, pause 1.5 s on a whole word.
const TIMING = { type: 70, delete: 50, pause: 1500 }

type Typing = { index: number; length: number; isDeleting: boolean }

/**
 * The part of `words` shown now. It starts on the whole first word (so the first paint shows a complete
 * heading), pauses, deletes it and types the next, and so on; with `loop` false it stops on the last word.
 */
export function useTypewriter(words: readonly string[], loop: boolean): string {
  const [typing, setTyping] = useState<Typing>({ index: 0, length: words[0]?.length ?? 0, isDeleting: false })
  const word = words[typing.index % words.length] ?? ''

  useEffect(() => {
    const isWhole = !typing.isDeleting && typing.length === word.length
    if (isWhole && !loop && typing.index === words.length - 1) return
    const [delay, next]: [number, Typing] = isWhole
      ? [TIMING.pause, { ...typing, isDeleting: true }]
      : typing.isDeleting && typing.length === 0
        ? [TIMING.type, { index: (typing.index + 1) % words.length, length: 0, isDeleting: false }]
        : typing.isDeleting
          ? [TIMING.delete, { ...typing, length: typing.length - 1 }]
          : [TIMING.type, { ...typing, length: typing.length + 1 }]
    const timer = setTimeout(() => setTyping(next), delay)
    return () => clearTimeout(timer)
  }, [typing, word, words.length, loop])

  return word.slice(0, typing.length)
}

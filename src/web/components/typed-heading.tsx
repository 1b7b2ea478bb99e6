import { Cursor, useTypewriter } from 'react-simple-typewriter'
import { usePrefersReducedMotion } from '../lib/motion.ts'

type TypedHeadingProps = {
  words: string[]
  /** true (default): type the words forever; false: type them once and stop on the last. */
  loop?: boolean
  level?: 'h1' | 'h2' | 'h3'
  className?: string
  /** Shows the first word, untyped (a carousel's slides out of view); typing starts over when it turns false. */
  isStill?: boolean
}

// The product's typewriter timings: 70 ms a letter typed, 50 ms a letter deleted, 1.5 s on a whole word.
const TIMING = { typeSpeed: 70, deleteSpeed: 50, delaySpeed: 1500 }

/**
 * A heading whose words are typed out with a visible cursor. Screen readers get all the words at once
 * (the typing itself is hidden from them), and people who prefer reduced motion see the first word, still.
 */
export function TypedHeading({
  words,
  loop = true,
  level: Heading = 'h1',
  className = '',
  isStill: isStillHere = false,
}: TypedHeadingProps) {
  const isStill = usePrefersReducedMotion() || isStillHere
  return (
    <Heading className={className}>
      <span className="sr-only">{words.join(' ')}</span>
      <span aria-hidden="true">{isStill ? words[0] : <TypedWords words={words} loop={loop} />}</span>
    </Heading>
  )
}

function TypedWords({ words, loop }: { words: string[]; loop: boolean }) {
  const [text] = useTypewriter({ words, loop: loop ? 0 : 1, ...TIMING })
  return (
    <>
      {/* A zero-width space keeps the line's height while the text is empty. */}
      {text || '\u200b'}
      <Cursor cursorStyle="|" />
    </>
  )
}

import { usePrefersReducedMotion } from '../lib/motion.ts'
import { useTypewriter } from './use-typewriter.ts'

type TypedHeadingProps = {
  words: string[]
  /** The heading as screen readers and the page outline have it; the first word unless said. */
  label?: string
  /** true (default): type the words forever; false: type them once and stop on the last. */
  loop?: boolean
  level?: 'h1' | 'h2' | 'h3'
  className?: string
  /** Shows the first word, untyped (a carousel's slides out of view); typing starts over when it turns false. */
  isStill?: boolean
}

/**
 * A heading whose words are typed out with a visible cursor. It is painted with the whole first word, and the
 * typing starts after a pause. Every word sits, unseen, in the same place as the typed one, so the heading is as
 * tall as its longest word from the first paint on and typing never moves what is below it. Screen readers get
 * the plain heading (`label`); the typing is hidden from them. People who prefer reduced motion see the first
 * word, still.
 */
export function TypedHeading({
  words,
  label = words[0],
  loop = true,
  level: Heading = 'h1',
  className = '',
  isStill: isStillHere = false,
}: TypedHeadingProps) {
  const isStill = usePrefersReducedMotion() || isStillHere
  return (
    <Heading className={className}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="grid">
        {words.map((word) => (
          <span key={word} className="invisible col-start-1 row-start-1">
            {word}|
          </span>
        ))}
        <span data-typed className="col-start-1 row-start-1">
          {isStill ? words[0] : <TypedWords words={words} loop={loop} />}
        </span>
      </span>
    </Heading>
  )
}

function TypedWords({ words, loop }: { words: string[]; loop: boolean }) {
  const text = useTypewriter(words, loop)
  return (
    <>
      {/* A zero-width space keeps the line's height while the text is empty. */}
      {text || '\u200b'}
      <span className="typewriter-cursor">|</span>
    </>
  )
}

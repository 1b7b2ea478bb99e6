import { useState } from 'react'
import { INTERESTS, MAX_INTERESTS } from '#shared/living-profile.ts'

type InterestsFieldsetProps = { saved: readonly string[]; error?: string }

/** Up to MAX_INTERESTS tags; once that many are ticked the others wait until one is unticked. */
export function InterestsFieldset({ saved, error }: InterestsFieldsetProps) {
  const [chosen, setChosen] = useState<string[]>([...saved])
  const isFull = chosen.length >= MAX_INTERESTS
  const toggle = (tag: string, isOn: boolean) =>
    setChosen((tags) => (isOn ? [...tags, tag] : tags.filter((other) => other !== tag)))
  return (
    <fieldset
      className="rounded-box border border-base-300 bg-base-100 p-4"
      aria-describedby={`interests-count${error ? ' interests-error' : ''}`}
    >
      <legend className="px-1 text-lg font-semibold">My interests</legend>
      <p id="interests-count" className="text-sm text-base-content/80" aria-live="polite">
        {chosen.length} of {MAX_INTERESTS} chosen
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {INTERESTS.map((tag) => {
          const isOn = chosen.includes(tag)
          return (
            <label
              key={tag}
              className={`badge badge-lg cursor-pointer gap-2 ${isOn ? 'badge-primary' : 'badge-outline'}`}
            >
              <input
                type="checkbox"
                className="checkbox checkbox-xs"
                name="interests"
                value={tag}
                checked={isOn}
                disabled={!isOn && isFull}
                onChange={(event) => toggle(tag, event.target.checked)}
              />
              {tag}
            </label>
          )
        })}
      </div>
      {error && (
        <p id="interests-error" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}

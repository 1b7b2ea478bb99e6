import { FaShieldHalved } from 'react-icons/fa6'

/** Shown with every booking (docs/api.md, Viewings: safety). */
export function SafetyCard() {
  return (
    <aside aria-label="Staying safe" className="alert alert-info items-start text-sm">
      <FaShieldHalved aria-hidden="true" className="mt-0.5 shrink-0" />
      <div>
        <h3 className="font-semibold">Staying safe at a viewing</h3>
        <ul className="mt-1 list-disc pl-5">
          <li>Meet in daylight.</li>
          <li>Tell someone where you are going and when.</li>
          <li>Never pay anything before you have seen the room and met.</li>
        </ul>
      </div>
    </aside>
  )
}

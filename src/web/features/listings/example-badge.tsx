/**
 * Marks the demo data's made-up listings and people (`isExample`), wherever they show: nobody should take an example
 * room, poster, phone number or e-mail address for a real one.
 */
export function ExampleBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`badge badge-sm badge-neutral font-semibold shadow-sm ${className}`}>
      Example listing
    </span>
  )
}

type SpinnerProps = { label?: string; className?: string }

/** A centred loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 py-16 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="text-sm text-base-content/70">{label}</span>
    </div>
  )
}

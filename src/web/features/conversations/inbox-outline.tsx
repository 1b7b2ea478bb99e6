/** The inbox's heading and what it holds: the page and its outline show the same. */
export function InboxIntro() {
  return (
    <div>
      <h1 className="text-3xl font-bold">Messages</h1>
      <p className="mt-1 text-base-content/80">
        Your conversations about rooms, the newest first. Keep them on Nestmate until you have met.
      </p>
    </div>
  )
}

const ROWS = 4

/**
 * The inbox while its conversations load (issue 41, finding 15): its heading, and rows of an inbox row's size
 * (InboxItem: a 3 rem photo beside a name, a subject and the last message), so nothing moves when they arrive.
 */
export function InboxOutline() {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <InboxIntro />
      <p role="status" className="sr-only">
        Loading conversations…
      </p>
      <ul className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: ROWS }, (_, row) => (
          <li
            key={row}
            data-outline
            className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3"
          >
            <div className="skeleton size-12 shrink-0 rounded-full" />
            <div className="flex min-w-0 flex-1 flex-col">
              <div className="flex h-6 items-center justify-between gap-2">
                <div className="skeleton h-4 w-32" />
                <div className="skeleton h-3 w-12" />
              </div>
              <div className="flex h-5 items-center">
                <div className="skeleton h-3 w-48 max-w-full" />
              </div>
              <div className="flex h-6 items-center">
                <div className="skeleton h-4 w-full" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

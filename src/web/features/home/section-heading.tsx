type SectionHeadingProps = { id: string; title: string; intro?: string }

/** The centred title and one-line intro that open each home page section. */
export function SectionHeading({ id, title, intro }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-extrabold sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-3 text-lg text-base-content/80">{intro}</p>}
    </div>
  )
}

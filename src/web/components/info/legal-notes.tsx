const NOTES = [
  {
    id: 'terms',
    title: 'Terms of Use',
    text: 'Post only rooms you are entitled to offer, describe them truthfully and treat the people who contact you with respect. We may remove listings that are misleading, abusive or not about sharing a home. Nestmate is a listing board: agreements you make are between you and the other person.',
  },
  {
    id: 'privacy',
    title: 'Privacy Policy',
    text: 'We store your account (name, email address, an optional photo address and a securely hashed password), your listings with their photos, your living profile if you fill one in, and the listings you like. Your listings, name and photo are public. Your email address and your listing’s phone number are shown only to you and to the people who like that listing; an Unlike hides them again. Who liked your listing is for you alone to see, and your living profile’s answers never show, only the match they make. We do not sell your data.',
  },
  {
    id: 'cookies',
    title: 'Cookie Policy',
    text: 'We use cookies only to keep you signed in. Your browser also remembers your light or dark theme choice in local storage on your device, and, for the current tab only, the browse results you loaded. No advertising or tracking cookies.',
  },
]

/** The plain-language legal notes the footer links to. */
export function LegalNotes() {
  return (
    <section aria-labelledby="legal-title" className="mx-auto mt-16 max-w-3xl px-4">
      <h2 id="legal-title" className="mb-5 text-center text-3xl font-bold">
        The small print, in plain words
      </h2>
      <div className="space-y-6">
        {NOTES.map((note) => (
          <article key={note.id} id={note.id} className="scroll-mt-24">
            <h3 className="text-xl font-semibold">{note.title}</h3>
            <p className="mt-1 text-base-content/80">{note.text}</p>
          </article>
        ))}
      </div>
    </section>
  )
}

const NOTES = [
  {
    id: 'terms',
    title: 'Terms of Use',
    text: 'Post only rooms you are entitled to offer, describe them truthfully and treat the people who contact you with respect. We may remove listings that are misleading, abusive or not about sharing a home. Nestmate is a listing board: agreements you make are between you and the other person.',
  },
  {
    id: 'privacy',
    title: 'Privacy Policy',
    text: 'We store your account (name, email address, an optional photo address and a securely hashed password), your listings and the listings you like. Your listings and name are public; your email is shown only to signed-in people; your phone number only to people who liked your listing. We do not sell your data.',
  },
  {
    id: 'cookies',
    title: 'Cookie Policy',
    text: 'We use cookies only to keep you signed in. Your browser also remembers your light or dark theme choice and which listings you liked, in local storage on your device. No advertising or tracking cookies.',
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

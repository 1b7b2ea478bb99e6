const QUESTIONS = [
  {
    q: 'How do I find a room?',
    a: 'Open Browse Listing. Search by city or street, pick a room type (Single, Shared or Studio), set a rent range and sort by price or date. Browsing needs no account.',
  },
  {
    q: "How do I see a poster's phone number and email?",
    a: 'Sign in, open the listing and press Like. Their email address appears beside the Like button at once, with their phone number if they gave one. Every listing also links to the page the poster chose as their contact.',
  },
  {
    q: 'How do I post or change my listing?',
    a: 'Sign in and open the Dashboard. "Add Roommate Listing" creates a listing; "My Listing" lets you update or delete yours. Nobody else can change them.',
  },
  {
    q: 'Does Nestmate check who people are?',
    a: 'No. Nestmate does not verify identities, run background checks or handle payments. Meet in a public place first, view the room before you agree to anything and never send money in advance.',
  },
  {
    q: 'Does Nestmate cost anything?',
    a: 'No. Browsing, posting and liking listings are free.',
  },
]

/** Questions people actually ask, answered with what Nestmate does today. */
export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl scroll-mt-24 px-4">
      <h2 id="faq-title" className="mb-5 text-center text-3xl font-bold">
        Frequently asked questions
      </h2>
      <div className="space-y-3">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="collapse-arrow collapse border border-base-300 bg-base-100">
            <summary className="collapse-title font-semibold">{q}</summary>
            <p className="collapse-content text-base-content/80">{a}</p>
          </details>
        ))}
      </div>
    </section>
  )
}

import type { CSSProperties } from 'react'
import { SectionHeading } from './section-heading.tsx'

const POSTS = [
  {
    title: 'How to choose the right roommate',
    teaser:
      'Talk about the everyday things before the big ones: sleep times, guests, noise, cleaning. Agreeing on those early prevents most arguments later.',
    minutes: 4,
  },
  {
    title: 'Budgeting for shared housing',
    teaser:
      'Rent is only part of it. Add bills, internet and a deposit, decide how shared costs are split, and write it down before anyone moves in.',
    minutes: 5,
  },
  {
    title: 'Top 5 roommate red flags',
    teaser:
      'Pressure to pay before a viewing, vague answers about the lease, a room that never appears on video: when something feels off, walk away.',
    minutes: 3,
  },
]

export function BlogTeasers() {
  return (
    <section aria-labelledby="blog-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="blog-title"
        title="Latest Blog Posts"
        intro="Short, practical reading for your room hunt."
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {POSTS.map((post, index) => (
          <li
            key={post.title}
            data-reveal="fade-up"
            style={{ '--reveal-delay': `${index * 100}ms` } as CSSProperties}
          >
            <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
              <div className="h-2 rounded-t-box bg-gradient-to-r from-primary to-secondary" />
              <div className="card-body">
                <h3 className="card-title text-xl">{post.title}</h3>
                <p className="text-base-content/80">{post.teaser}</p>
                <p className="mt-auto pt-2 text-sm text-base-content/70">
                  {post.minutes} min read · full post coming soon
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  )
}

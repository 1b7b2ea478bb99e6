import type { ReactNode } from 'react'
import { FaFacebookF, FaLinkedinIn, FaXTwitter } from 'react-icons/fa6'
import { Link, NavLink } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { navLinkClass } from './nav-links.tsx'

// The spec's footer paths; the router redirects /find-rommate and /my-listing to their dashboard pages.
const QUICK_LINKS = [
  { to: PATHS.home, label: 'Home' },
  { to: '/find-rommate', label: 'Add to Find Roommate' },
  { to: PATHS.browse, label: 'Browse Listing' },
  { to: '/my-listing', label: 'My Listings' },
]

const LEGAL_LINKS = [
  { hash: 'terms', label: 'Terms of Use' },
  { hash: 'privacy', label: 'Privacy Policy' },
  { hash: 'cookies', label: 'Cookie Policy' },
]

// A link a thumb can hit on a phone: 44 px tall, the list's spacing inside it.
const TAP = 'max-sm:inline-flex max-sm:min-h-11 max-sm:items-center'

// Nestmate has no social profiles yet; the icons say so instead of linking nowhere.
const SOCIAL = [
  { Icon: FaFacebookF, label: 'Facebook' },
  { Icon: FaXTwitter, label: 'X' },
  { Icon: FaLinkedinIn, label: 'LinkedIn' },
]

export function Footer() {
  return (
    <footer className="mt-16 border-t border-base-300 bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Link to={PATHS.home} className="inline-flex items-center gap-2 text-2xl font-bold">
            <img src="/logo.svg" alt="Nestmate logo" className="size-10" />
            Nestmate
          </Link>
          <p className="text-sm text-base-content/80">
            Nestmate helps people find compatible roommates by location, budget, lifestyle and interests.
          </p>
        </div>
        <FooterColumn title="Quick links">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={(state) => `link-hover ${TAP} ${navLinkClass(state)}`}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Legal">
          {LEGAL_LINKS.map((link) => (
            <li key={link.hash}>
              <Link to={`${PATHS.support}#${link.hash}`} className={`link-hover ${TAP}`}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Follow us" isNav={false}>
          <li className="flex gap-3">
            {SOCIAL.map(({ Icon, label }) => (
              <span
                key={label}
                className="grid size-10 place-items-center rounded-full bg-base-300 text-base-content/70"
                title={`${label}: coming soon`}
              >
                <Icon aria-hidden="true" />
                <span className="sr-only">{label} page coming soon</span>
              </span>
            ))}
          </li>
          <li className="text-sm text-base-content/70">Our social pages are on the way.</li>
        </FooterColumn>
      </div>
      <p className="border-t border-base-300 px-4 py-5 text-center text-sm text-base-content/80">
        © {new Date().getFullYear()} Nestmate. All rights reserved.
      </p>
    </footer>
  )
}

type FooterColumnProps = { title: string; children: ReactNode; isNav?: boolean }

function FooterColumn({ title, children, isNav = true }: FooterColumnProps) {
  const Wrapper = isNav ? 'nav' : 'div'
  return (
    <Wrapper aria-label={isNav ? title : undefined}>
      <h2 className="mb-3 font-semibold tracking-wide text-base-content/80 uppercase">{title}</h2>
      <ul className="space-y-2 max-sm:space-y-0">{children}</ul>
    </Wrapper>
  )
}

import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { PATHS } from '../shared/api.ts'
import { Spinner } from './components/spinner.tsx'

// Every route module exports what React Router's lazy() expects (loader, action, Component, ErrorBoundary,
// handle), so each page is its own chunk and the home page ships only what it needs.
const dashboard: RouteObject[] = [
  { index: true, lazy: () => import('./routes/dashboard/overview.tsx') },
  { path: 'find-rommate', lazy: () => import('./routes/dashboard/add-listing.tsx') },
  { path: 'my-listing', lazy: () => import('./routes/dashboard/my-listings.tsx') },
  { path: 'my-listing/:id', lazy: () => import('./routes/dashboard/edit-listing.tsx') },
  { path: 'browse-listing', lazy: () => import('./routes/browse-listing.tsx') },
  { path: 'browse-listing-details/:id', lazy: () => import('./routes/listing-details.tsx') },
  { path: 'profile-settings', lazy: () => import('./routes/dashboard/profile-settings.tsx') },
]

function AppLoading() {
  return <Spinner label="Loading Nestmate…" className="min-h-screen" />
}

export const routes: RouteObject[] = [
  {
    path: '/',
    // Shown while the first page's code and data load; a lazy module can't provide it itself.
    HydrateFallback: AppLoading,
    lazy: () => import('./routes/root-layout.tsx'),
    children: [
      { index: true, lazy: () => import('./routes/home.tsx') },
      { path: 'about', lazy: () => import('./routes/about.tsx') },
      { path: 'contact', lazy: () => import('./routes/contact.tsx') },
      { path: 'support', lazy: () => import('./routes/support.tsx') },
      { path: 'login', lazy: () => import('./routes/login.tsx') },
      { path: 'signup', lazy: () => import('./routes/signup.tsx') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password.tsx') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password.tsx') },
      { path: 'email-verified', lazy: () => import('./routes/email-verified.tsx') },
      { path: 'browse-listing', lazy: () => import('./routes/browse-listing.tsx') },
      { path: 'browse-listing-details/:id', lazy: () => import('./routes/listing-details.tsx') },
      // The spec's footer links these short paths; the pages live under /dashboard.
      { path: 'find-rommate', loader: () => redirect(PATHS.addListing) },
      { path: 'my-listing', loader: () => redirect(PATHS.myListings) },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
  {
    path: '/dashboard',
    HydrateFallback: Spinner,
    lazy: () => import('./routes/dashboard/layout.tsx'),
    children: dashboard,
  },
]

export const router = createBrowserRouter(routes)

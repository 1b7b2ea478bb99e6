export * from './auth.ts'
export * from './listings.ts'
export * from './living-profile.ts'
export * from './photos.ts'

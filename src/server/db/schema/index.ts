export * from './auth.ts'
export * from './listings.ts'
export * from './photos.ts'

export * from './auth.ts'
export * from './listings.ts'

// The places demo listings and demo seekers are in: each a neighbourhood line and its gazetteer place.

/** A neighbourhood line and its gazetteer place (GeoNames id, label and coordinates, as a listing copies them). */
const place = (location: string, placeId: number, placeName: string, lat: number, lon: number) => ({
  location,
  place: { placeId, placeName, lat, lon },
})
const AUSTIN = [4671654, 'Austin, TX, United States', 30.26715, -97.74306] as const

export const demoPlaces = [
  place('Brooklyn, New York', 5110302, 'Brooklyn, NY, United States', 40.6501, -73.94958),
  place('Mission District, San Francisco', 5391959, 'San Francisco, CA, United States', 37.77493, -122.41942),
  place('Capitol Hill, Seattle', 5809844, 'Seattle, WA, United States', 47.60621, -122.33207),
  place('Hyde Park, Chicago', 4896728, 'Hyde Park, IL, United States', 41.7942, -87.59394),
  place('East Austin, Austin', ...AUSTIN),
  place('Back Bay, Boston', 4930956, 'Boston, MA, United States', 42.35843, -71.05977),
  place('Silver Lake, Los Angeles', 10104153, 'Silver Lake, CA, United States', 34.08668, -118.27023),
  place('Near UT campus, Austin', ...AUSTIN),
  place('Pearl District, Portland', 5746545, 'Portland, OR, United States', 45.52345, -122.67621),
  place('Midtown, Atlanta', 4180439, 'Atlanta, GA, United States', 33.749, -84.38798),
]

/** Spec 01 §5 and §9: the search radius is 1-100 km, 25 by default. */
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 100;
export const DEFAULT_RADIUS_KM = 25;
/** Spec 01 §4: radius changes apply after 350 ms. */
export const RADIUS_DEBOUNCE_MS = 350;

export function clampRadius(value: unknown): number {
  // Blank and missing values mean "not set" (Number would read them as 0 and clamp to 1 km).
  const blank = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  const number = blank ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) return DEFAULT_RADIUS_KM;
  return Math.min(MAX_RADIUS_KM, Math.max(MIN_RADIUS_KM, Math.round(number)));
}

/** Spec 01 "Home" count line, in its three forms. */
export function countLine(shown: number, total: number): string {
  if (total > 0 && shown >= total) return `All ${total} events loaded`;
  return `${shown} of ${total} events shown`;
}

/** The third form, while the full map data is loading. */
export function mapLoadLine(loaded: number, total: number): string {
  return `${loaded}/${total} loaded`;
}

export function remainingCount(shown: number, total: number): number {
  return Math.max(0, total - shown);
}

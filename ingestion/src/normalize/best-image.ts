import { httpUrl } from './outcome.ts';

/** Picks the image a card shows best: a real (non-fallback) one, 16:9 before other ratios, then the largest. */
export interface CandidateImage {
  url: string;
  ratio?: string | null;
  width?: number | null;
  height?: number | null;
  fallback?: boolean | null;
}

const area = (image: CandidateImage): number => (image.width ?? 0) * (image.height ?? 0);

export function bestImageUrl(images: readonly CandidateImage[]): string | null {
  const usable = images.filter((image) => httpUrl(image.url) !== null);
  const ranked = [...usable].sort(
    (a, b) =>
      Number(Boolean(a.fallback)) - Number(Boolean(b.fallback)) ||
      Number(b.ratio === '16_9') - Number(a.ratio === '16_9') ||
      area(b) - area(a),
  );
  return ranked[0]?.url ?? null;
}

import { useLayoutEffect, useRef, useState } from 'react';
import { placeholderDataUri, PLACEHOLDER_HEIGHT, PLACEHOLDER_WIDTH } from './placeholder.ts';
import { CARD_IMAGE_SIZES, responsiveSources } from './responsive-sources.ts';
import { useNearViewport } from './use-near-viewport.ts';
import './event-image.css';

export interface EventImageProps {
  src?: string | null;
  /** The event's display title: the alt text and the placeholder's caption. */
  name: string;
  category?: string | null;
  /** `sizes` for the responsive candidates; cards by default. */
  sizes?: string;
  className?: string;
  /** The generated artwork's size when it is drawn in another shape than the 400x300 default (the hero). */
  artworkSize?: { width: number; height: number };
  /** The hero image on the event page loads eagerly; list images lazily. */
  loading?: 'lazy' | 'eager';
}

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * An event image that never leaves a broken icon: it shows 'Загрузка...' while loading (spec 01 §8) and swaps
 * in the generated category placeholder when the image is missing or fails.
 */
export function EventImage(props: EventImageProps) {
  // Remounting per source resets the load state when the same slot shows another event.
  return <EventImageForSource key={props.src ?? ''} {...props} />;
}

function EventImageForSource({
  src,
  name,
  category,
  sizes = CARD_IMAGE_SIZES,
  className,
  loading = 'lazy',
  artworkSize,
}: EventImageProps) {
  const source = src?.trim();
  const [state, setState] = useState<LoadState>(source ? 'loading' : 'failed');
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered image may have loaded or failed before the client attached its handlers: React never
  // replays those events, so the element's own settled state is read once it is ours.
  useLayoutEffect(() => {
    const element = image.current;
    if (!element?.complete || !element.currentSrc) return;
    setState(element.naturalWidth > 0 ? 'loaded' : 'failed');
  }, []);
  const frameClass = ['event-image', className].filter(Boolean).join(' ');

  if (!source || state === 'failed') {
    return (
      <Artwork name={name} category={category} className={frameClass} eager={loading === 'eager'} size={artworkSize} />
    );
  }

  const candidates = responsiveSources(source);
  return (
    <div className={frameClass} data-state={state}>
      {state === 'loading' && (
        <span className="event-image__loading" lang="ru" aria-hidden="true">
          Загрузка...
        </span>
      )}
      <picture>
        {candidates && <source type="image/webp" srcSet={candidates.webp} sizes={sizes} />}
        <img
          ref={image}
          className="event-image__img"
          src={candidates?.fallback ?? source}
          srcSet={candidates?.jpeg}
          sizes={candidates ? sizes : undefined}
          alt={name}
          width={PLACEHOLDER_WIDTH}
          height={PLACEHOLDER_HEIGHT}
          loading={loading}
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      </picture>
    </div>
  );
}

interface ArtworkProps {
  name: string;
  category?: string | null;
  className: string;
  eager: boolean;
  size?: { width: number; height: number };
}

/** The generated artwork, drawn once the frame nears the screen (lazy images) or at once (eager ones). */
function Artwork({ name, category, className, eager, size }: ArtworkProps) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame, eager);
  return (
    <div ref={frame} className={className}>
      <img
        className="event-image__img"
        src={near ? placeholderDataUri({ name, category, ...size }) : undefined}
        alt={name}
        width={size?.width ?? PLACEHOLDER_WIDTH}
        height={size?.height ?? PLACEHOLDER_HEIGHT}
        data-placeholder="true"
      />
    </div>
  );
}

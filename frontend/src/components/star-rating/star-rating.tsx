import './star-rating.css';

interface Props {
  /** 0 to `max`; halves and other fractions fill a star partly. */
  value: number;
  max?: number;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/** Fill of one star (0 to 1) for a rating value. */
export function starFill(value: number, index: number): number {
  return Math.min(1, Math.max(0, value - index));
}

/** A read-only row of stars; assistive technology reads "Rated 4 out of 5". */
export function StarRating({ value, max = 5, size = 'medium', className }: Props) {
  const rounded = Math.round(value * 10) / 10;
  return (
    <span
      className={`star-rating star-rating--${size}${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={`Rated ${rounded} out of ${max}`}
    >
      {Array.from({ length: max }, (_, index) => (
        <span key={index} className="star-rating__star" aria-hidden="true">
          <span className="star-rating__fill" style={{ width: `${starFill(value, index) * 100}%` }}>
            ★
          </span>
          ★
        </span>
      ))}
    </span>
  );
}

import { priceDisplay, type PriceFields } from '../../lib/format/price.ts';
import './price-text.css';

/**
 * A price as visitors read it: the US dollar amount first, the seller's own currency beside it in a quieter
 * voice ("$32 - $70 (BRL 180 - 390)"). Its text is exactly `formatPrice`'s; a converted amount says in its
 * tooltip which day's rates it was converted at.
 */
export function PriceText({ fields }: { fields: PriceFields }) {
  const price = priceDisplay(fields);
  return (
    <>
      <span className="price-text__main" title={price.conversion}>
        {price.main}
      </span>
      {/* The space stays outside both parts: it is where the line may break. */}
      {price.local && (
        <>
          {' '}
          <span className="price-text__local">({price.local})</span>
        </>
      )}
    </>
  );
}

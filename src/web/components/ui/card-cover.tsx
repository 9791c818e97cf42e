/**
 * A card's 16:9 cover image, decorative (the card's title names it). The first row of a grid
 * loads at once (`eager`), and the very first card's cover is the page's likely LCP (`first`).
 */
export function CardCover({ src, eager = false, first = false, className }: { src: string; eager?: boolean; first?: boolean; className: string }) {
  return (
    <img
      src={src}
      alt=""
      width={640}
      height={360}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

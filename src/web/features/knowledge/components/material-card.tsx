import { FileTextIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Material } from '../../../../shared/schemas/knowledge';
import { knowledgeMaterialPath } from '../../../app/paths';
import { FeaturedBadge, MaterialMeta, TagList } from './material-meta';
import { CardCover } from '../../../components/ui/card-cover';

interface MaterialCardProps {
  material: Material;
  /** In the first row, in view as the page opens: its cover loads at once, not lazily. */
  eager?: boolean;
  /** The first cover: on a phone the largest thing the page paints, fetched before the others. */
  first?: boolean;
}

/** One article or whitepaper in the hub's grid; the title links to its page. */
export function MaterialCard({ material, eager = false, first = false }: MaterialCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className="relative aspect-[16/9] w-full overflow-hidden bg-muted">
        {material.image_url ? (
          <CardCover src={material.image_url} eager={eager} first={first} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground" aria-hidden>
            <FileTextIcon className="size-10" />
          </div>
        )}
        {material.featured ? <FeaturedBadge className="absolute left-3 top-3" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold leading-snug">
          <Link to={knowledgeMaterialPath(material.id)} className="outline-none after:absolute after:inset-0 hover:underline">
            {material.title}
          </Link>
        </h2>
        <MaterialMeta material={material} />
        <p className="line-clamp-3 text-sm text-muted-foreground">{material.abstract}</p>
        <TagList tags={material.tags} className="mt-auto" />
      </div>
    </article>
  );
}

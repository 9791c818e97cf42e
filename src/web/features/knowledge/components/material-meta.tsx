import { ClockIcon, FolderIcon, StarIcon, UserIcon } from 'lucide-react';
import type { Material } from '../../../../shared/schemas/knowledge';
import { cn } from '../../../lib/utils';

export function FeaturedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
        className,
      )}
    >
      <StarIcon className="size-3" aria-hidden />
      Featured
    </span>
  );
}

export function KindBadge({ kind }: { kind: Material['kind'] }) {
  return (
    <span className="inline-flex items-center rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
      {kind === 'whitepaper' ? 'Whitepaper' : 'Article'}
    </span>
  );
}

/** Category, author and read time, as a description list for screen readers. */
export function MaterialMeta({ material, className }: { material: Material; className?: string }) {
  return (
    <dl className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <div className="flex items-center gap-1">
        <dt>
          <FolderIcon className="size-4" aria-hidden />
          <span className="sr-only">Category</span>
        </dt>
        <dd>{material.podcast_categories.name}</dd>
      </div>
      {material.author ? (
        <div className="flex items-center gap-1">
          <dt>
            <UserIcon className="size-4" aria-hidden />
            <span className="sr-only">Author</span>
          </dt>
          <dd>{material.author}</dd>
        </div>
      ) : null}
      {material.read_time ? (
        <div className="flex items-center gap-1">
          <dt>
            <ClockIcon className="size-4" aria-hidden />
            <span className="sr-only">Read time</span>
          </dt>
          <dd>{material.read_time}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function TagList({ tags, className }: { tags: Material['tags']; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li key={tag.id} className="rounded-md border px-2 py-0.5 text-xs text-muted-foreground">
          #{tag.name}
        </li>
      ))}
    </ul>
  );
}

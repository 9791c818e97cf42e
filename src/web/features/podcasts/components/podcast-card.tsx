import { Clock, ImageOff, Star } from 'lucide-react';
import type { Podcast } from '../../../../shared/schemas/podcasts';
import { cn } from '../../../lib/utils';
import { PublishDate } from './publish-date';
import { CardCover } from '../../../components/ui/card-cover';

interface PodcastCardProps {
  podcast: Podcast;
  selected: boolean;
  onSelect: (podcast: Podcast) => void;
  /** In the first row, in view as the page opens: its cover loads at once, not lazily. */
  eager?: boolean;
  /** The first cover: on a phone the largest thing the page paints, fetched before the others. */
  first?: boolean;
}

/** One podcast in the library grid; the whole card is a button that selects it for the player. */
export function PodcastCard({ podcast, selected, onSelect, eager = false, first = false }: PodcastCardProps) {
  return (
    <button
      type="button"
      onClick={() => onSelect(podcast)}
      aria-pressed={selected}
      aria-label={`Play ${podcast.title}`}
      className={cn(
        'group flex h-full w-full flex-col overflow-hidden rounded-xl border bg-card text-left text-card-foreground shadow-sm hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-safe:transition-shadow',
        selected && 'ring-2 ring-primary',
      )}
    >
      {podcast.image_url ? (
        <CardCover src={podcast.image_url} eager={eager} first={first} className="aspect-video w-full object-cover" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center gap-2 bg-muted text-muted-foreground">
          <ImageOff className="size-5" aria-hidden />
          <span>No Image</span>
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg font-semibold leading-tight">{podcast.title}</h3>
          {podcast.featured ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              <Star className="size-3" aria-hidden />
              Featured
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="rounded-md border px-2 py-0.5 text-xs">{podcast.podcast_categories.name}</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {podcast.duration ?? 'Unknown duration'}
          </span>
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{podcast.description}</p>
        <p className="mt-auto pt-2 text-xs text-muted-foreground">
          <PublishDate value={podcast.publish_date} />
        </p>
      </div>
    </button>
  );
}

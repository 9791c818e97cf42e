import type { Podcast } from '../../../../shared/schemas/podcasts';
import { PodcastCard } from './podcast-card';

interface PodcastGridProps {
  podcasts: Podcast[];
  selectedId: string | undefined;
  emptyMessage: string;
  onSelect: (podcast: Podcast) => void;
}

/** Covers in view as the page opens at its widest (three columns). */
const FIRST_ROW = 3;

/** The podcasts of one tab: 1, 2 or 3 columns, or the tab's empty message. */
export function PodcastGrid({ podcasts, selectedId, emptyMessage, onSelect }: PodcastGridProps) {
  if (podcasts.length === 0) {
    return <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">{emptyMessage}</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {podcasts.map((podcast, index) => (
        <li key={podcast.id}>
          <PodcastCard podcast={podcast} selected={podcast.id === selectedId} onSelect={onSelect} eager={index < FIRST_ROW} first={index === 0} />
        </li>
      ))}
    </ul>
  );
}

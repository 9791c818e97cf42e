import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import { useCategories, usePodcasts } from '../api/podcasts';
import { parseStartTime } from '../lib/format';
import { PodcastGrid } from './podcast-grid';
import { PodcastPlayer } from './podcast-player';

/** SPEC §2 /podcast-library: the player for the selected podcast and the tabbed grid. */
export function PodcastLibrary() {
  const podcastsQuery = usePodcasts();
  const categoriesQuery = useCategories();
  const [searchParams] = useSearchParams();
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);

  const podcasts = useMemo(() => podcastsQuery.data ?? [], [podcastsQuery.data]);
  const featured = useMemo(() => podcasts.filter((p) => p.featured), [podcasts]);
  // SPEC §2: one tab per category, in the server's (name) order; an empty one says so.
  const categories = categoriesQuery.data ?? [];

  // On load the featured podcast, or else the first, is preselected.
  const defaultPodcast = featured[0] ?? podcasts[0];
  const selected = podcasts.find((p) => p.id === chosenId) ?? defaultPodcast;
  const startAt = chosenId === undefined ? parseStartTime(searchParams.get('t')) : undefined;

  if (podcastsQuery.isPending) return <LibrarySkeleton />;

  return (
    // One column that may be narrower than its content: a long title truncates instead of
    // widening the page on a phone.
    <div className="grid grid-cols-1 gap-8">
      {selected ? <PodcastPlayer podcast={selected} startAt={startAt} /> : null}
      <Tabs defaultValue="all">
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="all" className="flex-none">
            All Podcasts
          </TabsTrigger>
          <TabsTrigger value="featured" className="flex-none">
            Featured
          </TabsTrigger>
          {categories.map((c) => (
            <TabsTrigger key={c.id} value={`category-${c.id}`} className="flex-none">
              {c.name}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="all">
          <PodcastGrid podcasts={podcasts} selectedId={selected?.id} emptyMessage="No podcasts available." onSelect={(p) => setChosenId(p.id)} />
        </TabsContent>
        <TabsContent value="featured">
          <PodcastGrid podcasts={featured} selectedId={selected?.id} emptyMessage="No featured podcasts available." onSelect={(p) => setChosenId(p.id)} />
        </TabsContent>
        {categories.map((c) => (
          <TabsContent key={c.id} value={`category-${c.id}`}>
            <PodcastGrid
              podcasts={podcasts.filter((p) => p.category_id === c.id)}
              selectedId={selected?.id}
              emptyMessage="No podcasts available in this category."
              onSelect={(p) => setChosenId(p.id)}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/**
 * While the list loads: the player and the first row of cards as grey boxes of about their
 * size, so that the page does not jump (and the footer does not flash into view) when they
 * arrive.
 */
function LibrarySkeleton() {
  return (
    <div className="grid gap-8">
      <p role="status" className="text-muted-foreground">
        Loading podcasts...
      </p>
      <div aria-hidden className="grid gap-8">
        <div className="h-80 rounded-xl border bg-muted/40 sm:h-52" />
        <div className="h-10 w-72 max-w-full rounded-lg bg-muted/60" />
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className={cn('rounded-xl border', i === 1 && 'max-sm:hidden', i === 2 && 'max-lg:hidden')}>
              <div className="aspect-video rounded-t-xl bg-muted/60" />
              <div className="h-44" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

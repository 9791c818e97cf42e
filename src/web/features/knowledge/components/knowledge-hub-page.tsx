import { FilterIcon, SearchIcon, XIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MATERIAL_KINDS, type MaterialKind } from '../../../../shared/constants';
import type { Material } from '../../../../shared/schemas/knowledge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../../components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import { useSession } from '../../../lib/session/use-session';
import { useMaterials } from '../api/materials';
import { hubParams, hubQueries } from '../api/query-keys';
import { categoryCounts, tagCounts, type FacetCount } from '../lib/counts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { MaterialCard } from './material-card';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/** How long the search box waits after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const KIND_LABELS: Record<MaterialKind, string> = { article: 'Articles', whitepaper: 'Whitepapers' };

function FacetList({
  title,
  facets,
  selected,
  onSelect,
  format,
}: {
  title: string;
  facets: FacetCount[];
  selected: string;
  onSelect: (id: string) => void;
  format?: (name: string) => string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-4">
      <h2 id={headingId} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {facets.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {facets.map((facet) => {
            const active = facet.id === selected;
            return (
              <li key={facet.id}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => onSelect(active ? '' : facet.id)}
                  className={cn(
                    'flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    active && 'bg-accent font-medium',
                  )}
                >
                  <span className="truncate">{format ? format(facet.name) : facet.name}</span>
                  <span
                    className="rounded-full bg-muted px-2 text-xs text-muted-foreground"
                    aria-label={`${facet.count} ${facet.count === 1 ? 'item' : 'items'}`}
                  >
                    {facet.count}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Cards in view as the page opens on a wide screen (the first row of three): their covers load at once. */
const EAGER_CARDS = 3;

function MaterialGrid({ materials, loading, error, kind }: { materials: Material[] | undefined; loading: boolean; error: boolean; kind: MaterialKind }) {
  if (loading && !materials) return <GridSkeleton kind={kind} />;
  if (error && !materials) {
    return (
      <p role="alert" className="py-12 text-center text-destructive">
        Could not load the knowledge hub. Please try again.
      </p>
    );
  }
  if (!materials || materials.length === 0) {
    return <p className="py-12 text-center text-muted-foreground">No {KIND_LABELS[kind].toLowerCase()} match your search.</p>;
  }
  return (
    <ul aria-label={KIND_LABELS[kind]} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {materials.map((material, index) => (
        <li key={material.id}>
          <MaterialCard material={material} eager={index < EAGER_CARDS} first={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * While a list loads (the page is rendered with its data, so only after a change of filter or
 * when the server could not read it): the first row of cards as grey boxes of about their size,
 * so that the page does not jump when they arrive.
 */
function GridSkeleton({ kind }: { kind: MaterialKind }) {
  return (
    <div className="grid gap-4">
      <p role="status" className="sr-only">
        Loading {KIND_LABELS[kind].toLowerCase()}…
      </p>
      <div aria-hidden className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className={cn('overflow-hidden rounded-xl border bg-card', i === 1 && 'max-sm:hidden', i === 2 && 'max-xl:hidden')}>
            <div className="aspect-[16/9] bg-muted" />
            <div className="h-52" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** SPEC §2 /knowledge-hub: search, filter, Articles/Whitepapers tabs and a facet side panel. */
export function KnowledgeHubPage() {
  const { status, user } = useSession();
  const viewer = user?.id ?? null;
  const ready = status !== 'loading';
  const [params, setParams] = useSearchParams();
  // The same reading of the address as the server's rendering of the page (page-meta.ts's reads).
  const initial = hubParams(params);
  const { kind, category, tag } = initial;
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filterOpen, setFilterOpen] = useState(false);

  const queries = hubQueries({ ...initial, q });
  const list = useMaterials(queries.list, viewer, ready);
  const all = useMaterials(queries.all, viewer, ready);
  const categories = useMemo(() => categoryCounts(all.data ?? []), [all.data]);
  const tags = useMemo(() => tagCounts(all.data ?? []), [all.data]);
  // The page is rendered for a guest (before the session is known), with the previews: a visitor
  // with a stored session does not see the prompt meanwhile (the `stored-session` variant), so
  // that nothing moves when their own list replaces the previews.
  const previews = list.data?.some((material) => material.preview) ?? false;
  const guest = status === 'signed-out' || (status === 'loading' && previews);

  function setParam(key: 'kind' | 'category' | 'tag', value: string) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }

  const activeFilters = [
    category ? { key: 'category' as const, label: categories.find((c) => c.id === category)?.name ?? 'Category' } : null,
    tag ? { key: 'tag' as const, label: `#${tags.find((t) => t.id === tag)?.name ?? 'Tag'}` } : null,
  ].filter((value) => value !== null);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Knowledge Hub</h1>
        <p className="text-muted-foreground">Articles and whitepapers on railway engineering.</p>
      </header>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search the knowledge hub"
            placeholder="Search articles and whitepapers…"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Sheet open={filterOpen} onOpenChange={setFilterOpen}>
          <SheetTrigger asChild>
            <Button variant="outline" className="sm:w-auto">
              <FilterIcon aria-hidden />
              Filter
              {activeFilters.length > 0 ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{activeFilters.length}</span> : null}
            </Button>
          </SheetTrigger>
          <SheetContent closeLabel="Close filters">
            <SheetTitle>Filter</SheetTitle>
            <SheetDescription>Narrow the {KIND_LABELS[kind].toLowerCase()} by category and tag.</SheetDescription>
            <div className="flex flex-col gap-2">
              <Label htmlFor="knowledge-filter-category">Category</Label>
              <NativeSelect id="knowledge-filter-category" value={category} onChange={(event) => setParam('category', event.target.value)}>
                <option value="">All categories</option>
                {categories.map((facet) => (
                  <option key={facet.id} value={facet.id}>
                    {facet.name} ({facet.count})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="knowledge-filter-tag">Tag</Label>
              <NativeSelect id="knowledge-filter-tag" value={tag} onChange={(event) => setParam('tag', event.target.value)}>
                <option value="">All tags</option>
                {tags.map((facet) => (
                  <option key={facet.id} value={facet.id}>
                    {facet.name} ({facet.count})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="mt-2 flex gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setParam('category', '');
                  setParam('tag', '');
                }}
              >
                Clear filters
              </Button>
              <Button onClick={() => setFilterOpen(false)}>Done</Button>
            </div>
          </SheetContent>
        </Sheet>
      </div>

      {activeFilters.length > 0 ? (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {activeFilters.map((filter) => (
            <li key={filter.key}>
              <Button variant="secondary" size="sm" onClick={() => setParam(filter.key, '')} aria-label={`Remove filter ${filter.label}`}>
                {filter.label}
                <XIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {guest ? (
        <SignInPrompt
          message="You are viewing a preview. Sign in to read full articles and download whitepapers."
          className={status === 'loading' ? 'stored-session:hidden' : undefined}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs value={kind} onValueChange={(value) => setParam('kind', value === 'article' ? '' : value)}>
          <TabsList aria-label="Material type" className="sm:max-w-sm">
            {MATERIAL_KINDS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {KIND_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          {MATERIAL_KINDS.map((value) => (
            <TabsContent key={value} value={value} aria-busy={list.isFetching}>
              <MaterialGrid materials={list.data} loading={list.isPending} error={list.isError} kind={value} />
            </TabsContent>
          ))}
        </Tabs>
        <aside aria-label="Browse by category and tag" className="flex flex-col gap-4">
          <FacetList title="Categories" facets={categories} selected={category} onSelect={(id) => setParam('category', id)} />
          <FacetList title="Popular Tags" facets={tags} selected={tag} onSelect={(id) => setParam('tag', id)} format={(name) => `#${name}`} />
        </aside>
      </div>
    </div>
  );
}

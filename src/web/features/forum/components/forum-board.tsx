import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import { FORUM, FORUM_SORTS, FORUM_TABS, type ForumSort, type ForumTab } from '../../../../shared/schemas/forum';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import { useForumCategories } from '../api/get-categories';
import { useTopics } from '../api/get-topics';
import { readListParams, writeListParams, type ForumListParams } from '../lib/list-params';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ActiveMembers, CategoryList, ProfileCard } from './forum-sidebar';
import { FORUM_PAGE_DESCRIPTION } from './forum-page';
import { NewTopicDialog } from './new-topic-dialog';
import { Pagination, TopicList } from './topic-list';

/** How long the search box waits after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const TAB_LABELS: Record<ForumTab, string> = {
  all: messages.forum.tabAll,
  popular: messages.forum.tabPopular,
  latest: messages.forum.tabLatest,
  unanswered: messages.forum.tabUnanswered,
};

const SORT_LABELS: Record<ForumSort, string> = {
  recent: messages.forum.sortRecent,
  popular: messages.forum.sortPopular,
  active: messages.forum.sortActive,
};

const TAB_HINTS: Record<ForumTab, string> = {
  all: 'Every topic, pinned ones first.',
  popular: `Topics with at least ${FORUM.popularMinEngagement} likes and replies together.`,
  latest: `Topics posted in the last ${FORUM.latestDays} days.`,
  unanswered: 'Topics still waiting for their first reply.',
};

/**
 * The signed-in forum: profile, categories and members beside the searchable, sortable topic list.
 * Its own chunk (forum-page.tsx loads it for signed-in users), so that guests' preview loads
 * none of it: the topic form (zod, react-hook-form), dialogs, sheets and toasts.
 */
export function ForumBoard({ viewer, name }: { viewer: string; name: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const [search, setSearch] = useState(params.q);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const categories = useForumCategories();
  const list = useTopics(
    { q: params.q, category: params.category || undefined, tag: params.tag, tab: params.tab, sort: params.sort, page: params.page },
    viewer,
  );

  const update = (changes: Partial<ForumListParams>) => setSearchParams((previous) => writeListParams(previous, changes), { replace: true });

  // The debounced search goes into the address (and so into the query).
  useEffect(() => {
    if (debounced !== params.q.trim()) setSearchParams((previous) => writeListParams(previous, { q: debounced }), { replace: true });
    // Only a new debounced value should write; the address changing on its own must not undo it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const categoryName = categories.data?.categories.find((c) => c.id === params.category)?.name;
  const filters = [
    params.category ? { key: 'category' as const, label: categoryName ?? 'Category' } : null,
    params.tag ? { key: 'tag' as const, label: `#${params.tag}` } : null,
  ].filter((filter) => filter !== null);

  return (
    <PageContainer className="grid gap-6 py-8 sm:py-10">
      <PageHeader title="Community Forum" description={FORUM_PAGE_DESCRIPTION} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)_14rem] xl:grid-cols-[15rem_minmax(0,1fr)_15rem]">
        <aside aria-label="Your forum" className="flex flex-col gap-4">
          <ProfileCard viewer={viewer} fallbackName={name} />
          <CategoryList data={categories.data} loading={categories.isPending} selected={params.category} onSelect={(category) => update({ category })} />
        </aside>

        <section aria-label="Topics" className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="relative flex-1">
              <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                type="search"
                aria-label="Search topics"
                placeholder={messages.forum.searchPlaceholder}
                maxLength={FORUM.searchMax}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="pl-9"
              />
            </div>
            <NewTopicDialog defaultCategory={params.category} />
          </div>

          {filters.length > 0 ? (
            <ul aria-label="Active filters" className="flex flex-wrap gap-2">
              {filters.map((filter) => (
                <li key={filter.key}>
                  <Button variant="secondary" size="sm" onClick={() => update({ [filter.key]: '' })} aria-label={`Remove filter ${filter.label}`}>
                    {filter.label}
                    <XIcon aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}

          <Tabs value={params.tab} onValueChange={(value) => update({ tab: value as ForumTab })}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <TabsList aria-label="Topic lists" className="h-auto w-full flex-wrap sm:w-auto">
                {FORUM_TABS.map((tab) => (
                  <TabsTrigger key={tab} value={tab} className="px-2.5 sm:px-3">
                    {TAB_LABELS[tab]}
                  </TabsTrigger>
                ))}
              </TabsList>
              <div role="group" aria-label="Sort topics" className="flex items-center gap-1">
                <span className="mr-1 text-sm text-muted-foreground" aria-hidden>
                  Sort:
                </span>
                {FORUM_SORTS.map((sort) => (
                  <Button
                    key={sort}
                    size="sm"
                    variant={params.sort === sort ? 'secondary' : 'ghost'}
                    aria-pressed={params.sort === sort}
                    className={cn('h-8 px-2.5', params.sort === sort && 'font-semibold')}
                    onClick={() => update({ sort })}
                  >
                    {SORT_LABELS[sort]}
                  </Button>
                ))}
              </div>
            </div>
            {FORUM_TABS.map((tab) => (
              <TabsContent key={tab} value={tab} aria-busy={list.isFetching} className="flex flex-col gap-4">
                <p className="text-sm text-muted-foreground">
                  {TAB_HINTS[tab]}
                  {list.data ? (
                    <span>
                      {' '}
                      {list.data.total.toLocaleString()} {list.data.total === 1 ? 'topic' : 'topics'}.
                    </span>
                  ) : null}
                </p>
                <TopicList
                  data={list.data}
                  loading={list.isPending}
                  error={list.isError}
                  label={TAB_LABELS[tab]}
                  selectedTag={params.tag}
                  onTagSelect={(tag) => update({ tag: params.tag === tag ? '' : tag })}
                />
                {list.data ? (
                  <Pagination
                    page={list.data.page}
                    pageSize={list.data.pageSize}
                    total={list.data.total}
                    label="Topic pages"
                    onPage={(page) => update({ page })}
                  />
                ) : null}
              </TabsContent>
            ))}
          </Tabs>
        </section>

        <aside aria-label="Community" className="flex flex-col gap-4">
          <ActiveMembers />
        </aside>
      </div>
    </PageContainer>
  );
}

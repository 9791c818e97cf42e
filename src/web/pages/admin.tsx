import { ActivityIcon, BookOpenIcon, FolderIcon, InboxIcon, LibraryIcon, MicIcon, ShieldCheckIcon, TagIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { CategoriesTab } from '../features/admin/components/categories-tab';
import { KnowledgeTab } from '../features/admin/components/knowledge-tab';
import { PodcastsTab } from '../features/admin/components/podcasts-tab';
import { StandardsTab } from '../features/admin/components/standards-tab';
import { TagsTab } from '../features/admin/components/tags-tab';
import { VitalsTab } from '../features/admin/components/vitals-tab';
import { ModerationTab } from '../features/forum/components/moderation-tab';
import { LeadsTab } from '../features/leads/components/leads-tab';
import { UsersTab } from '../features/users/components/users-tab';

/** SPEC §2 Admin dashboard's tabs in its order, then the standards library, users, leads, forum moderation and web vitals. */
const TABS: { value: string; label: string; icon: LucideIcon; content: () => ReactNode }[] = [
  { value: 'podcasts', label: 'Podcasts', icon: MicIcon, content: () => <PodcastsTab /> },
  { value: 'categories', label: 'Categories', icon: FolderIcon, content: () => <CategoriesTab /> },
  { value: 'knowledge', label: 'Knowledge Hub', icon: LibraryIcon, content: () => <KnowledgeTab /> },
  { value: 'tags', label: 'Tags', icon: TagIcon, content: () => <TagsTab /> },
  { value: 'standards', label: 'Standards', icon: BookOpenIcon, content: () => <StandardsTab /> },
  { value: 'users', label: 'Users', icon: UsersIcon, content: () => <UsersTab /> },
  { value: 'leads', label: 'Leads', icon: InboxIcon, content: () => <LeadsTab /> },
  { value: 'moderation', label: 'Moderation', icon: ShieldCheckIcon, content: () => <ModerationTab /> },
  { value: 'vitals', label: 'Web Vitals', icon: ActivityIcon, content: () => <VitalsTab /> },
];
const DEFAULT_TAB = 'podcasts';

/** /admin (SPEC §2 Admin dashboard, admins only; the guard in the router checks the role). The tab is kept in `?tab=`. */
export function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = TABS.some((t) => t.value === requested) ? (requested as string) : DEFAULT_TAB;

  const handleTabChange = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === DEFAULT_TAB) next.delete('tab');
    else next.set('tab', value);
    setSearchParams(next, { replace: true });
  };

  return (
    <PageContainer className="grid gap-6 py-8 sm:py-10">
      <PageHeader
        title="Admin Dashboard"
        description="Manage podcasts, knowledge materials and their categories and tags, the standards library the Compliance Assistant answers from, users and their invitations, leads, forum moderation and the site's web vitals."
      />
      <Tabs value={tab} onValueChange={handleTabChange}>
        {/* Wraps onto a second row on phones rather than running off the screen. */}
        <TabsList aria-label="Admin sections" className="h-auto w-full flex-wrap justify-start gap-1 sm:w-fit">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="flex-none">
              <Icon aria-hidden className="size-4" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, content }) => (
          <TabsContent key={value} value={value} className="min-w-0">
            {content()}
          </TabsContent>
        ))}
      </Tabs>
    </PageContainer>
  );
}

export { AdminPage as Component };

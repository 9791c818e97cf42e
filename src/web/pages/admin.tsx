import { BookOpenIcon } from 'lucide-react';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { StandardsTab } from '../features/admin/components/standards-tab';

/** /admin (SPEC §2 Admin dashboard, admins only; the guard in the router checks the role). */
export function AdminPage() {
  return (
    <PageContainer className="grid gap-6 py-8 sm:py-10">
      <PageHeader title="Admin Dashboard" description="Manage the standards library the Compliance Assistant answers from." />
      <Tabs defaultValue="standards">
        <TabsList aria-label="Admin sections" className="w-full justify-start sm:w-auto">
          <TabsTrigger value="standards" className="flex-none">
            <BookOpenIcon aria-hidden className="size-4" />
            Standards
          </TabsTrigger>
        </TabsList>
        <TabsContent value="standards">
          <StandardsTab />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

export { AdminPage as Component };

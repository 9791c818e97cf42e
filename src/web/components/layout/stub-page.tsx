import { ConstructionIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from './page-header';

/** A page whose content arrives in a later issue: its real heading and an honest note. */
export function StubPage({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <PageContainer className="grid gap-8">
      <PageHeader title={title} description={description} />
      {children}
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ConstructionIcon className="size-4" aria-hidden />
        This section is under construction.
      </p>
    </PageContainer>
  );
}

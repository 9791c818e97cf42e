import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { useStandards } from '../../../lib/standards-api';
import { compareKeys, compareStandards } from '../api/compare';
import { CompareForm } from './compare-form';
import { CompareResults } from './compare-results';

const text = messages.comparePage;

/**
 * /compare: a topic and two or more standards, one column each with the clauses that govern the
 * topic there. The comparison lives in the address (`?topic=…&standard=…&standard=…`), so it
 * can be shared, bookmarked and reached with the back button.
 */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const topic = params.get('topic')?.trim() ?? '';
  const chosen = params.getAll('standard');
  const ready = topic !== '' && chosen.length >= 2;
  const standards = useStandards();
  // The results' heading takes the focus after a comparison the user asked for, not on a page opened from a link.
  const [asked, setAsked] = useState(false);
  const comparison = useQuery({
    queryKey: compareKeys.comparison(topic, chosen),
    queryFn: ({ signal }) => compareStandards({ topic, standards: chosen }, signal),
    enabled: ready,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const onCompare = (newTopic: string, codes: string[]) => {
    setAsked(true);
    const next = new URLSearchParams({ topic: newTopic });
    for (const code of codes) next.append('standard', code);
    setParams(next);
  };

  return (
    <PageContainer className="grid gap-8 py-8 sm:py-10">
      <PageHeader title={text.title} description={text.description} />
      {standards.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {text.loadingStandards}
        </p>
      ) : standards.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {text.standardsFailed}
        </p>
      ) : (
        <CompareForm
          // A comparison opened from another address starts the form afresh.
          key={`${topic}|${chosen.join('|')}`}
          standards={standards.data}
          initialTopic={topic}
          initialStandards={chosen}
          busy={comparison.isFetching}
          onCompare={onCompare}
        />
      )}
      <div aria-live="polite" className="grid">
        {ready && comparison.isFetching && !comparison.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            {text.comparing}
          </p>
        ) : null}
        {ready && comparison.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {comparison.error instanceof Error && comparison.error.message ? comparison.error.message : text.failed}
          </p>
        ) : null}
      </div>
      {ready && comparison.data ? (
        <CompareResults request={{ topic, standards: chosen }} comparison={comparison.data} standards={standards.data ?? []} focus={asked} />
      ) : null}
    </PageContainer>
  );
}

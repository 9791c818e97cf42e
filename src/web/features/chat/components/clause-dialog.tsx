import { ExternalLinkIcon, LoaderCircleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { citationLabel, subpartLabel } from '../../../../shared/citation-label';
import type { Citation } from '../../../../shared/schemas/chat';
import { standardPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useClause } from '../../../lib/standards-api';
import { citationRef } from '../lib/citations';

/** A cited clause's full text, fetched from the library, with a link to the standards browser. */
export function ClauseDialog({ citation, onOpenChange }: { citation: Citation | null; onOpenChange: (open: boolean) => void }) {
  const clause = useClause(citation?.standard, citation?.ref);
  return (
    <Dialog open={citation !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {citation ? (
          <>
            <DialogHeader>
              <DialogTitle>{citationRef(citation)}</DialogTitle>
              <DialogDescription>{clause.data?.heading ?? citation.heading}</DialogDescription>
              {citation.pinpoint && citation.pinpoint !== citation.ref ? (
                <p className="text-xs text-muted-foreground">
                  The answer relies on paragraph {citationLabel(citation.standard, citation.pinpoint)}; the whole of{' '}
                  {citationLabel(citation.standard, citation.ref)} is shown.
                </p>
              ) : null}
            </DialogHeader>
            {clause.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircleIcon className="size-4 motion-safe:animate-spin" aria-hidden />
                Loading clause...
              </p>
            ) : clause.isError ? (
              <div className="grid gap-2 text-sm">
                <p role="alert" className="text-destructive">
                  The full clause text could not be loaded. The cited excerpt:
                </p>
                <blockquote className="border-l-2 pl-3 text-muted-foreground">{citation.excerpt}</blockquote>
              </div>
            ) : (
              <div className="grid gap-3">
                <p className="text-xs text-muted-foreground">
                  {clause.data.document.title}
                  {clause.data.document.edition ? ` · ${clause.data.document.edition}` : ''}
                  {clause.data.subpart ? ` · ${subpartLabel(clause.data.subpart)}` : ''}
                </p>
                <div className="max-h-[50vh] overflow-y-auto whitespace-pre-line rounded-md border bg-muted/40 p-3 text-sm leading-relaxed">
                  {clause.data.text}
                </div>
              </div>
            )}
            <div className="flex justify-end">
              <Button variant="outline" size="sm" asChild>
                <Link to={standardPath(citation.standard, citation.ref)}>
                  <ExternalLinkIcon aria-hidden />
                  Open in Standards Library
                </Link>
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

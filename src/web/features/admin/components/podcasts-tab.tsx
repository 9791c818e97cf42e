import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages';
import type { Podcast } from '../../../../shared/schemas/podcasts';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useDeletePodcast } from '../api/delete-podcast';
import { useCategories } from '../api/get-categories';
import { usePodcasts } from '../api/get-podcasts';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { FormSheet } from './form-sheet';
import { QueryList } from '../../../components/load-state';
import { PodcastForm } from './podcast-form';
import { RowActions } from './row-actions';
import { SectionCard } from './section-card';
import { StatusBadge } from './status-badge';

function PodcastsTable({ onEdit, onDelete }: { onEdit: (podcast: Podcast) => void; onDelete: (podcast: Podcast) => void }) {
  const podcasts = usePodcasts();
  return (
    <QueryList
      query={podcasts}
      loading="Loading podcasts..."
      failed={messages.adminData.loadPodcastsFailed}
      empty="No podcasts yet. Add the first with Add Podcast."
      flush
    >
      {(rows) => (
        <Table aria-label="Podcasts">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead className="hidden sm:table-cell">Category</TableHead>
              <TableHead className="hidden sm:table-cell">Duration</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((p) => (
              <TableRow key={p.id}>
                <TableCell className="sm:min-w-48">
                  <span className="font-medium break-words">{p.title}</span>
                  {/* The columns hidden on narrow screens, as one line under the title. */}
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground sm:hidden">
                    {p.podcast_categories.name} · {p.duration ?? 'Unknown duration'}
                    <StatusBadge featured={p.featured} />
                  </span>
                </TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">{p.podcast_categories.name}</TableCell>
                <TableCell className="hidden tabular-nums text-muted-foreground sm:table-cell">{p.duration ?? '—'}</TableCell>
                <TableCell className="hidden sm:table-cell">
                  <StatusBadge featured={p.featured} />
                </TableCell>
                <TableCell className="text-right">
                  <RowActions name={p.title} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </QueryList>
  );
}

type SheetState = { mode: 'add' } | { mode: 'edit'; podcast: Podcast } | null;

/** Admin › Podcasts: the table, the 'Add Podcast' and edit sheets, and deletion after a confirmation. */
export function PodcastsTab() {
  // Loaded here too, so the sheet's category select is ready when it opens.
  useCategories();
  const remove = useDeletePodcast();
  const [sheet, setSheet] = useState<SheetState>(null);
  const [busy, setBusy] = useState(false);
  const editing = sheet?.mode === 'edit' ? sheet.podcast : null;

  const deletion = useConfirmDelete<Podcast>({
    remove: (podcast) => remove.mutateAsync(podcast.id),
    deleted: (podcast) => [messages.adminData.podcastDeleted, podcast.title],
    failed: messages.adminData.deletePodcastFailed,
  });

  return (
    <>
      <SectionCard
        title="Podcasts"
        description="Episodes of the Podcast Library, newest publish date first."
        flush
        action={
          <Button onClick={() => setSheet({ mode: 'add' })}>
            <PlusIcon aria-hidden />
            Add Podcast
          </Button>
        }
      >
        <PodcastsTable onEdit={(podcast) => setSheet({ mode: 'edit', podcast })} onDelete={deletion.ask} />
      </SectionCard>
      <FormSheet
        open={sheet !== null}
        title={editing ? 'Edit Podcast' : 'Add Podcast'}
        description={editing ? `Change “${editing.title}”. A new file replaces the current one.` : 'A new episode for the Podcast Library.'}
        busy={busy}
        onClose={() => setSheet(null)}
      >
        <PodcastForm key={editing?.id ?? 'new'} podcast={editing} onBusyChange={setBusy} onSaved={() => setSheet(null)} onCancel={() => setSheet(null)} />
      </FormSheet>
      <ConfirmDeleteDialog
        open={deletion.pending !== null}
        title="Delete this podcast?"
        description={
          deletion.pending
            ? `“${deletion.pending.title}” will be removed from the Podcast Library, with its cover image and audio. This cannot be undone.`
            : null
        }
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </>
  );
}

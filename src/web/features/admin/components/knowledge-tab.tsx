import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages';
import type { Material } from '../../../../shared/schemas/knowledge';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useDeleteMaterial } from '../api/delete-material';
import { useCategories } from '../api/get-categories';
import { useMaterials } from '../api/get-materials';
import { useTags } from '../api/get-tags';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { FormSheet } from './form-sheet';
import { QueryList } from '../../../components/load-state';
import { MaterialForm } from './material-form';
import { RowActions } from './row-actions';
import { SectionCard } from './section-card';
import { StatusBadge } from './status-badge';

const KIND_NAMES = { article: 'Article', whitepaper: 'Whitepaper' } as const;

function MaterialsTable({ onEdit, onDelete }: { onEdit: (material: Material) => void; onDelete: (material: Material) => void }) {
  const materials = useMaterials();
  return (
    <QueryList
      query={materials}
      loading="Loading materials..."
      failed={messages.adminData.loadMaterialsFailed}
      empty="No materials yet. Add the first with Add Material."
      flush
    >
      {(rows) => (
        <Table aria-label="Knowledge materials">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead className="hidden sm:table-cell">Category</TableHead>
              <TableHead className="hidden md:table-cell">Author</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="sm:min-w-48">
                  <span className="font-medium break-words">{m.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {KIND_NAMES[m.kind]}
                    {/* The columns hidden on narrow screens, after the kind. */}
                    <span className="sm:hidden"> · {m.podcast_categories.name}</span>
                    {m.author ? <span className="md:hidden"> · {m.author}</span> : null}
                  </span>
                  <span className="mt-1 block sm:hidden">
                    <StatusBadge featured={m.featured} />
                  </span>
                </TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">{m.podcast_categories.name}</TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">{m.author ?? '—'}</TableCell>
                <TableCell className="hidden sm:table-cell">
                  <StatusBadge featured={m.featured} />
                </TableCell>
                <TableCell className="text-right">
                  <RowActions name={m.title} onEdit={() => onEdit(m)} onDelete={() => onDelete(m)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </QueryList>
  );
}

type SheetState = { mode: 'add' } | { mode: 'edit'; material: Material } | null;

/** Admin › Knowledge Hub: articles and whitepapers, add and edit sheets, deletion after a confirmation. */
export function KnowledgeTab() {
  // Loaded here too, so the sheet's selects are ready when it opens.
  useCategories();
  useTags();
  const remove = useDeleteMaterial();
  const [sheet, setSheet] = useState<SheetState>(null);
  const [busy, setBusy] = useState(false);
  const editing = sheet?.mode === 'edit' ? sheet.material : null;

  const deletion = useConfirmDelete<Material>({
    remove: (material) => remove.mutateAsync(material.id),
    deleted: (material) => [messages.adminData.materialDeleted, material.title],
    failed: messages.adminData.deleteMaterialFailed,
  });

  return (
    <>
      <SectionCard
        title="Knowledge Hub"
        description="Articles and whitepapers of the Knowledge Hub, newest first."
        flush
        action={
          <Button onClick={() => setSheet({ mode: 'add' })}>
            <PlusIcon aria-hidden />
            Add Material
          </Button>
        }
      >
        <MaterialsTable onEdit={(material) => setSheet({ mode: 'edit', material })} onDelete={deletion.ask} />
      </SectionCard>
      <FormSheet
        open={sheet !== null}
        title={editing ? 'Edit Material' : 'Add Material'}
        description={editing ? `Change “${editing.title}”. A new file replaces the current one.` : 'A new article or whitepaper for the Knowledge Hub.'}
        busy={busy}
        onClose={() => setSheet(null)}
      >
        <MaterialForm key={editing?.id ?? 'new'} material={editing} onBusyChange={setBusy} onSaved={() => setSheet(null)} onCancel={() => setSheet(null)} />
      </FormSheet>
      <ConfirmDeleteDialog
        open={deletion.pending !== null}
        title="Delete this material?"
        description={
          deletion.pending
            ? `“${deletion.pending.title}” will be removed from the Knowledge Hub, with its cover image and document. This cannot be undone.`
            : null
        }
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </>
  );
}

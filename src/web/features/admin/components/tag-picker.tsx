import { CheckIcon } from 'lucide-react';
import { useId } from 'react';
import type { Tag } from '../../../../shared/schemas/knowledge';
import { cn } from '../../../lib/utils';

/**
 * Chooses a material's tags by id, each once (SPEC §5): a group of checkboxes drawn as chips,
 * so that keyboard and screen readers work as with any checkbox.
 */
export function TagPicker({
  tags,
  value,
  onChange,
  error,
  disabled,
}: {
  tags: readonly Tag[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const errorId = useId();
  const selected = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium leading-none">Tags (optional)</legend>
      {tags.length === 0 ? (
        <p className="text-xs text-muted-foreground">No tags yet: add some in the Tags tab.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {tags.map((tag) => {
            const checked = selected.has(tag.id);
            return (
              <label
                key={tag.id}
                className={cn(
                  'inline-flex cursor-pointer select-none items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
                  checked ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
                  disabled && 'cursor-not-allowed opacity-60',
                )}
              >
                <input type="checkbox" className="sr-only" checked={checked} onChange={(e) => toggle(tag.id, e.target.checked)} />
                {checked ? <CheckIcon className="size-3.5" aria-hidden /> : null}
                {tag.name}
              </label>
            );
          })}
        </div>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

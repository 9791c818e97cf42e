import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import type { Category } from '../../../../shared/schemas/podcasts';
import { SelectField } from './form-fields';

/** The required Category of a podcast or material, from the categories the admin has made. */
export function CategorySelect({
  categories,
  error,
  ...props
}: { categories: UseQueryResult<Category[]>; error?: string | undefined } & ComponentProps<'select'>) {
  const list = categories.data ?? [];
  const hint = categories.isPending
    ? 'Loading categories...'
    : categories.isError
      ? 'The categories could not be loaded.'
      : list.length === 0
        ? 'No categories yet: add one in the Categories tab first.'
        : undefined;
  return (
    <SelectField label="Category" error={error} hint={hint} {...props}>
      <option value="">Select a category</option>
      {list.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import type { Category } from '../../../../shared/schemas/podcasts';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { signallingCategory, trackCategory } from '../test/content-fixtures';
import { CategoriesTab } from './categories-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

function renderTab() {
  return renderRoutes([{ path: '/admin', element: <CategoriesTab /> }], '/admin');
}

describe('CategoriesTab', () => {
  let categories: Category[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    categories = [signallingCategory, trackCategory];
    mockApiGet({ '/categories': () => categories });
  });

  it('lists each category with its description', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(within(table).getByRole('row', { name: /Track Engineering.*Geometry, rail and sleepers\./ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Signalling —/ })).toBeInTheDocument();
  });

  it("says the server's message when the list fails to load, and the spec's fallback when the server sent none", async () => {
    const user = userEvent.setup();
    api.get.mockRejectedValue(new AppError('service_unavailable', 'The database is not reachable. Try again shortly.', 503));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable. Try again shortly.');

    api.get.mockRejectedValue(new AppError('network_error', 'Failed to fetch', 0));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load categories'));
    expect(screen.getByRole('alert')).not.toHaveTextContent('Failed to fetch');
  });

  it('requires the name', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('table', { name: 'Categories' });
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(api.post).not.toHaveBeenCalled();
  });

  it("adds a category, toasts 'Category Added' and empties the form", async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    const added: Category = { id: '66666666-6666-4666-8666-666666666666', name: 'Geotechnical', description: null };
    api.post.mockImplementation(async () => {
      categories = [...categories, added];
      return added;
    });
    renderTab();
    await screen.findByRole('table', { name: 'Categories' });
    await user.type(screen.getByLabelText('Name'), '  Geotechnical ');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Category Added', { description: 'Geotechnical' }));
    expect(api.post).toHaveBeenCalledWith('/categories', { name: 'Geotechnical', description: null }, expect.anything());
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(await screen.findByRole('row', { name: /Geotechnical/ })).toBeInTheDocument();
  });

  it("shows the server's message when the name is taken", async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    const message = 'A category with this name already exists';
    api.post.mockRejectedValue(new AppError('already_exists', message, 409, [{ path: 'body.name', message }]));
    renderTab();
    await screen.findByRole('table', { name: 'Categories' });
    await user.type(screen.getByLabelText('Name'), 'Signalling');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: message }));
    // …and beside the field, which keeps what was typed.
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Name')).toHaveValue('Signalling');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('deletes a category after the confirmation', async () => {
    const user = userEvent.setup();
    api.delete.mockImplementation(async () => {
      categories = [trackCategory];
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Categories' });
    await user.click(within(table).getByRole('button', { name: 'Delete Signalling' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this category?' });
    expect(api.delete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`/categories/${signallingCategory.id}`, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Signalling/ })).not.toBeInTheDocument());
  });

  it('keeps a category still in use and says why', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    const message = 'This category is still used by podcasts or knowledge materials; move them to another category first';
    api.delete.mockRejectedValue(new AppError('in_use', message, 409));
    renderTab();
    const table = await screen.findByRole('table', { name: 'Categories' });
    await user.click(within(table).getByRole('button', { name: 'Delete Track Engineering' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: message }));
    expect(within(table).getByRole('row', { name: /Track Engineering/ })).toBeInTheDocument();
  });
});

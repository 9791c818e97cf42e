import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '../../../../shared/schemas/knowledge';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { gaugeTag, railTag } from '../test/content-fixtures';
import { TagsTab } from './tags-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

function renderTab() {
  return renderRoutes([{ path: '/admin', element: <TagsTab /> }], '/admin');
}

describe('TagsTab', () => {
  let tags: Tag[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    tags = [gaugeTag, railTag];
    mockApiGet({ '/knowledge/tags': () => tags });
  });

  it('lists the tags', async () => {
    renderTab();
    const list = await screen.findByRole('list', { name: 'Tags' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gauge', 'Rail wear']);
  });

  it('requires the tag name, also when it is only spaces', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('list', { name: 'Tags' });
    await user.type(screen.getByLabelText('Tag Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('Tag name is required')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("adds a tag and toasts 'Tag Added'", async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    const added: Tag = { id: '77777777-7777-4777-8777-777777777777', name: 'Ballast' };
    api.post.mockImplementation(async () => {
      tags = [added, ...tags];
      return added;
    });
    renderTab();
    await screen.findByRole('list', { name: 'Tags' });
    await user.type(screen.getByLabelText('Tag Name'), 'Ballast{Enter}');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Tag Added', { description: 'Ballast' }));
    expect(api.post).toHaveBeenCalledWith('/knowledge/tags', { name: 'Ballast' }, expect.anything());
    expect(await within(screen.getByRole('list', { name: 'Tags' })).findByText('Ballast')).toBeInTheDocument();
    expect(screen.getByLabelText('Tag Name')).toHaveValue('');
  });

  it('deletes a tag after the confirmation', async () => {
    const user = userEvent.setup();
    api.delete.mockImplementation(async () => {
      tags = [railTag];
    });
    renderTab();
    await screen.findByRole('list', { name: 'Tags' });
    await user.click(screen.getByRole('button', { name: 'Delete tag Gauge' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this tag?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.delete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete tag Gauge' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`/knowledge/tags/${gaugeTag.id}`, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete tag Gauge' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete tag Rail wear' })).toBeInTheDocument();
  });
});

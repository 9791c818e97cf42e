import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModerationDecision, ModerationItem } from '../../../../shared/schemas/forum';
import { api, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { moderationItemFixture, pageOf } from '../test/fixtures';
import { ModerationTab } from './moderation-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const heldTopic = moderationItemFixture({ body: 'The damn ballast keeps fouling.\n\n<script>window.__modPwned = true</script>' });
const reportedReply = moderationItemFixture({
  kind: 'reply',
  id: 'r-5',
  topicId: 't-1',
  topicTitle: 'Rail wear limits on tight curves',
  title: null,
  body: 'Buy cheap rails at example.com',
  status: 'published',
  autoReasons: [],
  flags: [{ reason: 'Spam', by: { id: 'u-2', name: 'Grace Hopper', role: null }, createdAt: '2026-01-03T11:00:00.000Z' }],
});

const decision: ModerationDecision = {
  id: 'd-1',
  kind: 'topic',
  postId: 't-9',
  topicId: 't-9',
  topicTitle: 'This damn ballast',
  action: 'held',
  reason: 'Profanity: damn',
  moderator: null,
  createdAt: '2026-01-03T10:00:00.000Z',
};

function serveQueue(items: () => ModerationItem[]) {
  api.get.mockImplementation(async (path: string) => {
    if (path === '/forum/moderation/queue') return pageOf(items());
    if (path === '/forum/moderation/decisions') return pageOf([decision]);
    throw new Error(`unexpected GET ${path}`);
  });
}

const routes = [{ path: '/admin', element: <ModerationTab /> }];

describe('ModerationTab', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession());
  });

  it('lists held and reported posts with the reasons, and the decision log', async () => {
    serveQueue(() => [heldTopic, reportedReply]);
    const { container } = renderRoutes(routes, '/admin');

    const held = await screen.findByRole('article', { name: 'Topic: This damn ballast' });
    expect(within(held).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(held).getByText('Profanity: damn')).toBeInTheDocument();
    expect(within(held).getByRole('link', { name: 'This damn ballast' })).toHaveAttribute('href', '/community-forum/t-9');
    const reply = screen.getByRole('article', { name: 'Reply: Reply to “Rail wear limits on tight curves”' });
    expect(within(reply).getByText('1 report')).toBeInTheDocument();
    expect(within(reply).getByText('“Spam”')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();

    const log = await screen.findByRole('table', { name: 'Moderation decisions' });
    expect(within(log).getByRole('row', { name: /This damn ballast.*Held/ })).toBeInTheDocument();
    expect(within(log).getAllByText('Automated').length).toBeGreaterThan(0);
  });

  it('approves a post', async () => {
    let items = [heldTopic];
    serveQueue(() => items);
    api.post.mockImplementation(async () => {
      items = [];
      return { status: 'published', decision: { ...decision, action: 'approved', id: 'd-2' } };
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin');

    await user.click(await screen.findByRole('button', { name: 'Approve This damn ballast' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/forum/moderation/topic/t-9/approve', {}, expect.anything()));
    expect(await screen.findByText('Nothing to review. The queue is empty.')).toBeInTheDocument();
  });

  it('rejects a post only with a reason', async () => {
    serveQueue(() => [reportedReply]);
    api.post.mockResolvedValue({ status: 'rejected', decision: { ...decision, action: 'rejected', kind: 'reply', postId: 'r-5' } });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin');

    await user.click(await screen.findByRole('button', { name: 'Reject Reply to “Rail wear limits on tight curves”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this reply?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason for rejecting this post')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Reason'), 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/forum/moderation/reply/r-5/reject', { reason: 'Advertising' }, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

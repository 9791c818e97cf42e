import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublishDate } from './publish-date';

describe('PublishDate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes en-US ahead, hydrates without a mismatch, then writes the reader’s format', async () => {
    const html = renderToString(<PublishDate value="2025-03-01T00:00:00.000Z" />);
    expect(html).toContain('March 1, 2025');

    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <PublishDate value="2025-03-01T00:00:00.000Z" />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('time')).toHaveTextContent('1 March 2025');
    expect(container.querySelector('time')).toHaveAttribute('datetime', '2025-03-01T00:00:00.000Z');
    container.remove();
  });

  it('keeps the picked day for readers west of Greenwich (UTC), and shows an unreadable date as given', async () => {
    const { formatPublishDate } = await import('../lib/format');
    expect(formatPublishDate('2025-03-01T00:00:00.000Z', 'en-US')).toBe('March 1, 2025');
    expect(formatPublishDate('soon', 'en-US')).toBe('soon');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('renders GFM and never raw HTML', () => {
    const { container } = render(<Markdown>{'**Bold** and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>'}</Markdown>);
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('shows images and opens links in a new tab for trusted text', () => {
    render(<Markdown>{'[eCFR](https://www.ecfr.gov) ![Gage diagram](https://example.com/gage.png)'}</Markdown>);
    expect(screen.getByRole('link', { name: 'eCFR' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('img', { name: 'Gage diagram' })).toHaveAttribute('src', 'https://example.com/gage.png');
  });

  it('with untrustedLinks, keeps unsafe links inert, marks the rest nofollow ugc, and loads no image', () => {
    render(<Markdown untrustedLinks>{'[bad](javascript:alert(1)) [good](https://example.com) ![tracker](https://example.com/pixel.png)'}</Markdown>);
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByText('bad')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'good' })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: '[tracker]' })).toHaveAttribute('href', 'https://example.com/pixel.png');
  });
});

import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it.each(['https://example.com/a?b=1', 'http://example.com', 'mailto:ops@example.com', '/knowledge-hub', '#clause-4', '//example.com/x', 'page.html'])(
    'keeps %s',
    (url) => {
      expect(safeHref(url)).toBeDefined();
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '',
  ])('drops %j', (url) => {
    expect(safeHref(url)).toBeUndefined();
  });
});

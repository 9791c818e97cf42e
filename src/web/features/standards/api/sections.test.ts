import { describe, expect, it } from 'vitest';
import { subpartTail } from './sections';

describe('subpartTail', () => {
  it('heads a division below the one before it with the part of its path they do not share', () => {
    expect(subpartTail(null, 'Information Sharing / Railway Company')).toBe('Information Sharing / Railway Company');
    expect(subpartTail('Information Sharing / Railway Company', 'Information Sharing / Road Authority')).toBe('Road Authority');
    expect(subpartTail('4 — SUBSYSTEMS / 4.2 — Specifications', '4 — SUBSYSTEMS / 4.2 — Specifications / 4.2.1 — Safety')).toBe('4.2.1 — Safety');
    expect(subpartTail('4 — SUBSYSTEMS / 4.2 — Specifications / 4.2.1 — Safety', '4 — SUBSYSTEMS / 4.2 — Specifications')).toBe('4.2 — Specifications');
    expect(subpartTail('Interpretation', 'Application')).toBe('Application');
    expect(subpartTail('A — General', 'B — Roadbed')).toBe('B — Roadbed');
  });
});

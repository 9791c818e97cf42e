import { describe, expect, it } from 'vitest';
import type { DocumentContent } from '../../../../shared/schemas/document-content';
import { checkDocument } from './index';
import { useCheckLibrary } from './test-library';

/** A class one sentence of a paragraph states goes on for the sentences after it that name none. */
const library = useCheckLibrary(['213']);

function checkParagraphs(...texts: string[]) {
  const content: DocumentContent = {
    type: 'docx',
    blocks: texts.map((text, i) => ({ kind: 'paragraph' as const, text, location: { text, paragraph: i + 1 } })),
  };
  return checkDocument(content, library()).findings.filter((f) => f.parameter === 'outside_rail_elevation' && f.value === 7.6);
}

describe('a class carried through its paragraph', () => {
  it('judges a later sentence by the class an earlier sentence states', () => {
    const [finding] = checkParagraphs('The Gravel Pit spur is maintained to Class 1 standards. A maximum of 7.6 in. of cant is provided on its loop.');
    expect(finding?.verdict).toBe('conforms');
    expect(finding?.message).toMatch(/Class 1/);
  });

  it('a sentence naming its own class keeps it', () => {
    const [finding] = checkParagraphs('The Gravel Pit spur is Class 1 track. The connection to the Class 5 main has 7.6 in. of cant.');
    expect(finding?.verdict).toBe('non_conformance');
  });

  it('does not carry a class into the next paragraph', () => {
    const [finding] = checkParagraphs('The Gravel Pit spur is Class 1 track.', 'A maximum of 7.6 in. of cant is provided on the wye.');
    expect(finding?.verdict).toBe('needs_review');
  });
});

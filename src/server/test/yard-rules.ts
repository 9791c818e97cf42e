import type { ParsedClause, ParsedDocument } from '../modules/standards/importers/types';

/**
 * A small made-up standard for retrieval tests: the given clauses among six filler sections
 * that all say the same thing (examined after heavy rain), so term statistics mean something.
 */
export function yardRules(clauses: ParsedClause[]): ParsedDocument {
  return {
    title: 'Yard rules',
    edition: 'Rev 1',
    disciplines: ['Track and Civil'],
    clauses: [
      ...clauses,
      ...['Ballast depth', 'Switch heaters', 'Crossing timbers', 'Drainage ditches', 'Fence lines', 'Lighting towers'].map((heading, i) => ({
        ref: `5.${i + 1}(a)`,
        section: `5.${i + 1}`,
        heading,
        text: `(a) ${heading} shall be kept in good order and examined after heavy rain by the yard supervisor.`,
      })),
    ],
  };
}

export const derailPosition: ParsedClause = {
  ref: '4.1(a)',
  section: '4.1',
  heading: 'Derail position',
  text: '(a) Each derail shall be locked in the derailing position when cars are stored on the siding.',
};

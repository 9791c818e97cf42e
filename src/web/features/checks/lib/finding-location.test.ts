import { describe, expect, it } from 'vitest';
import { describeLocation } from './finding-location';

describe('describeLocation', () => {
  it('says where a value stands the way each format is read', () => {
    expect(describeLocation({ line: 6, row: 6, column: 'Superelevation Ea (in)' }, 'csv')).toBe('CSV line 6, column Superelevation Ea (in)');
    expect(describeLocation({ sheet: 'Curve Schedule', row: 10, cell: 'I10', column: 'Superelevation Ea (in)' }, 'xlsx')).toBe(
      'sheet Curve Schedule, cell I10',
    );
    expect(describeLocation({ page: 4, line: 12 }, 'pdf')).toBe('page 4, line 12');
    expect(describeLocation({ row: 3, column: 'Class' }, 'docx')).toBe('row 3, column Class');
    expect(describeLocation({ entity: '#412' }, 'ifc')).toBe('IFC entity #412');
    expect(describeLocation({}, 'dxf')).toBe('in the document');
  });
});

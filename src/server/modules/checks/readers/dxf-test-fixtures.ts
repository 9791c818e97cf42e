/* ASCII DXF drawings built in tests, as AutoCAD writes them. */

/** DXF text from (group code, value) pairs, codes right-aligned in three columns as AutoCAD writes them. */
export function groups(...pairs: [number, string | number][]): string {
  return pairs.map(([code, value]) => `${String(code).padStart(3)}\n${value}\n`).join('');
}

export function section(name: string, body: string): string {
  return groups([0, 'SECTION'], [2, name]) + body + groups([0, 'ENDSEC']);
}

export function text(handle: string, layer: string, x: number, y: number, content: string, extra: [number, string | number][] = []): string {
  return groups([0, 'TEXT'], [5, handle], ...extra, [8, layer], [10, x], [20, y], [30, 0], [40, 2.5], [1, content]);
}

export function drawing(entities: string, blocks = ''): string {
  return (
    section('HEADER', groups([9, '$ACADVER'], [1, 'AC1015'])) + (blocks ? section('BLOCKS', blocks) : '') + section('ENTITIES', entities) + groups([0, 'EOF'])
  );
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('error codes', () => {
  it('are unique', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('come from the one catalogue: no code is written as a string where an error is made', () => {
    // An AppError built from a literal, or an error body with a literal snake_case code, bypasses ErrorCode.
    const literal = /new AppError\(\s*['"`]|\bcode: ['"`][a-z]+_[a-z_]+['"`]/;
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.endsWith(path.join('shared', 'errors.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(SRC, file)}:${i + 1}` }))
          .filter(({ line }) => literal.test(line))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});

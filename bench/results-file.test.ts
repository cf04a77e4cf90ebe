import { describe, expect, it } from 'vitest';
import { withSection } from './results-file';

describe('bench/RESULTS.md sections', () => {
  const file =
    '# Benchmark results\n\nIntro.\n\n## PostgreSQL 15: old\n\nold run\n\n\n\n## Soak: old\n\nsoak\n';

  it('replaces a section in place of the old one, first or last, with one blank line between sections', () => {
    expect(withSection(file, '## PostgreSQL 15:', '## PostgreSQL 15: new\n\nnew run\n', 'first')).toBe(
      '# Benchmark results\n\nIntro.\n\n## PostgreSQL 15: new\n\nnew run\n\n## Soak: old\n\nsoak\n',
    );
    expect(withSection(file, '## Soak', '## Soak: new\n\nsoak 2', 'last')).toBe(
      '# Benchmark results\n\nIntro.\n\n## PostgreSQL 15: old\n\nold run\n\n## Soak: new\n\nsoak 2\n',
    );
  });

  it('does not grow when the same run is written again', () => {
    const once = withSection(file, '## Soak', '## Soak: new\n\nsoak 2\n\n', 'last');
    expect(withSection(once, '## Soak', '## Soak: new\n\nsoak 2\n\n', 'last')).toBe(once);
  });

  it('starts a missing file with its header, and keeps a PostgreSQL section apart from a PGlite one', () => {
    const fresh = withSection('', '## PGlite (embedded):', '## PGlite (embedded): run', 'first');
    expect(fresh).toBe(
      '# Benchmark results\n\nWritten by `npm run bench`; the newest run of each database first.\n\n## PGlite (embedded): run\n',
    );
    expect(withSection(fresh, '## PostgreSQL 15:', '## PostgreSQL 15: run', 'first')).toContain(
      '## PostgreSQL 15: run\n\n## PGlite (embedded): run\n',
    );
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HEADER = '# Benchmark results\n\nWritten by `npm run bench`; the newest run of each database first.';

/**
 * bench/RESULTS.md's text with the section whose heading starts with `marker` replaced by `report`,
 * put first (after the file's own header) or last. Sections are separated by one blank line, however
 * many the earlier text had.
 */
export function withSection(previous: string, marker: string, report: string, at: 'first' | 'last'): string {
  const parts = previous.split(/\n(?=## )/).map((part) => part.trim());
  const head = parts[0] !== undefined && !parts[0].startsWith('## ') ? parts.shift()! : '';
  const kept = parts.filter((part) => part !== '' && !part.startsWith(marker));
  const sections = at === 'first' ? [report.trim(), ...kept] : [...kept, report.trim()];
  return `${[head || HEADER, ...sections].join('\n\n')}\n`;
}

/** Writes a run's section into bench/RESULTS.md (the benchmark, the soak and Lighthouse each own theirs). */
export function writeResultsSection(root: string, marker: string, report: string, at: 'first' | 'last') {
  const file = path.join(root, 'bench/RESULTS.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, withSection(previous, marker, report, at));
}

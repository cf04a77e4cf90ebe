import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envSchema, loadDotEnv, loadEnv } from './env';

describe('.env', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trillium-env-'));
  afterEach(() => {
    delete process.env.TRILLIUM_TEST_FROM_FILE;
    delete process.env.TRILLIUM_TEST_BOTH;
  });

  it('is read when present; the environment wins over the file', () => {
    const file = path.join(dir, '.env');
    writeFileSync(file, 'TRILLIUM_TEST_FROM_FILE=file\nTRILLIUM_TEST_BOTH=file\n');
    process.env.TRILLIUM_TEST_BOTH = 'environment';
    loadDotEnv(file);
    expect(process.env.TRILLIUM_TEST_FROM_FILE).toBe('file');
    expect(process.env.TRILLIUM_TEST_BOTH).toBe('environment');
    rmSync(dir, { recursive: true, force: true });
  });

  it('is optional', () => {
    expect(() => loadDotEnv(path.join(dir, 'missing.env'))).not.toThrow();
  });

  it('.env.example runs as is', () => {
    const example = path.resolve(import.meta.dirname, '../../.env.example');
    const values = Object.fromEntries(
      readFileSync(example, 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadEnv(values)).not.toThrow();
  });

  it('.env.example names every setting the server reads', () => {
    const example = readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const settings = Object.keys(envSchema.in.shape);
    expect(settings.length).toBeGreaterThan(10);
    expect(settings.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });
});

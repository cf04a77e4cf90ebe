import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedQuery, parsersOf, unnamedQuery } from './pglite-named.mjs';

// Results read with a shared parser table (pglite-named.mjs, parsersOf; docs/decisions/008, "A parser
// table per query"): the same answers as PGlite's own `query`, without copying its table every time.

/** The parsers drizzle gives every query (drizzle-orm/pglite/session.js): these types stay text. */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const drizzleLike = (rowMode: 'array' | 'object'): QueryOptions => ({
  rowMode,
  // A new object of new functions each time, as drizzle makes for each statement it runs.
  parsers: Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, (value: string) => value])),
});

const ROW = `select '2026-11-27 12:30:00+00'::timestamptz as at, '2026-11-27 12:30:00'::timestamp as local,
  '2026-11-27'::date as day, interval '90 minutes' as span, 12.50::numeric as price, 7::int as n,
  9007199254740993::bigint as big, '{"a":[1,2],"b":"é"}'::jsonb as doc, '[3,4]'::json as list,
  array['2026-11-27 12:30:00+00', '2026-11-28 08:00:00+00']::timestamptz[] as ats, array[1,2]::int[] as ns,
  array[1.5, 2.25]::numeric[] as prices, true as yes, null::text as none, 'Queen St W'::text as street,
  $1::int + 1 as param`;

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create('memory://');
  await pg.exec('create table codes (code text primary key)');
});
afterAll(() => pg?.close());

describe('a result read with the shared parser table', () => {
  for (const rowMode of ['array', 'object'] as const) {
    it(`answers what PGlite's own query answers, with drizzle's parsers (${rowMode} rows)`, async () => {
      const expected = await pg.query(ROW, [41], drizzleLike(rowMode));
      const context = { inTransaction: false };
      const unnamed = await unnamedQuery(pg, ROW, [41], drizzleLike(rowMode), context);
      const named = await namedQuery(pg, ROW, [41], drizzleLike(rowMode), context);
      for (const answer of [unnamed, named]) {
        expect(answer.rows).toEqual(expected.rows);
        expect(answer.fields).toEqual(expected.fields);
        expect(answer.affectedRows).toEqual(expected.affectedRows);
      }
      // The date types stayed text, the others were parsed as PGlite parses them.
      const row = (
        rowMode === 'object'
          ? unnamed.rows[0]
          : Object.fromEntries(
              unnamed.fields.map((f, i) => [f.name, (unnamed.rows[0] as unknown as unknown[])[i]]),
            )
      ) as Record<string, unknown>;
      expect(row).toMatchObject({
        at: '2026-11-27 12:30:00+00',
        day: '2026-11-27',
        n: 7,
        param: 42,
        yes: true,
      });
      expect(row.doc).toEqual({ a: [1, 2], b: 'é' });
      expect(row.ns).toEqual([1, 2]);
      expect(row.none).toBeNull();
    });
  }

  it("applies a query's own parser that is not an identity, once, as PGlite does", async () => {
    const doubling: QueryOptions = {
      rowMode: 'object',
      parsers: { 23: (value: string) => Number(value) * 2 },
    };
    const expected = await pg.query<{ n: number }>(ROW, [41], doubling);
    const answer = await unnamedQuery<{ n: number }>(pg, ROW, [41], doubling, { inTransaction: false });
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.rows[0]!.n).toBe(14);
    // The next query with drizzle's parsers is not touched by it.
    const next = await unnamedQuery<{ n: number }>(pg, ROW, [41], drizzleLike('object'), {
      inTransaction: false,
    });
    expect(next.rows[0]!.n).toBe(7);
  });

  it("is made once per instance and list of types, and leaves PGlite's own table as it was", async () => {
    const first = parsersOf(pg, drizzleLike('array'));
    expect(parsersOf(pg, drizzleLike('object'))).toBe(first);
    expect(first).not.toBe(pg.parsers);
    expect(parsersOf(pg, { rowMode: 'object' })).toBe(pg.parsers);
    expect(parsersOf(pg, { parsers: {} })).toBe(pg.parsers);
    // Another list of types, another table.
    expect(parsersOf(pg, { parsers: { 1184: (value: string) => value } })).not.toBe(first);
    // PGlite's own queries still read a timestamptz as a Date.
    const own = await pg.query<{ at: unknown }>(ROW, [1]);
    expect(own.rows[0]!.at).toBeInstanceOf(Date);
  });

  it('fails as a query does (23505), and the session goes on, in a transaction too', async () => {
    const insert = 'insert into codes (code) values ($1)';
    const context = { inTransaction: false };
    await unnamedQuery(pg, insert, ['a'], drizzleLike('array'), context);
    await expect(unnamedQuery(pg, insert, ['a'], drizzleLike('array'), context)).rejects.toMatchObject({
      code: '23505',
    });
    await expect(
      pg.transaction(async () => {
        await unnamedQuery(pg, insert, ['b'], drizzleLike('array'), { inTransaction: true });
        await unnamedQuery(pg, insert, ['b'], drizzleLike('array'), { inTransaction: true });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const codes = await unnamedQuery<{ code: string }>(
      pg,
      'select code from codes order by code',
      [],
      drizzleLike('object'),
      context,
    );
    expect(codes.rows).toEqual([{ code: 'a' }]);
    expect(codes.affectedRows).toBe(0);
  });
});

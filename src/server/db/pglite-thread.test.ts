import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { categories, users } from './schema';

/** The server's PGlite runs in a worker thread: the same migrations, rows, errors and transactions. */
// The embedded database's own: the PGlite pass runs it, and the PostgreSQL pass would only repeat it
// (docs/decisions/016-test-run-time.md).
describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite in a worker thread', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', thread: true });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  const user = (email: string) => ({
    email,
    username: email.split('@')[0]!,
    fullName: 'Thread Test',
    passwordHash: 'x',
  });

  it('migrates, writes and reads rows with their types (timestamps, json, extensions)', async () => {
    const [inserted] = await database.db.insert(users).values(user('thread@example.com')).returning();
    expect(inserted!.id).toBeGreaterThan(0);
    expect(inserted!.createdAt).toBeInstanceOf(Date);
    expect(inserted!.preferences).toEqual({ email: true, sms: true, promotional: false });
    const [similar] = await queryRows<{ similarity: number }>(
      database.db,
      sql`select similarity('cleaning', 'cleening') as similarity`,
    );
    expect(similar!.similarity).toBeGreaterThan(0.3);
  });

  it('keeps PostgreSQL error codes (a unique violation is 23505)', async () => {
    type PgFailure = { code?: string; cause?: { code?: string; constraint?: string } };
    const error = (await database.db
      .insert(users)
      .values(user('THREAD@example.com'))
      .then(
        () => undefined,
        (e: unknown) => e,
      )) as PgFailure | undefined;
    expect(error?.cause?.code ?? error?.code).toBe('23505');
    expect(error?.cause?.constraint).toBe('users_email_lower_unique');
  });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Committed', slug: 'committed' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Rolled Back', slug: 'rolled-back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const slugs = (await database.db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
    expect(slugs).toContain('committed');
    expect(slugs).not.toContain('rolled-back');
  });

  it('rolls back on tx.rollback(), and nested transactions use savepoints', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Explicit', slug: 'explicit' });
        tx.rollback();
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Outer', slug: 'outer' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(categories).values({ name: 'Inner', slug: 'inner' });
          throw new Error('inner only');
        })
        .catch(() => {});
    });
    const slugs = (await database.db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
    expect(slugs).toContain('outer');
    expect(slugs).not.toContain('inner');
    expect(slugs).not.toContain('explicit');
  });

  it('serialises a query from outside behind an open transaction, as PGlite does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.update(categories).set({ name: 'Outer (renamed)' }).where(eq(categories.slug, 'outer'));
      outside = database.db
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.slug, 'outer'))
        .then((rows) => order.push(`outside saw ${rows[0]?.name}`));
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw Outer (renamed)']);
  });

  it('keeps the main thread free while a slow query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await queryRows(database.db, sql`select pg_sleep(0.2)`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
  });
});

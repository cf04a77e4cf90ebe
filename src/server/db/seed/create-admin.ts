import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { passwordSchema } from '../../../shared/domain/password-policy';
import { emailSchema } from '../../../shared/contract/auth';
import { hashPassword } from '../../modules/auth/password-hash';
import { loadDotEnv, loadEnv } from '../../env';
import { databaseOptionsFromEnv } from '../../server';
import { openDatabase } from '../client';
import { users } from '../schema';

/**
 * `npm run create-admin -- --email ops@example.com --password '...' [--name 'Ops Person']`: creates an
 * admin account, or makes an existing account an admin and sets its password. Honours DATABASE_URL and
 * DATA_DIR (stop the server first when it runs on the embedded database: one process per data folder).
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error('--email must be a valid e-mail address');
  const password = passwordSchema.safeParse(values.password ?? '');
  if (!password.success) throw new Error(`--password: ${password.error.issues[0]?.message}`);
  loadDotEnv();
  const env = loadEnv();
  const database = await openDatabase(databaseOptionsFromEnv(env));
  try {
    await database.withStartupLock(() => database.migrate());
    const passwordHash = await hashPassword(password.data);
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.data})`)
      .limit(1);
    if (existing) {
      await database.db
        .update(users)
        .set({ role: 'admin', passwordHash, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      console.log(`${email.data} is now an admin, with the new password.`);
    } else {
      const base =
        email.data
          .split('@')[0]!
          .toLowerCase()
          .replace(/[^a-z0-9._-]/g, '') || 'admin';
      await database.db.insert(users).values({
        email: email.data,
        username: `${base}-${Date.now().toString(36)}`,
        fullName: values.name?.trim() || 'Trillium Admin',
        role: 'admin',
        passwordHash,
        emailVerifiedAt: new Date(),
      });
      console.log(`Created the admin account ${email.data}.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

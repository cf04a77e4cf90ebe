import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates and checks migrations; the app applies them itself at start
// (drizzle-kit cannot open PGlite with the pg_trgm extension).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});

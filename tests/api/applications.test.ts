import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBodySchema, parsePriceToCents } from '../../src/shared/contract/applications';
import { fixedClock } from '../../src/server/clock';
import { documents, providerApplications, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { CLEAN_UPLOADS_JOB } from '../../src/server/modules/applications/applications.jobs';
import { enqueueJob } from '../../src/server/modules/jobs/jobs.repository';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { lastEmailTo } from '../support/outbox';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const clock = fixedClock('2026-11-23T15:00:00Z');
let ctx: TestContext;
let dataDir: string;
let n = 0;
const visitor = () => createClient(ctx, { ip: `10.50.${Math.floor(++n / 200)}.${n % 200}` });

async function upload(client: Client, name: string, content = PDF, kind = 'document'): Promise<string> {
  const data = new FormData();
  data.append('files', new Blob([new Uint8Array(content)]), name);
  const res = await client.post(`/api/documents/upload?kind=${kind}`, data);
  expect(res.status).toBe(201);
  return res.body.filenames[0];
}

async function validBody(client: Client, overrides: Record<string, unknown> = {}) {
  return {
    fullName: '  Priya Patel ',
    email: `priya${++n}@example.com`,
    phone: '416-555-0142',
    password: 'Maple!Syrup42',
    confirmPassword: 'Maple!Syrup42',
    businessName: 'Patel Home Care',
    businessNumber: '   ',
    googleBusinessUrl: '',
    city: 'mississauga',
    province: 'on',
    servicesDescription: 'Deep cleaning, move-out cleaning and weekly home care across Peel Region.',
    operatingDays: ['Monday', 'Wednesday', 'Friday'],
    operatingHours: '9:00 AM - 5:00 PM',
    documents: [await upload(client, 'licence.pdf')],
    priceCatalog: [
      { serviceName: 'Deep Cleaning', price: '$120', description: 'Whole home', duration: '3 hours' },
      { serviceName: '', price: '', description: '', duration: '' },
    ],
    hasPriceList: false,
    priceListUrl: '',
    agreedToTerms: true,
    profileImage: null,
    serviceCategory: 'General Services',
    applicantType: 'business',
    ...overrides,
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-apps-'));
  ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://trillium.test' },
    seed: async ({ db }) => {
      await insertUser(db, { email: 'taken@example.com', fullName: 'Taken Person', password: DEMO_PASSWORD });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/provider-applications', () => {
  it('creates the account (role user) and a pending application, trimmed, with empty optionals as null', async () => {
    const client = visitor();
    const body = await validBody(client);
    const res = await client.post('/api/provider-applications', body);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const [app] = await ctx.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, res.body.applicationId));
    expect(app).toMatchObject({
      fullName: 'Priya Patel',
      businessNumber: null,
      googleBusinessUrl: null,
      status: 'pending',
      province: 'on',
      emailVerifiedAt: null,
      priceCatalog: [
        { serviceName: 'Deep Cleaning', price: '$120', description: 'Whole home', duration: '3 hours' },
      ],
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ role: 'user', fullName: 'Priya Patel', emailVerifiedAt: null });
    const [doc] = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.filename, String(body.documents[0])));
    expect(doc!.applicationId).toBe(app!.id);
    // The applicant signs in with the chosen password and may read their own document.
    await client.login(body.email, body.password);
    expect((await client.get(`/api/documents/${body.documents[0]}`)).status).toBe(200);
  });

  it('refuses an already registered e-mail with 409', async () => {
    const client = visitor();
    const res = await client.post(
      '/api/provider-applications',
      await validBody(client, { email: 'TAKEN@example.com' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('already registered');
  });

  it('accepts upload mode with a price list instead of rows, and an uploaded profile image', async () => {
    const client = visitor();
    const priceListFile = await upload(client, 'prices.pdf', PDF, 'price_list');
    const profileImage = await upload(client, 'me.png', PNG, 'profile_image');
    const res = await client.post(
      '/api/provider-applications',
      await validBody(client, {
        hasPriceList: true,
        priceCatalog: [],
        priceListFile,
        priceListUrl: priceListFile,
        profileImage,
      }),
    );
    expect(res.status).toBe(201);
    const [app] = await ctx.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, res.body.applicationId));
    expect(app).toMatchObject({ hasPriceList: true, priceListFile, profileImage });
  });

  it('accepts a small image data URL and treats a stock image URL as no image', async () => {
    const client = visitor();
    const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
    const withData = await client.post(
      '/api/provider-applications',
      await validBody(client, { profileImage: dataUrl }),
    );
    expect(withData.status).toBe(201);
    const stock = await client.post(
      '/api/provider-applications',
      await validBody(client, { profileImage: 'https://images.example.com/stock.jpg' }),
    );
    expect(stock.status).toBe(201);
    const notImage = await client.post(
      '/api/provider-applications',
      await validBody(client, { profileImage: `data:image/png;base64,${PDF.toString('base64')}` }),
    );
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe('Upload an image file (JPG, PNG, etc.)');
  });

  it('only takes documents that were uploaded, of the right kind, and not used by another application', async () => {
    const client = visitor();
    const fake = await client.post(
      '/api/provider-applications',
      await validBody(client, { documents: ['0123456789abcdef0123456789abcdef-forged.pdf'] }),
    );
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe('applications.unknown_documents');
    const image = await upload(client, 'me.png', PNG, 'profile_image');
    const wrongKind = await client.post(
      '/api/provider-applications',
      await validBody(client, { documents: [image] }),
    );
    expect(wrongKind.status).toBe(400);
    const first = await validBody(client);
    expect((await client.post('/api/provider-applications', first)).status).toBe(201);
    const reused = await client.post(
      '/api/provider-applications',
      await validBody(client, { documents: first.documents }),
    );
    expect(reused.status).toBe(400);
    const traversal = await client.post(
      '/api/provider-applications',
      await validBody(client, { documents: ['../../etc/passwd'] }),
    );
    expect(traversal.status).toBe(400);
  });

  const rules: [string, Record<string, unknown>, string][] = [
    ['fullName', { fullName: 'P' }, 'Full name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['phone', { phone: '555-0142' }, 'Please enter a valid phone number'],
    [
      'password length',
      { password: 'Ab!def', confirmPassword: 'Ab!def' },
      'Password must be at least 8 characters',
    ],
    [
      'password capital',
      { password: 'maple!syrup42', confirmPassword: 'maple!syrup42' },
      'Password must contain at least 1 capital letter',
    ],
    [
      'password special',
      { password: 'MapleSyrup42', confirmPassword: 'MapleSyrup42' },
      'Password must contain at least 1 special character',
    ],
    ['confirmation', { confirmPassword: 'Maple!Syrup43' }, "Passwords don't match"],
    ['businessName', { businessName: ' X ' }, 'Business name must be at least 2 characters'],
    [
      'googleBusinessUrl',
      { googleBusinessUrl: 'https://example.com/biz' },
      'Please provide a valid Google Business URL',
    ],
    ['city', { city: '' }, 'Please select a city'],
    [
      'servicesDescription',
      { servicesDescription: 'Too short' },
      'Please provide a detailed description (minimum 30 characters)',
    ],
    ['operatingDays', { operatingDays: [] }, 'Please select at least one operating day'],
    ['operatingHours', { operatingHours: '  ' }, 'Please specify your operating hours'],
    ['documents', { documents: [] }, 'At least one document is required'],
    [
      'priceCatalog empty',
      { priceCatalog: [{ serviceName: ' ', price: ' ' }] },
      'At least one service with pricing is required',
    ],
    [
      'row without price',
      { priceCatalog: [{ serviceName: 'Deep Cleaning', price: '' }] },
      'Price is required',
    ],
    ['row without name', { priceCatalog: [{ serviceName: '', price: '100' }] }, 'Service name is required'],
    [
      'unreadable price',
      { priceCatalog: [{ serviceName: 'Deep Cleaning', price: 'call us' }] },
      'Enter a price such as 120 or 120.50',
    ],
    [
      'price list missing',
      { hasPriceList: true, priceCatalog: [] },
      'Upload a price list or add prices manually.',
    ],
    ['terms', { agreedToTerms: false }, 'You must agree to the terms and conditions'],
    ['NUL in text', { businessName: 'Patel\u0000Care' }, 'Text may not contain control characters.'],
  ];
  it.each(rules)('refuses an invalid %s with the spec message', async (_name, override, message) => {
    const client = visitor();
    const res = await client.post('/api/provider-applications', await validBody(client, override));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.message).toContain(message);
  });

  it('accepts Google Maps links and keeps the province default', async () => {
    const client = visitor();
    const body = await validBody(client, { googleBusinessUrl: 'https://www.google.com/maps/place/Patel' });
    delete (body as Record<string, unknown>).province;
    expect((await client.post('/api/provider-applications', body)).status).toBe(201);
  });
});

describe('shared rules', () => {
  it('reads prices as people type them', () => {
    expect(parsePriceToCents('$120')).toBe(12000);
    expect(parsePriceToCents('120.50')).toBe(12050);
    expect(parsePriceToCents('from 80')).toBe(8000);
    expect(parsePriceToCents('CAD 1,200')).toBe(120000);
    expect(parsePriceToCents('80 - 120')).toBe(8000);
    expect(parsePriceToCents('$45/hr')).toBe(4500);
    expect(parsePriceToCents('free')).toBeNull();
    expect(parsePriceToCents('0')).toBeNull();
  });

  it('is the same schema the form uses: empty optional text becomes null', () => {
    const parsed = applicationBodySchema.safeParse({
      fullName: 'Priya Patel',
      email: 'p@example.com',
      phone: '4165550142',
      password: 'Maple!Syrup42',
      confirmPassword: 'Maple!Syrup42',
      businessName: 'Patel Home Care',
      city: 'toronto',
      servicesDescription: 'Deep cleaning, move-out cleaning and weekly home care.',
      operatingDays: ['Friday', 'Monday'],
      documents: ['0123456789abcdef0123456789abcdef-a.pdf'],
      priceCatalog: [{ serviceName: 'Cleaning', price: '100' }],
      agreedToTerms: true,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      province: 'on',
      operatingHours: '9:00 AM - 5:00 PM',
      operatingDays: ['Monday', 'Friday'],
      businessNumber: null,
      priceListFile: null,
    });
  });
});

describe('GET /api/verify-email', () => {
  async function apply() {
    const client = visitor();
    const body = await validBody(client, { businessName: 'Verified Movers' });
    expect((await client.post('/api/provider-applications', body)).status).toBe(201);
    const email = await lastEmailTo(ctx.database.db, body.email);
    expect(email?.kind).toBe('email_verification');
    const link = new URL(email!.link!);
    expect(link.origin + link.pathname).toBe('https://trillium.test/verify-email');
    expect(link.searchParams.get('email')).toBe(body.email);
    return { body, token: link.searchParams.get('token')!, client };
  }

  it('verifies the applicant and the application once, answering the business name', async () => {
    const { body, token, client } = await apply();
    const url = `/api/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(body.email)}`;
    const res = await client.get(url);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      businessName: 'Verified Movers',
      alreadyVerified: false,
      message: expect.stringContaining('Verified'),
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.emailVerifiedAt).not.toBeNull();
    const [app] = await ctx.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.userId, user!.id));
    expect(app!.emailVerifiedAt).not.toBeNull();
    // Opening the link a second time says the address is already verified, not an error.
    const again = await client.get(url);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      businessName: 'Verified Movers',
      alreadyVerified: true,
      message: expect.stringContaining('already verified'),
    });
  });

  it('refuses an expired link after 24 hours', async () => {
    const { body, token, client } = await apply();
    clock.advance(24 * 3_600_000 + 1000);
    try {
      const res = await client.get(
        `/api/verify-email?token=${token}&email=${encodeURIComponent(body.email)}`,
      );
      expect(res.status).toBe(410);
      expect(res.body.message).toContain('expired');
    } finally {
      clock.advance(-(24 * 3_600_000 + 1000));
    }
  });

  it('refuses a missing token, a wrong token and a token for another address', async () => {
    const { token } = await apply();
    const missing = await visitor().get('/api/verify-email?email=x@example.com');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'applications.verification_missing_token',
      message: 'Invalid verification link - missing token.',
    });
    expect(
      (await visitor().get('/api/verify-email?token=nonsense-token-value&email=x@example.com')).status,
    ).toBe(400);
    expect(
      (await visitor().get(`/api/verify-email?token=${token}&email=someone-else@example.com`)).status,
    ).toBe(400);
  });
});

describe('uploads nobody claimed', () => {
  it('are removed with their files 24 hours after upload; files of an application stay', async () => {
    const client = visitor();
    const body = await validBody(client);
    expect((await client.post('/api/provider-applications', body)).status).toBe(201);
    const used = String(body.documents[0]);
    const abandoned = await upload(visitor(), 'never-used.pdf');
    const clean = () =>
      enqueueJob(ctx.database.db, { kind: CLEAN_UPLOADS_JOB, runAt: clock.now() }).then(() =>
        runDueJobs(ctx),
      );
    const exists = async (name: string) => ({
      row: (await ctx.database.db.select().from(documents).where(eq(documents.filename, name))).length,
      file: existsSync(path.join(dataDir, 'uploads', name)),
    });
    // 23 hours later the unclaimed file may still be used.
    clock.advance(23 * 3_600_000);
    try {
      await clean();
      expect(await exists(abandoned)).toEqual({ row: 1, file: true });
      clock.advance(2 * 3_600_000);
      const fresh = await upload(visitor(), 'just-now.pdf');
      await clean();
      expect(await exists(abandoned)).toEqual({ row: 0, file: false });
      expect(await exists(used)).toEqual({ row: 1, file: true });
      expect(await exists(fresh)).toEqual({ row: 1, file: true });
      // An application naming the removed file is refused, not half-made.
      const late = await client.post(
        '/api/provider-applications',
        await validBody(client, { documents: [abandoned] }),
      );
      expect(late.status).toBe(400);
    } finally {
      clock.advance(-25 * 3_600_000);
    }
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import {
  applicationRequests,
  documents,
  providerApplications,
  providers,
  reviewPhotos,
  reviews,
} from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertUser } from '../../src/server/db/seed/factories';
import { CLEAN_UPLOADS_JOB } from '../../src/server/modules/applications/applications.jobs';
import { CLEAN_STRAY_FILES_JOB } from '../../src/server/modules/applications/stray-files';
import { uploadsFolder } from '../../src/server/modules/applications/storage';
import { enqueueJob } from '../../src/server/modules/jobs/jobs.repository';
import { CLEAN_REVIEW_PHOTOS_JOB } from '../../src/server/modules/reviews/reviews.photos';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo, lastEmailTo } from '../support/outbox';
import { at, createReviewWorld, HOUR, MONDAY_7AM, REVIEW, type ReviewWorld } from '../support/reviews';

// Professionals' applications and every upload path, attacked (docs/product.md §8 photos, §11), by a
// hostile review (2026-11-27): the six tests of the first group failed before their fixes; the second
// group's probes held then and guard it now.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
const SCRIPT_TAIL = Buffer.from('<script>alert(document.domain)</script>');
const BOUNDARY = 'TrilliumAttackBoundary';

const clock = fixedClock('2026-11-23T15:00:00Z');
let ctx: TestContext;
let dataDir: string;
let categoryId: number;
let ipCount = 0;
const visitor = () => createClient(ctx, { ip: `10.88.${Math.floor(++ipCount / 200)}.${ipCount % 200}` });
const uploadsDir = () => uploadsFolder(dataDir);
const filesOnDisk = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

async function signedIn(email: string, password = DEMO_PASSWORD) {
  const client = visitor();
  await client.login(email, password);
  return client;
}

function form(files: [Buffer, string, string?][], field = 'files'): FormData {
  const data = new FormData();
  for (const [content, name, type] of files)
    data.append(
      field,
      new Blob([new Uint8Array(content)], { type: type ?? 'application/octet-stream' }),
      name,
    );
  return data;
}

const uploadRaw = (client: Client, files: [Buffer, string, string?][], kind = 'document') =>
  client.post(`/api/documents/upload?kind=${kind}`, form(files));

async function upload(client: Client, name: string, content = PDF, kind = 'document'): Promise<string> {
  const res = await uploadRaw(client, [[content, name]], kind);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.filenames[0];
}

/** One multipart part, written by hand so it can be wrong. */
function part(field: string, filename: string | null, content: Buffer | string, type = 'application/pdf') {
  const name = filename === null ? '' : `; filename="${filename}"`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"${name}\r\n`),
    Buffer.from(`Content-Type: ${type}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
}
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

function postRaw(
  context: TestContext,
  url: string,
  payload: Buffer | string,
  contentType: string,
  cookie?: string,
) {
  return context.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.89.${Math.floor(++ipCount / 200)}.${ipCount % 200}`,
  });
}

let applicants = 0;
async function applicationBody(client: Client, overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Sam Applicant',
    email: `attack.applicant${++applicants}@example.com`,
    phone: '647-555-0199',
    password: 'Maple!Syrup42',
    confirmPassword: 'Maple!Syrup42',
    businessName: `Attack Cleaning ${applicants}`,
    city: 'oakville',
    province: 'on',
    servicesDescription: 'Residential cleaning with eco-friendly products, insured and bonded.',
    operatingDays: ['Monday', 'Wednesday', 'Friday'],
    operatingHours: '9:00 AM - 5:00 PM',
    documents: [await upload(client, 'licence.pdf')],
    priceCatalog: [{ serviceName: 'Standard Clean', price: '$95', duration: '2 hours' }],
    hasPriceList: false,
    agreedToTerms: true,
    profileImage: null,
    ...overrides,
  };
}

/** A professional applies and verifies the e-mail; answers the application, the address and a signed-in client. */
async function apply(overrides: Record<string, unknown> = {}) {
  const client = visitor();
  const body = await applicationBody(client, overrides);
  const res = await client.post('/api/provider-applications', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const link = new URL((await lastEmailTo(ctx.database.db, body.email))!.link!);
  expect((await client.get(`/api/verify-email${link.search}`)).status).toBe(200);
  await client.login(body.email, body.password);
  return { id: res.body.applicationId as number, email: body.email, client, body };
}

const decisionEmails = async (email: string) =>
  (await emailsTo(ctx.database.db, email)).filter((m) => m.kind === 'application_decision');

/** The admin asks the applicant for their insurance (the application then waits for the answer). */
async function askForInsurance(admin: Client, id: number) {
  const asked = await admin.patch(`/api/admin/applications/${id}`, {
    status: 'clarification_needed',
    adminNotes: 'Send your insurance.',
  });
  expect(asked.status).toBe(200);
}

async function sweepStrays(key: string) {
  await enqueueJob(ctx.database.db, { kind: CLEAN_STRAY_FILES_JOB, key, runAt: clock.now() });
  await runDueJobs(ctx);
}

async function cleanUploads(key: string) {
  await enqueueJob(ctx.database.db, { kind: CLEAN_UPLOADS_JOB, key, runAt: clock.now() });
  await runDueJobs(ctx);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-uploads-attack-'));
  ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://trillium.test' },
    seed: async ({ db }) => {
      categoryId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      await insertUser(db, {
        email: 'attack.admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      await insertUser(db, {
        email: 'attack.cara@example.com',
        fullName: 'Cara Customer',
        password: DEMO_PASSWORD,
      });
      await insertUser(db, {
        email: 'attack.dana@example.com',
        fullName: 'Dana Customer',
        password: DEMO_PASSWORD,
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Review photos need a completed booking: a world of their own, on a clock of their own.
const reviewClock = fixedClock(MONDAY_7AM);
let world: ReviewWorld;
beforeAll(async () => {
  world = await createReviewWorld(reviewClock, 'upatk');
});
afterAll(() => world.ctx.close());

/** A 1-bit PNG of `width` x `height` black pixels: a few kilobytes that decode to `width * height` pixels. */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photoForm = (files: [Buffer, string, string?][]) => form(files, 'photos');
const picture = (format: 'jpeg' | 'png' | 'webp', width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    [format]()
    .toBuffer();
const photosOnDisk = () => {
  const dir = uploadsFolder(world.dataDir);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('found by the review, fixed', () => {
  it('a malformed multipart upload (no boundary, cut short, not multipart inside) is a 400, not a 500', async () => {
    const before = filesOnDisk().length;
    const bodies: [string, Buffer | string, string][] = [
      ['no boundary', Buffer.concat([part('files', 'a.pdf', PDF), closing]), 'multipart/form-data'],
      ['cut short after a whole part', part('files', 'a.pdf', PDF), multipartType],
      ['cut short inside a part', part('files', 'a.pdf', PDF).subarray(0, 70), multipartType],
      ['not multipart inside', 'just some text, no boundary anywhere', multipartType],
      [
        'a good file, then the body ends',
        Buffer.concat([part('files', 'a.pdf', PDF), part('files', 'b.pdf', PDF)]).subarray(0, 260),
        multipartType,
      ],
    ];
    const answers: Record<string, number> = {};
    for (const [name, payload, type] of bodies) {
      const res = await postRaw(ctx, '/api/documents/upload', payload, type);
      answers[name] = res.statusCode;
      expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    // Nothing was kept of the broken requests.
    expect({ ...answers, filesLeft: filesOnDisk().length - before }).toEqual({
      'no boundary': 400,
      'cut short after a whole part': 400,
      'cut short inside a part': 400,
      'not multipart inside': 400,
      'a good file, then the body ends': 400,
      filesLeft: 0,
    });
  });

  it('a malformed multipart review photo upload is a 400, not a 500', async () => {
    const client = await world.customer();
    const jpeg = await picture('jpeg');
    const bodies: [string, Buffer | string, string][] = [
      [
        'no boundary',
        Buffer.concat([part('photos', 'a.jpg', jpeg, 'image/jpeg'), closing]),
        'multipart/form-data',
      ],
      ['cut short', part('photos', 'a.jpg', jpeg, 'image/jpeg').subarray(0, 120), multipartType],
      ['not multipart inside', 'no parts at all', multipartType],
    ];
    const answers: Record<string, number> = {};
    for (const [name, payload, type] of bodies) {
      const res = await postRaw(world.ctx, '/api/reviews/photos', payload, type, client.cookie);
      answers[name] = res.statusCode;
      expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect(answers).toEqual({ 'no boundary': 400, 'cut short': 400, 'not multipart inside': 400 });
  });

  it('two admins asking for more information at once: one question, one e-mail', async () => {
    const { id, email } = await apply();
    const admin1 = await signedIn('attack.admin@example.com');
    const admin2 = await signedIn('attack.admin@example.com');
    const [a, b] = await Promise.all([
      admin1.patch(`/api/admin/applications/${id}`, {
        status: 'clarification_needed',
        adminNotes: 'Please send proof of insurance.',
      }),
      admin2.patch(`/api/admin/applications/${id}`, {
        status: 'clarification_needed',
        adminNotes: 'Please send proof of insurance.',
      }),
    ]);
    const asked = await ctx.database.db
      .select()
      .from(applicationRequests)
      .where(eq(applicationRequests.applicationId, id));
    expect({
      statuses: [a.status, b.status].sort(),
      questions: asked.length,
      emails: (await decisionEmails(email)).length,
    }).toEqual({ statuses: [200, 409], questions: 1, emails: 1 });
  });

  it('a document written before the server died, never recorded, is removed by the stray-file sweep a day later', async () => {
    // The state a crash between storage.put and insertDocuments leaves: a private file with no row;
    // and one killed mid-write: a temporary `.part`.
    const orphan = '0123456789abcdef0123456789abcdef-crashed-upload.pdf';
    const partial = '0123456789abcdef0123456789abcdef-half-written.pdf.part';
    writeFileSync(path.join(uploadsDir(), orphan), PDF);
    writeFileSync(path.join(uploadsDir(), partial), PDF.subarray(0, 4));
    const recorded = await upload(visitor(), 'abandoned.pdf');
    try {
      // Sweeps note them; nothing goes before a day has passed and three sweeps found them nameless
      // (an upload could be between its file and its row, and a clock can jump).
      await sweepStrays('crash-orphan-1');
      clock.advance(25 * HOUR);
      await sweepStrays('crash-orphan-2');
      expect([orphan, partial, recorded].map((f) => existsSync(path.join(uploadsDir(), f)))).toEqual([
        true,
        true,
        true,
      ]);
      clock.advance(6 * HOUR);
      await cleanUploads('crash-orphan');
      await sweepStrays('crash-orphan-3');
      // The recorded but unused upload is gone (its own clean-up), and so are the crash's leftovers.
      expect([orphan, partial, recorded].map((f) => existsSync(path.join(uploadsDir(), f)))).toEqual([
        false,
        false,
        false,
      ]);
      // Files rows name are never touched: an application's document is still there.
      const kept = await upload(visitor(), 'kept.pdf');
      await apply({ documents: [kept] });
      for (const n of [4, 5, 6]) {
        await sweepStrays(`crash-orphan-${n}`);
        clock.advance(25 * HOUR);
      }
      expect(existsSync(path.join(uploadsDir(), kept))).toBe(true);
    } finally {
      clock.set('2026-11-23T15:00:00Z');
    }
  });

  it('a review photo written before the server died, never recorded, is removed by the stray-file sweep a day later', async () => {
    const orphan = '0123456789abcdef0123456789abcdef-photo.webp';
    const client = await world.customer();
    const uploaded = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/reviews/photos',
      payload: photoForm([[await picture('jpeg'), 'x.jpg']]),
      headers: { cookie: client.cookie! },
    });
    expect(uploaded.statusCode).toBe(201);
    writeFileSync(path.join(uploadsFolder(world.dataDir), orphan), await picture('webp'));
    const sweep = async (key: string) => {
      await enqueueJob(world.ctx.database.db, { kind: CLEAN_STRAY_FILES_JOB, key, runAt: reviewClock.now() });
      await runDueJobs(world.ctx);
    };
    await sweep('photo-orphan-1');
    reviewClock.advance(25 * HOUR);
    await sweep('photo-orphan-2');
    expect(photosOnDisk()).toContain(orphan);
    reviewClock.advance(6 * HOUR);
    await enqueueJob(world.ctx.database.db, {
      kind: CLEAN_REVIEW_PHOTOS_JOB,
      key: 'crash-orphan',
      runAt: reviewClock.now(),
    });
    await sweep('photo-orphan-3');
    expect(photosOnDisk()).not.toContain(uploaded.json().photos[0].id);
    expect(photosOnDisk()).not.toContain(orphan);
  });

  it('a partner who deletes their account: the listing photo made from their upload goes with them', async () => {
    const image = visitor();
    const profileImage = await upload(image, 'my-face.png', PNG, 'profile_image');
    const { id, client, body } = await apply({ profileImage });
    const admin = await signedIn('attack.admin@example.com');
    const approved = await admin.patch(`/api/admin/applications/${id}`, { status: 'approved', categoryId });
    expect(approved.status).toBe(200);
    const listing = await visitor().get(`/api/providers/${approved.body.providerId}`);
    const photoUrl = listing.body.imageUrl as string;
    expect(photoUrl).toMatch(/^\/api\/provider-photos\/[a-f0-9]{32}-my-face\.png$/);
    expect((await visitor().get(photoUrl)).status).toBe(200);
    const deleted = await client.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: body.password },
    });
    expect(deleted.status).toBe(200);
    // Their own upload went, as the product says...
    expect(existsSync(path.join(uploadsDir(), profileImage))).toBe(false);
    // ...but its public copy is still served to anyone, and its file kept.
    const photoName = photoUrl.split('/').pop()!;
    expect({
      served: (await visitor().get(photoUrl)).status,
      fileKept: existsSync(path.join(uploadsDir(), photoName)),
    }).toEqual({ served: 404, fileKept: false });
  });
});

describe('checked: held before, kept', () => {
  it('a file that lies about its type is refused by its content: HTML or SVG named .pdf/.png/.jpg, zero bytes', async () => {
    const before = filesOnDisk().length;
    const cases: [Buffer, string, string, string][] = [
      [HTML, 'licence.pdf', 'application/pdf', 'document'],
      [SVG, 'logo.png', 'image/png', 'document'],
      [SVG, 'me.jpg', 'image/jpeg', 'profile_image'],
      [HTML, 'prices.xlsx', 'application/vnd.ms-excel', 'price_list'],
      [Buffer.alloc(0), 'empty.pdf', 'application/pdf', 'document'],
      [Buffer.from('%PDF'), 'tiny.png', 'image/png', 'profile_image'],
    ];
    for (const [content, name, type, kind] of cases) {
      const res = await uploadRaw(visitor(), [[content, name, type]], kind);
      expect(res.status, `${name} as ${kind}`).toBe(415);
      expect(res.body.code).toBe('documents.invalid_type');
    }
    expect(filesOnDisk().length).toBe(before);
  });

  it('a PNG header on a script is stored as a PNG and only ever downloaded as an attachment, nosniff, sandboxed', async () => {
    const cara = await signedIn('attack.cara@example.com');
    const polyglot = Buffer.concat([PNG, SCRIPT_TAIL]);
    const name = await upload(cara, 'evil.html', polyglot);
    expect(name).toMatch(/^[a-f0-9]{32}-evil\.png$/);
    const res = await cara.get(`/api/documents/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.raw.rawPayload.equals(polyglot)).toBe(true);
    // A private upload is never a public provider photo.
    expect((await visitor().get(`/api/provider-photos/${name}`)).status).toBe(404);
  });

  it("someone else's document is the same answer as a missing one; guessed, traversing and encoded names never leave the folder", async () => {
    const cara = await signedIn('attack.cara@example.com');
    const dana = await signedIn('attack.dana@example.com');
    const admin = await signedIn('attack.admin@example.com');
    const mine = await upload(cara, 'cara-id.pdf');
    const other = await dana.get(`/api/documents/${mine}`);
    const missing = await dana.get('/api/documents/0123456789abcdef0123456789abcdef-cara-id.pdf');
    expect(other.status).toBe(403);
    expect(other.body).toEqual(missing.body);
    // Same random prefix, another suffix: still nothing.
    const prefix = mine.slice(0, 32);
    expect((await dana.get(`/api/documents/${prefix}-other.pdf`)).status).toBe(403);
    for (const name of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      `${prefix}-..%2F..%2Fpackage.json`,
      `${prefix}-a%2F..%2F..%2Fpackage.json`,
      '%2e%2e%2f%2e%2e%2fpackage.json',
      `${prefix}-x.pdf%00.html`,
      `${mine}.part`,
      'uploads',
    ]) {
      const asAdmin = await admin.get(`/api/documents/${name}`);
      expect(asAdmin.status, name).toBe(404);
      expect(asAdmin.body.code).toBe('documents.not_found');
      expect((await dana.get(`/api/documents/${name}`)).status, name).toBe(403);
    }
    expect((await visitor().get(`/api/documents/${mine}`)).status).toBe(401);
    const read = await admin.get(`/api/documents/${mine}`);
    expect(read.status).toBe(200);
    expect(read.raw.rawPayload.equals(PDF)).toBe(true);
  });

  it('a client file name with folders, dots, quotes and control characters is stored under a safe name', async () => {
    const names = [
      '../../../../tmp/pwned.pdf',
      '..\\..\\windows\\system32\\x.pdf',
      'a"; filename="evil.html',
      'line\r\nContent-Type: text/html.pdf',
      '‥/‥/café.pdf',
      `${'x'.repeat(5000)}.pdf`,
    ];
    const res = await uploadRaw(
      visitor(),
      names.map((n) => [PDF, n] as [Buffer, string]),
    );
    expect(res.status).toBe(201);
    for (const stored of res.body.filenames as string[]) {
      expect(stored).toMatch(/^[a-f0-9]{32}-[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/);
      expect(stored).not.toContain('..');
      expect(existsSync(path.join(uploadsDir(), stored))).toBe(true);
    }
    expect(existsSync('/tmp/pwned.pdf')).toBe(false);
  });

  it('too many files, an oversize one, duplicate fields and a duplicate kind are 4xx and leave nothing behind', async () => {
    const before = filesOnDisk().length;
    const eleven = await uploadRaw(
      visitor(),
      Array.from({ length: 11 }, (_, i) => [PDF, `d${i}.pdf`] as [Buffer, string]),
    );
    expect(eleven.status).toBe(413);
    expect(eleven.body.code).toBe('documents.too_many_files');
    const huge = await uploadRaw(visitor(), [
      [PDF, 'ok.pdf'],
      [Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'huge.pdf'],
    ]);
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('documents.file_too_large');
    const kinds = await visitor().post(
      '/api/documents/upload?kind=document&kind=profile_image',
      form([[PNG, 'a.png']]),
    );
    expect(kinds.status).toBe(400);
    expect(kinds.body.code).toBe('validation_failed');
    // Many text fields: refused with a code, not a crash.
    const fields = await postRaw(
      ctx,
      '/api/documents/upload',
      Buffer.concat([
        ...Array.from({ length: 12 }, (_, i) => part(`note${i}`, null, 'x', 'text/plain')),
        part('files', 'a.pdf', PDF),
        closing,
      ]),
      multipartType,
    );
    expect(fields.statusCode).toBe(413);
    expect(fields.json()).toEqual({ code: 'request.too_large', message: expect.any(String) });
    // A field named like the prototype.
    const proto = await postRaw(
      ctx,
      '/api/documents/upload',
      Buffer.concat([part('__proto__', 'a.pdf', PDF), closing]),
      multipartType,
    );
    expect(proto.statusCode).toBe(400);
    expect(filesOnDisk().length).toBe(before);
    // The same field twice, and both accepted names: every file counted once.
    const both = await postRaw(
      ctx,
      '/api/documents/upload',
      Buffer.concat([
        part('files', 'a.pdf', PDF),
        part('files', 'a.pdf', PDF),
        part('file', 'b.pdf', PDF),
        closing,
      ]),
      multipartType,
    );
    expect(both.statusCode).toBe(201);
    expect(new Set(both.json().filenames).size).toBe(3);
  });

  it('an application re-submitted while pending, after rejection, or by an approved partner is a 409', async () => {
    const admin = await signedIn('attack.admin@example.com');
    const pending = await apply();
    const again = await pending.client.post(
      '/api/provider-applications',
      await applicationBody(visitor(), { email: pending.email }),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('applications.email_taken');

    const rejected = await apply();
    expect(
      (
        await admin.patch(`/api/admin/applications/${rejected.id}`, {
          status: 'rejected',
          adminNotes: 'Licence expired.',
        })
      ).status,
    ).toBe(200);
    const retry = await visitor().post(
      '/api/provider-applications',
      await applicationBody(visitor(), { email: rejected.email.toUpperCase() }),
    );
    expect(retry.status).toBe(409);
    const reply = await rejected.client.post('/api/user/application/reply', {
      message: 'Here is my new licence, please reconsider.',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('applications.nothing_asked');

    const approved = await apply();
    const ok = await admin.patch(`/api/admin/applications/${approved.id}`, {
      status: 'approved',
      categoryId,
    });
    expect(ok.status).toBe(200);
    const second = await visitor().post(
      '/api/provider-applications',
      await applicationBody(visitor(), { email: approved.email }),
    );
    expect(second.status).toBe(409);
    const rows = await ctx.database.db
      .select()
      .from(providers)
      .where(
        eq(
          providers.ownerUserId,
          (
            await ctx.database.db
              .select()
              .from(providerApplications)
              .where(eq(providerApplications.id, approved.id))
          )[0]!.userId,
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it("an application cannot take another applicant's document, a wrong kind, or a forged name", async () => {
    const first = await apply();
    const taken = first.body.documents[0] as string;
    const client = visitor();
    const stolen = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { documents: [taken] }),
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('applications.unknown_documents');
    const image = await upload(client, 'me.png', PNG, 'profile_image');
    const asPriceList = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { hasPriceList: true, priceCatalog: [], priceListFile: image }),
    );
    expect(asPriceList.status).toBe(400);
    expect(asPriceList.body.code).toBe('applications.unknown_price_list');
    const asProfile = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { profileImage: taken }),
    );
    expect(asProfile.status).toBe(400);
    expect(asProfile.body.code).toBe('applications.unknown_profile_image');
    const traversal = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { profileImage: '0123456789abcdef-../../../etc/passwd' }),
    );
    expect(traversal.status).toBe(400);
    // The document stays the first applicant's, readable by them only.
    const [row] = await ctx.database.db.select().from(documents).where(eq(documents.filename, taken));
    expect(row!.applicationId).toBe(first.id);
    expect((await first.client.get(`/api/documents/${taken}`)).status).toBe(200);
  });

  it('a profile image data URL that is SVG, HTML, empty or too big is a 4xx', async () => {
    const client = visitor();
    const svg = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { profileImage: `data:image/svg+xml;base64,${SVG.toString('base64')}` }),
    );
    expect(svg.status).toBe(400);
    expect(svg.body.code).toBe('applications.unknown_profile_image');
    const html = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { profileImage: `data:image/png;base64,${HTML.toString('base64')}` }),
    );
    expect(html.status).toBe(400);
    const empty = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { profileImage: 'data:image/png;base64,' }),
    );
    expect(empty.status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await client.post(
      '/api/provider-applications',
      await applicationBody(client, { profileImage: `data:image/png;base64,${big.toString('base64')}` }),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('applications.profile_image_too_large');
  });

  it('two submissions naming the same documents at once: one application, the other a 4xx', async () => {
    const client = visitor();
    const shared = await upload(client, 'shared.pdf');
    const a = await applicationBody(client, { documents: [shared] });
    const b = await applicationBody(client, { documents: [shared] });
    const [ra, rb] = await Promise.all([
      client.post('/api/provider-applications', a),
      visitor().post('/api/provider-applications', b),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([201, 400]);
    const [row] = await ctx.database.db.select().from(documents).where(eq(documents.filename, shared));
    const winner = ra.status === 201 ? ra : rb;
    expect(row!.applicationId).toBe(winner.body.applicationId);
    const loserEmail = ra.status === 201 ? b.email : a.email;
    expect(await emailsTo(ctx.database.db, loserEmail)).toHaveLength(0);
  });

  it('two submissions with the same e-mail at once: one account, one application, one e-mail', async () => {
    const c1 = visitor();
    const c2 = visitor();
    const a = await applicationBody(c1);
    const b = await applicationBody(c2, { email: a.email });
    const [ra, rb] = await Promise.all([
      c1.post('/api/provider-applications', a),
      c2.post('/api/provider-applications', b),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    expect(await emailsTo(ctx.database.db, a.email)).toHaveLength(1);
    const apps = await ctx.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.email, a.email));
    expect(apps).toHaveLength(1);
  });

  it('two approvals at once, and an approval racing a rejection: one wins, one listing, one e-mail', async () => {
    const admin1 = await signedIn('attack.admin@example.com');
    const admin2 = await signedIn('attack.admin@example.com');
    const image = visitor();
    const profileImage = await upload(image, 'me.png', PNG, 'profile_image');
    const twice = await apply({ profileImage });
    const [a, b] = await Promise.all([
      admin1.patch(`/api/admin/applications/${twice.id}`, { status: 'approved', categoryId }),
      admin2.patch(`/api/admin/applications/${twice.id}`, { status: 'approved', categoryId }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [app] = await ctx.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, twice.id));
    expect(
      await ctx.database.db.select().from(providers).where(eq(providers.ownerUserId, app!.userId)),
    ).toHaveLength(1);
    expect(await decisionEmails(twice.email)).toHaveLength(1);
    const photos = await ctx.database.db.select().from(documents).where(eq(documents.kind, 'provider_photo'));
    expect(photos.filter((p) => p.originalName === 'me.png')).toHaveLength(1);

    const raced = await apply();
    const [approve, reject] = await Promise.all([
      admin1.patch(`/api/admin/applications/${raced.id}`, { status: 'approved', categoryId }),
      admin2.patch(`/api/admin/applications/${raced.id}`, { status: 'rejected', adminNotes: 'No licence.' }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    expect(await decisionEmails(raced.email)).toHaveLength(1);
  });

  it('an answer sent twice at once goes back to review once', async () => {
    const admin = await signedIn('attack.admin@example.com');
    const { id, client } = await apply();
    await askForInsurance(admin, id);
    const proof = await upload(client, 'insurance.pdf');
    const [a, b] = await Promise.all([
      client.post('/api/user/application/reply', {
        message: 'Attached is my insurance.',
        documents: [proof],
      }),
      client.post('/api/user/application/reply', {
        message: 'Attached is my insurance.',
        documents: [proof],
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [app] = await ctx.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, id));
    expect(app!.status).toBe('pending');
    expect(app!.documents.filter((d) => d === proof)).toHaveLength(1);
    // Back in review: nothing is left to answer.
    expect(
      (await client.post('/api/user/application/reply', { message: 'And one more thing here.' })).status,
    ).toBe(409);
  });

  it('a row whose file is gone: download is a 404 and approval falls back to the category image', async () => {
    const image = visitor();
    const profileImage = await upload(image, 'me.png', PNG, 'profile_image');
    const { id, client, body } = await apply({ profileImage });
    const doc = body.documents[0] as string;
    rmSync(path.join(uploadsDir(), doc));
    rmSync(path.join(uploadsDir(), profileImage));
    const read = await client.get(`/api/documents/${doc}`);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('documents.not_found');
    const admin = await signedIn('attack.admin@example.com');
    expect((await admin.get(`/api/documents/${doc}`)).status).toBe(404);
    const approved = await admin.patch(`/api/admin/applications/${id}`, { status: 'approved', categoryId });
    expect(approved.status).toBe(200);
    const listing = await visitor().get(`/api/providers/${approved.body.providerId}`);
    expect(listing.body.imageUrl).toBe('/images/providers/home-cleaning-1.svg');
  });

  it('the clean-up follows the injected clock: 23 hours keeps an unused upload, 25 hours removes it and its file', async () => {
    const abandoned = await upload(visitor(), 'later.pdf');
    const { body } = await apply();
    const used = body.documents[0] as string;
    clock.advance(23 * HOUR);
    try {
      await cleanUploads('t23');
      expect(existsSync(path.join(uploadsDir(), abandoned))).toBe(true);
      clock.advance(2 * HOUR);
      await cleanUploads('t25');
      expect(existsSync(path.join(uploadsDir(), abandoned))).toBe(false);
      expect(
        await ctx.database.db.select().from(documents).where(eq(documents.filename, abandoned)),
      ).toHaveLength(0);
      expect(existsSync(path.join(uploadsDir(), used))).toBe(true);
    } finally {
      clock.advance(-25 * HOUR);
    }
  });

  it('an answer or an application racing the upload clean-up: either it keeps its document or it is refused whole', async () => {
    let admin = await signedIn('attack.admin@example.com');
    const { id, client, email } = await apply();
    await askForInsurance(admin, id);
    const proof = await upload(client, 'insurance.pdf');
    const applicant = visitor();
    const body = await applicationBody(applicant);
    const licence = body.documents[0] as string;
    clock.advance(25 * HOUR);
    try {
      // A day later both sign in again.
      await client.login(email, 'Maple!Syrup42');
      admin = await signedIn('attack.admin@example.com');
      await enqueueJob(ctx.database.db, { kind: CLEAN_UPLOADS_JOB, key: 'race', runAt: clock.now() });
      const [answered, applied, ran] = await Promise.all([
        client.post('/api/user/application/reply', {
          message: 'Attached is my insurance.',
          documents: [proof],
        }),
        applicant.post('/api/provider-applications', body),
        runDueJobs(ctx),
      ]);
      expect(ran).toBeGreaterThan(0);
      const [app] = await ctx.database.db
        .select()
        .from(providerApplications)
        .where(eq(providerApplications.id, id));
      if (answered.status === 200) {
        expect(app!.status).toBe('pending');
        expect(existsSync(path.join(uploadsDir(), proof))).toBe(true);
        expect((await admin.get(`/api/documents/${proof}`)).status).toBe(200);
      } else {
        expect(answered.status).toBe(400);
        expect(answered.body.code).toBe('applications.unknown_documents');
        expect(app!.status).toBe('clarification_needed');
        expect(existsSync(path.join(uploadsDir(), proof))).toBe(false);
      }
      if (applied.status === 201) {
        expect(existsSync(path.join(uploadsDir(), licence))).toBe(true);
        expect((await admin.get(`/api/documents/${licence}`)).status).toBe(200);
      } else {
        expect(applied.status).toBe(400);
        expect(existsSync(path.join(uploadsDir(), licence))).toBe(false);
        expect(
          await ctx.database.db
            .select()
            .from(providerApplications)
            .where(eq(providerApplications.email, body.email)),
        ).toHaveLength(0);
      }
    } finally {
      clock.advance(-25 * HOUR);
    }
  });

  it('review photos that lie: SVG, HTML, a PNG header on a script, a truncated JPEG, a pixel bomb', async () => {
    const client = await world.customer();
    const jpeg = await picture('jpeg', 800, 600);
    const bomb = pixelBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const refused: [Buffer, string][] = [
      [SVG, 'a.jpg'],
      [HTML, 'b.png'],
      [Buffer.concat([PNG.subarray(0, 16), SCRIPT_TAIL]), 'c.png'],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'd.jpg'],
      [bomb, 'e.png'],
      [Buffer.alloc(0), 'f.jpg'],
    ];
    for (const [content, name] of refused) {
      const res = await client.post('/api/reviews/photos', photoForm([[content, name]]));
      expect(res.status, name).toBe(415);
      expect(res.body.code).toBe('reviews.photo_type');
    }
    // A real PNG with a script behind it: re-encoded, nothing of the script is kept or served.
    const polyglot = Buffer.concat([await picture('png'), SCRIPT_TAIL]);
    const ok = await client.post('/api/reviews/photos', photoForm([[polyglot, 'poly.png']]));
    expect(ok.status).toBe(201);
    const [photo] = ok.body.photos;
    const bookingId = await world.completedBooking(client, at(10, '2026-11-26'));
    expect(
      (await client.post(`/api/bookings/${bookingId}/review`, { ...REVIEW, photos: [photo.id] })).status,
    ).toBe(201);
    const served = await world.anyone.get(photo.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.raw.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(served.raw.rawPayload).metadata()).format).toBe('webp');
  });

  it("a review cannot name someone else's photo, a document, or a guessed name; photo names never traverse", async () => {
    const author = await world.customer();
    const stranger = await world.customer();
    const theirs = (await stranger.post('/api/reviews/photos', photoForm([[await picture('jpeg'), 's.jpg']])))
      .body.photos[0].id as string;
    const bookingId = await world.completedBooking(author, at(11, '2026-11-26'));
    for (const photos of [
      [theirs],
      ['0123456789abcdef0123456789abcdef-photo.webp'],
      ['../../x-photo.webp'],
    ]) {
      const res = await author.post(`/api/bookings/${bookingId}/review`, { ...REVIEW, photos });
      expect(res.status).toBe(400);
    }
    // The stranger's photo is still theirs to use, and not public.
    const [row] = await world.ctx.database.db
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.filename, theirs));
    expect(row!.reviewId).toBeNull();
    expect((await world.anyone.get(`/api/review-photos/${theirs}`)).status).toBe(404);
    for (const name of ['..%2F..%2Fpackage.json', `${theirs.slice(0, 32)}-photo.webp%00`, 'photo.webp'])
      expect((await world.anyone.get(`/api/review-photos/${name}`)).status, name).toBe(404);
    // A review made after that still works with the author's own photos.
    const own = (await author.post('/api/reviews/photos', photoForm([[await picture('jpeg'), 'o.jpg']]))).body
      .photos[0].id as string;
    expect(
      (await author.post(`/api/bookings/${bookingId}/review`, { ...REVIEW, photos: [own] })).status,
    ).toBe(201);
  });

  it('a review saved while the photo clean-up runs: whichever goes first, no review points at a removed file', async () => {
    const early = await world.customer();
    const late = await world.customer();
    const earlyBooking = await world.completedBooking(early, at(13, '2026-11-26'));
    const lateBooking = await world.completedBooking(late, at(14, '2026-11-26'));
    const mine = (await early.post('/api/reviews/photos', photoForm([[await picture('jpeg'), 'a.jpg']]))).body
      .photos[0].id as string;
    const theirs = (await late.post('/api/reviews/photos', photoForm([[await picture('jpeg'), 'b.jpg']])))
      .body.photos[0].id as string;
    reviewClock.advance(25 * HOUR);
    await enqueueJob(world.ctx.database.db, {
      kind: CLEAN_REVIEW_PHOTOS_JOB,
      key: 'race',
      runAt: reviewClock.now(),
    });
    const [made, ran] = await Promise.all([
      early.post(`/api/bookings/${earlyBooking}/review`, { ...REVIEW, photos: [mine] }),
      runDueJobs(world.ctx),
    ]);
    expect(ran).toBeGreaterThan(0);
    if (made.status === 201) {
      expect(photosOnDisk()).toContain(mine);
      expect((await world.anyone.get(`/api/review-photos/${mine}`)).status).toBe(200);
    } else {
      expect(made.status).toBe(400);
      expect(photosOnDisk()).not.toContain(mine);
    }
    // The other photo was never named: it is gone, and a review naming it now is refused whole.
    expect(photosOnDisk()).not.toContain(theirs);
    const refused = await late.post(`/api/bookings/${lateBooking}/review`, { ...REVIEW, photos: [theirs] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('reviews.unknown_photo');
    expect(
      await world.ctx.database.db.select().from(reviews).where(eq(reviews.bookingId, lateBooking)),
    ).toHaveLength(0);
  });

  it('more than four photos in one upload, or an oversize one, leaves nothing behind', async () => {
    const client = await world.customer();
    const before = photosOnDisk().length;
    const jpeg = await picture('jpeg');
    const five = await client.post(
      '/api/reviews/photos',
      photoForm([1, 2, 3, 4, 5].map((n) => [jpeg, `p${n}.jpg`] as [Buffer, string])),
    );
    expect(five.status).toBe(400);
    expect(five.body.code).toBe('reviews.too_many_photos');
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await client.post(
      '/api/reviews/photos',
      photoForm([
        [jpeg, 'ok.jpg'],
        [big, 'big.jpg'],
      ]),
    );
    expect(tooBig.status).toBe(413);
    expect(photosOnDisk().length).toBe(before);
  });
});

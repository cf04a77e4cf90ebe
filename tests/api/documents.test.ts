import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';

/** Real file beginnings: the server decides by these bytes, never by the name or the declared type. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);

/** A minimal stored (uncompressed) zip with the given entries: enough for Office files. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
const contentTypes = (main: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/x" ContentType="${main}"/></Types>`;
const DOCX = zip({
  '[Content_Types].xml': contentTypes(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  ),
  'word/document.xml': '<w:document/>',
});
const XLSX = zip({
  '[Content_Types].xml': contentTypes(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  ),
  'xl/workbook.xml': '<workbook/>',
});

function form(files: [Buffer, string, string?][]): FormData {
  const data = new FormData();
  for (const [content, name, type] of files) {
    data.append(
      'files',
      new Blob([new Uint8Array(content)], { type: type ?? 'application/octet-stream' }),
      name,
    );
  }
  return data;
}

let ctx: TestContext;
let dataDir: string;
let ipCounter = 0;
const visitor = () => createClient(ctx, { ip: `10.40.0.${++ipCounter}` });

async function upload(client: Client, files: [Buffer, string, string?][], kind?: string) {
  return client.post(`/api/documents/upload${kind ? `?kind=${kind}` : ''}`, form(files));
}

async function signedIn(email: string) {
  const client = visitor();
  await client.login(email, DEMO_PASSWORD);
  return client;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-docs-'));
  ctx = await createTestApp({
    env: { DATA_DIR: dataDir },
    seed: async ({ db }) => {
      await insertUser(db, {
        email: 'admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      await insertUser(db, { email: 'cara@example.com', fullName: 'Cara Customer', password: DEMO_PASSWORD });
      await insertUser(db, { email: 'dana@example.com', fullName: 'Dana Customer', password: DEMO_PASSWORD });
      await insertUser(db, {
        email: 'pat@example.com',
        fullName: 'Pat Partner',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/documents/upload', () => {
  it('stores accepted documents under a random prefix and a sanitised name, and records them', async () => {
    const res = await upload(visitor(), [
      [PDF, 'Business Licence.pdf', 'application/pdf'],
      [PNG, 'photo.png', 'image/png'],
      [DOCX, 'insurance.docx'],
      [OLE, 'old-form.doc'],
      [
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, ...Buffer.alloc(64)]),
        'scan.jpeg',
      ],
    ]);
    expect(res.status).toBe(201);
    const names: string[] = res.body.filenames;
    expect(names).toHaveLength(5);
    expect(names[0]).toMatch(/^[a-f0-9]{32}-Business-Licence\.pdf$/);
    expect(names[2]).toMatch(/-insurance\.docx$/);
    expect(names[3]).toMatch(/-old-form\.doc$/);
    expect(names[4]).toMatch(/-scan\.jpg$/);
    const rows = await ctx.database.db.select().from(documents).where(eq(documents.filename, names[0]!));
    expect(rows[0]).toMatchObject({ kind: 'document', mimeType: 'application/pdf', uploadedByUserId: null });
    expect(rows[0]!.originalName).toBe('Business Licence.pdf');
    expect(readdirSync(path.join(dataDir, 'uploads'))).toEqual(expect.arrayContaining(names));
  });

  it('refuses a disguised executable and an HTML page, whatever their name and declared type', async () => {
    const exe = await upload(visitor(), [[EXE, 'invoice.pdf', 'application/pdf']]);
    expect(exe.status).toBe(415);
    expect(exe.body.code).toBe('documents.invalid_type');
    const html = await upload(visitor(), [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'],
    ]);
    expect(html.status).toBe(415);
  });

  it('refuses the whole request when one file is bad, leaving nothing behind', async () => {
    const before = readdirSync(path.join(dataDir, 'uploads')).length;
    const res = await upload(visitor(), [
      [PDF, 'fine.pdf'],
      [EXE, 'setup.exe'],
    ]);
    expect(res.status).toBe(415);
    expect(readdirSync(path.join(dataDir, 'uploads')).length).toBe(before);
  });

  it('refuses a document over 10 MB with the spec wording', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(visitor(), [[big, 'huge.pdf', 'application/pdf']]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'documents.file_too_large',
      message: 'huge.pdf is too large. Maximum size is 10MB.',
    });
  });

  it('refuses an oversize document the same way over a real connection', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await fetch(`${address}/api/documents/upload`, {
      method: 'POST',
      body: form([
        [PDF, 'first.pdf'],
        [big, 'huge.pdf'],
      ]),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'documents.file_too_large',
      message: 'huge.pdf is too large. Maximum size is 10MB.',
    });
  });

  it('refuses more than 10 files in one request', async () => {
    const files = Array.from({ length: 11 }, (_, i) => [PDF, `doc${i}.pdf`] as [Buffer, string]);
    const res = await upload(visitor(), files);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('documents.too_many_files');
    const ten = await upload(visitor(), files.slice(0, 10));
    expect(ten.status).toBe(201);
  });

  it('keeps a path-traversal name inside the uploads folder', async () => {
    const res = await upload(visitor(), [[PDF, '../../../etc/passwd.pdf']]);
    expect(res.status).toBe(201);
    expect(res.body.filenames[0]).toMatch(/^[a-f0-9]{32}-passwd\.pdf$/);
    const dots = await upload(visitor(), [[PDF, '..\\..\\.hidden']]);
    expect(dots.status).toBe(201);
    // A dot-file has no name of its own left: it is stored as `file` with its real extension.
    expect(dots.body.filenames[0]).toMatch(/^[a-f0-9]{32}-file\.pdf$/);
  });

  it('applies the profile image and price list rules', async () => {
    const bigImage = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(visitor(), [[bigImage, 'me.png']], 'profile_image');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Profile image must be less than 5MB.');
    const notImage = await upload(visitor(), [[PDF, 'me.pdf']], 'profile_image');
    expect(notImage.status).toBe(415);
    expect(notImage.body.message).toBe('Upload an image file (JPG, PNG, etc.)');
    expect((await upload(visitor(), [[PNG, 'me.png']], 'profile_image')).status).toBe(201);

    expect((await upload(visitor(), [[XLSX, 'prices.xlsx']], 'price_list')).status).toBe(201);
    expect((await upload(visitor(), [[OLE, 'prices.xls']], 'price_list')).body.filenames[0]).toMatch(
      /\.xls$/,
    );
    const docx = await upload(visitor(), [[DOCX, 'prices.docx']], 'price_list');
    expect(docx.status).toBe(415);
    expect(docx.body.message).toBe('Please upload PDF, Excel, or Image files only.');
    const bigList = await upload(
      visitor(),
      [[Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'p.pdf']],
      'price_list',
    );
    expect(bigList.status).toBe(413);
    expect(bigList.body.message).toBe('Price list must be less than 10MB.');
    expect((await upload(visitor(), [[PDF, 'p.pdf']], 'nonsense')).status).toBe(400);
  });

  it('refuses a request that is not multipart or has no files', async () => {
    expect((await visitor().post('/api/documents/upload', { files: ['x'] })).status).toBe(415);
    const empty = new FormData();
    empty.append('note', 'hello');
    const res = await visitor().post('/api/documents/upload', empty);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('documents.no_files');
  });
});

describe('rate limit', () => {
  it('limits uploads from one address', async () => {
    const same = createClient(ctx, { ip: '10.41.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(same, [[PDF, `n${i}.pdf`]])).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('GET /api/documents/:filename', () => {
  let mine: string;

  beforeAll(async () => {
    const cara = await signedIn('cara@example.com');
    const res = await upload(cara, [[PDF, 'cara.pdf']]);
    mine = res.body.filenames[0];
  });

  it('answers 401 signed out and 403 to anyone but the uploader and admins', async () => {
    expect((await visitor().get(`/api/documents/${mine}`)).status).toBe(401);
    expect((await (await signedIn('dana@example.com')).get(`/api/documents/${mine}`)).status).toBe(403);
    expect((await (await signedIn('pat@example.com')).get(`/api/documents/${mine}`)).status).toBe(403);
    // An unknown name is the same 403 for non-admins: existence is not revealed.
    expect(
      (
        await (
          await signedIn('dana@example.com')
        ).get('/api/documents/0123456789abcdef0123456789abcdef-x.pdf')
      ).status,
    ).toBe(403);
  });

  it('streams the file as an attachment with its stored type to the uploader and to admins', async () => {
    for (const email of ['cara@example.com', 'admin@example.com']) {
      const res = await (await signedIn(email)).get(`/api/documents/${mine}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${mine}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.raw.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('never resolves a name outside the uploads folder', async () => {
    const admin = await signedIn('admin@example.com');
    for (const name of ['..%2F..%2Fpackage.json', '..%2Fpglite', '%2Fetc%2Fpasswd', 'package.json']) {
      const res = await admin.get(`/api/documents/${name}`);
      expect(res.status).toBe(404);
    }
    expect((await admin.get('/api/documents/0123456789abcdef0123456789abcdef-none.pdf')).status).toBe(404);
  });

  it('serves no private upload as a public provider photo', async () => {
    expect((await visitor().get(`/api/provider-photos/${mine}`)).status).toBe(404);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { uploadsFolder } from '../../src/server/modules/applications/storage';
import { enqueueJob } from '../../src/server/modules/jobs/jobs.repository';
import { CLEAN_REVIEW_PHOTOS_JOB } from '../../src/server/modules/reviews/reviews.photos';
import type { Customer } from '../support/api-booking';
import type { Client } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { at, createReviewWorld, HOUR, MONDAY_7AM, REVIEW, type ReviewWorld } from '../support/reviews';

// Issue "Verified reviews": up to 4 photos, JPEG, PNG or WebP by content, 5 MB each, re-encoded as WebP
// at most 1600 px with the EXIF (and its GPS position) gone, served publicly while the review is shown.

const clock = fixedClock(MONDAY_7AM);
let world: ReviewWorld;
let gpsJpeg: Buffer;

function form(files: [Buffer, string, string?][]): FormData {
  const data = new FormData();
  for (const [content, name, type] of files)
    data.append('photos', new Blob([new Uint8Array(content)], { type: type ?? 'image/jpeg' }), name);
  return data;
}
const upload = (client: Client, files: [Buffer, string, string?][]) =>
  client.post('/api/reviews/photos', form(files));

const picture = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 80 } } })
    [format]()
    .toBuffer();

beforeAll(async () => {
  world = await createReviewWorld(clock, 'photos');
  // A phone photo: 4000 x 3000 with the GPS position of someone's home in its EXIF.
  gpsJpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#a05030' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 39/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 23/1 5678/100',
      },
    })
    .toBuffer();
  // The EXIF really is there (with its GPS block: tag 0x8825 points to it).
  const exif = (await sharp(gpsJpeg).metadata()).exif!;
  expect(exif.includes(Buffer.from('Camera'))).toBe(true);
  expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
});
afterAll(() => world.ctx.close());

async function reviewWithPhotos(client: Customer, photos: string[], hour: number) {
  const bookingId = await world.completedBooking(client, at(hour, '2026-11-25'));
  return client.post(`/api/bookings/${bookingId}/review`, { ...REVIEW, photos });
}

describe('uploading review photos', () => {
  it('re-encodes a phone photo as WebP: no EXIF, at most 1600 px; the review shows it', async () => {
    const client = await world.customer();
    const uploaded = await upload(client, [[gpsJpeg, 'IMG_0001.jpg']]);
    expect(uploaded.status).toBe(201);
    const [photo] = uploaded.body.photos;
    expect(photo.id).toMatch(/^[a-f0-9]{32}-photo\.webp$/);
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1600, height: 1200 });

    const stored = await sharp(path.join(uploadsFolder(world.dataDir), photo.id)).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(Math.max(stored.width!, stored.height!)).toBeLessThanOrEqual(1600);

    // Not public until a review uses it.
    expect((await world.anyone.get(photo.url)).status).toBe(404);
    const made = await reviewWithPhotos(client, [photo.id], 10);
    expect(made.status).toBe(201);
    expect(made.body.photos).toEqual([photo.url]);
    const listed = (await world.anyone.get(`/api/providers/${world.providerId}/reviews`)).body[0];
    expect(listed.photos).toEqual([photo.url]);

    const served = await world.anyone.get(photo.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const body = served.raw.rawPayload;
    const meta = await sharp(body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1600);
    expect(body.includes(Buffer.from('Camera'))).toBe(false);
    expect(body.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('takes PNG and WebP; refuses a disguised executable, a GIF, a fifth photo and a 6 MB file', async () => {
    const client = await world.customer();
    const ok = await upload(client, [
      [await picture('png'), 'a.png', 'image/png'],
      [await picture('webp'), 'b.webp', 'image/webp'],
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.photos).toHaveLength(2);

    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 7)]);
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(62),
      Buffer.from('PE\0\0'),
      Buffer.alloc(4096, 1),
    ]);
    for (const fake of [elf, exe]) {
      const refused = await upload(client, [[fake, 'holiday.jpg', 'image/jpeg']]);
      expect(refused.status).toBe(415);
      expect(refused.body.code).toBe('reviews.photo_type');
    }
    const gif = await upload(client, [[await picture('gif'), 'funny.gif', 'image/gif']]);
    expect(gif.body.code).toBe('reviews.photo_type');
    // A JPEG's first bytes with nothing a decoder can read behind them.
    const broken = await upload(client, [
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 9)]), 'x.jpg'],
    ]);
    expect(broken.status).toBe(415);

    const small = await picture('jpeg');
    const five = await upload(
      client,
      [1, 2, 3, 4, 5].map((n) => [small, `p${n}.jpg`] as [Buffer, string]),
    );
    expect(five.status).toBe(400);
    expect(five.body.code).toBe('reviews.too_many_photos');

    const big = Buffer.concat([small, Buffer.alloc(6 * 1024 * 1024 - small.length, 0)]);
    const tooBig = await upload(client, [[big, 'huge.jpg']]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('reviews.photo_too_large');

    expect((await client.post('/api/reviews/photos', { photos: [] })).body.code).toBe(
      'reviews.not_multipart',
    );
    expect((await world.anyone.post('/api/reviews/photos', form([[small, 'a.jpg']]))).status).toBe(401);
  });

  it("a review names at most 4 photos, only its author's unused uploads", async () => {
    const client = await world.customer();
    const stranger = await world.customer();
    const small = await picture('jpeg');
    const mine = (
      await upload(
        client,
        [1, 2, 3, 4].map((n) => [small, `p${n}.jpg`] as [Buffer, string]),
      )
    ).body.photos as { id: string }[];
    const theirs = (await upload(stranger, [[small, 's.jpg']])).body.photos as { id: string }[];
    const ids = mine.map((p) => p.id);

    const bookingId = await world.completedBooking(client, at(12, '2026-11-25'));
    const fifth = await client.post(`/api/bookings/${bookingId}/review`, {
      ...REVIEW,
      photos: [...ids, ids[0]],
    });
    expect(fifth.status).toBe(400);
    const withStrangers = await client.post(`/api/bookings/${bookingId}/review`, {
      ...REVIEW,
      photos: [ids[0], theirs[0]!.id],
    });
    expect(withStrangers.status).toBe(400);
    expect(withStrangers.body.code).toBe('reviews.unknown_photo');
    const forged = await client.post(`/api/bookings/${bookingId}/review`, {
      ...REVIEW,
      photos: ['../../etc/passwd'],
    });
    expect(forged.status).toBe(400);
    // Nothing was written: the booking can still be reviewed, with its own four photos in order.
    const made = await client.post(`/api/bookings/${bookingId}/review`, { ...REVIEW, photos: ids });
    expect(made.status).toBe(201);
    expect(made.body.photos).toEqual(ids.map((id) => `/api/review-photos/${id}`));
  });

  it("a hidden review's photos leave the public; unclaimed uploads are removed after a day", async () => {
    const client = await world.customer();
    const [photo] = (await upload(client, [[await picture('jpeg'), 'x.jpg']])).body.photos;
    const made = await reviewWithPhotos(client, [photo.id], 14);
    expect(made.status).toBe(201);
    expect((await world.anyone.get(photo.url)).status).toBe(200);
    const reporter = await world.customer();
    await reporter.post(`/api/reviews/${made.body.id}/report`, { reason: "Shows a neighbour's house." });
    const hidden = await world.admin.post(`/api/admin/reviews/${made.body.id}/hide`, {
      reason: 'Private place.',
    });
    expect(hidden.status).toBe(200);
    expect((await world.anyone.get(photo.url)).status).toBe(404);
    expect((await reporter.get(photo.url)).status).toBe(404);
    const forAdmin = await world.admin.get(photo.url);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers['cache-control']).toBe('private, no-store');

    const [unused] = (await upload(client, [[await picture('jpeg'), 'later.jpg']])).body.photos;
    const file = path.join(uploadsFolder(world.dataDir), unused.id);
    expect(existsSync(file)).toBe(true);
    await enqueueJob(world.ctx.database.db, { kind: CLEAN_REVIEW_PHOTOS_JOB, runAt: clock.now() });
    await runDueJobs(world.ctx);
    expect(existsSync(file)).toBe(true);
    clock.advance(25 * HOUR);
    await enqueueJob(world.ctx.database.db, {
      kind: CLEAN_REVIEW_PHOTOS_JOB,
      key: 'again',
      runAt: clock.now(),
    });
    await runDueJobs(world.ctx);
    expect(existsSync(file)).toBe(false);
    // A photo that belongs to a review stays.
    expect(existsSync(path.join(uploadsFolder(world.dataDir), photo.id))).toBe(true);
  });
});

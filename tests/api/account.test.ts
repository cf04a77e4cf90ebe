import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo, lastEmailTo } from '../support/outbox';

let ctx: TestContext;
let n = 0;
const strong = 'Maple!Syrup42';

/** A new customer, signed in from their own address. */
async function newCustomer() {
  const email = `customer${++n}@example.com`;
  await insertUser(ctx.database.db, { email, fullName: `Customer Number${n}`, password: DEMO_PASSWORD });
  const client = createClient(ctx, { ip: `10.2.0.${n}` });
  await client.login(email, DEMO_PASSWORD);
  return { client, email };
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: { PUBLIC_URL: 'https://trillium.test', SUPPORT_EMAIL: 'help@trillium.test' },
    seed: async ({ db }) => {
      await insertUser(db, {
        email: 'admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      await insertUser(db, { email: 'taken@example.com', fullName: 'Taken Person', password: DEMO_PASSWORD });
    },
  });
});
afterAll(() => ctx.close());

describe('signed-out calls', () => {
  it.each([
    ['PUT', '/api/user/profile'],
    ['PUT', '/api/user/address'],
    ['PUT', '/api/user/change-password'],
    ['GET', '/api/user/preferences'],
    ['PUT', '/api/user/preferences'],
    ['POST', '/api/support/contact'],
    ['POST', '/api/test/email'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await createClient(ctx).request({ method, url, body: {} });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.required');
  });
});

describe('profile', () => {
  it('updates name and phone and answers the user', async () => {
    const { client, email } = await newCustomer();
    const res = await client.put('/api/user/profile', { fullName: 'Renamed Person', email, phone: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullName: 'Renamed Person', email, phone: null });
    expect((await client.get('/api/user')).body.fullName).toBe('Renamed Person');
  });

  it('never changes the e-mail with a session alone (attack: a stolen session taking over the account)', async () => {
    const { client, email } = await newCustomer();
    for (const other of ['attacker@example.com', 'TAKEN@example.com']) {
      const res = await client.put('/api/user/profile', { fullName: 'Some Body', email: other });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('account.email_change_needs_password');
    }
    expect((await client.get('/api/user')).body).toMatchObject({ email, emailVerified: true });
  });

  it.each([
    [{ fullName: 'A' }, 'Full name must be at least 2 characters'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
  ])('refuses %o', async (override, message) => {
    const { client, email } = await newCustomer();
    const res = await client.put('/api/user/profile', { fullName: 'Valid Name', email, ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('never lets a client change its role', async () => {
    const { client, email } = await newCustomer();
    const res = await client.put('/api/user/profile', { fullName: 'Valid Name', email, role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('user');
  });
});

const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token')!;

describe('changing the e-mail address', () => {
  it('needs the password, sends a link to the new address and a notice to the old, and changes on confirm', async () => {
    const { client, email } = await newCustomer();
    const wrong = await client.post('/api/user/email-change', {
      newEmail: 'new.home@example.com',
      currentPassword: 'Wrong!Pass1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('auth.wrong_current_password');
    const taken = await client.post('/api/user/email-change', {
      newEmail: 'taken@example.com',
      currentPassword: DEMO_PASSWORD,
    });
    expect(taken.status).toBe(409);
    const same = await client.post('/api/user/email-change', {
      newEmail: email.toUpperCase(),
      currentPassword: DEMO_PASSWORD,
    });
    expect(same.body.code).toBe('account.same_email');

    const asked = await client.post('/api/user/email-change', {
      newEmail: 'new.home@example.com',
      currentPassword: DEMO_PASSWORD,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ pendingEmail: 'new.home@example.com' });
    expect((await client.get('/api/user/email-change')).body).toEqual({
      pendingEmail: 'new.home@example.com',
    });
    // Nothing changes until the new address confirms.
    expect((await client.get('/api/user')).body.email).toBe(email);
    const confirmMail = await lastEmailTo(ctx.database.db, 'new.home@example.com');
    expect(confirmMail?.kind).toBe('email_change_confirm');
    expect(confirmMail?.link).toMatch(/^https:\/\/trillium\.test\/account\/email-change\/confirm\?token=/);
    const notice = await lastEmailTo(ctx.database.db, email);
    expect(notice?.kind).toBe('email_change_notice');
    expect(notice?.textBody).toContain('new.home@example.com');

    const anon = createClient(ctx, { ip: '10.2.9.1' });
    const confirmed = await anon.post('/api/user/email-change/confirm', {
      token: tokenOf(confirmMail?.link),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe('new.home@example.com');
    expect((await client.get('/api/user')).body).toMatchObject({
      email: 'new.home@example.com',
      emailVerified: true,
    });
    const again = await anon.post('/api/user/email-change/confirm', { token: tokenOf(confirmMail?.link) });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('account.email_change_link_invalid');
    expect((await client.get('/api/user/email-change')).body).toEqual({ pendingEmail: null });
  });

  it('"this wasn\'t me" puts the old address back and signs every device out', async () => {
    const { client, email } = await newCustomer();
    const asked = await client.post('/api/user/email-change', {
      newEmail: 'thief@example.com',
      currentPassword: DEMO_PASSWORD,
    });
    expect(asked.status).toBe(200);
    const confirmMail = await lastEmailTo(ctx.database.db, 'thief@example.com');
    const notice = await lastEmailTo(ctx.database.db, email);
    const anon = createClient(ctx, { ip: '10.2.9.2' });
    expect(
      (await anon.post('/api/user/email-change/confirm', { token: tokenOf(confirmMail?.link) })).status,
    ).toBe(200);
    const reverted = await anon.post('/api/user/email-change/revert', { token: tokenOf(notice?.link) });
    expect(reverted.status).toBe(200);
    expect(reverted.body.email).toBe(email);
    expect((await client.get('/api/user')).status).toBe(401);
    const back = createClient(ctx, { ip: '10.2.9.3' });
    await back.login(email, DEMO_PASSWORD);
    expect((await back.get('/api/user')).body.email).toBe(email);
  });

  it('a cancelled or superseded link no longer works', async () => {
    const { client } = await newCustomer();
    await client.post('/api/user/email-change', {
      newEmail: 'first.try@example.com',
      currentPassword: DEMO_PASSWORD,
    });
    const first = await lastEmailTo(ctx.database.db, 'first.try@example.com');
    await client.post('/api/user/email-change', {
      newEmail: 'second.try@example.com',
      currentPassword: DEMO_PASSWORD,
    });
    const anon = createClient(ctx, { ip: '10.2.9.4' });
    expect((await anon.post('/api/user/email-change/confirm', { token: tokenOf(first?.link) })).status).toBe(
      400,
    );
    expect((await client.delete('/api/user/email-change')).status).toBe(204);
    const second = await lastEmailTo(ctx.database.db, 'second.try@example.com');
    expect((await anon.post('/api/user/email-change/confirm', { token: tokenOf(second?.link) })).status).toBe(
      400,
    );
  });

  it('two accounts confirming the same new address at once: one wins, the other is told it is taken (never a 500)', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    for (const c of [a, b])
      expect(
        (
          await c.client.post('/api/user/email-change', {
            newEmail: 'contested@example.com',
            currentPassword: DEMO_PASSWORD,
          })
        ).status,
      ).toBe(200);
    const links = (await emailsTo(ctx.database.db, 'contested@example.com')).map(
      (m) => /https?:\/\/\S+/.exec(m.textBody)![0],
    );
    expect(links).toHaveLength(2);
    const anon = createClient(ctx, { ip: '10.2.9.5' });
    const answers = await Promise.all(
      links.map((link) => anon.post('/api/user/email-change/confirm', { token: tokenOf(link) })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('auth.email_taken');
  });
});

describe('address', () => {
  it('stores the postal code upper case with one space', async () => {
    const { client } = await newCustomer();
    const res = await client.put('/api/user/address', {
      street: '100 Queen St W',
      city: 'Toronto',
      province: 'on',
      postalCode: 'm5h2n2',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ postalCode: 'M5H 2N2', province: 'ON', street: '100 Queen St W' });
  });

  it.each([
    [{ postalCode: '12345' }, 'Please enter a valid Canadian postal code'],
    [{ postalCode: 'D5H 2N2' }, 'Please enter a valid Canadian postal code'],
    [{ street: 'abc' }, 'Street address must be at least 5 characters'],
    [{ city: 'T' }, 'City is required'],
    [{ province: 'XX' }, 'Province is required'],
  ])('refuses %o', async (override, message) => {
    const { client } = await newCustomer();
    const res = await client.put('/api/user/address', {
      street: '100 Queen St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 2N2',
      ...override,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe('preferences', () => {
  it('defaults to e-mail and SMS on, promotions off, and saves changes', async () => {
    const { client } = await newCustomer();
    expect((await client.get('/api/user/preferences')).body).toEqual({
      email: true,
      sms: true,
      promotional: false,
      textsStopped: null,
      textsUnreachable: null,
    });
    expect(
      (await client.put('/api/user/preferences', { email: false, sms: true, promotional: true })).status,
    ).toBe(200);
    expect((await client.get('/api/user/preferences')).body).toEqual({
      email: false,
      sms: true,
      promotional: true,
      textsStopped: null,
      textsUnreachable: null,
    });
  });
});

describe('change password', () => {
  it('checks the current password', async () => {
    const { client } = await newCustomer();
    const res = await client.put('/api/user/change-password', {
      currentPassword: 'Wrong!Pass1',
      newPassword: strong,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('auth.wrong_current_password');
  });

  it('applies the password policy', async () => {
    const { client } = await newCustomer();
    const res = await client.put('/api/user/change-password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'weakpass',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('capital letter');
  });

  it('changes it, keeps this session, ends the others and e-mails a notice', async () => {
    const { client, email } = await newCustomer();
    const other = createClient(ctx, { ip: '10.3.0.1' });
    await other.login(email, DEMO_PASSWORD);
    const res = await client.put('/api/user/change-password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: strong,
      confirmPassword: strong,
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await lastEmailTo(ctx.database.db, email))?.kind).toBe('password_changed');
    const fresh = createClient(ctx, { ip: '10.3.0.2' });
    await fresh.login(email, strong);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and e-mails only known ones', async () => {
    const { email } = await newCustomer();
    const known = await createClient(ctx, { ip: '10.4.0.1' }).post('/api/forgot-password', { email });
    const unknown = await createClient(ctx, { ip: '10.4.0.1' }).post('/api/forgot-password', {
      email: 'ghost@example.com',
    });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // The request only queues the work; the job queue sends the link.
    await runDueJobs(ctx);
    expect(await emailsTo(ctx.database.db, 'ghost@example.com')).toHaveLength(0);
    const mail = await lastEmailTo(ctx.database.db, email);
    expect(mail?.link).toMatch(
      new RegExp(`^https://trillium.test/auth\\?tab=reset&token=[\\w-]+&email=${encodeURIComponent(email)}$`),
    );
  });

  it('resets with the link once, ends every session, and refuses the link a second time', async () => {
    const { client, email } = await newCustomer();
    await createClient(ctx, { ip: '10.4.0.2' }).post('/api/forgot-password', { email });
    await runDueJobs(ctx);
    const link = new URL((await lastEmailTo(ctx.database.db, email))!.link!);
    const token = link.searchParams.get('token')!;
    const anon = createClient(ctx, { ip: '10.4.0.3' });
    const res = await anon.post('/api/reset-password', { email, token, password: strong });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    const again = await anon.post('/api/reset-password', { email, token, password: 'Another!Pass9' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('auth.invalid_reset_link');
    await createClient(ctx, { ip: '10.4.0.4' }).login(email, strong);
  });

  it('refuses a token for another address, a made-up token and a weak password', async () => {
    const { email } = await newCustomer();
    await createClient(ctx, { ip: '10.4.0.5' }).post('/api/forgot-password', { email });
    await runDueJobs(ctx);
    const token = new URL((await lastEmailTo(ctx.database.db, email))!.link!).searchParams.get('token')!;
    const anon = createClient(ctx, { ip: '10.4.0.6' });
    expect(
      (await anon.post('/api/reset-password', { email: 'taken@example.com', token, password: strong }))
        .status,
    ).toBe(400);
    expect(
      (await anon.post('/api/reset-password', { email, token: 'x'.repeat(43), password: strong })).status,
    ).toBe(400);
    const weak = await anon.post('/api/reset-password', { email, token, password: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('at least 8 characters');
  });
});

describe('support and the test e-mail', () => {
  it('stores a support request and e-mails it to the support address', async () => {
    const { client, email } = await newCustomer();
    const res = await client.post('/api/support/contact', {
      subject: 'Booking question',
      category: 'booking',
      message: 'I would like to move my booking to next week please.',
    });
    expect(res.status).toBe(201);
    const mail = await lastEmailTo(ctx.database.db, 'help@trillium.test');
    expect(mail?.textBody).toContain(email);
    expect(mail?.subject).toContain('Booking question');
  });

  it.each([
    [{ subject: 'Hey' }, 'Subject must be at least 5 characters'],
    [{ category: 'nonsense' }, 'Please select a category'],
    [{ message: 'Too short' }, 'Message must be at least 20 characters'],
  ])('refuses %o', async (override, message) => {
    const { client } = await newCustomer();
    const res = await client.post('/api/support/contact', {
      subject: 'Booking question',
      category: 'booking',
      message: 'I would like to move my booking to next week please.',
      ...override,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('lets only admins send a test e-mail', async () => {
    const { client } = await newCustomer();
    expect((await client.post('/api/test/email', { email: 'x@example.com', name: 'X' })).status).toBe(403);
    const admin = createClient(ctx, { ip: '10.5.0.1' });
    await admin.login('admin@example.com', DEMO_PASSWORD);
    const missing = await admin.post('/api/test/email', { email: '', name: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Please provide both email and name');
    expect((await admin.post('/api/test/email', { email: 'x@example.com', name: 'X' })).status).toBe(202);
    expect((await lastEmailTo(ctx.database.db, 'x@example.com'))?.kind).toBe('test');
  });
});

import { describe, expect, it } from 'vitest';
import {
  bookingCancelledEmail,
  bookingConfirmationEmail,
  emailVerificationEmail,
  formatTorontoDateTime,
  layoutEmail,
  passwordChangedEmail,
  passwordResetEmail,
  supportRequestEmail,
  testEmail,
} from './email.templates';
import { applicationDecisionEmail } from './email.templates-applications';

const PUBLIC_URL = 'https://trillium.example';
const booking = {
  customerName: 'Amélie <Tremblay>',
  serviceName: 'Deep cleaning & windows',
  providerName: 'Maple "Sparkle" Co.',
  startsAt: new Date('2026-11-23T19:00:00Z'), // 2:00 PM in Toronto (EST, UTC-5)
  amountCents: 12345,
  reference: 'TR-7F3K9Q',
};

describe('layoutEmail', () => {
  it('escapes every piece of content in the HTML body and keeps the text body literal', () => {
    const mail = layoutEmail({
      subject: 'Hello <b>',
      heading: '<script>alert(1)</script>',
      intro: ['Tom & Jerry\'s "quote"'],
      details: [['<label>', '<value>']],
      action: { label: 'Go <now>', url: 'https://trillium.example/x?a=1&b="2"' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; Jerry&#39;s &quot;quote&quot;');
    expect(mail.html).toContain('&lt;label&gt;');
    expect(mail.html).toContain('href="https://trillium.example/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).toContain('Go <now>: https://trillium.example/x?a=1&b="2"');
  });

  it('carries the Trillium band, off-white body and footer', () => {
    const mail = layoutEmail({ subject: 's', heading: 'h', intro: ['p'] });
    expect(mail.html).toContain('#1c573a');
    expect(mail.html).toMatch(/>Trillium</);
    expect(mail.html).toContain('Trillium · Ontario&#39;s local services marketplace');
    expect(mail.text).toContain("Trillium · Ontario's local services marketplace");
  });
});

describe('templates', () => {
  it('puts the reset link, built from PUBLIC_URL, in both bodies', () => {
    const mail = passwordResetEmail({ publicUrl: PUBLIC_URL, email: 'a+b@x.ca', token: 'tok en/1' });
    const link = 'https://trillium.example/auth?tab=reset&token=tok+en%2F1&email=a%2Bb%40x.ca';
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain('1 hour');
  });

  it('links the verification page for 24 hours and names the business', () => {
    const mail = emailVerificationEmail({
      publicUrl: `${PUBLIC_URL}/`,
      email: 'pro@x.ca',
      token: 'abc',
      businessName: 'North & Co',
    });
    const link = 'https://trillium.example/verify-email?token=abc&email=pro%40x.ca';
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain('North &amp; Co');
  });

  it('formats money with $ and two decimals and the time in Toronto with ET', () => {
    const mail = bookingConfirmationEmail({ publicUrl: PUBLIC_URL, booking });
    expect(mail.subject).toBe('Booking confirmed: Deep cleaning & windows (TR-7F3K9Q)');
    expect(mail.text).toContain('Amount: $123.45');
    expect(mail.text).toMatch(/Date and time: Monday, November 23, 2026 at 2:00 PM ET/);
    expect(mail.text).toContain('Reference: TR-7F3K9Q');
    expect(mail.html).toContain('Amélie &lt;Tremblay&gt;');
    expect(mail.html).toContain('Maple &quot;Sparkle&quot; Co.');
    expect(mail.text).toContain('https://trillium.example/bookings');
  });

  it('writes summer times in EDT as Toronto wall-clock time', () => {
    expect(formatTorontoDateTime(new Date('2026-07-06T18:30:00Z'))).toMatch(
      /^Monday, July 6, 2026 at 2:30 PM ET$/,
    );
  });

  it('states the refund of a cancelled booking', () => {
    const mail = bookingCancelledEmail({ publicUrl: PUBLIC_URL, booking, refundCents: 1234567 });
    expect(mail.text).toContain('Refund: $12,345.67');
  });

  it('covers the three application decisions', () => {
    const base = { publicUrl: PUBLIC_URL, fullName: 'Sam', businessName: 'Sam Tax' };
    const approved = applicationDecisionEmail({ ...base, decision: { outcome: 'approved' } });
    expect(approved.text).toContain('https://trillium.example/partner-dashboard');
    const rejected = applicationDecisionEmail({
      ...base,
      decision: { outcome: 'rejected', reason: 'No <licence>' },
    });
    expect(rejected.text).toContain('Reason: No <licence>');
    expect(rejected.html).toContain('No &lt;licence&gt;');
    const more = applicationDecisionEmail({
      ...base,
      decision: { outcome: 'more_info', needed: 'Insurance proof' },
    });
    expect(more.text).toContain('What we need: Insurance proof');
  });

  it('builds the support request, test and password-changed messages', () => {
    const support = supportRequestEmail({
      subject: 'Refund?',
      category: 'billing',
      message: 'Line 1\nLine <2>',
      fromName: 'Kim',
      fromEmail: 'kim@x.ca',
    });
    expect(support.subject).toBe('[Support] Refund?');
    expect(support.text).toContain('From: Kim <kim@x.ca>');
    expect(support.text).toContain('Category: billing');
    expect(support.html).toContain('Line 1<br>Line &lt;2&gt;');
    expect(testEmail({ publicUrl: PUBLIC_URL, recipientName: 'Ada' }).text).toContain('Hi Ada,');
    expect(passwordChangedEmail({ publicUrl: PUBLIC_URL, fullName: 'Ada' }).text).toContain(
      'https://trillium.example/auth',
    );
  });
});

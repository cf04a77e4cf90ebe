import { appLink, layoutEmail, type RenderedEmail } from './email.templates';

/** What an applicant is told when an admin decides (docs/product.md §11). */

export type ApplicationDecision =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'more_info'; needed: string };

export function applicationDecisionEmail(input: {
  publicUrl: string;
  fullName: string;
  businessName: string;
  decision: ApplicationDecision;
}): RenderedEmail {
  const greeting = `Hi ${input.fullName},`;
  const { decision } = input;
  if (decision.outcome === 'approved') {
    return layoutEmail({
      subject: `Welcome to Trillium: ${input.businessName} is approved`,
      heading: 'Your application is approved',
      intro: [
        greeting,
        `Good news: ${input.businessName} is now listed on Trillium. Sign in to open your partner dashboard, check your listing and follow your bookings.`,
      ],
      action: { label: 'Open my dashboard', url: appLink(input.publicUrl, '/partner-dashboard') },
    });
  }
  if (decision.outcome === 'rejected') {
    return layoutEmail({
      subject: `Your Trillium application for ${input.businessName}`,
      heading: 'About your application',
      intro: [
        greeting,
        `Thank you for your interest in Trillium. After review, we cannot approve the application for ${input.businessName} at this time.`,
      ],
      details: [['Reason', decision.reason]],
      outro: ['You are welcome to apply again once the points above are addressed.'],
    });
  }
  return layoutEmail({
    subject: `More information needed for ${input.businessName}`,
    heading: 'We need a little more information',
    intro: [
      greeting,
      `We are reviewing the application for ${input.businessName} and need more information before we can decide.`,
    ],
    details: [['What we need', decision.needed]],
    outro: ['Reply to this e-mail or contact Trillium support with the details.'],
  });
}

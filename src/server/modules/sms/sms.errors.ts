import { AppError } from '../../errors';

export const smsErrors = {
  notConfigured: () => new AppError(404, 'sms.not_configured', 'SMS is not set up on this server.'),
  badSignature: () => new AppError(403, 'sms.bad_signature', 'This request is not signed by Twilio.'),
};

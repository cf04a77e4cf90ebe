import { displayFilename } from '@shared/contract/applications';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  isDocumentFile,
  isImageFile,
  isPriceListFile,
  pricingProblem,
  registrationDefaults,
  splitBySize,
  submitErrorMessage,
  validPriceRows,
} from './registration-form';

describe('registration form helpers', () => {
  it('starts with the spec defaults', () => {
    const values = registrationDefaults();
    expect(values.province).toBe('on');
    expect(values.operatingHours).toBe('9:00 AM - 5:00 PM');
    expect(values.hasPriceList).toBe(false);
    expect(values.priceCatalog).toHaveLength(1);
    expect(values.serviceCategory).toBe('General Services');
    expect(values.applicantType).toBe('business');
  });

  it('counts only rows with a trimmed name and a trimmed price', () => {
    expect(
      validPriceRows([
        { serviceName: 'Deep Cleaning', price: '120' },
        { serviceName: '  ', price: '80' },
        { serviceName: 'Windows', price: ' ' },
        { serviceName: '', price: '' },
      ]),
    ).toBe(1);
    expect(validPriceRows(undefined)).toBe(0);
  });

  it('names the pricing problem of each mode', () => {
    expect(pricingProblem('manual', { priceCatalog: [{ serviceName: 'A', price: '' }] })?.description).toBe(
      'Add at least one service with pricing.',
    );
    expect(pricingProblem('manual', { priceCatalog: [{ serviceName: 'A', price: '10' }] })).toBeNull();
    expect(pricingProblem('upload', { priceCatalog: [], priceListFile: '' })?.description).toBe(
      'Upload a price list or add prices manually.',
    );
    expect(pricingProblem('upload', { priceCatalog: [], priceListFile: 'abc-list.pdf' })).toBeNull();
  });

  it('skips files over the limit', () => {
    const { accepted, tooLarge } = splitBySize(
      [
        { name: 'a.pdf', size: 10 },
        { name: 'b.pdf', size: 11 },
      ],
      10,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(tooLarge.map((f) => f.name)).toEqual(['b.pdf']);
  });

  it('checks the accepted file types by name or type', () => {
    expect(isDocumentFile({ name: 'licence.PDF' })).toBe(true);
    expect(isDocumentFile({ name: 'run.exe' })).toBe(false);
    expect(isPriceListFile({ name: 'prices.xlsx' })).toBe(true);
    expect(isPriceListFile({ name: 'prices.docx' })).toBe(false);
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
  });

  it('shows stored names without their random prefix', () => {
    expect(displayFilename('0123456789abcdef0123456789abcdef-business-licence.pdf')).toBe(
      'business-licence.pdf',
    );
  });

  it('words the submit failure as the spec does', () => {
    const taken = new ApiError(409, 'x', {
      code: 'applications.email_taken',
      message: 'This email is already registered. Please use a different email.',
    });
    expect(submitErrorMessage(taken)).toBe('This email is already registered. Please use a different email.');
    const bad = new ApiError(400, 'x', { code: 'validation_failed', message: 'Please select a city' });
    expect(submitErrorMessage(bad)).toBe('Please select a city');
    expect(submitErrorMessage(new ApiError(500, 'x', undefined))).toBe('Failed to submit application');
    expect(submitErrorMessage(new Error('boom'))).toBe('Error submitting application. Try again.');
  });
});

import { describe, expect, it } from 'vitest';
import {
  announcementFormSchema,
  promotionFormSchema,
  promotionFormValues,
  promotionState,
} from './promotion-form';

describe('the promotion form', () => {
  it('turns dollars into cents, Toronto days into instants and empty limits into none', () => {
    const values = {
      ...promotionFormValues(null, '2026-11-23'),
      title: 'Gutter Week',
      description: 'Ten dollars off gutter cleaning.',
      code: 'gutters10',
      discountType: 'fixed' as const,
      discountValue: '10.50',
      minSpend: '75',
      categoryIds: ['3'],
      maxUses: '50',
    };
    const body = promotionFormSchema.parse(values);
    expect(body).toMatchObject({
      code: 'GUTTERS10',
      discountType: 'fixed',
      discountValue: 1_050,
      minSpend: 7_500,
      categoryIds: [3],
      maxUses: 50,
      maxUsesPerCustomer: null,
      // Midnight in Toronto (EST, UTC-5) to 11:59:59 PM thirty days later.
      startDate: '2026-11-23T05:00:00.000Z',
      endDate: '2026-12-24T04:59:59.000Z',
      isActive: true,
    });
    // And back, as the Edit form shows it.
    const shown = promotionFormValues(
      { ...body, id: 1, uses: 0, held: 0, updatedAt: body.startDate, imageUrl: null },
      '2026-11-23',
    );
    expect(shown).toMatchObject({
      discountValue: '10.50',
      minSpend: '75',
      startDate: '2026-11-23',
      endDate: '2026-12-23',
    });
  });

  it('says what is wrong where the server would: a code needs a discount, a percentage is at most 100', () => {
    const base = {
      ...promotionFormValues(null, '2026-11-23'),
      title: 'Offer',
      description: 'An offer for everyone.',
    };
    const noDiscount = promotionFormSchema.safeParse({ ...base, code: 'FREE', discountType: 'none' });
    expect(noDiscount.error?.issues[0]).toMatchObject({
      path: ['discountType'],
      message: 'A code needs a discount',
    });
    const tooMuch = promotionFormSchema.safeParse({ ...base, code: 'ALL', discountValue: '150' });
    expect(tooMuch.error?.issues.map((i) => i.message)).toContain('A percentage is at most 100');
  });

  it('names the state of a promotion', () => {
    const p = { isActive: true, startDate: '2026-11-01T05:00:00Z', endDate: '2026-12-01T05:00:00Z' };
    expect(promotionState(p, new Date('2026-11-23T12:00:00Z'))).toBe('Running');
    expect(promotionState(p, new Date('2026-10-23T12:00:00Z'))).toBe('Scheduled');
    expect(promotionState(p, new Date('2026-12-23T12:00:00Z'))).toBe('Ended');
    expect(promotionState({ ...p, isActive: false }, new Date('2026-11-23T12:00:00Z'))).toBe('Inactive');
  });

  it('schedules an announcement at a Toronto time, or publishes it now', () => {
    const base = {
      title: 'Holiday hours',
      content: 'Support answers until 6 PM.',
      type: 'info' as const,
      readMoreUrl: '',
      isActive: true,
    };
    expect(announcementFormSchema.parse({ ...base, publishedAtLocal: '2026-12-01T09:30' }).publishedAt).toBe(
      '2026-12-01T14:30:00.000Z',
    );
    expect(announcementFormSchema.parse({ ...base, publishedAtLocal: '' }).publishedAt).toBeUndefined();
  });
});

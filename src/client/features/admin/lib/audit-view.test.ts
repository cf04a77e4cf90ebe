import { describe, expect, it } from 'vitest';
import { auditChanges, auditQuery, auditValue, NO_AUDIT_FILTERS } from './audit-view';
import { testTranslator } from '@/lib/i18n/testing';

describe('the Audit tab', () => {
  it('asks for nothing but the page when no filter is set', () => {
    expect(auditQuery(NO_AUDIT_FILTERS, 1)).toBe('');
    expect(auditQuery(NO_AUDIT_FILTERS, 3)).toBe('page=3');
  });

  it('turns Toronto days into instants: from the start of the first day to the end of the last', () => {
    const query = new URLSearchParams(
      auditQuery(
        {
          ...NO_AUDIT_FILTERS,
          action: 'booking.cancelled',
          adminId: '7',
          targetType: 'booking',
          targetId: ' 42 ',
          // Clocks go back on 1 November 2026 in Toronto.
          fromDay: '2026-10-31',
          toDay: '2026-11-01',
        },
        2,
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      action: 'booking.cancelled',
      adminId: '7',
      targetType: 'booking',
      targetId: '42',
      from: '2026-10-31T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
      page: '2',
    });
  });

  it('names targets and shows values as people read them', () => {
    const en = testTranslator('en', 'admin');
    expect(en('audit.targetOf', { type: en('audit.target.booking'), id: '42' })).toBe('Booking #42');
    const fr = testTranslator('fr', 'admin');
    expect(fr('audit.targetOf', { type: fr('audit.target.booking'), id: '42' })).toBe('Réservation no 42');
    expect(auditValue('refundCents', 20600, { locale: 'fr', yes: 'Oui', no: 'Non' })).toBe('206,00\u00a0$');
    expect(auditValue('hidden', false, { locale: 'fr', yes: 'Oui', no: 'Non' })).toBe('Non');
    expect(auditValue('refundCents', 20600)).toBe('$206.00');
    expect(auditValue('hidden', true)).toBe('Yes');
    expect(auditValue('status', 'clarification_needed')).toBe('clarification needed');
    expect(auditValue('adminNotes', null)).toBe('—');
  });

  it('lists each field before and after, marking what changed', () => {
    expect(
      auditChanges({
        before: { status: 'confirmed', paymentStatus: 'confirmed' },
        after: { status: 'cancelled', paymentStatus: 'confirmed', reason: 'Ill' },
      }),
    ).toEqual([
      { field: 'status', label: 'Status', before: 'confirmed', after: 'cancelled', changed: true },
      { field: 'paymentStatus', label: 'Payment', before: 'confirmed', after: 'confirmed', changed: false },
      { field: 'reason', label: 'Reason', before: '—', after: 'Ill', changed: true },
    ]);
    expect(auditChanges({ before: null, after: { recipients: 12 } })).toEqual([
      { field: 'recipients', label: 'recipients', before: '—', after: '12', changed: true },
    ]);
  });
});

import type { OperatingDay } from '../../../shared/contract/applications';
import type { PriceCatalogItem } from '../schema';

/** The demo professional applications: what each applicant typed, and what became of it. */

/** A supporting document as the applicant uploaded it: its file name and what the page says. */
export type DemoDocument = { name: string; title: string; lines: string[] };

export type DemoApplication = {
  fullName: string;
  email: string;
  phone: string;
  businessName: string;
  businessNumber: string | null;
  /** A city value of the registration form (lower case). */
  city: string;
  servicesDescription: string;
  operatingDays: OperatingDay[];
  operatingHours: string;
  priceCatalog: PriceCatalogItem[];
  documents: DemoDocument[];
  /** How long before the seed's `now` it was submitted. */
  submittedHoursAgo: number;
  /** Whether the applicant has used the verification link yet. */
  emailVerified: boolean;
  /** The admin's decision, when there is one (pending otherwise). */
  decision?: { status: 'rejected'; adminNotes: string; hoursAgo: number };
};

const WEEKDAYS: OperatingDay[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

export const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    fullName: 'Daniel Okafor',
    email: 'daniel.okafor@example.com',
    phone: '905-555-0147',
    businessName: 'Harbourfront Mobile Mechanics',
    businessNumber: '784512369RC0001',
    city: 'hamilton',
    servicesDescription:
      'Licensed 310S automotive technician with a fully equipped service van. Brakes, oil changes, diagnostics and pre-purchase inspections at your home or workplace across Hamilton and Stoney Creek.',
    operatingDays: WEEKDAYS,
    operatingHours: '8:00 AM - 6:00 PM',
    priceCatalog: [
      {
        serviceName: 'Synthetic Oil Change',
        price: '95',
        description: 'Up to 5 L full synthetic and a new filter.',
        duration: '45 min',
      },
      {
        serviceName: 'Brake Pads & Rotors (one axle)',
        price: '320',
        description: 'Quality pads and rotors, caliper service included.',
        duration: '2 hours',
      },
      { serviceName: 'Check Engine Diagnostic', price: '110', description: null, duration: '1 hour' },
    ],
    documents: [
      {
        name: 'business-licence.pdf',
        title: 'City of Hamilton - Business Licence',
        lines: [
          'Licensing and By-law Services',
          '',
          'Licence holder: Harbourfront Mobile Mechanics (Daniel Okafor)',
          'Licence number: HAM-BL-048172',
          'Licence category: Mobile motor vehicle repair',
          'Business address: 41 Bay Street North, Hamilton, ON L8R 2P1',
          'Status: Active, renewed annually',
        ],
      },
      {
        name: 'automotive-technician-310S.pdf',
        title: 'Certificate of Qualification',
        lines: [
          'Skilled Trades Ontario',
          '',
          'This certifies that Daniel Okafor',
          'holds a Certificate of Qualification as an',
          'Automotive Service Technician (310S).',
          'Certificate number: 310S-1187-3342',
        ],
      },
    ],
    submittedHoursAgo: 26,
    emailVerified: true,
  },
  {
    fullName: 'Priya Raman',
    email: 'priya.raman@example.com',
    phone: '613-555-0182',
    businessName: 'Little Sprouts Home Childcare',
    businessNumber: null,
    city: 'ottawa',
    servicesDescription:
      'Registered early childhood educator with nine years of experience. Evening and weekend babysitting, after-school care and date-night sitting in Kanata, Barrhaven and Orleans.',
    operatingDays: [...WEEKDAYS, 'Saturday'],
    operatingHours: '3:00 PM - 11:00 PM',
    priceCatalog: [
      {
        serviceName: 'After-School Care',
        price: '65',
        description: 'Pick-up, snack and homework help.',
        duration: '3 hours',
      },
      {
        serviceName: 'Date Night Sitting',
        price: '90',
        description: 'Dinner, games and bedtime routine.',
        duration: '4 hours',
      },
    ],
    documents: [
      {
        name: 'first-aid-cpr-certificate.pdf',
        title: 'Standard First Aid & CPR Level C',
        lines: [
          'Certificate of completion',
          '',
          'Participant: Priya Raman',
          'Course: Standard First Aid with CPR Level C and AED',
          'Certificate number: SFA-ON-5521907',
          'Valid for three years from the date of completion.',
        ],
      },
      {
        name: 'vulnerable-sector-check.pdf',
        title: 'Vulnerable Sector Check',
        lines: [
          'Ottawa Police Service - Police Records Check',
          '',
          'Applicant: Priya Raman',
          'Type: Vulnerable Sector Check',
          'Result: No records found',
          'Reference: OPS-VSC-20-77413',
        ],
      },
    ],
    submittedHoursAgo: 53,
    emailVerified: true,
  },
  {
    fullName: 'Marco Bellini',
    email: 'marco.bellini@example.com',
    phone: '905-555-0163',
    businessName: 'Golden Crust Catering Co.',
    businessNumber: '861204557RC0001',
    city: 'mississauga',
    servicesDescription:
      'Family-style Italian catering for office lunches, showers and weddings of 20 to 200 guests. Fresh pasta made daily, with full setup and serving staff available.',
    operatingDays: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    operatingHours: '10:00 AM - 9:00 PM',
    priceCatalog: [
      {
        serviceName: 'Office Lunch Buffet (per guest)',
        price: '28',
        description: 'Two pastas, salad, focaccia and dessert.',
        duration: null,
      },
      {
        serviceName: 'Wedding Dinner (per guest)',
        price: '85',
        description: 'Four family-style courses with service staff.',
        duration: null,
      },
      { serviceName: 'Dessert Table', price: 'from 350', description: null, duration: null },
    ],
    documents: [
      {
        name: 'food-handler-certificate.pdf',
        title: 'Food Handler Certification',
        lines: [
          'Ontario food handler training - certificate of completion',
          '',
          'Name: Marco Bellini',
          'Certificate number: FH-204-88913',
          'Meets the requirements of Ontario Regulation 493/17.',
        ],
      },
    ],
    submittedHoursAgo: 5,
    emailVerified: false,
  },
  {
    fullName: 'Sameer Haddad',
    email: 'sameer.haddad@example.com',
    phone: '905-555-0128',
    businessName: 'Flood Stop Drain Services',
    businessNumber: null,
    city: 'brampton',
    servicesDescription:
      'Drain cleaning, fixture installs and emergency leak repairs across Brampton and Caledon. Same-day service, seven days a week.',
    operatingDays: [...WEEKDAYS, 'Saturday', 'Sunday'],
    operatingHours: '7:00 AM - 10:00 PM',
    priceCatalog: [
      { serviceName: 'Drain Unclogging', price: '149', description: null, duration: '1 hour' },
      {
        serviceName: 'Faucet Installation',
        price: '180',
        description: 'Customer-supplied faucet.',
        duration: '90 min',
      },
    ],
    documents: [
      {
        name: 'liability-insurance.pdf',
        title: 'Certificate of Liability Insurance',
        lines: [
          'Commercial general liability',
          '',
          'Named insured: Flood Stop Drain Services (Sameer Haddad)',
          'Policy number: CGL-7730215',
          'Limit: $2,000,000 per occurrence',
          'Policy period: 1 April 2024 to 31 March 2025',
        ],
      },
    ],
    submittedHoursAgo: 12 * 24,
    emailVerified: true,
    decision: {
      status: 'rejected',
      adminNotes:
        'The liability insurance certificate expired on 31 March 2025, and no Ontario plumbing licence number was provided. You are welcome to apply again with both.',
      hoursAgo: 10 * 24,
    },
  },
];

/** The documents of the seeded partner's own application, approved long ago (Maple Leaf Maids). */
export const PARTNER_APPLICATION_DOCUMENTS: DemoDocument[] = [
  {
    name: 'business-licence.pdf',
    title: 'City of Toronto - Business Licence',
    lines: [
      'Municipal Licensing & Standards',
      '',
      'Licence holder: Maple Leaf Maids (Megan Leblanc)',
      'Licence number: B02-4471930',
      'Licence category: Residential cleaning services',
      'Status: Active, renewed annually',
    ],
  },
  {
    name: 'liability-insurance.pdf',
    title: 'Certificate of Liability Insurance',
    lines: [
      'Commercial general liability and bonding',
      '',
      'Named insured: Maple Leaf Maids (Megan Leblanc)',
      'Policy number: CGL-5519082',
      'Limit: $2,000,000 per occurrence; employee dishonesty bond $25,000',
      'Renewed annually; proof of renewal on file.',
    ],
  },
];

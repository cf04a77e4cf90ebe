import type { ServiceLanguage } from '../../../shared/domain/service-languages';

/** The demo catalogue: categories, the services each offers, and the businesses that offer them. */

export type ServiceTemplate = { name: string; price: number; description: string; duration: number };

export type CategorySeed = {
  slug: string;
  name: string;
  description: string;
  priceUnit: string;
  services: ServiceTemplate[];
  /**
   * Four businesses per category, each with a one-paragraph pitch, in the language the business
   * writes it: the French-speaking ones (`serviceLanguages` with `fr`) pitch in French.
   */
  businesses: { name: string; description: string; serviceLanguages?: ServiceLanguage[] }[];
};

export const CATEGORY_SEEDS: CategorySeed[] = [
  {
    slug: 'home-cleaning',
    name: 'Home Cleaning',
    description: 'Regular, deep and move-out cleaning by vetted cleaners.',
    priceUnit: '/visit',
    services: [
      {
        name: 'Standard Home Cleaning',
        price: 120,
        description: 'Kitchen, bathrooms, dusting, floors.',
        duration: 180,
      },
      {
        name: 'Deep Cleaning',
        price: 220,
        description: 'Inside appliances, baseboards, cupboards.',
        duration: 300,
      },
      {
        name: 'Move-Out Cleaning',
        price: 260,
        description: 'Top-to-bottom clean for the hand-over.',
        duration: 360,
      },
      {
        name: 'Window Cleaning',
        price: 90,
        description: 'Inside and outside glass, tracks and sills.',
        duration: 120,
      },
      {
        name: 'Carpet Shampooing',
        price: 110,
        description: 'Hot-water extraction for up to three rooms.',
        duration: 150,
      },
    ],
    businesses: [
      {
        name: 'Maple Leaf Maids',
        description:
          'Family-run team of bonded cleaners keeping GTA homes spotless since 2012. Eco-friendly products, same crew every visit.',
      },
      {
        name: 'Spotless Spaces Cleaning Co.',
        description:
          'Detail-obsessed home cleaning with a 24-hour re-clean guarantee. Pet-friendly products and flexible weekend slots.',
      },
      {
        name: 'Fresh Start Home Services',
        description:
          'Move-in and move-out specialists trusted by landlords and property managers across the region.',
      },
      {
        name: 'Green Nest Cleaners',
        description: 'Plant-based, fragrance-free cleaning for families with allergies, babies and pets.',
      },
    ],
  },
  {
    slug: 'car-detailing',
    name: 'Car Detailing',
    description: 'Mobile and shop detailing, inside and out.',
    priceUnit: '/vehicle',
    services: [
      {
        name: 'Interior Detail',
        price: 140,
        description: 'Vacuum, shampoo, leather conditioning.',
        duration: 150,
      },
      {
        name: 'Exterior Wash & Wax',
        price: 95,
        description: 'Hand wash, clay bar, carnauba wax.',
        duration: 120,
      },
      {
        name: 'Full Detail Package',
        price: 220,
        description: 'Complete interior and exterior detail.',
        duration: 270,
      },
      {
        name: 'Ceramic Coating',
        price: 650,
        description: 'Two-year ceramic protection with paint prep.',
        duration: 480,
      },
      {
        name: 'Headlight Restoration',
        price: 75,
        description: 'Sand, polish and UV-seal both headlights.',
        duration: 60,
      },
    ],
    businesses: [
      {
        name: 'Showroom Shine Mobile Detailing',
        description:
          'We come to your driveway with water, power and pro-grade products. Winter salt removal is our specialty.',
      },
      {
        name: 'Northern Gloss Auto Spa',
        description: 'Paint correction and ceramic coating studio with a heated bay, open year-round.',
      },
      {
        name: 'Precision Detail Works',
        description:
          'Certified detailers for daily drivers and collector cars alike. Before-and-after photos with every job.',
      },
      {
        name: 'Lakeshore Car Care',
        description: 'Fast, honest detailing with upfront pricing and eco-friendly waterless wash options.',
      },
    ],
  },
  {
    slug: 'salon-services',
    name: 'Salon Services',
    description: 'Hair, nails and beauty at the salon or at home.',
    priceUnit: '/session',
    services: [
      {
        name: 'Hair Styling & Cut',
        price: 65,
        description: 'Consultation, wash, cut and style.',
        duration: 60,
      },
      { name: 'Hair Coloring', price: 130, description: 'Single-process colour with gloss.', duration: 120 },
      { name: 'Balayage', price: 220, description: 'Hand-painted highlights and toner.', duration: 180 },
      { name: 'Manicure & Pedicure', price: 85, description: 'Classic mani-pedi with polish.', duration: 90 },
      {
        name: 'Bridal Hair & Makeup',
        price: 280,
        description: 'Trial session plus wedding-day styling.',
        duration: 180,
      },
    ],
    businesses: [
      {
        name: 'Studio Birch Hair Lounge',
        description: 'Award-winning stylists for cuts, colour and balayage in a calm, modern studio.',
      },
      {
        name: 'Polished & Co. Beauty Bar',
        description: 'Nails, lashes and brows with hospital-grade sterilisation and non-toxic polishes.',
      },
      {
        name: 'Velvet Chair Mobile Salon',
        description: 'Salon-quality hair and makeup at your home, hotel or venue. Bridal parties welcome.',
      },
      {
        name: 'The Mane Street Salon',
        description: 'Neighbourhood salon for the whole family, from first haircuts to silver blending.',
      },
    ],
  },
  {
    slug: 'pet-grooming',
    name: 'Pet Grooming',
    description: 'Baths, trims and spa days for dogs and cats.',
    priceUnit: '/pet',
    services: [
      { name: 'Full Groom (Small Dog)', price: 70, description: 'Bath, haircut, nails, ears.', duration: 90 },
      {
        name: 'Full Groom (Large Dog)',
        price: 110,
        description: 'Bath, de-shedding, haircut, nails.',
        duration: 150,
      },
      { name: 'Bath & Brush', price: 55, description: 'Shampoo, blow-dry and brush-out.', duration: 60 },
      { name: 'Nail Trim', price: 20, description: 'Clip and file, paw balm included.', duration: 15 },
      { name: 'Cat Grooming', price: 90, description: 'Gentle bath, lion cut or comb-out.', duration: 90 },
    ],
    businesses: [
      {
        name: 'Wagging Tails Grooming',
        description:
          'Fear-free certified groomers who take the time your pet needs. One dog at a time, no cages.',
      },
      {
        name: 'Pawsh Mobile Pet Spa',
        description:
          'A fully equipped grooming van that parks in your driveway. Ideal for anxious and senior pets.',
      },
      {
        name: 'Fur & Feather Grooming Studio',
        description:
          'Toilettage selon les standards de la race, coupe aux ciseaux et traitements anti-mue pour tous les types de pelage. Service en français et en anglais.',
        serviceLanguages: ['en', 'fr'],
      },
      {
        name: 'The Dapper Dog House',
        description: 'Spa-style grooming with blueberry facials, pawdicures and organic shampoos.',
      },
    ],
  },
  {
    slug: 'auto-repair',
    name: 'Auto Repair',
    description: 'Licensed mechanics for maintenance and repairs.',
    priceUnit: '/service',
    services: [
      {
        name: 'Oil Change',
        price: 80,
        description: 'Synthetic blend, filter and 30-point check.',
        duration: 45,
      },
      {
        name: 'Brake Pad Replacement',
        price: 260,
        description: 'Front or rear pads, rotor inspection.',
        duration: 120,
      },
      {
        name: 'Winter Tire Changeover',
        price: 90,
        description: 'Swap, balance and torque four wheels.',
        duration: 60,
      },
      {
        name: 'Diagnostic Scan',
        price: 110,
        description: 'Check-engine light code read and report.',
        duration: 60,
      },
      {
        name: 'Safety Inspection',
        price: 150,
        description: 'Ontario safety standards certificate.',
        duration: 90,
      },
    ],
    businesses: [
      {
        name: 'Honest Wrench Auto Repair',
        description:
          'Licensed 310S technicians with digital inspections: you see every photo before you approve a repair.',
      },
      {
        name: 'Trans-Canada Garage',
        description:
          'Garage complet pour véhicules nord-américains et importés, avec navette de courtoisie et ouvert le samedi. On vous sert en français ou en anglais.',
        serviceLanguages: ['en', 'fr'],
      },
      {
        name: 'Mobile Mechanic Pros',
        description: 'Oil changes, brakes and batteries done in your driveway or office parking lot.',
      },
      {
        name: 'Northline Auto Service',
        description:
          'Twenty years fixing cars in the community. Written estimates and a 12-month parts warranty.',
      },
    ],
  },
  {
    slug: 'legal-services',
    name: 'Legal Services',
    description: 'Lawyers and paralegals for everyday legal needs.',
    priceUnit: '/consultation',
    services: [
      {
        name: 'Initial Legal Consultation',
        price: 150,
        description: 'One hour with a licensed lawyer.',
        duration: 60,
      },
      {
        name: 'Will & Power of Attorney',
        price: 450,
        description: 'Will plus property and personal-care POAs.',
        duration: 90,
      },
      {
        name: 'Real Estate Closing',
        price: 1200,
        description: 'Purchase or sale closing, title search.',
        duration: 120,
      },
      {
        name: 'Small Claims Representation',
        price: 600,
        description: 'Paralegal preparation and attendance.',
        duration: 120,
      },
      { name: 'Notarization', price: 50, description: 'Notarize or commission one document.', duration: 30 },
    ],
    businesses: [
      {
        name: 'Whitfield & Chen Law',
        description:
          'Testaments, successions et droit immobilier : des conseils en langage clair et des honoraires forfaitaires, en français comme en anglais.',
        serviceLanguages: ['en', 'fr'],
      },
      {
        name: 'Lakeshore Legal Services',
        description:
          'Licensed paralegals for small claims, tenant and landlord matters, and traffic tickets.',
      },
      {
        name: 'Osei Family Law',
        description: 'Compassionate separation, custody and support guidance with evening consultations.',
      },
      {
        name: 'Beacon Notary & Legal',
        description:
          'Notarisations rapides, assermentations et révision de documents, en personne ou par vidéo. Nous servons notre clientèle en français.',
        serviceLanguages: ['fr'],
      },
    ],
  },
  {
    slug: 'tax-services',
    name: 'Tax Services',
    description: 'Accountants for personal and small-business tax.',
    priceUnit: '/return',
    services: [
      {
        name: 'Personal Tax Return',
        price: 90,
        description: 'T1 filing with credits and deductions.',
        duration: 60,
      },
      {
        name: 'Self-Employed Tax Return',
        price: 220,
        description: 'T1 with T2125 business income.',
        duration: 90,
      },
      {
        name: 'Corporate Tax Return',
        price: 950,
        description: 'T2 filing with financial statements.',
        duration: 180,
      },
      {
        name: 'Bookkeeping (Monthly)',
        price: 300,
        description: 'Reconciliations and monthly reports.',
        duration: 120,
      },
      {
        name: 'CRA Audit Support',
        price: 400,
        description: 'Review and respond to CRA requests.',
        duration: 120,
      },
    ],
    businesses: [
      {
        name: 'Northstar Tax & Accounting',
        description:
          'CPA-led firm helping families, freelancers and small businesses keep more of what they earn.',
      },
      {
        name: 'Ledger Lane Bookkeeping',
        description: 'Cloud bookkeeping and tax prep for trades, contractors and e-commerce sellers.',
      },
      {
        name: 'Patel & Associates CPA',
        description: 'Corporate and personal tax planning with year-round support, not just in April.',
      },
      {
        name: 'ClearPath Tax Services',
        description: 'Friendly, affordable tax returns for students, newcomers and seniors.',
      },
    ],
  },
  {
    slug: 'tax-filing',
    name: 'Tax Filing',
    description: 'Fast, accurate tax filing, in person or remote.',
    priceUnit: '/return',
    services: [
      {
        name: 'Simple Tax Filing',
        price: 49,
        description: 'One T4 slip, e-filed the same week.',
        duration: 30,
      },
      {
        name: 'Family Tax Filing',
        price: 140,
        description: 'Two spouses plus dependants, optimised.',
        duration: 90,
      },
      {
        name: 'Newcomer Tax Filing',
        price: 80,
        description: 'First Canadian return, benefits set-up.',
        duration: 60,
      },
      { name: 'Rental Income Filing', price: 180, description: 'T776 with expenses and CCA.', duration: 90 },
      { name: 'Prior-Year Tax Filing', price: 75, description: 'Catch up on a missed year.', duration: 60 },
    ],
    businesses: [
      {
        name: 'QuickFile Tax Centre',
        description: 'Drop off your slips and get your refund faster. E-filing with direct deposit set-up.',
      },
      {
        name: 'TaxEase Ontario',
        description:
          'Déclarations de revenus à distance par téléversement sécurisé et appel vidéo, avec des rendez-vous la fin de semaine au printemps. Bilingue.',
        serviceLanguages: ['en', 'fr'],
      },
      {
        name: 'Refund Ready Tax Services',
        description: 'Multilingual tax preparers serving newcomers, students and seniors since 2009.',
      },
      {
        name: 'Simply Filed',
        description: 'Flat-rate filing with no surprises and a maximum-refund review on every return.',
      },
    ],
  },
  {
    slug: 'financial-planning',
    name: 'Financial Planning',
    description: 'Advice on budgets, savings, RRSPs and TFSAs.',
    priceUnit: '/session',
    services: [
      {
        name: 'Financial Plan Review',
        price: 250,
        description: 'Full review of goals, cash flow, savings.',
        duration: 90,
      },
      {
        name: 'Retirement Planning',
        price: 350,
        description: 'RRSP, RRIF, CPP and OAS timing.',
        duration: 120,
      },
      { name: 'Budget Coaching', price: 120, description: 'Build a budget you can keep.', duration: 60 },
      {
        name: 'First Home Savings Plan',
        price: 150,
        description: 'FHSA, RRSP Home Buyers\u2019 Plan strategy.',
        duration: 60,
      },
    ],
    businesses: [
      {
        name: 'True North Wealth Planning',
        description: 'Fee-only certified financial planners: advice without product commissions.',
      },
      {
        name: 'Evergreen Money Coaching',
        description: 'Practical budgeting and debt-payoff coaching for young families.',
      },
      {
        name: 'Summit Retirement Advisors',
        description: 'Retirement income planning with CPP, OAS and pension timing explained clearly.',
      },
      {
        name: 'Harbour Financial Planning',
        description: 'Planning for newcomers and first-time home buyers, in English, French and Punjabi.',
      },
    ],
  },
  {
    slug: 'real-estate',
    name: 'Real Estate',
    description: 'Agents, appraisals and home-buying consultations.',
    priceUnit: '/consultation',
    services: [
      {
        name: 'Buyer Consultation',
        price: 75,
        description: 'First meeting with a licensed agent, credited at closing.',
        duration: 60,
      },
      {
        name: 'Home Valuation',
        price: 150,
        description: 'Comparative market analysis of your home.',
        duration: 60,
      },
      {
        name: 'Home Staging Consultation',
        price: 250,
        description: 'Room-by-room staging plan for listing.',
        duration: 90,
      },
      {
        name: 'Rental Property Consultation',
        price: 120,
        description: 'Rent pricing, leases, and tenant screening.',
        duration: 60,
      },
    ],
    businesses: [
      {
        name: 'Keystone Realty Advisors',
        description: 'Buyer and seller representation with data-driven pricing and neighbourhood expertise.',
      },
      {
        name: 'Hearth & Home Realty',
        description: 'First-time buyer specialists who explain every step, from pre-approval to keys.',
      },
      {
        name: 'Skyline Property Consultants',
        description: 'Condo and investment property advice with rental-yield analysis.',
      },
      {
        name: 'Staged to Sell Studio',
        description: 'Home staging consultations that help listings sell faster and for more.',
      },
    ],
  },
  {
    slug: 'health-wellness',
    name: 'Health & Wellness',
    description: 'Massage, fitness, nutrition and mindfulness.',
    priceUnit: '/session',
    services: [
      {
        name: 'Registered Massage Therapy',
        price: 110,
        description: '60-minute RMT treatment, receipts for insurance.',
        duration: 60,
      },
      {
        name: 'Personal Training Session',
        price: 85,
        description: 'One-on-one workout and plan.',
        duration: 60,
      },
      {
        name: 'Nutrition Consultation',
        price: 130,
        description: 'Meal plan with a registered dietitian.',
        duration: 60,
      },
      { name: 'Private Yoga Class', price: 95, description: 'At home or online, all levels.', duration: 60 },
      {
        name: 'Physiotherapy Assessment',
        price: 120,
        description: 'Assessment and treatment plan.',
        duration: 60,
      },
    ],
    businesses: [
      {
        name: 'Balance Body Wellness',
        description:
          'Registered massage therapists and physiotherapists with direct billing to most insurers.',
      },
      {
        name: 'Lotus Flow Yoga',
        description: 'Private and small-group yoga for stress, mobility and prenatal care.',
      },
      {
        name: 'Fuel Right Nutrition',
        description: 'Registered dietitians for sports, digestive health and family meal planning.',
      },
      {
        name: 'Iron & Oak Personal Training',
        description: 'Certified trainers who build strength safely, at our studio or in your home gym.',
      },
    ],
  },
  {
    slug: 'astrology',
    name: 'Astrology',
    description: 'Birth charts, readings and compatibility.',
    priceUnit: '/reading',
    services: [
      {
        name: 'Birth Chart Reading',
        price: 90,
        description: 'Natal chart interpretation, recorded.',
        duration: 60,
      },
      {
        name: 'Compatibility Reading',
        price: 120,
        description: 'Synastry reading for two people.',
        duration: 75,
      },
      {
        name: 'Yearly Forecast',
        price: 110,
        description: 'Transits and solar return for the year ahead.',
        duration: 60,
      },
      { name: 'Tarot Reading', price: 60, description: 'Three-card or Celtic cross spread.', duration: 45 },
    ],
    businesses: [
      {
        name: 'Northern Stars Astrology',
        description:
          'Thoughtful, grounded chart readings that focus on growth and timing, not fortune-telling.',
      },
      {
        name: 'Celestial Compass',
        description: 'Compatibility and relationship readings, in person or by video call.',
      },
      {
        name: 'Moonlit Tarot & Astrology',
        description: 'Tarot and astrology sessions for clarity at life\u2019s crossroads.',
      },
      {
        name: 'Vedic Insights',
        description: 'Traditional Vedic (Jyotish) astrology with birth chart and muhurta guidance.',
      },
    ],
  },
  {
    slug: 'baby-sitting',
    name: 'Baby-sitting',
    description: 'Background-checked sitters and nannies.',
    priceUnit: '/hour',
    services: [
      {
        name: 'Evening Babysitting',
        price: 22,
        description: 'Per hour, dinner and bedtime routine.',
        duration: 60,
      },
      {
        name: 'Date Night Package',
        price: 85,
        description: 'Four hours, up to three children.',
        duration: 240,
      },
      {
        name: 'After-School Care',
        price: 25,
        description: 'Pick-up, snacks and homework help.',
        duration: 60,
      },
      {
        // Within the sitters' hours (noon to 9 PM): a service longer than a day's hours can never be booked.
        name: 'Evening Care',
        price: 110,
        description: 'After school to bedtime: dinner, homework help and lights-out.',
        duration: 300,
      },
    ],
    businesses: [
      {
        name: 'Little Acorns Sitters',
        description: 'CPR-certified, police-checked sitters matched to your family and your routine.',
      },
      {
        name: 'Happy Hearts Childcare',
        description: 'Early-childhood educators available for evenings, weekends and school holidays.',
      },
      {
        name: 'Tiny Steps Nanny Services',
        description:
          'Reliable last-minute and recurring babysitting with infant and special-needs experience.',
      },
      {
        name: 'Cozy Nest Babysitting',
        description: 'Bilingual sitters who bring crafts, games and a calm bedtime routine.',
      },
    ],
  },
  {
    slug: 'catering',
    name: 'Catering',
    description: 'Caterers for events, offices and weddings.',
    priceUnit: '/event',
    services: [
      {
        name: 'Corporate Event Catering',
        price: 450,
        description: 'Buffet for up to 25 guests.',
        duration: 180,
      },
      {
        name: 'Wedding Catering',
        price: 2500,
        description: 'Plated dinner tasting and service.',
        duration: 480,
      },
      {
        name: 'Party Platters',
        price: 180,
        description: 'Sandwiches, salads and desserts for 15.',
        duration: 60,
      },
      {
        name: 'Private Chef Dinner',
        price: 350,
        description: 'Four courses for up to six guests.',
        duration: 240,
      },
    ],
    businesses: [
      {
        name: 'Harvest Table Catering',
        description: 'Seasonal Ontario menus for weddings, galas and corporate events of every size.',
      },
      {
        name: 'Spice Route Kitchen',
        description: 'South Asian and fusion catering, halal and vegetarian options available.',
      },
      {
        name: 'Chef Amara Private Dining',
        description: 'Private chef experiences at home, from intimate dinners to cooking classes.',
      },
      {
        name: 'Big Lake BBQ Co.',
        description: 'Smoked meats and sides for backyard parties, staff events and reunions.',
      },
    ],
  },
  {
    slug: 'lunch-delivery',
    name: 'Lunch Delivery',
    description: 'Fresh lunches delivered to your home or office.',
    priceUnit: '/order',
    services: [
      { name: 'Lunch Delivery', price: 18, description: 'One fresh meal delivered by noon.', duration: 30 },
      {
        name: 'Office Lunch for 10',
        price: 170,
        description: 'Boxed lunches for ten, drinks included.',
        duration: 60,
      },
      {
        name: 'Weekly Meal Plan',
        price: 85,
        description: 'Five lunches delivered Monday to Friday.',
        duration: 30,
      },
      {
        name: 'Healthy Bowl Subscription',
        price: 95,
        description: 'Five protein bowls per week.',
        duration: 30,
      },
    ],
    businesses: [
      {
        name: 'Noon Box Lunch Co.',
        description: 'Chef-made boxed lunches delivered hot to offices and homes before noon.',
      },
      {
        name: 'Green Bowl Delivery',
        description: 'Plant-forward bowls and salads with compostable packaging.',
      },
      {
        name: 'Mama Rosa\u2019s Kitchen',
        description: 'Home-style Italian lunches delivered daily, family recipes since 1988.',
      },
      {
        name: 'Desk Fuel Meals',
        description: 'Weekly meal plans for busy professionals, high-protein and macro-counted.',
      },
    ],
  },
  {
    slug: 'plumbing',
    name: 'Plumbing',
    description: 'Licensed plumbers for repairs and installations.',
    priceUnit: '/job',
    services: [
      { name: 'Drain Unclogging', price: 150, description: 'Snake and clear one drain.', duration: 60 },
      {
        name: 'Faucet Installation',
        price: 130,
        description: 'Remove old, install new faucet.',
        duration: 60,
      },
      {
        name: 'Water Heater Replacement',
        price: 1400,
        description: '40-gallon tank, supply and install.',
        duration: 240,
      },
      { name: 'Leak Repair', price: 160, description: 'Locate and repair one leak.', duration: 90 },
      {
        name: 'Sump Pump Installation',
        price: 650,
        description: 'Pump, check valve and testing.',
        duration: 180,
      },
    ],
    businesses: [
      {
        name: 'FlowRight Plumbing',
        description:
          'Licensed, insured plumbers with upfront pricing and same-day service across the region.',
      },
      {
        name: 'Pipeline Pros',
        description:
          'Drains, leaks and water heaters handled by master plumbers. Clean work areas guaranteed.',
      },
      {
        name: 'Copper & Co. Plumbing',
        description: 'Bathroom and kitchen plumbing renovations, from rough-in to final fixtures.',
      },
      {
        name: 'Dry Basement Plumbing',
        description: 'Sump pumps, backwater valves and flood prevention specialists.',
      },
    ],
  },
];

export const NEIGHBOURHOODS: Record<string, string[]> = {
  toronto: ['Downtown', 'The Annex', 'Leslieville', 'North York', 'Scarborough', 'Etobicoke'],
  mississauga: ['Port Credit', 'Square One', 'Streetsville', 'Meadowvale'],
  brampton: ['Downtown Brampton', 'Bramalea', 'Springdale', 'Mount Pleasant'],
  oakville: ['Downtown Oakville', 'Glen Abbey', 'Bronte', 'River Oaks'],
  burlington: ['Downtown Burlington', 'Aldershot', 'Alton Village', 'Millcroft'],
  ottawa: ['Centretown', 'The Glebe', 'Kanata', 'Orleans', 'Westboro'],
  hamilton: ['Westdale', 'Dundas', 'Stoney Creek', 'Ancaster'],
  vaughan: ['Woodbridge', 'Maple', 'Thornhill', 'Kleinburg'],
};

export const REVIEWER_NAMES = [
  'Emily Tremblay',
  'Liam Gagnon',
  'Olivia Roy',
  'Noah Côté',
  'Ava Bouchard',
  'Lucas Gauthier',
  'Sophia Morin',
  'Ethan Lavoie',
  'Chloe Fortin',
  'Benjamin Gagné',
  'Priya Sharma',
  'Arjun Patel',
  'Mei Chen',
  'Wei Zhang',
  'Fatima Ahmed',
  'Omar Hassan',
  'Grace Kim',
  'Daniel Park',
  'Isabella Rossi',
  'Marco Bianchi',
  'Hannah Smith',
  'Jacob Brown',
  'Zoe Wilson',
  'Nathan MacDonald',
  'Ella Martin',
  'Owen Campbell',
  'Aaliyah Johnson',
  'Samuel Osei',
  'Amara Nwosu',
  'Diego Hernández',
  'Lucía García',
  'Raj Singh',
  'Simran Kaur',
  'Tariq Khan',
  'Leah Cohen',
  'Noor Ali',
  'Connor O\u2019Brien',
  'Maya Desai',
  'Julien Lefebvre',
  'Anika Gupta',
];

export const REVIEW_COMMENTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Absolutely fantastic. On time, professional and the results were better than I hoped.',
    'Booked on a Tuesday, done by Thursday. Friendly, careful and great value. Highly recommend!',
    'Second time using them and they were just as good. They remembered exactly what we liked.',
    'Clear pricing, no surprises, and they cleaned up after themselves. Five stars.',
    'They went above and beyond and explained everything they were doing. Will book again.',
    'Exceptional service from start to finish. Worth every penny.',
    'Super easy to book and the whole experience was stress-free.',
  ],
  4: [
    'Very good work overall. Arrived about fifteen minutes late but called ahead to let me know.',
    'Great results and fair price. A couple of small things to touch up, which they did right away.',
    'Professional and polite. Would happily use them again.',
    'Solid service and good communication. Booking took less than a minute.',
  ],
  3: [
    'Decent job, but it took longer than quoted.',
    'Good enough for the price. Communication could have been better.',
    'The work was fine, but I had to follow up to confirm the appointment time.',
  ],
  2: [
    'Not quite what I expected. They fixed part of the issue on a second visit.',
    'Arrived late and seemed rushed.',
  ],
  1: ['Had to reschedule twice. Support helped me sort it out in the end.'],
};

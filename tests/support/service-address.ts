/**
 * What a customer enters at checkout for a service at their place (cleaning, detailing, sitting...):
 * the address and a phone number. The server ignores the address for services at the provider's place.
 */
export const AT_HOME = {
  serviceAddress: {
    street: '120 Queen St W',
    unit: '4',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 2N2',
    accessNotes: 'Buzzer 4, the dog is friendly',
  },
  customerPhone: '416-555-0100',
};

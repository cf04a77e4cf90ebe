export * from './applications';
export * from './bookings';
export * from './catalog';
export * from './content';
export * from './users';
export * from './system';

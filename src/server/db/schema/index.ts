export * from './applications';
export * from './bookings';
export * from './catalog';
export * from './content';
export * from './reviews';
export * from './users';
export * from './system';
export * from './privacy';

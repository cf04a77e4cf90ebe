/**
 * Availability (contract `availability`, server `modules/availability`): the days and times a
 * provider can be booked, and the date and time picker every booking screen uses (the booking
 * dialog and step flow, the booking page, Reschedule).
 */
export { availabilityQueryKey, useAvailability } from './api/get-availability';
export {
  EMPTY_SCHEDULE,
  findSlot,
  type Schedule,
  SchedulePicker,
  SelectedSchedule,
} from './components/schedule-picker';

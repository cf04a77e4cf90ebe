/** The date and time picker, for other booking screens (Reschedule, the booking page). */
export {
  EMPTY_SCHEDULE,
  findSlot,
  type Schedule,
  SchedulePicker,
  SelectedSchedule,
} from './components/schedule-picker';

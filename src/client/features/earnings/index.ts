/**
 * Earnings and payouts (contract `earnings`, server `modules/earnings`): the partner dashboard's
 * Earnings tab and net revenue, and the admin dashboard's payouts panel.
 */
export { EarningsTab, EarningsTabLabel, useNetEarnings } from './components/earnings-tab';
export { PayoutsPanel, PayoutsTabLabel } from './components/payouts-panel';
